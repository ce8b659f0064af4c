"""Normal play beside the hostile mix, short (issue 10, acceptance 1; the full run is `python -m bench.hostile`).

A few seconds per phase and small counts: normal players on both transports see no error, every
health check is answered in both phases, no worker's peak RSS passes 256 MB, and the hostile mix
really ran (heavy calls answered, streams over the cap refused). Timing (the p99 ratio) is not
judged here: the bench prints it.
"""
from __future__ import annotations

import re
import subprocess
import sys

from .conftest import ROOT


def test_normal_players_see_no_error_and_health_answers_beside_the_hostile_mix():
    proc = subprocess.run(
        [sys.executable, "-m", "bench.hostile", "--seconds", "3", "--clients", "8", "--streams", "16", "--slow", "40",
         "--heavy", "1", "--batchers", "1", "--search", "1.5", "--warmup", "2", "--p99-ratio", "0"],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    out = proc.stdout
    assert proc.returncode == 0, out + proc.stderr[-3000:]
    assert "verdict: PASS" in out, out
    rows = re.findall(r"^(baseline|hostile)\s+(grpc|rest)\s+(\d+)\s+\S+\s+\S+\s+\S+\s+(\d+)", out, re.M)
    assert len(rows) == 4 and all(int(calls) > 0 and errors == "0" for *_, calls, errors in rows), out
    health = re.findall(r"^health (baseline|hostile)\s+.*answers=(\d+) failures=(\d+)", out, re.M)
    assert {p for p, *_ in health} == {"baseline", "hostile"}, out
    assert all(int(answers) > 0 and failures == "0" for _p, answers, failures in health), out
    peaks = [float(mb) for mb in re.findall(r"^rss worker pid=\d+ peak_mb=([\d.]+)", out, re.M)]
    assert len(peaks) >= 2 and max(peaks) < 256, out
    mix = dict((kind, int(n)) for kind, n in re.findall(r"^hostile (.+): (\d+)$", out, re.M))
    assert mix.get("grpc LegalMoves OK", 0) > 0 and mix.get("rest /v1/legal-moves 200", 0) > 0, mix
    assert mix.get("grpc ScoreBatch OK", 0) + mix.get("rest /v1/score:batch 200", 0) > 0, mix
    assert mix.get("stream RESOURCE_EXHAUSTED", 0) > 0, mix  # 16 idle streams, 4 per worker
