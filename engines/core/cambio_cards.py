"""The Cambio card family: rune cards shared by Cambio, Kodiak, Alaska and Rune Market.

The four games of the Cambio deck use the same kind of card: an id, a rune (the
symbol that makes cards "identical"), points, and sometimes an action. Each game
keeps its own deck file (`data/deck.toml`) in this family's format:

    runes = ["NULL", "ONE", ...]           # the rune names, in rune-number order
    [[kind]]                               # one table per card kind, in standard order
    prefix = "N0-"                         # ids are <prefix><copy>, copies 1..count ...
    rune = "NULL"
    points = 0
    count = 2
    action = ""                            # one of the game's action names, "" for none
    # ... or `ids = ["RK-1"]` instead of prefix/count for hand-named cards.

`load_deck` validates the file against the game's action names and returns a
frozen `Deck`: ids in standard order and per-card tables as `bytes` (rune number,
points & 0xFF, action number) that compiled rules index directly.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Sequence

from .data import DataError, Entry, entries, load


@dataclass(frozen=True)
class Deck:
    """A game's deck of the Cambio family, frozen: ids and per-card tables in standard order."""

    runes: tuple[str, ...]            # rune names by rune number
    ids: tuple[str, ...]              # card ids in standard order
    rune: bytes                       # rune number per card
    points: tuple[int, ...]           # points per card (signed)
    points_byte: bytes                # points & 0xFF per card, for compiled tables
    action: bytes                     # action number per card (0 = none)
    index: Mapping[str, int]          # card id -> card number

    def __len__(self) -> int:
        return len(self.ids)

    def card_id(self, card: int) -> str:
        """The id of card number `card`."""
        return self.ids[card]


def load_deck(path: Path | str, actions: Sequence[str], size: int | None = None) -> Deck:
    """Read a deck file of this family; DataError names the file, the card kind and the problem.

    `actions` are the game's action names by number (index 0 must be "" = no action);
    `size`, when given, is the number of cards the rules expect.
    """
    data = load(path)
    runes = data.get("runes")
    if not isinstance(runes, list) or not runes or not all(isinstance(r, str) and r for r in runes) \
            or len(set(runes)) != len(runes) or len(runes) > 255:
        raise DataError(path, "runes", "must be a list of distinct rune names")
    ids: list[str] = []
    rune: list[int] = []
    points: list[int] = []
    action: list[int] = []
    for kind in entries(path, data, "kind"):
        kind.unknown(("prefix", "ids", "rune", "points", "count", "action"))
        names = _kind_ids(kind)
        r = runes.index(kind.get("rune", str, choices=runes))
        p = kind.get("points", int, lo=-128, hi=127)
        a = list(actions).index(kind.get("action", str, default="", choices=actions))
        for card_id in names:
            ids.append(card_id)
            rune.append(r)
            points.append(p)
            action.append(a)
    if len(set(ids)) != len(ids):
        repeated = sorted({c for c in ids if ids.count(c) > 1})
        raise DataError(path, "kind", f"card ids repeated: {', '.join(repeated)}")
    if size is not None and len(ids) != size:
        raise DataError(path, "kind", f"the deck has {len(ids)} cards, the rules expect {size}")
    return Deck(tuple(runes), tuple(ids), bytes(rune), tuple(points), bytes(x & 0xFF for x in points),
                bytes(action), MappingProxyType({c: i for i, c in enumerate(ids)}))


def _kind_ids(kind: Entry) -> list[str]:
    if "ids" in kind.raw:
        names = kind.get("ids", list)
        if not names or not all(isinstance(x, str) and x for x in names):
            raise kind.fail("field 'ids' must list card ids")
        return list(names)
    prefix = kind.get("prefix", str)
    count = kind.get("count", int, lo=1, hi=255)
    return [f"{prefix}{copy}" for copy in range(1, count + 1)]
