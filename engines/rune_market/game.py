"""Rune Market (Markt der Runen, game id `rune_market`), spec `shared/rules/rune_market.md` (rules 1.0).

Rules in brief: 2-5 players collect red and blue runes (1 point each) from a market
of 12 red and 12 blue runes, 4 outposts (2 points) and 4 collectors (-1 for the seat
whose storage one occupies), holding three hand cards from a 44-card deck (number
cards 1-10, thieves, red and blue main storages). A turn: collectors on the active
seat's stores take a rune each (an empty occupied store is abandoned), then interest
(1 rune per storage with a rune, 2 with an attached outpost; the seat may decline),
then the market (one purchase of an outpost or collector with runes of one colour,
removing a collector with 3 runes or an owned outpost, abandoning a main storage,
storing loose runes), then at least one hand card (a rune for number cards summing
to 5, 10 or 15; an outpost, collector or ransom for 21 or more; a duel the defender
must answer with an equal or higher card if it has one; a thief; a main storage, or
its use as a double theft), then the refill to three. The game ends the moment the
market has no rune left; most rune points wins, ties broken by outposts, collectors,
the highest number card, then shared or by lot.

Notes on this implementation (the spec's decisions D1-D28 apply; these are the engine's own):
- Move codes are independent of hand positions (rules.py says how they are packed), so
  one code means one move in every state; legality has one source, the generators.
- Every set of number cards that pays is its own move (`rune`, `buycards`, `ransom`),
  as every token split is (`buy Lr Sr ...`): no hidden defaults (D27).
- A duel's attack card leaves the hand when the duel opens and lies in the view's
  `attack` until the defence; the defender is the only seat to act in that window.
- Hands are kept in standard order, the order a random theft indexes (D12); a stolen
  card is known to thief and victim, a defence card to everyone, until it leaves the hand.
- Score mid-game marks `contains_hidden` = 1 in each seat's breakdown when step III
  (hidden hands) decided the lead, as Cambio does.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Mapping

from ..core.cards import rigged_order
from ..core.errors import BadMoveText, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from ..core.options import load_specs
from . import offsets as O
from . import rules, validate
from .declarations import CARD_IDS, CARD_INDEX, CARDS_MIN, COLLECTOR, DATA, EVENTS, HALL_BLUE0, HALL_RED0, ITEMS, \
    COLOURS, KINDS, MARKET_START, N_NUMBERS, NONE, NOTATION, OUTPOST, PHASES, PRICES, PUBLIC, REASON_CODES, REASONS, \
    RUNE_SUMS, THIEF0, TOKENS, W_HAND, W_NONE, card_id, card_set, colour_name, number_of

VERSION = "1.0"
BARE = {"interest", "nointerest", "concede", "nosteal", "end"}


class RuneMarketGame(Game):
    """The Rune Market rule set."""

    info = GameInfo(id="rune_market", title="Markt der Runen (Rune Market)", min_seats=2, max_seats=5,
                    version=VERSION, options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = REASON_CODES
    hot_rules = rules
    kernel = rules.KERNEL

    # -- setup -------------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """Set up a game (§2.1); `deck` rigs the deal (§2.3)."""
        order = b""
        if deck is not None:
            order = bytes(CARD_INDEX[c] for c in rigged_order(deck, CARD_IDS, full=whole_deck))
        return rules.new_state(players, int(values["start_seat"]), int(values["storage_protects"] == "true"),
                               int(values["tiebreak_iv"] == "lot"), int(values["max_rounds"]), PRICES[players],
                               MARKET_START, seed, order)

    def seat_count(self, state: bytearray) -> int:
        if len(state) != O.SIZE:  # a shorter one would answer with a byte of something else
            raise ValueError(f"not a rune_market state: {len(state)} bytes, expected {O.SIZE}")
        return state[O.PLAYERS]

    def setup_events(self, state: bytearray) -> list[Event]:
        """The deal: per seat, the counts (public) and its cards (that seat only)."""
        t = Table(state)
        return [Event("dealt", {"seat": s, "hand_count": len(t.hand(s)), "deck_count": len(t.deck)},
                      {"cards": [card_id(c) for c in t.hand(s)]}, (s,)) for s in range(t.players)]

    # -- moves -------------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        seat = rules.mover(state)
        return [] if seat == NONE else [seat]

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        kind = rules.split_code(move)[0]
        if rules.is_finished(state) or kind < 0 or move not in rules.legal_of_kind(state, kind):
            self.unlisted(state, move)
        return self._info(state, move)

    @staticmethod
    def _info(state: bytearray, move: int) -> MoveInfo:
        name, args, text = describe(move, state[O.PRICE])
        return MoveInfo(rules.mover(state), name, args, text)

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in the order of legal_moves (one pass)."""
        return [self._info(state, code) for code in rules.legal_moves(state)]

    def read_move(self, text: str) -> tuple[int, dict]:
        """(kind, fields) of a move text: the fields of its code (rules.py's module docstring) and the tokens as
        written, for the refusal."""
        name, args = NOTATION.read(text)
        return KINDS.index(name), _fields(name, args, text)

    def find_move(self, state: bytearray, seat: int, parsed: tuple[int, dict], text: str) -> int:
        kind, fields = parsed
        code = code_of(kind, fields, state[O.PRICE])
        if code is not None and seat == rules.mover(state) and code in rules.legal_of_kind(state, kind):
            return code
        reason, detail = refusal(Table(state), seat, kind, fields)
        self.refuse(reason, text, seat, detail)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        return NOTATION.write(kind, args)

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        named = []
        for e in raw:
            if e[0] == O.EV_BOUGHT:
                named.append(_bought(e, state))
            elif e[0] == O.EV_GAME_END:
                named.append(_game_end(e, state))
            else:
                named.append(EVENTS.name(e))
        return named

    # -- score, view, state --------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        return score(state)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view(state, seat)

    def validate(self, state: bytearray) -> None:
        problem = validate.validate(state)
        if problem:
            raise BadState("bad_state", f"not a valid rune_market state: {problem}")

    unseen_marks = O.KNOWN  # a place keeps its knowledge mark (who knows the card there)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The cards `seat` cannot know, one group: the deck and others' unknown hand cards."""
        places = list(range(O.DECK + state[O.DECK_TOP], O.DECK + state[O.DECK_END]))
        for other in range(state[O.PLAYERS]):
            if other != seat:
                p = O.SEATS + other * O.SEAT_SIZE
                places += [p + O.SEAT_HAND + i for i in range(state[p + O.SEAT_HAND_COUNT])
                           if not knows(state, seat, state[p + O.SEAT_HAND + i])]
        yield places

    def tidied(self, state: bytearray) -> None:
        """Hands in standard order, as the rules keep them."""
        for other in range(state[O.PLAYERS]):
            p = O.SEATS + other * O.SEAT_SIZE + O.SEAT_HAND
            n = state[O.SEATS + other * O.SEAT_SIZE + O.SEAT_HAND_COUNT]
            state[p:p + n] = bytes(sorted(state[p:p + n]))


# -- the state read by name (not hot) ---------------------------------------------------

def _opt(value: int) -> int | None:
    return None if value == NONE else value


class SeatTable:
    """One seat's public table and hand (the caller decides what to show)."""

    def __init__(self, buf: bytearray, seat: int):
        p = O.SEATS + seat * O.SEAT_SIZE
        self.seat = seat
        self.hand = list(buf[p + O.SEAT_HAND:p + O.SEAT_HAND + buf[p + O.SEAT_HAND_COUNT]])
        self.loose = list(buf[p + O.SEAT_LOOSE:p + O.SEAT_LOOSE + 2])
        self.main = [_opt(buf[p + O.SEAT_MAIN + c]) for c in range(2)]
        self.outpost = [buf[p + O.SEAT_OUTPOST + c] for c in range(2)]
        self.runes = list(buf[p + O.SEAT_RUNES:p + O.SEAT_RUNES + 2])
        self.collector = [_opt(buf[p + O.SEAT_COLLECTOR + c]) for c in range(2)]

    def is_real(self, c: int) -> bool:
        return self.main[c] is not None or bool(self.outpost[c])


class Table:
    """The whole state, read once."""

    def __init__(self, buf: bytearray):
        self.buf = buf
        self.players = buf[O.PLAYERS]
        self.active = buf[O.ACTIVE_SEAT]
        self.phase = PHASES[buf[O.PHASE]] if buf[O.PHASE] < len(PHASES) else "?"
        self.protects = bool(buf[O.PROTECTS])
        self.price = buf[O.PRICE]
        self.market = list(buf[O.MARKET:O.MARKET + 4])
        self.hand_played = bool(buf[O.HAND_PLAYED])
        self.bought = bool(buf[O.BOUGHT])
        self.dueled = [s for s in range(self.players) if buf[O.DUELED] >> s & 1]
        self.steals = buf[O.STEALS]
        self.steal_from = _opt(buf[O.STEAL_FROM])
        self.defender = _opt(buf[O.DEFENDER])
        self.attack = _opt(buf[O.ATTACK])
        self.seats = [SeatTable(buf, s) for s in range(self.players)]

    def seat(self, s: int) -> SeatTable:
        return self.seats[s]

    def hand(self, s: int) -> list[int]:
        return self.seats[s].hand

    def known(self, card: int) -> int:
        return self.buf[O.KNOWN + card]

    @property
    def deck(self) -> list[int]:
        return list(self.buf[O.DECK + self.buf[O.DECK_TOP]:O.DECK + self.buf[O.DECK_END]])

    @property
    def pile(self) -> list[int]:
        return list(self.buf[O.PILE:O.PILE + self.buf[O.PILE_COUNT]])


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
    return bool(mark & PUBLIC) or (viewer is not None and bool(mark >> viewer & 1))


def _store(t: Table, s: int, c: int) -> dict:
    me = t.seat(s)
    main = me.main[c]
    return {"colour": colour_name(c), "main": card_id(main) if main is not None else "",
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


# -- events (§8): the two that need more than their raw fields -----------------------------

def _bought(raw: tuple, buf: bytearray) -> Event:
    _, seat, item, place, pay, loose, stored, cards = raw
    if cards:
        price = {"cards": card_set(cards)}
        code = rules.join_code(O.K_BUYCARDS, item, 0, 0, place, cards)
    else:
        price = {"tokens": (["Lr", "Lb"][pay:pay + 1] * loose) + (["Sr", "Sb"][pay:pay + 1] * stored)}
        code = rules.join_code(O.K_BUY, item, pay, loose, place)
    text = describe(code, buf[O.PRICE])[2]
    placement = " ".join(text.split()[-3:] if item == COLLECTOR else text.split()[-2:])
    return Event("bought", {"seat": seat, "item": ITEMS[item], "placement": placement, **price})


def _game_end(raw: tuple, buf: bytearray) -> Event:
    final = score(buf)
    return Event("game_end", {"reason": "market_empty" if raw[1] == 0 else "round_cap",
                              "scores": [s.total for s in final.seats], "winners": list(final.winners),
                              "tiebreak": final.tiebreak})


# -- moves: a read move's code, a code's typed form, the words for a refusal ----------------

def _fields(name: str, args: dict, text: str) -> dict:
    """The code's fields of a read move (colours, items, placements as numbers; cards as a set)."""
    f: dict = {}
    for key, value in args.items():
        if key in ("colour", "outpost", "place_colour"):
            f[key] = COLOURS.index(value)
        elif key == "item":
            f[key] = ITEMS.index(value)
        elif key == "tokens":
            f[key] = [value.count(t) for t in TOKENS]
        elif key == "cards":
            cards = 0
            for card in map(CARD_INDEX.__getitem__, value):
                if cards >> card & 1:
                    raise BadMoveText("bad_cards", f"bad move text {text[:40]!r}: {CARD_IDS[card]} is listed twice")
                cards |= 1 << card
            f[key] = cards
        elif key == "card":
            f[key] = CARD_INDEX[value]
        elif key == "what":
            f[key] = W_NONE if value == "none" else W_HAND if value == "hand" else None
        elif key not in ("place", "place_seat"):
            f[key] = value
    if f.get("what", 0) is None:  # a rune: its colour is what is taken
        f["what"] = f.pop("colour")
    if "place" in args:  # to C, neutralize C (an outpost), on S C (a collector)
        if (args["place"] == "on") != (f["item"] == COLLECTOR):
            raise BadMoveText("bad_place", f"bad move text {text[:40]!r}: {args['place']!r} is not a placement for "
                              f"an {args['item']}: " + ("on S C" if f["item"] == COLLECTOR else "to C or neutralize C"))
        c = f.pop("place_colour")
        f["place"] = (0 if args["place"] == "to" else 2) + c if args["place"] != "on" \
            else 4 + 2 * min(args["place_seat"], 15) + c
    if "what" in f and f["what"] == W_NONE:
        f["seat"] = 0
    return f


def code_of(kind: int, f: Mapping, price: int) -> int | None:
    """The move code of a read move, or None when its tokens can be no code (refusal finds why)."""
    name = KINDS[kind]
    j = rules.join_code
    if name in BARE:
        return j(kind)
    if name == "buy":
        lr, lb, sr, sb = f["tokens"]
        if (lr or sr) and (lb or sb) or sum(f["tokens"]) != price:
            return None
        pay = 0 if lr or sr else 1
        return j(kind, f["item"], pay, lr + lb, min(f["place"], 15))
    if name == "free3":
        lr, lb, sr, sb = f["tokens"]
        own = sr if f["colour"] == 0 else sb
        if sum(f["tokens"]) != 3 or own:
            return None
        return j(kind, f["colour"], lr, lb, sb if f["colour"] == 0 else sr)
    if name == "neutralize":
        return j(kind, f["colour"]) if f["outpost"] != f["colour"] else None
    if name == "store":
        return j(kind, f["colour"], rest=f["count"])
    if name == "abandon":
        return j(kind, f["colour"])
    if name in ("rune", "ransom"):
        return j(kind, f["colour"], rest=f["cards"])
    if name == "buycards":
        return j(kind, f["item"], d=min(f["place"], 15), rest=f["cards"])
    if name in ("duel", "thief", "steal"):
        if f["seat"] > 15:
            return None
        return j(kind, f["seat"], f.get("what", 0), rest=f.get("card", 0))
    return j(kind, rest=f["card"])


# -- a code's typed form --------------------------------------------------------------

@lru_cache(maxsize=1 << 14)
def describe(code: int, price: int) -> tuple[str, dict, str]:
    """(kind, typed args, canonical text) of a move code (shared: callers never change it)."""
    kind, a, b, c, d, rest = rules.split_code(code)
    name = KINDS[kind]
    args: dict
    if name in BARE:
        args = {}
    elif name == "buy":
        tokens = ["Lr" if b == 0 else "Lb"] * c + ["Sr" if b == 0 else "Sb"] * (price - c)
        args = {"item": ITEMS[a], "tokens": tokens, **_place_args(a, d)}
    elif name == "free3":
        args = {"colour": colour_name(a), "tokens": ["Lr"] * b + ["Lb"] * c + (["Sb"] if a == 0 else ["Sr"]) * d}
    elif name == "abandon":
        args = {"colour": colour_name(a)}
    elif name == "neutralize":
        args = {"colour": colour_name(a), "outpost": colour_name(1 - a)}
    elif name == "store":
        args = {"colour": colour_name(a), "count": rest}
    elif name == "rune":
        args = {"cards": card_set(rest), "colour": colour_name(a)}
    elif name == "ransom":
        args = {"colour": colour_name(a), "cards": card_set(rest)}
    elif name == "buycards":
        args = {"item": ITEMS[a], "cards": card_set(rest), **_place_args(a, d)}
    elif name == "duel":
        args = {"card": CARD_IDS[rest], "seat": a}
    elif name in ("thief", "steal"):
        args = {"card": CARD_IDS[rest]} if name == "thief" else {}
        if b == W_NONE:
            args["what"] = "none"
        elif b == W_HAND:
            args.update(seat=a, what="hand")
        else:
            args.update(seat=a, what="rune", colour=colour_name(b))
    else:
        args = {"card": CARD_IDS[rest]}
    return name, args, NOTATION.write(name, args)


def _place_args(item: int, place: int) -> dict:
    if item == OUTPOST:
        return {"place": "to" if place < 2 else "neutralize", "place_colour": colour_name(place & 1)}
    return {"place": "on", "place_seat": (place - 4) >> 1, "place_colour": colour_name(place & 1)}


# -- why a move is refused (only words: legality is the generators') -----------------------

def refusal(t: Table, seat: int, kind: int, f: Mapping) -> tuple[str, str | None]:
    """(reason code, detail or None) for a read move that is not in the legal list."""
    name = KINDS[kind]
    phase = t.phase
    if phase == "defend":
        if seat != t.defender:
            return "not_your_turn", f"not your turn (seat {t.defender} is to act): it must answer the duel"
        if name not in ("defend", "concede"):
            return "answer_duel", None
        if name == "concede":
            return "must_defend", None
        return _defence(t, seat, f)
    if seat != t.active:
        return "not_your_turn", f"not your turn (seat {t.active} is to act)"
    if name in ("defend", "concede"):
        return "not_in_duel", None
    if phase == "steal":
        return _steal_window(t, seat, name, f)
    if name in ("steal", "nosteal"):
        return "no_steals", None
    if phase == "interest":
        return ("choose_interest", None) if name not in ("interest", "nointerest") else ("not_legal", None)
    if name in ("interest", "nointerest"):
        return ("after_hand_card", None) if t.hand_played else ("no_interest_due", None)
    if name in ("buy", "free3") and t.hand_played:
        return "after_hand_card", None
    if name == "abandon" and t.hand_played:
        return "market_phase_only", None
    if name == "end":
        return "must_play_hand_card", None
    return _table_rules(t, seat, name, f)


def _defence(t: Table, seat: int, f: Mapping) -> tuple[str, str | None]:
    card = f["card"]
    if card not in t.hand(seat):
        return "card_not_in_hand", None
    if card >= N_NUMBERS or number_of(card) < number_of(t.attack):
        return "defence_too_low", None
    return "not_legal", None


def _steal_window(t: Table, seat: int, name: str, f: Mapping) -> tuple[str, str | None]:
    if name not in ("steal", "nosteal"):
        return "steal_pending", None
    if f["seat"] == seat or f["seat"] >= t.players:
        return "not_yourself", "choose another seat at this table"
    if t.steal_from is not None and f["seat"] != t.steal_from:
        return "steal_from_loser", None
    return _nothing_to_steal(t, f)


def _nothing_to_steal(t: Table, f: Mapping) -> tuple[str, str | None]:
    victim, what = f["seat"], f["what"]
    if what == W_HAND:
        return "nothing_to_steal", f"seat {victim} has no hand card to steal"
    loose = "" if not t.protects else "loose "
    return "nothing_to_steal", f"no {loose}{colour_name(what)} rune to steal"


def _table_rules(t: Table, seat: int, name: str, f: Mapping) -> tuple[str, str | None]:
    me = t.seat(seat)
    if name == "abandon":
        c = f["colour"]
        if me.main[c] is None:
            return "no_main", None
        return ("store_occupied", None) if me.collector[c] is not None else ("not_legal", None)
    if name == "buy":
        return _buy(t, seat, f)
    if name == "free3":
        return _free3(t, seat, f)
    if name == "neutralize":
        if me.collector[f["colour"]] is None:
            return "not_occupied", None
        return ("no_outpost", None) if f["outpost"] == f["colour"] or not me.outpost[f["outpost"]] \
            else ("not_legal", None)
    if name == "store":
        c = f["colour"]
        if not me.is_real(c):
            return "no_store", None
        return ("not_enough_runes", "not enough loose runes") if me.loose[c] < f["count"] else ("not_legal", None)
    if "card" in f and f["card"] not in t.hand(seat):
        return "card_not_in_hand", None
    if "cards" in f and any(k not in t.hand(seat) for k in range(N_NUMBERS) if f["cards"] >> k & 1):
        return "card_not_in_hand", None
    return _hand_rules(t, seat, name, f)


def _buy(t: Table, seat: int, f: Mapping) -> tuple[str, str | None]:
    lr, lb, sr, sb = f["tokens"]
    me = t.seat(seat)
    if t.bought:
        return "one_purchase", None
    if (lr or sr) and (lb or sb):
        return "one_colour", None
    if sum(f["tokens"]) != t.price:
        return "price", f"price is {t.price} runes of one colour"
    if t.market[2 + f["item"]] == 0:
        return "sold_out", f"the market has no {ITEMS[f['item']]} left"
    c = 0 if lr or sr else 1
    why = _tokens_available(me, (lr, lb, sr, sb))
    return why if why else _placement_refusal(t, seat, f["item"], f["place"])


def _tokens_available(me, tokens) -> tuple[str, str | None] | None:
    lr, lb, sr, sb = tokens
    for c, stored in ((0, sr), (1, sb)):
        if stored and me.collector[c] is not None:
            return "frozen", None
        if stored > me.runes[c] or (stored and not me.is_real(c)):
            return "not_enough_runes", f"not enough runes in your {colour_name(c)} storage"
    if lr > me.loose[0] or lb > me.loose[1]:
        return "not_enough_runes", "not enough loose runes"
    return None


def _free3(t: Table, seat: int, f: Mapping) -> tuple[str, str | None]:
    me, c = t.seat(seat), f["colour"]
    if me.collector[c] is None:
        return "not_occupied", None
    if sum(f["tokens"]) != 3:
        return "price", "free3 takes exactly 3 runes"
    return _tokens_available(me, f["tokens"]) or ("not_legal", None)


def _placement_refusal(t: Table, seat: int, item: int, place: int) -> tuple[str, str | None]:
    me, c = t.seat(seat), place & 1
    if item == OUTPOST and place < 2:
        if me.outpost[c]:
            return "outpost_owned", f"already have a {colour_name(c)} outpost"
        if me.collector[c] is not None:
            return "store_occupied", None
    if item == OUTPOST and place >= 2 and me.collector[c] is None:
        return "not_occupied", None
    if item == COLLECTOR and ((place - 4) >> 1) == seat:
        return "not_yourself", "a collector goes to another seat's storage"
    return "no_placement", None


def _hand_rules(t: Table, seat: int, name: str, f: Mapping) -> tuple[str, str | None]:
    me = t.seat(seat)
    if name in ("rune", "buycards", "ransom"):
        total = sum(number_of(k) for k in range(N_NUMBERS) if f["cards"] >> k & 1)
        if name == "rune":
            if total not in RUNE_SUMS:
                return "sum_5_10_15", None
            return "sold_out", f"the market has no {colour_name(f['colour'])} rune left"
        if name == "ransom":
            if me.collector[f["colour"]] is None:
                return "not_occupied", None
            return ("ransom_21", None) if total < CARDS_MIN else ("not_legal", None)
        if total < CARDS_MIN:
            return "sum_21", None
        if t.market[2 + f["item"]] == 0:
            return "sold_out", f"the market has no {ITEMS[f['item']]} left"
        return _placement_refusal(t, seat, f["item"], f["place"])
    card = f["card"]
    if name == "duel":
        if card >= N_NUMBERS:
            return "wrong_card", "a duel is fought with a number card"
        if f["seat"] == seat or f["seat"] >= t.players:
            return "not_yourself", "choose another seat at this table"
        return "already_dueled", None
    if name == "thief":
        if not THIEF0 <= card < HALL_RED0:
            return "wrong_card", "that is not a thief card"
        if f["what"] == W_NONE:
            return "someone_stealable", None
        if f["seat"] == seat or f["seat"] >= t.players:
            return "not_yourself", "choose another seat at this table"
        return _nothing_to_steal(t, f)
    if card < HALL_RED0:
        return "wrong_card", "that is not a main-storage card"
    c = 0 if card < HALL_BLUE0 else 1
    if me.main[c] is not None:
        return "main_owned", f"already have a {colour_name(c)} main storage"
    return "store_occupied", None


RUNE_MARKET = RuneMarketGame()
