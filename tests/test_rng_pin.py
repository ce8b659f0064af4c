"""Every use of the random generator, pinned for every registered game: deal, reshuffle, rebuild.

Per game, seeded playouts (the fixed pick of tests/enginekit.py, a few seeds at the fewest,
a middle and the most seats) are recorded in `tests/<game id>/fixtures.json` under "rng":

- `trail`: a hash of every state along the playout. The generator's state lives in the
  game state, so one extra or missing draw anywhere changes every state after it;
- `draws`: a hash of the generator calls each move makes (`seed_into`, `next_u64`, `below`,
  `shuffle`, counted where the rules call them), recorded with the interpreted engines;
- `chance_events`: the event kinds of the moves that use the generator. Every move that
  draws must emit one of them and every move that emits one must draw, and the sample
  must contain each of them, so the pin really covers the reshuffles and rebuilds.

A game whose moves draw only under some options (Alaska: the dice variant, playoffs) lists
option sets under "rng" -> "options" (default: the defaults only); every sample playout is
then played once per set, and each recorded playout keeps its options.

An extra draw in a reshuffle is caught (shown by a meta-test that adds one). Regenerate
after an intended rules change, then review the diff:

    TABLETOP_REGENERATE=<game id> .venv/bin/python -m pytest tests/test_rng_pin.py
"""
from __future__ import annotations

import hashlib
from contextlib import contextmanager

import pytest

import engines
from engines.core import rng as compiled_rng
from enginekit import GAME_IDS, interpreted, load_fixtures, playout, recorded, regenerating, save_fixture, seat_counts

pytestmark = pytest.mark.conformance
SEEDS = (1, 2, 3)
CALLS = ("seed_into", "next_u64", "below", "shuffle")


def sample(game, option_sets: list) -> list[tuple[int, int, dict]]:
    counts = seat_counts(game)
    return [(n, seed, options) for options in option_sets
            for n in sorted({counts[0], counts[len(counts) // 2], counts[-1]}) for seed in SEEDS]


def trail_hash(trail) -> str:
    h = hashlib.blake2b(digest_size=12)
    for state in trail:
        h.update(len(state).to_bytes(4, "little") + state)
    return h.hexdigest()


def rng_modules(pure_engines) -> list:
    """The generator modules rules may call: the compiled package's and the interpreted twin's."""
    import engines_pure.core.rng as pure_rng  # noqa: F401 (loaded by the pure_engines fixture)
    return [compiled_rng, pure_rng]


@contextmanager
def counting(monkeypatch, modules, log: list):
    """Log every outermost generator call the rules make (name and arguments but the buffer)."""
    depth = [0]
    with monkeypatch.context() as m:
        for module in modules:
            for name in CALLS:
                real = getattr(module, name)

                def wrapper(buf, *args, _real=real, _name=name):
                    depth[0] += 1
                    try:
                        if depth[0] == 1:
                            log.append((_name, *args[1:]))
                        return _real(buf, *args)
                    finally:
                        depth[0] -= 1
                m.setattr(module, name, wrapper)
        yield


def instrumented_playout(game, players, seed, monkeypatch, modules, options=None):
    """(hash of the generator calls, moves, kinds of the moves that drew, kinds of the moves that did not)."""
    per_move: list[list] = []
    log: list = []

    def each(state, listed, move, step):
        per_move.append(list(log))
        log.clear()

    with counting(monkeypatch, modules, log):
        trail, final, events = playout(game, players, seed, each, options=options)
    deal, per_move = per_move[0], per_move[1:] + [list(log)]  # `each` runs before a move: calls of move i
    assert deal, f"{game.info.id}: no generator call seen in the deal: the instrumentation misses the rules' calls"
    drew = [{e.kind for e in happened} for calls, happened in zip(per_move, events) if calls]
    quiet = [{e.kind for e in happened} for calls, happened in zip(per_move, events) if not calls]
    digest = hashlib.blake2b(repr([deal, *per_move]).encode(), digest_size=12).hexdigest()
    return digest, len(deal) + sum(map(len, per_move)), drew, quiet


def regenerate(game, pure_game, monkeypatch, modules) -> None:
    old = load_fixtures(game.info.id).get("rng", {})
    playouts, drew, quiet = [], [], []
    option_sets = old.get("options", [{}])
    for players, seed, options in sample(game, option_sets):
        trail, _, _ = playout(game, players, seed, options=options)
        digest, calls, d, q = instrumented_playout(pure_game, players, seed, monkeypatch, modules, options)
        drew += d
        quiet += q
        playouts.append({"players": players, "seed": seed, "moves": len(trail) - 1, "trail": trail_hash(trail),
                         "calls": calls, "draws": digest, **({"options": options} if options else {})})
    chance = old.get("chance_events") or sorted(set().union(*drew) - set().union(*quiet))
    save_fixture(game.info.id, "rng", {"chance_events": chance, "playouts": playouts,
                                       **({"options": option_sets} if "options" in old else {})})


def mismatches(game) -> list[str]:
    """The recorded playouts whose state trail is no longer the same."""
    out = []
    for p in recorded(game.info.id, "rng")["playouts"]:
        trail, _, _ = playout(game, p["players"], p["seed"], options=p.get("options"))
        if (len(trail) - 1, trail_hash(trail)) != (p["moves"], p["trail"]):
            out.append(f"{p['players']} seats, seed {p['seed']}")
    return out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_trails_are_pinned(game_id, pure_engines, monkeypatch):
    game = engines.get(game_id)
    if regenerating(game_id):
        regenerate(game, interpreted(game, pure_engines), monkeypatch, rng_modules(pure_engines))
    assert not mismatches(game), f"{game_id}: the generator is used differently (or the rules changed)"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_generator_call_is_pinned_and_covered(game_id, pure_engines, monkeypatch):
    game = engines.get(game_id)
    pure, modules = interpreted(game, pure_engines), rng_modules(pure_engines)
    pin = recorded(game_id, "rng")
    chance = set(pin["chance_events"])
    seen: set = set()
    for p in pin["playouts"]:
        digest, calls, drew, quiet = instrumented_playout(pure, p["players"], p["seed"], monkeypatch, modules,
                                                          p.get("options"))
        where = f"{game_id} {p['players']} seats, seed {p['seed']}"
        assert (digest, calls) == (p["draws"], p["calls"]), f"{where}: the generator calls differ"
        assert all(kinds & chance for kinds in drew), f"{where}: a move drew without a chance event {chance}"
        assert not any(kinds & chance for kinds in quiet), f"{where}: a chance event without a draw"
        seen.update(*drew)
    assert chance and chance <= seen, f"{game_id}: the sample misses chance events {chance - seen}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_extra_draw_in_a_reshuffle_breaks_the_pin(game_id, pure_engines, monkeypatch):
    """Meta-test: every shuffle after the deal draws once more; the recorded trails must no longer match."""
    game = engines.get(game_id)
    pure = interpreted(game, pure_engines)
    calls = [0]
    for module in rng_modules(pure_engines):
        real_shuffle, real_next = module.shuffle, module.next_u64

        def shuffle(buf, off, start, n, _shuffle=real_shuffle, _next=real_next):
            calls[0] += 1
            _shuffle(buf, off, start, n)
            if calls[0] > 1:  # the deal's shuffle is the first
                _next(buf, off)
        monkeypatch.setattr(module, "shuffle", shuffle)
    broken = []
    for p in recorded(game_id, "rng")["playouts"]:
        calls[0] = 0
        trail, _, _ = playout(pure, p["players"], p["seed"], options=p.get("options"))
        broken.append(trail_hash(trail) != p["trail"])
    assert any(broken), f"{game_id}: an extra draw in a reshuffle went unnoticed"
