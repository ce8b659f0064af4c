"""Rule errors: every refusal names the input, the rule and a stable code.

`code` is a reason of engines/core/reasons.py: a shared one (whose status the
table fixes) or one of the game's rule reasons (moves not legal now).
"""
from . import reasons as _reasons


class RuleError(Exception):
    """Base of every error the engines raise on bad input; `code` is stable, `message` says why."""

    kind = "rule_error"

    def __init__(self, code: str, message: str, **details: object):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    @property
    def status(self) -> str:
        """The gRPC status name: the shared table's for a shared reason, else the error family's."""
        shared = _reasons.SHARED.get(self.code)
        return shared.status if shared is not None else self.default_status

    default_status = _reasons.INVALID_ARGUMENT

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class IllegalMove(RuleError):
    """The move is well formed but not legal now (not your turn, card not in hand, ...)."""

    kind = "illegal_move"
    default_status = _reasons.FAILED_PRECONDITION


class BadMoveText(RuleError):
    """The move text (or typed move) cannot be read: unknown keyword, not a card id, wrong arity."""

    kind = "bad_move"


class BadOption(RuleError):
    """An option, the seat count or the rigged deck is not acceptable for this game."""

    kind = "bad_option"


class BadState(RuleError):
    """Encoded state bytes are not a valid state of this game and codec version."""

    kind = "bad_state"


class UnknownGame(RuleError):
    """No game with this id is registered."""

    kind = "unknown_game"
    default_status = _reasons.NOT_FOUND
