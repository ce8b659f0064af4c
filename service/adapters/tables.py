"""What a game's NewGame takes at each seat count, found by asking the engine (`game.new`).

The OpenAPI document promises per table what the game takes, so a request it allows is never
refused and one it forbids is not taken. Some games take some option values only at some
seat counts (White Hat: `solo` exactly at one seat, `robot` exactly at two, `first_dealer` below
the engine's seat count); asking the engine rather than restating its rules keeps the document
true when those rules change. Seat options are below the seat count by definition: they stay
symbolic, so a game whose other options do not depend on the seat count keeps one table.
Likewise an int option whose range only widens with the seat count (White Hat's `first_dealer`
at 3-6 seats) joins those counts into one table, bounded for the smallest, as seat options are:
the table then promises less than the engine takes at its larger counts, never more, and the
document (and every case a fuzzer draws from it) stays small.
"""
from __future__ import annotations

from dataclasses import dataclass

import engines
from engines.core.options import OptionSpec

# An int option with at most this many values is tried value by value; a wider one at its ends and
# default (no registered game bounds a wide range by the seat count).
INT_PROBES = 64


@dataclass(frozen=True)
class Taken:
    """One option at a table: the values (as text) a new game takes with it given beside the required ones.

    None: not listed: a seat (0..seats-1), or a wide int range taken at its ends (min..max).
    """

    spec: OptionSpec
    values: tuple[str, ...] | None


@dataclass(frozen=True)
class Table:
    """Seat counts low..high at which a new game takes the same options."""

    low: int
    high: int
    options: tuple[Taken, ...]
    required: tuple[tuple[str, str], ...]  # (option, a value it takes): options the game will not default


def tables(game) -> list[Table]:
    """The game's tables, one per run of seat counts taking the same options (seat counts no
    options make playable are left out)."""
    info, out = game.info, []
    for seats in range(info.min_seats, info.max_seats + 1):
        required = _required(game, seats)
        if required is None:
            continue
        base = dict(required)
        options = tuple(_taken(game, seats, base, spec) for spec in info.options)
        last = out[-1] if out else None
        if last and last.high == seats - 1 and last.required == tuple(required) and _widens(last.options, options):
            out[-1] = Table(last.low, seats, last.options, last.required)
        else:
            out.append(Table(seats, seats, options, tuple(required)))
    return out


def _required(game, seats: int) -> list[tuple[str, str]] | None:
    """The options a new game at `seats` refuses to default, each with the first value that satisfies
    it, following the refusals (which name their option); None when no option values make it playable."""
    known = {s.name: s for s in game.info.options}
    given: dict[str, str] = {}
    for _ in range(len(known) + 1):
        refused = _refusal(game, seats, given)
        if refused is None:
            return list(given.items())
        name = refused.details.get("option")
        if name not in known or name in given:
            return None
        fixes = [v for v in _candidates(known[name], seats)
                 if _option_named(_refusal(game, seats, {**given, name: v})) != name]
        if not fixes:
            return None
        given[name] = fixes[0]
    return None


def _taken(game, seats: int, base: dict[str, str], spec: OptionSpec) -> Taken:
    if spec.type == "seat":
        return Taken(spec, None)
    values = tuple(v for v in _candidates(spec, seats) if _refusal(game, seats, {**base, spec.name: v}) is None)
    wide = spec.type == "int" and spec.max - spec.min >= INT_PROBES
    return Taken(spec, None if wide and len(values) == len(set(_candidates(spec, seats))) else values)


def _widens(before: tuple[Taken, ...], after: tuple[Taken, ...]) -> bool:
    """Whether `after` takes what `before` does, differing only in int ranges that start alike and reach
    further (so the smaller seat count's bound holds at both)."""
    return all(a == b or (a.spec.type == b.spec.type == "int" and a.values and b.values
                          and b.values[:len(a.values)] == a.values) for a, b in zip(before, after))


def _candidates(spec: OptionSpec, seats: int) -> tuple[str, ...]:
    """The values to try: every listed one, every seat, an int range (its ends when wide), else the default."""
    if spec.allowed:
        return spec.allowed
    if spec.type == "seat":
        return tuple(str(i) for i in range(seats))
    if spec.type == "int":
        if spec.max - spec.min >= INT_PROBES:
            return tuple(dict.fromkeys((str(spec.min), spec.default, str(spec.max))))
        return tuple(str(i) for i in range(spec.min, spec.max + 1))
    return (spec.default,)  # free text or a list: what it takes depends on the game's cards


def _refusal(game, seats: int, options: dict[str, str]) -> engines.RuleError | None:
    try:
        game.new(seats, options, 0)
    except engines.RuleError as e:
        return e
    return None


def _option_named(refused: engines.RuleError | None) -> str | None:
    return None if refused is None else refused.details.get("option")
