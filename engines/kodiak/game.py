"""Kodiak (game id `kodiak`), spec `shared/rules/kodiak.md` (rules version 1.0).

Rules in brief: 2-6 players; each round one seat is Kodiak (the cat), the others are
mice, and each has three face-down table cards (everyone sees its own slot 0 once).
On a turn the engine draws the top card for the active seat, which must exchange it
into one of its slots; the old card goes face up onto the discard pile (a hairball
goes beside the table instead: +5 at the end) and, if it is an action card, its
action is played (look at an own card; turn a mouse card face up; swap two cards of
two seats, Kodiak choosing his own card when a mouse swaps with him; red king: two
different ones of those; blue king: turn a card of another seat face up). Then the
hunt window: mice escape by throwing cards with the discard's rune (one mouse at a
time; a wrong throw is shown to all and costs a penalty card), Kodiak pounces with a
paw of the same rune (or a hairball, his joker) on a mouse card (-5 per catch; a miss
is shown and costs him a penalty card), and once an escape is finished Kodiak may
counter it with a paw of the window's rune (one catch; the mouse draws back what it
threw). A seat without cards, or an empty deck at a turn's draw, ends the round: table
points (+5 per hairball beside, Kodiak -5 per catch) are added to the totals. Kodiak
passes left; after players x cycles rounds the lowest total wins.

Notes on this implementation (the spec's decisions D1-D27 apply; these are the engine's own):
- Move codes index the ordered list of the state's legal moves (rules.py says the
  order): `legal_moves` is always `[0 .. count-1]`, a slice of a prebuilt list.
- `parse_move` finds the move in that list; only when it is not there does `moves.why_not`
  read the rules to say why, so the list is the one source of legality.
- Slots of a seat are numbered for the round (penalty cards get the next number); the
  table is re-dealt at once after a round (the `round_end` event carries the revealed
  table); when the game is over the last table stays and every view shows it.
- In the escaping phase the escapee ends with `done` (no `pass`); at the counter Kodiak
  answers `counter` or `pass`; the window's other seats wait (D17).
- Score mid-round marks `contains_hidden` = 1 in each seat's breakdown (§8.4).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Mapping

from ..core.cards import rigged_order
from ..core.errors import BadState
from ..core.game import Game, GameInfo, MoveInfo
from ..core.options import load_specs
from . import moves, rules, validate, view
from . import offsets as O
from .state import CARDS, DATA, DECK_SIZE, EVENTS, MEMORY, NONE, SHOWN, SLOT_CAP

VERSION = "1.0"


class KodiakGame(Game):
    """The Kodiak rule set."""

    info = GameInfo(id="kodiak", title="Kodiak", min_seats=2, max_seats=6, version=VERSION,
                    options=load_specs(DATA / "options.toml"))
    reasons = moves.REASONS
    hot_rules = rules  # legal_moves, is_finished, move_count and apply_code (engines/core/game.py)
    state_size, players_at = O.SIZE, O.PLAYERS
    kernel = rules.KERNEL

    # -- setup -------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """A new game (§2): option values are checked by the kit; `deck` rigs round 1 (§2.2, D27)."""
        order = b""
        if deck is not None:
            order = bytes(CARDS.index[c] for c in rigged_order(deck, CARDS.ids, full=whole_deck))
        return rules.new_state(players, int(values["first_kodiak"]), int(values["cycles"]),
                               MEMORY.index(values["memory_aid"]), int(values["blue_king_kodiak"] == "true"),
                               seed, order)

    def setup_events(self, state: bytearray) -> list:
        """The events of the current round's deal (for a new game: what NewGame shows) and the first draw."""
        top = [state[O.SLOTS + s * SLOT_CAP] for s in range(state[O.PLAYERS])]
        deck = DECK_SIZE - state[O.DECK_TOP] + (state[O.HELD] != NONE)
        raw = [(EVENTS.index("deal"), state[O.ROUND], state[O.KODIAK], top, deck)]
        if state[O.HELD] != NONE:
            raw.append((EVENTS.index("drew"), state[O.ACTIVE], state[O.HELD]))
        return self.name_events(raw, state)

    # -- moves -------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return rules.to_act(state)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        if type(move) is not int or not 0 <= move < len(rules.legal_moves(state)):
            self.unlisted(state, move)
        return MoveInfo(*_parts(rules.decode(state, move)))

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in list order (the moves decoded in one compiled pass)."""
        return [MoveInfo(*_parts(packed)) for packed in rules.all_moves(state)]

    def read_move(self, text: str) -> tuple:
        return moves.read(text)

    def find_move(self, state: bytearray, seat: int, parsed: tuple, text: str) -> int:
        kind = parsed[0]
        wanted = moves.canonical((kind, seat, *parsed[1:]))
        code = rules.index_of(state, *wanted)
        if code >= 0:
            return code
        code, detail = moves.why_not(state, seat, parsed, lambda card: CARDS.action[card])
        self.refuse(code, text, seat, detail)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        return moves.from_typed(kind, args)

    def name_events(self, raw: list, state: bytearray) -> list:
        return view.events(raw, state[O.PLAYERS])

    # -- hidden information ------------------------------------------------------
    unseen_marks = O.KNOWS  # each place keeps its public marks (who knows the card there)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The cards `seat` has not seen, one group: the deck, others' held card, face-down cards it does
        not know (a spectator knows what the whole table was shown)."""
        places = [O.DECK + i for i in range(state[O.DECK_TOP], DECK_SIZE)]
        if state[O.HELD] != NONE and state[O.ACTIVE] != seat:
            places.append(O.HELD)
        for s in range(state[O.PLAYERS]):
            for k in range(state[O.SLOTS_USED + s]):
                card = state[O.SLOTS + s * SLOT_CAP + k]
                mask = state[O.KNOWS + card] if card != NONE else 0
                known = mask & SHOWN if seat is None else (mask >> seat) & 1
                if card != NONE and not state[O.FACE_UP + card] and not known:
                    places.append(O.SLOTS + s * SLOT_CAP + k)
        yield places

    # -- score and view ----------------------------------------------------------
    def score(self, state: bytearray):
        return view.score(state)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view.view(state, seat, rules.to_act(state))

    def validate(self, state: bytearray) -> None:
        if not isinstance(state, bytearray):
            raise BadState("bad_state", f"a kodiak state is a bytearray, got {type(state).__name__}")
        problem = validate.problem(state)
        if problem:
            raise BadState("bad_state", f"not a valid kodiak state: {problem}")


@lru_cache(maxsize=1 << 16)
def _parts(packed: int) -> tuple:
    """(seat, kind, args, text) of a packed move: a cache of pure functions of the move (not game state),
    as LegalMoves describes dozens of moves per call and the same moves recur from state to state."""
    move = rules.unpack(packed)
    return move[1], moves.KINDS[move[0]], moves.args(move), moves.text(move)


KODIAK = KodiakGame()
