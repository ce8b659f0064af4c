"""Toy's Game: binds the compiled kernel and presents the state in plain Python (deal, moves as text, view,
score, what a seat cannot see)."""
from __future__ import annotations

from typing import Iterator, Mapping

from engines.core.errors import BadOption, BadState
from engines.core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore

from . import offsets as O
from . import rules, validate
from .declarations import CARD_IDS, DRAW, EVENTS, KINDS, NOTATION, PASS, PLAY, REASON_CODES, REASONS, card_id
from .state import STATE

CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}


def _at(seat: int) -> int:
    return O.HANDS + seat * O.HAND_SIZE


def _hand(state: bytearray, seat: int) -> list[int]:
    """A seat's cards, in the order taken."""
    at = _at(seat)
    return list(state[at + O.HAND_CARDS:at + O.HAND_CARDS + state[at + O.HAND_COUNT]])


class ToyGame(Game):
    """The Toy rule set (tests/toy/toy/__init__.py)."""

    info = GameInfo(id="toy", title="Toy", min_seats=2, max_seats=O.SEATS_MAX, version="1.0", options=())
    reasons = REASONS
    reason_codes = REASON_CODES
    hot_rules = rules
    kernel = rules.KERNEL
    layout = STATE
    state_size, players_at = O.SIZE, O.PLAYERS

    # -- setup -------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """Deal 3 cards each and one face up; `deck` (top first) rigs the deal."""
        order = b""
        if deck is not None:
            if sorted(deck) != sorted(CARD_IDS):
                raise BadOption("bad_deck", f"deck: must list each of {', '.join(CARD_IDS)} once", option="deck")
            order = bytes(CARD_INDEX[c] for c in reversed(deck))  # the deck's top is its last cell
        return rules.new_state(players, seed, order)

    def setup_events(self, state: bytearray) -> list[Event]:
        """The card that starts the pile (face up), then each seat's hand for that seat only."""
        return [Event("started", {"top": card_id(self._top(state))})] + [
            Event("dealt", {"seat": s}, {"cards": [card_id(c) for c in _hand(state, s)]}, (s,))
            for s in range(state[O.PLAYERS])]

    @staticmethod
    def _top(state: bytearray) -> int:
        return state[O.PILE + state[O.PILE_N] - 1]

    # -- moves -------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return [] if rules.is_finished(state) else [state[O.ACTIVE]]

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        if move not in rules.legal_moves(state):
            self.unlisted(state, move)
        kind = "play" if move < DRAW else KINDS[move - DRAW + 1]
        args = {"card": card_id(move - PLAY)} if kind == "play" else {}
        return MoveInfo(state[O.ACTIVE], kind, args, NOTATION.write(kind, args))

    def read_move(self, text: str) -> int:
        """The move code of a text move (codes do not depend on the state)."""
        kind, args = NOTATION.read(text)
        return PLAY + CARD_INDEX[args["card"]] if kind == "play" else DRAW if kind == "draw" else PASS

    def find_move(self, state: bytearray, seat: int, parsed: int, text: str) -> int:
        if seat != state[O.ACTIVE]:
            self.refuse("not_your_turn", text, seat, f"not your turn (seat {state[O.ACTIVE]} is to act)")
        if parsed not in rules.legal_moves(state):
            reason = rules.apply_code(bytearray(state), parsed)  # on a copy: only its reason is wanted
            self.refuse(REASON_CODES[reason], text, seat)
        return parsed

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        """`play <card>`, `draw` or `pass` from a typed move."""
        return NOTATION.write(kind, args)

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        return [Event("game_end", {"winners": list(self.score(state).winners)}) if e[0] == O.EV_GAME_END
                else EVENTS.name(e) for e in raw]

    # -- score and view ------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """Fewest cards left wins (ties share the win)."""
        left = [state[_at(s) + O.HAND_COUNT] for s in range(state[O.PLAYERS])]
        seats = tuple(SeatScore(s, -n, -n, 1 + sum(m < n for m in left), {"cards_left": n})
                      for s, n in enumerate(left))
        return Scores(seats, rules.is_finished(state), tuple(s for s, n in enumerate(left) if n == min(left)), "")

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return {"active_seat": state[O.ACTIVE], "deck_count": state[O.DECK_N], "pile_count": state[O.PILE_N],
                "top": card_id(self._top(state)), "finished": rules.is_finished(state),
                "seats": [{"seat": s, "hand_count": state[_at(s) + O.HAND_COUNT],
                           "hand": [card_id(c) for c in sorted(_hand(state, s))] if s == seat else None}
                          for s in range(state[O.PLAYERS])]}

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The deck and the other hands, one group (the pile was played face up)."""
        places = list(range(O.DECK, O.DECK + state[O.DECK_N]))
        for s in range(state[O.PLAYERS]):
            if s != seat:
                places += range(_at(s) + O.HAND_CARDS, _at(s) + O.HAND_CARDS + state[_at(s) + O.HAND_COUNT])
        yield places

    def validate(self, state: bytearray) -> None:
        problem = validate.validate(state)
        if problem:
            raise BadState("bad_state", f"bad state: {problem}")


TOY = ToyGame()
