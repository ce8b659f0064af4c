"""Toy's state layout. No field declares live cells, so a token carries the whole state (codec 1)."""
from engines.core.layout import Block, Field, Layout

N_CARDS = 12
SEATS_MAX = 3

HAND = Layout("toy_hand", [
    Field("count"),
    Field("cards", N_CARDS),        # in the order taken
])

STATE = Layout("toy", [
    Field("players"),
    Field("active"),                # the seat to act
    Field("moves", width=2),        # moves applied since the deal
    Field("deck_n"),                # cards in the deck: its top is deck[deck_n - 1]
    Field("pile_n"),                # cards on the pile: its top is pile[pile_n - 1]
    Field("rng", 8),                # the generator's state (engines/core/rng.py)
    Field("deck", N_CARDS),
    Field("pile", N_CARDS),
    Block("hands", HAND, SEATS_MAX),
])
