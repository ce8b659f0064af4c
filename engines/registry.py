"""The explicit list of games: registration is this tuple, never an import side effect."""
from __future__ import annotations

from .core import codec
from .core.errors import UnknownGame
from .core.game import Game, State
from .cambio import CAMBIO
from .hats import HATS

GAMES: tuple[Game, ...] = (HATS, CAMBIO)

_BY_ID = {g.info.id: g for g in GAMES}


def get(game_id: str) -> Game:
    """The game with this id; UnknownGame names the id and the known ones."""
    game = _BY_ID.get(game_id)
    if game is None:
        raise UnknownGame("unknown_game", f"unknown game {game_id!r} (known: {', '.join(_BY_ID)})", game=game_id)
    return game


def games() -> tuple[Game, ...]:
    """Every registered game, in registry order."""
    return GAMES


def decode(data: bytes) -> tuple[Game, State]:
    """The game and state of encoded state bytes, whichever game they belong to."""
    if type(data) is bytes:
        for game in GAMES:  # a handful of games: cheaper than parsing the header
            if data.startswith(game.codec_header):
                return game, game.decode(data)
    game_id, _version, _ = codec.peek(data)
    game = get(game_id)
    return game, game.decode(data)
