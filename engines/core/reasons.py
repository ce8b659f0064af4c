"""The one table of refusal reasons: every game and every call refuses through it.

A reason is a stable snake_case code with its gRPC status, HTTP status and the
grammar of its message. The core owns the reasons every game shares (seat
count, seed, deck, options, seat range, turn, game over, unlisted move, move
text, state); a game adds only its own rule reasons, all of the kind "a move not
legal now" (FAILED_PRECONDITION / 409), through `rule_reasons`.

Message grammar, the same for every game:
- a move refused:   `illegal move '<text>' by seat <n>: <why>` (or `move code <c>` when no text was given)
- unreadable text:  `bad move text '<text>': <what is wrong>`
- an option:        `option <name>=<value>: <what is wrong>`
- a field:          `<field>: <what is wrong>`
The statuses live here, not in the service, so the same refusal gives the same
reason, code and status in every game and every call.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

INVALID_ARGUMENT = "INVALID_ARGUMENT"
FAILED_PRECONDITION = "FAILED_PRECONDITION"
NOT_FOUND = "NOT_FOUND"

# gRPC status name -> HTTP status (API.md): the only place the two are paired.
HTTP_STATUS: Mapping[str, int] = MappingProxyType({
    "INVALID_ARGUMENT": 400,
    "UNAUTHENTICATED": 401,
    "PERMISSION_DENIED": 403,
    "NOT_FOUND": 404,
    "FAILED_PRECONDITION": 409,
    "ABORTED": 409,
    "RESOURCE_EXHAUSTED": 413,
    "UNIMPLEMENTED": 501,
    "INTERNAL": 500,
    "UNAVAILABLE": 503,
    "DEADLINE_EXCEEDED": 504,
})


@dataclass(frozen=True)
class Reason:
    """A refusal reason: its code, its gRPC status and what it means (the message's gist)."""

    code: str
    status: str
    meaning: str

    @property
    def http(self) -> int:
        return HTTP_STATUS[self.status]


def _table(*rows: tuple[str, str, str]) -> Mapping[str, Reason]:
    return MappingProxyType({code: Reason(code, status, meaning) for code, status, meaning in rows})


# The reasons every game shares. Unreadable or out-of-range input is INVALID_ARGUMENT (400): the same
# request can never succeed. A well-formed move that the position does not allow is FAILED_PRECONDITION
# (409): the same request may succeed on another state.
SHARED = _table(
    ("unknown_game", NOT_FOUND, "no game with this id"),
    ("bad_seat_count", INVALID_ARGUMENT, "the game is not played by this many seats"),
    ("bad_seed", INVALID_ARGUMENT, "the seed is not an integer in 0..2**64-1"),
    ("unknown_option", INVALID_ARGUMENT, "the game has no option of this name"),
    ("bad_option_value", INVALID_ARGUMENT, "the option's value is not allowed"),
    ("bad_deck", INVALID_ARGUMENT, "the rigged deck is not made of this game's cards"),
    ("deck_given_twice", INVALID_ARGUMENT, "the deck was given both as an argument and as option deck"),
    ("no_such_seat", INVALID_ARGUMENT, "the seat is not at this table"),
    ("bad_move_text", INVALID_ARGUMENT, "the move text cannot be read"),
    ("unknown_move", INVALID_ARGUMENT, "the move text does not start with one of the game's move words"),
    ("bad_state", INVALID_ARGUMENT, "the bytes are not a consistent state of this game"),
    ("game_over", FAILED_PRECONDITION, "the game is over: no move is legal"),
    ("not_your_turn", FAILED_PRECONDITION, "another seat is to act"),
    ("not_legal", FAILED_PRECONDITION, "the move code is not in the legal-move list of this state"),
    ("move_ambiguous", INVALID_ARGUMENT, "the move and its `index` in the legal-move list name different moves"),
)


def rule_reasons(game_id: str, reasons: Mapping[str, str]) -> Mapping[str, Reason]:
    """A game's own rule reasons ({code: why}) as moves not legal now, checked against the shared table."""
    clash = sorted(set(reasons) & set(SHARED))
    if clash:
        raise ValueError(f"{game_id}: rule reasons {', '.join(clash)} are shared reasons; use the shared ones")
    return _table(*((code, FAILED_PRECONDITION, why) for code, why in reasons.items()))


def find(code: str, game_reasons: Mapping[str, Reason] | None = None) -> Reason | None:
    """The reason for `code`: a shared one, else one of the game's rule reasons."""
    reason = SHARED.get(code)
    if reason is None and game_reasons:
        reason = game_reasons.get(code)
    return reason
