"""Cambio's kernel, finding a read move: its code, or the spec's reason why it is not legal (the parse path).

Compiled with the rules. `find_code` packs the read move and asks the one check (rules_check.py) whether it is
legal now; `Refused(reason, detail)` words the first rule it breaks, and game.py words it through Game.refuse.
No refusal depends on the identity of a face-down card (cambio.md "Rule for refusals"): only seats, slots,
phases and public records are consulted.
"""
import cython

# The state layout's offsets and the numbered names of declarations.py, generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.cambio.rules_check import check
    from cython.cimports.engines.cambio.rules_moves import raw
else:
    from .offsets import *  # noqa: F403
    from .rules_check import check
    from .rules_moves import raw
from .declarations import ACTION_MOVES, MOVE_WORDS, REASON_CODES, REASONS


class Refused(Exception):
    """A move not legal now: `reason` (a code of declarations.REASONS or a shared one) and `detail` (the why)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def find_code(st: bytearray, seat: cython.int, kind: cython.int, args: tuple) -> cython.longlong:
    """The code of move `kind` with `args` ((seat, slot) pairs, seat -1 for the mover's own) by `seat` (at the
    table, game not over)."""
    places = sorted(args) if kind == K_SWAP else [(seat if t < 0 else t, k) for t, k in args]
    mv: cython.longlong = kind | (seat << 8)
    # A text may name any seat or slot up to 10**9; past 255 they pack as 255 (no seat, never a used slot), two
    # seats of a swap kept apart and in order (so the rule they break is the same).
    if len(places) == 2:
        t, u = places[0][0], places[1][0]
        mv |= (((min(t, 254) if t != u else min(t, 255)) << 8) | min(places[0][1], 255)) << 16
        mv |= ((min(u, 255) << 8) | min(places[1][1], 255)) << 32
    elif places:
        mv |= ((min(places[0][0], 255) << 8) | min(places[0][1], 255)) << 16
    reason: cython.int = check(raw(st), mv)
    if reason:
        raise Refused(REASON_CODES[reason], detail(st, seat, kind, reason, places))
    return mv


def detail(st: bytearray, seat: cython.int, kind: cython.int, reason: cython.int, places: list) -> str:
    """The words of a refusal: the reason's own, with the seat, slot or action the rule is about."""
    if reason == R_NOT_YOUR_TURN:
        return f"not your turn (seat {st[ACTIVE]} is to act)"
    if reason == R_WRONG_ACTION:
        return f"the pending action allows {ACTION_MOVES[st[ACTION]]}, not {MOVE_WORDS[kind]}"
    if reason == R_OWN_CARD:
        return "that is your own card" + (" (use lookown)" if kind == K_LOOK_OTHER else "")
    if reason == R_ALREADY_PICKED:
        return f"seat {places[0][0]} already picked"
    if reason == R_NO_SUCH_SEAT:  # the first place off the table: every earlier one holds a card
        t = next(t for t, _ in places if t >= st[PLAYERS])
        return f"there is no seat {t} (seats 0..{st[PLAYERS] - 1})"
    if reason == R_EMPTY_SLOT:
        t, k = next((t, k) for t, k in places if k >= st[SLOTS_USED + t] or st[SLOTS + t * SLOT_CAP + k] == NONE)
        return f"slot {t}.{k} is empty"
    if reason == R_NOT_CLAIMANT:
        return f"only the claimant (seat {st[CLAIMANT]}) may give"
    if reason == R_WINDOW_CLAIMED:
        return f"snap window claimed by seat {st[CLAIMANT]}"
    if reason == R_PASSED:
        return f"seat {seat} has passed in this window"
    return REASONS[REASON_CODES[reason]].meaning

