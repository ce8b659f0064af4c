"""Normal play beside the hostile mix, short (issue 10, acceptance 1; the full run is `python -m bench.hostile`).

One worker (the quickest start), a few seconds per phase and small counts: normal players on both
transports see no error, every health check is answered in both phases (the deployment's 2 s probe
timeout), the worker's peak RSS stays under 256 MB, and the hostile mix really ran (heavy calls
answered, streams over the cap refused). Timing (the p99 ratio) is not judged here: the bench prints it.
"""
from __future__ import annotations

import re
import subprocess
import sys

from .conftest import ROOT


def test_normal_players_see_no_error_and_health_answers_beside_the_hostile_mix():
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.hostile", "--seconds", "3", "--clients", "8", "--streams", "16", "--slow", "40",
         "--heavy", "1", "--batchers", "1", "--search", "1", "--warmup", "2", "--p99-ratio", "0",
         "--workers", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=240)
    finally:
        if proc.poll() is None:  # the bench stops the service it started on SIGTERM
            proc.terminate()
            proc.communicate(timeout=60)
    assert proc.returncode == 0, out + err[-3000:]
    assert "verdict: PASS" in out, out
    rows = re.findall(r"^(baseline|hostile)\s+(grpc|rest)\s+(\d+)\s+\S+\s+\S+\s+\S+\s+(\d+)", out, re.M)
    assert len(rows) == 4 and all(int(calls) > 0 and errors == "0" for *_, calls, errors in rows), out
    health = re.findall(r"^health (baseline|hostile)\s+.*answers=(\d+) failures=(\d+)", out, re.M)
    assert {p for p, *_ in health} == {"baseline", "hostile"}, out
    assert all(int(answers) > 0 and failures == "0" for _p, answers, failures in health), out
    peaks = [float(mb) for mb in re.findall(r"^rss worker pid=\d+ peak_mb=([\d.]+)", out, re.M)]
    assert peaks and max(peaks) < 256, out
    mix = dict((kind, int(n)) for kind, n in re.findall(r"^hostile (.+): (\d+)$", out, re.M))
    assert mix.get("grpc LegalMoves OK", 0) > 0 and mix.get("rest /v1/legal-moves 200", 0) > 0, mix
    assert mix.get("grpc ScoreBatch OK", 0) + mix.get("rest /v1/score:batch 200", 0) > 0, mix
    assert mix.get("stream RESOURCE_EXHAUSTED", 0) > 0, mix  # 16 idle streams, 4 per worker at most
