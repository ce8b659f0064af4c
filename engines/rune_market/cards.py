"""The Rune Market cards from data/deck.toml (Cambio family format), checked against the rules' arithmetic.

rules.py computes with card numbers in standard order (number cards 0..29 with
number = card // 3 + 1, thieves 30..35, red main storages 36..39, blue 40..43);
loading fails loudly if the data file disagrees. The file also holds the market at
the start and the prices (§1.1, §2.2).
"""
from __future__ import annotations

from pathlib import Path

from ..core.cambio_cards import load_deck
from ..core.data import DataError, Entry, load
from . import constants as K
from . import rules

DATA = Path(__file__).resolve().parent / "data"
DECK_FILE = DATA / "deck.toml"
N_NUMBERS = K.N_NUMBERS


def _check(deck) -> None:
    names = deck.runes
    for card, rune in enumerate(deck.rune):
        want = (names[card // 3] if card < N_NUMBERS else "MASK" if card < K.HALL_RED0
                else "RED_HALL" if card < K.HALL_BLUE0 else "BLUE_HALL")
        if names[rune] != want or deck.points[card]:
            raise DataError(DECK_FILE, "kind", f"card {deck.ids[card]} must be a {want} card worth 0 "
                            "(the rules number the deck in standard order)")
    if names[:10] != ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN"):
        raise DataError(DECK_FILE, "runes", "must start with the numbers ONE..TEN")


def _market_and_prices() -> tuple[tuple[int, int, int, int], dict[int, int]]:
    raw = load(DECK_FILE)
    market = Entry(DECK_FILE, "market", raw.get("market"))
    market.unknown(("red", "blue", "outposts", "collectors"))
    counts = tuple(market.get(k, int, lo=1, hi=40) for k in ("red", "blue", "outposts", "collectors"))
    prices = Entry(DECK_FILE, "prices", raw.get("prices"))
    prices.unknown(("runes", "rune_sums", "cards_at_least"))
    by_seats = prices.get("runes", dict)
    if sorted(by_seats) != ["2", "3", "4", "5"] or not all(isinstance(v, int) and 1 <= v <= 8
                                                          for v in by_seats.values()):
        raise prices.fail("runes must give a price of 1..8 runes for 2, 3, 4 and 5 seats")
    if prices.get("rune_sums", list) != list(K.RUNE_SUMS) or \
            prices.get("cards_at_least", int) != K.CARDS_MIN:
        raise prices.fail(f"the rules compute with rune sums {list(K.RUNE_SUMS)} and {K.CARDS_MIN}")
    return counts, {int(k): v for k, v in by_seats.items()}


DECK = load_deck(DECK_FILE, ("",), size=K.N_CARDS)
_check(DECK)
CARD_IDS = DECK.ids
CARD_INDEX = dict(DECK.index)
MARKET, PRICES = _market_and_prices()


def number_of(card: int) -> int:
    """The number of a number card (1..10)."""
    return card // 3 + 1


def colour_name(c: int) -> str:
    return ("red", "blue")[c]


def card_id(card: int) -> str:
    return CARD_IDS[card]
