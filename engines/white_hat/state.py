"""The White Hat / Black Hat state layout, declared once (spec §3.3 lists what a state holds).

Cards are 1..13 (ranks), 14 (`J`) and 15 (`H`); a hand is 16 counters indexed by
card (index 0 unused), since copies are interchangeable (D3). Pawn p is seat p // 2's
pawn `a` (p even) or `b`; its cell holds a space id, JAIL or NONE (no such pawn).
The board's current graph (types, values, arrows, after the tiles placed so far) is
part of the state, so the compiled rules read it directly; `game.py` checks it
against the board file and the slots' faces whenever a state is decoded.
A custom board file rides behind the fixed part as a tail (D50).
"""
from ..core.layout import Block, Field, Layout
from .declarations import MAX_OUT, MAX_SPACES, load_tiles

MAX_SEATS = 6
N_CARD_TYPES = 16        # index 0 unused, 1..13 ranks, 14 joker, 15 hat
DECK_MAX = 84
MAX_PENDING = 16
MAX_SLOTS = 5
FACES = load_tiles()

HAND = Layout("white_hat_hand", [Field("count", N_CARD_TYPES)])

PLAY = Layout("white_hat_play", [
    Field("status"),          # 0 not yet, 1 played, 2 passed
    Field("rank"),            # 1..13, or 0 for wildcards only
    Field("rank_cards"),
    Field("jokers"),
    Field("hat"),
])

TRIGGER = Layout("white_hat_trigger", [
    Field("pawn"),
    Field("space"),
    Field("type"),            # the space type code that queued it
    Field("counter"),         # the slot's placement counter when queued (0 off slots)
])

STATE = Layout("white_hat", [
    Field("game"),                        # 0 white_hat, 1 black_hat
    Field("players"),
    Field("board_ref"),                   # 0 custom (tail), 1 standard, 2 expert
    Field("phase"),
    Field("to_act"),
    Field("move_count", width=4),
    Field("rng", 8),
    Field("round", width=2),
    Field("dealer"),
    Field("count_out"),                   # the count-out card of this round
    Field("hat_holder"),                  # after the deal
    Field("leader"),
    Field("lead_count"),                  # k
    Field("trick_pos"),                   # plays made in this trick
    Field("trick_order", MAX_SEATS),
    Field("hat_played"),
    Block("plays", PLAY, MAX_SEATS),      # by position in trick order
    Field("winner"),
    Field("deck_top"),
    Field("deck_end"),
    Field("deck", DECK_MAX),              # deck[deck_top:deck_end], top first
    Field("pile_count"),
    Field("pile", DECK_MAX),              # discard pile, oldest first
    Block("hands", HAND, MAX_SEATS),
    Field("pawns", 2 * MAX_SEATS),
    Field("marker_space", 2),             # x1, x2: a space id, or NONE in the supply
    Field("marker_sign", 2, signed=True),  # +1 or -1 (0 in the supply)
    Field("honeypot_entered"),
    Field("slot_face", MAX_SLOTS),        # face index 0..11 (1a..6b), or NONE
    Field("slot_counter", MAX_SLOTS),
    Field("drawn_tile"),                  # 1..6 while phase place, else NONE
    Field("pending_count"),
    Block("pending", TRIGGER, MAX_PENDING),
    Field("totals", MAX_SEATS, width=2),
    Field("last_round", MAX_SEATS, width=2),
    Field("rounds_scored", width=2),
    # Variants (§7): their options, fixed at setup, then their state.
    Field("tracer_on"),                   # option tracer
    Field("reduce_deck"),                 # option reduce_luck: deck / both
    Field("half_hands"),                  # option reduce_luck: hands / both
    Field("celebrity"),                   # option celebrity
    Field("robot"),                       # the robot's seat (2), or NONE: no robot
    Field("controller"),                  # the human controlling the robot this trick, or NONE
    Field("tracer_index"),                # the tracer's track index (steps_to_board: on the board)
    Field("tracer_space"),                # its space once on the board, else NONE
    Field("tracer_steps"),                # the board's steps_to_board
    Field("status", MAX_SEATS),           # celebrity status cards (10..50), 0 without celebrity
    Field("solo"),                        # option solo: seat 0 against the row (rules_solo.py has the layout's uses)
    Field("pawn_count"),                  # pawns in play: 2 per seat, or the 8 solo hats
    Field("lead_value"),                  # solo: v of the lead
    Field("solo_colour"),                 # solo: the hat colour that may move (K W O B = 0-3, 4 = any)
    Field("m2_space"),                    # solo: marker m2's space (m1 uses tracer_space), else NONE
    Field("cafe"),                        # board constants
    Field("server"),
    Field("critical_asset"),
    Field("jail_value", signed=True),
    Field("slot_count"),
    Field("slot_hosts", 4 * MAX_SLOTS),   # TL, TR, BR, BL per slot
    Field("space_type", MAX_SPACES),      # NONE: no space with this id
    Field("space_value", MAX_SPACES, signed=True),
    Field("out_count", MAX_SPACES),
    Field("out", MAX_SPACES * MAX_OUT),
    Field("space_depth", MAX_SPACES),     # the tracer's rules (§7.3): depth and grid cell never change
    Field("space_x", MAX_SPACES),
    Field("space_y", MAX_SPACES),
])
ROW = STATE.offset("hands") + HAND.size  # solo: the row is seat 1's hand block (rules_solo.py)
BOARD_START = STATE.offset("space_type")
BOARD_SIZE = STATE.size - BOARD_START


def face_table() -> bytes:
    """The 12 tile faces as 17 bytes each: 4 types, 4 values (+128), arrow count, 4 arrows (from, to)."""
    from .declarations import TYPE_CODE
    out = bytearray()
    for face in FACES:
        out += bytes(TYPE_CODE[t] for t in face.types) + bytes(v + 128 for v in face.values)
        out.append(len(face.arrows))
        pairs = [x for a in face.arrows for x in a] + [0] * (8 - 2 * len(face.arrows))
        out += bytes(pairs)
    return bytes(out)


FACE_TABLE = face_table()
FACE_SIZE = 17
