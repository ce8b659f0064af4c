"""The application layer: every API call, transport-free.

Every adapter (service/adapters: gRPC, REST, Connect) calls
`App.call(transport, method, request)` with the same request Structs
(service/wire/messages.py, derived from proto/) and gets the same response
Structs back, so the transports cannot disagree. Here, and only here, live the
shared checks (token, game, seat, move) and the metrics; the engine <-> message
mapping is the generic one of service/wire/games.py.
"""
from __future__ import annotations

import logging
import secrets
import time
from typing import Callable

import engines
from engines import Game, RuleError

from ..wire import messages as m
from ..wire.games import TYPED_MOVES, TYPED_OPTIONS, BadTyped, GameWire, wire
from ..wire.methods import METHODS
from . import limits, metrics
from .errors import (DEADLINE_EXCEEDED, FAILED_PRECONDITION, INTERNAL, NOT_FOUND, RESOURCE_EXHAUSTED, ApiError,
                     from_rule_error, invalid)
from .limits import clip, too_long
from .tokens import Sealer, TokenRefused, pack_seats, unpack_seats

log = logging.getLogger("service.app")
SEAT_KINDS = ("human", "robot")
MAX_BATCH = limits.MAX_BATCH
# Counted (a list of small ints) before any move is described. Cambio 1.1 lists a blue king's picks one
# at a time, so real listings stay in the hundreds (the most seen in random play is ~600; a swap over
# a full table is under 3,000); listing 4,096 moves costs ~80 ms.
MAX_LISTED_MOVES = 4096
DEADLINE_EVERY = 32  # ScoreBatch looks at its deadline once per this many states


class Call:
    """Per-request bookkeeping: the game label for the metrics (known once the token is open)."""

    __slots__ = ("game", "deadline")

    def __init__(self, deadline: float | None = None):
        self.game = ""
        self.deadline = deadline  # time.monotonic() after which a long call stops (ScoreBatch)


class Opened:
    """An opened token: its game, state, move count and packed seats."""

    __slots__ = ("game", "state", "move_count", "seats")

    def __init__(self, game: Game, state: bytearray, move_count: int, seats: bytes):
        self.game, self.state, self.move_count, self.seats = game, state, move_count, seats


class App:
    """The service's operations; `call` runs one with metrics and error mapping."""

    def __init__(self, sealer: Sealer):
        self.sealer = sealer
        # The method table (service/wire/methods.py) names each method's operation.
        self._methods: dict[str, Callable] = {meth.name: getattr(self, meth.handler) for meth in METHODS}
        self._games = m.ListGamesResponse([_game_info(g) for g in engines.games()])

    # -- the entry point -------------------------------------------------------
    def call(self, transport: str, method: str, request, deadline: float | None = None):
        """Run `method` on `request`; raises ApiError (never anything else) when refused.

        `deadline` (a time.monotonic() value): a long call (ScoreBatch) stops with DEADLINE_EXCEEDED then."""
        call = Call(deadline)
        start = time.perf_counter()
        code = "OK"
        try:
            return self._methods[method](request, call)
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
            metrics.observe(metrics.DURATION, time.perf_counter() - start, transport, method, call.game)
            metrics.inc(metrics.REQUESTS, transport, method, call.game, code)

    def refused(self, transport: str, method: str, err: ApiError) -> None:
        """Count a request an adapter refused before the app layer saw it (a body it could not read)."""
        self._count_error(transport, method, "", err)
        metrics.inc(metrics.REQUESTS, transport, method, "", err.status)

    @staticmethod
    def _count_error(transport: str, method: str, game: str, err: ApiError) -> None:
        metrics.inc(metrics.ERRORS, transport, method, game, err.status, err.reason)
        if isinstance(err, TokenRefused):
            metrics.inc(metrics.TOKENS_REFUSED, err.reason)

    # -- operations ---------------------------------------------------------------
    def list_games(self, req: m.ListGamesRequest, call: Call) -> m.ListGamesResponse:
        """Every registered game (built once: the registry is fixed)."""
        return self._games

    def new_game(self, req: m.NewGameRequest, call: Call) -> m.NewGameResponse:
        """Deal a game and seal its first token."""
        if len(req.game) > limits.MAX_TEXT:
            raise ApiError(NOT_FOUND, "unknown_game", f"unknown game {clip(req.game)}", field="game")
        game = engines.get(req.game)
        call.game = game.id
        info = game.info
        n = len(req.seats)
        limits.check_count("NewGame", n)
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
        options = dict(req.options)
        options.update(_typed_options(req, game.id))
        seed = _seed(req.seed)
        want = req.want or _NO_WANT
        perspective = _check_seat(want.seat, n, "want.seat")
        state = game.new(n, options, seed)
        packed = pack_seats(seats)
        w = wire(game.id)
        resp = m.NewGameResponse(
            state=self.sealer.seal(game.encode(state), game.move_count(state), packed), game=game.id,
            seed=str(seed), seats=[m.Seat(name, kind) for name, kind in seats], to_act=game.to_act(state),
            events=[w.event(e, perspective) for e in game.setup_events(state)])
        _fill_wanted(resp, game, state, want, perspective)
        metrics.inc(metrics.STARTED, game.id)
        return resp

    def legal_moves(self, req: m.LegalMovesRequest, call: Call) -> m.LegalMovesResponse:
        """Every legal move now (or one seat's)."""
        t = self._open(req.state, req.game, call)
        game, state = t.game, t.state
        _check_seat(req.seat, len(unpack_seats(t.seats)), "seat")
        moves = _moves(game, state)
        if req.seat is not None:
            moves = [mv for mv in moves if mv.seat == req.seat]
        return m.LegalMovesResponse(moves, game.to_act(state), game.is_finished(state))

    def apply_move(self, req: m.ApplyMoveRequest, call: Call) -> m.ApplyMoveResponse:
        """Apply one move (typed, text or index) and seal the new state."""
        t = self._open(req.state, req.game, call)
        game, state = t.game, t.state
        if game.is_finished(state):
            raise ApiError(FAILED_PRECONDITION, "game_over", "the game is finished: no move is legal "
                           "(ask Score for the result)")
        code = self._move_code(game, state, req)
        info = game.move_info(state, code)
        new, events = game.apply(state, code)
        want = req.want
        perspective = info.seat  # the mover sees its own private events unless want.seat names another
        if want is not None and want.seat is not None:
            perspective = _check_seat(want.seat, len(unpack_seats(t.seats)), "want.seat")
        count = game.move_count(new)
        finished = game.is_finished(new)
        w = wire(game.id)
        event = w.event
        resp = m.ApplyMoveResponse(
            state=self.sealer.seal(game.encode(new), count, t.seats), move=_move(w, info),
            events=[event(e, perspective) for e in events], to_act=game.to_act(new), finished=finished,
            move_count=count)
        if want is not None:
            _fill_wanted(resp, game, new, want, perspective)
        metrics.inc(metrics.MOVES, game.id)
        if finished:
            metrics.inc(metrics.FINISHED, game.id)
        return resp

    def score(self, req: m.ScoreRequest, call: Call) -> m.ScoreResponse:
        """The score of any state."""
        t = self._open(req.state, req.game, call)
        return m.ScoreResponse(_score(t.game, t.state))

    def view(self, req: m.ViewRequest, call: Call) -> m.ViewResponse:
        """What one seat (or a spectator) may see."""
        t = self._open(req.state, req.game, call)
        seats = unpack_seats(t.seats)
        seat = _check_seat(req.seat, len(seats), "seat")
        return m.ViewResponse(_view(t.game, t.state, seat), t.game.to_act(t.state), t.game.is_finished(t.state),
                              [m.Seat(name, kind) for name, kind in seats])

    def score_batch(self, req: m.ScoreBatchRequest, call: Call) -> m.ScoreBatchResponse:
        """One score or one error per state, in order."""
        limits.check_count("ScoreBatch", len(req.states))
        deadline = call.deadline
        if deadline is None:
            return m.ScoreBatchResponse([self.score_one(state) for state in req.states])
        results = []
        for i, state in enumerate(req.states):
            if i % DEADLINE_EVERY == 0 and time.monotonic() > deadline:
                raise ApiError(DEADLINE_EXCEEDED, "deadline_exceeded", f"states: the call's time ran out after "
                               f"{i} of {len(req.states)} states; send smaller batches", field="states")
            results.append(self.score_one(state))
        return m.ScoreBatchResponse(results)

    def score_stream(self, req: m.ScoreRequest, call: Call) -> m.ScoreResult:
        """One message of ScoreStream: the score of its token, or the error as data."""
        return self.score_one(req.state)

    def score_one(self, token: bytes) -> m.ScoreResult:
        """The score of one token, or its error as data (ScoreBatch, ScoreStream)."""
        try:
            t = self._open(token, "", Call())
            return m.ScoreResult(score=_score(t.game, t.state))
        except TokenRefused as exc:
            metrics.inc(metrics.TOKENS_REFUSED, exc.reason)
            return m.ScoreResult(error=error_struct(exc))
        except ApiError as exc:
            return m.ScoreResult(error=error_struct(exc))
        except RuleError as exc:
            return m.ScoreResult(error=error_struct(from_rule_error(exc)))

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
        return Opened(game, state, move_count, seats)

    def _move_code(self, game: Game, state: bytearray, req: m.ApplyMoveRequest) -> int:
        """The engine's move code for a move given by index, typed message or text."""
        if req.index is not None:
            codes = game.legal_moves(state)
            if not 0 <= req.index < len(codes):
                raise invalid("bad_move_index", f"index: {req.index} is out of range, there are {len(codes)} "
                              f"legal moves now (0..{len(codes) - 1})", field="index")
            return codes[req.index]
        move = req.move
        if move is None:
            raise invalid("missing_move", "move: give the move as text, as a typed move or as `index` into "
                          "LegalMoves' list", field="move")
        text = move.text
        if len(text) > limits.MAX_TEXT:
            raise invalid("bad_move_text", too_long("move.text", text, limits.MAX_TEXT), field="move.text")
        mismatch = None
        typed = _typed_move(move, game.id)
        if typed is not None:  # only games with a .proto have typed moves
            typed_text = _typed_text(game, state, wire(game.id), typed)
            if text and text.split() != typed_text.split():
                mismatch = (text, typed_text)  # the same move may be spelled two ways: compare them parsed
            text = typed_text
        if not text:
            raise invalid("missing_move", "move: empty; give `text` (e.g. \"exchange R2 3\") or the typed "
                          f"move `{game.id}`", field="move")
        seat = move.seat
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


def _typed_text(game: Game, state: bytearray, w: GameWire, typed) -> str:
    """The text form of a typed move: read generically, spelled by the engine (one validation path)."""
    try:
        kind, args = w.move_args(typed)
    except BadTyped as exc:
        raise invalid("bad_move", str(exc), field=exc.field) from None
    try:
        return game.move_text(kind, args)
    except NotImplementedError:
        pass
    except RuleError as exc:  # name the typed field the engine could not spell
        raise ApiError(exc.status, exc.code, f"move.{game.id}: {exc.message}", field=f"move.{game.id}",
                       **exc.details) from None
    # Until every engine spells typed moves itself: the text of the legal move with this kind and
    # these args, else the words in order (the engine's parser then says what is wrong).
    wanted = _canonical(args)
    for info in game.describe_moves(state):
        if info.kind == kind and _canonical(info.args) == wanted:
            return info.text
    return " ".join([kind, *(".".join(map(str, v)) if isinstance(v, tuple) else str(v) for v in args.values())])


def _canonical(args) -> dict:
    return {k: tuple(sorted(tuple(x) for x in v)) if isinstance(v, (list, tuple)) and v and
            isinstance(v[0], (list, tuple)) else (tuple(v) if isinstance(v, (list, tuple)) else v)
            for k, v in args.items()}


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
    return m.GameInfo(i.id, i.title, i.min_seats, i.max_seats, i.version,
                      [m.OptionSpec(o.name, o.type, o.default, list(o.allowed), o.description) for o in i.options])


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


def _typed_move(move: m.Move, game_id: str):
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


def _move(w: GameWire, info) -> m.Move:
    move = m.Move(seat=info.seat, text=info.text)
    if w.typed:  # a game without a .proto of its own plays by text
        setattr(move, w.id, w.move_payload(info.kind, info.args))
    return move


def _moves(game: Game, state: bytearray) -> list[m.Move]:
    codes = game.legal_moves(state)
    if len(codes) > MAX_LISTED_MOVES:
        # A Cambio blue king's `show` is one move per combination of cards (cambio.md §6): with
        # 8 seats and long hands that is millions. Listing them would hold a worker for seconds.
        raise ApiError(RESOURCE_EXHAUSTED, "too_many_moves", f"{len(codes)} legal moves now, more than the "
                       f"{MAX_LISTED_MOVES} a listing may hold: ask without the listing (LegalMoves, want.legalMoves) "
                       f"and give the move as text (seats to act: {', '.join(map(str, game.to_act(state)))})",
                       count=len(codes))
    w = wire(game.id)
    return [_move(w, info) for info in game.describe_moves(state)]


def _score(game: Game, state: bytearray) -> m.Score:
    s = game.score(state)
    return m.Score(game.id, [m.SeatScore(x.seat, x.round, x.total, x.rank, dict(x.breakdown)) for x in s.seats],
                   s.finished, list(s.winners), s.tiebreak, [m.Team(list(t)) for t in s.teams],
                   game.move_count(state))


def _view(game: Game, state: bytearray, seat: int | None) -> m.View:
    return wire(game.id).view(game.view(state, seat), seat)


def _fill_wanted(resp, game: Game, state: bytearray, want: m.Want, seat: int | None) -> None:
    if want.view:
        resp.view = _view(game, state, seat)
    if want.legal_moves:
        resp.legal_moves = _moves(game, state)
    if want.score:
        resp.score = _score(game, state)
