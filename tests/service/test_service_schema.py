"""The OpenAPI document is true: schemathesis, every check on, against the running service.

Bounded (a few examples per operation, a fixed seed, no example database) so the run is the
same each time; it covers the examples, coverage and fuzzing phases: every status and body it
sees must be documented, schema-valid requests must not be refused as malformed, and requests
the schema forbids must be refused.
"""
from __future__ import annotations

import subprocess
import sys


def _schemathesis(service, tmp_path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-c", "import sys; from schemathesis.cli import schemathesis; sys.exit(schemathesis())",
           "run", f"{service.http}/schema/openapi.json", "--checks", "all", "--max-examples", "3", "--seed", "1",
           "--generation-database", "none", "--workers", "2", "--request-timeout", "20"]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=tmp_path)


def test_schemathesis_finds_nothing_with_every_check(service, tmp_path):
    run = _schemathesis(service, tmp_path)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]
    assert "No issues found" in run.stdout, run.stdout[-4000:]
