"""Cambio's kernel, finding a read move: its code, or the spec's reason why it is not legal (the parse path).

Compiled with the rules. `find_code` raises `Refused(reason, detail)`; game.py words it through
Game.refuse. No refusal depends on the identity of a face-down card (cambio.md "Rule for
refusals"): only seats, slots, phases and public records are consulted.
"""
import cython

# The state layout's offsets and the numbered names of declarations.py, generated: C constants when compiled.
if cython.compiled:
    from cython.cimports.engines.cambio.offsets import *  # noqa: F403
    from cython.cimports.engines.cambio.rules_moves import cards_of_seats, pick_rank, position_rank, slot_rank, \
        turn_mask
else:
    from .offsets import *  # noqa: F403
    from .rules_moves import cards_of_seats, pick_rank, position_rank, slot_rank, turn_mask
from .declarations import ACTION_MOVES, MOVE_WORDS


class Refused(Exception):
    """A move not legal now: `reason` (a code of declarations.REASONS or a shared one) and `detail` (the why)."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def card_at(st: bytearray, t: cython.Py_ssize_t, k: cython.Py_ssize_t) -> cython.int:
    """The card at t.k, refusing positions that do not exist or are empty."""
    if t < 0 or t >= st[PLAYERS]:
        raise Refused("no_such_seat", f"there is no seat {t} (seats 0..{st[PLAYERS] - 1})")
    if k < 0 or k >= st[SLOTS_USED + t] or st[SLOTS + t * SLOT_CAP + k] == NONE:
        raise Refused("empty_slot", f"slot {t}.{k} is empty")
    return st[SLOTS + t * SLOT_CAP + k]


def not_frozen(st: bytearray, t: cython.Py_ssize_t) -> None:
    if t == st[CALLER]:
        raise Refused("caller_frozen", "cards of the Cambio caller are frozen")


def find_code(st: bytearray, seat: cython.Py_ssize_t, kind: cython.int, args: tuple) -> cython.Py_ssize_t:
    """The code of move `kind` with `args` ((seat, slot) pairs) by `seat` (at the table, game not over)."""
    phase: cython.int = st[PHASE]
    a: cython.int = st[ACTIVE]
    if kind >= K_SNAP:
        return find_window(st, seat, kind, args)
    if seat != a:
        raise Refused("not_your_turn", f"not your turn (seat {a} is to act)")
    if kind <= K_CALL_CAMBIO:
        return find_turn_start(st, kind)
    if kind <= K_REPLACE:
        if phase != P_HOLDING:
            raise Refused("not_holding", "you hold no card")
        if kind == K_DISCARD:
            if st[HELD_SOURCE] == 1:
                raise Refused("must_exchange", "a card taken from the discard pile must be exchanged")
            return 0
        card_at(st, a, args[0][1])
        return (1 - st[HELD_SOURCE]) + slot_rank(st, a, args[0][1])
    if phase != P_ACTION:
        raise Refused("no_action", "no action pending")
    return find_action(st, kind, args)


def find_turn_start(st: bytearray, kind: cython.int) -> cython.Py_ssize_t:
    if st[PHASE] != P_TURN_START:
        raise Refused("not_turn_start", "only at the start of your turn (you have already drawn)")
    m: cython.int = turn_mask(st)
    if kind == K_DRAW_DECK and not m & 2:
        raise Refused("deck_exhausted", "main deck exhausted")
    if kind == K_DRAW_DISCARD:
        if st[PILE_COUNT] == 0:
            raise Refused("pile_empty", "discard pile empty")
        if st[FROZEN]:
            raise Refused("pile_frozen", "discard pile frozen")
    if kind == K_CALL_CAMBIO:
        if not m & 1:
            raise Refused("cambio_called", "Cambio already called")
        return 0
    return (m & 1) + (((m >> 1) & 1) if kind == K_DRAW_DISCARD else 0)


def find_action(st: bytearray, kind: cython.int, args: tuple) -> cython.Py_ssize_t:
    act: cython.int = st[ACTION]
    a: cython.int = st[ACTIVE]
    base: cython.Py_ssize_t = 0
    allowed = {K_LOOK_OWN: (A_LOOK_OWN, A_TWO_ACTIONS), K_LOOK_OTHER: (A_LOOK_OTHER, A_TWO_ACTIONS),
               K_SWAP: (A_SWAP, A_TWO_ACTIONS), K_SHOW: (A_SHOW,)}[kind]
    if act not in allowed:
        raise Refused("wrong_action", f"the pending action allows {ACTION_MOVES[act]}, not {MOVE_WORDS[kind]}")
    if act == A_TWO_ACTIONS and kind != K_LOOK_OWN:
        base = st[CARD_COUNT + a]
        if kind == K_SWAP:
            base += cards_of_seats(st, 0, a)
    t, k = args[0]
    if kind == K_LOOK_OWN:
        card_at(st, a, k)
        return slot_rank(st, a, k)
    if kind == K_SWAP:
        return base + find_swap(st, args)
    if t == a:
        raise Refused("own_card", "that is your own card" + (" (use lookown)" if kind == K_LOOK_OTHER else ""))
    if 0 <= t < st[PLAYERS]:
        not_frozen(st, t)
    if kind == K_LOOK_OTHER:
        card_at(st, t, k)
        return base + position_rank(st, t, k, 0, a)
    if 0 <= t < st[PLAYERS] and st[PICKED + t] != NONE:
        raise Refused("already_picked", f"seat {t} already picked")
    card_at(st, t, k)
    return pick_rank(st, t, k)


def find_swap(st: bytearray, args: tuple) -> cython.Py_ssize_t:
    (t, k), (u, j) = sorted(args)
    if t == u:
        raise Refused("same_seat", "two cards of the same seat cannot be swapped")
    for s in (t, u):
        if 0 <= s < st[PLAYERS]:
            not_frozen(st, s)
    card_at(st, t, k)
    card_at(st, u, j)
    caller: cython.int = st[CALLER]
    r: cython.Py_ssize_t = 0
    s: cython.Py_ssize_t
    for s in range(t):
        if s != caller:
            r += st[CARD_COUNT + s] * cards_of_seats(st, s + 1, NONE)
    return r + slot_rank(st, t, k) * cards_of_seats(st, t + 1, NONE) + \
        position_rank(st, u, j, t + 1, NONE)


def find_window(st: bytearray, seat: cython.Py_ssize_t, kind: cython.int, args: tuple) -> cython.Py_ssize_t:
    claim: cython.int = st[CLAIMANT]
    caller: cython.int = st[CALLER]
    if kind == K_GIVE or kind == K_NOGIVE:
        if st[PHASE] != P_SNAP or st[GIVE_SEAT] == NONE:
            raise Refused("no_give", "no give pending")
        if seat != claim:
            raise Refused("not_claimant", f"only the claimant (seat {claim}) may give")
        if kind == K_NOGIVE:
            return 0
        card_at(st, seat, args[0][1])
        return 1 + slot_rank(st, seat, args[0][1])
    if st[PHASE] != P_SNAP:
        raise Refused("no_window", "no snap window is open")
    if seat == caller:
        raise Refused("caller_out", "the Cambio caller takes no part in snap windows")
    if claim != NONE and claim != seat:
        raise Refused("window_claimed", f"snap window claimed by seat {claim}")
    if claim != NONE and st[GIVE_SEAT] != NONE:
        raise Refused("give_first", "give or nogive first")
    if claim == NONE and (st[PASSED] >> seat) & 1:
        raise Refused("passed", f"seat {seat} has passed in this window")
    block: cython.Py_ssize_t = 0
    if claim == NONE:
        block = (1 + cards_of_seats(st, 0, NONE)) * sum(
            1 for s in range(seat) if s != caller and not (st[PASSED] >> s) & 1)
    if kind == K_PASS:
        return block
    t, k = args[0]
    if 0 <= t < st[PLAYERS]:
        not_frozen(st, t)
    card_at(st, t, k)
    return block + 1 + position_rank(st, t, k, 0, NONE)
