"""White Hat's and Black Hat's own invariants, run along the registry's seeded playouts
(tests/test_conformance.py, fixtures "playouts" -> "invariants") and along every step of the solo property
test (test_white_hat_solo_invariants.py):
- the celebrity status cards stay secret until the game ends (spec §7.5, §9.1);
- occupancy (§5.5, §7.7.5): every blocker (pawn or hat, the tracer, solo markers `m1` and `m2`) holds its
  space: nothing shares a board space with a pawn, no solo hat stands where a marker is, and the listed
  `move` and `backflip` destinations are exactly the first empty spaces along (against) the arrows.

Occupancy is read from the state's bytes here, not from engines/white_hat/rules_pawns.py, so a blocker the
engine forgets shows up as a difference.
"""
from __future__ import annotations

from engines.white_hat.declarations import MAX_OUT
from engines.white_hat.offsets import K_BACKFLIP, K_MOVE, MOVE, SPECIAL
from engines.white_hat.declarations import pawn_name
from engines.white_hat.state import STATE

AT = STATE.at
NONE = 255
VERB = {K_MOVE: "move", K_BACKFLIP: "backflip"}


def check(game, state: bytearray, listed: list | None = None) -> None:
    """The status cards' secrecy, then occupancy (`listed`: the state's legal moves, if already known)."""
    check_status_cards(game, state)
    check_occupancy(game, state, game.legal_moves(state) if listed is None else listed)


def check_status_cards(game, state: bytearray) -> None:
    """Before the end, each view shows its own status card and the robot's (open, §7.5), never another
    seat's (the spectator's: only the robot's); once finished, every view shows every card."""
    if not state[AT.celebrity]:
        return
    n, robot, finished = state[AT.players], state[AT.robot], game.is_finished(state)
    cards = list(state[AT.status:AT.status + n])
    for seat in [None, *range(n)]:
        view = game.view(state, seat)
        shown = [card if finished or s in (seat, robot) else 0 for s, card in enumerate(cards)]
        where = f"{game.info.id} {n} seats, view of seat {seat}, after {game.move_count(state)} moves"
        assert view["status_cards"] == shown, f"{where}: status cards {view['status_cards']}, expected {shown}"
        assert view["status"] == (0 if seat is None else cards[seat]), f"{where}: own status card"


def blockers(state: bytearray) -> dict[int, list[str]]:
    """What stands on each board space: pawns (solo: hats) by name, `tracer` (solo: `m1`), `m2`."""
    solo = state[AT.solo]
    out: dict[int, list[str]] = {}
    for p in range(state[AT.pawn_count]):
        if state[AT.pawns + p] < 64:
            out.setdefault(state[AT.pawns + p], []).append(pawn_name(p, solo))
    if state[AT.tracer_space] < 64:
        out.setdefault(state[AT.tracer_space], []).append("m1" if solo else "tracer")
    if state[AT.m2_space] < 64:
        out.setdefault(state[AT.m2_space], []).append("m2")
    return out


def arrows(state: bytearray) -> dict[int, list[int]]:
    """The board's current arrows (tiles included): space -> the spaces its outgoing arrows reach."""
    return {s: [state[AT.out + s * MAX_OUT + i] for i in range(state[AT.out_count + s])]
            for s in range(64) if state[AT.space_type + s] != NONE}


def first_empty(start: int, step: dict[int, list[int]], occupied: set[int]) -> set[int]:
    """The first empty space on every path from `start` along `step`, jumping occupied ones (§5.5, D22)."""
    found, seen, todo = set(), set(), list(step.get(start, []))
    while todo:
        t = todo.pop()
        if t in seen:
            continue
        seen.add(t)
        if t in occupied:
            todo.extend(step.get(t, []))
        else:
            found.add(t)
    return found


def check_occupancy(game, state: bytearray, listed: list) -> None:
    """Every blocker holds its space (§5.5, §7.7.5), and the listed hat/pawn moves and backflips go to
    exactly the spaces the arrows and the blockers allow."""
    starts = {state[AT.cafe], state[AT.server]}
    on = blockers(state)
    where = f"{game.info.id} after {game.move_count(state)} moves ({' '.join(f'{s}:{on[s]}' for s in sorted(on))})"
    pawns_at = {s: [w for w in who if w not in ("tracer", "m1", "m2")] for s, who in on.items()}
    for s, who in on.items():
        if s in starts:
            if state[AT.solo] and pawns_at[s] and len(pawns_at[s]) < len(who):
                raise AssertionError(f"{where}: hat {pawns_at[s]} on a start space with a marker")
            continue
        if pawns_at[s] and len(who) > 1:
            raise AssertionError(f"{where}: {who} share space {s}")
    occupied = {s for s in on if s not in starts}
    if state[AT.phase] not in (MOVE, SPECIAL):
        return
    forward = arrows(state)
    backward: dict[int, list[int]] = {}
    for s, ts in forward.items():
        for t in ts:
            backward.setdefault(t, []).append(s)
    got: dict[tuple, set] = {}
    for code in listed:
        kind, pawn, space = code & 15, (code >> 4) & 15, (code >> 8) & 255
        if kind in (K_MOVE, K_BACKFLIP):
            text = f"{VERB[kind]} {pawn_name(pawn, state[AT.solo])} {space}"  # not move_info: it refuses a bad code
            assert space not in occupied, f"{where}: {text} is listed and ends on {on[space]}"
            got.setdefault((kind, pawn), set()).add(space)
    for (kind, pawn), spaces in got.items():
        s = state[AT.pawns + pawn]
        if kind == K_MOVE:
            want = first_empty(s, forward, occupied)
        else:  # a start space only if the pawn's sibling (solo: the other hat of its colour) is not there
            want = {t for t in first_empty(s, backward, occupied) if t != state[AT.pawns + (pawn ^ 1)]}
        name = pawn_name(pawn, state[AT.solo])
        assert spaces == want, \
            f"{where}: {VERB[kind]} {name} from {s} lists {sorted(spaces)}, the arrows give {sorted(want)}"
