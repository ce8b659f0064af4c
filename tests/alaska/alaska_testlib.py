"""Shared helpers for the Alaska tests (spec: shared/rules/alaska.md).

`build` writes a position straight into a state bytearray (then validates it): the spec's
test cases start from river positions that a rigged deal alone cannot reach. Everything
else goes through the public API of `engines.get("alaska")`.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import pytest

import engines
from engines import IllegalMove
from engines.alaska.declarations import CARD_IDS, CARD_INDEX
from engines.alaska.state import NONE, SEAT, STATE
from engines.core import rng

alaska = engines.get("alaska")
AT, SEAT_AT = STATE.at, SEAT.at
PHASES = ("place", "play", "bear", "finished")


def rig(players: int, hands: Mapping[int, Sequence[str]], top: Sequence[str] = (), start: int = 0) -> str:
    """Option `deck` for a deal giving each seat `hands[seat]` (4 ids each), then `top` on the deck."""
    order = []
    for i in range(4):
        seat = start
        for _ in range(players):
            order.append(hands[seat][i])
            seat = (seat + 1) % players
    return ",".join(order + list(top))


def build(players: int = 3, active: int = 0, hands: Mapping[int, Sequence[str]] | None = None,
          river: Mapping[str, int] | None = None, anglers: Mapping[int, str] | None = None,
          caught: Mapping[int, Sequence[str]] | None = None, deck: Sequence[str] | None = None,
          pile: Sequence[str] = (), rest: str = "deck", final_round: bool = False, last_seat: int | None = None,
          options: Mapping[str, str] | None = None) -> bytearray:
    """A play-phase position: hands, river salmon {id: head}, anglers {section: id}, caught piles.

    Cards named nowhere go to the bottom of the deck in standard order (`rest="deck"`), or onto
    the pile (`rest="pile"`); `deck` lists the top of the deck.
    """
    state = alaska.new(players, dict(options or {}), 1)
    for name in ("deck", "pile", "pending", "salmon_at"):
        start = STATE.offset(name)
        state[start:start + STATE.item(name).size] = bytes(STATE.item(name).size)
    state[AT.anglers:AT.anglers + 10] = bytes([NONE] * 10)
    state[AT.pending_count] = state[AT.pile_count] = 0
    used = set()
    for seat in range(players):
        p = AT.seats + seat * SEAT.size
        cards = [CARD_INDEX[c] for c in (hands or {}).get(seat, ())]
        state[p + SEAT_AT.hand_count] = len(cards)
        state[p + SEAT_AT.hand:p + SEAT_AT.hand + 4] = bytes(cards + [0] * (4 - len(cards)))
        got = [CARD_INDEX[c] for c in (caught or {}).get(seat, ())]
        state[p + SEAT_AT.caught_count] = len(got)
        state[p + SEAT_AT.caught:p + SEAT_AT.caught + 16] = bytes(got + [0] * (16 - len(got)))
        used.update(cards + got)
    for card, head in (river or {}).items():
        state[AT.salmon_at + CARD_INDEX[card]] = head
        used.add(CARD_INDEX[card])
    for section, card in (anglers or {}).items():
        state[AT.anglers + section - 1] = CARD_INDEX[card]
        used.add(CARD_INDEX[card])
    top = [CARD_INDEX[c] for c in (deck or ())]
    piled = [CARD_INDEX[c] for c in pile]
    used.update(top + piled)
    spare = [c for c in range(66) if c not in used]
    deck_cards = top + (spare if rest == "deck" else [])
    piled += spare if rest == "pile" else []
    state[AT.deck_top] = 66 - len(deck_cards)
    state[AT.deck + 66 - len(deck_cards):AT.deck + 66] = bytes(deck_cards)
    state[AT.pile:AT.pile + len(piled)] = bytes(piled)
    state[AT.pile_count] = len(piled)
    state[AT.phase] = PHASES.index("play")
    state[AT.active_seat] = active
    state[AT.final_round] = int(final_round)
    state[AT.last_seat] = NONE if last_seat is None else last_seat
    alaska.validate(state)
    return state


def play(state: bytearray, seat: int, text: str, events: list | None = None) -> bytearray:
    """Apply a text move in place (events appended when a list is given); returns the state."""
    code = alaska.parse_move(state, seat, text)
    alaska.apply_in_place(state, code, events)
    return state


def refused(state: bytearray, seat: int, text: str, code: str) -> str:
    """Assert the move is refused with reason `code`; return the message."""
    before = bytes(state)
    with pytest.raises(IllegalMove) as err:
        alaska.parse_move(state, seat, text)
    assert err.value.code == code, err.value.message
    assert bytes(state) == before
    return err.value.message


def texts(state: bytearray, kind: str | None = None) -> list[str]:
    return [i.text for i in alaska.describe_moves(state) if kind is None or i.kind == kind]


def view(state: bytearray, seat: int | None = None) -> dict:
    return alaska.view(state, seat)


def river(state: bytearray) -> dict[str, int]:
    return {s["card"]: s["position"] for s in view(state)["salmon"]}


def anglers(state: bytearray) -> dict[int, str]:
    return {a["section"]: a["card"] for a in view(state)["anglers"]}


def caught(state: bytearray, seat: int) -> list[str]:
    return view(state)["seats"][seat]["caught"]


def hand(state: bytearray, seat: int) -> list[str]:
    return view(state, seat)["hand"]


def phase(state: bytearray) -> str:
    return view(state)["phase"]


def pile(state: bytearray) -> list[str]:
    return view(state)["discard"]


def set_die_seed(state: bytearray, face: int) -> None:
    """Make the state's generator roll `face` (1-6) next: search seeds with the same algorithm."""
    for seed in range(10_000):
        if rng.Rng(seed).below(6) + 1 == face:
            rng.seed_into(state, AT.rng, seed)
            return
    raise AssertionError("no seed found")


__all__ = ["CARD_IDS", "alaska", "anglers", "build", "caught", "hand", "phase", "pile", "play", "refused", "rig",
           "river", "set_die_seed", "texts", "view"]
