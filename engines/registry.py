"""The explicit list of games: registration is this tuple, never an import side effect.

`TABLETOP_EXTRA_GAMES="package.module:ATTR,..."` adds games defined outside this
package (a test-only game, a game under development) after the built-in ones; the
variable is read once, when this module is imported.
"""
from __future__ import annotations

import importlib
import importlib.util
import os

from .core import codec
from .core import purepython as _purepython
from .core.errors import UnknownGame
from .core.game import Game, State
from .cambio import CAMBIO
from .hats import HATS
from .alaska import ALASKA
from .kodiak import KODIAK
from .rune_market import RUNE_MARKET
from .white_hat import BLACK_HAT, WHITE_HAT

BUILT_IN: tuple[Game, ...] = (HATS, CAMBIO, ALASKA, RUNE_MARKET, KODIAK, WHITE_HAT, BLACK_HAT)
EXTRA_ENV = "TABLETOP_EXTRA_GAMES"


def _extra_games(spec: str) -> tuple[Game, ...]:
    """The games named by `module:ATTR` entries; a bad entry fails loudly, naming it."""
    found = []
    for entry in (e.strip() for e in spec.split(",") if e.strip()):
        module_name, sep, attr = entry.partition(":")
        if not sep or not module_name or not attr:
            raise ValueError(f"{EXTRA_ENV}: entry {entry!r} is not 'package.module:ATTR'")
        if _purepython.forced() and "." in module_name:  # its compiled rules stay unused, as the engines' do
            package = module_name.rpartition(".")[0] if _is_module(module_name) else module_name
            _purepython.install_for(package, _purepython.folder(package))
        game = getattr(importlib.import_module(module_name), attr, None)
        # Duck-typed: the interpreted twin (engines_pure) registers the same extra game, whose class
        # derives from `engines.core.game.Game`, not from the twin's copy of it.
        if not (hasattr(game, "info") and callable(getattr(game, "legal_moves", None))):
            raise ValueError(f"{EXTRA_ENV}: {entry!r} is not a Game instance")
        found.append(game)
    return tuple(found)


def _is_module(name: str) -> bool:
    """True when `name` is a module file, not a package (a package's own source finder covers it)."""
    spec = importlib.util.find_spec(name)
    return spec is not None and not spec.submodule_search_locations


GAMES: tuple[Game, ...] = BUILT_IN + _extra_games(os.environ.get(EXTRA_ENV, ""))

_BY_ID = {g.info.id: g for g in GAMES}
if len(_BY_ID) != len(GAMES):
    raise ValueError("two registered games share an id: " + ", ".join(g.info.id for g in GAMES))


def get(game_id: str) -> Game:
    """The game with this id; UnknownGame names the id and the known ones."""
    game = _BY_ID.get(game_id)
    if game is None:
        raise UnknownGame("unknown_game", f"unknown game {str(game_id)[:64]!r} (known: {', '.join(_BY_ID)})",
                          game=str(game_id)[:64])
    return game


def games() -> tuple[Game, ...]:
    """Every registered game, in registry order."""
    return GAMES


def decode(data: bytes) -> tuple[Game, State]:
    """The game and state of encoded state bytes, whichever game they belong to."""
    if type(data) is bytes:
        for game in GAMES:  # a handful of games: cheaper than parsing the header
            if data.startswith(game.codec_header):  # the codec version the game writes now
                return game, game.decode(data)
    # Another header: an older codec version the game still reads (a Hats state sealed before its layout
    # declared live cells is codec 1), or not a state of any game.
    game_id, _version, _ = codec.peek(data)
    game = get(game_id)
    return game, game.decode(data)
