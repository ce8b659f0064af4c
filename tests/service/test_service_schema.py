"""The OpenAPI document is true: schemathesis, every check on, against the running service.

Bounded (a few examples per operation, a fixed seed, no example database) so the run is the
same each time; it covers the examples, coverage and fuzzing phases: every status and body it
sees must be documented, schema-valid requests must not be refused as malformed, and requests
the schema forbids must be refused.
"""
from __future__ import annotations

import subprocess
import sys

import pytest

import engines
from service.adapters.tables import tables


def _schemathesis(service, tmp_path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())",
           "run", f"{service.http}/schema/openapi.json", "--checks", "all", "--max-examples", "3", "--seed", "1",
           "--generation-database", "none", "--workers", "2", "--request-timeout", "20"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp_path)


def test_schemathesis_finds_nothing_with_every_check(service, tmp_path):
    run = _schemathesis(service, tmp_path)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]
    assert "No issues found" in run.stdout, run.stdout[-4000:]


def test_each_new_game_table_promises_what_the_game_takes():
    """Each table's listed values are taken at every seat count it spans (the options it requires given, which
    are the game's seat_options), the spec's other values and a required option left out are refused: the
    document follows the engine."""
    for game in engines.games():
        for table in tables(game):
            given = dict(table.required)
            for seats in range(table.low, table.high + 1):
                assert given == game.seat_options(seats), (game.info.id, seats)  # what the engine says it needs
                game.new(seats, given, 0)
                for taken in table.options:
                    for value in taken.values or ():
                        game.new(seats, {**given, taken.spec.name: value}, 0)
            for taken in table.options:
                for value in set(taken.spec.allowed) - set(taken.values or ()):
                    with pytest.raises(engines.RuleError):
                        game.new(table.low, {**given, taken.spec.name: value}, 0)
            for name in given:
                with pytest.raises(engines.RuleError):
                    game.new(table.low, {k: v for k, v in given.items() if k != name}, 0)
