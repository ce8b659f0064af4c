"""Kodiak's declarations (spec shared/rules/kodiak.md): its cards, phases, actions, move kinds, events and the
other numbered names the state and the raw events hold, in one place. `python -m engines.core.offsets` gives
the compiled rules each number here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.cambio_cards import load_deck
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.notation import Arg, Form, Many, Notation
from ..core.reasons import rule_reasons
from .state import DATA, DECK_SIZE, NONE

PHASES = Names("exchange", "action", "kodiak_pick", "hunt", "game_over", prefix="P_")
HUNT_PHASES = Names("open", "escaping", "counter", prefix="H_")
# A card's action by number; 0 (`none`) is a card without one, read from data/deck.toml as "".
ACTIONS = Names("none", "look_own", "look_other", "swap", "two_actions", "reveal", prefix="A_")
# §6-§7: the move kinds (a move code packs the kind, seat and arguments, see rules_state.pxd's `pack`).
KINDS = Names("exchange", "lookown", "look", "swap", "pick", "reveal", "throw", "done", "pounce", "counter", "pass",
              prefix="K_")
MEMORY = Names("follow", "slot", "off", prefix="M_")
ROUND_ENDS = Names("out_of_cards", "deck_empty", prefix="END_")
# What a hunt-window move leads to (rules_hunt.py).
OUTCOMES = Names("goes_on", "closed", "round_over", prefix="WINDOW_")
# A red king's action steps: the step kind at index i is the bit 1 << i of the field steps_done.
STEPS = ("lookown", "look", "swap", "reveal")
STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL = (1 << i for i in range(len(STEPS)))


CARDS = load_deck(DATA / "deck.toml", ("",) + ACTIONS[1:], DECK_SIZE)
BALL = CARDS.runes.index("BALL")
N_RUNES = len(CARDS.runes)


def card_id(card: int) -> str:
    return CARDS.ids[card]


def position(seat: int, slot: int) -> str:
    """A table position's text, `<seat>.<slot>`."""
    return f"{seat}.{slot}"


def _game_winners(totals: tuple) -> list[int]:
    return [s for s, t in enumerate(totals) if t == min(totals)]


# §9: what each event says, and to whom: the deal's top card (one event per seat), a drawn card and an own look
# are seen by their seat alone. The rules append raw tuples: the kind's number (EV_...), then the fields; a
# position is a raw (seat, slot) pair, and a value the event shows twice (a card and its action) comes twice.
_SEAT, _CARD, _SLOT_FIELD = Shown("seat"), Shown("card", card_id), Shown("slot")
_ACTION = (_SEAT, _CARD, Shown("action", lambda card: ACTIONS[CARDS.action[card]]))
EVENTS = EventForms(
    EventForm("deal", (Shown("round", plus=1), Shown("kodiak"), _SEAT, Shown("card_counts", lambda n: [3] * n),
                       Shown("deck_count"), Shown("card", card_id, private=True)), to=("seat",)),
    EventForm("drew", (_SEAT, Shown("card", card_id, private=True)), to=("seat",)),
    EventForm("exchanged", (_SEAT, _SLOT_FIELD, _CARD, Shown("beside", bool))),
    EventForm("action", _ACTION),
    EventForm("looked_own", (_SEAT, _SLOT_FIELD, Shown("card", card_id, private=True)), to=("seat",)),
    EventForm("turned_up", (_SEAT, Shown("position", lambda p: position(*p)), _CARD)),
    EventForm("swap_asked", (_SEAT, Shown("position", lambda p: position(*p)))),
    EventForm("swapped", (_SEAT, Shown("positions", lambda ps: [position(*p) for p in ps]))),
    EventForm("action_lapsed", _ACTION),
    EventForm("window_opened", (Shown("rune", lambda rune: CARDS.runes[rune], none=NONE),)),
    EventForm("thrown", (_SEAT, _SLOT_FIELD, _CARD, Shown("correct", bool))),
    EventForm("penalty", (_SEAT, _SLOT_FIELD)),
    EventForm("pounce", (_SEAT, Shown("paw_slot"), Shown("target", lambda p: position(*p)), Shown("paw", card_id),
                         _CARD, Shown("success", bool))),
    EventForm("replacement", (_SEAT, Shown("slots", list))),
    EventForm("counter", (_SEAT, Shown("paw_slot"), Shown("paw", card_id), Shown("success", bool),
                          Shown("cards_drawn"))),
    EventForm("passed", (_SEAT,)),
    EventForm("escape_done", (_SEAT,)),
    EventForm("window_closed"),
    EventForm("round_end", (
        Shown("round", plus=1), Shown("reason", lambda end: ROUND_ENDS[end]), Shown("kodiak"),
        Shown("table", lambda rows: [[{"position": position(s, k), "card": card_id(c)} for k, c in row]
                                     for s, row in enumerate(rows)]),
        Shown("beside", lambda rows: [[card_id(c) for c in row] for row in rows]), Shown("catches"),
        Shown("round_scores", list), Shown("totals", list))),
    EventForm("game_end", (Shown("totals", list), Shown("winners", _game_winners),
                           Shown("ranks", lambda totals: [1 + sum(t < x for t in totals) for x in totals]))),
)


# §5's move texts: `exchange 1`, `look 3.2`, `swap 2.0 3.1`, `swap 2.0 0.?`, `pounce 0 2.1`, `pass`. A slot is
# written without leading zeros, in at most four digits; a position is `<seat>.<slot>`, a swap's Kodiak side
# `<K>.?` when a mouse leaves the choice of his card to him (typed: (seat, 0, True), the proto's KodiakPosition).
_NUMBER = "0|[1-9][0-9]{0,3}"
_POSITION = re.compile(rf"({_NUMBER})\.({_NUMBER})")
_POSITION_ASK = re.compile(rf"({_NUMBER})\.({_NUMBER}|\?)")


def _number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10000


@dataclass(frozen=True)
class Slot(Arg):
    """A slot number."""

    name: str
    what = "a slot number"

    def read(self, word: str) -> object:
        if not re.fullmatch(_NUMBER, word):
            raise ValueError(word)
        return int(word)

    def given(self, value: object) -> bool:
        return _number(value)


@dataclass(frozen=True)
class Position(Arg):
    """`<seat>.<slot>`, typed (seat, slot); `ask`: a swap's side, also `<seat>.?`, typed (seat, slot, picks)."""

    name: str
    ask: bool = False

    @property
    def what(self) -> str:
        return "a position (<seat>.<slot|?>)" if self.ask else "a position (<seat>.<slot>)"

    def usage(self) -> str:
        return "<seat>.<slot|?>" if self.ask else "<seat>.<slot>"

    def read(self, word: str) -> object:
        m = (_POSITION_ASK if self.ask else _POSITION).fullmatch(word)
        if not m:
            raise ValueError(word)
        if not self.ask:
            return int(m.group(1)), int(m.group(2))
        return (int(m.group(1)), 0, True) if m.group(2) == "?" else (int(m.group(1)), int(m.group(2)), False)

    def write(self, value: object) -> str:
        seat, slot, picks = (*value, False)[:3]
        return f"{seat}.?" if picks else f"{seat}.{slot}"

    def given(self, value: object) -> bool:
        if not isinstance(value, (list, tuple)) or len(value) not in (2, 3) or not _number(value[0]):
            return False
        if len(value) == 3 and value[2]:
            return self.ask
        return _number(value[1])


_SLOT, _TARGET = Slot("slot"), Position("target")
NOTATION = Notation(Form("exchange", (_SLOT,)), Form("lookown", (_SLOT,)), Form("look", (_TARGET,)),
                    Form("swap", (Many(Position("positions", ask=True), least=2),)), Form("pick", (_SLOT,)),
                    Form("reveal", (_TARGET,)), Form("throw", (_SLOT,)), Form("done"),
                    Form("pounce", (_SLOT, _TARGET)), Form("counter", (_SLOT,)), Form("pass"))
SWAP_USAGE = "swap <seat>.<slot> <seat>.<slot|?>"

# Refusals: the kernel's check (rules_check.py) returns the number of the first rule a move code breaks; the core
# words game_over, not_legal and not_your_turn, the rest mean:
_MEANINGS = {
    "must_exchange": "the drawn card must be exchanged into one of your slots",
    "finish_action": "finish the pending action first",
    "kodiak_must_pick": "Kodiak picks which of his cards is swapped",
    "no_such_position": "there is no card at that position",
    "not_an_action_step": "the pending action does not allow this",
    "red_king_different": "red king: the second action must be a different one",
    "kodiak_cards_not_lookable": "Kodiak's cards cannot be looked at",
    "choose_another_mouse": "choose another mouse",
    "already_face_up": "that card is already face up",
    "choose_another_seat": "choose a card of another seat",
    "blue_king_not_kodiak": "the blue king cannot reveal Kodiak's cards (option blue_king_kodiak)",
    "same_seat": "swap two cards of two different seats",
    "mice_never_choose_kodiak_card": "mice never choose Kodiak's card: write his side as <K>.?",
    "kodiak_names_his_card": "only a mouse swapping with Kodiak writes <K>.?; Kodiak names his slot",
    "not_in_hunt": "this is a move of the hunt window",
    "kodiak_cannot_throw": "Kodiak cannot throw",
    "only_kodiak_pounces": "only Kodiak can pounce",
    "only_kodiak_counters": "only Kodiak can counter",
    "no_discard": "no card was discarded this turn",
    "mouse_escaping": "another mouse is escaping",
    "wait_for_escape": "wait for the escape to finish",
    "finish_escape": "the escaping mouse throws or says done",
    "no_escape_to_counter": "no escape to counter",
    "no_escape": "no escape to finish",
    "kodiak_decides_counter": "Kodiak decides on the counter: counter or pass",
    "passed_already": "you passed in this window",
    "not_a_mouse_card": "pounce on a mouse's card",
}
REASON_CODES = Names("ok", "game_over", "not_legal", "not_your_turn", *_MEANINGS, prefix="R_")
REASONS = rule_reasons("kodiak", _MEANINGS)
