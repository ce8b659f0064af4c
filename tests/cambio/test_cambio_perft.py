"""Cambio: perft-style fixtures for the legal-move generator.

For fixed (players, seed), a deterministic playout: at ply p the move is the
((7p + 3) mod n)-th of the n legal moves written `<seat> <text>`, in sorted order. The
number of legal moves at plies 0..10 must not change. Recorded once from the engine;
the first positions checked by hand against cambio.md §6:

- ply 0, turn start: `cambio` and `draw deck` (the pile is empty, so no `draw discard`) = 2;
- ply 1, holding a deck card: `discard` and `replace` of each of the 4 slots = 5;
- ply 2 after a number card is discarded, the snap window: every seat may `pass` or snap any
  card on the table: 2 seats x (1 + 8) = 18, 3 x (1 + 12) = 39, 8 x (1 + 32) = 264;
  (4 players, seed 11: the discard is an EYE, so seat 0 may `lookown` one of its 4 cards = 4);
- 2 players, ply 3 after seat 1 snapped its own 1.3 correctly, the window is claimed: seat 1's
  `pass` plus a snap of each of the 7 cards left = 8.
"""
import pytest

import engines

cambio = engines.get("cambio")
RECORDED = {
    # (players, seed): legal-move counts at plies 0..10
    (2, 1): [2, 5, 18, 8, 2, 4, 16, 7, 2, 5, 16],
    (3, 7): [2, 5, 39, 42, 45, 48, 51, 54, 57, 60, 63],
    (4, 11): [2, 5, 4, 68, 72, 76, 57, 60, 63, 66, 44],
    (8, 5): [2, 5, 264, 272, 280, 288, 296, 304, 312, 320, 9],
}


@pytest.mark.parametrize("players,seed", sorted(RECORDED))
def test_legal_move_counts(players, seed):
    state = cambio.new(players, None, seed)
    counts = []
    for ply in range(11):
        infos = cambio.describe_moves(state)
        counts.append(len(infos))
        texts = sorted(f"{i.seat} {i.text}" for i in infos)
        assert len(set(texts)) == len(texts), "a move is listed twice"
        assert {i.seat for i in infos} == set(cambio.to_act(state))
        seat, text = texts[(ply * 7 + 3) % len(texts)].split(" ", 1)
        state, _ = cambio.apply_text(state, int(seat), text)
    assert counts == RECORDED[(players, seed)]
