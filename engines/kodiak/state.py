"""Kodiak's state layout: declared once, read by the rules, the views, validation and tests.

The state is one bytearray laid out by `STATE` (engines.core.layout). `python -m
engines.core.offsets` generates offsets.pxd / offsets.py from this file: the compiled
modules star-cimport the C constants, Python reads fixed offsets from offsets.py and
multi-byte or counted fields by name (`STATE.read`, `STATE.cells`).

Cards are numbers 0..71 in the spec's standard order (shared/rules/kodiak.md §1, declarations.CARDS).
A seat's slot k lives at `slots[seat * SLOT_CAP + k]` (a card, or NONE when empty);
`slots_used[seat]` is one more than the highest slot ever used (penalty cards get the
next one). Every new slot costs a deck card, so `slots_used + deck cards left` never
exceeds SLOT_CAP (3 dealt + at most 66 deck cards = 69 < 72).
"""
from __future__ import annotations

from pathlib import Path

from ..core.layout import Field, Layout

DATA = Path(__file__).resolve().parent / "data"

MAX_SEATS = 6
DECK_SIZE = 72
DEALT = 3            # slots 0, 1, 2 at the deal; slot 0 is the "top card"
SLOT_CAP = 72        # slots per seat
MAX_ROUNDS = MAX_SEATS * 3
ESCAPE_MAX = 6       # slots one escape can empty (at most 5: six cards per rune, one on the pile)
NONE = 255           # "no card / no seat / none" in a one-byte field
QUERY = 254          # the `?` of `swap t.k K.?`: Kodiak picks his slot
# A `knows` bit above the seats: the whole table was shown the card (§9: look, reveal, a wrong throw, a failed
# pounce or counter). Every seat may also come to know a card through private looks; only this bit makes it
# the spectator's too. Tokens sealed before the bit existed lack it: their spectators see less, never more.
SHOWN = 0x80

STATE = Layout("kodiak", [
    Field("rng", 8),                         # SplitMix64 state (engines/core/rng.py)
    Field("players"),
    Field("first_kodiak"),
    Field("cycles"),
    Field("memory_aid"),                     # index in MEMORY
    Field("blue_king_kodiak"),               # 0 / 1
    Field("round"),                          # 0-based; = players * cycles once the game is over
    Field("kodiak"),                         # Kodiak's seat this round
    Field("active"),                         # the seat whose turn it is
    Field("phase"),                          # index in PHASES
    Field("hunt"),                           # index in HUNT_PHASES (phase hunt)
    Field("moves", width=4),                 # moves applied (the version counter)
    Field("held"),                           # the drawn card (phase exchange), else NONE
    Field("action_card"),                    # the pending action's card, else NONE
    Field("steps_left"),                     # action steps left
    Field("steps_done"),                     # red king: bit 1 lookown, 2 look, 4 swap already taken
    Field("pick_seat"),                      # pending `swap t.k K.?`: the mouse side, else NONE
    Field("pick_slot"),
    Field("rune"),                           # the window's rune R, NONE when a hairball went beside (D5)
    Field("escapee"),                        # the escaping mouse, else NONE
    Field("thrown"),                         # correct throws of this escape
    Field("escape_slots", ESCAPE_MAX),       # the slots this escape emptied, in throw order
    Field("passed"),                         # window: bitmask of the seats that passed
    Field("catches"),                        # Kodiak's catches this round
    Field("ended"),                          # how the last round ended: index in ROUND_ENDS
    Field("deck_top"),                       # deck[deck_top] is the top card; empty at DECK_SIZE; drawn cells are 0
    Field("deck", DECK_SIZE),
    Field("pile_count"),
    Field("pile", DECK_SIZE),                # discard pile, bottom first
    Field("knows", DECK_SIZE),               # per card: bitmask of the seats that know it (§9), | SHOWN
    Field("face_up", DECK_SIZE),             # per card: 1 while it lies face up in its slot
    Field("card_count", MAX_SEATS),          # table cards per seat
    Field("slots_used", MAX_SEATS),          # per seat: slots below this have been used
    Field("beside_count", MAX_SEATS),        # hairballs laid beside each seat's table
    Field("beside", MAX_SEATS * 4),          # seat s's hairballs at s * 4 + i
    Field("totals", MAX_SEATS, width=4, signed=True),
    Field("round_scores", MAX_ROUNDS * MAX_SEATS, width=2, signed=True),  # round r, seat s at r * 6 + s
    Field("slots", MAX_SEATS * SLOT_CAP),    # seat s's slot k at s * SLOT_CAP + k: a card or NONE
])
