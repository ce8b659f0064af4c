"""White Hat and Black Hat keep every dead cell of the deck and the pile 0, so equal positions encode alike
and tokens pack small (the packing folds runs of 0).

A dead cell is one the rules never read: a deck cell before `deck_top` or at/after `deck_end`, a pile
cell at/after `pile_count`. Tokens sealed before the rules cleared these cells hold stale cards there;
they must still play the same.
"""
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from engines.core import codec  # noqa: E402
from enginekit import plays_like_its_twin, refilled  # noqa: E402
from engines.white_hat import rules_flow as flow  # noqa: E402
from engines.white_hat.offsets import EV_DREW, EV_RESHUFFLED, TRICK  # noqa: E402
from engines.white_hat.state import STATE  # noqa: E402
from wh_testlib import standard_for  # noqa: E402

CELLS = STATE.item("deck").count
# (game id, players, options beyond the seat count's own) of the sampled games: every seat count, solo and
# the robot, the variants that change the deck (reduce_luck) or add draws, and a custom board (its tail).
SETUPS = [("white_hat", 1, {}), ("white_hat", 2, {}), ("white_hat", 3, {}), ("white_hat", 4, {"tracer": "true"}),
          ("white_hat", 5, {"reduce_luck": "both", "celebrity": "true"}), ("white_hat", 6, {"tiles": "3"}),
          ("black_hat", 2, {}), ("black_hat", 3, {"reduce_luck": "deck"}), ("black_hat", 4, {}),
          ("black_hat", 6, {"tracer": "true"}), ("black_hat", 3, {"board": standard_for("black_hat")})]
SEEDS = range(6)


def dead_cells(state: bytearray) -> list[tuple[str, int]]:
    """(name, offset) of every dead cell, the name as `deck[3]` or `pile[40]`."""
    top, end = STATE.read(state, "deck_top"), STATE.read(state, "deck_end")
    out = [(f"deck[{i}]", STATE.offset("deck", i)) for i in range(CELLS) if not top <= i < end]
    out += [(f"pile[{i}]", STATE.offset("pile", i)) for i in range(STATE.read(state, "pile_count"), CELLS)]
    return out


def stale(state: bytearray) -> list[str]:
    """What is not 0 but should be, e.g. `deck[3] = 11`."""
    return [f"{name} = {state[at]}" for name, at in dead_cells(state) if state[at]]


def games():
    """(game, where, state, events) after the deal and after every move of seeded random games."""
    for game_id, players, extra in SETUPS:
        game = engines.get(game_id)
        options = dict(game.seat_options(players), **extra)
        for seed in SEEDS:
            pick = random.Random(seed)
            state = game.new(players, options, seed)
            setup = f"{game_id}, {players} seats, {sorted(extra)}, seed {seed}"
            yield game, f"{setup}, after the deal", state, []
            ply = 0
            while moves := game.legal_moves(state):
                move = pick.choice(moves)
                text = game.move_info(state, move).text
                state, events = game.apply(state, move)
                ply += 1
                yield game, f"{setup}, after move {ply} ({text})", state, events


def test_dead_cells_stay_zero():
    seen = Counter()
    for game, where, state, events in games():
        problems = stale(state)
        assert not problems, f"{where}: dead cells not 0: {', '.join(problems)}"
        assert game.decode(game.encode(state)) == state, where
        seen.update(e.kind for e in events)
    # the sample must go through every way a card leaves the deck or the pile but the reshuffle, which random
    # play does not reach (test_a_reshuffle_clears_what_it_empties)
    for kind in ("round_start", "drew", "discarded", "row_refilled", "solo_round"):
        assert seen[kind], f"no {kind} in the sample: raise SEEDS"


def test_the_solo_setup_leaves_no_trace_of_a_joker_sent_to_the_bottom():
    """A joker turned up for the row goes to the bottom of the deck, whose rest moves to its front."""
    game = engines.get("white_hat")
    moved = 0
    for seed in range(40):
        state = game.new(1, game.seat_options(1), seed)
        problems = stale(state)
        assert not problems, f"solo, seed {seed}: dead cells not 0: {', '.join(problems)}"
        moved += STATE.read(state, "deck_end") != 83  # the 83 cards stay at 0..82 unless a joker moved them
    assert moved, "no joker went to the bottom in the sample: raise the seeds"


def soiled(state: bytearray, rnd: random.Random) -> bytearray:
    """`state` with stale cards in its dead cells, as a token sealed before they were cleared holds."""
    return refilled(state, dead_cells(state), lambda _name: rnd.randrange(1, 15))


def cleaned(state: bytearray) -> bytearray:
    return refilled(state, dead_cells(state), lambda _name: 0)


def test_stale_dead_cells_are_never_read():
    """A state with stale dead cells (an old token) decodes, shows, scores and plays like its clean twin."""
    rnd = random.Random(1)
    checked = rounds = 0
    for game, where, state, _ in games():
        if rnd.random() > 0.2:
            continue
        # Encoded whole, as tokens sealed before the rules cleared these cells carry it.
        old = game.decode(codec.encode(game.info.id, game.info.version, soiled(state, rnd)))
        assert cleaned(old) == state and old != state or not dead_cells(state), where
        moves = game.legal_moves(state)
        for then, after, events in plays_like_its_twin(game, old, state, cleaned, where,
                                                       moves if len(moves) <= 30 else rnd.sample(moves, 30)):
            if "round_start" in {e.kind for e in events}:  # the old leftovers do not outlive the round
                left = stale(after)
                assert not left, f"{then}: stale cells after the new round's deal: {', '.join(left)}"
                rounds += 1
            checked += 1
    assert checked > 2000 and rounds, (checked, rounds)


def before_a_reshuffle(game, state: bytearray) -> bytearray:
    """`state` (in a trick) with an empty deck and its cards on the pile, but for 12 given to the hat holder
    (every card stays once): seat 1's forced draw reshuffles the pile (as tests/white_hat §13 test 20)."""
    out = bytearray(state)
    top, end, n = STATE.read(out, "deck_top"), STATE.read(out, "deck_end"), STATE.read(out, "pile_count")
    remaining = list(out[STATE.offset("deck", top):STATE.offset("deck", end)])
    to_pile, to_hand = remaining[12:], remaining[:12]
    out[STATE.offset("pile", n):STATE.offset("pile", n + len(to_pile))] = bytes(to_pile)
    STATE.write(out, "pile_count", n + len(to_pile))
    out[STATE.offset("deck"):STATE.offset("deck") + CELLS] = bytes(CELLS)
    STATE.write(out, "deck_top", 0)
    STATE.write(out, "deck_end", 0)
    _, hand = STATE.block("hands", STATE.read(out, "hat_holder"))
    for card in to_hand:
        out[hand + card] += 1
    game.validate(out)
    return out


def test_a_reshuffle_clears_what_it_empties():
    """Random play never empties the deck; here the pile is reshuffled into it, clean and soiled."""
    rnd = random.Random(2)
    checked = 0
    for game, where, state, _ in games():
        if STATE.read(state, "solo") or STATE.read(state, "phase") != TRICK or rnd.random() > 0.05:
            continue
        state = before_a_reshuffle(game, state)
        old = soiled(state, rnd)
        want, want_events = bytearray(state), []
        flow.draw(want, 1, want_events)
        assert [e[0] for e in want_events][:2] == [EV_RESHUFFLED, EV_DREW], where
        problems = stale(want)
        assert not problems, f"{where}, then a reshuffle: dead cells not 0: {', '.join(problems)}"
        assert game.decode(game.encode(want)) == want, where
        after, events = bytearray(old), []
        flow.draw(after, 1, events)
        assert cleaned(after) == want and events == want_events, where
        left = [p for p in stale(after) if p.startswith("deck[")]
        assert not left, f"{where}: stale deck cells after the reshuffle: {', '.join(left)}"
        checked += 1
    assert checked > 20, checked
