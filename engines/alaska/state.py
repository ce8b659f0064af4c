"""The Alaska state layout, declared once (spec §3 lists what a state holds).

Cards are the 66 deck cards 0..65 in the spec's standard order (§1): salmon S01-S16
(0-15), currents W01-W12 (16-27), tourists T1-T4 (28-31), locals L1-L4 (32-35),
eagles E1-E3 (36-38), bears B1-B3 (39-41), cast cards C1a-C6d (42-65, number
(card - 42) // 4 + 1). The river cards never move and are not stored. 255 marks
"none". declarations.py declares those ranges and checks data/deck.toml against them;
`python -m engines.core.offsets alaska` generates offsets.pxd / offsets.py from this file
and declarations.py for the compiled rules and for Python.
"""
from ..core.layout import Block, Field, Layout

N_CARDS = 66
N_SALMON = 16
SECTIONS = 10
HAND_MAX = 4        # a hand never holds more than the refill target
PENDING_MAX = 4     # natural cards that fell from one hand of at most 4
NONE = 255

SEAT = Layout("alaska_seat", [
    Field("hand_count"),
    Field("hand", HAND_MAX),                  # in the order drawn
    Field("caught_count"),
    Field("caught", N_SALMON),                # this game's (or playoff's) catch, oldest first
    Field("main_salmon"),                     # salmon of the main game, set when it ends
    Field("stage"),                           # the last playoff the seat played (0: none)
    Field("key_count"),                       # its salmon in that stage (main game or playoff)
])

STATE = Layout("alaska", [
    Field("players"),
    Field("start_seat"),
    Field("lucky_dice"),                      # 0/1 (§7.2)
    Field("tie_rule"),                        # 0 shared, 1 playoff (§10)
    Field("bear_window"),                     # 0 all, 1 holders_only (§6)
    Field("phase"),                           # place, play, bear, finished
    Field("active_seat"),
    Field("move_count", width=2),
    Field("rng", 8),                          # the generator's state (engines/core/rng.py)
    Field("deck_top"),                        # index in `deck` of the top card
    Field("deck_end"),
    Field("deck", N_CARDS),
    Field("pile_count"),
    Field("pile", N_CARDS),                   # the face-up discard pile, first discarded first
    Field("pending_count"),
    Field("pending", PENDING_MAX),            # fallen natural cards, ascending: salmon to place, then currents
    Field("salmon_at", N_SALMON),             # per salmon: head section 1..10, 0 = not in the river
    Field("anglers", SECTIONS),               # per section 1..10: tourist or local card, or none
    Field("no_refill"),                       # bit per seat (D13)
    Field("final_round"),
    Field("last_seat"),                       # the seat whose final turn ends the game (or playoff)
    Field("window_seats"),                    # bear window participants, bit per seat (§6)
    Field("window_passed"),                   # of those, the seats that passed
    Field("participants"),                    # seats in play: all, or the tied seats of a playoff
    Field("playoff"),                         # playoffs started so far (0..3)
    Block("seats", SEAT, 4),
])
