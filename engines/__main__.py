"""Play one seeded random game in the terminal: `python -m engines [--game hats] [--players 3] [--seed 7]`.

Prints every move with its seat, then the final score and the winners.
"""
import argparse

from . import COMPILED, get


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Play a seeded random game and print its moves and score.")
    parser.add_argument("--game", default="hats", help="game id (default: hats)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    game = get(args.game)
    state = game.new(args.players, None, args.seed)
    pick = args.seed
    print(f"{game.info.title} ({game.info.id} {game.info.version}), {args.players} players, seed {args.seed}"
          f"{'' if COMPILED else ' [pure Python]'}")
    while (listed := game.legal_moves(state)):
        move = listed[pick % len(listed)]
        pick = (pick * 1103515245 + 12345) & 0x7FFFFFFF
        info = game.move_info(state, move)
        game.apply_in_place(state, move)
        print(f"{game.move_count(state):4d}  seat {info.seat}: {info.text}")
    scores = game.score(state)
    for s in scores.seats:
        print(f"seat {s.seat}: total {s.total:3d}  rank {s.rank}  {dict(s.breakdown)}")
    print(f"winners: {', '.join(map(str, scores.winners))}" + (f" (tie-break: {scores.tiebreak})" if scores.tiebreak else ""))


if __name__ == "__main__":
    main()
