"""Hats (game id `hats`): spec shared/rules/hats.md."""
from .game import HATS, HatsGame

__all__ = ["HATS", "HatsGame"]
