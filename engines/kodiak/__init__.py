"""Kodiak (game id `kodiak`): spec shared/rules/kodiak.md."""
from .game import KODIAK, KodiakGame

__all__ = ["KODIAK", "KodiakGame"]
