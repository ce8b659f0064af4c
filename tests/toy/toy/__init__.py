"""Toy: a test-only card game in the package shape of every game (README, "Adding a game"), registered with
TABLETOP_EXTRA_GAMES="tests.toy.toy:TOY".

Rules in brief: 12 cards (suits A, B, C; ranks 1-4), 2-3 seats, 3 cards each, one card face up starts the
pile. In turn, a seat plays a card of the top card's suit or rank (`play B3`), or draws the deck's top card
(`draw`; an empty deck is rebuilt from the pile under its top card, shuffled), or passes when nothing is left
to draw. The game ends when a hand is empty or after 60 moves; fewest cards left wins (ties share the win).

It proves that a game added outside engines/ by the README's steps gets the registry-driven suites
(playouts, fuzzing, views, golden, perft, RNG pin, compiled/interpreted parity) and the service for free.
No .proto: it plays over the API with text moves and a generic view.
"""
from .game import TOY, ToyGame

__all__ = ["TOY", "ToyGame"]
