"""Every refusal, over every transport, from one table of cases run for every game.

Each case is a request (proto3 JSON: sent as-is over REST and Connect, parsed
into the protobuf message for gRPC) with the gRPC code, HTTP status and reason
it must get. The same refusal gives the same reason and code over REST, Connect
and gRPC, in every game; REST's HTTP status is the one table's
(engines/core/reasons.py HTTP_STATUS), Connect's is the Connect protocol's.
After each, the server must still serve.
"""
from __future__ import annotations

import base64
import random
import re

import grpc
import msgspec
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import engines
from engines.core.reasons import HTTP_STATUS
from service.adapters.connect import HTTP_STATUS as CONNECT_HTTP_STATUS
from service.api import engine_pb2 as pb
from service.app.tokens import Sealer, pack_seats
from service.wire.games import wire

ROUTES = {"LegalMoves": "/v1/legal-moves", "ApplyMove": "/v1/apply", "Score": "/v1/score",
          "View": "/v1/view", "ScoreBatch": "/v1/score:batch"}
GAMES = engines.games()
CONNECT = {"content-type": "application/json", "connect-protocol-version": "1"}


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


class Ctx:
    """A dealt game (seed 7) of one registered game, and what the cases need to know about it."""

    def __init__(self, http, keys, game):
        self.keys, self.game, self.id = keys, game, game.info.id
        self.n = min(max(3, game.info.min_seats), game.info.max_seats)
        r = http.post(f"/v1/games/{self.id}:new", json={"seats": [{}] * self.n, "seed": "7"})
        assert r.status_code == 200, r.text
        self.token = base64.b64decode(r.json()["state"])
        self.state = game.new(self.n, None, 7)  # the same deal, locally, to pick moves
        self.infos = game.describe_moves(self.state)
        self.typed = wire(self.id).typed
        self.member = _member(self.id)  # the typed move's JSON name in Move (rune_market -> runeMarket)
        self.other_game = next((g.info.id for g in GAMES if g is not game and wire(g.info.id).typed), "none")

    def sealed(self, encoded: bytes, kid: str = "k2", key: str | None = None, count: int = 0) -> str:
        key = key or self.keys["k2"]
        seats = pack_seats([("", "human")] * self.n)
        return b64(Sealer([(kid, base64.b64decode(key))]).seal(encoded, count, seats))

    def finished(self) -> str:
        """A finished game of this deal, sealed with the service's key."""
        rnd, state = random.Random(1), self.game.new(self.n, None, 7)
        while not self.game.is_finished(state):
            codes = self.game.legal_moves(state)
            state, _ = self.game.apply(state, codes[rnd.randrange(len(codes))])
        return self.sealed(self.game.encode(state), count=self.game.move_count(state))

    def wrong_seat_move(self) -> dict:
        """A listed move's text, sent by a seat that may not act now."""
        info = self.infos[0]
        idle = next(s for s in range(self.n) if s not in self.game.to_act(self.state))
        return {"seat": idle, "text": info.text}

    def typed_of_the_other_game(self) -> dict:
        return {"seat": 0, _member(self.other_game): {"kind": "KIND_UNSPECIFIED"}} if self.other_game != "none" else None


def _member(game_id: str) -> str | None:
    field = pb.Move.DESCRIPTOR.fields_by_name.get(game_id)
    return field.json_name if field is not None else None


def _flip(token: bytes) -> bytes:
    t = bytearray(token)
    t[len(t) // 2] ^= 0x01
    return bytes(t)


def _bad_option(game) -> dict | None:
    """A value no option of the game takes: off its listed values, else past its maximum; None for a game
    without such an option (the test-only toy has no options)."""
    for spec in game.info.options:
        if spec.allowed:
            return {spec.name: "zzz-not-allowed"}
    for spec in game.info.options:
        if spec.max is not None:
            return {spec.name: str(spec.max + 1)}
    return None


def _hats_illegal(c):
    """Hats: an exchange with a lower card (a game-specific rule reason)."""
    if c.id != "hats":
        return None
    legal = {i.text for i in c.infos}
    hand = c.game.view(c.state, 0)["hand"]
    text = next(f"exchange {h} {k}" for h in hand for k in range(1, 7) if f"exchange {h} {k}" not in legal)
    return {"state": b64(c.token), "move": {"seat": 0, "text": text}}


FP, IA, UA, NF = (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.INVALID_ARGUMENT,
                  grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.NOT_FOUND)
# (id, method, request builder (None: not for this game), gRPC code, HTTP status, reason)
CASES = [
    ("not_your_turn", "ApplyMove", lambda c: {"state": b64(c.token), "move": c.wrong_seat_move()},
     FP, 409, "not_your_turn"),
    ("game_over_by_index", "ApplyMove", lambda c: {"state": c.finished(), "index": 0}, FP, 409, "game_over"),
    ("game_over_by_text", "ApplyMove", lambda c: {"state": c.finished(), "move": {"seat": 0, "text": "end"}},
     FP, 409, "game_over"),
    ("hats_rule_reason", "ApplyMove", _hats_illegal, FP, 409, "must_be_same_type_or_higher"),
    ("unknown_move_word", "ApplyMove", lambda c: {"state": b64(c.token), "move": {"seat": c.infos[0].seat,
                                                                                  "text": "fly away"}},
     IA, 400, "unknown_move"),
    ("typed_move_without_kind", "ApplyMove",
     lambda c: {"state": b64(c.token), "move": {"seat": 0, c.member: {}}} if c.typed else None,
     IA, 400, "bad_move"),
    ("typed_move_of_another_game", "ApplyMove",
     lambda c: {"state": b64(c.token), "move": c.typed_of_the_other_game()} if c.typed_of_the_other_game() else None,
     IA, 400, "wrong_game_move"),
    ("move_mismatch", "ApplyMove",
     lambda c: {"state": b64(c.token), "move": {"seat": c.infos[0].seat, "text": c.infos[-1].text,
                                                c.member: _typed(c, c.infos[0])}}
     if c.typed and c.infos[0].text != c.infos[-1].text else None,
     IA, 400, "move_mismatch"),
    ("missing_move", "ApplyMove", lambda c: {"state": b64(c.token)}, IA, 400, "missing_move"),
    ("index_out_of_range", "ApplyMove", lambda c: {"state": b64(c.token), "index": 99999},
     IA, 400, "bad_move_index"),
    ("unknown_game", "NewGame", lambda c: {"game": "chess", "seats": [{}, {}]}, NF, 404, "unknown_game"),
    ("bad_option_value", "NewGame",
     lambda c: {"game": c.id, "seats": [{}] * c.n, "options": _bad_option(c.game)} if _bad_option(c.game) else None,
     IA, 400, "bad_option_value"),
    ("unknown_option", "NewGame", lambda c: {"game": c.id, "seats": [{}] * c.n, "options": {"colour": "red"}},
     IA, 400, "unknown_option"),
    ("bad_seat_count", "NewGame", lambda c: {"game": c.id, "seats": [{}] * (c.game.info.max_seats + 1)},
     IA, 400, "bad_seat_count"),
    ("bad_seat_kind", "NewGame", lambda c: {"game": c.id, "seats": [{}] * (c.n - 1) + [{"kind": "alien"}]},
     IA, 400, "bad_seat_kind"),
    # no_such_seat: INVALID_ARGUMENT / 400 from every call that takes a seat.
    ("no_such_seat_new_game_want", "NewGame", lambda c: {"game": c.id, "seats": [{}] * c.n, "want": {"seat": 9}},
     IA, 400, "no_such_seat"),
    ("no_such_seat_view", "View", lambda c: {"state": b64(c.token), "seat": 9}, IA, 400, "no_such_seat"),
    ("no_such_seat_legal_moves", "LegalMoves", lambda c: {"state": b64(c.token), "seat": 9},
     IA, 400, "no_such_seat"),
    ("no_such_seat_move", "ApplyMove", lambda c: {"state": b64(c.token), "move": {"seat": 9,
                                                                                  "text": c.infos[0].text}},
     IA, 400, "no_such_seat"),
    ("no_such_seat_apply_want", "ApplyMove", lambda c: {"state": b64(c.token), "index": 0, "want": {"seat": 9}},
     IA, 400, "no_such_seat"),
    ("token_one_byte_changed", "LegalMoves", lambda c: {"state": b64(_flip(c.token))}, UA, 401, "token_tampered"),
    ("token_truncated", "ApplyMove", lambda c: {"state": b64(c.token[:-10]), "index": 0},
     UA, 401, "token_truncated"),
    ("token_unknown_key", "Score", lambda c: {"state": c.sealed(c.game.encode(c.state), kid="k9")},
     UA, 401, "token_unknown_key"),
    ("token_forged_with_wrong_key", "Score", lambda c: {"state": c.sealed(c.game.encode(c.state), key=b64(bytes(32)))},
     UA, 401, "token_tampered"),
    ("token_not_a_token", "View", lambda c: {"state": b64(b"hello world")}, UA, 401, "token_malformed"),
    ("token_of_another_game", "LegalMoves", lambda c: {"state": b64(c.token), "game": c.other_game},
     IA, 400, "token_wrong_game"),
    ("token_rules_version", "Score", lambda c: {"state": c.sealed(_other_version(c.game.encode(c.state)))},
     FP, 409, "token_rules_version"),
    ("token_missing", "Score", lambda c: {}, IA, 400, "token_missing"),
    ("batch_too_large", "ScoreBatch", lambda c: {"states": [b64(c.token)] * 1001}, IA, 400, "batch_too_large"),
]


def _typed(c, info) -> dict:
    return msgspec.json.decode(msgspec.json.encode(wire(c.id).move_payload(info.kind, info.args)))


def _other_version(encoded: bytes) -> bytes:
    """The encoded state with its rules version changed (the codec's header: id, then `\\x03<x.y>`)."""
    found = re.search(rb"\x03(\d)\.(\d)", encoded)
    assert found, encoded[:20]
    return encoded[:found.start()] + b"\x030.0" + encoded[found.end():]


@pytest.fixture(scope="module")
def contexts(http, token_keys):
    return {g.info.id: Ctx(http, token_keys, g) for g in GAMES}


def _rest(http, method, body):
    if method == "NewGame":
        body = dict(body)
        r = http.post(f"/v1/games/{body.pop('game')}:new", json=body)
    else:
        r = http.post(ROUTES[method], json=body)
    err = r.json()
    return r.status_code, err["code"], err["reason"], err["message"]


def _connect(http, method, body):
    r = http.post(f"/engine.v1.GameService/{method}", json=body, headers=CONNECT)
    err = r.json()
    value = err["details"][0]["value"]
    info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(value + "=" * (-len(value) % 4)))
    assert info.domain == "tabletop-engine"
    assert r.status_code == CONNECT_HTTP_STATUS[err["code"].upper()]  # Connect's own table
    return r.status_code, err["code"].upper(), info.reason, err["message"]


def _grpc(stub, method, body):
    request = json_format.ParseDict(body, getattr(pb, f"{method}Request")())
    with pytest.raises(grpc.RpcError) as info:
        getattr(stub, method)(request, timeout=10)
    err = info.value
    detail = error_details_pb2.ErrorInfo()
    assert rpc_status.from_call(err).details[0].Unpack(detail)
    assert detail.domain == "tabletop-engine"
    return None, err.code().name, detail.reason, err.details()


@pytest.mark.parametrize("game_id", [g.info.id for g in GAMES])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_same_refusal_everywhere(http, stub, contexts, case, game_id):
    """REST, Connect and gRPC: the same reason, code and message; REST's HTTP status from the one table."""
    _, method, build, code, status, reason = case
    body = build(contexts[game_id])
    if body is None:
        pytest.skip(f"not a case for {game_id}")
    assert HTTP_STATUS[code.name] == status  # the table pins the pair
    rest_status, rest_code, rest_reason, rest_message = _rest(http, method, body)
    assert (rest_status, rest_code, rest_reason) == (status, code.name, reason), rest_message
    assert rest_message
    assert _connect(http, method, body)[1:] == (code.name, reason, rest_message)
    assert _grpc(stub, method, body)[1:] == (code.name, reason, rest_message)
    assert http.get("/v1/games").status_code == 200  # still serving


@pytest.mark.parametrize("game_id", [g.info.id for g in GAMES])
def test_errors_as_data_in_batches_and_streams_carry_the_same_reason(http, stub, contexts, game_id):
    """ScoreBatch (REST, Connect, gRPC) and ScoreStream (gRPC): each bad token's error in place."""
    c = contexts[game_id]
    body = {"states": [b64(c.token), b64(_flip(c.token)), b64(c.token[:20])]}
    expected = [("UNAUTHENTICATED", "token_tampered"), ("UNAUTHENTICATED", "token_truncated")]
    rest = http.post("/v1/score:batch", json=body).json()["results"]
    assert "score" in rest[0] and [(r["error"]["code"], r["error"]["reason"]) for r in rest[1:]] == expected
    assert http.post("/engine.v1.GameService/ScoreBatch", json=body, headers=CONNECT).json()["results"] == rest
    g = stub.ScoreBatch(json_format.ParseDict(body, pb.ScoreBatchRequest()), timeout=10)
    assert json_format.MessageToDict(g) == {"results": rest}
    out = list(stub.ScoreStream(iter(pb.ScoreRequest(state=base64.b64decode(s)) for s in body["states"]), timeout=10))
    assert [json_format.MessageToDict(r) for r in out] == rest


@pytest.mark.parametrize("body,reason", [
    (b'{"state": "abc", ', "malformed_json"),
    (b'not json at all', "malformed_json"),
    (b'{"index": "x"}', "bad_request_body"),
    (b'{"bogus": 1, "state": 5}', "bad_request_body"),  # an unknown field is skipped, a bad one still refused
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


def test_token_sealed_with_the_rotated_out_key_still_opens(http, contexts):
    ctx = contexts["hats"]
    token = ctx.sealed(ctx.game.encode(ctx.state), kid="k1", key=ctx.keys["k1"])
    r = http.post("/v1/score", json={"state": token})
    assert r.status_code == 200, r.text
