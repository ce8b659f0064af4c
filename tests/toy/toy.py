"""Toy: a test-only card game, registered with TABLETOP_EXTRA_GAMES="tests.toy.toy:TOY".

Rules in brief: 12 cards (suits A, B, C; ranks 1-4), 2-3 seats, 3 cards each, one card
face up starts the pile. In turn, a seat plays a card of the top card's suit or rank
(`play B3`), or draws the deck's top card (`draw`; an empty deck is rebuilt from the pile
under its top card, shuffled), or passes when nothing is left to draw. The game ends when
a hand is empty or after 60 moves; fewest cards left wins (ties share the win).

It exists to prove that a game added outside `engines/` gets the registry-driven suites
(playouts, fuzzing, views, golden, perft, RNG pin) and the service for free. Pure
Python, no proto: it plays over the API with text moves and a generic view.
"""
from __future__ import annotations

from engines.core import rng
from engines.core.errors import BadMoveText, BadOption, BadState
from engines.core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore

CARDS = tuple(f"{suit}{rank}" for suit in "ABC" for rank in range(1, 5))
N, HAND, MAX_MOVES = len(CARDS), 3, 60
DRAW, PASS = N, N + 1  # move codes: 0..11 play that card
# layout: players, active, moves (2 bytes), deck count, pile count, generator (8), deck, pile, hands
PLAYERS, ACTIVE, MOVES, DECK_N, PILE_N, RNG, DECK = 0, 1, 2, 4, 5, 6, 14
PILE = DECK + N
HANDS = PILE + N  # per seat: count, then N slots
SIZE = HANDS + 3 * (1 + N)


def hand_at(seat: int) -> int:
    return HANDS + seat * (1 + N)


def hand(state, seat: int) -> list[int]:
    at = hand_at(seat)
    return list(state[at + 1:at + 1 + state[at]])


class Toy(Game):
    info = GameInfo(id="toy", title="Toy", min_seats=2, max_seats=3, version="1.0", options=())
    state_size, players_at = SIZE, PLAYERS  # the core's seat_count and check_size

    # -- setup and moves ----------------------------------------------------------
    def setup(self, players, values, seed, deck, whole_deck) -> bytearray:
        state = bytearray(SIZE)
        state[PLAYERS], state[DECK_N] = players, N
        rng.seed_into(state, RNG, seed)
        if deck:
            if sorted(deck) != sorted(CARDS):
                raise BadOption("bad_deck", f"deck: must list each of {', '.join(CARDS)} once", option="deck")
            state[DECK:DECK + N] = bytes(CARDS.index(c) for c in reversed(deck))  # top = last
        else:
            state[DECK:DECK + N] = bytes(range(N))
            rng.shuffle(state, RNG, DECK, N)
        for seat in range(players):
            for _ in range(HAND):
                self._give(state, seat, self._take(state))
        state[PILE], state[PILE_N] = self._take(state), 1
        return state

    def legal_moves(self, state) -> list[int]:
        if self.is_finished(state):
            return []
        top = state[PILE + state[PILE_N] - 1]
        plays = sorted(c for c in hand(state, state[ACTIVE]) if c // 4 == top // 4 or c % 4 == top % 4)
        return plays + [DRAW if state[DECK_N] + state[PILE_N] > 1 else PASS]

    def apply_in_place(self, state, move, events=None) -> None:
        seat = state[ACTIVE]
        if move not in self.legal_moves(state):
            self.refuse("game_over" if self.is_finished(state) else "not_legal", move, seat)
        out = [] if events is None else events
        if move == DRAW:
            if state[DECK_N] == 0:
                self._rebuild(state, out)
            card = self._take(state)
            self._give(state, seat, card)
            out.append(Event("drew", {"seat": seat}, {"card": CARDS[card]}, (seat,)))
        elif move == PASS:
            out.append(Event("passed", {"seat": seat}))
        else:
            at = hand_at(seat)
            cards = hand(state, seat)
            cards.remove(move)
            state[at] = len(cards)
            state[at + 1:at + 1 + N] = bytes(cards) + bytes(N - len(cards))
            state[PILE + state[PILE_N]] = move
            state[PILE_N] += 1
            out.append(Event("played", {"seat": seat, "card": CARDS[move]}))
        count = self.move_count(state) + 1
        state[MOVES], state[MOVES + 1] = count & 0xFF, count >> 8
        state[ACTIVE] = (seat + 1) % state[PLAYERS]
        if self.is_finished(state):
            out.append(Event("game_end", {"winners": list(self.score(state).winners)}))

    def _take(self, state) -> int:
        state[DECK_N] -= 1
        return state[DECK + state[DECK_N]]

    @staticmethod
    def _give(state, seat: int, card: int) -> None:
        at = hand_at(seat)
        state[at + 1 + state[at]] = card
        state[at] += 1

    @staticmethod
    def _rebuild(state, events: list) -> None:
        """The pile under its top card becomes the deck, shuffled."""
        n = state[PILE_N] - 1
        state[DECK:DECK + n] = state[PILE:PILE + n]
        state[PILE] = state[PILE + n]
        state[PILE + 1:PILE + N] = bytes(N - 1)
        state[DECK_N], state[PILE_N] = n, 1
        rng.shuffle(state, RNG, DECK, n)
        events.append(Event("reshuffled", {"deck_count": n}))

    def move_info(self, state, move) -> MoveInfo:
        if move not in self.legal_moves(state):
            self.refuse("not_legal", move)
        if move in (DRAW, PASS):
            kind = "draw" if move == DRAW else "pass"
            return MoveInfo(state[ACTIVE], kind, {}, kind)
        return MoveInfo(state[ACTIVE], "play", {"card": CARDS[move]}, f"play {CARDS[move]}")

    def read_move(self, text: str):
        words = text.split()
        if words in (["draw"], ["pass"]):
            return DRAW if words == ["draw"] else PASS
        if len(words) == 2 and words[0] == "play":
            if words[1] not in CARDS:
                raise BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: no card {words[1][:8]!r}")
            return CARDS.index(words[1])
        raise BadMoveText("unknown_move", f"bad move text {text[:40]!r}: moves are `play <card>`, `draw`, `pass`")

    def find_move(self, state, seat, parsed, text) -> int:
        if seat != state[ACTIVE]:
            self.refuse("not_your_turn", text, seat, f"not your turn (seat {state[ACTIVE]} is to act)")
        if parsed not in self.legal_moves(state):
            self.refuse("not_legal", text, seat)
        return parsed

    def move_text(self, kind, args) -> str:
        if kind == "play":
            return f"play {args.get('card', '')}"
        return str(kind)

    # -- reading the state ---------------------------------------------------------
    def to_act(self, state) -> list[int]:
        return [] if self.is_finished(state) else [state[ACTIVE]]

    def is_finished(self, state) -> bool:
        return self.move_count(state) >= MAX_MOVES or any(
            state[hand_at(s)] == 0 for s in range(state[PLAYERS]))

    def move_count(self, state) -> int:
        self.check_size(state)  # (legal_moves, to_act and is_finished read the state through here first)
        return state[MOVES] | state[MOVES + 1] << 8

    def score(self, state) -> Scores:
        left = [state[hand_at(s)] for s in range(state[PLAYERS])]
        seats = tuple(SeatScore(s, -n, -n, 1 + sum(m < n for m in left), {"cards_left": n})
                      for s, n in enumerate(left))
        return Scores(seats, self.is_finished(state), tuple(s for s, n in enumerate(left) if n == min(left)), "")

    def seat_view(self, state, seat) -> dict:
        return {"active_seat": state[ACTIVE], "deck_count": state[DECK_N], "pile_count": state[PILE_N],
                "top": CARDS[state[PILE + state[PILE_N] - 1]], "finished": self.is_finished(state),
                "seats": [{"seat": s, "hand_count": state[hand_at(s)],
                           "hand": [CARDS[c] for c in sorted(hand(state, s))] if s == seat else None}
                          for s in range(state[PLAYERS])]}

    def setup_events(self, state) -> list[Event]:
        """The card that starts the pile (face up), then each seat's hand for that seat only."""
        return [Event("started", {"top": CARDS[state[PILE + state[PILE_N] - 1]]})] + [
            Event("dealt", {"seat": s}, {"cards": [CARDS[c] for c in hand(state, s)]}, (s,))
            for s in range(state[PLAYERS])]

    def unseen(self, state, seat):
        """The deck and the other hands, one group (the pile was played face up)."""
        places = list(range(DECK, DECK + state[DECK_N]))
        for s in range(state[PLAYERS]):
            if s != seat:
                places += range(hand_at(s) + 1, hand_at(s) + 1 + state[hand_at(s)])
        yield places

    def validate(self, state) -> None:
        def bad(why: str):
            raise BadState("bad_state", f"bad state: {why}")
        if len(state) != SIZE:
            bad(f"{len(state)} bytes, not {SIZE}")
        players = state[PLAYERS]
        if not 2 <= players <= 3 or state[ACTIVE] >= players or self.move_count(state) > MAX_MOVES:
            bad("players, active seat or move count out of range")
        if state[DECK_N] > N or not 1 <= state[PILE_N] <= N or any(state[hand_at(s)] > N for s in range(3)):
            bad("a count is out of range")
        cards = list(state[DECK:DECK + state[DECK_N]]) + list(state[PILE:PILE + state[PILE_N]])
        for s in range(players):
            cards += hand(state, s)
        if sorted(cards) != list(range(N)):
            bad("the cards are not each card once")


TOY = Toy()
