"""Cambio: a golden playthrough of one seeded 2-player game (seed 4), two rounds to the game's end.

`golden/cambio_2p_seed4.txt` holds one line per move:

    <ply> <seat> <move text> | <public view after it> | <public events>

The public view is the spectator's, summarised in one line (`summary`).
Replaying the recorded moves must give the same lines, so any change in dealing, legal
moves, effects, snaps, penalties, round end, scoring or dealer rotation shows up as a diff.
The moves were picked by a fixed policy: the SplitMix64 stream of the seed chooses among the
legal moves sorted by (seat, text). To regenerate after an intended rules change:

    CAMBIO_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/cambio/test_cambio_golden.py

then review `git diff tests/cambio/golden` before committing it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import engines
from engines.core.rng import Rng

cambio = engines.get("cambio")
GOLDEN = Path(__file__).resolve().parent / "golden" / "cambio_2p_seed4.txt"
PLAYERS, SEED = 2, 4
HEADER = (f"# Cambio golden playthrough: {PLAYERS} players, seed {SEED}, default options. "
          "Regenerate: see tests/cambio/test_cambio_golden.py.\n"
          "# <ply> <seat> <move> | <public view after it> | <public events>\n")


def summary(state) -> str:
    """The spectator's view in one line: each slot as `card/knowers` (`?` face down, `-` nobody)."""
    v = cambio.view(state, None)
    seats = " ".join(
        f"[{s['seat']}: total {s['total']} " + " ".join(
            f"{x['card'] or '?'}/{''.join(map(str, x['known_by'])) or '-'}" for x in s["slots"]) + "]"
        for s in v["seats"])
    small = {k: v[k] for k in ("held", "action", "window") if v[k] is not None}
    pile = v["discard"]
    return (f"{v['phase']} r{v['round']} dealer {v['dealer']} active {v['active_seat']} caller {v['caller']} "
            f"turns {v['turns']} deck {v['deck_count']} pile {len(pile)}:{','.join(map(str, pile[-3:])) or '-'}"
            f"{' frozen' if v['frozen'] else ''} {seats}"
            + (f" {json.dumps(small, sort_keys=True, separators=(',', ':'))}" if small else "")
            + (" finished" if v["finished"] else ""))


def public_events(events) -> str:
    return "; ".join(f"{e.kind} {json.dumps(dict(e.public), sort_keys=True, separators=(',', ':'))}"
                     for e in events)


def generate() -> str:
    state = cambio.new(PLAYERS, None, SEED)
    rng = Rng(SEED)
    lines = [HEADER, f"0 - setup | {summary(state)} |\n"]
    ply = 0
    while cambio.legal_moves(state):
        infos = sorted(cambio.describe_moves(state), key=lambda i: (i.seat, i.text))
        info = infos[rng.below(len(infos))]
        state, events = cambio.apply_text(state, info.seat, info.text)
        ply += 1
        lines.append(f"{ply} {info.seat} {info.text} | {summary(state)} | {public_events(events)}\n")
    return "".join(lines)


def test_golden_playthrough_2p_seed4():
    if os.environ.get("CAMBIO_UPDATE_GOLDEN"):
        GOLDEN.write_text(generate())
    recorded = [line for line in GOLDEN.read_text().splitlines() if not line.startswith("#")]
    state = cambio.new(PLAYERS, None, SEED)
    assert recorded[0] == f"0 - setup | {summary(state)} |"
    for line in recorded[1:]:
        head, want_view, want_events = line.split(" | ")
        ply, seat, text = head.split(" ", 2)
        state, events = cambio.apply_text(state, int(seat), text)
        assert summary(state) == want_view, f"ply {ply} ({seat} {text}): view differs"
        assert public_events(events) == want_events, f"ply {ply} ({seat} {text}): events differ"
    assert cambio.is_finished(state), "the golden game ends after its last recorded move"
    assert cambio.move_count(state) == len(recorded) - 1
    assert cambio.score(state).finished
