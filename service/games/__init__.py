"""Per-game API mappings: one small module per game, listed here explicitly.

A mapping module provides GAME_ID, the typed Structs of its proto file and
`move_payload(MoveInfo)`, `move_text(typed move)`, `options(typed options)`,
`view(engine view dict)`. Adding a game = its proto file, its module here, and
one oneof field named by the game id in Move, View and NewGameRequest.
"""
from __future__ import annotations

from types import ModuleType

from . import cambio, hats

MAPPINGS: dict[str, ModuleType] = {m.GAME_ID: m for m in (hats, cambio)}
