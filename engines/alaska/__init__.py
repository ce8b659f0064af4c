"""Alaska (game id `alaska`): see game.py and shared/rules/alaska.md."""
from .game import ALASKA

__all__ = ["ALASKA"]
