"""Score's `leaders` and `winners` for every registered game, over seeded playouts.

`leaders` are the seats that would win if the game ended now: the seats ranked first (the
provisional winners of the specs, e.g. white_hat.md §10). `winners` is the result: empty while
the game runs, so a front end can show it as who won, and the leaders once it is over.
"""
import pytest

import engines
from enginekit import GAME_IDS, playout, seat_counts

GAMES_PER_SEAT_COUNT = 2


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_winners_wait_for_the_end_and_leaders_are_the_first_ranked(game_id):
    game = engines.get(game_id)
    seen = {"running": 0}

    def each(state, listed, move, step):
        scores = game.score(state)
        assert not scores.finished and scores.winners == (), (game_id, step, scores)
        assert scores.leaders == tuple(s.seat for s in scores.seats if s.rank == 1) != (), (game_id, step, scores)
        seen["running"] += 1

    for players in seat_counts(game):
        for seed in range(GAMES_PER_SEAT_COUNT):
            _, final, _ = playout(game, players, seed, each, record=False)
            scores = game.score(final)
            assert scores.finished and scores.winners == scores.leaders != (), (game_id, players, seed, scores)
    assert seen["running"] > 0
