"""Alaska views, scores and events (spec §8, §10): the compiled rules' numbers as names.

What a seat sees: everything public (river, anglers, fallen cards, caught salmon, the
face-up discard pile, counts, flags, the bear window record) plus its own hand and,
in a bear window, its own `bearsteal` moves. Nobody else learns who holds a bear.
"""
from __future__ import annotations

from ..core.game import Event, Scores, SeatScore
from . import offsets as O
from . import rules
from .deck import CARD_IDS
from .state import N_SALMON, NONE, STATE



def ids(cards) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _seat(state: bytearray, seat: int, name: str) -> int:
    return state[O.SEATS + seat * O.SEAT_SIZE + getattr(O, "SEAT_" + name.upper())]


def _mask(mask: int, players: int) -> list[int]:
    return [s for s in range(players) if (mask >> s) & 1]


# -- score (§10) ---------------------------------------------------------------------

def score(state: bytearray) -> Scores:
    """Scores now: the salmon caught; during a playoff, totals are the main game's and rounds the playoff's."""
    players, playoff = state[O.PLAYERS], state[O.PLAYOFF]
    finished = state[O.PHASE] == rules.CONST.FINISHED
    keys, seats = [], []
    for s, (key, round_, total) in enumerate(rules.score_numbers(state)):
        keys.append(key)
        seats.append((s, round_, total, {"salmon": _seat(state, s, "caught_count"), "main_salmon": total,
                                         "playoff_salmon": round_ if playoff else 0,
                                         "stage": _seat(state, s, "stage")}))
    best = max(keys)
    winners = tuple(s for s in range(players) if keys[s] == best)
    if playoff and finished:
        tiebreak = "playoff"
    else:
        tiebreak = "shared" if len(winners) > 1 else ""
    return Scores(tuple(SeatScore(s, r, t, 1 + sum(k > keys[s] for k in keys), b) for s, r, t, b in seats),
                  finished, winners, tiebreak)


# -- view (§8) -------------------------------------------------------------------------

def view(game, state: bytearray, seat: int | None) -> dict:
    """What `seat` may know (None: a spectator).

    Keys: game, seat, players, phase, active_seat (None once finished), to_act, move_count,
    deck_count, discard (ids, first discarded first), salmon (river salmon: card, position =
    head section, covers), anglers (section, card), pending (fallen cards waiting: salmon to
    place, then currents), final_round, last_seat, no_refill (seats), playoff, participants,
    window (None, or catcher, salmon, seats, passed), seats (seat, hand_count, caught ids,
    salmon, main_salmon), hand (own), bear_moves (own bearsteal texts), finished, scores
    (seat, round, total, rank) and winners, tiebreak.
    """
    players, phase = state[O.PLAYERS], state[O.PHASE]
    finished = phase == rules.CONST.FINISHED
    active = state[O.ACTIVE_SEAT]
    heads = STATE.cells(state, "salmon_at")
    window = None
    if phase == rules.CONST.BEAR:
        window = {"catcher": active, "salmon": CARD_IDS[rules.caught(state, active)[-1]],
                  "seats": _mask(state[O.WINDOW_SEATS], players), "passed": _mask(state[O.WINDOW_PASSED], players)}
    last = state[O.LAST_SEAT]
    scores = score(state)
    out = {
        "game": "alaska", "seat": seat, "players": players, "phase": rules.PHASES[phase],
        "active_seat": None if finished else active, "to_act": rules.to_act(state),
        "move_count": rules.move_count(state), "deck_count": state[O.DECK_END] - state[O.DECK_TOP],
        "discard": ids(STATE.cells(state, "pile", state[O.PILE_COUNT])),
        "salmon": [{"card": CARD_IDS[s], "position": h, "covers": [h, h % 10 + 1]}
                   for s, h in enumerate(heads) if h],
        "anglers": [{"section": k + 1, "card": CARD_IDS[c]}
                    for k, c in enumerate(STATE.cells(state, "anglers")) if c != NONE],
        "pending": ids(STATE.cells(state, "pending", state[O.PENDING_COUNT])),
        "final_round": bool(state[O.FINAL_ROUND]), "last_seat": None if last == NONE else last,
        "no_refill": _mask(state[O.NO_REFILL], players), "playoff": state[O.PLAYOFF],
        "participants": _mask(state[O.PARTICIPANTS], players), "window": window,
        "seats": [{"seat": s, "hand_count": _seat(state, s, "hand_count"), "caught": ids(rules.caught(state, s)),
                   "salmon": _seat(state, s, "caught_count"), "main_salmon": scores.seats[s].total}
                  for s in range(players)],
        "hand": [], "bear_moves": [], "finished": finished,
        "scores": [{"seat": x.seat, "round": x.round, "total": x.total, "rank": x.rank} for x in scores.seats],
        "winners": list(scores.winners), "tiebreak": scores.tiebreak,
    }
    if seat is not None:
        out["hand"] = ids(rules.hand(state, seat))
        if window is not None:
            out["bear_moves"] = [game.move_info(state, c).text for c in rules.legal_moves(state)
                                 if c < rules.CONST.PASS and rules.mover_of(state, c) == seat]
    return out


# -- events (§8) -------------------------------------------------------------------------

def event(raw: tuple, state: bytearray) -> Event:
    """The Event of an event tuple of rules.apply_code (`state`: the state after the move)."""
    name = rules.EVENTS[raw[0]]
    a = raw[1:]
    if name == "fell":
        return Event(name, {"seat": a[0], "salmon": ids(c for c in a[1] if c < N_SALMON),
                            "currents": ids(c for c in a[1] if c >= N_SALMON)})
    if name == "placed":
        return Event(name, {"seat": a[0], "salmon": CARD_IDS[a[1]], "position": a[2]})
    if name == "current_step":
        return Event(name, {"step": a[0], "positions": [{"salmon": CARD_IDS[s], "position": p} for s, p in a[1]],
                            "catches": [{"salmon": CARD_IDS[s], "angler": CARD_IDS[g], "section": k}
                                        for s, g, k in a[2]]})
    if name == "cast":
        seat, x, y, section, outcome, die, salmon, angler, paid = a
        cards = ids(sorted(c for c in (x, y) if c != NONE))
        return Event(name, {"seat": seat, "cards": cards, "section": section, "outcome": rules.OUTCOMES[outcome],
                            "die": die, "salmon": _id(salmon), "angler": _id(angler), "paid_salmon": _id(paid)})
    if name == "angler_placed":
        return Event(name, {"seat": a[0], "card": CARD_IDS[a[1]], "section": a[2]})
    if name == "angler_chased":
        return Event(name, {"seat": a[0], "card": CARD_IDS[a[1]], "chased": CARD_IDS[a[2]], "section": a[3]})
    if name == "eagle":
        seat, card, target = a
        public = {"seat": seat, "card": CARD_IDS[card], "salmon": "", "section": 0}
        if target < N_SALMON:
            public["salmon"] = CARD_IDS[target]
        elif target < N_SALMON + 10:
            public["section"] = target - N_SALMON + 1
        return Event(name, public)
    if name == "bear_roar":
        return Event(name, {"seat": a[0], "card": CARD_IDS[a[1]],
                            "anglers": [{"card": CARD_IDS[c], "section": k} for c, k in a[2]]})
    if name == "bear_steal":
        return Event(name, {"seat": a[0], "card": CARD_IDS[a[1]], "salmon": CARD_IDS[a[2]], "catcher": a[3]})
    if name == "bear_window":
        players = state[O.PLAYERS]
        return Event(name, {"seats": _mask(a[0], players), "auto_passed": _mask(a[1], players)})
    if name == "bear_window_closed":
        return Event(name, {"why": a[0]})
    if name == "tourist_penalty":
        return Event(name, {"seat": a[0], "lost": ids(a[1])})
    if name == "refilled":
        return Event(name, {"seat": a[0], "count": len(a[1])}, {"cards": ids(a[1])}, (a[0],))
    if name == "dice":
        return Event(name, {"seat": a[0], "die": a[1]})
    if name == "final_round":
        return Event(name, {"order": list(a[0])})
    if name == "playoff":
        return Event(name, {"playoff": a[0], "seats": list(a[1]), "first": a[2]})
    if name == "game_end":
        scores = score(state)
        return Event(name, {"scores": [s.total if not state[O.PLAYOFF] else s.round for s in scores.seats],
                            "totals": [s.total for s in scores.seats], "winners": list(scores.winners),
                            "tiebreak": scores.tiebreak})
    return Event(name, {"seat": a[0]})  # passed, empty_turn, turn_ended


def _id(card: int) -> str:
    return "" if card == NONE else CARD_IDS[card]


def setup_events(state: bytearray) -> list[Event]:
    """The deal of a new game: each seat's four cards (private), then the start seat's fallen cards.

    The start seat's first turn begins during setup, so its dealt hand is its hand plus the
    cards that fell (pending salmon, and currents already discarded onto the empty pile).
    """
    players, start = state[O.PLAYERS], state[O.START_SEAT]
    fallen = STATE.cells(state, "pending", state[O.PENDING_COUNT]) + STATE.cells(state, "pile", state[O.PILE_COUNT])
    events = []
    for s in range(players):
        hand = rules.hand(state, s) + (sorted(fallen) if s == start else [])
        events.append(Event("dealt", {"seat": s, "count": len(hand), "deck_count": state[O.DECK_END] -
                                      state[O.DECK_TOP]}, {"cards": ids(hand)}, (s,)))
    if fallen:
        events.append(event((rules.CONST.EV_FELL, start, bytes(sorted(fallen))), state))
    currents = state[O.PILE_COUNT]
    for step in range(currents):
        events.append(Event("current_step", {"step": step + 1, "positions": [], "catches": []}))
    return events
