"""The REST adapter: litestar routes over the app layer, bodies in proto3 JSON.

Routes come from the method table (service/wire/methods.py). Bodies decode
straight into the app layer's request Structs (msgspec, no json_format on the
request path; a gzip body, `content-encoding: gzip`, is inflated first within the route's
limit) and responses encode from its response Structs, so REST answers
are the gRPC answers in JSON. Errors map to HTTP by the one table
(engines/core/reasons.py HTTP_STATUS) with the body `{code, reason, message, details}`.
"""
from __future__ import annotations

from typing import Callable

from litestar import Request, Response, asgi, get, post
from litestar.exceptions import HTTPException, MethodNotAllowedException, NotFoundException, ValidationException
from litestar.types import Receive, Scope, Send

import engines

from ..app import App, error_struct, limits
from ..app.errors import ApiError, invalid
from ..app.limits import clip
from ..wire import messages as m
from ..wire.methods import METHODS, Method
from ..app.lane import Lane
from ..app.scheduling import OffLoop
from .bodies import Body, encode, in_lane, in_threads, inflated, read_body, request_head, send_answer

JSON = "application/json"


def error_response(err: ApiError) -> Response:
    """The REST error: `{code, reason, message, details}` with the HTTP status of its gRPC code."""
    return Response(encode(error_struct(err)), status_code=err.http_status, media_type=JSON)


def _on_api_error(_: Request, exc: ApiError) -> Response:
    return error_response(exc)


def _on_validation(request: Request, exc: ValidationException) -> Response:
    # litestar reports msgspec's decode errors here ("Expected `int`, got `str`" at a key).
    extra = [e for e in (exc.extra or []) if isinstance(e, dict)]
    if any(e.get("key") == "data" and e.get("message") == "'data'" for e in extra):
        return error_response(invalid("missing_body", f"{request.method} {request.url.path}: the request body "
                                      "is missing; send a JSON object ({} for all defaults)"))
    problems = [f"{e.get('key') or 'body'}: {e.get('message')}" for e in extra]
    text = "; ".join(problems) or exc.detail
    return error_response(invalid("bad_request_body", f"request body is not a valid message: {text}"))


def _on_http(request: Request, exc: HTTPException) -> Response:
    path = f"{request.method} {request.url.path}"
    if isinstance(exc, NotFoundException):
        return error_response(ApiError("NOT_FOUND", "no_such_route", f"no such route: {path} (see /schema)"))
    if exc.status_code == 400:  # the body could not be read as JSON at all
        return error_response(invalid("malformed_json", f"{path}: request body is not valid JSON: {exc.detail}"))
    reason = {405: "method_not_allowed", 413: "body_too_large"}.get(exc.status_code, "http_error")
    return Response(encode(m.Error("INVALID_ARGUMENT" if exc.status_code < 500 else "INTERNAL", reason,
                                   f"{path}: {exc.detail}")), status_code=exc.status_code, media_type=JSON,
                    headers=exc.headers)  # a 405 says which methods the route takes (`allow`)


# The HTTP application's exception handlers for everything that is not a Connect route.
EXCEPTION_HANDLERS = {ApiError: _on_api_error, ValidationException: _on_validation, HTTPException: _on_http}


def routes(app: App, lane: Lane | None = None, call_timeout: float = 10.0,
           closing: Callable[[], bool] = lambda: False) -> list:
    """One route per method of the table that has a REST route; `closing()` true: answers end their connection.

    The POST routes are litestar ASGI handlers (NewGame's: one per registered game, `_game_routes`): they
    read the body from `receive` and send the encoded answer themselves. Litestar's Request and Response
    objects cost about 34 us of CPU per call on an empty route (half of it), more than the whole app
    layer; its router, exception handlers and the 405/413 refusals stay. service/adapters/openapi.py
    describes the same routes with their types.
    """
    lane = lane or Lane()
    out = []
    for meth in METHODS:
        if meth.rest_route and "{game}" in meth.rest_route:
            out += _game_routes(app, meth, Body(meth.request), closing)
        elif meth.rest_route:
            out.append(_route(app, meth, lane, call_timeout, closing))
    return out


def _not_post() -> None:
    # An ASGI route takes every method; litestar's own routes answer 405 naming the ones they take.
    raise MethodNotAllowedException(headers={"allow": "POST"})


def _route(app: App, meth: Method, lane: Lane, call_timeout: float, closing: Callable[[], bool]):
    name = meth.name
    if meth.rest_verb == "GET":  # no body: the request message's defaults
        empty = meth.request()

        async def get_handler() -> Response:
            return Response(encode(app.call("rest", name, empty)), media_type=JSON)
        return get(meth.rest_route, name=name, include_in_schema=False)(get_handler)
    body = Body(meth.request)
    cap = limits.request_bytes(name, json=True)
    if name in limits.HEAVY:
        async def handler(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["method"] != "POST":
                _not_post()
            auth, encoding, announced = request_head(scope)

            async def read() -> bytes:
                return inflated(await read_body(receive, cap, announced), encoding, cap)
            result = await in_lane(app, lane, "rest", name, read, body.decode, call_timeout, auth)
            await send_answer(send, encode(result), closing())
    else:
        async def handler(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["method"] != "POST":
                _not_post()
            auth, encoding, announced = request_head(scope)
            try:
                raw = await read_body(receive, cap, announced)
                msg = body.decode(raw if encoding is None else inflated(raw, encoding, cap))
            except ApiError as err:
                app.refused("rest", name, err)
                raise
            try:
                answer = encode(app.call("rest", name, msg, authorization=auth, on_loop=True))
            except OffLoop:  # App.call keeps the event loop for calls it serves alone: this one runs in a thread
                answer = await in_threads(lambda: encode(app.call("rest", name, msg, authorization=auth)))
            await send_answer(send, answer, closing())
    return asgi(meth.rest_route, name=name, copy_scope=False)(handler)


async def _answer(app: App, name: str, msg, auth: str | None) -> bytes:
    """The encoded answer of a call: on the event loop when App.call takes it there, else (OffLoop) in a
    thread. (The per-method routes, ApplyMove's among them, spell this out: a helper costs a coroutine
    a call.)"""
    try:
        return encode(app.call("rest", name, msg, authorization=auth, on_loop=True))
    except OffLoop:
        return await in_threads(lambda: encode(app.call("rest", name, msg, authorization=auth)))


def _game_routes(app: App, meth: Method, body: Body, closing: Callable[[], bool]) -> list:
    """`/v1/games/{game}:<verb>`: an ASGI route per registered game (a plain path: litestar 2.25 cannot
    route an ASGI handler with a path parameter, KeyError on the method), and behind them a litestar route
    for any other game id, which answers what is wrong (an unknown game, a wrong verb)."""
    prefix, _, verb = meth.rest_route.partition("{game}")  # "/v1/games/", ":new"
    return [*(_one_game_route(app, meth, body, game.info.id, prefix + game.info.id + verb, closing)
              for game in engines.games()), _game_route(app, meth, body)]


def _one_game_route(app: App, meth: Method, body: Body, game: str, path: str, closing: Callable[[], bool]):
    name = meth.name
    cap = limits.request_bytes(name, json=True)

    async def handler(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] != "POST":
            _not_post()
        auth, encoding, announced = request_head(scope)
        try:
            data = _game_body(body, game, inflated(await read_body(receive, cap, announced), encoding, cap))
        except ApiError as err:
            app.refused("rest", name, err)
            raise
        await send_answer(send, await _answer(app, name, data, auth), closing())
    return asgi(path, name=f"{name}.{game}", copy_scope=False)(handler)


def _game_body(body: Body, game: str, raw: bytes):
    """The request message of a game route, its `game` the path's; ApiError when the body names another."""
    data = body.decode(raw)
    if data.game and data.game != game:
        raise invalid("game_mismatch", f"game: body says {clip(data.game)}, path says {clip(game)}", field="game")
    data.game = game
    return data


def _game_route(app: App, meth: Method, body: Body):
    """`/v1/games/{game}:<verb>`: the game id comes from the path (litestar cannot split `{game}:new`).

    A litestar route: the registered games have ASGI routes of their own (`_game_routes`), so this one
    answers the other ids, naming what is wrong."""
    name = meth.name
    prefix, _, verb = meth.rest_route.partition("{game}")  # "/v1/games/", ":new"
    cap = limits.request_bytes(name, json=True)

    async def handler(spec: str, request: Request) -> Response:
        game, sep, tail = spec.rpartition(":")
        auth, encoding, _ = request_head(request.scope)
        try:
            if not sep or ":" + tail != verb:
                raise ApiError("NOT_FOUND", "no_such_route", f"no such route: {prefix}{spec} (did you mean "
                               f"{prefix}{spec.partition(':')[0]}{verb}?)")
            data = _game_body(body, game, inflated(await request.body(), encoding, cap))
        except ApiError as err:
            app.refused("rest", name, err)
            raise
        return Response(await _answer(app, name, data, auth), media_type=JSON)
    return post(prefix + "{spec:str}", status_code=200, name=name, include_in_schema=False,
                request_max_body_size=cap)(handler)
