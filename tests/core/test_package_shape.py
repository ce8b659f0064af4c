"""Every game package has the same files, each with one job (README, "Adding a game"): a reader finds a rule,
a number or an event of any game where they find Hats'."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The one file set: declarations, layout, generated offsets, the compiled kernel and validator, the Game.
SHAPE = {"__init__.py", "declarations.py", "state.py", "offsets.pxd", "offsets.py", "rules.py", "validate.py",
         "game.py"}
TOPIC = re.compile(r"rules_[a-z0-9_]+\.(py|pxd)")  # the kernel's topics, when rules.py would be long
LONGEST = 600  # lines of one kernel file: "split by topic when over ~500"
PACKAGES = sorted(p for p in (ROOT / "engines").iterdir() if (p / "__init__.py").is_file() and p.name != "core") + \
    [ROOT / "tests" / "toy" / "toy"]
# Not in the shape yet (issue 33), by check: each a strict xfail, so the day a package passes, its test fails
# and says to drop the entry.
NOT_YET: dict[tuple[str, str], str] = {
}


def _packages(check: str) -> list:
    return [pytest.param(p, id=p.name, marks=pytest.mark.xfail(strict=True, reason=NOT_YET[check, p.name]))
            if (check, p.name) in NOT_YET else pytest.param(p, id=p.name) for p in PACKAGES]


def _sources(package: Path) -> set[str]:
    return {p.name for p in package.iterdir() if p.is_file() and p.suffix in (".py", ".pxd")}


@pytest.mark.parametrize("package", _packages("file_set"))
def test_every_game_package_has_the_one_file_set(package):
    files = _sources(package)
    assert not SHAPE - files, f"{package.name}: missing {sorted(SHAPE - files)}"
    extra = sorted(f for f in files - SHAPE if not TOPIC.fullmatch(f))
    assert not extra, f"{package.name}: modules outside the shape: {extra} (fold them by their job)"
    assert (package / "data").is_dir(), f"{package.name}: no data/ folder"


@pytest.mark.parametrize("package", _packages("split"))
def test_kernel_files_are_split_by_topic_when_long(package):
    long = {f: n for f in sorted(_sources(package)) if f == "rules.py" or TOPIC.fullmatch(f)
            if (n := len((package / f).read_text().splitlines())) > LONGEST}
    assert not long, f"{package.name}: kernel files over {LONGEST} lines: {long} (split into rules_<topic>.py)"


@pytest.mark.parametrize("package", _packages("constants"))
def test_no_kernel_file_declares_its_own_constants(package):
    """Numbers live in declarations.py and reach C through the generated offsets: a `cython.declare` block of
    C-typed constants in the rules is invisible from Python and copies what the declarations say. (A typed name
    for a declared table, `cython.declare(RUNES=bytes)`, is no copy.)"""
    for f in sorted(_sources(package)):
        if f.endswith(".py") and (f == "rules.py" or f == "validate.py" or TOPIC.fullmatch(f)):
            text = (package / f).read_text()
            found = re.findall(r"^cython\.declare\([^)]*?\b[A-Z][A-Z_0-9]*=cython\.\w+", text, re.M)
            assert not found, f"{package.name}/{f}: module-level constant declarations {found}"
