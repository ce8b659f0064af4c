"""Kodiak's kernel, the check of a move code: `check` says whether a code is listed now, and when it is not, the
number of the first rule it breaks (declarations.REASON_CODES). A code is a packed move (rules_state.pxd's
`pack`), so it reads the same in every state; `listed` accepts exactly the codes rules_list.py lists (the tests
hold them to each other)."""
import cython

from .declarations import CARDS

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled; the small state helpers every topic inlines (rules_state.pxd).
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_state import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_list import action_kinds
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403
    from .rules_list import action_kinds

# The cards' actions from data/deck.toml (bytes: indexed here directly, a call per lookup would cost more).
cython.declare(ACTION=bytes)
ACTION = CARDS.action


@cython.cfunc
@cython.exceptval(check=False)
def has_card(st: cython.p_uchar, seat: cython.int, slot: cython.int, down_only: cython.bint) -> cython.bint:
    """A card (face down, with down_only) lies at seat.slot of a seat at the table."""
    if seat < 0 or seat >= st[PLAYERS] or slot < 0 or slot >= st[SLOTS_USED + seat]:
        return False
    card: cython.int = st[SLOTS + seat * SLOT_CAP + slot]
    return card != NONE and not (down_only and st[FACE_UP + card])


@cython.cfunc
@cython.exceptval(check=False)
def listed(st: cython.p_uchar, move: cython.longlong) -> cython.bint:
    """Whether the packed move is among the legal moves now (the listing's rules, read the other way)."""
    kind: cython.int = field(move, 0)
    seat: cython.int = field(move, 1)
    a: cython.int = field(move, 2)
    b: cython.int = field(move, 3)
    c: cython.int = field(move, 4)
    d: cython.int = field(move, 5)
    phase: cython.int = st[PHASE]
    kodiak: cython.int = st[KODIAK]
    kinds: cython.int
    seats: cython.int
    if seat >= st[PLAYERS]:
        return False
    if phase == P_EXCHANGE or phase == P_KODIAK_PICK:
        if phase == P_EXCHANGE:
            ok = kind == K_EXCHANGE and seat == st[ACTIVE]
        else:
            ok = kind == K_PICK and seat == kodiak
        return ok and b == 0 and c == 0 and d == 0 and has_card(st, seat, a, False)
    if phase == P_ACTION:
        if seat != st[ACTIVE]:
            return False
        kinds = action_kinds(st)
        if kind == K_LOOKOWN:
            return (kinds & STEP_OWN) != 0 and b == 0 and c == 0 and d == 0 and has_card(st, seat, a, False)
        if kind == K_LOOK or kind == K_REVEAL:
            if kind == K_LOOK:
                seats = ((1 << st[PLAYERS]) - 1) & ~(1 << kodiak) & ~(1 << seat) if kinds & STEP_OTHER else 0
            else:
                seats = ((1 << st[PLAYERS]) - 1) & ~(1 << seat) if kinds & STEP_REVEAL else 0
                if not st[BLUE_KING_KODIAK]:
                    seats &= ~(1 << kodiak)
            return c == 0 and d == 0 and has_card(st, a, b, True) and (seats >> a) & 1 != 0
        if kind != K_SWAP or not kinds & STEP_SWAP:
            return False
        seats = (1 << st[PLAYERS]) - 1
        if seat != kodiak:
            seats &= ~(1 << kodiak)
            if c == kodiak and d == QUERY:
                return has_card(st, a, b, False) and (seats >> a) & 1 != 0
        return a < c and has_card(st, a, b, False) and has_card(st, c, d, False) and (seats >> a) & 1 != 0 and \
            (seats >> c) & 1 != 0
    if phase != P_HUNT:
        return False
    if st[HUNT] == H_OPEN:
        if (st[PASSED] >> seat) & 1:
            return False
        if kind == K_PASS:
            return a == 0 and b == 0 and c == 0 and d == 0
        if kind == K_THROW:
            return seat != kodiak and b == 0 and c == 0 and d == 0 and has_card(st, seat, a, False)
        return kind == K_POUNCE and seat == kodiak and b != kodiak and d == 0 and has_card(st, seat, a, False) and \
            has_card(st, b, c, False)
    if seat != (st[ESCAPEE] if st[HUNT] == H_ESCAPING else kodiak) or b != 0 or c != 0 or d != 0:
        return False
    if kind == (K_DONE if st[HUNT] == H_ESCAPING else K_PASS):
        return a == 0
    return kind == (K_THROW if st[HUNT] == H_ESCAPING else K_COUNTER) and has_card(st, seat, a, False)


@cython.cfunc
@cython.exceptval(check=False)
def check_code(st: cython.p_uchar, move: cython.longlong) -> cython.int:
    """R_OK when the packed move is legal now, else the first rule it breaks (the state's size checked)."""
    if st[PHASE] == P_GAME_OVER:
        return R_GAME_OVER
    if move < 0 or move >= (cython.cast(cython.longlong, 1) << 40):
        return R_NOT_LEGAL
    if listed(st, move):
        return R_OK
    return why_not(st, move)


@cython.cfunc
@cython.exceptval(check=False)
def why_not(st: cython.p_uchar, move: cython.longlong) -> cython.int:
    """The first rule an unlisted packed move breaks."""
    kind: cython.int = field(move, 0)
    seat: cython.int = field(move, 1)
    kodiak: cython.int = st[KODIAK]
    phase: cython.int = st[PHASE]
    if seat >= st[PLAYERS]:
        return R_NOT_LEGAL
    if kind == K_THROW and seat == kodiak:
        return R_KODIAK_CANNOT_THROW
    if kind == K_POUNCE and seat != kodiak:
        return R_ONLY_KODIAK_POUNCES
    if kind == K_COUNTER and seat != kodiak:
        return R_ONLY_KODIAK_COUNTERS
    if phase == P_HUNT:
        return why_not_hunt(st, kind, seat, field(move, 3))
    if kind >= K_THROW:
        return R_NOT_IN_HUNT
    if seat != (kodiak if phase == P_KODIAK_PICK else st[ACTIVE]):
        return R_NOT_YOUR_TURN
    if phase == P_EXCHANGE:
        return R_MUST_EXCHANGE if kind != K_EXCHANGE else R_NO_SUCH_POSITION
    if phase == P_KODIAK_PICK:
        return R_KODIAK_MUST_PICK if kind != K_PICK else R_NO_SUCH_POSITION
    return why_not_action(st, kind, seat, field(move, 2), field(move, 3), field(move, 4), field(move, 5))


@cython.cfunc
@cython.exceptval(check=False)
def why_not_hunt(st: cython.p_uchar, kind: cython.int, seat: cython.int, b: cython.int) -> cython.int:
    """why_not in the hunt window (b: a pounce's target seat)."""
    kodiak: cython.int = st[KODIAK]
    hunt: cython.int = st[HUNT]
    if kind < K_THROW:
        return R_NOT_IN_HUNT
    if hunt == H_ESCAPING:
        if seat != st[ESCAPEE]:
            return R_WAIT_FOR_ESCAPE if kind == K_POUNCE else R_MOUSE_ESCAPING
        return R_FINISH_ESCAPE
    if hunt == H_COUNTER:
        if seat != kodiak or (kind != K_COUNTER and kind != K_PASS):
            return R_KODIAK_DECIDES_COUNTER
        return R_NO_SUCH_POSITION
    if kind == K_COUNTER:
        return R_NO_ESCAPE_TO_COUNTER
    if kind == K_DONE:
        return R_NO_ESCAPE
    if kind == K_THROW and st[RUNE] == NONE:
        return R_NO_DISCARD
    if (st[PASSED] >> seat) & 1:
        return R_PASSED_ALREADY
    if kind == K_POUNCE and b == kodiak:
        return R_NOT_A_MOUSE_CARD
    return R_NO_SUCH_POSITION


@cython.cfunc
@cython.exceptval(check=False)
def why_not_action(st: cython.p_uchar, kind: cython.int, seat: cython.int, a: cython.int, b: cython.int,
                   c: cython.int, d: cython.int) -> cython.int:
    """why_not in the action phase."""
    kodiak: cython.int = st[KODIAK]
    act: cython.int = ACTION[st[ACTION_CARD]]
    step: cython.int
    if kind == K_LOOKOWN:
        step = STEP_OWN
    elif kind == K_LOOK:
        step = STEP_OTHER
    elif kind == K_SWAP:
        step = STEP_SWAP
    elif kind == K_REVEAL:
        step = STEP_REVEAL
    else:
        return R_FINISH_ACTION
    allowed: cython.int = STEP_OWN if act == A_LOOK_OWN else STEP_OTHER if act == A_LOOK_OTHER else \
        STEP_SWAP if act == A_SWAP else STEP_OWN | STEP_OTHER | STEP_SWAP if act == A_TWO_ACTIONS else STEP_REVEAL
    if not allowed & step:
        return R_NOT_AN_ACTION_STEP
    if act == A_TWO_ACTIONS and st[STEPS_DONE] & step:
        return R_RED_KING_DIFFERENT
    if kind == K_LOOK:
        if a == kodiak:
            return R_KODIAK_CARDS_NOT_LOOKABLE
        if a == seat:
            return R_CHOOSE_ANOTHER_MOUSE
    if kind == K_REVEAL:
        if a == seat:
            return R_CHOOSE_ANOTHER_SEAT
        if a == kodiak and not st[BLUE_KING_KODIAK]:
            return R_BLUE_KING_NOT_KODIAK
    if (kind == K_LOOK or kind == K_REVEAL) and has_card(st, a, b, False) and not has_card(st, a, b, True):
        return R_ALREADY_FACE_UP
    if kind == K_SWAP:
        if a == c:
            return R_SAME_SEAT
        if seat != kodiak and (a == kodiak or c == kodiak) and b != QUERY and d != QUERY:
            return R_MICE_NEVER_CHOOSE_KODIAK_CARD
        if seat == kodiak and (b == QUERY or d == QUERY):
            return R_KODIAK_NAMES_HIS_CARD
    return R_NO_SUCH_POSITION
