"""Every constant of a game package by name: its layouts' offsets and sizes, its state module's and its
declarations' numbers (engines/core/offsets.py writes them into offsets.pxd for C; a package's offsets.py
reads them here for Python)."""
from __future__ import annotations

import importlib
from types import ModuleType

from .events import EventForms
from .layout import Block, Layout
from .names import Names


def constants(state: ModuleType, declarations: ModuleType | None = None) -> dict[str, int]:
    """Every constant of a state module (and of the game's declarations) by name, in declaration order;
    ValueError on a name clash."""
    found: dict[str, int] = {}

    def add(name: str, value: int) -> None:
        if name in found and found[name] != value:
            raise ValueError(f"{state.__name__}: two constants are called {name} ({found[name]} and {value})")
        found[name] = value

    for var, value in vars(state).items():
        if isinstance(value, int) and not isinstance(value, bool) and var.isupper():
            add(var, value)
    for var, layout in vars(state).items():
        if not isinstance(layout, Layout) or not var.isupper():
            continue
        prefix = "" if var == "STATE" else var + "_"
        for name, offset in layout.offsets().items():
            if name == "size":
                continue
            item = layout.item(name)
            add(prefix + name.upper(), offset)
            if item.count > 1 or isinstance(item, Block):
                add(prefix + name.upper() + "_LEN", item.count)
        add(prefix + "SIZE", layout.size)
    if declarations is not None:
        for var, value in vars(declarations).items():
            if isinstance(value, int) and not isinstance(value, bool) and var.isupper():
                add(var, value)
            elif isinstance(value, (Names, EventForms)):
                for name, number in (value if isinstance(value, Names) else value.kinds).constants().items():
                    add(name, number)
    return found


def values(package: str) -> dict[str, int]:
    """Every constant of a loaded game package (its dotted name), as its offsets.pxd declares them."""
    declared = None
    try:
        declared = importlib.import_module(f"{package}.declarations")
    except ModuleNotFoundError as missing:
        if missing.name != f"{package}.declarations":
            raise
    return constants(importlib.import_module(f"{package}.state"), declared)
