"""Loading data files (decks, boards, tiles, options): TOML or JSON, validated, errors naming file and entry.

Boards can come from users' files too, so every problem is a `DataError` that names
the file, the entry and what is wrong, never a KeyError from deep inside a game.
"""
from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, Iterable, Mapping


class DataError(ValueError):
    """A data file that cannot be used: `path`, `entry` and `problem` say where and why."""

    def __init__(self, path: Path | str, entry: str, problem: str):
        self.path, self.entry, self.problem = str(path), entry, problem
        where = f"{Path(path).name}: {entry}: " if entry else f"{Path(path).name}: "
        super().__init__(where + problem)


def load(path: Path | str) -> dict:
    """A TOML (`.toml`) or JSON (`.json`) file as a dict; DataError when unreadable."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataError(path, "", f"cannot be read ({exc.strerror or exc})") from None
    try:
        data = tomllib.loads(raw.decode("utf-8")) if path.suffix == ".toml" else json.loads(raw)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise DataError(path, "", f"is not valid {path.suffix.lstrip('.').upper() or 'data'}: {exc}") from None
    if not isinstance(data, dict):
        raise DataError(path, "", "the top level must be a table/object")
    return data


class Entry:
    """One entry of a data file, read field by field with checks that name the file and the entry."""

    def __init__(self, path: Path | str, label: str, raw: Any):
        self.path, self.label = path, label
        if not isinstance(raw, Mapping):
            raise DataError(path, label, f"must be a table/object, not {type(raw).__name__}")
        self.raw = raw

    def fail(self, problem: str) -> DataError:
        """A DataError about this entry (raise it)."""
        return DataError(self.path, self.label, problem)

    def get(self, name: str, kind: type | tuple[type, ...], default: Any = ...,
            choices: Iterable[Any] | None = None, lo: int | None = None, hi: int | None = None) -> Any:
        """Field `name`, checked for type, allowed values and range; `default` when absent (else required)."""
        if name not in self.raw:
            if default is ...:
                raise self.fail(f"field {name!r} is missing")
            return default
        value = self.raw[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            raise self.fail(f"field {name!r} must be {names}, not {value!r}")
        if choices is not None:
            allowed = list(choices)
            if value not in allowed:
                raise self.fail(f"field {name!r} is {value!r}, not one of {', '.join(map(str, allowed))}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(f"field {name!r} is {value!r}, outside {lo}..{hi}")
        return value

    def unknown(self, known: Iterable[str]) -> None:
        """Refuse fields other than `known` (a typo in a user's board must not pass silently)."""
        extra = sorted(set(self.raw) - set(known))
        if extra:
            raise self.fail(f"unknown field(s) {', '.join(map(repr, extra))}")


def entries(path: Path | str, data: Mapping, key: str, label: str | None = None) -> list[Entry]:
    """The list `data[key]` as Entries labelled `<label>[i]` (or by their `id`/`name` when they have one)."""
    items = data.get(key)
    if not isinstance(items, list) or not items:
        raise DataError(path, key, "must be a non-empty list")
    out = []
    for i, raw in enumerate(items):
        name = raw.get("id", raw.get("name")) if isinstance(raw, Mapping) else None
        out.append(Entry(path, f"{label or key}[{i}]" + (f" ({name})" if name is not None else ""), raw))
    return out
