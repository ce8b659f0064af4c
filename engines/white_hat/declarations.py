"""White Hat's declarations (spec shared/rules/white_hat.md): its cards, phases, move kinds, space types and
refusal reasons, in one place. `python -m engines.core.offsets white_hat` gives the compiled rules each number
here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

from ..core.names import Names
from .board import TYPES

NONE = 255   # no seat, no space, no face
JAIL = 254   # a pawn's cell: in jail (solo: a removed hat)
JOKER = 14   # cards are 1..13 (ranks), 14 and 15
HAT = 15

PHASES = Names("trick", "collect", "move", "special", "place", "finished", "tracer", "lead")  # §8.1

# §8.2: a move code has its kind in the low 4 bits, the arguments above; listed in this order.
KINDS = Names("play", "pass", "collect_all", "collect_hat", "move", "dos", "exploit", "randomize", "place",
              "backflip", "skip", "tracer", prefix="K_")
KIND_WORDS = tuple(kind.split("_")[0] for kind in KINDS)  # the word each kind's text starts with
# The most codes one listing holds (a true bound: the kernel's buffer and legal_moves' C array; rules.py).
MAX_MOVES = 4677

SPACE_TYPES = Names(*TYPES, prefix="T_")  # §5.3, the codes of space_type in the state

# Solo (§7.7): the row's cards, a hand's limit, and solo_colour after a player win (any hat may move).
ROW_SIZE = 5
SOLO_HAND_MAX = 10
ANY_COLOUR = 4

# The rules' refusal numbers (0: applied), in the order the checks run; game.py says what each means.
REASON_CODES = Names(
    "ok", "game_over", "not_legal", "not_trick_phase", "not_collect_phase", "not_move_phase",
    "not_special_phase", "must_place", "not_place_phase", "wrong_special", "card_not_in_hand",
    "play_at_least_one", "mixed_ranks", "follow_count", "hat_needs_count", "pass_not_allowed",
    "collect_count", "card_not_in_trick", "no_such_pawn", "pawn_in_jail", "pawn_blocked",
    "not_your_pawn", "no_such_destination", "dos_entering_pawn", "dos_target_on_start", "dos_not_start",
    "dos_sibling", "no_such_space", "exploit_same_space", "marker_needed", "marker_not_needed",
    "face_not_drawn", "no_such_slot", "backflip_bad_target", "joker_chosen", "hat_chosen",
    "not_tracer_phase", "tracer_cannot_move", "not_lead_phase", "name_hat_value", "no_hat_value",
    "hat_removed", "wrong_colour", prefix="R_")
