"""Random-playout benchmark: microseconds per move, compiled vs pure Python vs OpenSpiel, in one run.

    python -m bench.playout [--game ID] [--games N] [--rounds R]

Per game it plays seeded random games to the end twice, through the compiled
engines and through their interpreted twin (`engines.core.purepython.load()`),
timing `legal_moves` + `apply_in_place` in a Python loop (how OpenSpiel's
`legal_actions()` + `apply_action()` are driven), then whole games in the compiled
kernel's C loop (`engines.core.kernel.playout`), and encode + decode of every state
reached. With `open_spiel` installed (`pip install -e '.[bench]'`) it first times
OpenSpiel's C++ card games driven from Python with the same move pick, and prints
one `openspiel` line per game; the fastest is the yardstick. One line per game:

    <game> compiled_us_per_move=.. pure_us_per_move=.. ratio=.. per_move_per_openspiel=..
           kernel_moves_per_s=.. kernel_per_openspiel=.. codec_us=..

`per_move_per_openspiel`: our compiled per-move time over OpenSpiel's best (lower is
better); `kernel_per_openspiel`: kernel moves/s over OpenSpiel's best Python-driven
moves/s. Both are `-` without OpenSpiel. The machine is shared and its speed drifts
(OpenSpiel's own time moved 1.4-2.1 us a move between two runs a minute apart), so
each game is timed in `--rounds` rounds, each round timing OpenSpiel's fastest game
right before ours, and every time is the best of its rounds: both sides of a ratio
are then measured in the same minutes.
"""
from __future__ import annotations

import argparse
import time

import engines
from engines.core import kernel, purepython

LCG_MUL, LCG_ADD, LCG_MASK = 1103515245, 12345, 0x7FFFFFFF
OPENSPIEL_GAMES = ("hearts", "oh_hell")  # trick-taking card games, as bench/peers serves


def seat_counts(game) -> list[int]:
    return list(range(game.info.min_seats, game.info.max_seats + 1))


def play(game, games: int) -> tuple[float, int, list]:
    """Seconds spent in legal_moves + apply_in_place, moves made, and a sample of states."""
    legal, apply = game.legal_moves, game.apply_in_place
    counts = seat_counts(game)
    total = 0.0
    moves = 0
    states = []
    for seed in range(games):
        players = counts[seed % len(counts)]
        state = game.new(players, game.seat_options(players), seed)
        pick = seed
        start = time.perf_counter()
        while True:
            listed = legal(state)
            if not listed:
                break
            apply(state, listed[pick % len(listed)])
            pick = (pick * LCG_MUL + LCG_ADD) & LCG_MASK
            moves += 1
        total += time.perf_counter() - start
        if seed < 50:
            states.append(bytearray(state))
    return total, moves, states


def codec_us(game, states: list) -> float:
    """Microseconds for one encode + decode of a state (averaged over the sample, repeated)."""
    encode, decode = game.encode, game.decode
    rounds = max(1, 20000 // max(1, len(states)))
    start = time.perf_counter()
    for _ in range(rounds):
        for state in states:
            decode(encode(state))
    return (time.perf_counter() - start) / (rounds * len(states)) * 1e6


def openspiel_us_per_move(name: str, games: int) -> float | None:
    """Microseconds per move of an OpenSpiel game driven from Python with our move pick (chance outcomes
    drawn by the same generator), or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    total, moves = 0.0, 0
    for seed in range(games):
        state = game.new_initial_state()
        pick = seed
        while state.is_chance_node():  # the deal: not timed, as our deal in new() is not
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[pick % len(outcomes)][0])
            pick = (pick * LCG_MUL + LCG_ADD) & LCG_MASK
        start = time.perf_counter()
        while not state.is_terminal():
            if state.is_chance_node():  # none after the deal in these games; timed if one comes
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[pick % len(outcomes)][0])
            else:
                listed = state.legal_actions()
                state.apply_action(listed[pick % len(listed)])
                moves += 1
            pick = (pick * LCG_MUL + LCG_ADD) & LCG_MASK
        total += time.perf_counter() - start
    return total / moves * 1e6 if moves else None


def kernel_moves_per_s(game, games: int) -> float:
    """Moves per second of whole random games in the compiled kernel, from a new game per seat count."""
    total, moves = 0.0, 0
    counts = seat_counts(game)
    for players in counts:
        state = game.new(players, game.seat_options(players), players)
        kernel.playout(game, state, 0, max(1, games // 20))  # warm-up
        start = time.perf_counter()
        result = kernel.playout(game, state, players, max(1, games // len(counts)))
        total += time.perf_counter() - start
        moves += result.moves
    return moves / total


def measure(game_id: str, games: int, openspiel: str | None, rounds: int) -> str:
    """The game's line; with `openspiel` (the yardstick game's name), OpenSpiel is timed again before each round."""
    compiled = engines.get(game_id)
    pure = purepython.load().get(game_id)
    play(compiled, max(1, games // 10))  # warm-up
    c_us, k_rate, yard = float("inf"), 0.0, None
    states: list = []
    for _ in range(rounds):
        if openspiel is not None:
            us = openspiel_us_per_move(openspiel, max(10, games // 5))
            yard = us if yard is None else min(yard, us)
        c_sec, c_moves, states = play(compiled, games)
        c_us = min(c_us, c_sec / c_moves * 1e6)
        k_rate = max(k_rate, kernel_moves_per_s(compiled, games * 5))
    p_sec, p_moves, _ = play(pure, max(10, games // 10))
    p_us = p_sec / p_moves * 1e6
    per_move = f"{c_us / yard:.2f}" if yard else "-"
    k_ratio = f"{k_rate * yard / 1e6:.1f}" if yard else "-"
    return (f"{game_id} compiled_us_per_move={c_us:.3f} pure_us_per_move={p_us:.3f} "
            f"ratio={p_us / c_us:.1f} per_move_per_openspiel={per_move} kernel_moves_per_s={k_rate:.0f} "
            f"kernel_per_openspiel={k_ratio} codec_us={codec_us(compiled, states):.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--games", type=int, default=1000, help="compiled games per game id (pure: a tenth)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per game (OpenSpiel, then ours); best of them")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds: at least 1")
    if not engines.COMPILED:
        print("warning: the Cython extensions are not built; 'compiled' runs the pure-Python source too")
    ids = [args.game] if args.game else [g.info.id for g in engines.games()]
    for game_id in ids:
        engines.get(game_id)  # unknown ids fail before any timing
    best = None  # (us, name): OpenSpiel's fastest game, the yardstick each round times again
    for name in OPENSPIEL_GAMES:
        us = openspiel_us_per_move(name, max(10, args.games // 5))
        if us is None:
            print("# no OpenSpiel (pip install -e '.[bench]'): the per_openspiel fields are -")
            break
        print(f"openspiel {name} us_per_move={us:.3f}", flush=True)
        best = (us, name) if best is None else min(best, (us, name))
    for game_id in ids:
        print(measure(game_id, args.games, best and best[1], args.rounds), flush=True)


if __name__ == "__main__":
    main()
