"""Golden playthroughs of every registered game: whole seeded games, one line per move.

A game's playthroughs are listed in `tests/<game id>/fixtures.json` under "golden", e.g.
`{"file": "golden/hats_3p_seed7.txt", "players": 3, "seed": 7, "options": {"start_seat": "0"}}`,
and each transcript (`tests/<game id>/golden/*.txt`) holds one line per move:

    <ply> <seat> <index>/<listed> <move text> | <position after it, in one line> | <public events>

where `<index>` is the move's place in the listing (`describe_moves`, LegalMoves' order: ApplyMove's
`index`) and `<listed>` the listing's length, both checked at replay: a move listed elsewhere, or a
move listed more or less, shows up as a diff too.

The position line is `summary(game, state)` from `tests/<game id>/golden/summary.py` when
the game has one (a readable line of the spectator's view), else the spectator's view as
JSON. Replaying the recorded moves must give the same lines, so any change in setup, legal
moves, effects, end or scoring shows up as a diff. The moves were picked by a fixed policy:
the SplitMix64 stream of the seed (`engines.core.rng.Rng`) chooses among the legal moves
sorted by (seat, text), so the games are still those recorded before the lines held the listing's
own order (`<index>` pins it). Regenerate after an intended rules change, then review the diff:

    TABLETOP_REGENERATE=<game id> .venv/bin/python -m pytest tests/test_golden.py
    git diff tests/<game id>

A game with no playthrough listed gets one at regeneration (fewest seats, seed 1).
"""
from __future__ import annotations

import json
from functools import cache

import pytest

import engines
from engines.core.rng import Rng
from enginekit import GAME_IDS, game_dir, load_fixtures, load_module, recorded, regenerating, save_fixture

pytestmark = pytest.mark.conformance
COLUMNS = "# <ply> <seat> <index>/<listed> <move> | <public view after it> | <public events>\n"


@cache
def summary_of(game_id: str):
    path = game_dir(game_id) / "golden" / "summary.py"
    if path.exists():
        return load_module(path, f"golden_summary_{game_id}").summary
    return lambda game, state: json.dumps(game.view(state, None), sort_keys=True, separators=(",", ":"))


def public_events(events) -> str:
    return "; ".join(f"{e.kind} {json.dumps(dict(e.public), sort_keys=True, separators=(',', ':'))}"
                     for e in events)


def generate(game, entry: dict) -> str:
    summary = summary_of(game.info.id)
    players, seed, options = entry["players"], entry["seed"], entry["options"]
    state = game.new(players, options, seed)
    rng = Rng(seed)
    lines = [f"# {game.info.title} golden playthrough: {players} players, seed {seed}, options {options}. "
             "Regenerate: see tests/test_golden.py.\n", COLUMNS, f"0 - setup | {summary(game, state)} |\n"]
    ply = 0
    while game.legal_moves(state):
        listing = game.describe_moves(state)
        by_seat_and_text = sorted(range(len(listing)), key=lambda k: (listing[k].seat, listing[k].text))
        index = by_seat_and_text[rng.below(len(listing))]
        info = listing[index]
        state, events = game.apply_text(state, info.seat, info.text)
        ply += 1
        lines.append(f"{ply} {info.seat} {index}/{len(listing)} {info.text} | {summary(game, state)} | "
                     f"{public_events(events)}\n")
    return "".join(lines)


def regenerate(game) -> None:
    game_id = game.info.id
    entries = load_fixtures(game_id).get("golden") or [
        {"file": f"golden/{game_id}_{game.info.min_seats}p_seed1.txt", "players": game.info.min_seats,
         "seed": 1, "options": game.seat_options(game.info.min_seats)}]
    for entry in entries:
        path = game_dir(game_id) / entry["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(generate(game, entry))
    save_fixture(game_id, "golden", entries)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_golden_playthroughs(game_id):
    game = engines.get(game_id)
    if regenerating(game_id):
        regenerate(game)
    summary = summary_of(game_id)
    for entry in recorded(game_id, "golden"):
        name = entry["file"]
        lines = [line for line in (game_dir(game_id) / name).read_text().splitlines() if not line.startswith("#")]
        state = game.new(entry["players"], entry["options"], entry["seed"])
        assert lines[0] == f"0 - setup | {summary(game, state)} |", f"{name}: the deal differs"
        for line in lines[1:]:
            head, want_view, want_events = line.split(" | ")
            ply, seat, place, text = head.split(" ", 3)
            listing = [(i.seat, i.text) for i in game.describe_moves(state)]
            index, listed = map(int, place.split("/"))
            where = listing.index((int(seat), text)) if (int(seat), text) in listing else None
            assert (where, len(listing)) == (index, listed), \
                f"{name} ply {ply} ({seat} {text}): listed at {where} of {len(listing)}, recorded {place}"
            state, events = game.apply_text(state, int(seat), text)
            assert summary(game, state) == want_view, f"{name} ply {ply} ({seat} {text}): position differs"
            assert public_events(events) == want_events, f"{name} ply {ply} ({seat} {text}): events differ"
        assert game.is_finished(state), f"{name}: the game ends after its last recorded move"
        assert game.move_count(state) == len(lines) - 1
        assert game.score(state).finished
