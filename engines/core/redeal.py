"""Re-dealing what a seat cannot see: one loop for every game that keeps its cards in places.

A game names the places whose cards a seat cannot tell apart (`Game.unseen`: groups of state offsets,
each group permuted within itself) and, if it keeps a mark per card that belongs to the place rather than
to the card (who knows the card there, who gave it), that table's offset (`Game.unseen_marks`).
`Game.redeal_unseen` permutes each group with the caller's shuffle; the service tells by it whether a
game hides anything, and the leak tests compare a seat's answers across such re-deals.
"""
from __future__ import annotations

from typing import Callable


def permute(state: bytearray, places: list[int], shuffle: Callable[[list], None], marks: int | None) -> None:
    """Permute the cards at `places` among them, in place; with `marks`, the card a place receives takes
    the mark the place's card had (`state[marks + card]`), so what is known of a place stays with it."""
    cards = [state[p] for p in places]
    kept = [state[marks + c] for c in cards] if marks is not None else None
    order = list(range(len(cards)))
    shuffle(order)
    for j, p in enumerate(places):
        card = cards[order[j]]
        state[p] = card
        if kept is not None:
            state[marks + card] = kept[j]
