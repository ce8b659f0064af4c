"""White Hat's and Black Hat's own invariants, run along the registry's seeded playouts
(tests/test_conformance.py, fixtures "playouts" -> "invariants"): the celebrity status cards stay
secret until the game ends (spec §7.5, §9.1)."""
from __future__ import annotations

from engines.white_hat.state import STATE

AT = STATE.at


def check(game, state: bytearray) -> None:
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
