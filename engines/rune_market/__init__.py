"""Rune Market (Markt der Runen, game id `rune_market`): see game.py."""
from .game import RUNE_MARKET

__all__ = ["RUNE_MARKET"]
