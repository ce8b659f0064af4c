"""Perft-style fixtures for every registered game's legal-move generator.

For fixed (players, seed, options), a deterministic playout: at ply p the move is the
((7p + 3) mod n)-th of the n legal moves written `<seat> <text>`, in sorted order (sorted
text, so the choice does not depend on the order legal_moves lists them in). The number of
legal moves at plies 0..10 must not change. At every position: no move is listed twice,
the listed seats are the seats to act, every text parses back to its code.

The counts are in `tests/<game id>/fixtures.json` under "perft" (with "notes": the first
positions worked out by hand from the spec). Regenerate after an intended rules change
(the positions are kept, the counts recomputed), then review the diff:

    TABLETOP_REGENERATE=<game id> .venv/bin/python -m pytest tests/test_perft.py
    git diff tests/<game id>

A game with no positions gets one per seat count (seed = seat count) at regeneration.
"""
from __future__ import annotations

import pytest

import engines
from enginekit import GAME_IDS, load_fixtures, recorded, regenerating, save_fixture, seat_counts

pytestmark = pytest.mark.conformance
PLIES = 10


def check_position(game, state) -> list[str]:
    """The legal moves as `<seat> <text>`, after checking them."""
    infos = game.describe_moves(state)
    texts = [f"{i.seat} {i.text}" for i in infos]
    assert len(set(texts)) == len(texts), "a move is listed twice"
    assert {i.seat for i in infos} == set(game.to_act(state))
    for code, info in zip(game.legal_moves(state), infos):
        assert game.parse_move(state, info.seat, info.text) == code, info.text
    return texts


def counts_of(game, players: int, seed: int, options: dict) -> list[int]:
    state = game.new(players, options, seed)
    counts = []
    for ply in range(PLIES + 1):
        texts = sorted(check_position(game, state))
        counts.append(len(texts))
        if ply == PLIES or not texts:
            break
        seat, text = texts[(ply * 7 + 3) % len(texts)].split(" ", 1)
        state, _ = game.apply_text(state, int(seat), text)
    return counts


def regenerate(game) -> None:
    perft = load_fixtures(game.info.id).get("perft") or {
        "notes": [], "positions": [{"players": n, "seed": n, "options": game.seat_options(n)}
                                   for n in seat_counts(game)]}
    for position in perft["positions"]:
        position["counts"] = counts_of(game, position["players"], position["seed"], position["options"])
    save_fixture(game.info.id, "perft", perft)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_legal_move_counts(game_id):
    game = engines.get(game_id)
    if regenerating(game_id):
        regenerate(game)
    positions = recorded(game_id, "perft")["positions"]
    assert positions
    for p in positions:
        counts = counts_of(game, p["players"], p["seed"], p["options"])
        assert counts == p["counts"], f"{game_id} {p['players']} seats, seed {p['seed']}, options {p['options']}"
