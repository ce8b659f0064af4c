"""Token packing benchmark: sizes and times of run-length packing beside zlib, per game, in one run.

    python -m bench.tokens [--game ID] [--games N] [--sample N]

Per game it plays N seeded random games (every seat count in turn) and samples the
states reached. For each state it builds the token plaintext the service seals
(move count, a table of empty seat names with a random game id, the encoded state)
and prints one line per game:

    <game> plain=B rle=B zlib=B token2=B token3=B rle_pack_us=T rle_unpack_us=T
           pure_pack_us=T pure_unpack_us=T zlib_pack_us=T zlib_unpack_us=T token=B

sizes are means in bytes (`plain`, `rle`, `zlib`: the plaintext of the format the service
seals, 5; `token2`/`token3`: the sealed token in the older formats, unpacked and packed, with
their 4-byte lengths and msgpack seat table; `token`: the token the service seals now),
times are the best per-call microseconds of thread CPU time over several
rounds (`rle` compiled, `pure` interpreted, `zlib` raw deflate, wbits -9, memLevel 1,
level 1). Compare numbers from the same run: the machine is shared and noisy.
"""
from __future__ import annotations

import argparse
import importlib
import random
import time
import zlib

import msgspec

import engines
from engines.core import purepython, runpack
from service.app.tokens import NONCE, TAG, Sealer, pack_seats, state_part, unpack_table, varint

KEY = ("bench", bytes(32))


def sealed_parts(game, games: int, sample: int) -> list[tuple[bytes, int, bytes]]:
    """(encoded state, move count, table) of `sample` states drawn from `games` seeded random playouts."""
    counts = list(range(game.info.min_seats, game.info.max_seats + 1))
    found = []
    for seed in range(games):
        players = counts[seed % len(counts)]
        state, rnd = game.new(players, game.seat_options(players), seed), random.Random(seed)
        table = pack_seats([("", "human")] * players, rnd.randbytes(16), "open")
        while True:
            found.append((game.encode(state), game.move_count(state), table))
            listed = game.legal_moves(state)
            if not listed:
                break
            game.apply_in_place(state, listed[rnd.randrange(len(listed))])
    return random.Random(0).sample(found, min(sample, len(found)))


def plaintext(encoded: bytes, count: int, table: bytes) -> bytes:
    """What Sealer.seal packs and encrypts (format 5: the state's header as its code)."""
    return b"".join((varint(count), varint(len(table)), table, state_part(encoded)))


def old_plaintext(encoded: bytes, count: int, table: bytes) -> bytes:
    """The plaintext of formats 2 and 3: 4-byte count, 2-byte table length, msgpack (seats, id, access)."""
    seats, game_id, access = unpack_table(table)
    old = msgspec.msgpack.encode(([list(s) for s in seats], game_id, access))
    return b"".join((count.to_bytes(4, "big"), len(old).to_bytes(2, "big"), old, encoded))


def deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(1, zlib.DEFLATED, -9, 1)
    return packer.compress(data) + packer.flush()


def inflate(data: bytes) -> bytes:
    return zlib.decompressobj(-9).decompress(data, 1 << 16)


def best_us(fn, items: list, rounds: int = 15) -> float:
    """The best mean thread-CPU microseconds of `fn` per item over `rounds` passes."""
    best = float("inf")
    for _ in range(rounds):
        start = time.thread_time_ns()
        for item in items:
            fn(item)
        best = min(best, (time.thread_time_ns() - start) / len(items))
    return best / 1000


def measure(game_id: str, games: int, sample: int, pure) -> str:
    parts = sealed_parts(engines.get(game_id), games, sample)
    plains = [plaintext(*p) for p in parts]
    packed, zipped = [runpack.pack(p) for p in plains], [deflate(p) for p in plains]
    assert all(runpack.unpack(q, len(p)) == p == inflate(z) for p, q, z in zip(plains, packed, zipped))
    assert all(pure.pack(p) == q for p, q in zip(plains, packed)), "interpreted packing differs"
    sealer = Sealer([KEY])
    tokens = [len(sealer.seal(*p)) for p in parts]
    assert all(t == len(q) + 2 + len(KEY[0]) + 2 + NONCE + TAG for t, q in zip(tokens, packed)), "not format 5"
    olds = [old_plaintext(*p) for p in parts]
    overhead = 2 + len(KEY[0]) + 4 + NONCE + TAG  # formats 2 and 3: header, nonce and tag

    def mean(sizes) -> float:
        return sum(sizes) / len(sizes)

    limit = max(map(len, plains))
    return (f"{game_id} plain={mean(list(map(len, plains))):.0f} rle={mean(list(map(len, packed))):.0f} "
            f"zlib={mean(list(map(len, zipped))):.0f} token2={mean([len(p) + overhead for p in olds]):.0f} "
            f"token3={mean([len(runpack.pack(p)) + overhead for p in olds]):.0f} "
            f"rle_pack_us={best_us(runpack.pack, plains):.3f} "
            f"rle_unpack_us={best_us(lambda q: runpack.unpack(q, limit), packed):.3f} "
            f"pure_pack_us={best_us(pure.pack, plains[:20], 3):.1f} "
            f"pure_unpack_us={best_us(lambda q: pure.unpack(q, limit), packed[:20], 3):.1f} "
            f"zlib_pack_us={best_us(deflate, plains, 5):.3f} zlib_unpack_us={best_us(inflate, zipped, 5):.3f} "
            f"token={mean(tokens):.0f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one game id (default: every registered game)")
    parser.add_argument("--games", type=int, default=40, help="seeded random games played per game id")
    parser.add_argument("--sample", type=int, default=400, help="states sampled from them")
    args = parser.parse_args(argv)
    if not engines.COMPILED:
        print("warning: the Cython extensions are not built; 'rle' runs the pure-Python source too")
    purepython.load()
    pure = importlib.import_module(f"{purepython.PURE_NAME}.core.runpack")
    ids = [args.game] if args.game else [g.info.id for g in engines.games()]
    for game_id in ids:
        engines.get(game_id)  # unknown ids fail before any timing
        print(measure(game_id, args.games, args.sample, pure), flush=True)


if __name__ == "__main__":
    main()
