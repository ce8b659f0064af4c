"""Kodiak's kernel, the hunt window (§7, D12-D19, D26), opened after every turn's exchange (and its action)
with the rune R of the discarded card, or none when a hairball went beside.

Phases: open (mice throw cards, the first correct one makes its seat the escapee; Kodiak pounces; anyone
passes; closes when every participant passed), escaping (only the escapee throws more, or says `done`),
counter (only Kodiak, `counter <paw>` or `pass`; then the window closes). Each window move returns what
happens next: WINDOW_GOES_ON, WINDOW_CLOSED (the turn ends) or WINDOW_ROUND_OVER (a seat is out of cards at
a check point, §8.1); rules_turn.py's window_move acts on it. Raw events are tuples appended to `log` (when it
is not None), kind first (declarations.EVENTS).
"""
import cython

from .declarations import CARDS

# The state layout's offsets and the declarations' numbers (state.py, declarations.py), generated: C constants
# when compiled; the small state helpers every topic inlines (rules_state.pxd).
if cython.compiled:
    from cython.cimports.engines.kodiak.offsets import *  # noqa: F403
    from cython.cimports.engines.kodiak.rules_state import *  # noqa: F403
else:
    from .offsets import *  # noqa: F403
    from .rules_state import *  # noqa: F403

# The cards' runes from data/deck.toml (bytes: indexed here directly, a call per lookup would cost more).
cython.declare(RUNES=bytes)
RUNES = CARDS.rune


# -- cards out of the deck, and the catch -------------------------------------------

@cython.cfunc
def penalty(st: cython.p_uchar, seat: cython.int, log: object) -> cython.bint:
    """An unseen penalty card into the seat's next new slot (D15, D16); False when the deck is empty."""
    card: cython.int = draw(st)
    if card == NONE:
        return False
    slot: cython.int = st[SLOTS_USED + seat]
    st[SLOTS_USED + seat] = slot + 1
    put(st, seat, slot, card)
    st[KNOWS + card] = 0
    if log is not None:
        log.append((EV_PENALTY, seat, slot))
    return True


@cython.cfunc
def replace_into(st: cython.p_uchar, seat: cython.int, slot: cython.int) -> cython.bint:
    """An unseen card from the deck into the emptied seat.slot (D19); False when the deck is empty."""
    card: cython.int = draw(st)
    if card == NONE:
        return False
    put(st, seat, slot, card)
    st[KNOWS + card] = 0
    return True



@cython.cfunc
def matches(paw: cython.int, rune: cython.int) -> cython.bint:
    """A paw catches a card of `rune`: a hairball always (joker, §7.4), else the same rune."""
    return RUNES[paw] == BALL or RUNES[paw] == rune

# -- the hunt window (§7) ---------------------------------------------------------------

@cython.cfunc
@cython.exceptval(check=False)
def mice(st: cython.p_uchar) -> cython.int:
    return ((1 << st[PLAYERS]) - 1) & ~(1 << st[KODIAK])


@cython.cfunc
def open_window(st: cython.p_uchar, rune: cython.int, log: object) -> cython.void:
    """Open the window with rune R (NONE: a hairball went beside, only Kodiak takes part, D12)."""
    st[PHASE] = P_HUNT
    st[HUNT] = H_OPEN
    st[RUNE] = rune
    st[ESCAPEE] = NONE
    st[THROWN] = 0
    st[PASSED] = mice(st) if rune == NONE else 0
    if log is not None:
        log.append((EV_WINDOW_OPENED, rune))


@cython.cfunc
def close_window(st: cython.p_uchar, log: object) -> cython.void:
    """Forget the window's record."""
    i: cython.Py_ssize_t
    st[HUNT] = H_OPEN
    st[RUNE] = NONE
    st[ESCAPEE] = NONE
    st[THROWN] = 0
    st[PASSED] = 0
    for i in range(ESCAPE_MAX):
        st[ESCAPE_SLOTS + i] = 0
    if log is not None:
        log.append((EV_WINDOW_CLOSED,))


@cython.cfunc
@cython.exceptval(check=False)
def after_open_move(st: cython.p_uchar) -> cython.int:
    """The open window closes once every participant passed (mice without cards take no part)."""
    s: cython.int
    waiting: cython.int = ((1 << st[PLAYERS]) - 1) & ~st[PASSED]
    for s in range(st[PLAYERS]):
        if st[CARD_COUNT + s] == 0:
            waiting &= ~(1 << s)
    return WINDOW_CLOSED if waiting == 0 else WINDOW_GOES_ON


@cython.cfunc
def escape_throw(st: cython.p_uchar, m: cython.int, slot: cython.int, card: cython.int, log: object) -> cython.void:
    """A correct throw: the card onto the pile, its slot remembered for a counter (§7.1, §7.2)."""
    n: cython.int = st[THROWN]
    take(st, m, slot)
    pile_push(st, card)
    if n < ESCAPE_MAX:
        st[ESCAPE_SLOTS + n] = slot
    st[THROWN] = n + 1
    st[ESCAPEE] = m
    if log is not None:
        log.append((EV_THROWN, m, slot, card, True))
    st[HUNT] = H_COUNTER if st[CARD_COUNT + m] == 0 else H_ESCAPING


@cython.cfunc
def throw(st: cython.p_uchar, m: cython.int, slot: cython.int, log: object) -> cython.int:
    """`throw <slot>` by mouse m, in the open window or as the escapee."""
    card: cython.int = card_at(st, m, slot)
    if RUNES[card] == st[RUNE]:
        escape_throw(st, m, slot, card, log)
        return WINDOW_GOES_ON
    make_public(st, card)  # revealed and returned to its slot, face up only if it was (D16)
    if log is not None:
        log.append((EV_THROWN, m, slot, card, False))
    got: cython.bint = penalty(st, m, log)
    if st[HUNT] == H_ESCAPING:
        st[HUNT] = H_COUNTER  # a wrong throw ends the escape (§7.2)
        return WINDOW_GOES_ON
    if not got:
        st[PASSED] |= 1 << m
    return after_open_move(st)


@cython.cfunc
def done(st: cython.p_uchar, m: cython.int, log: object) -> cython.int:
    """`done`: the escapee stops throwing; Kodiak may counter (§7.2)."""
    st[HUNT] = H_COUNTER
    if log is not None:
        log.append((EV_ESCAPE_DONE, m))
    return WINDOW_GOES_ON


@cython.cfunc
def pounce(st: cython.p_uchar, paw_slot: cython.int, t: cython.int, slot: cython.int, log: object) -> cython.int:
    """`pounce <paw> t.k` (§7.1, D13-D15, D19): a hairball or the same rune catches."""
    kodiak: cython.int = st[KODIAK]
    paw: cython.int = card_at(st, kodiak, paw_slot)
    target: cython.int = card_at(st, t, slot)
    replaced: cython.bint
    if matches(paw, RUNES[target]):
        take(st, t, slot)
        take(st, kodiak, paw_slot)
        pile_push(st, target)
        pile_push(st, paw)
        st[CATCHES] += 1
        if log is not None:
            log.append((EV_POUNCE, kodiak, paw_slot, (t, slot), paw, target, True))
        replaced = replace_into(st, t, slot)
        if replaced and log is not None:
            log.append((EV_REPLACEMENT, t, (slot,)))
        if st[CARD_COUNT + kodiak] == 0 or st[CARD_COUNT + t] == 0:
            return WINDOW_ROUND_OVER
        return WINDOW_GOES_ON
    make_public(st, paw)
    make_public(st, target)
    if log is not None:
        log.append((EV_POUNCE, kodiak, paw_slot, (t, slot), paw, target, False))
    if not penalty(st, kodiak, log):
        st[PASSED] |= 1 << kodiak
    return after_open_move(st)


@cython.cfunc
def refill(st: cython.p_uchar, m: cython.int, log: object) -> cython.int:
    """The escapee takes `thrown` unseen cards into the slots its escape emptied, lowest first (D18)."""
    n: cython.int = st[THROWN]
    if n > ESCAPE_MAX:
        n = ESCAPE_MAX
    order: list = sorted([st[ESCAPE_SLOTS + i] for i in range(n)])
    filled: list = []
    for slot in order:
        if replace_into(st, m, slot):
            filled.append(slot)
    if filled and log is not None:
        log.append((EV_REPLACEMENT, m, tuple(filled)))
    return len(filled)


@cython.cfunc
def counter(st: cython.p_uchar, paw_slot: cython.int, log: object) -> cython.int:
    """`counter <paw>`: Kodiak's late attack on the escape (§7.3): one catch, the escapee draws back."""
    kodiak: cython.int = st[KODIAK]
    m: cython.int = st[ESCAPEE]
    paw: cython.int = card_at(st, kodiak, paw_slot)
    drawn: cython.int = 0
    if matches(paw, st[RUNE]):
        take(st, kodiak, paw_slot)
        pile_push(st, paw)
        st[CATCHES] += 1
        if log is not None:
            log.append((EV_COUNTER, kodiak, paw_slot, paw, True, st[THROWN]))
        drawn = refill(st, m, log)
        if st[CARD_COUNT + kodiak] == 0 or st[CARD_COUNT + m] == 0:
            return WINDOW_ROUND_OVER
        return WINDOW_CLOSED
    make_public(st, paw)
    if log is not None:
        log.append((EV_COUNTER, kodiak, paw_slot, paw, False, 0))
    penalty(st, kodiak, log)
    return escape_stands(st)


@cython.cfunc
def pass_move(st: cython.p_uchar, seat: cython.int, log: object) -> cython.int:
    """`pass`: in the open window the seat joins `passed`; at the counter, the escape stands."""
    if log is not None:
        log.append((EV_PASSED, seat))
    if st[HUNT] == H_COUNTER:
        return escape_stands(st)
    st[PASSED] |= 1 << seat
    return after_open_move(st)


@cython.cfunc
@cython.exceptval(check=False)
def escape_stands(st: cython.p_uchar) -> cython.int:
    """The window closes; a mouse that threw its last card ends the round now (D18)."""
    return WINDOW_ROUND_OVER if st[CARD_COUNT + st[ESCAPEE]] == 0 else WINDOW_CLOSED




@cython.cfunc
def window_move(st: cython.p_uchar, kind: cython.int, seat: cython.int, a: cython.int, b: cython.int, c: cython.int,
                log: object) -> cython.int:
    """Play a listed window move (kind K_THROW, K_POUNCE, K_COUNTER, K_DONE or K_PASS); what happens next."""
    if kind == K_THROW:
        return throw(st, seat, a, log)
    if kind == K_POUNCE:
        return pounce(st, a, b, c, log)
    if kind == K_COUNTER:
        return counter(st, a, log)
    if kind == K_DONE:
        return done(st, seat, log)
    return pass_move(st, seat, log)
