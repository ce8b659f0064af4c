"""The REST adapter: litestar routes over the app layer, bodies in proto3 JSON.

Bodies decode straight into the app layer's request Structs (msgspec, no
json_format on the request path) and responses encode from its response
Structs, so REST answers are the gRPC answers in JSON. Errors map to HTTP in
one table (HTTP_STATUS) with the body `{code, reason, message, details}`.
"""
from __future__ import annotations

import msgspec
from litestar import Litestar, Request, Response, get, post
from litestar.exceptions import HTTPException, NotFoundException, ValidationException
from litestar.openapi import OpenAPIConfig

from . import connect, metrics
from . import messages as m
from .app import App, error_struct
from .errors import ApiError, invalid

# The one table from gRPC status names to HTTP statuses (API.md).
HTTP_STATUS = {
    "INVALID_ARGUMENT": 400,
    "UNAUTHENTICATED": 401,
    "NOT_FOUND": 404,
    "FAILED_PRECONDITION": 409,
    "RESOURCE_EXHAUSTED": 413,
    "INTERNAL": 500,
    "UNAVAILABLE": 503,
    "UNIMPLEMENTED": 501,
}
MAX_BODY = 8 * 1024 * 1024


class State:
    """Readiness, flipped off when shutdown starts so load balancers stop sending."""

    ready = True


def _error_response(err: ApiError) -> Response:
    return Response(error_struct(err), status_code=HTTP_STATUS.get(err.status, 500))


def _on_api_error(_: Request, exc: ApiError) -> Response:
    return _error_response(exc)


def _on_validation(request: Request, exc: ValidationException) -> Response:
    # litestar reports msgspec's decode errors here ("Expected `int`, got `str`" at a key).
    extra = [e for e in (exc.extra or []) if isinstance(e, dict)]
    if any(e.get("key") == "data" and e.get("message") == "'data'" for e in extra):
        return _error_response(invalid("missing_body", f"{request.method} {request.url.path}: the request body "
                                       "is missing; send a JSON object ({} for all defaults)"))
    problems = [f"{e.get('key') or 'body'}: {e.get('message')}" for e in extra]
    text = "; ".join(problems) or exc.detail
    return _error_response(invalid("bad_request_body", f"request body is not a valid message: {text}"))


def _on_http(request: Request, exc: HTTPException) -> Response:
    path = f"{request.method} {request.url.path}"
    if isinstance(exc, NotFoundException):
        return _error_response(ApiError("NOT_FOUND", "no_such_route", f"no such route: {path} (see /schema)"))
    if exc.status_code == 400:  # the body could not be read as JSON at all
        return _error_response(invalid("malformed_json", f"{path}: request body is not valid JSON: {exc.detail}"))
    reason = {405: "method_not_allowed", 413: "body_too_large"}.get(exc.status_code, "http_error")
    return Response(m.Error("INVALID_ARGUMENT" if exc.status_code < 500 else "INTERNAL", reason,
                            f"{path}: {exc.detail}"), status_code=exc.status_code)


class Body:
    """Decodes one request message from a JSON body, naming what is wrong when it cannot."""

    def __init__(self, struct_cls: type):
        self.struct_cls = struct_cls
        self.name = struct_cls.__name__
        self._decoder = msgspec.json.Decoder(struct_cls)

    def decode(self, body: bytes):
        """The request message in `body`; ApiError `missing_body`, `malformed_json` or `bad_request_body`."""
        if not body:
            raise invalid("missing_body", f"the request body is missing; send a JSON {self.name} "
                          "({} for all defaults)")
        try:
            return self._decoder.decode(body)
        except msgspec.ValidationError as exc:
            try:  # msgspec checks types while parsing: tell broken JSON apart from a wrong message
                msgspec.json.decode(body)
            except msgspec.DecodeError as broken:
                raise invalid("malformed_json", f"request body is not valid JSON: {broken}") from None
            raise invalid("bad_request_body", f"request body is not a valid {self.name}: {exc}") from None
        except msgspec.DecodeError as exc:
            raise invalid("malformed_json", f"request body is not valid JSON: {exc}") from None


_encode = msgspec.json.Encoder().encode


def create_app(app: App) -> Litestar:
    """The litestar application serving `app`.

    Handlers take the raw body and decode it with msgspec themselves, and return
    encoded bytes: litestar's typed-body handling costs more per request than the
    whole app layer. The OpenAPI document comes from typed twins of the routes
    (`_docs_app`), so it still describes every message.
    """

    def route(method: str, path: str, request_cls: type):
        body = Body(request_cls)

        async def handler(request: Request) -> Response:
            try:
                msg = body.decode(await request.body())
            except ApiError as err:
                app.refused("rest", method, err)
                raise
            return Response(_encode(app.call("rest", method, msg)), media_type="application/json")

        return post(path, status_code=200, name=method, include_in_schema=False)(handler)

    new_game_body = Body(m.NewGameRequest)

    @post("/v1/games/{spec:str}", status_code=200, name="NewGame", include_in_schema=False)
    async def new_game(spec: str, request: Request) -> Response:
        game, sep, verb = spec.rpartition(":")
        try:
            if not sep or verb != "new":
                raise ApiError("NOT_FOUND", "no_such_route", f"no such route: /v1/games/{spec} (did you mean "
                               f"/v1/games/{spec.partition(':')[0]}:new?)")
            data = new_game_body.decode(await request.body())
            if data.game and data.game != game:
                raise invalid("game_mismatch", f"game: body says {data.game!r}, path says {game!r}", field="game")
        except ApiError as err:
            app.refused("rest", "NewGame", err)
            raise
        data.game = game
        return Response(_encode(app.call("rest", "NewGame", data)), media_type="application/json")

    @get("/v1/games", name="ListGames", include_in_schema=False)
    async def list_games() -> Response:
        return Response(_encode(app.call("rest", "ListGames", m.ListGamesRequest())), media_type="application/json")

    @get("/healthz", sync_to_thread=False, include_in_schema=False)
    def healthz() -> dict:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @get("/readyz", sync_to_thread=False, include_in_schema=False)
    def readyz() -> Response:
        """Readiness: false once shutdown has started."""
        return Response({"status": "ready" if State.ready else "stopping"}, status_code=200 if State.ready else 503)

    @get("/metrics", sync_to_thread=False, include_in_schema=False)
    def metrics_route() -> Response:
        """Prometheus exposition (all worker processes)."""
        return Response(metrics.render(), media_type=metrics.CONTENT_TYPE_LATEST)

    schema = msgspec.json.encode(_docs_app().openapi_schema.to_schema())

    @get(["/schema", "/schema/openapi.json"], sync_to_thread=False, include_in_schema=False)
    def openapi() -> Response:
        """The OpenAPI document of the routes above."""
        return Response(schema, media_type="application/vnd.oai.openapi+json")

    return Litestar(
        route_handlers=[list_games, new_game, route("LegalMoves", "/v1/legal-moves", m.LegalMovesRequest),
                        route("ApplyMove", "/v1/apply", m.ApplyMoveRequest),
                        route("Score", "/v1/score", m.ScoreRequest), route("View", "/v1/view", m.ViewRequest),
                        route("ScoreBatch", "/v1/score:batch", m.ScoreBatchRequest),
                        healthz, readyz, metrics_route, openapi, *connect.routes(app, Body)],
        exception_handlers={ApiError: _on_api_error, ValidationException: _on_validation,
                            HTTPException: _on_http},
        openapi_config=None,
        request_max_body_size=MAX_BODY,
        debug=False,
    )


def _docs_app() -> Litestar:
    """Typed twins of the API routes, only to generate the OpenAPI document (never served)."""

    @get("/v1/games", summary="ListGames", sync_to_thread=False)
    def list_games() -> m.ListGamesResponse:
        """Every game: id, title, seats, options, rules version."""

    @post("/v1/games/{spec:str}", status_code=200, summary="NewGame", sync_to_thread=False)
    def new_game(spec: str, data: m.NewGameRequest) -> m.NewGameResponse:
        """Deal a new game: `POST /v1/games/{game}:new` with a NewGameRequest body."""

    @post("/v1/legal-moves", status_code=200, summary="LegalMoves", sync_to_thread=False)
    def legal_moves(data: m.LegalMovesRequest) -> m.LegalMovesResponse:
        """Every legal move now, for every seat that may act (or for `seat`)."""

    @post("/v1/apply", status_code=200, summary="ApplyMove", sync_to_thread=False)
    def apply_move(data: m.ApplyMoveRequest) -> m.ApplyMoveResponse:
        """Apply a move given as text, typed, or `index` into LegalMoves' list."""

    @post("/v1/score", status_code=200, summary="Score", sync_to_thread=False)
    def score(data: m.ScoreRequest) -> m.ScoreResponse:
        """The score of any state."""

    @post("/v1/view", status_code=200, summary="View", sync_to_thread=False)
    def view(data: m.ViewRequest) -> m.ViewResponse:
        """What `seat` (or a spectator) may see."""

    @post("/v1/score:batch", status_code=200, summary="ScoreBatch", sync_to_thread=False)
    def score_batch(data: m.ScoreBatchRequest) -> m.ScoreBatchResponse:
        """One score or error per state, in order."""

    return Litestar(route_handlers=[list_games, new_game, legal_moves, apply_move, score, view, score_batch],
                    openapi_config=OpenAPIConfig(title="tabletop-engine", version="1", path="/schema"))


def create_empty_app() -> Litestar:
    """The framework's floor for the benchmark: a POST route that receives its body and returns `{}`.

    It reads the body (every API route must, and litestar's body reading is part of
    the framework's cost) but decodes nothing and does no work.
    """

    @post("/empty", status_code=200)
    async def empty(request: Request) -> Response:
        await request.body()
        return Response(b"{}", media_type="application/json")

    return Litestar(route_handlers=[empty], openapi_config=None, debug=False)


