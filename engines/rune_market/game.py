"""Rune Market (Markt der Runen, game id `rune_market`), spec `shared/rules/rune_market.md` (rules 1.0).

Rules in brief: 2-5 players collect red and blue runes (1 point each) from a market
of 12 red and 12 blue runes, 4 outposts (2 points) and 4 collectors (-1 for the seat
whose storage one occupies), holding three hand cards from a 44-card deck (number
cards 1-10, thieves, red and blue main storages). A turn: collectors on the active
seat's stores take a rune each (an empty occupied store is abandoned), then interest
(1 rune per storage with a rune, 2 with an attached outpost; the seat may decline),
then the market (one purchase of an outpost or collector with runes of one colour,
removing a collector with 3 runes or an owned outpost, abandoning a main storage,
storing loose runes), then at least one hand card (a rune for number cards summing
to 5, 10 or 15; an outpost, collector or ransom for 21 or more; a duel the defender
must answer with an equal or higher card if it has one; a thief; a main storage, or
its use as a double theft), then the refill to three. The game ends the moment the
market has no rune left; most rune points wins, ties broken by outposts, collectors,
the highest number card, then shared or by lot.

Notes on this implementation (the spec's decisions D1-D28 apply; these are the engine's own):
- Move codes are independent of hand positions (rules.py says how they are packed), so
  one code means one move in every state; legality has one source, the generators.
- Every set of number cards that pays is its own move (`rune`, `buycards`, `ransom`),
  as every token split is (`buy Lr Sr ...`): no hidden defaults (D27).
- A duel's attack card leaves the hand when the duel opens and lies in the view's
  `attack` until the defence; the defender is the only seat to act in that window.
- Hands are kept in standard order, the order a random theft indexes (D12); a stolen
  card is known to thief and victim, a defence card to everyone, until it leaves the hand.
- Score mid-game marks `contains_hidden` = 1 in each seat's breakdown when step III
  (hidden hands) decided the lead, as Cambio does.
"""
from __future__ import annotations

from typing import Iterator, Mapping

from ..core.cards import rigged_order
from ..core.errors import BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores
from ..core.options import load_specs
from ..core.reasons import rule_reasons
from . import check, moves, rules, view
from . import constants as K
from . import offsets as O
from .cards import CARD_IDS, CARD_INDEX, DATA, MARKET, PRICES, card_id
from .table import Table

VERSION = "1.0"
NONE = K.NONE
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


class RuneMarketGame(Game):
    """The Rune Market rule set."""

    info = GameInfo(id="rune_market", title="Markt der Runen (Rune Market)", min_seats=2, max_seats=5,
                    version=VERSION, options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = K.REASONS
    hot_rules = rules
    kernel = rules.KERNEL

    # -- setup -------------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """Set up a game (§2.1); `deck` rigs the deal (§2.3)."""
        order = b""
        if deck is not None:
            order = bytes(CARD_INDEX[c] for c in rigged_order(deck, CARD_IDS, full=whole_deck))
        return rules.new_state(players, int(values["start_seat"]), int(values["storage_protects"] == "true"),
                               int(values["tiebreak_iv"] == "lot"), int(values["max_rounds"]), PRICES[players],
                               MARKET, seed, order)

    def seat_count(self, state: bytearray) -> int:
        if len(state) != O.SIZE:  # a shorter one would answer with a byte of something else
            raise ValueError(f"not a rune_market state: {len(state)} bytes, expected {O.SIZE}")
        return state[O.PLAYERS]

    def setup_events(self, state: bytearray) -> list[Event]:
        """The deal: per seat, the counts (public) and its cards (that seat only)."""
        t = Table(state)
        return [Event("dealt", {"seat": s, "hand_count": len(t.hand(s)), "deck_count": len(t.deck)},
                      {"cards": [card_id(c) for c in t.hand(s)]}, (s,)) for s in range(t.players)]

    # -- moves -------------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        seat = rules.mover(state)
        return [] if seat == NONE else [seat]

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        kind = rules.split_code(move)[0]
        if rules.is_finished(state) or kind < 0 or move not in rules.legal_of_kind(state, kind):
            self.unlisted(state, move)
        return self._info(state, move)

    @staticmethod
    def _info(state: bytearray, move: int) -> MoveInfo:
        name, args, text = moves.describe(move, state[O.PRICE])
        return MoveInfo(rules.mover(state), name, args, text)

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in the order of legal_moves (one pass)."""
        return [self._info(state, code) for code in rules.legal_moves(state)]

    def read_move(self, text: str) -> tuple[int, dict]:
        return moves.read(text)

    def find_move(self, state: bytearray, seat: int, parsed: tuple[int, dict], text: str) -> int:
        kind, fields = parsed
        code = moves.code_of(kind, fields, state[O.PRICE])
        if code is not None and seat == rules.mover(state) and code in rules.legal_of_kind(state, kind):
            return code
        reason, detail = moves.refusal(Table(state), seat, kind, fields)
        self.refuse(reason, text, seat, detail)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        return moves.text_of(kind, args)

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        return [view.event(e, state) for e in raw]

    # -- score, view, state --------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        return view.score(state)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view.view(state, seat)

    def validate(self, state: bytearray) -> None:
        problem = check.validate(state, MARKET, PRICES)
        if problem:
            raise BadState("bad_state", f"not a valid rune_market state: {problem}")

    unseen_marks = O.KNOWN  # a place keeps its knowledge mark (who knows the card there)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The cards `seat` cannot know, one group: the deck and others' unknown hand cards."""
        places = list(range(O.DECK + state[O.DECK_TOP], O.DECK + state[O.DECK_END]))
        for other in range(state[O.PLAYERS]):
            if other != seat:
                p = O.SEATS + other * O.SEAT_SIZE
                places += [p + O.SEAT_HAND + i for i in range(state[p + O.SEAT_HAND_COUNT])
                           if not view.knows(state, seat, state[p + O.SEAT_HAND + i])]
        yield places

    def tidied(self, state: bytearray) -> None:
        """Hands in standard order, as the rules keep them."""
        for other in range(state[O.PLAYERS]):
            p = O.SEATS + other * O.SEAT_SIZE + O.SEAT_HAND
            n = state[O.SEATS + other * O.SEAT_SIZE + O.SEAT_HAND_COUNT]
            state[p:p + n] = bytes(sorted(state[p:p + n]))


RUNE_MARKET = RuneMarketGame()
