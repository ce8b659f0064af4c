"""Rune Market's declarations (spec shared/rules/rune_market.md): its cards, market and prices (data/deck.toml),
phases, move kinds, refusal reasons, events and move notation, in one place. `python -m engines.core.offsets`
gives the compiled rules each number here as a C constant (offsets.pxd) and Python the same (offsets.py).

The rules compute with card numbers in standard order (number cards 0..29 with number = card // 3 + 1, thieves
30..35, red main storages 36..39, blue 40..43); loading fails loudly if the data file disagrees.
"""
from __future__ import annotations

from pathlib import Path

from ..core.cambio_cards import load_deck
from ..core.data import DataError, Entry, load
from ..core.errors import BadMoveText
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.notation import Arg, Card, Form, Many, Notation, Number
from ..core.reasons import rule_reasons
from .state import N_CARDS

DATA = Path(__file__).resolve().parent / "data"
DECK_FILE = DATA / "deck.toml"

NONE = 255
N_NUMBERS = 30      # number cards 0..29: number = card // 3 + 1
THIEF0 = 30         # thieves 30..35
HALL_RED0 = 36      # red main storages 36..39
HALL_BLUE0 = 40     # blue main storages 40..43
PUBLIC = 64         # `known` bit: shown to everyone in a duel defence
HAND_SIZE = 3       # the refill fills up to this (D25)
CARDS_MIN = 21      # number cards for an outpost, a collector or a ransom (§2.2, D11)
RUNE_SUMS = (5, 10, 15)

# §4: the turn's phases, then the end (PHASE_MARKET: MARKET is the offset of the `market` field).
PHASES = Names("interest", "market", "hand", "defend", "steal", "finished", prefix="PHASE_")

# §5, §6: the moves; a code packs its kind and fields (rules.py says how), whatever the state.
KINDS = Names("interest", "nointerest", "abandon", "buy", "free3", "neutralize", "store", "rune", "buycards",
              "ransom", "duel", "defend", "concede", "thief", "storage", "double", "steal", "nosteal", "end",
              prefix="K_")
N_KINDS = len(KINDS)

OUTPOST, COLLECTOR = 0, 1   # items
W_HAND, W_NONE = 2, 3       # what a theft takes (0 and 1: a rune of that colour)
COLOURS = ("red", "blue")
ITEMS = ("outpost", "collector")
HOW = ("ransom", "free3", "neutralize", "outpost")  # how a collector leaves (collector_removed)

# Room of the rules' listings: ROOM codes on the stack (more go to the heap), MAX_MOVES in the kernel (rules.py
# says why that is enough for every hand a game reaches).
ROOM = 256
MAX_MOVES = 1 << 17


def _check(deck) -> None:
    names = deck.runes
    for card, rune in enumerate(deck.rune):
        want = (names[card // 3] if card < N_NUMBERS else "MASK" if card < HALL_RED0
                else "RED_HALL" if card < HALL_BLUE0 else "BLUE_HALL")
        if names[rune] != want or deck.points[card]:
            raise DataError(DECK_FILE, "kind", f"card {deck.ids[card]} must be a {want} card worth 0 "
                            "(the rules number the deck in standard order)")
    if names[:10] != ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN"):
        raise DataError(DECK_FILE, "runes", "must start with the numbers ONE..TEN")


def _market_and_prices() -> tuple[tuple[int, int, int, int], dict[int, int]]:
    raw = load(DECK_FILE)
    market = Entry(DECK_FILE, "market", raw.get("market"))
    market.unknown(("red", "blue", "outposts", "collectors"))
    counts = tuple(market.get(k, int, lo=1, hi=40) for k in ("red", "blue", "outposts", "collectors"))
    prices = Entry(DECK_FILE, "prices", raw.get("prices"))
    prices.unknown(("runes", "rune_sums", "cards_at_least"))
    by_seats = prices.get("runes", dict)
    if sorted(by_seats) != ["2", "3", "4", "5"] or not all(isinstance(v, int) and 1 <= v <= 8
                                                          for v in by_seats.values()):
        raise prices.fail("runes must give a price of 1..8 runes for 2, 3, 4 and 5 seats")
    if prices.get("rune_sums", list) != list(RUNE_SUMS) or prices.get("cards_at_least", int) != CARDS_MIN:
        raise prices.fail(f"the rules compute with rune sums {list(RUNE_SUMS)} and {CARDS_MIN}")
    return counts, {int(k): v for k, v in by_seats.items()}


DECK = load_deck(DECK_FILE, ("",), size=N_CARDS)
_check(DECK)
CARD_IDS = DECK.ids
CARD_INDEX = dict(DECK.index)
MARKET_START, PRICES = _market_and_prices()  # the market at the start (red, blue, outposts, collectors)


def card_id(card: int) -> str:
    return CARD_IDS[card]


def number_of(card: int) -> int:
    """The number of a number card (1..10)."""
    return card // 3 + 1


def colour_name(c: int) -> str:
    return COLOURS[c]


def card_set(cards: int) -> list[str]:
    """The ids of a set of number cards (bit k = card k)."""
    return [CARD_IDS[k] for k in range(N_NUMBERS) if cards >> k & 1]


def _opt_card(card: int) -> str:
    return card_id(card) if card != NONE else ""


# §5: the move texts. Colours, items, payment tokens and placements are words of a fixed set; a placement is
# `to C`, `neutralize C` (an outpost) or `on S C` (a collector); a thief takes `none`, `S hand` or `S rune C`.
TOKENS = ("Lr", "Lb", "Sr", "Sb")


class Choice(Arg):
    """One word of a fixed set (its typed form is the word)."""

    def __init__(self, name: str, words: tuple[str, ...]):
        self.name, self.words = name, words
        self.what = f"one of {', '.join(words)}"

    def read(self, word: str) -> object:
        if word not in self.words:
            raise ValueError(word)
        return word

    def given(self, value: object) -> bool:
        return value in self.words


class Seat(Number):
    """A seat number (two digits at most)."""

    what = "a seat number"

    def read(self, word: str) -> object:
        if len(word) > 2:
            raise ValueError(word)
        return super().read(word)


class Count(Number):
    """A count of runes to store, 1..24 (the runes there are)."""

    what = "a count of runes (1..24)"

    def read(self, word: str) -> object:
        count = super().read(word[:4])
        if not 1 <= count <= 24 or len(word) > 4:
            raise ValueError(word)
        return count


class Tried(Notation):
    """A keyword's forms tried in turn, an argument's refusal raised only when no form reads the text: the
    placement after a list of tokens or cards has forms of two lengths."""

    def read(self, text: str) -> tuple[str, dict]:
        words = text.split()
        refused = None
        for form in self.forms.get(words[0], ()) if words else ():
            if not _fits(form, len(words) - 1):  # its refusal would name a word the form has no place for
                continue
            try:
                args = form.read(words[1:], text)
            except BadMoveText as error:
                refused = refused or error
                continue
            if args is not None:
                return words[0], args
        if refused is not None:
            raise refused
        return super().read(text)  # unknown_move, or bad_move_text naming the forms


def _fits(form: Form, words: int) -> bool:
    """Can `words` words fill the form's parts (a list at least one word)?"""
    return words >= len(form.parts) if any(isinstance(p, Many) for p in form.parts) else words == len(form.parts)


_COLOUR = Choice("colour", COLOURS)
_ITEM = Choice("item", ITEMS)
_TOKENS = Many(Choice("tokens", TOKENS))
_NUMBER_CARDS = Many(Card("cards", CARD_IDS[:N_NUMBERS], "N1a..N10c"))
_ANY_CARD = Card("card", CARD_IDS, "N1a..N10c, T1..T6, HR1..HR4, HB1..HB4")
_SEAT = Seat("seat")
_TO = (Choice("place", ("to", "neutralize")), Choice("place_colour", COLOURS))
_ON = (Choice("place", ("on",)), Seat("place_seat"), Choice("place_colour", COLOURS))
_RUNE = (_SEAT, Choice("what", ("rune",)), _COLOUR)
_HAND = (_SEAT, Choice("what", ("hand",)))
NOTATION = Tried(
    Form("interest"), Form("nointerest"), Form("abandon", (_COLOUR,)),
    Form("buy", (_ITEM, _TOKENS) + _TO), Form("buy", (_ITEM, _TOKENS) + _ON),
    Form("free3", (_COLOUR, _TOKENS)), Form("neutralize", (_COLOUR, Choice("outpost", COLOURS))),
    Form("store", (_COLOUR, Count("count"))), Form("rune", (_NUMBER_CARDS, _COLOUR)),
    Form("buycards", (_ITEM, _NUMBER_CARDS) + _TO), Form("buycards", (_ITEM, _NUMBER_CARDS) + _ON),
    Form("ransom", (_COLOUR, _NUMBER_CARDS)), Form("duel", (_ANY_CARD, _SEAT)), Form("defend", (_ANY_CARD,)),
    Form("concede"), Form("thief", (_ANY_CARD, Choice("what", ("none",)))), Form("thief", (_ANY_CARD,) + _HAND),
    Form("thief", (_ANY_CARD,) + _RUNE), Form("storage", (_ANY_CARD,)), Form("double", (_ANY_CARD,)),
    Form("steal", _HAND), Form("steal", _RUNE), Form("nosteal"), Form("end"))
assert NOTATION.keywords == KINDS

# The rules' refusal numbers (0: applied): they list the legal moves, so a move they refuse is not_legal and
# game.py finds the words (REASONS) for it.
REASON_CODES = Names("ok", "game_over", "not_legal", prefix="R_")
REASONS = rule_reasons("rune_market", {
    "must_play_hand_card": "you must play at least one hand card",
    "choose_interest": "interest is due: choose interest or nointerest first",
    "no_interest_due": "no interest is due now",
    "after_hand_card": "no interest or rune purchases after playing a hand card",
    "market_phase_only": "only in the market phase, before the first hand card",
    "one_purchase": "one rune purchase per turn",
    "price": "the price is not paid",
    "one_colour": "runes must be of one colour",
    "frozen": "runes of an occupied storage are frozen",
    "not_enough_runes": "you do not have these runes",
    "no_store": "no storage of that colour",
    "sum_5_10_15": "sum must be exactly 5, 10 or 15",
    "sum_21": "number cards must total at least 21",
    "ransom_21": "ransom must total at least 21",
    "card_not_in_hand": "card not in hand",
    "wrong_card": "that card cannot be played this way",
    "sold_out": "the market has none left",
    "outpost_owned": "already have an outpost of that colour",
    "no_placement": "no legal placement",
    "store_occupied": "storage occupied by a collector",
    "not_occupied": "that storage is not occupied by a collector",
    "no_outpost": "you have no outpost of that colour",
    "no_main": "you have no main storage of that colour",
    "main_owned": "already have a main storage of that colour",
    "already_dueled": "already dueled this player this turn",
    "not_yourself": "choose another seat",
    "must_defend": "you must defend: you hold an equal or higher number card",
    "defence_too_low": "the defence card must be at least the attack number",
    "answer_duel": "the defender must answer the duel first",
    "not_in_duel": "there is no duel to answer",
    "steal_pending": "choose your steals (or nosteal) first",
    "no_steals": "there is nothing to steal now",
    "steal_from_loser": "steal only from the duel loser",
    "nothing_to_steal": "nothing of that kind to steal",
    "someone_stealable": "another seat has something to steal",
})

# §8: what each event says, and to whom: a stolen hand card is seen by thief and victim, a refill by its seat.
# The rules append raw tuples: the kind's number (EV_...), then the fields. `bought` and `game_end` are named
# by game.py (the placement's text, the final scores).
_SEAT = Shown("seat")
_COLOUR = Shown("colour", colour_name)
_CARD = Shown("card", card_id)
EVENTS = EventForms(
    EventForm("plundered", (_SEAT, _COLOUR, Shown("to"))),
    EventForm("store_abandoned", (_SEAT, _COLOUR, Shown("card", _opt_card), Shown("runes_loose"),
                                  Shown("collector", none=NONE))),
    EventForm("interest", (_SEAT, Shown("red"), Shown("blue"))),
    EventForm("bought", (_SEAT, Shown("item"), Shown("place"), Shown("pay"), Shown("loose"), Shown("stored"),
                         Shown("cards"))),
    EventForm("collector_placed", (_SEAT, Shown("target"), _COLOUR, Shown("outpost_destroyed", bool))),
    EventForm("collector_removed", (_SEAT, _COLOUR, Shown("owner"), Shown("how", HOW.__getitem__))),
    EventForm("rune_bought", (_SEAT, Shown("cards", card_set), _COLOUR)),
    EventForm("duel", (_SEAT, _CARD, Shown("defender"))),
    EventForm("defended", (_SEAT, _CARD)),
    EventForm("conceded", (_SEAT,)),
    EventForm("stolen", (Shown("thief"), Shown("victim"), Shown("card", card_id, private=True)),
              to=("thief", "victim")),
    EventForm("storage_played", (_SEAT, _CARD, _COLOUR)),
    EventForm("refilled", (_SEAT, Shown("count"),
                           Shown("cards", lambda cards: [card_id(c) for c in sorted(cards)], private=True)),
              to=("seat",)),  # sorted: not the draw order
    EventForm("reshuffled", (Shown("deck_count"),)),
    EventForm("game_end", (Shown("reason"),)),
    EventForm("stored", (_SEAT, _COLOUR, Shown("count"))),
    EventForm("thief", (_SEAT, _CARD, Shown("victim", none=NONE))),
    EventForm("double", (_SEAT, _CARD)),
    EventForm("no_interest", (_SEAT,)),
    EventForm("no_steal", (_SEAT,)),
    EventForm("turn", (_SEAT,)),
    EventForm("rune_stolen", (Shown("thief"), Shown("victim"), _COLOUR)),
    EventForm("lot_drawn", (_SEAT, Shown("tied", list))),
)
