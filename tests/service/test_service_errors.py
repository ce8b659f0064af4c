"""Every error path, over both transports, from one table of cases.

Each case is a request (proto3 JSON, sent as-is over REST and parsed into the
protobuf message for gRPC) with the gRPC code, HTTP status and reason it must
get; after each, the server must still serve.
"""
from __future__ import annotations

import base64

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import engines
from service.api import engine_pb2 as pb
from service.app.tokens import Sealer, pack_seats

ROUTES = {"NewGame": None, "LegalMoves": "/v1/legal-moves", "ApplyMove": "/v1/apply", "Score": "/v1/score",
          "View": "/v1/view", "ScoreBatch": "/v1/score:batch"}


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


class Ctx:
    """A dealt Hats game (3 seats, seed 7) and what the tests need to know about it."""

    def __init__(self, http, keys):
        self.keys = keys
        r = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "seed": "7"})
        assert r.status_code == 200, r.text
        self.token = base64.b64decode(r.json()["state"])
        self.game = engines.get("hats")
        self.state = self.game.new(3, None, 7)  # the same deal, locally, to pick moves
        legal = {self.game.move_info(self.state, c).text for c in self.game.legal_moves(self.state)}
        hand = self.game.view(self.state, 0)["hand"]
        self.illegal = next(f"exchange {c} {k}" for c in hand for k in range(1, 7) if f"exchange {c} {k}" not in legal)
        self.other_card = self.game.view(self.state, 1)["hand"][0]

    def sealed(self, encoded: bytes, kid: str = "k2", key: str | None = None) -> str:
        key = key or self.keys["k2"]
        return b64(Sealer([(kid, base64.b64decode(key))]).seal(encoded, 0, pack_seats([("", "human")] * 3)))


def _flip(token: bytes) -> bytes:
    t = bytearray(token)
    t[len(t) // 2] ^= 0x01
    return bytes(t)


# (id, method, request builder, gRPC code, HTTP status, reason)
CASES = [
    ("illegal_move", "ApplyMove", lambda c: {"state": b64(c.token), "move": {"seat": 0, "text": c.illegal}},
     grpc.StatusCode.FAILED_PRECONDITION, 409, "must_be_same_type_or_higher"),
    ("wrong_seat", "ApplyMove", lambda c: {"state": b64(c.token), "move": {"seat": 1, "text": f"black {c.other_card}"}},
     grpc.StatusCode.FAILED_PRECONDITION, 409, "not_your_turn"),
    ("bad_move_text", "ApplyMove", lambda c: {"state": b64(c.token), "move": {"seat": 0, "text": "exchange Q9 1"}},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "bad_card"),
    ("bad_typed_move", "ApplyMove", lambda c: {"state": b64(c.token), "move": {"seat": 0, "hats": {"card": "R1"}}},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "bad_move"),
    ("missing_move", "ApplyMove", lambda c: {"state": b64(c.token)},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "missing_move"),
    ("index_out_of_range", "ApplyMove", lambda c: {"state": b64(c.token), "index": 999},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "bad_move_index"),
    ("unknown_game", "NewGame", lambda c: {"game": "chess", "seats": [{}, {}]},
     grpc.StatusCode.NOT_FOUND, 404, "unknown_game"),
    ("bad_option_value", "NewGame", lambda c: {"game": "hats", "seats": [{}, {}, {}], "options": {"tiebreak": "x"}},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "bad_option_value"),
    ("unknown_option", "NewGame", lambda c: {"game": "hats", "seats": [{}, {}, {}], "options": {"colour": "red"}},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "unknown_option"),
    ("bad_seat_count", "NewGame", lambda c: {"game": "hats", "seats": [{}]},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "bad_seat_count"),
    ("bad_seat_kind", "NewGame", lambda c: {"game": "hats", "seats": [{}, {"kind": "alien"}]},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "bad_seat_kind"),
    ("view_no_such_seat", "View", lambda c: {"state": b64(c.token), "seat": 7},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "no_such_seat"),
    ("token_one_byte_changed", "LegalMoves", lambda c: {"state": b64(_flip(c.token))},
     grpc.StatusCode.UNAUTHENTICATED, 401, "token_tampered"),
    ("token_truncated", "ApplyMove", lambda c: {"state": b64(c.token[:-10]), "index": 0},
     grpc.StatusCode.UNAUTHENTICATED, 401, "token_truncated"),
    ("token_unknown_key", "Score", lambda c: {"state": c.sealed(c.game.encode(c.state), kid="k9")},
     grpc.StatusCode.UNAUTHENTICATED, 401, "token_unknown_key"),
    ("token_forged_with_wrong_key", "Score", lambda c: {"state": c.sealed(c.game.encode(c.state), key=b64(bytes(32)))},
     grpc.StatusCode.UNAUTHENTICATED, 401, "token_tampered"),
    ("token_not_a_token", "View", lambda c: {"state": b64(b"hello world")},
     grpc.StatusCode.UNAUTHENTICATED, 401, "token_malformed"),
    ("token_of_another_game", "LegalMoves", lambda c: {"state": b64(c.token), "game": "cambio"},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "token_wrong_game"),
    ("token_rules_version", "Score",
     lambda c: {"state": c.sealed(c.game.encode(c.state).replace(b"\x031.0", b"\x030.9", 1))},
     grpc.StatusCode.FAILED_PRECONDITION, 409, "token_rules_version"),
    ("token_missing", "Score", lambda c: {},
     grpc.StatusCode.INVALID_ARGUMENT, 400, "token_missing"),
]


@pytest.fixture(scope="module")
def ctx(http, token_keys):
    return Ctx(http, token_keys)


def _rest(http, method, body):
    if method == "NewGame":
        game = body.pop("game")
        return http.post(f"/v1/games/{game}:new", json=body)
    return http.post(ROUTES[method], json=body)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_error_over_rest(http, ctx, case):
    _, method, build, _, status, reason = case
    r = _rest(http, method, build(ctx))
    assert r.status_code == status, r.text
    body = r.json()
    assert body["reason"] == reason, body
    assert body["message"] and body["code"] == case[3].name
    assert http.get("/v1/games").status_code == 200  # still serving


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_error_over_grpc(stub, ctx, case):
    _, method, build, code, _, reason = case
    request = json_format.ParseDict(build(ctx), getattr(pb, f"{method}Request")())
    with pytest.raises(grpc.RpcError) as info:
        getattr(stub, method)(request, timeout=10)
    err = info.value
    assert err.code() == code, err.details()
    status = rpc_status.from_call(err)
    detail = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(detail)
    assert detail.reason == reason and detail.domain == "tabletop-engine"
    assert err.details()  # the message says why
    assert stub.ListGames(pb.ListGamesRequest(), timeout=10).games  # still serving


@pytest.mark.parametrize("body,reason", [
    (b'{"state": "abc", ', "malformed_json"),
    (b'not json at all', "malformed_json"),
    (b'{"index": "x"}', "bad_request_body"),
    (b'{"bogus": 1}', "bad_request_body"),
    (b'[1, 2]', "bad_request_body"),
])
def test_malformed_json_is_refused_with_the_problem(http, body, reason):
    r = http.post("/v1/apply", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["reason"] == reason
    assert r.json()["message"]


def test_wrong_json_type_names_the_field(http):
    r = http.post("/v1/apply", json={"state": "", "index": "x"})
    assert r.status_code == 400 and "index" in r.json()["message"]


def test_unknown_route_and_missing_body(http):
    r = http.post("/v1/nothing", json={})
    assert r.status_code == 404 and r.json()["reason"] == "no_such_route"
    r = http.post("/v1/games/hats", json={})
    assert r.status_code == 404 and ":new" in r.json()["message"]
    r = http.post("/v1/score")
    assert r.status_code == 400 and r.json()["reason"] in ("missing_body", "malformed_json")


def test_token_sealed_with_the_rotated_out_key_still_opens(http, ctx):
    token = ctx.sealed(ctx.game.encode(ctx.state), kid="k1", key=ctx.keys["k1"])
    r = http.post("/v1/score", json={"state": token})
    assert r.status_code == 200, r.text


def test_score_batch_reports_each_error_in_place(http, stub, ctx):
    body = {"states": [b64(ctx.token), b64(_flip(ctx.token)), b64(ctx.token[:20])]}
    results = http.post("/v1/score:batch", json=body).json()["results"]
    assert "score" in results[0]
    assert [r["error"]["reason"] for r in results[1:]] == ["token_tampered", "token_truncated"]
    g = stub.ScoreBatch(json_format.ParseDict(body, pb.ScoreBatchRequest()), timeout=10)
    assert json_format.MessageToDict(g) == {"results": results}


def test_score_stream_over_grpc(stub, ctx):
    reqs = [pb.ScoreRequest(state=ctx.token), pb.ScoreRequest(state=_flip(ctx.token)), pb.ScoreRequest(state=ctx.token)]
    out = list(stub.ScoreStream(iter(reqs), timeout=10))
    assert [r.WhichOneof("result") for r in out] == ["score", "error", "score"]
    assert out[1].error.reason == "token_tampered"
