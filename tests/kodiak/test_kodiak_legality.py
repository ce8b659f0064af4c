"""The legal-move list against an oracle written from the spec's tables (§4-§7), on states along random games.

The engine lists moves in compiled code (engines/kodiak/rules_list.py); here the same rules are
written again, plainly, from the state read by field name: every (seat, text) the spec allows
must be listed, and nothing else.
"""
import sys
from itertools import combinations
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engines.kodiak import rules  # noqa: E402
from engines.kodiak.offsets import K_POUNCE, K_SWAP  # noqa: E402
from engines.kodiak.declarations import ACTIONS, CARDS, HUNT_PHASES, PHASES, STEPS  # noqa: E402
from engines.kodiak.state import NONE, QUERY, SLOT_CAP, STATE  # noqa: E402
from kodiak_testlib import kodiak  # noqa: E402


def read(state, name, i=0):
    return STATE.read(state, name, i)


def slots(state, seat):
    return [k for k in range(read(state, "slots_used", seat)) if read(state, "slots", seat * SLOT_CAP + k) != NONE]


def face_down(state, seat):
    return [k for k in slots(state, seat) if not read(state, "face_up", read(state, "slots", seat * SLOT_CAP + k))]


def expected(state) -> set:
    """Every (seat, text) the spec allows now."""
    n, kodiak_seat, active = read(state, "players"), read(state, "kodiak"), read(state, "active")
    phase = PHASES[read(state, "phase")]
    mice = [s for s in range(n) if s != kodiak_seat]
    out = set()
    if phase == "exchange":
        out |= {(active, f"exchange {k}") for k in slots(state, active)}
    elif phase == "kodiak_pick":
        out |= {(kodiak_seat, f"pick {k}") for k in slots(state, kodiak_seat)}
    elif phase == "action":
        card = read(state, "action_card")
        action = ACTIONS[CARDS.action[card]]
        done = [name for i, name in enumerate(STEPS) if (read(state, "steps_done") >> i) & 1]
        allowed = {"look_own": ["lookown"], "look_other": ["look"], "swap": ["swap"], "reveal": ["reveal"],
                   "two_actions": [k for k in ("lookown", "look", "swap") if k not in done]}[action]
        if "lookown" in allowed:
            out |= {(active, f"lookown {k}") for k in slots(state, active)}
        if "look" in allowed:
            out |= {(active, f"look {t}.{k}") for t in mice if t != active for k in face_down(state, t)}
        if "reveal" in allowed:
            targets = [t for t in range(n) if t != active and (t != kodiak_seat or read(state, "blue_king_kodiak"))]
            out |= {(active, f"reveal {t}.{k}") for t in targets for k in face_down(state, t)}
        if "swap" in allowed:
            named = range(n) if active == kodiak_seat else mice
            cards = [(t, k) for t in named for k in slots(state, t)]
            out |= {(active, f"swap {a[0]}.{a[1]} {b[0]}.{b[1]}") for a, b in combinations(cards, 2) if a[0] != b[0]}
            if active != kodiak_seat:
                out |= {(active, f"swap {t}.{k} {kodiak_seat}.?") for t, k in cards}
    elif phase == "hunt":
        hunt, escapee = HUNT_PHASES[read(state, "hunt")], read(state, "escapee")
        if hunt == "escaping":
            out |= {(escapee, "done")} | {(escapee, f"throw {k}") for k in slots(state, escapee)}
        elif hunt == "counter":
            out |= {(kodiak_seat, "pass")} | {(kodiak_seat, f"counter {j}") for j in slots(state, kodiak_seat)}
        else:
            passed = read(state, "passed")
            for s in range(n):
                if (passed >> s) & 1:
                    continue
                out.add((s, "pass"))
                if s == kodiak_seat:
                    out |= {(s, f"pounce {j} {t}.{k}") for j in slots(state, s) for t in mice for k in slots(state, t)}
                elif read(state, "rune") != NONE:
                    out |= {(s, f"throw {k}") for k in slots(state, s)}
    return out


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"blue_king_kodiak": "true"}), (4, {}),
                                              (5, {"memory_aid": "slot"}), (6, {"blue_king_kodiak": "true"})])
def test_listed_moves_are_exactly_the_spec_moves(players, options):
    phases = set()
    for seed in range(4):
        state = kodiak.new(players, options, seed)
        step = 0
        while (listed := kodiak.legal_moves(state)):
            infos = kodiak.describe_moves(state)
            assert len({(i.seat, i.text) for i in infos}) == len(infos), "a move is listed twice"
            assert {(i.seat, i.text) for i in infos} == expected(state), (seed, step)
            phases.add(PHASES[read(state, "phase")])
            asks = [code for code, i in zip(listed, infos) if i.text.endswith("?")]  # reach kodiak_pick too
            kodiak.apply_in_place(state, asks[0] if asks else
                                  listed[(seed * 7919 + step * 104729) % len(listed)])
            step += 1
    assert phases == {"exchange", "action", "hunt"} | ({"kodiak_pick"} if players > 2 else set())


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"blue_king_kodiak": "true"}), (5, {"memory_aid": "slot"})])
def test_check_accepts_exactly_the_listed_codes(players, options):
    """The kernel's check (the one refusal path) and the listing read the same rules two ways: along random games
    every listed code checks legal, and a code one field away from a listed one checks legal only when listed."""
    fields = [(0, 0xF, range(16)), (4, 0xF, range(16))] + \
        [(shift, 0xFF, (0, 1, 2, 3, 4, 6, 9, QUERY, NONE)) for shift in (8, 16, 24, 32)]
    swaps = 0
    for seed in range(3):
        state = kodiak.new(players, options, seed)
        step = 0
        while (listed := list(kodiak.legal_moves(state))):
            codes = set(listed)
            assert len(codes) == len(listed), step
            assert all(rules.check(state, code) == 0 for code in listed), step
            sampled = listed[::max(1, len(listed) // 12)] + [code for code in listed if code & 0xF == K_SWAP][:8]
            for code in sampled:
                for shift, width, values in fields:
                    for v in values:
                        near = (code & ~(width << shift)) | (v << shift)
                        assert (rules.check(state, near) == 0) == (near in codes), (step, hex(code), hex(near))
                if code & 0xF == K_SWAP:  # the same swap with its sides the other way round is no code
                    swaps += 1
                    flipped = (code & 0xFF) | (code >> 24 & 0xFFFF) << 8 | (code >> 8 & 0xFFFF) << 24
                    assert rules.check(state, flipped) != 0, (step, hex(code))
            # Turns, not Kodiak's missed pounces (each a penalty card), so the actions come often.
            calm = [code for code in listed if code & 0xF != K_POUNCE] or listed
            kodiak.apply_in_place(state, calm[(seed * 7919 + step * 104729) % len(calm)])
            step += 1
    assert swaps > 0 or players == 2  # two seats: one mouse, so no pair to swap
