"""The application layer: every API call, transport-free.

Every adapter (service/adapters: gRPC, REST, Connect) calls
`App.call(transport, method, request)` with the same request Structs
(service/wire/messages.py, derived from proto/) and gets the same response
Structs back, so the transports cannot disagree. Here, and only here, live the
shared checks (token, game, seat, move) and the metrics; the engine <-> message
mapping is the generic one of service/wire/games.py.
"""
from __future__ import annotations

import hashlib
import logging
import operator
import os
import secrets
import time
from time import perf_counter
from typing import Callable

import engines
import msgspec
from engines import Game, RuleError
from engines.core.options import OptionSpec
from engines.core.options import resolve as resolve_options

from ..wire import messages as m
from ..wire.games import TYPED_MOVES, TYPED_OPTIONS, BadTyped, GameWire, wire
from ..wire.methods import METHODS
from . import limits, metrics
from .access import HOST, MODES, OPEN, SEATS, SeatKeys, bearer, no_key, wrong_key
from .errors import (DEADLINE_EXCEEDED, FAILED_PRECONDITION, INTERNAL, NOT_FOUND, ApiError,
                     from_rule_error, invalid)
from .lane import pace
from .listing import Listings
from .listing import move as listed_move
from .limits import clip, too_long
from .scheduling import OffLoop, Scheduler
from .store import STALE, stale
from .tokens import SEAT_KINDS, Sealer, TokenRefused, pack_seats, unpack_table

log = logging.getLogger("service.app")
MAX_BATCH = limits.MAX_BATCH
DEADLINE_EVERY = 32  # ScoreBatch looks at its deadline once per this many states


# Refusals the access metric counts by reason (never by key: a key is no label).
ACCESS_REASONS = frozenset(("no_key", "wrong_key", "bad_authorization", "token_stale", "game_expired"))


# Call, Opened and Cut are made on every call: as msgspec Structs (made in C, untracked by the collector) about half
# the cost of a class with an __init__.
class Call(msgspec.Struct, gc=False):
    """Per-request bookkeeping: the game label for the metrics (known once the token is open), and
    the caller's credential (the `Bearer` value of its authorization header, None without one)."""

    deadline: float | None = None  # time.monotonic() after which a long call stops (ScoreBatch)
    credential: str | None = None
    game: str = ""
    on_loop: bool = False  # it runs on an event loop: a long listing leaves it (OffLoop)
    transport: str = ""  # the metrics' label: ScoreBatch and ScoreStream count each refused state


class Opened(msgspec.Struct, gc=False):
    """An opened token: its game, state, move count, packed table and what it holds (seats, game id, access
    mode), and whom the caller speaks for: HOST (host key, or any caller of an `open` game), a seat, or None."""

    game: Game
    state: bytearray
    move_count: int
    table: bytes
    seats: tuple
    game_id: bytes
    access: str
    holder: int | None = None

    def may_act_for(self, seat: int | None, what: str) -> None:
        """Refuse unless the caller may see or act as `seat` (None: the spectator, whom anyone may)."""
        if seat is None or self.holder == HOST or self.holder == seat:
            return
        raise no_key(what) if self.holder is None else wrong_key(what)


class Cut(msgspec.Struct, gc=False):
    """What one response may show (SECURITY.md: one redaction rule for every response).

    `seat` is the perspective of views and events (None = spectator); `full` means the caller
    holds everything (host key or an `open` game, no perspective asked), so the listed moves of
    every seat, every echoed move and the mid-game score are shown whole. Otherwise the listed
    moves are `seat`'s only, a move of another seat is echoed as its seat alone, and a mid-game
    score is cut to its public part.
    """

    seat: int | None
    full: bool


class App:
    """The service's operations; `call` runs one with metrics and error mapping.

    `access` is the default access mode of new games (`seats`, `open`, or None: `seats` for a game
    with hidden information, `open` for one without). `store` is the fork guard's game store
    (service/app/store.py), None for none.
    """

    def __init__(self, sealer: Sealer, access: str | None = None, store=None):
        if access not in (None, *MODES):
            raise ValueError(f"access mode {access!r}: expected one of {', '.join(MODES)}")
        self.sealer = sealer
        self.keys = SeatKeys(sealer.keys)
        self.access = access
        self.store = store
        self._hidden: dict[str, bool] = {}
        # Where and when calls run (service/app/scheduling.py); a long call yields to the others inside.
        self._scheduler = Scheduler()
        self.listings = Listings(self._scheduler.others_in_flight)
        # The method table (service/wire/methods.py) names each method's operation.
        self._methods: dict[str, Callable] = {meth.name: getattr(self, meth.handler) for meth in METHODS}
        self._games = m.ListGamesResponse([_game_info(g) for g in engines.games()])
        # A line per call at DEBUG (its ids appended by the log format: service/process/logs.py); the level is
        # read once here, after the process set up its logging, so a call pays one test when it is off.
        self.log_calls = log.isEnabledFor(logging.DEBUG)

    @property
    def calls_inside(self) -> int:
        """Calls inside the app layer now, running or waiting for a runner (the drain waits for them)."""
        return self._scheduler.runners.in_flight

    # -- the entry point -------------------------------------------------------
    def call(self, transport: str, method: str, request, deadline: float | None = None,
             authorization: str | None = None, on_loop: bool = False):
        """Run `method` on `request` for the caller whose `authorization` header (or gRPC metadata)
        value is given; raises ApiError (never anything else) when refused.

        `deadline` (a time.monotonic() value): a long call (ScoreBatch) stops with DEADLINE_EXCEEDED then.
        `on_loop`: the caller is an event loop, which must not wait: when the scheduler will not run the call
        there (Scheduler.enter), and before the call would start long work, OffLoop (nothing done, nothing
        counted): the caller then runs it in a thread."""
        start = perf_counter()
        call = Call(deadline, on_loop=on_loop, transport=transport)
        code = "OK"
        ran = None  # not counted in by the scheduler (yet); then whether the call holds a runner
        try:
            # A long call (a deadline) already took its turn in its lane. The game store's round trips block.
            ran = self._scheduler.enter(method, start, on_loop, deadline is None, self.store is not None)
            if authorization:  # (none: nothing to read)
                call.credential = bearer(authorization)
            return self._methods[method](request, call)
        except OffLoop:
            code = None
            raise
        except ApiError as exc:
            code = exc.status
            self._count_error(transport, method, call.game, exc)
            raise
        except RuleError as exc:
            err = from_rule_error(exc)
            code = err.status
            self._count_error(transport, method, call.game, err)
            raise err from None
        except Exception as exc:  # noqa: BLE001 - a request must never take the server down
            log.exception("internal error in %s (game %s)", method, call.game or "-")
            err = ApiError(INTERNAL, "internal", f"internal error in {method}: {type(exc).__name__}")
            code = INTERNAL
            self._count_error(transport, method, call.game, err)
            raise err from None
        finally:
            if ran is not None:
                self._scheduler.leave(ran)
            if code is not None:  # an OffLoop call is counted when it runs again
                metrics.served(transport, method, call.game, code, perf_counter() - start)
                if self.log_calls:
                    log.debug("%s %s %s: %s in %.3f ms", transport, method, call.game or "-", code,
                              (perf_counter() - start) * 1e3)

    def refused(self, transport: str, method: str, err: ApiError) -> None:
        """Count a request an adapter refused before the app layer saw it (a body it could not read)."""
        self._count_error(transport, method, "", err)
        metrics.inc(metrics.REQUESTS, transport, method, "", err.status)
        if self.log_calls:
            log.debug("%s %s: %s %s, refused before the call", transport, method, err.status, err.reason)

    @staticmethod
    def _count_error(transport: str, method: str, game: str, err: ApiError) -> None:
        metrics.inc(metrics.ERRORS, transport, method, game, err.status, err.reason)
        if isinstance(err, TokenRefused):
            metrics.inc(metrics.TOKENS_REFUSED, err.reason)
        if err.reason in ACCESS_REASONS:
            metrics.inc(metrics.ACCESS_REFUSED, err.reason)

    # -- operations ---------------------------------------------------------------
    def list_games(self, req: m.ListGamesRequest, call: Call) -> m.ListGamesResponse:
        """Every registered game (built once: the registry is fixed)."""
        return self._games

    def new_game(self, req: m.NewGameRequest, call: Call) -> m.NewGameResponse:
        """Deal a game and seal its first token."""
        n = len(req.seats)
        limits.check_count("NewGame", n)  # first, as gRPC and Connect's binary path count before converting
        if not req.game:  # (an empty body over Connect or gRPC): bad input, as REST's missing body is, not 404
            raise invalid("missing_game", "game: required; name the game to deal (ListGames lists them: "
                          f"{', '.join(g.info.id for g in engines.games())})", field="game")
        if len(req.game) > limits.MAX_TEXT:
            raise ApiError(NOT_FOUND, "unknown_game", f"unknown game {clip(req.game)}", field="game")
        game = engines.get(req.game)
        call.game = game.id
        info = game.info
        if not info.min_seats <= n <= info.max_seats:
            raise invalid("bad_seat_count", f"seats: {game.id} takes {info.min_seats}-{info.max_seats} seats, "
                          f"got {n} (give one entry per player, e.g. {{\"name\": \"Ann\"}})", field="seats")
        _check_new_game_sizes(req)
        seats = []
        for i, seat in enumerate(req.seats):
            kind = seat.kind or "human"
            if kind not in SEAT_KINDS:
                raise invalid("bad_seat_kind", f"seats[{i}].kind: {clip(seat.kind)} is not one of "
                              f"{', '.join(SEAT_KINDS)}", field=f"seats[{i}].kind")
            seats.append((seat.name, kind))
        options = _merged_options(req, game, n)
        seed = _seed(req.seed)
        want = req.want or _NO_WANT
        perspective = _check_seat(want.seat, n, "want.seat")
        access = req.access or self.access or (SEATS if self._has_hidden(game) else OPEN)
        if access not in MODES:
            raise invalid("bad_access", f"access: {req.access!r} is not one of {', '.join(MODES)}", field="access")
        state = game.new(n, options, seed)
        game_id = os.urandom(16)  # seat keys derive from it; random, so no two games share keys
        packed = pack_seats(seats, game_id, access)
        w = wire(game.id)
        keyed = access == SEATS
        resp = m.NewGameResponse(
            state=self.sealer.seal(game.encode(state), game.move_count(state), packed), game=game.id,
            # A seed the service drew is never echoed: with it the deal can be rebuilt offline.
            seed=None if req.seed is None else str(seed),
            seats=[m.Seat(name, kind, self.keys.key(game_id, i) if keyed else "")
                   for i, (name, kind) in enumerate(seats)],
            to_act=game.to_act(state), events=w.events(game.setup_events(state), perspective),
            host_key=self.keys.key(game_id, None) if keyed else "", access=access)
        # The creator is the host: it sees everything unless it asks for one seat's perspective in a
        # `seats` game (an `open` game lists every seat's moves, as before seat keys).
        _fill_wanted(resp, self.listings, game, state, want, Cut(perspective, perspective is None or not keyed),
                     call.on_loop)
        metrics.inc(metrics.STARTED, game.id)
        return resp

    def legal_moves(self, req: m.LegalMovesRequest, call: Call) -> m.LegalMovesResponse:
        """Every legal move now (or one seat's); a seat's key lists that seat's moves only."""
        t = self._open(req.state, req.game, call)
        game, state = t.game, t.state
        _check_seat(req.seat, len(t.seats), "seat")
        t.may_act_for(req.seat, f"LegalMoves of seat {req.seat}")
        if t.holder == HOST:
            cut = Cut(req.seat, req.seat is None)
        else:
            cut = Cut(t.holder, False)
        moves = self.listings.moves(game, state, cut, call.on_loop)
        return m.LegalMovesResponse(moves, game.to_act(state), game.is_finished(state))

    def apply_move(self, req: m.ApplyMoveRequest, call: Call) -> m.ApplyMoveResponse:
        """Apply one move (typed, text or index) and seal the new state.

        A seat's key moves for that seat only, and its `index` counts in its own moves (the list
        LegalMoves shows it). The seat is checked before the move is read: a refusal that named a
        card would tell a stranger what a hand holds.
        """
        t = self._open(req.state, req.game, call)
        game, state = t.game, t.state
        want = req.want
        asked = None if want is None else _check_seat(want.seat, len(t.seats), "want.seat")
        if t.holder != HOST:
            self._check_mover(t, req)
            t.may_act_for(asked, f"want.seat {asked}")
        if game.is_finished(state):
            raise ApiError(FAILED_PRECONDITION, "game_over", "the game is finished: no move is legal "
                           "(ask Score for the result)")
        own = None if t.holder == HOST else t.holder
        code = (self._named_move(game, state, req.move, own) if req.index is None  # (most moves)
                else self._indexed_move(game, state, req, own))
        info = game.describe_legal(state, code)  # the code came from the legal list or the parse
        new, events = game.apply(state, code)
        # The mover sees its own private events unless want.seat names another seat.
        cut = Cut(info.seat if asked is None else asked, t.holder == HOST and asked is None)
        count = game.move_count(new)
        if self.store is not None:
            # The request's mark: the same token and the same move are the same request (a retry).
            mark = hashlib.blake2b(bytes(req.state) + code.to_bytes(8, "big"), digest_size=16).digest()
            if self.store.advance(t.game_id, t.move_count, count, mark) == STALE:
                raise stale(t.move_count)
        finished = game.is_finished(new)
        w = wire(game.id)
        # state, move, events, to_act, finished, move_count: by position (a Struct is made in about half the time)
        resp = m.ApplyMoveResponse(self.sealer.seal(game.encode(new), count, t.table),
                                   listed_move(w, info, cut, want is not None and want.typed_moves),
                                   w.events(events, cut.seat), game.to_act(new), finished, count)
        if want is not None:
            # An `open` game lists every seat's moves and the whole score, as before seat keys (its
            # caller is trusted); the echoed move above is cut like the events in every mode.
            _fill_wanted(resp, self.listings, game, new, want, Cut(cut.seat, True) if t.access == OPEN else cut,
                         call.on_loop)
        if finished:  # (the move itself is counted from the call's OK: metrics.MOVES)
            metrics.inc(metrics.FINISHED, game.id)
        return resp

    def score(self, req: m.ScoreRequest, call: Call) -> m.ScoreResponse:
        """The score of any state: mid-game only its public part without the host key."""
        t = self._open(req.state, req.game, call)
        return m.ScoreResponse(_score(t.game, t.state, Cut(None, t.holder == HOST)))

    def view(self, req: m.ViewRequest, call: Call) -> m.ViewResponse:
        """What one seat (or a spectator) may see; a seat's view needs its key or the host key."""
        t = self._open(req.state, req.game, call)
        seats = t.seats
        seat = _check_seat(req.seat, len(seats), "seat")
        t.may_act_for(seat, f"View of seat {seat}")
        return m.ViewResponse(_view(t.game, t.state, seat), t.game.to_act(t.state), t.game.is_finished(t.state),
                              [m.Seat(name, kind) for name, kind in seats])

    def score_batch(self, req: m.ScoreBatchRequest, call: Call) -> m.ScoreBatchResponse:
        """One score or one error per state, in order."""
        limits.check_count("ScoreBatch", len(req.states))
        deadline = call.deadline
        if deadline is None:
            return m.ScoreBatchResponse([self.score_one(state, call, "ScoreBatch") for state in req.states])
        results = []
        for i, state in enumerate(req.states):
            if i % DEADLINE_EVERY == 0:
                pace(self._scheduler.others_in_flight())  # others are waiting: give them the worker (lane.py)
                if time.monotonic() > deadline:
                    raise ApiError(DEADLINE_EXCEEDED, "deadline_exceeded", f"states: the call's time ran out "
                                   f"after {i} of {len(req.states)} states; send smaller batches", field="states")
            results.append(self.score_one(state, call, "ScoreBatch"))
        return m.ScoreBatchResponse(results)

    def score_stream(self, req: m.ScoreRequest, call: Call) -> m.ScoreResult:
        """One message of ScoreStream: the score of its token, or the error as data."""
        return self.score_one(req.state, call, "ScoreStream")

    def score_one(self, token: bytes, call: Call, method: str) -> m.ScoreResult:
        """The score of one token for the caller of `call`, or its error as data (ScoreBatch, ScoreStream),
        counted in the error metrics as `method`'s like a refused call (the call itself answers OK)."""
        one = Call(credential=call.credential)
        try:
            t = self._open(token, "", one)
            return m.ScoreResult(score=_score(t.game, t.state, Cut(None, t.holder == HOST)))
        except ApiError as exc:
            err = exc
        except RuleError as exc:
            err = from_rule_error(exc)
        self._count_error(call.transport, method, one.game, err)
        return m.ScoreResult(error=error_struct(err))

    # -- shared checks -----------------------------------------------------------
    def _open(self, token: bytes, expect_game: str, call: Call) -> Opened:
        """Open and check a token: intact, of a known game and rules version, consistent."""
        encoded, move_count, seats = self.sealer.open(token)
        try:
            game, state = engines.decode(encoded)
        except RuleError as exc:
            # Our own key sealed it, so only a rules-version change or a removed game gets here.
            reason = {"unknown_game": "token_unknown_game", "rules_version": "token_rules_version"}.get(
                exc.code, "token_bad_state")
            raise TokenRefused(reason, f"state token refused: {exc.message}", status=FAILED_PRECONDITION) from None
        call.game = game.id
        if expect_game and expect_game != game.id:
            raise TokenRefused("token_wrong_game", f"state token is a {game.id!r} game, but the request is for "
                               f"{expect_game!r}", status="INVALID_ARGUMENT", token_game=game.id,
                               game=expect_game)
        if game.move_count(state) != move_count:
            raise TokenRefused("token_inconsistent", "state token's move count does not match its state")
        t = Opened(game, state, move_count, seats, *unpack_table(seats))
        if t.access == OPEN:
            t.holder = HOST
        elif call.credential is not None:
            t.holder = self.keys.holder(t.game_id, call.credential, len(t.seats), f"{game.id} game")
        return t

    def _has_hidden(self, game: Game) -> bool:
        """Whether `game` hides anything from some seat (then its games default to `seats`): at a
        seeded deal, a seat sees more than the spectator, or re-dealing the unseen cards changes it."""
        hidden = self._hidden.get(game.id)
        if hidden is None:
            players = game.info.min_seats
            state = game.new(players, game.seat_options(players), 1)
            redealt = game.redeal_unseen(state, None, lambda cards: cards.reverse())
            hidden = redealt != state or game.view(state, 0) != game.view(state, None)
            self._hidden[game.id] = hidden
        return hidden

    @staticmethod
    def _check_mover(t: Opened, req: m.ApplyMoveRequest) -> None:
        """A caller without the host key moves only for the seat its key opens."""
        if t.holder is None:
            raise no_key("ApplyMove")
        seat = req.move.seat if req.index is None and req.move is not None else None
        if seat is not None and seat != t.holder:
            raise wrong_key(f"a move for seat {seat}")

    def _indexed_move(self, game: Game, state: bytearray, req: m.ApplyMoveRequest, own: int | None) -> int:
        """The engine's move code for a move given by `index` (and, if also given as typed message or text,
        the same move); `own` is the seat of a seat-key caller (its index counts in its own moves)."""
        codes = game.legal_moves(state)
        if own is not None:
            codes = [c for c in codes if game.describe_legal(state, c).seat == own]
            if not codes:
                raise ApiError(FAILED_PRECONDITION, "not_your_turn", f"index: seat {own} has no legal move "
                               f"now (seats to act: {', '.join(map(str, game.to_act(state))) or 'none'})")
        if not 0 <= req.index < len(codes):
            raise invalid("bad_move_index", f"index: {req.index} is out of range, there are {len(codes)} "
                          f"legal moves now (0..{len(codes) - 1})", field="index")
        code = codes[req.index]
        move = req.move  # Unity's JsonUtility sends every field: an empty move names nothing
        if move is not None and (move.text or _typed_move(move, game.id) is not None):
            self._same_move(game, state, req, own, code)
        return code

    def _same_move(self, game: Game, state: bytearray, req: m.ApplyMoveRequest, own: int | None, code: int) -> None:
        """A move given both as `move` and as `index` must name one move (else `move_ambiguous`)."""
        try:
            named = self._named_move(game, state, req.move, own)
        except (ApiError, RuleError) as err:
            named, why = None, f"move names no legal move ({err.message})"
        else:
            why = f"move is {game.format_move(state, named)!r}"
        if named != code:
            raise invalid("move_ambiguous", f"index {req.index} is {game.format_move(state, code)!r} but {why}; "
                          "give the move or its index, or both naming the same move", field="index")

    def _named_move(self, game: Game, state: bytearray, move, own: int | None) -> int:
        """The engine's move code for a move given as typed message or text; `own` is the seat of a seat-key
        caller (its move is its seat's)."""
        if move is None:
            raise invalid("missing_move", "move: give the move as text, as a typed move or as `index` into "
                          "LegalMoves' list", field="move")
        text = move.text
        if len(text) > limits.MAX_TEXT:
            raise invalid("bad_move_text", too_long("move.text", text, limits.MAX_TEXT), field="move.text")
        mismatch = None
        typed = None if _TYPED(move) == _UNTYPED else _typed_move(move, game.id)  # a text move (most): no call
        if typed is not None:  # only games with a .proto have typed moves
            typed_text = _typed_text(game, wire(game.id), typed)
            if text and text.split() != typed_text.split():
                mismatch = (text, typed_text)  # the same move may be spelled two ways: compare them parsed
            text = typed_text
        if not text:
            raise invalid("missing_move", "move: empty; give `text` (e.g. \"exchange R2 3\") or the typed "
                          f"move `{game.id}`", field="move")
        seat = move.seat if own is None else own
        if seat is None:
            to_act = game.to_act(state)
            if len(to_act) != 1:
                raise invalid("missing_seat", f"move.seat: required when several seats may act "
                              f"(now: {', '.join(map(str, to_act))})", field="move.seat")
            seat = to_act[0]
        code = game.parse_move(state, seat, text)
        if mismatch is not None and _parses_to(game, state, seat, mismatch[0]) != code:
            raise invalid("move_mismatch", f"move.text {mismatch[0]!r} and move.{game.id} ({mismatch[1]!r}) "
                          f"are different moves; give one of them", field="move")
        return code


def _typed_text(game: Game, w: GameWire, typed) -> str:
    """The text form of a typed move: read generically, spelled by the engine (one validation path)."""
    try:
        kind, args = w.move_args(typed)
    except BadTyped as exc:
        raise invalid("bad_move", str(exc), field=exc.field) from None
    try:
        return game.move_text(kind, args)
    except RuleError as exc:  # name the typed field the engine could not spell
        raise ApiError(exc.status, exc.code, f"move.{game.id}: {exc.message}", field=f"move.{game.id}",
                       **exc.details) from None


def _parses_to(game: Game, state: bytearray, seat: int, text: str) -> int | None:
    """The move code of `text`, or None when it is no legal move."""
    try:
        return game.parse_move(state, seat, text)
    except RuleError:
        return None


# -- mapping engine objects to API messages (the one place that knows both) -------
_NO_WANT = m.Want()


def error_struct(err: ApiError) -> m.Error:
    """The API's error message for an ApiError."""
    return m.Error(err.status, err.reason, err.message, dict(err.details))


def _game_info(game: Game) -> m.GameInfo:
    i = game.info
    tables = [m.TableOptions(n, game.seat_options(n)) for n in range(i.min_seats, i.max_seats + 1)]
    return m.GameInfo(i.id, i.title, i.min_seats, i.max_seats, i.version,
                      [_option_spec(o) for o in i.options], [t for t in tables if t.options])


def _option_spec(o: OptionSpec) -> m.OptionSpec:
    """An option as ListGames lists it; an int's range in 64-bit fields, which proto3 JSON writes as decimal text."""
    return m.OptionSpec(o.name, o.type, o.default, list(o.allowed), o.description,
                        None if o.min is None else str(o.min), None if o.max is None else str(o.max), list(o.words))


def _merged_options(req: m.NewGameRequest, game: Game, players: int) -> dict[str, str]:
    """`options` with the typed options merged over them; a text value a typed one replaces is still
    checked, so bad input is refused rather than silently dropped."""
    options = dict(req.options)
    typed = _typed_options(req, game.id)
    replaced = {name: options[name] for name in typed.keys() & options.keys()}
    if replaced:
        resolve_options(game.info.options, replaced, players)
    return {**options, **typed}


def _typed_options(req: m.NewGameRequest, game_id: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for gid in TYPED_OPTIONS:
        typed = getattr(req, gid)
        if typed is None:
            continue
        if gid != game_id:
            raise invalid("wrong_game_options", f"{gid}: typed options for game {gid!r} given for a "
                          f"{game_id!r} game", field=gid)
        out = wire(gid).options(typed)
    return out


# Every typed member of a Move, read by one C call (a tuple: there are several); all None for a text move.
_TYPED = operator.attrgetter(*TYPED_MOVES)
_UNTYPED = (None,) * len(TYPED_MOVES)


def _typed_move(move: m.Move, game_id: str):
    if _TYPED(move) == _UNTYPED:  # a text move (most are): one look in C
        return None
    found = None
    for gid in TYPED_MOVES:
        typed = getattr(move, gid)
        if typed is None:
            continue
        if gid != game_id:
            raise invalid("wrong_game_move", f"move.{gid}: a {gid!r} move given for a {game_id!r} game",
                          field=f"move.{gid}")
        found = typed
    return found


def _seed(seed: int | str | None) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, str):
        try:
            seed = int(seed)
        except ValueError:
            raise invalid("bad_seed", f"seed: {clip(seed)} is not an integer", field="seed") from None
    if not 0 <= seed < 2 ** 64:
        raise invalid("bad_seed", f"seed: {seed} is out of range (0..2^64-1)", field="seed")
    return seed


def _check_new_game_sizes(req: m.NewGameRequest) -> None:
    """Every string of a NewGame within its limit, before anything is dealt."""
    for i, seat in enumerate(req.seats):
        for field, value, limit, reason in ((f"seats[{i}].name", seat.name, limits.MAX_SEAT_NAME, "bad_seat_name"),
                                             (f"seats[{i}].kind", seat.kind, limits.MAX_TEXT, "bad_seat_kind")):
            problem = too_long(field, value, limit)
            if problem:
                raise invalid(reason, problem, field=field)
    if len(req.options) > limits.MAX_OPTIONS:
        raise invalid("unknown_option", f"options: {len(req.options)} options, at most {limits.MAX_OPTIONS}",
                      field="options")
    for name, value in req.options.items():
        problem = too_long("options: a name", name, limits.MAX_TEXT) or too_long(
            f"options[{clip(name)}]", value, limits.MAX_OPTION_VALUE)
        if problem:
            raise invalid("bad_option_value", problem, field="options")
    if isinstance(req.seed, str) and len(req.seed) > limits.MAX_TEXT:
        raise invalid("bad_seed", too_long("seed", req.seed, limits.MAX_TEXT), field="seed")


def _check_seat(seat: int | None, players: int, field: str) -> int | None:
    if seat is not None and not 0 <= seat < players:
        raise invalid("no_such_seat", f"{field}: seat {seat} is not in this game (seats 0..{players - 1})",
                      field=field)
    return seat


def _score(game: Game, state: bytearray, cut: Cut) -> m.Score:
    """The score; mid-game and not `cut.full`, its public part only: who sits where and the move
    count. (A game's score may count hidden cards, as Cambio's does, and the engines do not say
    which parts are public, so the per-seat values and the leaders wait for the end or the host key.)"""
    s = game.score(state)
    teams = [m.Team(list(t)) for t in s.teams]
    if not (s.finished or cut.full):
        return m.Score(game.id, [m.SeatScore(seat=x.seat) for x in s.seats], False, teams=teams,
                       move_count=game.move_count(state))
    return m.Score(game.id, [m.SeatScore(x.seat, x.round, x.total, x.rank, dict(x.breakdown)) for x in s.seats],
                   s.finished, list(s.winners), s.tiebreak, teams, game.move_count(state), list(s.leaders))


def _view(game: Game, state: bytearray, seat: int | None) -> m.View:
    return wire(game.id).view(game.view(state, seat), seat)


def _fill_wanted(resp, listings: Listings, game: Game, state: bytearray, want: m.Want, cut: Cut,
                 on_loop: bool) -> None:
    if want.view:
        resp.view = _view(game, state, cut.seat)
    if want.legal_moves:
        if want.typed_moves:
            resp.legal_moves = listings.moves(game, state, cut, on_loop)
        else:
            resp.legal_by_seat = listings.by_seat(game, state, cut, on_loop)
    if want.score:
        resp.score = _score(game, state, cut)
