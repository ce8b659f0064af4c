"""Toy's compiled kernel: the deal, the legal moves, apply (or say why not) and the result.

Cython pure-Python mode, as every game's rules: compiled when built (`TABLETOP_EXTRA_GAMES=tests.toy.toy:TOY
setup.py build_ext --inplace`), interpreted as-is otherwise. The offsets and numbers are the generated ones
(offsets.pxd / offsets.py, from state.py and declarations.py).
"""
import cython

if cython.compiled:
    from cython.cimports.tests.toy.toy.offsets import *  # noqa: F403
    from cython.cimports.engines.core import rng
    from cython.cimports.engines.core import kernel
else:
    from .offsets import *  # noqa: F403
    from engines.core import kernel, rng


@cython.cfunc
@cython.inline
def hand_at(seat: cython.int) -> cython.Py_ssize_t:
    return HANDS + seat * HAND_SIZE


@cython.cfunc
def _check(buf: bytearray) -> cython.int:
    """Every entry point checks the size first: the compiled reads below trust it."""
    if len(buf) != SIZE:
        raise ValueError(f"not a toy state: {len(buf)} bytes, expected {SIZE}")
    return 0


@cython.ccall
def move_count(buf: bytearray) -> cython.int:
    """Moves applied since the deal."""
    _check(buf)
    return buf[MOVES] | (buf[MOVES + 1] << 8)


@cython.ccall
def is_finished(buf: bytearray) -> cython.bint:
    """After MAX_MOVES moves, or once a hand is empty."""
    _check(buf)
    return _finished(buf)


@cython.cfunc
def _finished(buf: bytearray) -> cython.bint:
    seat: cython.int
    if (buf[MOVES] | (buf[MOVES + 1] << 8)) >= MAX_MOVES:
        return True
    for seat in range(buf[PLAYERS]):
        if buf[hand_at(seat) + HAND_COUNT] == 0:
            return True
    return False


# -- the deal --------------------------------------------------------------------------

def new_state(players: cython.int, seed: cython.ulonglong, order: bytes) -> bytearray:
    """Deal a game: `order` is the deck bottom first for a rigged deal, or empty to shuffle the standard deck."""
    buf = bytearray(SIZE)
    buf[PLAYERS] = players
    buf[DECK_N] = N_CARDS
    rng.seed_into(buf, RNG, seed)
    c: cython.int
    if order:
        for c in range(N_CARDS):
            buf[DECK + c] = order[c]
    else:
        for c in range(N_CARDS):
            buf[DECK + c] = c
        rng.shuffle(buf, RNG, DECK, N_CARDS)
    seat: cython.int
    i: cython.int
    for seat in range(players):
        for i in range(DEALT):
            _give(buf, seat, _take(buf))
    buf[PILE] = _take(buf)
    buf[PILE_N] = 1
    return buf


@cython.cfunc
def _take(buf: bytearray) -> cython.int:
    """The deck's top card (its cell keeps the card: only the count says the deck ends below it)."""
    buf[DECK_N] -= 1
    return buf[DECK + buf[DECK_N]]


@cython.cfunc
def _give(buf: bytearray, seat: cython.int, card: cython.int) -> cython.void:
    at: cython.Py_ssize_t = hand_at(seat)
    buf[at + HAND_CARDS + buf[at + HAND_COUNT]] = card
    buf[at + HAND_COUNT] += 1


# -- legal moves -----------------------------------------------------------------------

def legal_moves(buf: bytearray):
    """Every legal code, plays in card order, then draw or pass."""
    _check(buf)
    if not cython.compiled:  # a list: Cython's interpreted array costs ~30 us to make
        out: list = [0] * N_CODES
        return kernel.as_codes(out[:_legal_into(buf, out)])
    codes = cython.declare(cython.longlong[14])  # N_CODES: a C array's length must be a literal
    return kernel.listed(codes, _legal_into(buf, codes))


@cython.cfunc
@cython.exceptval(-1, check=False)
def _legal_into(buf: bytearray, out: cython.p_longlong) -> cython.int:
    if _finished(buf):
        return 0
    held: cython.int = 0  # bit c: card c is in the hand
    c: cython.int
    at: cython.Py_ssize_t = hand_at(buf[ACTIVE])
    i: cython.int
    for i in range(buf[at + HAND_COUNT]):
        held |= 1 << buf[at + HAND_CARDS + i]
    top: cython.int = buf[PILE + buf[PILE_N] - 1]
    n: cython.int = 0
    for c in range(N_CARDS):
        if held >> c & 1 and _matches(c, top):
            out[n] = PLAY + c
            n += 1
    out[n] = DRAW if buf[DECK_N] + buf[PILE_N] > 1 else PASS
    return n + 1


@cython.cfunc
@cython.inline
def _matches(card: cython.int, top: cython.int) -> cython.bint:
    return card // RANKS == top // RANKS or card % RANKS == top % RANKS


# -- apply -----------------------------------------------------------------------------

def apply_code(buf: bytearray, code: cython.longlong, log: object = None) -> cython.int:
    """Apply `code` when legal (raw event tuples into `log`): 0, or the refusal number, the state untouched."""
    _check(buf)
    return _apply(buf, code, log)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _apply(buf: bytearray, code: cython.longlong, events: object) -> cython.int:
    if _finished(buf):
        return R_GAME_OVER
    seat: cython.int = buf[ACTIVE]
    at: cython.Py_ssize_t = hand_at(seat)
    count: cython.int = buf[at + HAND_COUNT]
    i: cython.int
    found: cython.int = -1
    card: cython.int
    if code == DRAW or code == PASS:
        if (buf[DECK_N] + buf[PILE_N] > 1) != (code == DRAW):
            return R_NOTHING_TO_DRAW if code == DRAW else R_MUST_DRAW
        if code == DRAW:
            if buf[DECK_N] == 0:
                _rebuild(buf, events)
            card = _take(buf)
            _give(buf, seat, card)
            if events is not None:
                events.append((EV_DREW, seat, card))
        elif events is not None:
            events.append((EV_PASSED, seat))
    elif PLAY <= code < PLAY + N_CARDS:
        card = code - PLAY
        for i in range(count):
            if buf[at + HAND_CARDS + i] == card:
                found = i
                break
        if found < 0:
            return R_CARD_NOT_IN_HAND
        if not _matches(card, buf[PILE + buf[PILE_N] - 1]):
            return R_MUST_MATCH_SUIT_OR_RANK
        for i in range(found, count - 1):  # the hand keeps its order, its cells past the count 0
            buf[at + HAND_CARDS + i] = buf[at + HAND_CARDS + i + 1]
        buf[at + HAND_CARDS + count - 1] = 0
        buf[at + HAND_COUNT] = count - 1
        buf[PILE + buf[PILE_N]] = card
        buf[PILE_N] += 1
        if events is not None:
            events.append((EV_PLAYED, seat, card))
    else:
        return R_NOT_LEGAL
    moves: cython.int = (buf[MOVES] | (buf[MOVES + 1] << 8)) + 1
    buf[MOVES] = moves & 0xFF
    buf[MOVES + 1] = moves >> 8
    buf[ACTIVE] = (seat + 1) % buf[PLAYERS]
    if events is not None and _finished(buf):
        events.append((EV_GAME_END,))
    return 0


@cython.cfunc
def _rebuild(buf: bytearray, events: object) -> cython.void:
    """The pile under its top card becomes the deck, shuffled."""
    n: cython.int = buf[PILE_N] - 1
    i: cython.int
    for i in range(n):
        buf[DECK + i] = buf[PILE + i]
    buf[PILE] = buf[PILE + n]
    for i in range(1, N_CARDS):
        buf[PILE + i] = 0
    buf[DECK_N] = n
    buf[PILE_N] = 1
    rng.shuffle(buf, RNG, DECK, n)
    if events is not None:
        events.append((EV_RESHUFFLED, n))


# -- the result ------------------------------------------------------------------------

@cython.cfunc
@cython.exceptval(-1, check=False)
def _outcome(buf: bytearray, scores: cython.p_longlong, won: cython.p_schar) -> cython.int:
    """The kernel's result: each seat's score (minus its cards left) and the winners (fewest cards)."""
    players: cython.int = buf[PLAYERS]
    fewest: cython.int = N_CARDS
    seat: cython.int
    for seat in range(players):
        fewest = min(fewest, buf[hand_at(seat) + HAND_COUNT])
    for seat in range(players):
        scores[seat] = -buf[hand_at(seat) + HAND_COUNT]
        won[seat] = buf[hand_at(seat) + HAND_COUNT] == fewest
    return players


@cython.cfunc
@cython.exceptval(-1, check=False)
def _step(buf: bytearray, code: cython.longlong) -> cython.int:
    """Apply a code `_legal_into` just listed, with no events."""
    _apply(buf, code, None)
    return 0


if cython.compiled:
    KERNEL = kernel.export(_legal_into, _step, _outcome, N_CODES, SEATS_MAX, _apply)
else:
    KERNEL = None
