"""Toy's declarations: its cards, move kinds and codes, refusal reasons, events and move notation, in one place.
`python -m engines.core.offsets tests.toy.toy` gives the compiled rules each number here as a C constant."""
from __future__ import annotations

from pathlib import Path

from engines.core.data import load
from engines.core.events import EventForm, EventForms, Shown
from engines.core.names import Names
from engines.core.notation import Card, Form, Notation
from engines.core.reasons import rule_reasons

from .state import N_CARDS

DATA = Path(__file__).resolve().parent / "data"
RANKS = 4      # card = suit * RANKS + rank - 1: the rules match suits and ranks by this arithmetic
DEALT = 3      # cards dealt to each seat
MAX_MOVES = 60


def _load_cards() -> tuple[str, ...]:
    """The card ids in standard order, from data/cards.toml, checked against the rules' arithmetic."""
    path = DATA / "cards.toml"
    raw = load(path)
    if list(raw.get("ranks", ())) != list(range(1, RANKS + 1)) or len(raw.get("suits", ())) * RANKS != N_CARDS:
        raise ValueError(f"{path.name}: must list ranks 1-{RANKS} and {N_CARDS // RANKS} suits")
    return tuple(f"{suit}{rank}" for suit in raw["suits"] for rank in raw["ranks"])


CARD_IDS = _load_cards()


def card_id(card: int) -> str:
    """The id (`A1`..`C4`) of card number 0..11."""
    return CARD_IDS[card]


# The moves; a code is state-free: PLAY + the card, DRAW, PASS.
KINDS = Names("play", "draw", "pass", prefix="K_")
PLAY = 0
DRAW = N_CARDS
PASS = N_CARDS + 1
N_CODES = N_CARDS + 2

NOTATION = Notation(Form("play", (Card("card", CARD_IDS, "A1..C4"),)), Form("draw"), Form("pass"))

# The rules' refusal numbers (0: applied); the core words game_over and not_legal, the rest mean:
REASON_CODES = Names("ok", "game_over", "not_legal", "card_not_in_hand", "must_match_suit_or_rank",
                     "nothing_to_draw", "must_draw", prefix="R_")
REASONS = rule_reasons("toy", {
    "card_not_in_hand": "card not in hand",
    "must_match_suit_or_rank": "must match the top card's suit or rank",
    "nothing_to_draw": "nothing is left to draw: pass",
    "must_draw": "a card can be drawn: draw instead of passing",
})

# A drawn card is seen by its seat alone; the rest is public.
_SEAT = Shown("seat")
EVENTS = EventForms(
    EventForm("played", (_SEAT, Shown("card", card_id))),
    EventForm("drew", (_SEAT, Shown("card", card_id, private=True)), to=("seat",)),
    EventForm("passed", (_SEAT,)),
    EventForm("reshuffled", (Shown("deck_count"),)),
    EventForm("game_end"),  # its winners come from the final state (ToyGame.name_events)
)
