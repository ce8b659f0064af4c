"""Helpers for the White Hat tests: positions built from the spec's test setups (§13)."""
from __future__ import annotations

import json
from pathlib import Path

import engines
from engines.core import rng
from engines.white_hat import rules_flow as flow, rules_round as rounds
from engines.white_hat.game import CARD_OF
from engines.white_hat.state import STATE

AT = STATE.at
IDS = ("white_hat", "black_hat")
DATA = Path(engines.__file__).parent / "white_hat" / "data"


def standard_for(game_id: str) -> str:
    """`board` option giving the White Hat standard board's layout for either id.

    Black Hat gets the same file as a custom board with `game` set to black_hat and
    the Backflip (33) made a router, so the board tests of §13 run for both ids.
    """
    if game_id == "white_hat":
        return "standard"
    data = json.loads((DATA / "whitehat-standard.json").read_text())
    data["game"], data["id"] = "black_hat", "blackhat-test"
    for space in data["spaces"]:
        if space["type"] == "backflip":
            space["type"] = "router"
    return json.dumps(data)


def new(game_id: str = "white_hat", players: int = 4, dealer: int = 0, deck=None, board=None) -> tuple:
    game = engines.get(game_id)
    options = {"first_dealer": str(dealer), "board": board or standard_for(game_id)}
    if deck:
        options["deck"] = ",".join(deck)
    return game, game.new(players, options, 1)


def cards(text: str) -> list[int]:
    return [CARD_OF[w] for w in text.split()]


def hand(game, state, seat) -> str:
    return " ".join(game.view(state, seat)["hand"])


def set_hands(state: bytearray, hands: dict[int, str], fill: int = 6) -> None:
    """Give the listed seats exactly these hands; others get `fill` cards; the rest is the deck; no pile."""
    n = state[AT.players]
    pool = {c: (6 if c <= 13 else 5 if c == 14 else 1) for c in range(1, 16)}
    for s in range(6):
        for c in range(16):
            state[AT.hands + 16 * s + c] = 0
    for seat, text in hands.items():
        for c in cards(text):
            assert pool[c] > 0, f"too many {c}"
            pool[c] -= 1
            state[AT.hands + 16 * seat + c] += 1
    for seat in range(n):
        if seat in hands:
            continue
        want = fill
        for c in [15] + list(range(13, 0, -1)):
            while want and pool[c] and (c != 15 or pool[15]):
                pool[c] -= 1
                state[AT.hands + 16 * seat + c] += 1
                want -= 1
    assert pool[15] == 0, "the hat must be in a hand"
    deck = [c for c in range(1, 15) for _ in range(pool[c])]
    state[AT.deck:AT.deck + 84] = bytes(deck + [0] * (84 - len(deck)))
    state[AT.deck_top], state[AT.deck_end], state[AT.pile_count] = 0, len(deck), 0
    state[AT.pile:AT.pile + 84] = bytes(84)


def put(state: bytearray, **where: int) -> None:
    """Pawns on spaces: put(state, p1a=2, p2b=4)."""
    for name, space in where.items():
        seat, side = int(name[1]), name[2]
        state[AT.pawns + 2 * seat + (side == "b")] = space


def lead(state: bytearray, seat: int) -> None:
    """A fresh trick led by `seat`."""
    rounds.start_trick(state, seat)


def won(state: bytearray, seat: int, events=None, game_id: str = "white_hat") -> None:
    """`seat` just won a normal trick (§4.7 step 3 onward); `events` gets the Events of the automatic steps."""
    state[AT.winner] = seat
    if flow.has_pawn_move(state, seat):
        state[AT.phase], state[AT.to_act] = 2, seat
        return
    raw = []
    flow.draw(state, seat, raw)
    flow.advance(state, raw)
    if events is not None:
        events.extend(engines.get(game_id).name_events(raw, state))


def act(game, state, seat: int, text: str) -> list:
    """Apply a text move in place; its events."""
    events = []
    game.apply_in_place(state, game.parse_move(state, seat, text), events)
    return events


def texts(game, state) -> list[str]:
    return [info.text for info in game.describe_moves(state)]


def refused(game, state, seat: int, text: str) -> str:
    try:
        game.parse_move(state, seat, text)
    except engines.RuleError as error:
        return error.message
    raise AssertionError(f"{text!r} was accepted")


def rig_rng(state: bytearray, n: int, want: int) -> None:
    """Set the state's generator so that its next `below(n)` is `want`."""
    for seed in range(10_000):
        probe = bytearray(8)
        rng.seed_into(probe, 0, seed)
        if rng.below(probe, 0, n) == want:
            rng.seed_into(state, AT.rng, seed)
            return
    raise AssertionError("no seed found")
