"""Rolling upgrades and refusals in the caller's protocol (issue 32, items 1 and 2).

- A JSON request carrying fields this service does not know (a newer client's) plays over REST and
  Connect, top level and nested, as binary protobuf does; the other proto3 JSON spellings of known
  fields beside them are still read, and a known field's wrong value is still refused naming it.
- Every refusal on the Connect path is a Connect error (`{code, message, details: [ErrorInfo]}`),
  and on the gRPC-Web path a trailers-only grpc-status answer with the ErrorInfo: a wrong HTTP
  method, a body past the cap, an empty body, an unknown method. An empty NewGame is
  INVALID_ARGUMENT `missing_game` on every transport.
- connect-node's clients (Connect JSON, Connect binary, gRPC-Web) decode each of those refusals to
  its code (clients/ts/test/protocol-errors.test.mjs, run here with Node's test runner).
"""
from __future__ import annotations

import base64
import re
import struct

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status
from web.conftest import ts_client  # noqa: F401 - the fixture, shared
from web.test_front_ends import node_test

from service.adapters import openapi
from service.app import limits
from service.api import engine_pb2 as pb

CONNECT = {"content-type": "application/json", "connect-protocol-version": "1"}
PROTO = {"content-type": "application/proto", "connect-protocol-version": "1"}
GRPC_WEB = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"}
RPC = "/engine.v1.GameService/"
TOO_LARGE = limits.SMALL_REQUEST + 1  # bytes: past the cap of every unary method but ScoreBatch


def _b64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4))


def connect_error(r) -> tuple[str, error_details_pb2.ErrorInfo]:
    """(code, ErrorInfo) of a Connect error answer; fails on anything else (a REST body among them)."""
    body = r.json()
    assert set(body) <= {"code", "message", "details"} and body["details"][0]["type"] == "google.rpc.ErrorInfo", r.text
    return body["code"], error_details_pb2.ErrorInfo.FromString(_b64(body["details"][0]["value"]))


def grpc_web_error(r) -> tuple[int, error_details_pb2.ErrorInfo]:
    """(grpc-status, ErrorInfo) of a trailers-only gRPC-Web refusal: HTTP 200, the only status its clients read."""
    assert r.status_code == 200 and r.content == b"", (r.status_code, r.text)
    status = status_pb2.Status.FromString(_b64(r.headers["grpc-status-details-bin"]))
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info) and status.code == int(r.headers["grpc-status"])
    return status.code, info


def frame(message: bytes) -> bytes:
    return struct.pack(">BI", 0, len(message)) + message


# -- unknown JSON fields ------------------------------------------------------------------------------------

@pytest.mark.parametrize("transport", ["rest", "connect"])
def test_unknown_json_fields_are_skipped_and_the_game_plays(http, transport):
    def call(method, route, body):
        r = http.post(RPC + method, json=body, headers=CONNECT) if transport == "connect" else http.post(route, json=body)
        assert r.status_code == 200, r.text
        return r.json()

    # Newer fields at the top, in a seat, in `want` (beside `legal_moves`, a known field in its proto spelling).
    new = call("NewGame", "/v1/games/hats:new", {
        "game": "hats", "seats": [{"name": "Ann", "avatar": "owl"}, {}, {}], "seed": "5", "future": {"a": [1, 2]},
        "want": {"legal_moves": True, "view": True, "seat": 0, "explain": "yes"}})
    assert new["legalBySeat"] and new["view"] and new["seats"][0]["name"] == "Ann"
    state, listed = new["state"], new["legalBySeat"]
    for _ in range(6):
        move = {"seat": listed[0]["seat"], "text": listed[0]["moves"][0], "confidence": 0.9, "hint": {"x": 1}}
        out = call("ApplyMove", "/v1/apply", {"state": state, "move": move, "clientTime": "12:00",
                                              "want": {"legalMoves": True, "view": True, "animations": True}})
        assert out["move"]["text"] == move["text"] and out["legalBySeat"] and out["view"]
        state, listed = out["state"], out["legalBySeat"]
    score = call("Score", "/v1/score", {"state": state, "newer_option": 3})
    assert score["score"]["moveCount"] == 6


@pytest.mark.parametrize("body,field", [
    ({"state": 5, "future": 1}, "$.state"),
    ({"state": "AAAA", "want": {"legalMoves": "yes", "future": 1}}, "$.want.legalMoves"),
    ({"state": "AAAA", "index": "x", "move": {"future": 1}}, "$.index"),
    ({"state": "AAAA", "move": {"text": 5, "future": 1}}, "$.move.text"),
    ({"state": "AAAA", "move": {"seat": [1], "future": 1}}, "$.move.seat"),
])
def test_a_known_field_of_the_wrong_type_is_still_refused_naming_it(http, body, field):
    rest = http.post("/v1/apply", json=body)
    assert rest.status_code == 400 and rest.json()["reason"] == "bad_request_body", rest.text
    assert field in rest.json()["message"]
    connect = http.post(RPC + "ApplyMove", json=body, headers=CONNECT)
    code, info = connect_error(connect)
    assert connect.status_code == 400 and code == "invalid_argument" and info.reason == "bad_request_body"
    assert field in connect.json()["message"]


def test_the_openapi_document_takes_unknown_fields_in_requests_only():
    schemas = openapi.document()["components"]["schemas"]
    for sent in ("ApplyMoveRequest", "Move", "Want", "Seat", "HatsMove", "ScoreRequest"):
        assert "additionalProperties" not in schemas[sent], sent  # open: the service skips unknown fields
    for answered in ("ApplyMoveResponse", "Score", "View", "Error"):
        assert schemas[answered]["additionalProperties"] is False, answered
    hats = schemas["NewGameRequest_hats"]
    assert "additionalProperties" not in hats and "additionalProperties" not in hats["properties"]["want"]
    assert hats["properties"]["options"]["additionalProperties"] is False  # the game refuses an unknown option


# -- refusals in the caller's protocol --------------------------------------------------------------------

def test_connect_refusals_are_connect_errors(http):
    r = http.get(RPC + "ApplyMove", params={"encoding": "json", "message": "{}"})
    assert r.status_code == 405 and r.headers["allow"] == "POST"
    code, info = connect_error(r)
    assert code == "unimplemented" and info.reason == "method_not_allowed" and info.metadata["allow"] == "POST"
    r = http.put(RPC + "Score", json={}, headers=CONNECT)
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST" and connect_error(r)[0] == "unimplemented"
    for headers in (CONNECT, PROTO):  # announced past the cap, and sent in chunks without announcing it
        r = http.post(RPC + "Score", content=b"\x00" * TOO_LARGE, headers=headers)
        assert r.status_code == 429 and connect_error(r)[0] == "resource_exhausted", r.text
        assert connect_error(r)[1].reason == "body_too_large"
        assert f"larger than {limits.SMALL_REQUEST} bytes" in r.json()["message"]  # the route's answer, with its cap
        r = http.post(RPC + "Score", content=iter([b"\x00" * 50_000] * 6), headers=headers)
        assert r.status_code == 429 and connect_error(r)[1].reason == "body_too_large", r.text
    for method, headers in (("PUT", CONNECT), ("POST", CONNECT), ("DELETE", {})):
        r = http.request(method, RPC + "NoSuchMethod", content=b"{}", headers=headers)
        assert r.status_code == 404 and connect_error(r)[0] == "unimplemented" and "ApplyMove" in r.json()["message"]
    r = http.get(RPC + "ScoreStream")
    assert r.status_code == 501 and connect_error(r)[1].reason == "stream_over_unary"


@pytest.mark.parametrize("headers", [CONNECT, PROTO])
def test_an_empty_new_game_over_connect_is_invalid_argument_naming_game(http, headers):
    r = http.post(RPC + "NewGame", content=b"", headers=headers)
    code, info = connect_error(r)
    assert r.status_code == 400 and code == "invalid_argument", r.text
    assert info.reason == "missing_game" and info.metadata["field"] == "game"


def test_grpc_web_refusals_are_trailers_only_errors(http):
    unimplemented, exhausted = grpc.StatusCode.UNIMPLEMENTED.value[0], grpc.StatusCode.RESOURCE_EXHAUSTED.value[0]
    invalid = grpc.StatusCode.INVALID_ARGUMENT.value[0]
    for method in ("PUT", "GET", "DELETE"):
        r = http.request(method, RPC + "ApplyMove", headers=GRPC_WEB)
        assert grpc_web_error(r)[0] == unimplemented and grpc_web_error(r)[1].reason == "method_not_allowed"
        assert r.headers["allow"] == "POST"
    r = http.post(RPC + "Score", content=frame(b"\x00" * TOO_LARGE), headers=GRPC_WEB)
    assert grpc_web_error(r)[0] == exhausted and grpc_web_error(r)[1].reason == "body_too_large"
    r = http.post(RPC + "Score", content=base64.b64encode(frame(b"\x00" * TOO_LARGE)),
                  headers={**GRPC_WEB, "content-type": "application/grpc-web-text"})
    assert grpc_web_error(r)[0] == exhausted
    assert grpc_web_error(http.post(RPC + "NewGame", content=b"", headers=GRPC_WEB))[1].reason == "malformed_frame"
    code, info = grpc_web_error(http.post(RPC + "NewGame", content=frame(b""), headers=GRPC_WEB))
    assert code == invalid and info.reason == "missing_game" and info.metadata["field"] == "game"
    for method in ("POST", "PUT"):
        r = http.request(method, RPC + "NoSuchMethod", content=frame(b""), headers=GRPC_WEB)
        assert grpc_web_error(r)[0] == unimplemented and grpc_web_error(r)[1].reason == "no_such_method"
    r = http.get(RPC + "ScoreStream", headers=GRPC_WEB)
    assert grpc_web_error(r)[1].reason == "stream_over_unary"


def test_an_empty_new_game_is_invalid_argument_on_grpc_and_rest(http, stub):
    with pytest.raises(grpc.RpcError) as caught:
        stub.NewGame(pb.NewGameRequest(), timeout=10)
    info = error_details_pb2.ErrorInfo()
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert rpc_status.from_call(caught.value).details[0].Unpack(info) and info.reason == "missing_game"
    r = http.post("/v1/games/:new", json={"seats": [{}, {}]})  # no game in the path
    assert r.status_code == 400 and r.json()["reason"] == "missing_game" and r.json()["details"]["field"] == "game"
    r = http.post("/v1/games/hats:new", content=b"", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["reason"] == "missing_body"


def test_node_clients_decode_every_refusal_to_its_code(ts_client):  # noqa: F811 - the imported fixture
    out = node_test(ts_client, "protocol-errors.test.mjs")
    seen = dict(((fmt, what), (code, reason)) for fmt, what, code, reason in
                re.findall(r"refusal (\S+) (\S+): (\w+) (\w+)", out))
    expected = {"empty": ("InvalidArgument", "missing_game"), "too-large": ("ResourceExhausted", "body_too_large"),
                "unknown-method": ("Unimplemented", "no_such_method"),
                "wrong-method": ("Unimplemented", "method_not_allowed")}
    for fmt in ("connect-json", "connect-binary", "grpc-web"):
        for what, want in expected.items():
            assert seen.get((fmt, what)) == want, (fmt, what, seen)
    assert seen[("connect-json", "get")] == ("Unimplemented", "method_not_allowed")
