"""White Hat solo occupancy over many seeded games (spec §5.5, §7.7.5): at every step of 2,000 solo games
(compiled; a tenth interpreted), every blocker holds its space (hats, `m1`, `m2`) and the listed moves and
backflips are exactly the first empty spaces along the arrows (tests/white_hat/invariants.py)."""
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from enginekit import scaled  # noqa: E402
from engines.white_hat.offsets import K_BACKFLIP, K_MOVE  # noqa: E402
import invariants  # noqa: E402
from test_white_hat_solo import HATS, M2_BEHIND_A_HAT, M2_ON_THE_PATH, replay  # noqa: E402
from wh_testlib import AT  # noqa: E402

GAME = engines.get("white_hat")
GAMES = 2000
TILES = ("0", "1", "2", "3", "4", "5")  # tiles bring Randomizers and more Backflips: the seed picks how many


def test_solo_playouts_keep_every_blocker_on_its_space():
    """Each game picks its moves at random (seeded): that meets a marker on a hat's path more often than
    the registry's fixed `pick` (33 of these 2,000 games did before the fix, 20 with `pick`)."""
    steps = 0
    for seed in range(scaled(GAMES)):
        rnd = random.Random(seed)
        state = GAME.new(1, {"solo": "true", "tiles": TILES[seed % len(TILES)]}, seed)
        while (listed := GAME.legal_moves(state)):
            invariants.check(GAME, state, listed)
            GAME.apply_in_place(state, rnd.choice(listed))
            steps += 1
        invariants.check(GAME, state)
        assert GAME.is_finished(state), f"seed {seed}: no move listed before the end"
    assert steps > 40 * scaled(GAMES)  # whole games were played, not just their first moves


@pytest.mark.parametrize("case,verb,hat,onto", [(M2_ON_THE_PATH, K_MOVE, "Ob", 17),
                                                (M2_BEHIND_A_HAT, K_BACKFLIP, "Wb", 6)])
def test_the_occupancy_check_catches_a_hat_onto_m2(case, verb, hat, onto):
    """The invariant itself: a listed move or backflip onto m2, or a hat standing on m2, fails it."""
    s = replay(*case)
    assert s[AT.m2_space] == onto
    invariants.check(GAME, s)  # as the rules list them: the check holds
    planted = verb | (HATS.index(hat) << 4) | (onto << 8)
    with pytest.raises(AssertionError, match=r"is listed and ends on \['m2'\]"):
        invariants.check(GAME, s, GAME.legal_moves(s) + [planted])
    s[AT.pawns + HATS.index(hat)] = onto
    with pytest.raises(AssertionError, match=rf"\['{hat}', 'm2'\] share space {onto}"):
        invariants.check(GAME, s)


def test_the_occupancy_check_catches_a_missing_jump():
    """A listing that stops short of a jump (the space beyond m2 left out) fails it too."""
    s = replay(*M2_ON_THE_PATH)
    listed = [c for c in GAME.legal_moves(s) if GAME.move_info(s, c).text != "move Ob 19"]
    with pytest.raises(AssertionError, match=r"move Ob from 4 lists \[20, 24\], the arrows give \[19, 20, 24\]"):
        invariants.check(GAME, s, listed)
