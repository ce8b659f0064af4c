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

# White Hat's variants take some values only at some seat counts (robot: exactly 2 seats, solo: exactly 1,
# first_dealer: below the seat count); the document states one schema per game, so schemathesis finds
# requests it allows that the game refuses, and the reverse. Kept apart until the schema is per table.
VARIANT_TABLES = r"^/v1/games/(white|black)_hat:new$"


def _schemathesis(service, tmp_path, *select: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())",
           "run", f"{service.http}/schema/openapi.json", "--checks", "all", "--max-examples", "3", "--seed", "1",
           "--generation-database", "none", "--workers", "2", "--request-timeout", "20", *select]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp_path)


@pytest.mark.xfail(strict=True, reason="known gap (issue 13 left open): per-seat-count option schemas for "
                   "White Hat's variants")
def test_schemathesis_on_the_white_hat_variant_tables(service, tmp_path):
    run = _schemathesis(service, tmp_path, "--include-path-regex", VARIANT_TABLES)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]


def test_schemathesis_finds_nothing_with_every_check(service, tmp_path):
    run = _schemathesis(service, tmp_path, "--exclude-path-regex", VARIANT_TABLES)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]
    assert "No issues found" in run.stdout, run.stdout[-4000:]
