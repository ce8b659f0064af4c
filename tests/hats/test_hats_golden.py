"""Hats: a golden playthrough of one seeded 3-player game (seed 7, start seat 0).

`golden/hats_3p_seed7.txt` holds one line per move:

    <ply> <seat> <move text> | <public view summary after it> | <public events>

The test replays the moves from a new game and compares every summary line, so any
change in setup, legal moves, effects, cookie, end or scoring shows up as a diff.

The moves were chosen by a fixed policy (the SplitMix64 stream of seed 7 picks among the
legal move texts in sorted order). To regenerate the file after an intended rules change:

    HATS_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/hats/test_hats_golden.py

then review the diff (`git diff tests/hats/golden`) before committing it.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))
from hats_testlib import SplitMix, hats, legal_texts  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden" / "hats_3p_seed7.txt"
PLAYERS, SEED, OPTIONS = 3, 7, {"start_seat": "0"}
HEADER = (f"# Hats golden playthrough: {PLAYERS} players, seed {SEED}, options {OPTIONS}. "
          "Regenerate: see tests/hats/test_hats_golden.py.\n"
          "# <ply> <seat> <move> | <public view after it> | <public events>\n")


def summary(state) -> str:
    """The public (spectator) view in one line."""
    v = hats.view(state, None)
    seats = " ".join(
        f"[{s['seat']}: hand {s['hand_count']} played {s['played']} black {s['black_hat_count']} "
        f"coll {','.join(s['collection']) or '-'}" + (f" fav {s['favourite']}" if s["favourite"] else "") + "]"
        for s in v["seats"])
    line = (f"{v['phase']} active {v['active_seat']} opt {int(v['optional_used'])} table {','.join(v['table'])} "
            f"deck {v['deck_count']} pile {v['discard_count']} cookie {v['cookie_holder']} {seats}")
    if v["phase"] == "finished":
        line += f" flipped {v['face_down_spaces']} totals {[s['total'] for s in v['scores']]} winners {v['winners']}"
    return line


def public_events(events) -> str:
    return "; ".join(f"{e.kind} {json.dumps(dict(e.public), sort_keys=True, separators=(',', ':'))}"
                     for e in events)


def generate() -> str:
    state = hats.new(PLAYERS, OPTIONS, seed=SEED)
    rng = SplitMix(SEED)
    lines = [HEADER, f"0 - setup | {summary(state)} |\n"]
    ply = 0
    while not hats.is_finished(state):
        texts = sorted(legal_texts(state))
        text = texts[rng.below(len(texts))]
        seat = hats.to_act(state)[0]
        state, events = hats.apply_text(state, seat, text)
        ply += 1
        lines.append(f"{ply} {seat} {text} | {summary(state)} | {public_events(events)}\n")
    return "".join(lines)


def test_golden_playthrough_3p_seed7():
    if os.environ.get("HATS_UPDATE_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(generate())
    recorded = [line for line in GOLDEN.read_text().splitlines() if not line.startswith("#")]
    state = hats.new(PLAYERS, OPTIONS, seed=SEED)
    assert recorded[0] == f"0 - setup | {summary(state)} |"
    for line in recorded[1:]:
        head, want_view, want_events = line.split(" | ")
        ply, seat, text = head.split(" ", 2)
        state, events = hats.apply_text(state, int(seat), text)
        assert f"{summary(state)}" == want_view, f"ply {ply} ({seat} {text}): view differs"
        assert public_events(events) == want_events, f"ply {ply} ({seat} {text}): events differ"
    assert hats.is_finished(state), "the golden game ends after its last recorded move"
    assert hats.move_count(state) == len(recorded) - 1
