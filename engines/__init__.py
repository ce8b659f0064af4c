"""tabletop-engine's rules: one package per game behind one `Game` contract.

    import engines
    hats = engines.get("hats")
    state = hats.new(3, {"start_seat": "0"}, seed=7)
    moves = hats.legal_moves(state)
    state, events = hats.apply(state, moves[0])

Set TABLETOP_PUREPYTHON=1 to run the interpreted source instead of the Cython build.
"""
from .core import purepython as _purepython

# Install the source finder before any compiled submodule is imported.
if _purepython.forced() and __name__ == "engines":
    _purepython.install_for("engines")

from .core.errors import BadMoveText, BadOption, BadState, IllegalMove, RuleError, UnknownGame  # noqa: E402
from .core.game import Event, Game, GameInfo, MoveInfo, OptionSpec, Scores, SeatScore  # noqa: E402
from .registry import GAMES, decode, games, get  # noqa: E402
from .core.rng import __file__ as _rng_file  # noqa: E402

COMPILED = not _rng_file.endswith(".py")
"""True when the Cython extensions are in use."""

__all__ = [
    "GAMES", "COMPILED", "BadMoveText", "BadOption", "BadState", "Event", "Game", "GameInfo", "IllegalMove",
    "MoveInfo", "OptionSpec", "RuleError", "Scores", "SeatScore", "UnknownGame", "decode", "games", "get",
]
