"""The Alaska deck, loaded from data/deck.toml (Cambio card family format) and checked against the rules.

The compiled rules know the cards by standard-order ranges (state.py: salmon 0-15, currents
16-27, ..., cast cards 42-65 with number (card - 42) // 4 + 1). This module reads the data
file and refuses it unless it describes exactly that deck: the file is the single place the
ids, runes and numbers are written, and the arithmetic cannot drift from it unnoticed.
"""
from __future__ import annotations

from pathlib import Path

from ..core.cambio_cards import Deck, load_deck
from ..core.data import DataError, Entry, load
from .state import CAST_COPIES, FIRST_CAST, KIND_NAMES, KIND_STARTS, N_CARDS, SECTIONS

DATA = Path(__file__).resolve().parent / "data"
# The rune of each card kind (state.KIND_NAMES order), and of the river cards.
KIND_RUNES = ("FISH", "WAVE", "CAMERA", "HUT", "WING", "PAW", "HOOK")
RIVER_RUNE = "RIVER"


def load_cards(path: Path = DATA / "deck.toml") -> tuple[tuple[str, ...], tuple[str, ...], Deck]:
    """(river card ids, the 66 deck card ids in standard order, the whole Deck); DataError if it does not fit."""
    deck = load_deck(path, ("",), size=SECTIONS + N_CARDS)
    river_rune = deck.runes.index(RIVER_RUNE) if RIVER_RUNE in deck.runes else -1
    river = tuple(c for i, c in enumerate(deck.ids) if deck.rune[i] == river_rune)
    cards = tuple(c for i, c in enumerate(deck.ids) if deck.rune[i] != river_rune)
    if len(river) != SECTIONS or deck.ids[:SECTIONS] != river:
        raise DataError(path, "kind", f"the first {SECTIONS} cards must be the river cards (rune {RIVER_RUNE})")
    numbers = Entry(path, "numbers", load(path).get("numbers"))
    for i, card in enumerate(river):
        if numbers.get(card, int) != i + 1:
            raise numbers.fail(f"river card {card} must have number {i + 1} (the river's order)")
    for number, card in enumerate(cards):
        kind = next(k for k in range(len(KIND_NAMES)) if KIND_STARTS[k] <= number < KIND_STARTS[k + 1])
        rune = deck.runes[deck.rune[SECTIONS + number]]
        if rune != KIND_RUNES[kind]:
            raise DataError(path, "kind", f"card {card} (number {number}) has rune {rune}; the rules expect "
                            f"{KIND_RUNES[kind]} ({KIND_NAMES[kind]})")
        if deck.points[SECTIONS + number] != (1 if KIND_NAMES[kind] == "salmon" else 0):
            raise DataError(path, "kind", f"card {card}: only salmon are worth a point")
        if KIND_NAMES[kind] == "cast" and numbers.get(card, int) != (number - FIRST_CAST) // CAST_COPIES + 1:
            raise numbers.fail(f"cast card {card} must have number {(number - FIRST_CAST) // CAST_COPIES + 1}")
    numbers.unknown(river + cards[FIRST_CAST:])
    return river, cards, deck


RIVER_IDS, CARD_IDS, DECK = load_cards()
CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}


def kind_of(card: int) -> str:
    """The kind name (state.KIND_NAMES) of card number `card`."""
    return next(KIND_NAMES[k] for k in range(len(KIND_NAMES)) if KIND_STARTS[k] <= card < KIND_STARTS[k + 1])


def cast_number(card: int) -> int:
    """The number of a cast card (0 for other cards)."""
    return (card - FIRST_CAST) // CAST_COPIES + 1 if FIRST_CAST <= card < N_CARDS else 0
