# Kodiak's small readers and writers of the state that every topic of the kernel inlines (rules_state.py holds
# the same for the interpreted rules): a call into another module is never inlined, and these run in the
# listing's and the moves' inner loops. Every change of where a card lies goes through them, so the counts
# (`card_count`, `slots_used`), the face-up flags and the knowledge sets stay consistent.
from engines.kodiak.offsets cimport *


cdef inline int card_at(unsigned char* st, int seat, int slot) noexcept:
    """The card at seat.slot (NONE when empty or out of range)."""
    if slot < 0 or slot >= SLOT_CAP:
        return NONE
    return st[SLOTS + seat * SLOT_CAP + slot]


cdef inline int all_seats(unsigned char* st) noexcept:
    """The bitmask of every seat at the table."""
    return (1 << st[PLAYERS]) - 1


cdef inline int draw(unsigned char* st) noexcept:
    """The top card of the main deck, taken off it; NONE when the deck is empty (never reshuffled, D25).
    Its cell is cleared: the deck before `deck_top` is never read, and a drawn card left there would ride
    in every token (runs of 0 pack small) and make equal positions encode differently."""
    cdef Py_ssize_t top = st[DECK_TOP]
    if top >= DECK_SIZE:
        return NONE
    cdef int card = st[DECK + top]
    st[DECK + top] = 0
    st[DECK_TOP] = top + 1
    return card


cdef inline void pile_push(unsigned char* st, int card) noexcept:
    """Put a card face up onto the discard pile."""
    cdef Py_ssize_t n = st[PILE_COUNT]
    st[PILE + n] = card
    st[PILE_COUNT] = n + 1


cdef inline int take(unsigned char* st, int seat, int slot) noexcept:
    """Remove and return the card at seat.slot (the slot stays, empty; its face-up flag goes with the card)."""
    cdef Py_ssize_t at = SLOTS + seat * SLOT_CAP + slot
    cdef int card = st[at]
    st[at] = NONE
    st[CARD_COUNT + seat] -= 1
    st[FACE_UP + card] = 0
    # A taken card goes to the pile or beside the table for the rest of the round, where who knows it is never
    # read: cleared so that it leaves no trace in the token.
    st[KNOWS + card] = 0
    return card


cdef inline void put(unsigned char* st, int seat, int slot, int card) noexcept:
    """Put a card face down into the empty slot seat.slot."""
    st[SLOTS + seat * SLOT_CAP + slot] = card
    st[CARD_COUNT + seat] += 1
    st[FACE_UP + card] = 0


cdef inline void lay_beside(unsigned char* st, int seat, int card) noexcept:
    """A hairball exchanged out lies face up beside the seat's table (D5)."""
    cdef Py_ssize_t n = st[BESIDE_COUNT + seat]
    st[BESIDE + seat * 4 + n] = card
    st[BESIDE_COUNT + seat] = n + 1


cdef inline void make_public(unsigned char* st, int card) noexcept:
    """The whole table was shown the card (turned up, or revealed and returned, §9): every seat and the
    spectators know it, wherever public swaps take it."""
    st[KNOWS + card] = all_seats(st) | SHOWN


cdef inline long long pack(long long kind, long long seat, long long a, long long b, long long c,
                           long long d) noexcept:
    """A decoded move as one integer: kind | seat << 4 | a << 8 | b << 16 | c << 24 | d << 32."""
    return kind | (seat << 4) | (a << 8) | (b << 16) | (c << 24) | (d << 32)


cdef inline int field(long long move, int i) noexcept:
    """Field i of a packed move: 0 kind, 1 seat, 2..5 the arguments a..d."""
    if i == 0:
        return move & 0xF
    if i == 1:
        return (move >> 4) & 0xF
    return (move >> (8 * (i - 1))) & 0xFF


cdef inline int get_total(unsigned char* st, int seat) noexcept:
    """A seat's total over the rounds scored so far."""
    cdef Py_ssize_t off = TOTALS + 4 * seat
    cdef long long v = st[off] | (st[off + 1] << 8) | (st[off + 2] << 16) | (<long long>st[off + 3] << 24)
    return v - 0x100000000 if v >= 0x80000000 else v


cdef inline void put_int(unsigned char* st, Py_ssize_t off, long long v, int width) noexcept:
    """v (negative: two's complement) little-endian into `width` bytes at `off`."""
    cdef long long u = v + ((<long long>1) << (8 * width)) if v < 0 else v
    cdef int i
    for i in range(width):
        st[off + i] = (u >> (8 * i)) & 0xFF


cdef inline long long moves_of(unsigned char* st) noexcept:
    """Moves applied since setup (the state's version counter)."""
    return st[MOVES] | (st[MOVES + 1] << 8) | (st[MOVES + 2] << 16) | (<long long>st[MOVES + 3] << 24)
