"""Cambio (game id `cambio`): spec shared/rules/cambio.md. Rules summary and decisions: game.py's docstring."""
from .game import CAMBIO, CambioGame

__all__ = ["CAMBIO", "CambioGame"]
