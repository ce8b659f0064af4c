"""What browsers, Unity and grpcurl send: CORS, every proto3 JSON spelling, gRPC-Web, gzip, reflection v1.

Real sockets on 127.0.0.1: the session service (no CORS origins configured) and one
started here with TABLETOP_CORS_ORIGINS.
"""
from __future__ import annotations

import base64
import gzip
import json
import struct
import urllib.parse

import grpc
import httpx
import pytest
from google.rpc import error_details_pb2, status_pb2

from service.api import engine_pb2 as pb
from service.api import hats_pb2
from service.process.cors import Cors, parse_origins
from service.wire.methods import METHODS

from listed import listed

ORIGIN = "http://table.example:5173"
CONNECT = {"content-type": "application/json", "connect-protocol-version": "1"}
# What connect-web, grpc-web and grpc-dotnet's GrpcWebHandler send beside the body.
CLIENT_HEADERS = ["content-type", "connect-protocol-version", "connect-timeout-ms", "grpc-timeout", "x-grpc-web",
                  "x-user-agent", "authorization"]
EXPOSED = ["grpc-status", "grpc-message", "grpc-status-details-bin"]


@pytest.fixture(scope="module")
def cors_http(start_module_service):
    svc = start_module_service(workers=1, extra_env={"TABLETOP_CORS_ORIGINS": f"{ORIGIN}, http://other.example"})
    with httpx.Client(base_url=svc.http, timeout=10) as client:
        yield client


def _routes():
    """(method, path) of every REST route and every Connect / gRPC-Web path."""
    out = []
    for meth in METHODS:
        if meth.rest_route:
            out.append((meth.rest_verb, meth.rest_route.replace("{game}", "hats")))
        out.append(("POST", meth.full_name))
    return out


def _preflight(client, path, origin=ORIGIN, method="POST"):
    return client.options(path, headers={"origin": origin, "access-control-request-method": method,
                                         "access-control-request-headers": ", ".join(CLIENT_HEADERS)})


def test_preflight_answers_every_route_for_allowed_origins(cors_http):
    for method, path in _routes():
        r = _preflight(cors_http, path, method=method)
        assert r.status_code == 204, (path, r.status_code, r.text)
        assert r.headers["access-control-allow-origin"] == ORIGIN
        assert method in r.headers["access-control-allow-methods"]
        allowed = {h.strip() for h in r.headers["access-control-allow-headers"].split(",")}
        assert set(CLIENT_HEADERS) <= allowed, (path, set(CLIENT_HEADERS) - allowed)
    assert _preflight(cors_http, "/v1/apply", origin="http://other.example").status_code == 204


def test_preflight_refuses_other_origins_clearly(cors_http):
    r = _preflight(cors_http, "/v1/apply", origin="http://evil.example")
    assert r.status_code == 403 and "access-control-allow-origin" not in r.headers
    assert r.json()["reason"] == "origin_not_allowed" and "evil.example" in r.json()["message"]


def test_answers_carry_cors_headers_and_expose_the_grpc_status(cors_http):
    new = cors_http.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "1"}, headers={"origin": ORIGIN})
    assert new.status_code == 200 and new.headers["access-control-allow-origin"] == ORIGIN
    exposed = {h.strip() for h in new.headers["access-control-expose-headers"].split(",")}
    assert set(EXPOSED) <= exposed
    # Errors too: a page must be able to read why it was refused.
    bad = cors_http.post("/engine.v1.GameService/Score", json={"state": "AAAA"}, headers={**CONNECT, "origin": ORIGIN})
    assert bad.status_code == 401 and bad.headers["access-control-allow-origin"] == ORIGIN
    lost = cors_http.post("/v1/nowhere", json={}, headers={"origin": ORIGIN})
    assert lost.status_code == 404 and lost.headers["access-control-allow-origin"] == ORIGIN
    # Another origin's page gets the answer without the header (its browser withholds it).
    other = cors_http.post("/v1/score", json={"state": "AAAA"}, headers={"origin": "http://evil.example"})
    assert "access-control-allow-origin" not in other.headers
    assert "access-control-allow-origin" not in cors_http.get("/v1/games").headers  # no Origin: untouched


def test_without_configured_origins_nothing_is_allowed(http):
    r = _preflight(http, "/v1/apply")
    assert "access-control-allow-origin" not in r.headers


def test_origin_lists():
    assert parse_origins(" http://a.example/ ,, https://b.example:8443") == ("http://a.example",
                                                                              "https://b.example:8443")
    anyone = Cors(None, parse_origins("*"))
    assert anyone.allowed(b"http://whatever.example") and not Cors(None, ("http://a",)).allowed(b"http://b")


# ---------------------------------------------------------------- proto3 JSON as a parser must accept it

def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("route", ["rest", "connect"])
def test_every_proto3_json_spelling_is_accepted(http, route):
    def call(method, path, body):
        if route == "rest":
            return http.post(path, json=body)
        return http.post(f"/engine.v1.GameService/{method}", json=body, headers=CONNECT)
    # grpcurl's snake_case names, a 64-bit seed as a number, a 32-bit seat as a string, null as the default.
    new = call("NewGame", "/v1/games/hats:new", {"game": "hats", "seats": [{"name": "Ann"}, {}, {}], "seed": 11,
                                                 "want": {"legal_moves": True, "seat": "0", "view": None}})
    assert new.status_code == 200, new.text
    body = new.json()
    assert body["seed"] == "11" and body["legalBySeat"]
    raw = base64.b64decode(body["state"])
    first = listed(body)[0]
    # Unpadded URL-safe base64 and the index as a string in exponent form.
    moved = call("ApplyMove", "/v1/apply", {"state": _b64url(raw), "index": "0e0",
                                            "want": {"legal_moves": True, "typed_moves": True}})
    assert moved.status_code == 200, moved.text
    assert moved.json()["move"]["text"] == first["text"]
    # A typed move's enum as its number (HatsMove.Kind), as Unity's JsonUtility writes it.
    state = moved.json()["state"]
    nxt = moved.json()["legalMoves"][0]
    typed = dict(nxt["hats"], kind=hats_pb2.HatsMove.Kind.Value(nxt["hats"]["kind"]))
    again = call("ApplyMove", "/v1/apply", {"state": state, "move": {"seat": nxt["seat"], "hats": typed}})
    assert again.status_code == 200, again.text
    assert again.json()["move"]["text"] == nxt["text"]


def test_unreadable_values_name_their_field(http):
    r = http.post("/v1/score", json={"state": "not base64!"})
    assert r.status_code == 400 and r.json()["reason"] == "bad_request_body" and "$.state" in r.json()["message"]
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "want": {"seat": "one"}})
    assert r.status_code == 400 and "$.want.seat" in r.json()["message"]
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "want": {"legal_moves": True, "legalMoves": True}})
    assert r.status_code == 400 and "twice" in r.json()["message"]
    # An unknown field is skipped (a newer client's, issue 32); a known one beside it is still read and checked.
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "sneaky": 1, "want": {"seat": "one"}})
    assert r.status_code == 400 and "$.want.seat" in r.json()["message"] and "sneaky" not in r.json()["message"]


def test_move_and_index_must_agree(http):
    new = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "seed": "5",
                                                "want": {"legalMoves": True}}).json()
    moves = listed(new)
    assert len(moves) > 1
    other = {"seat": moves[1]["seat"], "text": moves[1]["text"]}
    r = http.post("/v1/apply", json={"state": new["state"], "move": other, "index": 0})
    assert r.status_code == 400 and r.json()["reason"] == "move_ambiguous", r.text
    assert moves[0]["text"] in r.json()["message"] and moves[1]["text"] in r.json()["message"]
    same = http.post("/v1/apply", json={"state": new["state"], "move": other, "index": 1})
    assert same.status_code == 200 and same.json()["move"]["text"] == moves[1]["text"]
    # Unity's JsonUtility sends every field: an empty move beside the index names nothing.
    unity = http.post("/v1/apply", json={"state": new["state"], "move": {"seat": 0, "text": ""}, "index": 0})
    assert unity.status_code == 200 and unity.json()["move"]["text"] == moves[0]["text"]


# ---------------------------------------------------------------- gRPC-Web and Connect on the HTTP port

def _grpc_web(client, method, message, text=False, compress=False, headers=None):
    payload = gzip.compress(message.SerializeToString()) if compress else message.SerializeToString()
    body = struct.pack(">BI", 1 if compress else 0, len(payload)) + payload
    kind = "application/grpc-web-text" if text else "application/grpc-web+proto"
    extra = {"grpc-encoding": "gzip"} if compress else {}
    r = client.post(f"/engine.v1.GameService/{method}", content=base64.b64encode(body) if text else body,
                    headers={"content-type": kind, "x-grpc-web": "1", **extra, **(headers or {})})
    assert r.status_code == 200, r.text
    return r


def _frames(r, text=False):
    """(message bytes or None, trailers) of a gRPC-Web answer; trailers-only answers carry them as headers."""
    data = base64.b64decode(r.content) if text else r.content
    message, trailers = None, {}
    while data:
        flag, length = struct.unpack_from(">BI", data)
        chunk, data = data[5:5 + length], data[5 + length:]
        if flag & 0x80:
            trailers = dict(line.split(":", 1) for line in chunk.decode().split("\r\n") if line)
        else:
            message = chunk
    for name in ("grpc-status", "grpc-message", "grpc-status-details-bin"):
        if name in r.headers:
            trailers[name] = r.headers[name]
    return message, trailers


@pytest.mark.parametrize("text", [False, True])
def test_grpc_web_plays_and_refuses(http, text):
    r = _grpc_web(http, "NewGame", pb.NewGameRequest(game="hats", seats=[pb.Seat(), pb.Seat()], seed=2,
                                                       want=pb.Want(legal_moves=True)), text=text)
    message, trailers = _frames(r, text)
    assert trailers["grpc-status"] == "0"
    new = pb.NewGameResponse.FromString(message)
    r = _grpc_web(http, "ApplyMove", pb.ApplyMoveRequest(state=new.state, index=0), text=text, compress=True)
    message, trailers = _frames(r, text)
    assert trailers["grpc-status"] == "0" and pb.ApplyMoveResponse.FromString(message).move.text
    # A refusal: trailers-only, the status and its google.rpc.Status with the ErrorInfo.
    r = _grpc_web(http, "ApplyMove", pb.ApplyMoveRequest(state=new.state, move=pb.Move(seat=1, text="end")),
                  text=text)
    message, trailers = _frames(r, text)
    assert message is None and trailers["grpc-status"] == str(grpc.StatusCode.FAILED_PRECONDITION.value[0])
    details = trailers["grpc-status-details-bin"]
    status = status_pb2.Status.FromString(base64.b64decode(details + "=" * (-len(details) % 4)))
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and info.reason == "not_your_turn"
    r = _grpc_web(http, "Nope", pb.ScoreRequest(), text=text)
    assert _frames(r, text)[1]["grpc-status"] == str(grpc.StatusCode.UNIMPLEMENTED.value[0])


def test_connect_gzip_bodies_and_unknown_methods(http):
    body = gzip.compress(json.dumps({"game": "hats", "seats": [{}, {}], "seed": "8"}).encode())
    r = http.post("/engine.v1.GameService/NewGame", content=body, headers={**CONNECT, "content-encoding": "gzip"})
    assert r.status_code == 200 and r.json()["seed"] == "8"
    r = http.post("/engine.v1.GameService/NewGame", content=body, headers={**CONNECT, "content-encoding": "br"})
    assert r.status_code == 501 and r.json()["code"] == "unimplemented" and "gzip" in r.headers["accept-encoding"]
    bomb = gzip.compress(b" " * (10 * 1024 * 1024))  # inflates far past the 64 KiB request cap
    r = http.post("/engine.v1.GameService/NewGame", content=bomb, headers={**CONNECT, "content-encoding": "gzip"})
    assert r.status_code == 429 and r.json()["code"] == "resource_exhausted"
    r = http.post("/engine.v1.GameService/Nope", json={}, headers=CONNECT)
    assert r.status_code == 404 and r.json()["code"] == "unimplemented" and "ApplyMove" in r.json()["message"]
    r = http.post("/other.v9.Service/Call", json={}, headers=CONNECT)
    assert r.status_code == 404 and r.json()["code"] == "unimplemented"
    r = http.get("/v1/apply")
    assert r.status_code == 405 and "POST" in r.headers["allow"] and r.json()["reason"] == "method_not_allowed"
    # On the Connect path, Connect errors (tests/service/test_service_protocol_errors.py has the rest).
    r = http.put("/engine.v1.GameService/Score", json={})  # side-effect free: GET and POST
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST" and r.json()["code"] == "unimplemented"
    r = http.get("/engine.v1.GameService/ApplyMove", params={"encoding": "json", "message": "{}"})
    assert r.status_code == 405 and r.headers["allow"] == "POST"
    r = http.post("/engine.v1.GameService/ApplyMove", content=b"{}" + b" " * (1024 * 1024), headers=CONNECT)
    assert r.status_code == 429 and r.json()["code"] == "resource_exhausted"


def test_rest_reads_gzip_bodies_and_refuses_what_it_cannot_inflate(http):
    zipped = {"content-type": "application/json", "content-encoding": "gzip"}
    new = gzip.compress(json.dumps({"seats": [{}, {}], "seed": "8"}).encode())
    r = http.post("/v1/games/hats:new", content=new, headers=zipped)
    assert r.status_code == 200 and r.json()["seed"] == "8"
    state = r.json()["state"]
    r = http.post("/v1/legal-moves", content=gzip.compress(json.dumps({"state": state}).encode()), headers=zipped)
    assert r.status_code == 200 and r.json()["moves"]
    batch = gzip.compress(json.dumps({"states": [state, state]}).encode())  # ScoreBatch reads its body in its turn
    r = http.post("/v1/score:batch", content=batch, headers=zipped)
    assert r.status_code == 200 and len(r.json()["results"]) == 2
    r = http.post("/v1/legal-moves", content=json.dumps({"state": state}).encode(),
                  headers={**zipped, "content-encoding": "identity"})
    assert r.status_code == 200
    r = http.post("/v1/games/hats:new", content=new, headers={**zipped, "content-encoding": "br"})
    assert r.status_code == 501 and r.json()["reason"] == "unsupported_encoding" and "gzip" in r.json()["message"]
    r = http.post("/v1/legal-moves", content=new[:-6], headers=zipped)
    assert r.status_code == 400 and r.json()["reason"] == "malformed_gzip"
    bomb = gzip.compress(b" " * (1024 * 1024))  # ~1 KB that inflates far past the request cap
    r = http.post("/v1/apply", content=bomb, headers=zipped)
    assert r.status_code == 413 and r.json()["reason"] == "body_too_large"


def test_rest_reads_streamed_bodies_and_refuses_one_past_the_cap_as_it_arrives(http):
    """A body sent in chunks without a length is read whole; one that grows past the route's cap is 413."""
    state = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "8"}).json()["state"]
    body = json.dumps({"state": state}).encode()

    def chunks(data: bytes, size: int):
        for i in range(0, len(data), size):
            yield data[i:i + size]
    r = http.post("/v1/legal-moves", content=chunks(body, 7), headers={"content-type": "application/json"})
    assert r.request.headers.get("transfer-encoding") == "chunked" and "content-length" not in r.request.headers
    assert r.status_code == 200 and r.json()["moves"]
    endless = chunks(b'{"state": "' + b"A" * (1024 * 1024) + b'"}', 16 * 1024)  # past ApplyMove's cap
    r = http.post("/v1/apply", content=endless, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["reason"] == "body_too_large"
    r = http.post("/v1/apply", content=b"{}" + b" " * (1024 * 1024), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["reason"] == "body_too_large"  # announced: refused unread


def test_connect_and_grpc_web_timeouts_bound_a_long_call(http):
    state = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "3"}).json()["state"]
    states = [state] * 1000  # scoring them takes tens of ms, checked against the deadline every 32
    batch = "/engine.v1.GameService/ScoreBatch"
    r = http.post(batch, json={"states": states[:3]}, headers={**CONNECT, "connect-timeout-ms": "60000"})
    assert r.status_code == 200 and len(r.json()["results"]) == 3
    r = http.post(batch, json={"states": states}, headers={**CONNECT, "connect-timeout-ms": "1"})
    assert r.json()["code"] == "deadline_exceeded", r.text
    r = http.post(batch, json={"states": states[:3]}, headers={**CONNECT, "connect-timeout-ms": "soon"})
    assert r.status_code == 400 and "connect-timeout-ms" in r.json()["message"]
    message = pb.ScoreBatchRequest(states=[base64.b64decode(state)] * 1000)
    _, trailers = _frames(_grpc_web(http, "ScoreBatch", message, headers={"grpc-timeout": "1m"}))
    assert trailers["grpc-status"] == str(grpc.StatusCode.DEADLINE_EXCEEDED.value[0])
    _, trailers = _frames(_grpc_web(http, "ScoreBatch", message, headers={"grpc-timeout": "60S"}))
    assert trailers["grpc-status"] == "0"
    _, trailers = _frames(_grpc_web(http, "Score", pb.ScoreRequest(), headers={"grpc-timeout": "5x"}))
    assert trailers["grpc-status"] == str(grpc.StatusCode.INVALID_ARGUMENT.value[0])
    assert "grpc-timeout" in urllib.parse.unquote(trailers["grpc-message"])


def test_reflection_v1_and_v1alpha(channel):
    from grpc_reflection.v1alpha import reflection_pb2 as refl
    for version in ("v1", "v1alpha"):
        info = channel.stream_stream(f"/grpc.reflection.{version}.ServerReflection/ServerReflectionInfo",
                                     refl.ServerReflectionRequest.SerializeToString,
                                     refl.ServerReflectionResponse.FromString)
        answers = list(info(iter([refl.ServerReflectionRequest(list_services=""),
                                  refl.ServerReflectionRequest(file_containing_symbol="engine.v1.GameService"),
                                  refl.ServerReflectionRequest(
                                      file_containing_symbol=f"grpc.reflection.{version}.ServerReflection")]),
                            timeout=10))
        names = {s.name for s in answers[0].list_services_response.service}
        assert {"engine.v1.GameService", "grpc.reflection.v1.ServerReflection",
                "grpc.reflection.v1alpha.ServerReflection"} <= names
        assert answers[1].file_descriptor_response.file_descriptor_proto
        assert answers[2].file_descriptor_response.file_descriptor_proto, answers[2]


def test_broken_grpc_web_bodies_are_invalid_argument(http):
    ok = pb.ScoreRequest(state=b"x").SerializeToString()
    frame = struct.pack(">BI", 0, len(ok)) + ok
    invalid = str(grpc.StatusCode.INVALID_ARGUMENT.value[0])
    for body, kind in [(b"\x00\x00", "application/grpc-web+proto"),               # shorter than a prefix
                       (frame + frame, "application/grpc-web+proto"),              # two messages in a unary call
                       (frame[:-1], "application/grpc-web+proto"),                 # length says more than sent
                       (b"%%%", "application/grpc-web-text"),                      # not base64
                       (struct.pack(">BI", 1, 3) + b"abc", "application/grpc-web+proto")]:  # flag 1, no encoding
        r = http.post("/engine.v1.GameService/Score", content=body, headers={"content-type": kind})
        assert r.status_code == 200 and r.headers["grpc-status"] == invalid, (body, r.headers, r.text)
        assert r.headers["grpc-message"]
    gz = struct.pack(">BI", 1, 3) + b"abc"
    r = http.post("/engine.v1.GameService/Score", content=gz,
                  headers={"content-type": "application/grpc-web+proto", "grpc-encoding": "br"})
    assert r.headers["grpc-status"] == str(grpc.StatusCode.UNIMPLEMENTED.value[0])
