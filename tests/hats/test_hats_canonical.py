"""Hats keeps every dead cell of its state 0, so equal positions encode alike and tokens pack small.

A dead cell is one the rules never read: a deck cell before `deck_top` or at/after `deck_end`, a
hand, collection or black-hats slot at/after its count, a pile cell at/after `pile_count`,
`offer_phase` outside the partner phase. `given_by` is 0 for every card outside the hands (the
rules rely on that one). Tokens sealed before the rules cleared these cells hold stale cards
there; they must still play the same.
"""
import random
from collections import Counter

import engines
from engines.core import codec
from engines.hats import rules
from engines.hats.declarations import PHASES
from engines.hats.state import N_CARDS, SEAT, STATE

from enginekit import plays_like_its_twin, refilled

hats = engines.get("hats")
PARTNER = PHASES.index("partner")
SEAT_FIELDS = (("hand", "hand_count"), ("collection", "collection_count"), ("black_hats", "black_hat_count"))
GAMES = {2: 25, 3: 25, 4: 25}


def dead_cells(state: bytearray) -> list[tuple[str, int]]:
    """(name, offset) of every dead cell, the name as `deck[3]` or `seat 1 hand[8]`."""
    out = []
    top, end = STATE.read(state, "deck_top"), STATE.read(state, "deck_end")
    out += [(f"deck[{i}]", STATE.offset("deck", i)) for i in range(STATE.item("deck").count)
            if not top <= i < end]
    pile_n = STATE.read(state, "pile_count")
    for name in ("pile", "pile_discarded_by"):
        out += [(f"{name}[{i}]", STATE.offset(name, i)) for i in range(pile_n, STATE.item(name).count)]
    if STATE.read(state, "phase") != PARTNER:
        out.append(("offer_phase", STATE.offset("offer_phase")))
    for seat in range(STATE.item("seats").count):
        _, base = STATE.block("seats", seat)
        for name, count in SEAT_FIELDS:
            out += [(f"seat {seat} {name}[{i}]", base + SEAT.offset(name, i))
                    for i in range(SEAT.read(state, count, base=base), SEAT.item(name).count)]
    return out


def cards_in_hands(state: bytearray) -> set[int]:
    held = set()
    for seat in range(STATE.read(state, "players")):
        _, base = STATE.block("seats", seat)
        held.update(SEAT.cells(state, "hand", SEAT.read(state, "hand_count", base=base), base=base))
    return held


def stale(state: bytearray) -> list[str]:
    """What is not 0 but should be, e.g. `seat 1 hand[8] = 23`."""
    out = [f"{name} = {state[at]}" for name, at in dead_cells(state) if state[at]]
    held = cards_in_hands(state)
    out += [f"given_by[{card}] = {mark} (card {card} is in no hand)"
            for card, mark in enumerate(STATE.cells(state, "given_by")) if mark and card not in held]
    return out


def games():
    """(players, seed, where, state, events) after the deal and after every move of seeded random games."""
    for players, count in GAMES.items():
        for seed in range(count):
            pick = random.Random(seed)
            state = hats.new(players, hats.seat_options(players), seed)
            yield players, seed, "after the deal", state, []
            ply = 0
            while moves := hats.legal_moves(state):
                move = pick.choice(moves)
                text = hats.format_move(state, move)
                state, events = hats.apply(state, move)
                ply += 1
                yield players, seed, f"after move {ply} ({text})", state, events


def test_dead_cells_stay_zero():
    seen = Counter()
    for players, seed, where, state, events in games():
        problems = stale(state)
        assert not problems, f"{players} players, seed {seed}, {where}: dead cells not 0: {', '.join(problems)}"
        seen.update(e.kind for e in events)
    # the sample must go through every way a card leaves a place
    for kind in ("exchanged", "black_hat", "discarded_drew", "reshuffled", "offered", "partner_exchange", "game_end"):
        assert seen[kind], f"no {kind} in the sample: raise GAMES"


def soiled(state: bytearray, rnd: random.Random) -> bytearray:
    """`state` with stale values in its dead cells, as a token sealed before they were cleared holds."""
    return refilled(state, dead_cells(state), lambda name: 1 if name == "offer_phase" else rnd.randrange(N_CARDS))


def cleaned(state: bytearray) -> bytearray:
    return refilled(state, dead_cells(state), lambda _name: 0)


def test_stale_dead_cells_are_never_read():
    """A state with stale dead cells (an old token) decodes, shows and plays like its clean twin."""
    rnd = random.Random(1)
    checked = reshuffled = 0
    for players, seed, where, state, _ in games():
        if seed % 5 or rnd.random() > 0.25:
            continue
        # A codec-1 (whole-state) encoding, as tokens sealed before Hats had live cells carry it.
        old = hats.decode(codec.encode("hats", hats.info.version, soiled(state, rnd)))
        assert cleaned(old) == state
        for then, after, events in plays_like_its_twin(hats, old, state, cleaned,
                                                       f"{players} players, seed {seed}, {where}"):
            if any(e.kind == "reshuffled" for e in events):
                # the old deck's leftovers do not outlive a reshuffle
                left = [p for p in stale(after) if p.startswith("deck[")]
                assert not left, f"{then}: stale deck cells after the reshuffle: {', '.join(left)}"
                reshuffled += 1
            checked += 1
    assert checked > 500 and reshuffled, (checked, reshuffled)
