"""Shared helpers for the Hats tests (spec: shared/rules/hats.md).

Imported by the `test_hats_*.py` files of this folder (they put the folder on
`sys.path`, as pytest runs with --import-mode=importlib). Everything here goes
through the public Python API of `engines.get("hats")`, except `construct_finished`,
which writes a state bytearray directly (see its docstring).
"""
from __future__ import annotations

import json
from typing import Iterable, Mapping, Sequence

import pytest

import engines
from engines import IllegalMove
from engines.hats import offsets as O
from engines.hats.state import SEAT, STATE

hats = engines.get("hats")


def draw_deck(state) -> list[int]:
    """The draw deck's cards, top first (for setup checks)."""
    return list(state[O.DECK + state[O.DECK_TOP]:O.DECK + state[O.DECK_END]])

TYPES = "ROYGBPW"
STANDARD = [f"{t}{n}" for t in TYPES for n in range(1, 7)]  # spec §2.1 standard order
CARD_NO = {c: i for i, c in enumerate(STANDARD)}  # card number 0..41 as the rules store it


# -- setting up games ----------------------------------------------------------------

def rig_order(players: int, table: Mapping[int, str] | Sequence[str] = (), hands: Mapping[int, Sequence[str]] | None = None,
              deck_top: Sequence[str] = (), start_seat: int = 0, removed: str = "") -> list[str]:
    """The card ids to list in option `deck` (§3.2) so that the deal is:

    - `table`: {space (1-based): id} or a list for spaces 1..; unnamed spaces get spare cards;
    - `hands`: {seat: ids}, each hand completed to 9 with spare cards;
    - `deck_top`: the first cards of the draw deck after the deal.

    Spare cards are the cards named nowhere, in standard order. Setup deals the table
    first (spaces 1..6, or 1..5 with 2 players), then 9 cards per seat from the start seat
    clockwise (D12), so the list is table + hands in deal order + deck_top.
    """
    spaces = 5 if players == 2 else 6
    if not isinstance(table, Mapping):
        table = {k + 1: c for k, c in enumerate(table)}
    hands = dict(hands or {})
    named = set(table.values()) | {c for h in hands.values() for c in h} | set(deck_top)
    spare = iter(c for c in STANDARD if c not in named and c[0] not in removed)
    order = [table.get(k) or next(spare) for k in range(1, spaces + 1)]
    for i in range(players):
        seat = (start_seat + i) % players
        hand = list(hands.get(seat, ()))
        assert len(hand) <= 9
        order += hand + [next(spare) for _ in range(9 - len(hand))]
    return order + list(deck_top)


def rig(players: int = 3, table=(), hands=None, deck_top=(), start_seat: int = 0, seed: int = 0,
        **options: str) -> bytearray:
    """A new game with a rigged deal (option `deck`, §3.2); see `rig_order`."""
    removed = options.get("removed_types", "")
    removed = "" if removed == "random" else removed.replace(",", "")
    order = rig_order(players, table, hands, deck_top, start_seat, removed)
    opts = {"start_seat": str(start_seat), "deck": ",".join(order), **options}
    return hats.new(players, opts, seed=seed)


class SplitMix:
    """The generator documented in engines/core/rng.py (SplitMix64; `below` rejects the lowest
    2**64 mod n outputs; shuffle is Fisher-Yates from the last position down), written out
    again so the tests can predict the engine's random choices (§3.1 "Random generator")."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int):
        self.state = seed

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        threshold = (1 << 64) % n
        x = self.next_u64()
        while x < threshold:
            x = self.next_u64()
        return x % n

    def shuffle(self, items: Sequence) -> list:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


# -- reading states --------------------------------------------------------------------

def view(state: bytearray, seat: int | None = None) -> dict:
    return hats.view(state, seat)


def hand(state: bytearray, seat: int) -> list[str]:
    return hats.view(state, seat)["hand"]


def legal_texts(state: bytearray) -> list[str]:
    return [hats.format_move(state, m) for m in hats.legal_moves(state)]


def legal_infos(state: bytearray):
    return [hats.move_info(state, m) for m in hats.legal_moves(state)]


def spec_legal_texts(state: bytearray) -> list[str]:
    """Every legal move's text now, worked out from the mover's view by §5 and §6 alone."""
    v = hats.view(state, None)
    if v["phase"] == "finished":
        return []
    mover = hats.to_act(state)[0]
    own = hats.view(state, mover)["hand"]
    if v["phase"] == "partner":
        assert mover == (v["active_seat"] + 2) % 4
        return sorted(f"return {c}" for c in own)
    out = []
    if v["phase"] == "main":
        out += [f"exchange {c} {k + 1}" for c in own for k, t in enumerate(v["table"])
                if c[0] == t[0] or int(c[1]) > int(t[1])]
        out += [f"black {c}" for c in own]
    if not v["optional_used"]:
        out += [f"{'offer' if v['players'] == 4 else 'discard'} {c}" for c in own]
    if v["phase"] == "after":
        out.append("end")
    return sorted(out)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def spec_cookie_key(seat_view: Mapping) -> tuple[int, list[int]]:
    """The cookie key of §7.1 from a seat's public view: (types, ascending face-up numbers).

    types = distinct face-up types + 1 if the seat has a black hat (D8).
    """
    coll = seat_view["collection"]
    return (len({c[0] for c in coll}) + (1 if seat_view["black_hat_count"] else 0),
            sorted(int(c[1]) for c in coll))


def public_text(state: bytearray, seat: int | None) -> str:
    """Everything `seat` may see, as one string (to check an id is not leaked)."""
    return json.dumps(hats.view(state, seat), sort_keys=True)


# -- playing -----------------------------------------------------------------------------

def play(state: bytearray, seat: int, text: str):
    """Apply a text move of `seat` (must be legal); (new state, events)."""
    return hats.apply_text(state, seat, text)


def refuse(state: bytearray, seat: int, text: str, reason: str, exc: type = IllegalMove):
    """`text` by `seat` is refused with `exc` whose message contains `reason`; the state is unchanged."""
    before = bytes(state)
    with pytest.raises(exc) as info:
        hats.apply_text(state, seat, text)
    assert reason in str(info.value), f"{text!r}: expected {reason!r} in {str(info.value)!r}"
    assert bytes(state) == before, "a refused move changed the state"
    return info.value


def refuse_code(state: bytearray, move: int, reason: str):
    """The move code `move` is refused by apply_in_place with `reason`; the state is unchanged."""
    before = bytes(state)
    with pytest.raises(IllegalMove) as info:
        hats.apply_in_place(state, move)
    assert reason in str(info.value), f"code {move}: expected {reason!r} in {str(info.value)!r}"
    assert bytes(state) == before, "a refused move changed the state"


def spare_black(state: bytearray, seat: int, keep: Iterable[str] = ()) -> str:
    """`black <c>` for the first hand card of `seat` not in `keep`."""
    keep = set(keep)
    card = next(c for c in hand(state, seat) if c not in keep)
    return f"black {card}"


def turn(state: bytearray, seat: int, *texts: str, keep: Iterable[str] = ()):
    """Play one whole turn of `seat`: `texts` in order ("black *" = a spare black hat,
    see `spare_black`), then `end` if the turn is still in phase `after`.
    Returns (state, events of the whole turn)."""
    assert hats.to_act(state) == [seat], (seat, hats.to_act(state))
    events = []
    for text in texts:
        if text == "black *":
            text = spare_black(state, seat, keep)
        state, ev = play(state, seat, text)
        events += ev
    v = view(state)
    if v["phase"] == "after" and v["active_seat"] == seat:
        state, ev = play(state, seat, "end")
        events += ev
    return state, events


def finish_with_blacks(state: bytearray, keep: Iterable[str] = ()):
    """Play every remaining turn as a spare black hat then `end`; (final state, events)."""
    events = []
    while not hats.is_finished(state):
        seat = hats.to_act(state)[0]
        state, ev = turn(state, seat, "black *", keep=keep)
        events += ev
    return state, events


# -- constructed states -------------------------------------------------------------------
# Offsets into the state bytearray, from the layout declared once in engines/hats/state.py.
# `construct_finished` checks what it writes by reading the result back through the public
# view and by `hats.validate`.
_AT, _SEAT = STATE.at, SEAT.at
PHASE, ACTIVE, OPT_USED, COOKIE, MOVES = _AT.phase, _AT.active_seat, _AT.optional_used, _AT.cookie_holder, \
    _AT.move_count
TABLE, DECK_POS, DECK_END, DECK, PILE_N = _AT.table, _AT.deck_top, _AT.deck_end, _AT.deck, _AT.pile_count
SEATS, SEAT_SIZE = _AT.seats, SEAT.size
HAND_N, HAND, COLL_N, COLL = _SEAT.hand_count, _SEAT.hand, _SEAT.collection_count, _SEAT.collection
BLACK_N, BLACK, PLAYED, FAVOURITE = _SEAT.black_hat_count, _SEAT.black_hats, _SEAT.played, _SEAT.favourite
PHASE_FINISHED, NONE = 3, 255


def construct_finished(players: int, table: Sequence[str], seats: Sequence[tuple[Sequence[str], Sequence[str], str]],
                       cookie: int | None, start_seat: int = 0, **options: str) -> bytearray:
    """A finished game built by writing the state bytes (used where a position cannot be
    reached by play in practice: exact final totals, §13 cases 17 and 18).

    `seats[s]` = (face-up collection in acquisition order, black hats, favourite). Each
    seat must have played 8 cards. Cards named nowhere become the draw deck (standard
    order); the discard pile is empty. Starts from `hats.new` (so the header, RNG and
    options are real), then overwrites: table, every seat block, the deck, the cookie,
    the active seat (the last seat of the round, as after a real game), phase `finished`
    and the move counter (one move per main action, a lower bound). The result must pass
    `hats.validate` and read back through `hats.view` as built.
    """
    state = hats.new(players, {"start_seat": str(start_seat), **options}, seed=1)
    spaces = 5 if players == 2 else 6
    assert len(table) == spaces and len(seats) == players
    used = list(table)
    for s, (coll, black, fav) in enumerate(seats):
        assert len(coll) + len(black) == 8, f"seat {s} must have played 8 cards"
        p = SEATS + s * SEAT_SIZE
        state[p + HAND_N] = 0
        state[p + COLL_N] = len(coll)
        state[p + COLL:p + COLL + len(coll)] = bytes(CARD_NO[c] for c in coll)
        state[p + BLACK_N] = len(black)
        state[p + BLACK:p + BLACK + len(black)] = bytes(CARD_NO[c] for c in black)
        state[p + PLAYED] = 8
        state[p + FAVOURITE] = CARD_NO[fav]
        used += list(coll) + list(black) + [fav]
    assert len(set(used)) == len(used), "a card is used twice"
    removed = hats.view(state, None)["removed_types"]
    rest = [c for c in STANDARD if c not in used and c[0] not in removed]
    state[TABLE:TABLE + spaces] = bytes(CARD_NO[c] for c in table)
    state[DECK_POS] = 0
    state[DECK_END] = len(rest)
    state[DECK:DECK + len(rest)] = bytes(CARD_NO[c] for c in rest)
    state[PILE_N] = 0
    state[COOKIE] = NONE if cookie is None else cookie
    state[ACTIVE] = (start_seat + players - 1) % players
    state[OPT_USED] = 0
    state[PHASE] = PHASE_FINISHED
    state[MOVES] = (8 * players) & 0xFF
    state[MOVES + 1] = (8 * players) >> 8
    hats.validate(state)
    v = hats.view(state, None)
    assert v["phase"] == "finished" and v["table"] == list(table) and v["deck_count"] == len(rest)
    assert v["cookie_holder"] == cookie
    for s, (coll, black, fav) in enumerate(seats):
        sv = v["seats"][s]
        assert (sv["collection"], sv["black_hat_count"], sv["favourite"], sv["played"], sv["hand_count"]) == \
            (list(coll), len(black), fav, 8, 0)
        assert hats.view(state, s)["black_hats"] == list(black)
    return state
