"""State layouts declared once: a list of named fields, offsets computed from it.

A game's state is one `bytearray`. Its layout is written once, as the fields in
order, each `count` cells of `width` bytes (little-endian, optionally signed), or
`count` repeats of a nested block layout (one block per seat, say):

    SEAT = Layout("seat", [Field("hand_count"), Field("hand", 9), ...])
    STATE = Layout("hats", [Field("players"), Field("moves", width=2), Block("seats", SEAT, 4), ...])

The compiled rules read the offsets as C constants generated from the layout
(engines/core/offsets.py: `offsets.pxd`, and `offsets.py` for Python), so the hot code
reads the bytearray directly; tools read fields by name through `read` and `cells`. A layout may end in a variable-length
tail (`size` is the fixed part).

A field may declare which of its cells are live, when the rules keep every other
cell 0: `live="hand_count"` (the first `hand_count` cells) or `live=("deck_top",
"deck_end")` (cells `deck_top` up to `deck_end`), naming one-byte fields declared
before it in the same layout (so inside a block, the block's own fields). The
compact codec (engines/core/compact.py) stores only live cells, and a decoder
reads each count before the cells it governs. A one-byte field may also declare
that its cells hold values of a few bits (`bits=6` for cards numbered below 64):
the codec then stores each in that many bits.
"""
from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass
from types import MappingProxyType
from typing import Sequence, Union


@dataclass(frozen=True)
class Field:
    """`count` cells of `width` bytes each (little-endian; `signed` two's complement); `live`: which are live;
    `bits`: every cell's value fits in that many bits (1-7; one-byte unsigned cells only)."""

    name: str
    count: int = 1
    width: int = 1
    signed: bool = False
    live: str | tuple[str, str] | None = None
    bits: int | None = None

    @property
    def size(self) -> int:
        return self.count * self.width


@dataclass(frozen=True)
class Block:
    """`count` repeats of a nested layout (e.g. one per seat)."""

    name: str
    layout: "Layout"
    count: int

    @property
    def width(self) -> int:
        return self.layout.size

    @property
    def size(self) -> int:
        return self.count * self.layout.size


Item = Union[Field, Block]


class Layout:
    """Named fields at computed offsets; read-only once built."""

    def __init__(self, name: str, items: Sequence[Item]):
        self.name = name
        offsets: dict[str, int] = {}
        by_name: dict[str, Item] = {}
        at = 0
        every = {item.name for item in items}
        for item in items:
            if item.name in by_name:
                raise ValueError(f"layout {name}: field {item.name!r} declared twice")
            if isinstance(item, Field) and (item.width not in (1, 2, 4, 8) or item.count < 0):
                raise ValueError(f"layout {name}: field {item.name!r} has a bad width or count")
            if isinstance(item, Field) and item.live is not None:
                _check_live(name, item, by_name, every)
            if isinstance(item, Field) and item.bits is not None and (
                    type(item.bits) is not int or not 0 < item.bits < 8 or item.width != 1 or item.signed):
                raise ValueError(f"layout {name}: field {item.name!r} has bits={item.bits!r}: a one-byte unsigned "
                                 "field's cells may declare 1 to 7 bits")
            by_name[item.name] = item
            offsets[item.name] = at
            at += item.size
        self._items = MappingProxyType(by_name)
        self._offsets = MappingProxyType(offsets)
        self.size = at
        self.has_live = any(item.live is not None if isinstance(item, Field) else item.layout.has_live
                            for item in items)
        self.has_bits = any(item.bits is not None if isinstance(item, Field) else item.layout.has_bits
                            for item in items)
        # `at.phase` is the offset of field `phase`: an immutable record, cheap to read in game.py.
        self.at = namedtuple(f"{name}_offsets", list(offsets) + ["size"])(*offsets.values(), at)

    def __repr__(self) -> str:
        return f"<Layout {self.name}: {len(self._items)} fields, {self.size} bytes>"

    def __contains__(self, name: str) -> bool:
        return name in self._items

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._items)

    def item(self, name: str) -> Item:
        """The declared field or block called `name` (KeyError names the layout)."""
        try:
            return self._items[name]
        except KeyError:
            raise KeyError(f"layout {self.name} has no field {name!r}") from None

    def offset(self, name: str, index: int = 0) -> int:
        """Offset of cell `index` of a field (or of block `index` of a block)."""
        item = self.item(name)
        if not 0 <= index < max(1, item.count):
            raise IndexError(f"layout {self.name}: {name}[{index}] is out of range (0..{item.count - 1})")
        return self._offsets[name] + index * item.width

    def offsets(self) -> dict[str, int]:
        """Every field's offset by name, plus `size` (for tools and tests)."""
        return dict(self._offsets, size=self.size)

    def read(self, buf, name: str, index: int = 0, base: int = 0) -> int:
        """The integer in cell `index` of field `name` (`base`: the enclosing block's offset)."""
        item = self.item(name)
        at = base + self.offset(name, index)
        value = int.from_bytes(buf[at:at + item.width], "little", signed=item.signed)
        return value

    def write(self, buf, name: str, value: int, index: int = 0, base: int = 0) -> None:
        """Store `value` in cell `index` of field `name`."""
        item = self.item(name)
        at = base + self.offset(name, index)
        buf[at:at + item.width] = int(value).to_bytes(item.width, "little", signed=item.signed)

    def cells(self, buf, name: str, count: int | None = None, base: int = 0) -> list[int]:
        """The first `count` cells (default: all) of a one-byte field, as ints."""
        item = self.item(name)
        if item.width != 1 or isinstance(item, Block):
            return [self.read(buf, name, i, base) for i in range(item.count if count is None else count)]
        at = base + self._offsets[name]
        return list(buf[at:at + (item.count if count is None else count)])

    def block(self, name: str, index: int, base: int = 0) -> tuple["Layout", int]:
        """(nested layout, absolute offset) of block `index` of block field `name`."""
        item = self.item(name)
        if not isinstance(item, Block):
            raise TypeError(f"layout {self.name}: {name!r} is a field, not a block")
        return item.layout, base + self.offset(name, index)


def _check_live(layout: str, item: Field, before: dict[str, Item], names: set[str]) -> None:
    """ValueError naming `item` unless its `live` names one-byte counts declared before it."""
    live = item.live
    refs = (live,) if isinstance(live, str) else live
    if not (isinstance(live, str) or isinstance(live, tuple) and len(live) == 2
            and all(isinstance(r, str) for r in live)):
        raise ValueError(f"layout {layout}: field {item.name!r} has live={live!r}: give a count field's name "
                         "or a (start, end) pair of field names")
    for ref in refs:
        if ref not in names:
            raise ValueError(f"layout {layout}: field {item.name!r} is live by {ref!r}, which is not a field "
                             "of this layout")
        if ref not in before:
            raise ValueError(f"layout {layout}: field {item.name!r} is live by {ref!r}, which must be declared "
                             "before it (a decoder reads the count first)")
        got = before[ref]
        # One unsigned byte: the compact codec's C loops read a count as one cell of the state.
        if not isinstance(got, Field) or got.count != 1 or got.width != 1 or got.signed:
            raise ValueError(f"layout {layout}: field {item.name!r} is live by {ref!r}, which is not a "
                             "one-cell, one-byte unsigned field")
