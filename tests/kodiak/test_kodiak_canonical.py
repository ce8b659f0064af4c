"""Kodiak keeps every dead cell of its state 0, so equal positions encode alike and tokens pack small (the packing
folds runs of 0).

A dead cell is one the rules never read: a deck cell before `deck_top` (drawn), a pile cell at/after
`pile_count`, a cell beside a seat's table at/after its `beside_count`, an `escape_slots` cell at/after
`thrown`, and `knows` of a card on the pile or beside a table (it never comes back in the round; the next deal
starts everyone's knowledge afresh). Tokens sealed before the rules cleared drawn deck cells and the knowledge of
taken cards hold stale values there; they must still play the same.

Empty table slots hold NONE, not 0: they are read (an empty slot keeps its number), so they are not dead.
"""
import random
from collections import Counter

import engines
from engines.core import codec
from engines.kodiak.state import DECK_SIZE, ESCAPE_MAX, MAX_SEATS, STATE

from enginekit import plays_like_its_twin, refilled

kodiak = engines.get("kodiak")
# (players, options beyond the seat count's own) of the sampled games: every seat count, and the options that
# change who knows a card (memory_aid) or what the blue king may turn up.
SETUPS = [(2, {}), (3, {"memory_aid": "slot"}), (4, {"blue_king_kodiak": "true"}), (5, {"memory_aid": "off"}),
          (6, {}), (3, {"cycles": "2", "first_kodiak": "2"})]
SEEDS = range(5)


def dead_cells(state: bytearray) -> list[tuple[str, int]]:
    """(name, offset) of every dead cell, the name as `deck[3]` or `knows[40] (on the pile)`."""
    out = [(f"deck[{i}]", STATE.offset("deck", i)) for i in range(STATE.read(state, "deck_top"))]
    pile_n = STATE.read(state, "pile_count")
    out += [(f"pile[{i}]", STATE.offset("pile", i)) for i in range(pile_n, DECK_SIZE)]
    thrown = STATE.read(state, "thrown")
    out += [(f"escape_slots[{i}]", STATE.offset("escape_slots", i)) for i in range(min(thrown, ESCAPE_MAX), ESCAPE_MAX)]
    beside = []
    for seat in range(MAX_SEATS):
        n = STATE.read(state, "beside_count", seat)
        out += [(f"beside[{seat * 4 + i}]", STATE.offset("beside", seat * 4 + i)) for i in range(n, 4)]
        beside += [STATE.read(state, "beside", seat * 4 + i) for i in range(n)]
    out += [(f"knows[{card}] (on the pile)", STATE.offset("knows", card))
            for card in STATE.cells(state, "pile", pile_n)]
    out += [(f"knows[{card}] (beside a table)", STATE.offset("knows", card)) for card in beside]
    return out


def stale(state: bytearray) -> list[str]:
    """What is not 0 but should be, e.g. `deck[3] = 11`."""
    return [f"{name} = {state[at]}" for name, at in dead_cells(state) if state[at]]


def games():
    """(where, state, events) after the deal and after every move of seeded random games."""
    for players, extra in SETUPS:
        options = dict(kodiak.seat_options(players), **extra)
        for seed in SEEDS:
            pick = random.Random(seed)
            state = kodiak.new(players, options, seed)
            setup = f"{players} seats, {extra}, seed {seed}"
            yield f"{setup}, after the deal", state, []
            ply = 0
            while moves := kodiak.legal_moves(state):
                infos = dict(zip(moves, kodiak.describe_moves(state)))
                # Uniform play is mostly Kodiak's missed pounces, each a penalty card, until the deck runs out:
                # holding them back lets the turns, escapes and counters come.
                calm = [m for m in moves if infos[m].kind != "pounce"]
                move = pick.choice(calm if calm and pick.random() < 0.9 else moves)
                text = infos[move].text
                state, events = kodiak.apply(state, move)
                ply += 1
                yield f"{setup}, after move {ply} ({text})", state, events


def test_dead_cells_stay_zero():
    seen = Counter()
    for where, state, events in games():
        problems = stale(state)
        assert not problems, f"{where}: dead cells not 0: {', '.join(problems)}"
        assert kodiak.decode(kodiak.encode(state)) == state, where
        seen.update(e.kind for e in events)
        seen.update("beside" for e in events if e.kind == "exchanged" and e.public["beside"])
        seen.update(f"{e.kind} caught" for e in events if e.kind in ("pounce", "counter") and e.public["success"])
    # the sample must go through every way a card leaves the deck or the table
    for kind in ("deal", "drew", "exchanged", "beside", "thrown", "pounce caught", "counter caught", "penalty",
                 "replacement", "round_end"):
        assert seen[kind], f"no {kind} in the sample: raise SEEDS"


def soiled(state: bytearray, rnd: random.Random) -> bytearray:
    """`state` with stale values in its dead cells, as a token sealed before they were cleared holds: cards, and
    knowledge of the seats at the table (validation takes no other)."""
    everyone = 1 << STATE.read(state, "players")
    # escape_slots past `thrown` were always 0, and validation holds them to it
    cells = [(name, at) for name, at in dead_cells(state) if not name.startswith("escape_slots")]
    return refilled(state, cells, lambda name: rnd.randrange(1, everyone) if name.startswith("knows")
                    else rnd.randrange(DECK_SIZE))


def cleaned(state: bytearray) -> bytearray:
    return refilled(state, dead_cells(state), lambda _name: 0)


def test_stale_dead_cells_are_never_read():
    """A state with stale dead cells (an old token) decodes, shows, scores and plays like its clean twin."""
    rnd = random.Random(1)
    checked = rounds = 0
    for where, state, _ in games():
        if rnd.random() > 0.15:
            continue
        # Encoded whole (codec 1), as every Kodiak token is.
        old = kodiak.decode(codec.encode("kodiak", kodiak.info.version, soiled(state, rnd)))
        assert cleaned(old) == state, where
        assert kodiak.describe_moves(old) == kodiak.describe_moves(state), where
        moves = kodiak.legal_moves(state)
        for then, after, events in plays_like_its_twin(kodiak, old, state, cleaned, where,
                                                       moves if len(moves) <= 30 else rnd.sample(moves, 30)):
            if any(e.kind == "deal" for e in events):  # the old leftovers do not outlive the round
                left = stale(after)
                assert not left, f"{then}: stale cells after the next round's deal: {', '.join(left)}"
                rounds += 1
            checked += 1
    assert checked > 2000 and rounds, (checked, rounds)
