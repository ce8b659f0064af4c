"""Hats: perft-style fixtures for the legal-move generator.

For a few fixed (players, seed, start seat), a deterministic playout: at ply p the move is
the ((7p + 3) mod n)-th of the n legal move texts in sorted order (sorted text, so the
choice does not depend on the order legal_moves lists them in). The recorded number of
legal moves at the start and after each of the first 10 moves must not change.

The numbers were generated once from the engine and the first positions reviewed by hand,
e.g. (3 players, seed 7): table W5 Y4 P6 W4 P2 Y6, seat 0 holds B4 Y1 B6 G3 W1 R5 R2 G6 W6:
exchanges B4:1 Y1:2 B6:4 G3:1 W1:2 R5:3 R2:0 G6:4 W6:4 = 21, + 9 black + 9 discard = 39;
after `black G6` the phase is `after`: 8 discards + end = 9. With 4 players the optional
move is `offer` (39 = 21 + 9 + 9), after `offer B3` only the partner's 9 returns are legal.
Each position is also checked against `spec_legal_texts` (the moves worked out from §5-§6).
"""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from hats_testlib import hats, legal_infos, legal_texts, play, spec_legal_texts, view  # noqa: E402

RECORDED = {
    # (players, seed, start_seat): legal-move counts at plies 0..10
    (2, 1, 0): [35, 9, 39, 29, 28, 8, 33, 25, 23, 17, 32],
    (2, 2024, 1): [41, 9, 41, 32, 32, 8, 27, 8, 26, 22, 27],
    (3, 7, 0): [39, 9, 37, 25, 43, 9, 32, 22, 30, 8, 30],
    (3, 99, 2): [34, 9, 37, 26, 26, 9, 25, 8, 30, 8, 24],
    (4, 11, 0): [39, 9, 9, 38, 9, 9, 37, 9, 8, 43, 9],
    (4, 5, 3): [47, 9, 9, 51, 9, 9, 33, 9, 8, 47, 9],
}


def pick(texts: list[str], ply: int) -> str:
    texts = sorted(texts)
    return texts[(ply * 7 + 3) % len(texts)]


def check_position(state) -> list[str]:
    """Legal moves of `state`: unique, all of the one seat to act, equal to the spec's list."""
    infos = legal_infos(state)
    texts = [i.text for i in infos]
    assert len(set(texts)) == len(texts)
    assert {i.seat for i in infos} == set(hats.to_act(state))
    assert sorted(texts) == spec_legal_texts(state)
    for m, info in zip(hats.legal_moves(state), infos):
        assert hats.parse_move(state, info.seat, info.text) == m
    return texts


@pytest.mark.parametrize("config", sorted(RECORDED), ids=lambda c: "%dp-seed%d-start%d" % c)
def test_perft_counts(config):
    players, seed, start = config
    state = hats.new(players, {"start_seat": str(start)}, seed=seed)
    counts = [len(check_position(state))]
    for ply in range(10):
        text = pick(legal_texts(state), ply)
        state, _ = play(state, hats.to_act(state)[0], text)
        counts.append(len(check_position(state)))
    assert counts == RECORDED[config]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_match_the_spec_move_list(players):
    """Whole deterministic games: every position's moves match §5-§6 and the state stays valid."""
    for seed in range(4):
        state = hats.new(players, {"start_seat": str(seed % players)}, seed=seed)
        total = 42 if players > 2 else 30
        ply = 0
        while not hats.is_finished(state):
            texts = check_position(state)
            state, _ = play(state, hats.to_act(state)[0], pick(texts, ply))
            hats.validate(state)
            v = view(state)
            cards = len(v["table"]) + v["deck_count"] + v["discard_count"] + sum(
                s["hand_count"] + len(s["collection"]) + s["black_hat_count"] for s in v["seats"])
            assert cards + (v["phase"] == "partner") + (v["phase"] == "finished") * players == total
            ply += 1
        v = view(state)
        assert [s["played"] for s in v["seats"]] == [8] * players
        assert hats.legal_moves(state) == [] and hats.score(state).finished
