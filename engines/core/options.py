"""Option specs as data: loaded from a game's `data/options.toml` and validated at load."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Mapping

from .errors import BadOption
from .game import OptionSpec

_TYPES = ("int", "enum", "list", "text")


def load_specs(path: Path) -> tuple[OptionSpec, ...]:
    """Read `[[option]]` tables (name, type, default, allowed, description) from a TOML file."""
    with open(path, "rb") as f:
        raw = tomllib.load(f)
    specs = []
    for entry in raw.get("option", []):
        spec = OptionSpec(
            name=entry["name"], type=entry["type"], default=str(entry.get("default", "")),
            allowed=tuple(str(a) for a in entry.get("allowed", ())), description=entry["description"],
        )
        if spec.type not in _TYPES:
            raise ValueError(f"{path}: option {spec.name!r} has unknown type {spec.type!r}")
        if spec.type == "enum" and spec.default not in spec.allowed:
            raise ValueError(f"{path}: option {spec.name!r} default {spec.default!r} is not allowed")
        specs.append(spec)
    return tuple(specs)


def resolve(specs: tuple[OptionSpec, ...], given: Mapping[str, object] | None) -> dict[str, str]:
    """Every option's value (given or default) as text; unknown names and bad enum values refused."""
    known = {s.name: s for s in specs}
    values = {s.name: s.default for s in specs}
    for name, value in (given or {}).items():
        spec = known.get(name)
        if spec is None:
            raise BadOption("unknown_option", f"unknown option {name!r} (known: {', '.join(known) or 'none'})",
                            option=name)
        text = str(value).strip()
        if spec.type == "enum" and text not in spec.allowed:
            raise BadOption("bad_option_value",
                            f"option {name}={text!r} is not one of {', '.join(spec.allowed)}", option=name)
        if spec.type == "int":
            try:
                int(text)
            except ValueError:
                raise BadOption("bad_option_value", f"option {name}={text!r} is not an integer",
                                option=name) from None
        values[name] = text
    return values


def seat_option(values: Mapping[str, str], name: str, players: int) -> int:
    """An option naming a seat, checked to be in 0..players-1."""
    seat = int(values[name])
    if not 0 <= seat < players:
        raise BadOption("bad_option_value", f"option {name}={seat} is not a seat (0..{players - 1})", option=name)
    return seat
