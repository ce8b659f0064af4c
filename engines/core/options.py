"""Option specs as data: declared once in a game's `data/options.toml`, enforced here for every game.

Each `[[option]]` has a name, a type, a default and a description, and by type:
- `int`: `min`/`max` (inclusive) and optionally `words`, other allowed values (e.g. `off`);
- `seat`: a seat number, 0..players-1 (checked once the seat count is known);
- `enum`: `allowed` values;
- `list`: comma-separated items (the game checks the items, e.g. card ids);
- `text`: free text the game reads itself.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Mapping

from dataclasses import dataclass

from .data import DataError, entries, load
from .errors import BadOption

TYPES = ("int", "seat", "enum", "list", "text")
_INT = re.compile(r"-?[0-9]{1,19}")
# Quoted values in messages are cut to this many characters: a message never repeats a huge input.
SHOWN = 40


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts: its type, default, allowed values (or range) and meaning."""

    name: str
    type: str  # one of TYPES
    default: str
    allowed: tuple[str, ...]
    description: str
    min: int | None = None  # int: the range, inclusive
    max: int | None = None
    words: tuple[str, ...] = ()  # int: other allowed values besides the range


def load_specs(path: Path) -> tuple[OptionSpec, ...]:
    """The options of `path` (TOML), validated; DataError names the file and the option."""
    data = load(path)
    specs = []
    for entry in entries(path, data, "option"):
        entry.unknown(("name", "type", "default", "allowed", "description", "min", "max", "words"))
        kind = entry.get("type", str, choices=TYPES)
        spec = OptionSpec(
            name=entry.get("name", str), type=kind, default=str(entry.get("default", (str, int))),
            allowed=tuple(str(a) for a in entry.get("allowed", list, default=[])),
            description=entry.get("description", str),
            min=entry.get("min", int, default=None), max=entry.get("max", int, default=None),
            words=tuple(str(w) for w in entry.get("words", list, default=[])),
        )
        if kind != "int" and (spec.min is not None or spec.max is not None or spec.words):
            # ListGames shows a range only for ints: a range on another type would be shown nowhere
            raise entry.fail(f"min, max and words are for int options, not {kind}")
        if kind == "enum" and spec.default not in spec.allowed:
            raise entry.fail(f"default {spec.default!r} is not one of allowed {list(spec.allowed)}")
        if kind == "int":
            if spec.min is None or spec.max is None or spec.min > spec.max:
                raise entry.fail("an int option needs min <= max")
            if spec.default not in spec.words and not (_INT.fullmatch(spec.default) and
                                                       spec.min <= int(spec.default) <= spec.max):
                raise entry.fail(f"default {spec.default!r} is outside {spec.min}..{spec.max}")
        specs.append(spec)
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        raise DataError(path, "option", "an option name is declared twice")
    return tuple(specs)


def shown(value: object) -> str:
    """`value` quoted for a message, cut to a short prefix."""
    text = str(value)
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "...")


def resolve(specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None, players: int = 0) -> dict[str, str]:
    """Every option's value (given or default) as text, each checked against its spec."""
    known = {s.name: s for s in specs}
    values = {s.name: s.default for s in specs}
    if given is not None and not isinstance(given, Mapping):
        raise BadOption("bad_option_value", f"options must be a mapping of names to values, not "
                        f"{type(given).__name__}", option="options")
    for name, value in (given or {}).items():
        spec = known.get(name)
        if spec is None:
            raise BadOption("unknown_option", f"unknown option {shown(name)} (known: "
                            f"{', '.join(known) or 'none'})", option=str(name)[:SHOWN])
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise BadOption("bad_option_value", f"option {name}={shown(value)}: give text or an integer",
                            option=name)
        values[name] = str(value).strip()
    for spec in specs:
        check(spec, values[spec.name], players)
    return values


def check(spec: OptionSpec, text: str, players: int) -> None:
    """Raise BadOption unless `text` is an allowed value of `spec` at this seat count."""
    bad = f"option {spec.name}={shown(text)}"
    if spec.type == "enum" and text not in spec.allowed:
        raise BadOption("bad_option_value", f"{bad}: not one of {', '.join(spec.allowed)}", option=spec.name)
    if spec.type == "int" and text not in spec.words:
        lo = spec.min if spec.min is not None else -2 ** 63
        hi = spec.max if spec.max is not None else 2 ** 63 - 1
        if not _INT.fullmatch(text) or not lo <= int(text) <= hi:
            also = f" or {', '.join(spec.words)}" if spec.words else ""
            span = f" in {spec.min}..{spec.max}" if spec.min is not None and spec.max is not None else ""
            raise BadOption("bad_option_value", f"{bad}: not an integer{span}{also}", option=spec.name)
    if spec.type == "seat" and players and (not _INT.fullmatch(text) or not 0 <= int(text) < players):
        raise BadOption("bad_option_value", f"{bad}: not a seat (0..{players - 1})", option=spec.name)
