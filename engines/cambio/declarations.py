"""Cambio's declarations (spec shared/rules/cambio.md): its cards (data/deck.toml), phases, actions, move kinds,
memory rules, events, refusal reasons and move notation, in one place. `python -m engines.core.offsets cambio`
gives the compiled rules each number here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..core.cambio_cards import load_deck
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.notation import Arg, Form, Many, Notation
from ..core.reasons import rule_reasons
from .state import DECK_SIZE, NONE

DATA = Path(__file__).resolve().parent / "data"

PHASES = Names("turn_start", "holding", "action", "snap", "game_over", prefix="P_")
# A discarded card's action (data/deck.toml names them; `none`: a card without one).
ACTIONS = Names("none", "look_own", "look_other", "swap", "two_actions", "show", prefix="A_")
# The move kinds, in the order MoveInfo names them; a move code packs the kind, the mover and the positions (rules.py).
KINDS = Names("draw_deck", "draw_discard", "call_cambio", "discard", "replace", "look_own", "look_other", "swap",
              "show", "snap", "give", "nogive", "pass", prefix="K_")
MEMORY = Names("follow", "slot", "off", prefix="M_")       # option memory_aid: what a seat keeps seeing
SOURCES = Names("deck", "discard", prefix="SOURCE_")       # where the held card came from
ENDINGS = Names("playing", "target", "turn_cap", prefix="ENDED_")  # field `ended`
CARDS = load_deck(DATA / "deck.toml", ("",) + ACTIONS[1:], DECK_SIZE)
# The per-card tables the compiled rules index (immutable bytes): rune, points & 0xFF (signed), action.
RUNE_OF = CARDS.rune
POINTS_OF = CARDS.points_byte
ACTION_OF = CARDS.action
N_RUNES = len(CARDS.runes)


def position(seat: int, slot: int) -> str:
    """A table position's text, `<seat>.<slot>`."""
    return f"{seat}.{slot}"


def _at(p: int) -> str:
    """The text of a position packed as seat * 256 + slot."""
    return position(p >> 8, p & 0xFF)


def _pair(pq: int) -> list[str]:
    """The texts of two packed positions p | q << 16."""
    return [_at(pq & 0xFFFF), _at(pq >> 16)]


def _shown(cards: tuple) -> list[dict]:
    return [{"position": position(t, k), "card": CARDS.ids[c]} for t, k, c in cards]


def _dealt(cards: tuple) -> dict:
    """A seat's two dealt cards it looks at, {position: card id}, from (seat, slot, card) triples."""
    return {position(t, k): CARDS.ids[c] for t, k, c in cards}


def _table(rows: tuple) -> list[list[dict]]:
    """The revealed table at a round's end, per seat: its (slot, card) pairs."""
    return [[{"position": position(t, k), "card": CARDS.ids[c]} for k, c in row] for t, row in enumerate(rows)]


def _ranks(totals: tuple) -> list[int]:
    return [1 + sum(t < x for t in totals) for x in totals]


# What each event says, and to whom. The rules append raw tuples: the kind's number (EV_...), then the fields in
# the order declared here. A deal is one event per seat; a card drawn or exchanged from the deck is seen by its
# seat alone, from the discard pile by everyone (two variants of one kind).
_SEAT, _CARD = Shown("seat"), Shown("card", CARDS.card_id)
_SOURCE, _HIDDEN = Shown("source", SOURCES.__getitem__), Shown("card", CARDS.card_id, private=True)
_REPLACED = (_SEAT, Shown("slot"), Shown("out", CARDS.card_id), _SOURCE)
EVENTS = EventForms(
    EventForm("deal", (Shown("round"), Shown("dealer"), _SEAT, Shown("slots", list),
                       Shown("cards", _dealt, private=True)), to=("seat",)),
    EventForm("drew", (_SEAT, _SOURCE, _HIDDEN), to=("seat",), variant="deck"),
    EventForm("drew", (_SEAT, _SOURCE, _CARD), variant="discard"),
    EventForm("reshuffled", (Shown("deck_count"),)),
    EventForm("discarded", (_SEAT, _CARD)),
    EventForm("replaced", _REPLACED + (_HIDDEN,), to=("seat",), variant="deck"),
    EventForm("replaced", _REPLACED + (_CARD,), variant="discard"),
    EventForm("looked", (_SEAT, Shown("position", _at), _HIDDEN), to=("seat",)),
    EventForm("swapped", (_SEAT, Shown("positions", _pair))),
    EventForm("picked", (_SEAT, Shown("position", _at))),
    EventForm("shown", (_SEAT, Shown("cards", _shown))),
    EventForm("snap_ok", (_SEAT, Shown("position", _at), _CARD)),
    EventForm("snap_wrong", (_SEAT, Shown("position", _at), _CARD)),
    EventForm("penalty", (_SEAT, Shown("slot"))),
    EventForm("gave", (_SEAT, Shown("from_slot"), Shown("to", _at))),
    EventForm("nogive", (_SEAT,)),
    EventForm("passed", (_SEAT, Shown("automatic", bool))),
    EventForm("cambio_called", (_SEAT,)),
    EventForm("window_opened", (Shown("rune", CARDS.runes.__getitem__),)),
    EventForm("window_closed", (Shown("successes"), Shown("frozen", bool))),
    EventForm("action_lapsed", (_SEAT, Shown("action", ACTIONS.__getitem__))),
    # caller_success: -1 when nobody called, else whether the call succeeded
    EventForm("round_end", (Shown("round"), Shown("reason", str), Shown("caller", none=NONE),
                            Shown("caller_success", lambda ok: None if ok < 0 else bool(ok)), Shown("table", _table),
                            Shown("round_points", list), Shown("round_scores", list), Shown("totals", list))),
    EventForm("game_end", (Shown("reason", str), Shown("totals", list), Shown("winners", list),
                           Shown("ranks", _ranks))),
)

# The longest listing: a red king's looks and swaps when every card but the action card lies at the table (76 cards
# at most there: 75 + 75 + 75 * 74 / 2 moves); a snap window lists at most 8 * (1 + 76).
MAX_MOVES = DECK_SIZE * (DECK_SIZE + 3) // 2

# What each pending action allows (by ACTIONS number) and each kind's move word (by KINDS number), as a player
# types them: refusals never name the state's internal action names.
ACTION_MOVES = ("no move", "lookown", "look", "swap", "lookown, look or swap (two steps)", "show")
MOVE_WORDS = ("draw deck", "draw discard", "cambio", "discard", "replace", "lookown", "look", "swap", "show", "snap",
              "give", "nogive", "pass")

# §5's move texts: `draw deck`, `replace 2`, `look 1.3`, `swap 2.0 0.3` (either order; written lower seat first).
# A number has no leading zeros and at most nine digits.
_NUMBER = "0|[1-9][0-9]{0,8}"
_SLOT_TEXT, _POSITION_TEXT = re.compile(_NUMBER), re.compile(rf"({_NUMBER})\.({_NUMBER})")


def _number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 9


@dataclass(frozen=True)
class Place(Arg):
    """A slot number of the mover's own (`3`), or when `seated` a position `<seat>.<slot>`, typed as a
    (seat, slot) pair, a {seat, slot} mapping or its text."""

    name: str
    seated: bool = False

    @property
    def what(self) -> str:
        return "a position <seat>.<slot>" if self.seated else "a slot number"

    def usage(self) -> str:
        return "<seat>.<slot>" if self.seated else "<slot>"

    def read(self, word: str) -> object:
        m = (_POSITION_TEXT if self.seated else _SLOT_TEXT).fullmatch(word)
        if not m:
            raise ValueError(word)
        return (int(m[1]), int(m[2])) if self.seated else int(word)

    def write(self, value: object) -> str:
        if not self.seated or isinstance(value, str):
            return str(value)
        seat, slot = _pair(value)
        return position(seat, slot)

    def given(self, value: object) -> bool:
        if not self.seated:
            return _number(value)
        if isinstance(value, str):
            return _POSITION_TEXT.fullmatch(value) is not None
        pair = _pair(value)
        return pair is not None and _number(pair[0]) and _number(pair[1])


def _pair(value: object) -> tuple | None:
    if isinstance(value, Mapping):
        return value.get("seat"), value.get("slot")
    return tuple(value) if isinstance(value, (tuple, list)) and len(value) == 2 else None


@dataclass(frozen=True)
class Pile(Arg):
    """Where `draw` takes its card from: a word of SOURCES."""

    name: str
    what = "deck or discard"

    def read(self, word: str) -> object:
        if word not in SOURCES:
            raise ValueError(word)
        return word

    def given(self, value: object) -> bool:
        return value in SOURCES

    def usage(self) -> str:
        return "|".join(SOURCES)


# A text's keyword is the first word of its kind's MOVE_WORDS; `draw` names its kind by its source.
_SLOT, _TARGET = Place("slot"), Place("target", seated=True)
NOTATION = Notation(Form("draw", (Pile("source"),)), Form("cambio"), Form("discard"), Form("replace", (_SLOT,)),
                    Form("lookown", (_SLOT,)), Form("look", (_TARGET,)),
                    Form("swap", (Many(Place("positions", seated=True), least=2, most=2),)),
                    Form("show", (_TARGET,)), Form("snap", (_TARGET,)), Form("give", (_SLOT,)), Form("nogive"),
                    Form("pass"))

# The refusals of a move (rules_check.py says which rule a code breaks first, as a number of REASON_CODES),
# {code: why}; the shared ones (game_over, not_legal, not_your_turn, no_such_seat) are the core's.
_MEANINGS = {
    "not_holding": "you hold no card",
    "must_exchange": "a card taken from the discard pile must be exchanged",
    "not_turn_start": "only at the start of your turn (you have already drawn)",
    "deck_exhausted": "main deck exhausted",
    "pile_empty": "discard pile empty",
    "pile_frozen": "discard pile frozen",
    "cambio_called": "Cambio already called",
    "no_action": "no action pending",
    "wrong_action": "the pending action does not allow this move",
    "own_card": "that is your own card",
    "same_seat": "two cards of the same seat cannot be swapped",
    "already_picked": "that seat already picked",
    "caller_frozen": "cards of the Cambio caller are frozen",
    "empty_slot": "the slot is empty",
    "no_give": "no give pending",
    "not_claimant": "only the claimant may give",
    "no_window": "no snap window is open",
    "caller_out": "the Cambio caller takes no part in snap windows",
    "window_claimed": "the snap window is claimed by another seat",
    "give_first": "give or nogive first",
    "passed": "the seat has passed in this window",
}
REASON_CODES = Names("ok", "game_over", "not_legal", "not_your_turn", "no_such_seat", *_MEANINGS, prefix="R_")
REASONS = rule_reasons("cambio", _MEANINGS)
