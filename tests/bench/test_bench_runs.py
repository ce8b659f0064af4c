"""The benchmarks run on a fresh install: each prints its ratio lines (the numbers are not judged).

A closing note quotes `python -m bench.playout` and `python -m bench.service`; a bench that
broke silently would make those quotes impossible to reproduce.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> str:
    proc = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def test_service_bench_prints_ratios_for_ours_and_the_floor(redis_binary):
    out = _run("bench.service", "--seconds", "0.2", "--rounds", "1", "--only", "ApplyMove")
    for transport in ("grpc", "rest"):
        for row in ("ApplyMove", "floor"):
            found = re.search(rf"^{transport}\s+{row}\s+(\d+\.\d+)\s+(\d+\.\d+)$", out, re.M)
            assert found, f"no {transport} {row} ratio line in:\n{out}"
            assert float(found.group(1)) > 0
        assert re.search(rf"^{transport}\s+ApplyMove/floor\s+\d+\.\d+$", out, re.M), out
        for variant in ("keys", "sqlite", "redis"):  # the secure set-ups, as ratios to the plain ApplyMove
            assert re.search(rf"^{transport}\s+ApplyMove\+{variant}\s+\d+\.\d+\s+\d+\.\d+$", out, re.M), out
    for transport in ("connect", "grpcweb"):  # ApplyMove as a ratio to litestar's empty route (same worker)
        found = re.search(rf"^{transport}\s+ApplyMove\s+(\d+\.\d+)\s+(\d+\.\d+)$", out, re.M)
        assert found and float(found.group(1)) > 0, f"no {transport} ApplyMove ratio line in:\n{out}"
    errors = [int(line.split()[-1]) for line in out.splitlines() if re.match(r"^(grpc|rest|connect|grpcweb)\s", line)
              and len(line.split()) >= 5 and line.split()[-1].isdigit()]
    assert errors and not any(errors), out  # every call of every row answered OK


def test_playout_bench_prints_a_ratio_per_game():
    out = _run("bench.playout", "--games", "20")
    for game in ("hats", "cambio"):
        assert re.search(rf"^{game} compiled_us_per_move=[\d.]+ pure_us_per_move=[\d.]+ ratio=[\d.]+", out, re.M), out


def test_grpc_servers_bench_serves_our_handlers_on_grpc_aio_with_probes():
    out = _run("bench.grpc_servers", "--servers", "sync", "aio", "--seconds", "0.3", "--rounds", "1")
    for server in ("sync", "aio"):
        assert f"# {server}: health and reflection: ok" in out, out
        for load in ("game", "empty"):  # every call answered OK, ratios to grpcio sync printed
            assert re.search(rf"^{load}\s+{server}\s+\|\s+\d+\s+\d+\.\d+ \|.*\| 0$", out, re.M), out


def test_token_bench_prints_sizes_and_times_per_game():
    out = _run("bench.tokens", "--game", "hats", "--games", "2", "--sample", "20")
    found = re.search(r"^hats plain=(\d+) rle=(\d+) zlib=\d+ token2=(\d+) token3=(\d+) rle_pack_us=[\d.]+", out, re.M)
    assert found, out
    plain, packed, token2, token3 = map(int, found.groups())
    assert packed < plain and token3 < token2, out


def test_steps_bench_counts_the_same_steps_every_run():
    runs = [_run("bench.steps", "--top", "3") for _ in range(2)]
    for row in ("apply", "floor", "playing"):
        counts = [re.search(rf"^{row}\s+steps_per_call=([\d.]+)$", out, re.M) for out in runs]
        assert all(counts), runs[0]
        assert counts[0].group(1) == counts[1].group(1) and float(counts[0].group(1)) > 0, runs
