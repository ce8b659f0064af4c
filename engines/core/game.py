"""The contract every game implements (see shared/design/ENGINE_MODEL.md).

A state is a `bytearray`: the game's complete state (deck order, hands, the RNG)
in a fixed layout that the compiled rules read directly. A move is a small
non-negative integer code that is meaningful only against the state it was
listed for (small ints are shared objects in CPython, so listing them allocates
nothing); `format_move` gives its stable text form and `parse_move` reads text back.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Callable, Iterator, Mapping, Sequence

from . import codec, compact, kernel as kernels, redeal
from . import options as opts
from .cards import split_list
from .errors import BadMoveText, BadOption, IllegalMove
from .layout import Layout
from .options import OptionSpec
from .reasons import Reason
from .reasons import find as find_reason

State = bytearray


@dataclass(frozen=True)
class GameInfo:
    """What ListGames reports for a game."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    version: str
    options: tuple[OptionSpec, ...]


# MoveInfo and Event are made on every move: plain slotted dataclasses build ~3x faster than
# frozen ones (which set each field through object.__setattr__). Treat them as read-only: the service keeps
# its wire forms by their text (a MoveInfo) or identity (an Event), so an engine may keep and hand out the
# same objects again.
@dataclass(slots=True)
class MoveInfo:
    """A move spelled out: who makes it, its kind, its typed arguments and its text form."""

    seat: int
    kind: str
    args: Mapping[str, object]
    text: str


@dataclass(slots=True)
class Event:
    """Something a move caused; `private` is visible only to the seats in `private_to`."""

    kind: str
    public: Mapping[str, object]
    private: Mapping[str, object] = field(default_factory=dict)
    private_to: tuple[int, ...] = ()

    def seen_by(self, seat: int | None) -> Event:
        """The event as `seat` may see it (None = spectator): private part only for its seats."""
        if seat is not None and seat in self.private_to:
            return self
        return Event(self.kind, self.public, {}, self.private_to)


@dataclass(frozen=True)
class SeatScore:
    """One seat's score: this round, running total, rank (1 = best) and the categories."""

    seat: int
    round: int
    total: int
    rank: int
    breakdown: Mapping[str, int]


@dataclass(frozen=True)
class Scores:
    """Score of a position; `finished` says whether it is final, `leaders` who would win now."""

    seats: tuple[SeatScore, ...]
    finished: bool
    leaders: tuple[int, ...]  # the seats that would win if the game ended now; the winners once finished
    tiebreak: str  # "" when the top score alone decided, else the deciding rule
    teams: tuple[tuple[int, ...], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won: the leaders once the game is finished, none before (a result is final)."""
        return self.leaders if self.finished else ()


class Game(ABC):
    """Base class for a rule set: the checks every game needs live here, a game adds only its rules.

    A game implements `setup` (called by `new` after the shared checks), `read_move` and
    `find_move` (called by `parse_move` around the shared seat and game-over checks), and
    the abstract methods below: every one is required, so a game missing one cannot be made (TypeError
    naming it), and `legal_moves`, `is_finished` and `move_count` come from its compiled rules or its class.
    Refusals go through `refuse`, so every game words them alike.
    """

    info: GameInfo
    reasons: Mapping[str, Reason] = {}  # the game's own rule reasons (engines.core.reasons.rule_reasons)
    # A compiled rules module whose functions of these names ARE the game's entry points: bound on the
    # instance, a call costs no Python frame of ours (the service calls them on every request). Its
    # kernel's apply is bound the same way, as apply_in_place (below).
    hot_rules = None
    HOT_ENTRY_POINTS = ("legal_moves", "is_finished", "move_count")
    # The compiled rules' kernel capsule (engines/core/kernel.py `export`): whole random playouts in C, and
    # with its `apply` every move of Game.apply_in_place. None in the interpreted twin, whose playouts run
    # through the methods below and whose moves through the rules' `apply_code`.
    kernel = None
    # The names of the reason numbers the rules' apply returns (index 0: applied), for `unlisted`.
    reason_codes: tuple[str, ...] = ("ok",)
    # The state's layout (engines/core/layout.py): one that declares live cells makes the encoded body
    # compact (codec 2), one that declares bits packs it too (codec 3). Without either, the body is the
    # whole state (codec 1).
    layout: Layout | None = None

    def __init__(self) -> None:
        rules = self.hot_rules
        for name in self.HOT_ENTRY_POINTS:
            if rules is not None:
                setattr(self, name, getattr(rules, name))
            elif getattr(type(self), name) is getattr(Game, name):
                raise TypeError(f"{type(self).__name__} must define {name} or bind hot_rules that do")
        if kernels.applies(self.kernel):
            self.apply_in_place = partial(kernels.apply_in_place, self, self.kernel)

    @cached_property  # the service reads it ~3 times a call: an attribute then, not a property's frame
    def id(self) -> str:
        return self.info.id

    # -- shared checks ------------------------------------------------------------
    def new(self, players: int, options: Mapping[str, object] | None = None, seed: int = 0,
            deck: Sequence[str] | None = None) -> State:
        """A new game: `deck` (card ids, top first, a whole permutation of the deck) fixes the deal.

        The seat count, seed and options are checked here for every game; option `deck`
        (a partial order: unlisted cards follow in standard order) is the other way to rig.
        """
        info = self.info
        if not isinstance(players, int) or isinstance(players, bool) or \
                not info.min_seats <= players <= info.max_seats:
            raise BadOption("bad_seat_count", f"seats: {info.id} is played by {info.min_seats}-{info.max_seats} "
                            f"players, not {opts.shown(players)}", option="seats")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
            raise BadOption("bad_seed", f"seed: must be an integer in 0..2**64-1, got {opts.shown(seed)}",
                            option="seed")
        values = opts.resolve(info.options, options, players)
        listed = split_list(values.get("deck", ""))
        if deck is not None and listed:
            raise BadOption("deck_given_twice", "deck: give the deck either as the deck argument or as option "
                            "deck, not both", option="deck")
        if deck is not None and (isinstance(deck, (str, bytes)) or not all(isinstance(c, str) for c in deck)):
            raise BadOption("bad_deck", "deck: must be a list of card ids", option="deck")
        return self.setup(players, values, seed, list(deck) if deck is not None else (listed or None),
                          deck is not None)

    def parse_move(self, state: State, seat: int, text: str) -> int:
        """The move code for `text` played by `seat`; BadMoveText or IllegalMove says what is wrong."""
        # The seat first, then the text: the same mistake gets the same refusal in every game, whichever
        # words its grammar knows.
        players = self.seat_count(state)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise IllegalMove("no_such_seat", f"illegal move {opts.shown(text)}: seat {opts.shown(seat)} is "
                              f"not at this table (seats 0..{players - 1})",
                              move=text[:opts.SHOWN] if isinstance(text, str) else None)
        if not isinstance(text, str):
            raise BadMoveText("bad_move_text", f"bad move text: must be a string, got {type(text).__name__}")
        parsed = self.read_move(text)
        if self.is_finished(state):
            self.refuse("game_over", text, seat)
        return self.find_move(state, seat, parsed, text)

    def refuse(self, code: str, move: object, seat: int | None = None, detail: str | None = None):
        """Raise IllegalMove `code` for `move` (its text, or a move code): `illegal move ... by seat n: why`."""
        reason = find_reason(code, self.reasons)
        why = detail or (reason.meaning if reason is not None else code.replace("_", " "))
        what = opts.shown(move) if isinstance(move, str) else f"code {opts.shown(move)}"
        by = f" by seat {seat}" if seat is not None else ""
        raise IllegalMove(code, f"illegal move {what}{by}: {why}",
                          move=str(move)[:opts.SHOWN] if move is not None else None)

    # -- to implement -------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> State:
        """Deal a game from checked option values; `deck` rigs it (`whole_deck`: a whole permutation)."""

    @abstractmethod
    def read_move(self, text: str) -> object:
        """The syntax of a text move, game-shaped; BadMoveText (or `unknown_move`) names what cannot be read."""

    @abstractmethod
    def find_move(self, state: State, seat: int, parsed: object, text: str) -> int:
        """The legal move code of a read move by a seat at this table, or IllegalMove saying why not."""

    @abstractmethod
    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        """The text form of a typed move (MoveInfo's kind and args); BadMoveText names a wrong argument.
        Required: the service reads every typed move through it."""

    # The state's size (its fixed part when `state_tail`: a variable-length tail may follow) and where it
    # keeps its seat count, for seat_count and check_size.
    state_size = 0
    state_tail = False
    players_at = 0

    def seat_count(self, state: State) -> int:
        """Number of seats of the game in `state`; ValueError for a state of another size."""
        self.check_size(state)
        return state[self.players_at]

    def check_size(self, state: State) -> None:
        """ValueError unless `state` has this game's size: the compiled reads have no bounds check."""
        n = len(state)
        if n < self.state_size or (n != self.state_size and not self.state_tail):
            raise ValueError(f"not a {self.info.id} state: {n} bytes, expected "
                             f"{'at least ' if self.state_tail else ''}{self.state_size}")

    def seat_options(self, players: int) -> dict[str, str]:
        """The options a table of `players` seats must name: their defaults are refused at that seat count
        (White Hat's solo=true at 1 seat, robot=true at 2). Most games: none."""
        return {}

    # The per-card table whose entries belong to a card's place, not to the card (engines/core/redeal.py).
    unseen_marks: int | None = None

    def redeal_unseen(self, state: State, seat: int | None, shuffle: Callable[[list], None]) -> State:
        """A copy of `state` with every card `seat` cannot see permuted by `shuffle` (each group `unseen`
        names, within itself), then `tidied` and validated. The service tells by it whether a game hides
        anything (its default access mode); the leak tests compare a seat's answers across re-deals."""
        new = bytearray(state)
        for places in self.unseen(new, seat):
            redeal.permute(new, places, shuffle, self.unseen_marks)
        self.tidied(new)
        self.validate(new)
        return new

    @abstractmethod
    def unseen(self, state: State, seat: int | None) -> Iterator[list[int]]:
        """Groups of the places (state offsets) whose cards `seat` (None: a spectator) cannot tell apart.
        Required. A group is read from the state as re-dealt so far, so a later group may depend on an
        earlier one's outcome (Alaska: the active seat's hand trades only with the non-natural cards)."""

    def tidied(self, state: State) -> None:
        """Restore an order the rules keep (sorted hands) after a re-deal; most games keep none."""

    def legal_moves(self, state: State) -> Sequence[int]:
        """Every legal move code now, for every seat that may act, as `kernel.Codes`: a read-only sequence of
        ints, equal to the list of the same codes (`.tolist()` gives one)."""
        raise NotImplementedError

    def apply_in_place(self, state: State, move: int, events: list | None = None) -> None:
        """Apply `move` to `state` itself; append Events to `events` when given. Raises IllegalMove (`unlisted`)
        with the state untouched. The rules' `apply_code(state, code, log)` applies (engines/core/kernel.py);
        a compiled game's kernel binds its C twin in its place."""
        kernels.apply_in_place(self, None, state, move, events)

    def unlisted(self, state: State, move: object, reason: int = 0):
        """The one refusal of a move the rules did not apply: `game_over` once the game is over, else `not_legal`
        naming the rule the code breaks when the rules say (`reason`: an index into `reason_codes`)."""
        if self.is_finished(state):
            self.refuse("game_over", move)
        if type(move) is not int:
            self.refuse("not_legal", move, None, "not a move code from legal_moves")
        code = self.reason_codes[reason] if 0 < reason < len(self.reason_codes) else ""
        why = self.reasons[code].meaning if code in self.reasons else "not in legal_moves"
        acting = self.to_act(state)
        self.refuse("not_legal", move, acting[0] if len(acting) == 1 else None,
                    f"not a legal move now ({why}; {len(self.legal_moves(state))} legal codes, see legal_moves)")

    @abstractmethod
    def name_events(self, raw: list, state: State) -> list[Event]:
        """The Events of the rules' raw event tuples (`state`: the state after the move)."""

    @abstractmethod
    def move_info(self, state: State, move: int) -> MoveInfo:
        """Describe a legal move code of this state."""

    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that may act now (empty when the game is over)."""

    def is_finished(self, state: State) -> bool:
        """True once the game is over."""
        raise NotImplementedError

    def move_count(self, state: State) -> int:
        """Number of moves applied since NewGame (the state's version counter)."""
        raise NotImplementedError

    @abstractmethod
    def score(self, state: State) -> Scores:
        """Each seat's score now, the leaders and the tiebreak (the winners once finished)."""

    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` may know (None = spectator), as plain data; IllegalMove `no_such_seat` for a seat that
        is not at this table (checked here, so every game refuses it alike)."""
        if seat is not None:
            players = self.seat_count(state)
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
                raise IllegalMove("no_such_seat", f"view: seat {opts.shown(seat)} is not at this table "
                                  f"(seats 0..{players - 1})")
        return self.seat_view(state, seat)

    @abstractmethod
    def seat_view(self, state: State, seat: int | None) -> dict:
        """`view` for a seat at this table, or None (a spectator)."""

    @abstractmethod
    def validate(self, state: State) -> None:
        """Raise BadState unless `state` is a consistent state of this game."""

    @abstractmethod
    def setup_events(self, state: State) -> list[Event]:
        """The events of the deal: public ones, and each seat's private cards for that seat only."""

    # -- shared -------------------------------------------------------------
    def describe_moves(self, state: State) -> list[MoveInfo]:
        """MoveInfo of every legal move, in the order of legal_moves."""
        return [self.move_info(state, code) for code in self.legal_moves(state)]

    def describe_legal(self, state: State, move: int) -> MoveInfo:
        """MoveInfo of a move code just taken from parse_move or legal_moves for this same state: a game
        may skip move_info's legality check (the service's ApplyMove describes every move it applies)."""
        return self.move_info(state, move)

    def format_move(self, state: State, move: int) -> str:
        """The stable text form of a move code."""
        return self.move_info(state, move).text

    def apply(self, state: State, move: int) -> tuple[State, list[Event]]:
        """Apply `move` to a copy of `state`: (new state, events). The input is never changed."""
        new = bytearray(state)
        events: list[Event] = []
        self.apply_in_place(new, move, events)
        return new, events

    def apply_text(self, state: State, seat: int, text: str) -> tuple[State, list[Event]]:
        """Parse and apply a text move for `seat`."""
        return self.apply(state, self.parse_move(state, seat, text))

    @cached_property
    def compact_plan(self) -> compact.Plan | None:
        """The layout's live cells as codec 2 stores them (every cell as its bytes), or None without live
        cells or bits; a game that declares bits still reads codec 2 with it."""
        layout = self.layout
        return compact.plan(layout) if layout is not None and (layout.has_live or layout.has_bits) else None

    @cached_property
    def packed_plan(self) -> compact.Plan | None:
        """The layout's live cells with the fields that declare `bits` packed (codec 3), or None without bits."""
        layout = self.layout
        return compact.plan(layout, packed=True) if layout is not None and layout.has_bits else None

    @cached_property
    def codec_plan(self) -> compact.Plan | None:
        """The plan `encode` writes with: codec 3's, else codec 2's, else None (the whole state, codec 1)."""
        return self.packed_plan or self.compact_plan

    @cached_property
    def codec_versions(self) -> tuple[int, ...]:
        """The codec versions this game reads: the one it writes and the ones it wrote before."""
        return ((codec.FULL,) if self.compact_plan is None else
                (codec.FULL, codec.COMPACT) if self.packed_plan is None else codec.VERSIONS)

    @cached_property
    def codec_header(self) -> bytes:
        """The header every encoded state of this game and rules version starts with."""
        return codec.header(self.info.id, self.info.version, self.codec_versions[len(self.codec_versions) - 1])

    def encode(self, state: State) -> bytes:
        """Compact, versioned bytes of a state."""
        plan = self.codec_plan
        if plan is None:
            return self.codec_header + state
        return self.codec_header + compact.compact(state, plan)

    def decode(self, data: bytes) -> State:
        """The state encoded in `data`; BadState if it is not a valid state of this game."""
        plan = self.codec_plan
        if plan is None:
            state = codec.body(self.codec_header, self.info.id, self.info.version, data)
        elif type(data) is bytes and data.startswith(self.codec_header):
            state = compact.expand(data, len(self.codec_header), plan)
        else:  # states encoded before the game had its live cells or bits
            version, start = codec.locate(self.info.id, self.info.version, data, self.codec_versions)
            data = bytes(data)
            state = (bytearray(data[start:]) if version == codec.FULL else
                     compact.expand(data, start, self.compact_plan if version == codec.COMPACT else plan))
        self.validate(state)
        return state

    def replay(self, players: int, options: Mapping[str, str] | None, seed: int,
               moves: Sequence[tuple[int, str]]) -> State:
        """Replay `(seat, text)` moves from a new game: how a bug report is written."""
        state = self.new(players, options, seed)
        for seat, text in moves:
            self.apply_in_place(state, self.parse_move(state, seat, text))
        return state

    def __repr__(self) -> str:
        return f"<Game {self.info.id} {self.info.version}>"
