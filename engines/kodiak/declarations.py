"""Kodiak's declarations (spec shared/rules/kodiak.md): its cards, phases, actions, move kinds, events and the
other numbered names the state and the raw events hold, in one place. `python -m engines.core.offsets` gives
the compiled rules each number here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

from ..core.cambio_cards import load_deck
from ..core.names import Names
from .state import DATA, DECK_SIZE

PHASES = Names("exchange", "action", "kodiak_pick", "hunt", "game_over", prefix="P_")
HUNT_PHASES = Names("open", "escaping", "counter", prefix="H_")
# A card's action by number; 0 (`none`) is a card without one, read from data/deck.toml as "".
ACTIONS = Names("none", "look_own", "look_other", "swap", "two_actions", "reveal", prefix="A_")
# §6-§7: the move kinds (a move code is its index in the state's listing, see rules.py).
KINDS = Names("exchange", "lookown", "look", "swap", "pick", "reveal", "throw", "done", "pounce", "counter", "pass",
              prefix="K_")
MEMORY = Names("follow", "slot", "off", prefix="M_")
EVENTS = Names("deal", "drew", "exchanged", "action", "looked_own", "turned_up", "swap_asked", "swapped",
               "action_lapsed", "window_opened", "thrown", "penalty", "pounce", "replacement", "counter", "passed",
               "escape_done", "window_closed", "round_end", "game_end", prefix="EV_")
ROUND_ENDS = Names("out_of_cards", "deck_empty", prefix="END_")
# What a hunt-window move leads to (rules.py).
OUTCOMES = Names("goes_on", "closed", "round_over", prefix="WINDOW_")
# A red king's action steps: the step kind at index i is the bit 1 << i of the field steps_done.
STEPS = ("lookown", "look", "swap", "reveal")
STEP_OWN, STEP_OTHER, STEP_SWAP, STEP_REVEAL = (1 << i for i in range(len(STEPS)))

# Move codes 0 .. PRE - 1 are prebuilt (a listing never makes an int per move); a longer listing is made fresh.
PRE = 1 << 16

CARDS = load_deck(DATA / "deck.toml", ("",) + ACTIONS[1:], DECK_SIZE)
BALL = CARDS.runes.index("BALL")


def position(seat: int, slot: int) -> str:
    """A table position's text, `<seat>.<slot>`."""
    return f"{seat}.{slot}"
