"""Shared card and deck helpers."""
from __future__ import annotations

from typing import Sequence

from .errors import BadOption


def rigged_order(listed: Sequence[str], standard: Sequence[str], *, full: bool = False) -> list[str]:
    """The listed card ids on top, then the unlisted ones in standard order.

    Unknown or repeated ids are refused naming the id. With `full`, the list must
    be a whole permutation of `standard` (the `deck` argument of `Game.new`).
    """
    valid = set(standard)
    seen: set[str] = set()
    for card in listed:
        if card not in valid:
            raise BadOption("bad_deck", f"deck: {card!r} is not a card of this game's deck", option="deck", card=card)
        if card in seen:
            raise BadOption("bad_deck", f"deck: {card!r} is listed twice", option="deck", card=card)
        seen.add(card)
    if full and len(seen) != len(valid):
        missing = [c for c in standard if c not in seen]
        raise BadOption("bad_deck", f"deck: not a permutation of the game's deck; missing {', '.join(missing)}",
                        option="deck")
    return list(listed) + [c for c in standard if c not in seen]


def split_list(text: str) -> list[str]:
    """A comma-separated option value as a list of stripped, non-empty items."""
    return [item.strip() for item in text.split(",") if item.strip()]
