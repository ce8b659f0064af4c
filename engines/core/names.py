"""Names numbered by their order (a game's phases, refusal reasons, event kinds), declared once in the game's
`declarations.py`: the generated offsets (engines/core/offsets.py) give each name a C constant for the compiled
rules and the same Python constant, `prefix` + NAME = its number, so no game copies a number by hand."""
from __future__ import annotations


class Names(tuple):
    """`Names("main", "after", prefix="")`: a tuple of the names, numbered 0, 1, ... in order."""

    prefix: str

    def __new__(cls, *names: str, prefix: str = ""):
        if len(set(names)) != len(names) or not all(n.isidentifier() and n == n.lower() for n in names):
            raise ValueError(f"names must be distinct lower-case identifiers: {names}")
        made = super().__new__(cls, names)
        made.prefix = prefix
        return made

    def constants(self) -> dict[str, int]:
        """Each name's constant (`prefix` + NAME) and its number."""
        return {self.prefix + name.upper(): i for i, name in enumerate(self)}
