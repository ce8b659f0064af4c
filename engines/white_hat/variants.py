"""White Hat variants at setup and at the end (spec §7): which option combinations are allowed (§7.8),
the tiles placed at setup (§7.2), the celebrity status cards (§7.5) and their ranking.

Plain Python: these run once per NewGame or Score, never in the move loop.
"""
from __future__ import annotations

from typing import Mapping

from ..core import rng
from ..core.errors import BadOption
from . import board as boards
from . import rules_tiles as tiles
from . import offsets as O
from .moves import FACE_NAMES

NONE = 255
ROBOT_SEAT = 2
STATUS_CARDS = tuple(range(10, 55, 5))  # D4: 10, 15, ..., 50
SEAT_OPTIONS = {1: {"solo": "true"}, 2: {"robot": "true"}}  # §7.8: the only ways to play with 1 or 2 seats


def refuse(option: str, why: str) -> BadOption:
    return BadOption("bad_option_value", f"option {option}: {why}", option=option)


def engine_seats(players: int, values: Mapping[str, str]) -> int:
    """The engine's seat count for `players` human seats, with the options checked against §7.8."""
    if values.get("solo", "false") == "true" or players == 1:
        return _solo_seats(players, values)
    robot = values["robot"] == "true"
    if players == 2 and not robot:
        raise refuse("robot", "two seats need robot=true (the robot plays the third seat, §7.6)")
    if players != 2 and robot:
        raise refuse("robot", f"robot=true needs exactly 2 seats, not {players}")
    n = 3 if robot else players
    dealer = int(values["first_dealer"])
    if dealer >= n:
        raise refuse("first_dealer", f"first_dealer={dealer} is not a seat (0..{n - 1})")
    return n


SOLO_DEFAULTS = {"tracer": "false", "reduce_luck": "off", "celebrity": "false", "robot": "false", "first_dealer": "0"}


def _solo_seats(players: int, values: Mapping[str, str]) -> int:
    """§7.8, one seat: solo=true, and the other variants at their defaults (the markers replace the tracer)."""
    if values.get("solo") != "true":
        raise refuse("solo", "one seat needs solo=true (the solo game, white_hat only)")
    if players != 1:
        raise refuse("solo", f"solo=true needs exactly 1 seat, not {players}")
    for name, default in SOLO_DEFAULTS.items():
        if values[name] != default:
            raise refuse(name, f"{name}={values[name]} is not allowed in solo (only {default})")
    return 1


def tiles_wanted(value: str, board: boards.Board) -> int | list[tuple[int, int]]:
    """Option `tiles` (§7.2): a count of random tiles, or the explicit (slot index, face index) list."""
    slots = [s.id for s in board.slots]
    if value.isascii() and value.isdigit() and len(value) <= 2:
        count = int(value)
        if count > 5:
            raise refuse("tiles", f"tiles={count}: at most 5 tiles (0-5, or a list such as A=3b,C=1a)")
        if count > len(slots):
            raise refuse("tiles", f"tiles={count}: the board has only {len(slots)} slots")
        return count
    placed: list[tuple[int, int]] = []
    items = value.split(",")
    if len(items) > 5:
        raise refuse("tiles", "at most 5 tiles")
    for item in items:
        slot, _, face = item.strip().partition("=")
        if slot not in slots:
            raise refuse("tiles", f"{item.strip()[:12]!r}: expected <slot>=<face>, a slot of this board "
                         f"({', '.join(slots)}) and a face 1a..6b (or a count 0-5)")
        if face not in FACE_NAMES:
            raise refuse("tiles", f"{item.strip()[:12]!r}: {face[:8]!r} is not a tile face (1a..6b)")
        entry = (slots.index(slot), FACE_NAMES.index(face))
        if any(s == entry[0] for s, _ in placed):
            raise refuse("tiles", f"slot {slot} is named twice")
        if any(f // 2 == entry[1] // 2 for _, f in placed):
            raise refuse("tiles", f"tile {entry[1] // 2 + 1} is used twice")
        placed.append(entry)
    return placed


def place_setup_tiles(buf: bytearray, wanted: int | list[tuple[int, int]], board: boards.Board) -> None:
    """Put the setup tiles on the board (no triggers: no pawn is on a slot yet). Random tiles (D35, D47):
    a tile from the supply (ascending ids), a face (a, b), a slot among the free ones (alphabetical)."""
    if isinstance(wanted, list):
        for slot, face in wanted:
            tiles.place(buf, face, slot, None)
        return
    order = sorted(range(len(board.slots)), key=lambda i: board.slots[i].id)
    for _ in range(wanted):
        used = {buf[O.SLOT_FACE + i] // 2 + 1 for i in order if buf[O.SLOT_FACE + i] != NONE}
        supply = [t for t in range(1, 7) if t not in used]
        tile = supply[rng.below(buf, O.RNG, len(supply))]
        side = rng.below(buf, O.RNG, 2)
        free = [i for i in order if buf[O.SLOT_FACE + i] == NONE]
        slot = free[rng.below(buf, O.RNG, len(free))]
        tiles.place(buf, 2 * (tile - 1) + side, slot, None)


def deal_status_cards(buf: bytearray, n: int) -> None:
    """§3.1 step 3: the 9 status cards, ascending, shuffled (D47), one to each seat in seat order."""
    scratch = O.DECK  # the deck is dealt after this, so its cells are free scratch space here
    buf[scratch:scratch + 9] = bytes(STATUS_CARDS)
    rng.shuffle(buf, O.RNG, scratch, 9)
    for s in range(n):
        buf[O.STATUS + s] = buf[scratch + s]
    buf[scratch:scratch + 9] = bytes(9)


def celebrity_rank(rows: list[tuple], status: list[int]) -> tuple[dict[int, int], tuple[int, ...], str]:
    """§7.5 (D30): the smallest |total - status|; then below the status beats above; then the lowest last
    round; then shared. Ranks order every seat by the same steps (1, 1, 3 on full ties)."""
    keys = {}
    for s, rnd, total, _, _ in rows:
        keys[s] = (abs(total - status[s]), total > status[s], rnd)
    ranks = {s: 1 + sum(other < key for other in keys.values()) for s, key in keys.items()}
    best = min(keys.values())
    winners = tuple(s for s, k in keys.items() if k == best)
    closest = [s for s, k in keys.items() if k[0] == best[0]]
    if len(closest) == 1:
        reason = ""
    elif len({keys[s][1] for s in closest}) > 1 and len([s for s in closest if keys[s][:2] == best[:2]]) == 1:
        reason = "below_status"
    elif len(winners) == 1:
        reason = "last_round"
    else:
        reason = "shared"
    return ranks, winners, reason
