"""Seeded random Kodiak games (the issue's acceptance 2): 1,000 per seat count 2, 4 and 6.

Every game plays to a scored end with the same move choice as the registry suites. Along
the way, at sampled steps (every game, about one step in thirty): the state validates and
round-trips through encode/decode, listed moves round-trip through their text, unlisted
codes are refused without touching the state. Once per game, at one step: nothing a seat
cannot see leaks (enginekit.check_no_leak: its view, its listed moves and the next moves'
events stay the same when the cards it has not seen are re-dealt). Compiled and interpreted engines give the same
states, events and scores on 100 games per seat count. Sample sizes shrink tenfold when
the engines run interpreted (TABLETOP_PUREPYTHON=1), so the suite stays fast both ways.
"""
import random
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engines  # noqa: E402
from enginekit import check_no_leak, recorded  # noqa: E402
from kodiak_testlib import kodiak  # noqa: E402

GAMES = 1000 if engines.COMPILED else 100
PARITY_GAMES = 100 if engines.COMPILED else 10
SAMPLE_EVERY = 30
REVEALS = recorded("kodiak", "reveals")  # event values that show a card for a moment (tests/kodiak/fixtures.json)


def pick(seed: int, step: int, n: int) -> int:
    """The registry suites' move choice (tests/test_conformance.py)."""
    return (seed * 7919 + step * 104729 + (seed ^ step) * 31) % n


def check_step(state: bytearray, listed: list, salt: int) -> None:
    before = bytes(state)
    kodiak.validate(state)
    assert kodiak.decode(kodiak.encode(state)) == state
    for code in listed[salt % len(listed)::max(1, len(listed) // 3)]:
        info = kodiak.move_info(state, code)
        assert info.seat in kodiak.to_act(state)
        assert kodiak.parse_move(state, info.seat, info.text) == code, info.text
        assert kodiak.move_text(info.kind, info.args) == info.text
    for code in (len(listed), len(listed) + salt % 300, -1 - salt % 5, True, "0"):
        with pytest.raises(engines.IllegalMove) as refused:
            kodiak.apply_in_place(state, code)
        assert refused.value.code == "not_legal" and refused.value.message
        assert bytes(state) == before


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_play_to_a_scored_end(players):
    rnd = random.Random(players)
    redealt = 0
    for seed in range(GAMES):
        state = kodiak.new(players, None, seed)
        leak_step = 5 + seed % 150
        step = 0
        while (listed := kodiak.legal_moves(state)):
            if step % SAMPLE_EVERY == seed % SAMPLE_EVERY:
                check_step(state, listed, seed + step)
            if step == leak_step:
                seat = [None, *range(players)][seed % (players + 1)]
                redealt += check_no_leak(kodiak, state, seat, rnd.shuffle, REVEALS)
            kodiak.apply_in_place(state, listed[pick(seed, step, len(listed))])
            step += 1
            assert step < 5000, f"seed {seed}: no end"
        score = kodiak.score(state)
        assert kodiak.is_finished(state) and kodiak.to_act(state) == [] and score.finished and score.winners
        assert kodiak.view(state, None)["round"] == players
        with pytest.raises(engines.IllegalMove) as over:
            kodiak.apply_in_place(state, 0)
        assert over.value.code == "game_over"
    assert redealt > GAMES // 2  # the re-deals really moved cards


@pytest.mark.parametrize("players", [2, 4, 6])
def test_compiled_and_interpreted_agree(players, pure_engines):
    pure = pure_engines.get("kodiak")

    def play(game, seed):
        state, trail, events = game.new(players, None, seed), [], []
        step = 0
        while (listed := game.legal_moves(state)):
            happened = []
            game.apply_in_place(state, listed[pick(seed, step, len(listed))], happened)
            trail.append(bytes(state))
            events.append(repr(happened))
            step += 1
        return trail, events, state

    for seed in range(PARITY_GAMES):
        trail, events, final = play(kodiak, seed)
        pure_trail, pure_events, pure_final = play(pure, seed)
        assert trail == pure_trail and events == pure_events, f"seed {seed}"
        assert asdict(kodiak.score(final)) == asdict(pure.score(pure_final))
        assert kodiak.view(final, 0) == pure.view(pure_final, 0)
