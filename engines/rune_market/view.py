"""Rune Market views, scores and events (spec §8, §10): what each seat may know, as plain data."""
from __future__ import annotations

from ..core.game import Event, Scores, SeatScore
from . import constants as K
from . import offsets as O
from . import rules
from .cards import CARD_IDS, N_NUMBERS, card_id, colour_name
from .moves import COLOURS, ITEMS, describe
from .table import Table

NONE = K.NONE
HOW = ("ransom", "free3", "neutralize", "outpost")


# -- score (§10) ------------------------------------------------------------------------

def score(buf: bytearray) -> Scores:
    """Rune points of every seat (public), the ranking by I-II, step III (hidden mid-game), lot or shared."""
    t = Table(buf)
    finished = t.phase == "finished"
    keys = rules.rank_keys(buf)  # (points, outposts, -collectors, high card)
    top = max(k[0] for k in keys)
    tied = [s for s, k in enumerate(keys) if k[0] == top]
    reason, used_hidden = "", False
    for step, name in ((1, "outposts"), (2, "collectors"), (3, "high_card")):
        if len(tied) == 1:
            break
        best = max(keys[s][step] for s in tied)
        narrowed = [s for s in tied if keys[s][step] == best]
        if len(narrowed) < len(tied):
            reason, used_hidden = name, step == 3
        tied = narrowed
    if len(tied) > 1:
        lot = buf[O.LOT]
        if finished and lot != NONE:
            tied, reason = [lot], "lot"
        else:
            reason = "shared"
    if finished and buf[O.END_REASON] == 1 and not reason:
        reason = "round_cap"
    ranked = [(k[0], k[1], k[2], k[3] if finished or used_hidden else 0, s in tied) for s, k in enumerate(keys)]
    seats = tuple(SeatScore(s, keys[s][0], keys[s][0], 1 + sum(o > ranked[s] for o in ranked),
                            {"runes": sum(t.seats[s].loose) + sum(t.seats[s].runes),
                             "outposts": keys[s][1], "collectors": -keys[s][2],
                             "contains_hidden": int(used_hidden and not finished)})
                  for s in range(t.players))
    return Scores(seats, finished, tuple(tied), reason)


# -- view (§8) -------------------------------------------------------------------------

def knows(buf: bytearray, viewer: int | None, card: int) -> bool:
    """May `viewer` (None: a spectator) know that `card` is in the hand it is in (not its own)?"""
    mark = buf[O.KNOWN + card]
    return bool(mark & K.PUBLIC) or (viewer is not None and bool(mark >> viewer & 1))


def _store(t: Table, s: int, c: int) -> dict:
    me = t.seat(s)
    main = me.main[c]
    return {"colour": COLOURS[c], "main": card_id(main) if main is not None else "",
            "outpost": bool(me.outpost[c]), "runes": me.runes[c], "collector": me.collector[c],
            "ruin": me.collector[c] is not None and not me.is_real(c)}


def view(buf: bytearray, seat: int | None) -> dict:
    """What `seat` may know (None: a spectator): the public table, its own hand, the cards it knows.

    Keys: game, seat, players, phase, active_seat, to_act, move_count, round, market
    (red, blue, outposts, collectors), price, deck_count, discard (face up, bottom first),
    hand_played, bought, dueled, steals, steal_from, defender, attack, seats (per seat:
    seat, hand_count, loose_red, loose_blue, stores (red, blue: colour, main, outpost, runes,
    collector, ruin), points, known_cards (cards of that hand the viewer knows)), hand (own),
    and once finished: scores, winners, tiebreak.
    """
    t = Table(buf)
    seats = []
    for s in range(t.players):
        me = t.seat(s)
        known = [] if s == seat else [card_id(c) for c in me.hand if knows(buf, seat, c)]
        seats.append({"seat": s, "hand_count": len(me.hand), "loose_red": me.loose[0], "loose_blue": me.loose[1],
                      "stores": [_store(t, s, 0), _store(t, s, 1)], "points": rules.points(buf, s),
                      "known_cards": known})
    finished = t.phase == "finished"
    mover = rules.mover(buf)
    out = {
        "game": "rune_market", "seat": seat, "players": t.players, "phase": t.phase, "active_seat": t.active,
        "to_act": [] if mover == NONE else [mover], "move_count": rules.move_count(buf),
        "round": rules.turns(buf) // t.players + 1,
        "market": {"red": t.market[0], "blue": t.market[1], "outposts": t.market[2], "collectors": t.market[3]},
        "price": t.price, "deck_count": len(t.deck), "discard": [card_id(c) for c in t.pile],
        "hand_played": t.hand_played, "bought": t.bought, "dueled": t.dueled, "steals": t.steals,
        "steal_from": t.steal_from, "defender": t.defender,
        "attack": card_id(t.attack) if t.attack is not None else "",
        "seats": seats, "hand": [card_id(c) for c in t.hand(seat)] if seat is not None else [],
        "scores": [], "winners": [], "tiebreak": "",
    }
    if finished:
        final = score(buf)
        out["scores"] = [dict(s.breakdown, seat=s.seat, total=s.total, rank=s.rank) for s in final.seats]
        out["winners"] = list(final.winners)
        out["tiebreak"] = final.tiebreak
    return out


# -- events (§8) ---------------------------------------------------------------------------

def event(raw: tuple, buf: bytearray) -> Event:
    """An Event from a rules event tuple (`buf` is the state after the move)."""
    name = K.EVENTS[raw[0]]
    maker = _EVENTS.get(name)
    return maker(raw, buf) if maker else Event(name, {"seat": raw[1]})


def _opt_card(card: int) -> str:
    return card_id(card) if card != NONE else ""


def _cards(cards: int) -> list[str]:
    return [CARD_IDS[k] for k in range(N_NUMBERS) if cards >> k & 1]


def _bought(raw: tuple, buf: bytearray) -> Event:
    _, seat, item, place, pay, loose, stored, cards = raw
    if cards:
        price = {"cards": _cards(cards)}
        code = rules.join_code(K.K_BUYCARDS, item, 0, 0, place, cards)
    else:
        price = {"tokens": (["Lr", "Lb"][pay:pay + 1] * loose) + (["Sr", "Sb"][pay:pay + 1] * stored)}
        code = rules.join_code(K.K_BUY, item, pay, loose, place)
    text = describe(code, buf[O.PRICE])[2]
    placement = " ".join(text.split()[-3:] if item == K.COLLECTOR else text.split()[-2:])
    return Event("bought", {"seat": seat, "item": ITEMS[item], "placement": placement, **price})


def _stolen(raw: tuple, buf: bytearray) -> Event:
    _, thief, victim, what, card = raw
    if what == K.W_HAND:  # a random hand card (the generator's choice, D12)
        return Event("stolen", {"thief": thief, "victim": victim}, {"card": card_id(card)}, (thief, victim))
    return Event("rune_stolen", {"thief": thief, "victim": victim, "colour": colour_name(what)})


def _game_end(raw: tuple, buf: bytearray) -> Event:
    final = score(buf)
    return Event("game_end", {"reason": "market_empty" if raw[1] == 0 else "round_cap",
                              "scores": [s.total for s in final.seats], "winners": list(final.winners),
                              "tiebreak": final.tiebreak})


_EVENTS = {
    "plundered": lambda r, b: Event("plundered", {"seat": r[1], "colour": colour_name(r[2]), "to": r[3]}),
    "store_abandoned": lambda r, b: Event("store_abandoned", {
        "seat": r[1], "colour": colour_name(r[2]), "card": _opt_card(r[3]), "runes_loose": r[4],
        "collector": None if r[5] == NONE else r[5]}),
    "interest": lambda r, b: Event("interest", {"seat": r[1], "red": r[2], "blue": r[3]}),
    "bought": _bought,
    "collector_placed": lambda r, b: Event("collector_placed", {
        "seat": r[1], "target": r[2], "colour": colour_name(r[3]), "outpost_destroyed": bool(r[4])}),
    "collector_removed": lambda r, b: Event("collector_removed", {
        "seat": r[1], "colour": colour_name(r[2]), "owner": r[3], "how": HOW[r[4]]}),
    "rune_bought": lambda r, b: Event("rune_bought", {"seat": r[1], "cards": _cards(r[2]),
                                                      "colour": colour_name(r[3])}),
    "duel": lambda r, b: Event("duel", {"seat": r[1], "card": card_id(r[2]), "defender": r[3]}),
    "defended": lambda r, b: Event("defended", {"seat": r[1], "card": card_id(r[2])}),
    "stolen": _stolen,
    "rune_stolen": _stolen,
    "lot_drawn": lambda r, b: Event("lot_drawn", {"seat": r[1], "tied": list(r[2])}),
    "storage_played": lambda r, b: Event("storage_played", {"seat": r[1], "card": card_id(r[2]),
                                                            "colour": "red" if r[2] < K.HALL_BLUE0 else "blue"}),
    "refilled": lambda r, b: Event("refilled", {"seat": r[1], "count": len(r[2])},
                                   {"cards": [card_id(c) for c in sorted(r[2])]}, (r[1],)),  # not the draw order
    "reshuffled": lambda r, b: Event("reshuffled", {"deck_count": r[1]}),
    "game_end": _game_end,
    "stored": lambda r, b: Event("stored", {"seat": r[1], "colour": colour_name(r[2]), "count": r[3]}),
    "thief": lambda r, b: Event("thief", {"seat": r[1], "card": card_id(r[2]),
                                          "victim": None if r[4] == K.W_NONE else r[3]}),
    "double": lambda r, b: Event("double", {"seat": r[1], "card": card_id(r[2])}),
}
