"""Alaska (game id `alaska`), spec `shared/rules/alaska.md` (rules version 1.0).

Rules in brief: 2-4 players fish a river of ten sections laid out as a ring. At the start
of a turn the salmon in the active hand fall into the river at sections the right neighbour
chooses (a salmon covers two sections), then every current in the hand moves every salmon
one section upstream; anglers catch the salmon that swim onto their section (a tourist goes
home with it, a local stays). Then the player casts (one or two cast cards summing to a
section: catch a salmon there, or meet the angler: a tourist costs the whole hand and the
next turn, a local takes one of your salmon), places tourists and locals, sends the eagle
for a salmon or an angler, or lets the bear roar every angler away; after every catch the
other seats may play a bear to eat the fresh catch. A player keeps at most one card and
refills to four. When the deck runs out, every seat plays one final turn with all its cards.
Most salmon wins; ties share the win or fish playoffs (option).

Notes on this implementation (the spec's decisions D1-D27 apply; these are the engine's own):
- Move codes are relative to the state (hand indexes, rules.py docstring); texts name cards.
- The fallen currents are revealed with the salmon (one `fell` event) and wait with them
  until the last salmon is placed, so the active hand never holds a natural card once its
  turn has begun (the view and the leak test rely on it).
- A turn with an empty hand (after a tourist penalty, or in the final round) passes with no
  move: it is an `empty_turn` event inside the move that ended the previous turn.
- A hand emptied by falling cards still ends its play phase with `end` (§4 step 3).
- Score: winners are the current leaders before the end; with playoffs the rank key is (last
  playoff played, salmon in it), so the playoff winner ranks first, then the other playoff
  participants, then the rest by main-game salmon (§10). The tiebreak reason is `playoff`
  whenever a playoff was played, even if three playoffs still left a shared win.
- The deal events of a new game are rebuilt from the state (setup_events): the start seat's
  turn has already begun, so its dealt hand is its hand plus the cards that fell.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterator, Mapping

from ..core.cards import rigged_order
from ..core.errors import BadOption, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores
from ..core.options import load_specs
from ..core.reasons import rule_reasons
from . import moves, rules, validate, view
from . import offsets as O
from .deck import CARD_IDS, CARD_INDEX, RIVER_IDS
from .state import FIRST_TOURIST, NONE

DATA = Path(__file__).resolve().parent / "data"
VERSION = "1.0"
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


class AlaskaGame(Game):
    """The Alaska rule set."""

    info = GameInfo(id="alaska", title="Alaska", min_seats=2, max_seats=4, version=VERSION,
                    options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = rules.REASONS
    hot_rules = rules
    state_size, players_at = O.SIZE, O.PLAYERS
    kernel = rules.KERNEL

    # -- setup (§2) ----------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        order = b""
        if deck is not None:
            for card in deck:
                if card in RIVER_IDS:
                    raise BadOption("bad_deck", f"deck: {card!r} is a river card: it is laid out, never dealt",
                                    option="deck", card=card)
            order = bytes(CARD_INDEX[c] for c in rigged_order(deck, CARD_IDS, full=whole_deck))
        return rules.new_state(players, int(values["start_seat"]), int(values["lucky_dice"] == "true"),
                               int(values["tie_rule"] == "playoff"), int(values["bear_window"] == "holders_only"),
                               seed, order)

    def setup_events(self, state: bytearray) -> list[Event]:
        return view.setup_events(state)

    # -- moves ---------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return rules.to_act(state)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        is_code = type(move) is int and 0 <= move < rules.CONST.N_CODES  # not bool: True is no move code
        reason = rules.check(state, move if is_code else -1)
        if reason:
            self.unlisted(state, move, reason)
        return moves.info(state, move)

    def read_move(self, text: str) -> moves.Parsed:
        return moves.read_move(text)

    def find_move(self, state: bytearray, seat: int, parsed: moves.Parsed, text: str) -> int:
        return moves.find_move(self, state, seat, parsed, text)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        return moves.move_text(kind, args)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The deck and the other hands; then the active seat's hand, known to hold no natural card (they
        fell), with the non-natural cards among those (read after the first group's re-deal)."""
        active = state[O.ACTIVE_SEAT]
        places = list(range(O.DECK + state[O.DECK_TOP], O.DECK + state[O.DECK_END]))
        for other in range(state[O.PLAYERS]):
            if other != seat and other != active:
                places += self._hand_places(state, other)
        yield places
        if active != seat and active != NONE:
            yield self._hand_places(state, active) + [p for p in places if state[p] >= FIRST_TOURIST]

    @staticmethod
    def _hand_places(state: bytearray, seat: int) -> list[int]:
        p = O.SEATS + seat * O.SEAT_SIZE
        return [p + O.SEAT_HAND + i for i in range(state[p + O.SEAT_HAND_COUNT])]

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        return [view.event(e, state) for e in raw]

    # -- score and view ------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        return view.score(state)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view.view(self, state, seat)

    def validate(self, state: bytearray) -> None:
        if not isinstance(state, bytearray):
            raise BadState("bad_state", f"an alaska state is a bytearray, got {type(state).__name__}")
        found = validate.problem(state)
        if found:
            raise BadState("bad_state", f"not a valid alaska state: {found}")


ALASKA = AlaskaGame()
