"""Random-playout benchmark: microseconds per move, compiled vs pure Python, in one run.

    python -m bench.playout [--game ID] [--games N]

Per game it plays seeded random games to the end twice, through the compiled
engines and through their interpreted twin (`engines.core.purepython.load()`),
timing `legal_moves` + `apply_in_place` in a Python loop (how OpenSpiel's
`legal_actions()` + `apply_action()` are driven), and encode + decode of every
state reached. Prints one line per game:

    <game> compiled_us_per_move=X pure_us_per_move=Y ratio=Z codec_us=W

Compare ratios measured in the same run: the machine is shared and noisy.
"""
from __future__ import annotations

import argparse
import time

import engines
from engines.core import purepython

LCG_MUL, LCG_ADD, LCG_MASK = 1103515245, 12345, 0x7FFFFFFF


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


def measure(game_id: str, games: int) -> str:
    compiled = engines.get(game_id)
    pure = purepython.load().get(game_id)
    play(compiled, max(1, games // 10))  # warm-up
    c_sec, c_moves, states = play(compiled, games)
    p_sec, p_moves, _ = play(pure, max(10, games // 10))
    c_us = c_sec / c_moves * 1e6
    p_us = p_sec / p_moves * 1e6
    return (f"{game_id} compiled_us_per_move={c_us:.3f} pure_us_per_move={p_us:.3f} "
            f"ratio={p_us / c_us:.1f} codec_us={codec_us(compiled, states):.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--games", type=int, default=1000, help="compiled games per game id (pure: a tenth)")
    args = parser.parse_args(argv)
    if not engines.COMPILED:
        print("warning: the Cython extensions are not built; 'compiled' runs the pure-Python source too")
    ids = [args.game] if args.game else [g.info.id for g in engines.games()]
    for game_id in ids:
        engines.get(game_id)  # unknown ids fail before any timing
        print(measure(game_id, args.games), flush=True)


if __name__ == "__main__":
    main()
