"""Alaska's declarations (spec shared/rules/alaska.md): its cards, phases, move kinds and codes, refusal reasons,
events and move notation, in one place. `python -m engines.core.offsets alaska` gives the compiled rules each
number here as a C constant (offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

from pathlib import Path

from ..core.cambio_cards import Deck, load_deck
from ..core.data import DataError, Entry, load
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.notation import Card, Form, Many, Notation, Number, Word
from ..core.reasons import rule_reasons
from .state import N_CARDS, N_SALMON, NONE, SECTIONS

DATA = Path(__file__).resolve().parent / "data"

# §1: the 66 deck cards are numbered in standard order; the rules know a card's kind by these ranges (and the
# end of the deck), and a cast card's number as (card - FIRST_CAST) // CAST_COPIES + 1.
FIRST_SALMON, FIRST_CURRENT, FIRST_TOURIST, FIRST_LOCAL = 0, 16, 28, 32
FIRST_EAGLE, FIRST_BEAR, FIRST_CAST = 36, 39, 42
KIND_STARTS = (FIRST_SALMON, FIRST_CURRENT, FIRST_TOURIST, FIRST_LOCAL, FIRST_EAGLE, FIRST_BEAR, FIRST_CAST,
               N_CARDS)
KIND_NAMES = ("salmon", "current", "tourist", "local", "eagle", "bear", "cast")
CAST_COPIES = 4
# The rune of each card kind (KIND_NAMES order), and of the river cards.
KIND_RUNES = ("FISH", "WAVE", "CAMERA", "HUT", "WING", "PAW", "HOOK")
RIVER_RUNE = "RIVER"


def load_cards(path: Path = DATA / "deck.toml") -> tuple[tuple[str, ...], tuple[str, ...], Deck]:
    """(river card ids, the 66 deck card ids in standard order, the whole Deck) from data/deck.toml (Cambio card
    family format); DataError unless it describes exactly the deck the rules' arithmetic expects."""
    deck = load_deck(path, ("",), size=SECTIONS + N_CARDS)
    river_rune = deck.runes.index(RIVER_RUNE) if RIVER_RUNE in deck.runes else -1
    river = tuple(c for i, c in enumerate(deck.ids) if deck.rune[i] == river_rune)
    cards = tuple(c for i, c in enumerate(deck.ids) if deck.rune[i] != river_rune)
    if len(river) != SECTIONS or deck.ids[:SECTIONS] != river:
        raise DataError(path, "kind", f"the first {SECTIONS} cards must be the river cards (rune {RIVER_RUNE})")
    numbers = Entry(path, "numbers", load(path).get("numbers"))
    for i, card in enumerate(river):
        if numbers.get(card, int) != i + 1:
            raise numbers.fail(f"river card {card} must have number {i + 1} (the river's order)")
    for number, card in enumerate(cards):
        kind = next(k for k in range(len(KIND_NAMES)) if KIND_STARTS[k] <= number < KIND_STARTS[k + 1])
        rune = deck.runes[deck.rune[SECTIONS + number]]
        if rune != KIND_RUNES[kind]:
            raise DataError(path, "kind", f"card {card} (number {number}) has rune {rune}; the rules expect "
                            f"{KIND_RUNES[kind]} ({KIND_NAMES[kind]})")
        if deck.points[SECTIONS + number] != (1 if KIND_NAMES[kind] == "salmon" else 0):
            raise DataError(path, "kind", f"card {card}: only salmon are worth a point")
        if KIND_NAMES[kind] == "cast" and numbers.get(card, int) != (number - FIRST_CAST) // CAST_COPIES + 1:
            raise numbers.fail(f"cast card {card} must have number {(number - FIRST_CAST) // CAST_COPIES + 1}")
    numbers.unknown(river + cards[FIRST_CAST:])
    return river, cards, deck


RIVER_IDS, CARD_IDS, DECK = load_cards()
CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}


def kind_of(card: int) -> str:
    """The kind name (KIND_NAMES) of card number `card`."""
    return next(KIND_NAMES[k] for k in range(len(KIND_NAMES)) if KIND_STARTS[k] <= card < KIND_STARTS[k + 1])


def cast_number(card: int) -> int:
    """The number of a cast card (0 for other cards)."""
    return (card - FIRST_CAST) // CAST_COPIES + 1 if FIRST_CAST <= card < N_CARDS else 0


PHASES = Names("place", "play", "bear", "finished")  # §4: salmon to place, the play phase, a bear window, the end

# §5: the moves. A code is relative to the state (hand indexes, not card ids):
#   place p            PLACE_SALMON + p - 1                  (0..9)
#   end                END                                   (10)
#   cast               CAST + combo * CHOICES + choice       combo: 0-3 one hand card, 4-9 a pair
#                                                            choice: 0 none, 1 + salmon number
#   angler i s         ANGLER + i * 10 + s - 1
#   eagle i target     EAGLE + i * TARGETS + t               t: 0-15 salmon, 16-25 angler section, 26 bare
#   bear (roar) i      ROAR + i
#   bearsteal seat i   STEAL + seat * 4 + i
#   pass seat          PASS + seat
KINDS = Names("place", "end", "cast", "angler", "eagle", "bear", "bearsteal", "pass", prefix="K_")
PLACE_SALMON = 0
END = 10
CAST = 11
ANGLER = 181
EAGLE = 221
ROAR = 329
STEAL = 333
PASS = 349
N_CODES = 353
CHOICES = 17   # no salmon named, or one of 16
TARGETS = 27   # 16 salmon, 10 angler sections, bare

# The card arguments of the text forms; the two cards of a cast come in either order (the text of a move code
# lists them in standard order).
_CARD = Card("card", CARD_IDS, "S01-S16, W01-W12, T1-T4, L1-L4, E1-E3, B1-B3, C1a-C6d")
_SALMON = Card("salmon", CARD_IDS[:N_SALMON], "S01-S16")
_SECTION = Number("section", least=1)
NOTATION = Notation(
    Form("place", (_SECTION,)), Form("end"),
    Form("cast", (Many(Card("cards", CARD_IDS, _CARD.hint)), Word("salmon"), _SALMON)),
    Form("cast", (Many(Card("cards", CARD_IDS, _CARD.hint)),)),
    Form("angler", (_CARD, _SECTION)),
    Form("eagle", (_CARD, Word("salmon"), _SALMON)), Form("eagle", (_CARD, Word("angler"), _SECTION)),
    Form("eagle", (_CARD,)),
    Form("bear", (_CARD,)), Form("bearsteal", (_CARD,)), Form("pass"))

# The rules' refusal numbers (0: applied); the core words game_over and not_legal, the rest mean:
REASON_CODES = Names("ok", "game_over", "not_legal", "no_salmon_to_place", "not_play_phase", "bear_window_open",
                     "card_not_in_hand", "not_a_cast_card", "cast_off_river", "name_a_salmon", "no_salmon_choice",
                     "salmon_not_there", "not_an_angler", "section_occupied", "not_an_eagle", "eagle_needs_target",
                     "no_such_target", "not_a_bear", "keep_at_most_one", "play_all_cards", "no_bear_window",
                     "not_in_window", "already_passed", prefix="R_")
REASONS = rule_reasons("alaska", {
    "no_salmon_to_place": "no salmon is waiting to be placed",
    "no_such_section": "a section is a number 1-10",
    "not_play_phase": "not in the play phase",
    "bear_window_open": "a bear window is open: wait until it closes",
    "card_not_in_hand": "card not in hand",
    "not_a_cast_card": "a cast uses cast cards only",
    "too_many_cast_cards": "a cast combines at most 2 cast cards",
    "card_named_twice": "a card is named twice",
    "cast_off_river": "a cast must target a section 1-10",
    "name_a_salmon": "two salmon cover the section: name one",
    "no_salmon_choice": "no salmon choice at this section",
    "salmon_not_there": "the named salmon does not cover the section",
    "not_an_angler": "only a tourist or a local is placed as an angler",
    "section_occupied": "section occupied",
    "not_an_eagle": "not an eagle",
    "eagle_needs_target": "the eagle must take a salmon or chase an angler while the river has one",
    "no_such_target": "no such salmon or angler in the river",
    "not_a_bear": "not a bear",
    "keep_at_most_one": "you may keep at most one card",
    "play_all_cards": "play all your cards in the final round",
    "no_bear_window": "no bear window open",
    "not_in_window": "not in the bear window",
    "already_passed": "already passed in this bear window",
    "own_catch": "the catcher's bear can only roar: it cannot steal its own catch",
})

OUTCOMES = ("empty_water", "caught", "tourist", "local_paid", "local_stays")  # a cast's (event field)


def _ids(cards) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _id(card: int) -> str:
    return "" if card == NONE else CARD_IDS[card]


def _seats(mask: int) -> list[int]:
    return [s for s in range(4) if (mask >> s) & 1]  # a mask holds seats in play only


def _eagle_salmon(target: int) -> str:
    return CARD_IDS[target] if target < N_SALMON else ""


def _eagle_section(target: int) -> int:
    return target - N_SALMON + 1 if N_SALMON <= target < N_SALMON + SECTIONS else 0


# §8: what each event says. The rules append raw tuples: the kind's number (EV_...), then the fields' raw values
# in this order; a raw value two fields read (the fallen cards: salmon and currents) is given once per field.
# Only a refill is private: the seat that drew sees the cards, the others their count.
_SEAT = Shown("seat")
_CARD_SHOWN = Shown("card", CARD_IDS.__getitem__)
EVENTS = EventForms(
    EventForm("fell", (_SEAT, Shown("salmon", lambda cards: _ids(c for c in cards if c < N_SALMON)),
                       Shown("currents", lambda cards: _ids(c for c in cards if c >= N_SALMON)))),
    EventForm("placed", (_SEAT, Shown("salmon", CARD_IDS.__getitem__), Shown("position"))),
    EventForm("current_step", (Shown("step"),
                               Shown("positions", lambda where: [{"salmon": CARD_IDS[s], "position": p}
                                                                 for s, p in where]),
                               Shown("catches", lambda caught: [{"salmon": CARD_IDS[s], "angler": CARD_IDS[g],
                                                                 "section": k} for s, g, k in caught]))),
    EventForm("cast", (_SEAT, Shown("cards", lambda cards: _ids(sorted(c for c in cards if c != NONE))),
                       Shown("section"), Shown("outcome", OUTCOMES.__getitem__), Shown("die"),
                       Shown("salmon", _id), Shown("angler", _id), Shown("paid_salmon", _id))),
    EventForm("angler_placed", (_SEAT, _CARD_SHOWN, Shown("section"))),
    EventForm("angler_chased", (_SEAT, _CARD_SHOWN, Shown("chased", CARD_IDS.__getitem__), Shown("section"))),
    EventForm("eagle", (_SEAT, _CARD_SHOWN, Shown("salmon", _eagle_salmon), Shown("section", _eagle_section))),
    EventForm("bear_roar", (_SEAT, _CARD_SHOWN, Shown("anglers", lambda gone: [{"card": CARD_IDS[c], "section": k}
                                                                                for c, k in gone]))),
    EventForm("bear_steal", (_SEAT, _CARD_SHOWN, Shown("salmon", CARD_IDS.__getitem__), Shown("catcher"))),
    EventForm("passed", (_SEAT,)),
    EventForm("bear_window", (Shown("seats", _seats), Shown("auto_passed", _seats))),
    EventForm("tourist_penalty", (_SEAT, Shown("lost", _ids))),
    EventForm("refilled", (_SEAT, Shown("count", len), Shown("cards", _ids, private=True)), to=("seat",)),
    EventForm("final_round", (Shown("order", list),)),
    EventForm("empty_turn", (_SEAT,)),
    EventForm("playoff", (Shown("playoff"), Shown("seats", list), Shown("first"))),
    EventForm("game_end"),  # its fields come from the final state (AlaskaGame._game_end)
    EventForm("bear_window_closed", (Shown("why", str),)),  # the rules give the word
    EventForm("turn_ended", (_SEAT,)),
    EventForm("dice", (_SEAT, Shown("die"))),
)
