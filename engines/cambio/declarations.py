"""Cambio's declarations (spec shared/rules/cambio.md): its cards (data/deck.toml), phases, actions, move kinds,
memory rules, event kinds and refusal reasons, in one place. `python -m engines.core.offsets cambio` gives the
compiled rules each number here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

from pathlib import Path

from ..core.cambio_cards import load_deck
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.reasons import rule_reasons
from .state import DECK_SIZE

DATA = Path(__file__).resolve().parent / "data"

PHASES = Names("turn_start", "holding", "action", "snap", "game_over", prefix="P_")
# A discarded card's action (data/deck.toml names them; `none`: a card without one).
ACTIONS = Names("none", "look_own", "look_other", "swap", "two_actions", "show", prefix="A_")
# The move kinds, in the order MoveInfo names them; a move code is an index into the state's ordered legal list
# (rules.py says the order), not a kind.
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


# What each event says, and to whom. The rules append raw tuples: the kind's number (EV_...), then the fields in
# the order declared here. `deal`, `drew`, `replaced`, `round_end` and `game_end` are named by game.py (a deal is
# one event per seat, a drawn card is private only from the deck, the round's and game's end read the state).
_SEAT, _CARD = Shown("seat"), Shown("card", CARDS.card_id)
EVENTS = EventForms(
    EventForm("deal"),
    EventForm("drew"),
    EventForm("reshuffled", (Shown("deck_count"),)),
    EventForm("discarded", (_SEAT, _CARD)),
    EventForm("replaced"),
    EventForm("looked", (_SEAT, Shown("position", _at), Shown("card", CARDS.card_id, private=True)), to=("seat",)),
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
    EventForm("round_end"),
    EventForm("game_end"),
)

PREBUILT = 1 << 16  # move codes kept ready to slice (rules.legal_moves)
NOT_LISTED = 1      # apply_code's one refusal: past Game.reason_codes, so Game.unlisted says "not in legal_moves"

# What each pending action allows (by ACTIONS number) and each kind's move word (by KINDS number), as a player
# types them: refusals never name the state's internal action names.
ACTION_MOVES = ("no move", "lookown", "look", "swap", "lookown, look or swap (two steps)", "show")
MOVE_WORDS = ("draw deck", "draw discard", "cambio", "discard", "replace", "lookown", "look", "swap", "show", "snap",
              "give", "nogive", "pass")

# The refusals of a read move (rules_find.py), {code: why}; the shared ones (not_your_turn, no_such_seat) are
# the core's.
REASONS = rule_reasons("cambio", {
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
})
