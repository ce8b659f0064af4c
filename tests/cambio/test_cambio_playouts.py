"""Long Cambio games to the end: patient players, several rounds, dealer rotation, deck rebuilds.

Per step: the chosen move's text round-trips, a sample of listed moves applies, unlisted
codes are refused with `not_legal` and change nothing, encode/decode round-trips. Random
games to the end and compiled = interpreted are checked for every game by
tests/test_conformance.py (1,000 Cambio games); here only what needs Cambio's own policy.
"""
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engines  # noqa: E402
from engines import IllegalMove  # noqa: E402

LONG_GAMES = 150
cambio = engines.get("cambio")


def patient(game, state, listed, rnd):
    """A policy that plays long games: rarely snaps blind, rarely calls Cambio (multi-round games, rebuilds)."""
    move = rnd.choice(listed)
    info = game.move_info(state, move)
    if info.kind == "snap" and rnd.random() < 0.9:
        return game.parse_move(state, info.seat, "nogive" if game.view(state, None)["window"]["pending_give"]
                               else "pass")
    if info.kind == "call_cambio" and rnd.random() < 0.9 and len(listed) > 1:
        return listed[1]
    return move


def test_compiled_extension_is_in_use():
    if not engines.COMPILED:
        pytest.skip("the engines are interpreted here (no extensions, or TABLETOP_PUREPYTHON=1)")
    from engines.cambio import rules
    assert not rules.__file__.endswith(".py")


def check_step(state, listed, rnd):
    before = bytes(state)
    assert cambio.decode(cambio.encode(state)) == state
    codes = set(listed)
    near = [code ^ (1 << rnd.randrange(48)) for code in rnd.sample(listed, min(4, len(listed)))]
    for code in [c for c in near if c not in codes] + [-1 - rnd.randrange(5), 2 ** 48, 2 ** 70]:
        with pytest.raises(IllegalMove) as refused:
            cambio.apply_in_place(state, code)
        assert refused.value.code == "not_legal" and refused.value.message
        assert bytes(state) == before
    for code in rnd.sample(listed, min(2, len(listed))):
        copy = bytearray(state)
        cambio.apply_in_place(copy, code)
        cambio.validate(copy)
        info = cambio.move_info(state, code)
        assert info.seat in cambio.to_act(state)
        assert cambio.parse_move(state, info.seat, info.text) == code, info.text


@pytest.mark.parametrize("players", [2, 4, 8])
def test_long_games_play_to_the_end(players):
    """Patient players: several rounds, dealer rotation, deck rebuilds, the target or the safety cap."""
    rounds = 0
    for seed in range(LONG_GAMES):
        rnd = random.Random(seed)
        state = cambio.new(players, None, seed)
        for step in range(200_000):
            listed = cambio.legal_moves(state)
            if not listed:
                break
            if step % 21 == 0:  # the full check is most of the cost; every step still applies a move
                check_step(state, listed, rnd)
            cambio.apply_in_place(state, patient(cambio, state, listed, rnd))
        cambio.validate(state)
        view = cambio.view(state, None)
        rounds += view["round"]
        assert view["finished"] and cambio.score(state).finished
        assert max(s["total"] for s in view["seats"]) >= 50 or view["turns"] == 2000
        assert all(sum(s["round_scores"]) == s["total"] for s in view["seats"])
    assert rounds > LONG_GAMES  # some games last more than one round


def test_bad_states_are_refused_not_crashing():
    rnd = random.Random(3)
    state = cambio.new(4, None, 1)
    for _ in range(30):
        cambio.apply_in_place(state, rnd.choice(cambio.legal_moves(state)))
    good = cambio.encode(state)
    with pytest.raises(engines.BadState):
        cambio.decode(good[:-1])
    for _ in range(300):
        bad = bytearray(good)
        i = rnd.randrange(len(good) - 1000, len(good))
        bad[i] = rnd.randrange(256)
        try:
            st = cambio.decode(bytes(bad))
        except engines.BadState:
            continue
        listed = cambio.legal_moves(st)  # a state that decodes is playable
        if listed:
            cambio.apply_in_place(st, listed[0])


def neighbours(code: int) -> list[int]:
    """Codes one field away from a packed move (kind, seat, a position's seat or slot, one field more), and a
    swap with its sides turned round."""
    kind, seat, p, q = code & 0xFF, (code >> 8) & 0xFF, (code >> 16) & 0xFFFF, (code >> 32) & 0xFFFF
    out = [code ^ (1 << bit) for bit in range(48)]
    for k in range(14):
        out.append(k | seat << 8 | p << 16 | q << 32)
    for s in range(9):
        out += [kind | s << 8 | p << 16 | q << 32, kind | s << 8 | (s << 8 | p & 0xFF) << 16 | q << 32,
                kind | seat << 8 | (s << 8 | p & 0xFF) << 16 | q << 32, kind | seat << 8 | p << 16 | (s << 8 | q & 0xFF) << 32]
    for k in range(12):
        out += [kind | seat << 8 | (p & 0xFF00 | k) << 16 | q << 32, kind | seat << 8 | p << 16 | (q & 0xFF00 | k) << 32]
    out.append(kind | seat << 8 | q << 16 | p << 32)
    return out


def test_check_accepts_exactly_the_listed_codes_in_every_phase():
    """A code is checked, not looked up: along random games (each phase and action step, every seat count) every
    listed code is legal, a code one field away is legal only when listed, and a refused code leaves the state as
    it was."""
    from engines.cambio import rules
    from engines.cambio.offsets import ACTION, PHASE
    from engines.cambio.declarations import PHASES
    seen = set()
    for seed in range(14):
        players = 2 + seed % 7
        state = cambio.new(players, None, seed)
        rnd = random.Random(seed)
        for _ in range(600):
            listed = cambio.legal_moves(state).tolist()
            seen.add((state[PHASE], state[ACTION]))
            before = bytes(state)
            codes = set(listed)
            assert len(codes) == len(listed)
            assert all(rules.check_code(state, code) == 0 for code in listed), seed
            for code in {n for code in rnd.sample(listed, min(3, len(listed))) for n in neighbours(code)} - codes:
                if 0 <= code < 2 ** 48:
                    assert rules.check_code(state, code) != 0, (seed, hex(code))
                    assert rules.apply_code(state, code) != 0
                    assert bytes(state) == before
            if not listed:
                break
            # mostly draw (not call), discard what was drawn (its action follows) and pass in windows
            first = state[PHASE] != PHASES.index("turn_start") and rnd.random() < 0.8
            assert rules.apply_code(state, listed[0] if first or len(listed) == 1 else rnd.choice(listed[1:])) == 0
    assert len(seen) == 9, seen  # turn start, holding, the window, game over, and the five action steps
