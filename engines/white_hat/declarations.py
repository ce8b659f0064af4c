"""White Hat's declarations (spec shared/rules/white_hat.md): its cards, phases, move kinds, space types and
refusal reasons, in one place. `python -m engines.core.offsets white_hat` gives the compiled rules each number
here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.names import Names
from ..core.notation import Arg, Card, Form, Many, Notation, Number, Word
from .board import SLOT_IDS, TYPES

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

# §8.2: the move texts. Cards print in canonical order (1 < ... < 13 < J < H); the reader takes any order.
CARD_NAMES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "H")  # by card 0..15
FACE_NAMES = tuple(f"{t}{s}" for t in range(1, 7) for s in "ab")
HATS = ("Ka", "Kb", "Wa", "Wb", "Oa", "Ob", "Ba", "Bb")  # solo (§2.2): black, white, orange, blue


@dataclass(frozen=True)
class Pawn(Arg):
    """A pawn id: its seat's digit and a or b (`3b`), or in solo a hat (`Ka`); which exist is the rules' word."""

    name: str
    what = "a pawn id such as 0a or 3b (solo: a hat such as Ka or Bb)"

    def read(self, word: str) -> object:
        if word not in HATS and not (len(word) == 2 and word[0] in "0123456789" and word[1] in "ab"):
            raise ValueError(word)
        return word


@dataclass(frozen=True)
class Choice(Card):
    """One of a few fixed words, kept as the word."""

    @property
    def what(self) -> str:
        return self.hint


@dataclass(frozen=True)
class Among(Number):
    """A number that is one of a few (`values`); written signed when `signed`."""

    values: tuple = ()
    hint: str = ""

    @property
    def what(self) -> str:
        return self.hint

    def read(self, word: str) -> object:
        value = super().read(word)
        if value not in self.values or len(word) > 3:
            raise ValueError(word)
        return value

    def given(self, value: object) -> bool:
        return super().given(value) and value in self.values


_CARDS = Many(Card("cards", CARD_NAMES[1:], "1-13, J, H"), least=0)
_SPACE = Number("space")
_SIGN = Among("sign", signed=True, values=(1, -1), hint="+1 or -1")
NOTATION = Notation(
    # Solo: a lead of wildcards with the hat names the hat's value.
    Form("play", (_CARDS, Word("as"), Among("value", values=tuple(range(1, 15)), hint="1-14"))),
    Form("play", (_CARDS,)),
    Form("pass"),
    Form("collect", (Choice("choice", ("all", "hat"), "all or hat"), _CARDS)),
    *(Form(kind, (Pawn("pawn"), _SPACE)) for kind in ("move", "dos")),
    Form("exploit", (_SPACE, _SIGN, Choice("marker", ("x1", "x2"), "x1 or x2"))),
    Form("exploit", (_SPACE, _SIGN)),
    Form("randomize"),
    Form("place", (Card("face", FACE_NAMES, "1a..6b"), Card("slot", tuple(SLOT_IDS), "A..E"))),
    Form("backflip", (Pawn("pawn"), _SPACE)),
    Form("skip"),
    Form("tracer", (_SPACE,)),
)
