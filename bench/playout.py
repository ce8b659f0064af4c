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

`per_move_per_openspiel`: our compiled per-move time over OpenSpiel's (lower is better);
`kernel_per_openspiel`: kernel moves/s over OpenSpiel's Python-driven moves/s. Both are
`-` without OpenSpiel. The yardstick is OpenSpiel's faster game, picked first. The
machine is shared and its speed drifts within seconds (OpenSpiel's own time moved
1.1-2.3 us a move in one run), so each game's timing is cut into `--rounds` rounds,
each timing OpenSpiel, our per-move loop and our kernel in turn, and every time is
the sum over the rounds: both sides of a ratio carry the same drift.
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


def play(game, games: int, first: int = 0) -> tuple[float, int, list]:
    """Seconds spent in legal_moves + apply_in_place, moves made, and a sample of states (seeds from `first`)."""
    legal, apply = game.legal_moves, game.apply_in_place
    counts = seat_counts(game)
    total = 0.0
    moves = 0
    states = []
    for seed in range(first, first + games):
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
        if seed - first < 50:
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


def openspiel_us_per_move(name: str, games: int, first: int = 0) -> float | None:
    """Microseconds per move of an OpenSpiel game driven from Python with our move pick (chance outcomes
    drawn by the same generator), or None without open_spiel."""
    timed = openspiel_play(name, games, first)
    return timed[0] / timed[1] * 1e6 if timed and timed[1] else None


def openspiel_play(name: str, games: int, first: int = 0) -> tuple[float, int] | None:
    """Seconds and moves of `games` OpenSpiel games (seeds from `first`), or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    total, moves = 0.0, 0
    for seed in range(first, first + games):
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
    return total, moves


def kernel_play(game, games: int, seed: int = 0) -> tuple[float, int]:
    """Seconds and moves of whole random games in the compiled kernel, from a new game per seat count."""
    total, moves = 0.0, 0
    counts = seat_counts(game)
    for players in counts:
        state = game.new(players, game.seat_options(players), players)
        start = time.perf_counter()
        result = kernel.playout(game, state, seed + players, max(1, games // len(counts)))
        total += time.perf_counter() - start
        moves += result.moves
    return total, moves


def measure(game_id: str, games: int, openspiel: str | None, rounds: int) -> str:
    """The game's line. The timed work is cut into `rounds` rounds, each timing OpenSpiel (the yardstick game
    `openspiel`), our per-move loop and our kernel in turn, and each time is the sum over the rounds: the
    machine's speed drifts within seconds, and sums of interleaved rounds put the same drift on both sides."""
    compiled = engines.get(game_id)
    pure = purepython.load().get(game_id)
    play(compiled, max(1, games // 10))  # warm-up
    kernel_play(compiled, max(1, games // 4))
    c_sec = k_sec = o_sec = 0.0
    c_moves = k_moves = o_moves = 0
    states: list = []
    per_round = max(1, games // rounds)
    for r in range(rounds):
        if openspiel is not None:
            sec, moves = openspiel_play(openspiel, max(2, per_round // 5), r * per_round)
            o_sec, o_moves = o_sec + sec, o_moves + moves
        sec, moves, sample = play(compiled, per_round, r * per_round)
        c_sec, c_moves, states = c_sec + sec, c_moves + moves, states or sample
        sec, moves = kernel_play(compiled, per_round * 5, r)
        k_sec, k_moves = k_sec + sec, k_moves + moves
    p_sec, p_moves, _ = play(pure, max(10, games // 10))
    c_us, p_us, k_rate = c_sec / c_moves * 1e6, p_sec / p_moves * 1e6, k_moves / k_sec
    yard = o_sec / o_moves * 1e6 if o_moves else None
    per_move = f"{c_us / yard:.2f}" if yard else "-"
    k_ratio = f"{k_rate * yard / 1e6:.1f}" if yard else "-"
    return (f"{game_id} compiled_us_per_move={c_us:.3f} pure_us_per_move={p_us:.3f} "
            f"ratio={p_us / c_us:.1f} per_move_per_openspiel={per_move} kernel_moves_per_s={k_rate:.0f} "
            f"kernel_per_openspiel={k_ratio} codec_us={codec_us(compiled, states):.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--games", type=int, default=1000, help="compiled games per game id (pure: a tenth)")
    parser.add_argument("--rounds", type=int, default=50,
                        help="rounds per game, each timing OpenSpiel, our loop and our kernel in turn (summed)")
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
