"""Hats' declarations (spec shared/rules/hats.md): its cards, phases, move kinds and codes, refusal reasons,
events and move notation, in one place. `python -m engines.core.offsets` gives the compiled rules each number
here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

from pathlib import Path

from ..core.data import Entry, load
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.notation import Card, Form, Notation, Number
from ..core.reasons import rule_reasons

DATA = Path(__file__).resolve().parent / "data"
from .state import PLAYED_MAX

NONE = 255  # no card, no seat
N_TYPES = 7
N_NUMBERS = 6
LAST_CARD = PLAYED_MAX  # main actions per seat; the ninth card becomes the favourite hat


def _load_cards() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(type letters, card ids in standard order) from data/cards.toml, checked against the rules' arithmetic."""
    path = DATA / "cards.toml"
    raw = load(path)
    letters = tuple(Entry(path, f"types[{i}]", t).get("letter", str) for i, t in enumerate(raw.get("types", [])))
    numbers = tuple(raw.get("numbers", ()))
    # The rules compute type = card // 6 and number = card % 6 + 1 over 7 types.
    if len(letters) != N_TYPES or len(set(letters)) != len(letters) or \
            not all(len(x) == 1 and x.isupper() for x in letters) or numbers != (1, 2, 3, 4, 5, 6):
        raise ValueError(f"{path.name}: must list 7 distinct one-letter types and numbers 1-6")
    return letters, tuple(f"{t}{n}" for t in letters for n in numbers)


TYPE_LETTERS, CARD_IDS = _load_cards()


def card_id(card: int) -> str:
    """The id (`R1`..`W6`) of card number 0..41."""
    return CARD_IDS[card]


PHASES = Names("main", "after", "partner", "finished")  # §5: the turn's phases, then the end

# §6: the moves. A code names its kind and card (and space) alone, whatever the state: the card c (0..41) and
# the space s (0..5) of an exchange; a return names a card of the partner's hand.
KINDS = Names("exchange", "black", "discard", "offer", "return", "end", prefix="K_")
EXCHANGE = 0       # + c * 6 + s
BLACK_HAT = 252    # + c
DISCARD = 294      # + c
OFFER_CARD = 336   # + c
RETURN_CARD = 378  # + c
END = 420
N_CODES = 421
MAX_LISTED = 91    # the most codes listed at once (9 cards x 6 spaces + 9 + 9 + end = 73), room to spare

_CARD = Card("card", CARD_IDS, "R1..W6")
# `exchange <card> <space>` (spaces 1-6 as the table shows them), `<kind> <card>`, `end`.
NOTATION = Notation(Form("exchange", (_CARD, Number("space", least=1))),
                    *(Form(kind, (_CARD,)) for kind in KINDS[1:5]), Form("end"))

# The rules' refusal numbers (0: applied); the core words game_over and not_legal, the rest mean:
REASON_CODES = Names("ok", "game_over", "partner_must_return", "not_main_phase", "not_after_phase",
                     "optional_used", "discard_replaced_by_partner_exchange", "offer_needs_4_players",
                     "card_not_in_hand", "no_such_space", "must_be_same_type_or_higher", "not_legal",
                     "not_partner_phase", prefix="R_")
REASONS = rule_reasons("hats", {
    "partner_must_return": "partner must return a card",
    "not_main_phase": "not in main phase",
    "not_after_phase": "not in after phase",
    "optional_used": "optional action already used",
    "discard_replaced_by_partner_exchange": "discard/draw is replaced by the partner exchange with 4 players",
    "offer_needs_4_players": "offer is the 4-player partner exchange; with 2-3 players use discard",
    "card_not_in_hand": "card not in hand",
    "no_such_space": "no such space",
    "must_be_same_type_or_higher": "must be same type or a higher number",
    "not_partner_phase": "there is no partner offer to return",
})

# §8: what each event says, and to whom: a black hat, an offer and a draw are seen by their seat alone, the
# partner exchange by both partners. The rules append raw tuples: the kind's number (EV_...), then the fields.
_SEAT = Shown("seat")
EVENTS = EventForms(
    EventForm("exchanged", (_SEAT, Shown("card", card_id), Shown("space", plus=1), Shown("taken", card_id))),
    EventForm("black_hat", (_SEAT, Shown("card", card_id, private=True)), to=("seat",)),
    EventForm("discarded_drew", (_SEAT, Shown("discarded", card_id, private=True),
                                 Shown("drawn", card_id, private=True)), to=("seat",)),
    EventForm("reshuffled", (Shown("deck_count"),)),
    EventForm("offered", (_SEAT, Shown("card", card_id, private=True)), to=("seat",)),
    EventForm("partner_exchange", (_SEAT, Shown("partner"), Shown("offered", card_id, private=True),
                                   Shown("returned", card_id, private=True)), to=("seat", "partner")),
    EventForm("cookie_moved", (Shown("from", none=NONE), Shown("to"))),
    EventForm("game_end"),  # its fields come from the final state (HatsGame._game_end)
)
