"""The access rule on every transport, over real sockets (shared/design/SECURITY.md, README "seat keys").

REST, gRPC, Connect POST, Connect GET (the side-effect-free methods) and gRPC-Web each answer every
caller of a `seats` game the same way: no key, seat 1's key (the seat asked for), seat 0's key
(another seat), the host key, and another game's seat and host keys, on ApplyMove, View, LegalMoves
and Score; ScoreBatch and ScoreStream cut a mid-game score for a seat key as Score does; a seat key
asking for another seat (`want.seat`, `seat`) is refused, and without `want.seat` it gets its own
seat's view and moves and the public score; a key verified in one game never opens another on the
same worker (the service runs one worker, so both games meet the same memo of verified keys).
"""
from __future__ import annotations

import base64
import json
import struct

import grpc
import httpx
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

import engines
from engines.core.reasons import HTTP_STATUS
from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc

SEED = "7"
OPTIONS = {"start_seat": "1"}  # seat 1 acts first
CONNECT = {"content-type": "application/json", "connect-protocol-version": "1"}
REST_ROUTES = {"View": "/v1/view", "LegalMoves": "/v1/legal-moves", "ApplyMove": "/v1/apply",
               "Score": "/v1/score", "ScoreBatch": "/v1/score:batch"}
SAFE = {"View", "LegalMoves", "Score", "ScoreBatch"}  # NO_SIDE_EFFECTS in the proto: Connect's GET form
CODE_NAMES = {code.value[0]: code.name for code in grpc.StatusCode}


@pytest.fixture(scope="module")
def svc(start_module_service):
    # One worker: every call below meets the same process, so the same memo of verified keys.
    s = start_module_service(workers=1, extra_env={"TABLETOP_ACCESS": "auto"})
    with httpx.Client(base_url=s.http, timeout=10) as http, grpc.insecure_channel(s.grpc_target) as ch:
        yield http, engine_pb2_grpc.GameServiceStub(ch)


class Reply:
    """One answer, the same shape on every transport: `code` "OK" or the gRPC code's name, the
    refusal's reason, and the response message as proto3 JSON ({} for a refusal)."""

    def __init__(self, code: str, reason: str | None = None, body: dict | None = None):
        self.code, self.reason, self.body = code, reason, body or {}

    def __repr__(self) -> str:
        return f"Reply({self.code}, {self.reason})"


def _auth(key: str | None) -> dict:
    return {} if key is None else {"authorization": f"Bearer {key}"}


def _unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4))


def _reason_of_status(status: status_pb2.Status) -> str:
    info = error_details_pb2.ErrorInfo()
    assert status.details and status.details[0].Unpack(info), "a refusal carries its ErrorInfo"
    return info.reason


class Rest:
    name = "rest"

    def __init__(self, http, stub):
        self.http = http

    def __call__(self, method: str, body: dict, key: str | None = None) -> Reply:
        r = self.http.post(REST_ROUTES[method], json=body, headers=_auth(key))
        data = r.json()
        if r.status_code == 200:
            return Reply("OK", None, data)
        assert r.status_code == HTTP_STATUS[data["code"]], r.text  # REST's status is its code's
        return Reply(data["code"], data["reason"])


class ConnectPost(Rest):
    name = "connect"

    def __call__(self, method, body, key=None):
        return _connect_reply(self.http.post(f"/engine.v1.GameService/{method}", json=body,
                                             headers={**CONNECT, **_auth(key)}))


class ConnectGet(Rest):
    name = "connect-get"

    def __call__(self, method, body, key=None):
        return _connect_reply(self.http.get(f"/engine.v1.GameService/{method}", headers=_auth(key), params={
            "connect": "v1", "encoding": "json", "message": json.dumps(body)}))


def _connect_reply(r: httpx.Response) -> Reply:
    data = r.json()
    if r.status_code == 200:
        return Reply("OK", None, data)
    info = error_details_pb2.ErrorInfo.FromString(_unb64(data["details"][0]["value"]))
    return Reply(data["code"].upper(), info.reason)


class Grpc:
    name = "grpc"

    def __init__(self, http, stub):
        self.stub = stub

    def __call__(self, method, body, key=None):
        req = json_format.ParseDict(body, getattr(pb, f"{method}Request")())
        meta = tuple(_auth(key).items())
        try:
            resp = getattr(self.stub, method)(req, metadata=meta, timeout=10)
        except grpc.RpcError as err:
            return Reply(err.code().name, _reason_of_status(rpc_status.from_call(err)))
        return Reply("OK", None, json_format.MessageToDict(resp))


class GrpcWeb(Rest):
    name = "grpc-web"

    def __call__(self, method, body, key=None):
        payload = json_format.ParseDict(body, getattr(pb, f"{method}Request")()).SerializeToString()
        r = self.http.post(f"/engine.v1.GameService/{method}", content=struct.pack(">BI", 0, len(payload)) + payload,
                           headers={"content-type": "application/grpc-web+proto", "x-grpc-web": "1", **_auth(key)})
        assert r.status_code == 200, r.text
        message, trailers, data = None, dict(r.headers), r.content
        while data:  # message frame, trailer frame; a refusal is trailers-only (headers, no body)
            flag, length = struct.unpack_from(">BI", data)
            chunk, data = data[5:5 + length], data[5 + length:]
            if flag & 0x80:
                trailers.update(line.split(":", 1) for line in chunk.decode().split("\r\n") if line)
            else:
                message = chunk
        code = CODE_NAMES[int(trailers["grpc-status"])]
        if code != "OK":
            return Reply(code, _reason_of_status(status_pb2.Status.FromString(
                _unb64(trailers["grpc-status-details-bin"]))))
        return Reply("OK", None, json_format.MessageToDict(getattr(pb, f"{method}Response").FromString(message)))


TRANSPORTS = {t.name: t for t in (Rest, Grpc, ConnectPost, ConnectGet, GrpcWeb)}


@pytest.fixture(params=list(TRANSPORTS))
def call(request, svc):
    http, stub = svc
    return TRANSPORTS[request.param](http, stub)


def new_game(http) -> dict:
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "options": OPTIONS, "seed": SEED})
    assert r.status_code == 200, r.text
    game = r.json()
    assert game["access"] == "seats"
    return game


def _hand(seat: int | None) -> list[str]:
    """The hand `seat` holds at the deal (the engine itself, in process: the same seed deals the same)."""
    hats = engines.get("hats")
    return hats.view(hats.new(3, OPTIONS, int(SEED)), seat)["hand"]


def _seats_listed(body: dict) -> set:
    return {m.get("seat") for m in body.get("moves", [])}


# What each caller gets. A string is a refusal's reason; a function checks an answer's body.
NO_KEY, WRONG_KEY = ("UNAUTHENTICATED", "no_key"), ("PERMISSION_DENIED", "wrong_key")
NOT_YOUR_TURN = ("FAILED_PRECONDITION", "not_your_turn")


def seat_one_view(body):
    return body["view"].get("seat") == 1 and body["view"]["hats"]["hand"] == _hand(1)


def spectator_view(body):
    return body["view"].get("seat") is None and not body["view"]["hats"].get("hand") and body["toAct"] == [1]


def seat_one_moves(body):
    return _seats_listed(body) == {1} and len(body["moves"]) > 1


def no_moves(body):
    return _seats_listed(body) == set() and body["toAct"] == [1]


def moved_for_seat_one(body):
    return body["move"].get("seat") == 1 and body["moveCount"] == 1


def public_score(body):
    """Who sits where (and the move count) only: no seat's values, no winners or leaders."""
    score = body["score"]
    return (score.keys() <= {"game", "seats", "teams", "moveCount"} and len(score["seats"]) == 3
            and all(s.keys() <= {"seat"} for s in score["seats"]))


def full_score(body):
    return all(s.get("rank") for s in body["score"]["seats"])


CALLERS = ("none", "seat1", "seat0", "host", "foreign_seat1", "foreign_host")
# (method, request given the state and seat 1's first listed move) -> outcome per caller, in CALLERS' order
MATRIX = {
    "View seat 1": ("View", lambda s, mv: {"state": s, "seat": 1},
                    (NO_KEY, seat_one_view, WRONG_KEY, seat_one_view, WRONG_KEY, WRONG_KEY)),
    "View spectator": ("View", lambda s, mv: {"state": s},
                       (spectator_view, spectator_view, spectator_view, spectator_view, WRONG_KEY, WRONG_KEY)),
    "LegalMoves seat 1": ("LegalMoves", lambda s, mv: {"state": s, "seat": 1},
                          (NO_KEY, seat_one_moves, WRONG_KEY, seat_one_moves, WRONG_KEY, WRONG_KEY)),
    "LegalMoves": ("LegalMoves", lambda s, mv: {"state": s},
                   (no_moves, seat_one_moves, no_moves, seat_one_moves, WRONG_KEY, WRONG_KEY)),
    "ApplyMove index": ("ApplyMove", lambda s, mv: {"state": s, "index": 0},
                        (NO_KEY, moved_for_seat_one, NOT_YOUR_TURN, moved_for_seat_one, WRONG_KEY, WRONG_KEY)),
    "ApplyMove seat 1's move": ("ApplyMove", lambda s, mv: {"state": s, "move": mv},
                                (NO_KEY, moved_for_seat_one, WRONG_KEY, moved_for_seat_one, WRONG_KEY, WRONG_KEY)),
    "Score": ("Score", lambda s, mv: {"state": s},
              (public_score, public_score, public_score, full_score, WRONG_KEY, WRONG_KEY)),
}


def _keys(game: dict, other: dict) -> dict:
    return {"none": None, "seat1": game["seats"][1]["key"], "seat0": game["seats"][0]["key"],
            "host": game["hostKey"], "foreign_seat1": other["seats"][1]["key"], "foreign_host": other["hostKey"]}


def _outcome(reply: Reply, expected) -> bool:
    if isinstance(expected, tuple):
        return (reply.code, reply.reason) == expected
    return reply.code == "OK" and expected(reply.body)


def test_every_caller_gets_the_documented_outcome_on_every_transport(svc, call):
    """The whole matrix per transport; a failure lists every cell that differs."""
    http, _ = svc
    game, other = new_game(http), new_game(http)
    keys = _keys(game, other)
    first = {"seat": 1, "text": Rest(http, None)("LegalMoves", {"state": game["state"]}, keys["host"]).body[
        "moves"][0]["text"]}
    wrong = []
    for cell, (method, build, outcomes) in MATRIX.items():
        if call.name == "connect-get" and method not in SAFE:
            continue
        for caller, expected in zip(CALLERS, outcomes):
            reply = call(method, build(game["state"], first), keys[caller])
            if not _outcome(reply, expected):
                shown = expected if isinstance(expected, tuple) else expected.__name__
                wrong.append(f"{cell} by {caller}: got {reply} {str(reply.body)[:160]}, expected {shown}")
    assert not wrong, f"{call.name}:\n" + "\n".join(wrong)


def test_connect_get_serves_no_move(svc):
    http, _ = svc
    game = new_game(http)
    r = http.get("/engine.v1.GameService/ApplyMove", headers=_auth(game["hostKey"]),
                 params={"encoding": "json", "message": json.dumps({"state": game["state"], "index": 0})})
    assert r.status_code == 405


def test_score_batch_gives_a_seat_key_only_the_public_score(svc, call):
    """Mid-game, each state of a batch is cut for the caller as Score is: a seat key gets who sits
    where only; the host key the whole score; another game's key an error for that state."""
    http, stub = svc
    game, other = new_game(http), new_game(http)
    keys = _keys(game, other)
    body = {"states": [game["state"], game["state"]]}
    results = {caller: call("ScoreBatch", body, keys[caller]) for caller in ("none", "seat1", "seat0", "host",
                                                                              "foreign_seat1")}
    assert all(r.code == "OK" for r in results.values()), results
    for caller in ("none", "seat1", "seat0"):
        assert all(public_score(r) for r in results[caller].body["results"]), (caller, results[caller].body)
    assert all(full_score(r) for r in results["host"].body["results"]), results["host"].body
    assert [r["error"]["reason"] for r in results["foreign_seat1"].body["results"]] == ["wrong_key"] * 2


def test_score_stream_gives_a_seat_key_only_the_public_score(svc):
    http, stub = svc
    game, other = new_game(http), new_game(http)
    state = base64.b64decode(game["state"])

    def stream(key):
        meta = tuple(_auth(key).items())
        got = stub.ScoreStream(iter([pb.ScoreRequest(state=state)] * 2), metadata=meta, timeout=10)
        return [json_format.MessageToDict(r) for r in got]
    for key in (None, game["seats"][1]["key"], game["seats"][0]["key"]):
        assert all(public_score(r) for r in stream(key)), (key or "no key")[:2]
    assert all(full_score(r) for r in stream(game["hostKey"]))
    assert [r["error"]["reason"] for r in stream(other["hostKey"])] == ["wrong_key"] * 2


def _discard(http, game) -> tuple[str, dict]:
    """Seat 1's first move, then its discard: seat 2 acts after it. (state before the discard, the discard)"""
    key1 = game["seats"][1]["key"]
    first = Rest(http, None)("ApplyMove", {"state": game["state"], "index": 0}, key1)
    assert first.code == "OK" and first.body["toAct"] == [1], first.body
    moves = Rest(http, None)("LegalMoves", {"state": first.body["state"]}, key1).body["moves"]
    discard = next(m for m in moves if m["text"].startswith("discard"))
    return first.body["state"], {"seat": 1, "text": discard["text"]}


def test_a_seat_key_asking_for_another_seat_is_refused_on_every_call_that_takes_a_seat(svc, call):
    http, _ = svc
    game = new_game(http)
    key1 = game["seats"][1]["key"]
    state, discard = _discard(http, game)
    for seat in (0, 2):
        asked = {"View": {"state": state, "seat": seat}, "LegalMoves": {"state": state, "seat": seat},
                 "ApplyMove": {"state": state, "move": discard, "want": {"view": True, "seat": seat, "legalMoves": True,
                                                                          "score": True}}}
        for method, body in asked.items():
            if call.name == "connect-get" and method not in SAFE:
                continue
            reply = call(method, body, key1)
            assert (reply.code, reply.reason) == WRONG_KEY, (method, seat, reply, reply.body)
    if call.name != "connect-get":  # its own seat, named, is the same as not naming one
        own = call("ApplyMove", {"state": state, "move": discard, "want": {"view": True, "seat": 1}}, key1)
        assert own.code == "OK" and own.body["view"].get("seat") == 1


@pytest.mark.parametrize("typed", [True, False])
def test_without_want_seat_a_seat_key_gets_its_own_view_and_moves_and_the_public_score(svc, call, typed):
    """After seat 1's discard seat 2 acts: seat 1's key lists no move (its own seat has none) where the
    host key lists seat 2's; its view is its own (the card it drew is in its hand and its events) and
    its score the public part, where the host's is whole."""
    if call.name == "connect-get":
        pytest.skip("ApplyMove is not side-effect free: no GET form")
    http, _ = svc
    game = new_game(http)
    state, discard = _discard(http, game)
    want = {"view": True, "legalMoves": True, "score": True, "typedMoves": typed}
    listed = "legalMoves" if typed else "legalBySeat"
    mine = call("ApplyMove", {"state": state, "move": discard, "want": want}, game["seats"][1]["key"])
    hosted = call("ApplyMove", {"state": state, "move": discard, "want": want}, game["hostKey"])
    assert mine.code == "OK" and hosted.code == "OK", (mine, hosted)
    assert mine.body["toAct"] == [2] == hosted.body["toAct"]
    view = mine.body["view"]
    assert view.get("seat") == 1 and view["hats"]["hand"] and view["hats"]["hand"] != _hand(1), \
        "seat 1's own hand, with the card it drew"
    private = [e for e in mine.body.get("events", []) if e.get("privateTo") == [1]]
    assert private and private[0]["hats"], "seat 1 sees its own draw"
    assert not mine.body.get(listed), f"seat 1's key listed another seat's moves: {mine.body.get(listed)}"
    assert hosted.body.get(listed), "the host lists seat 2's moves (the cut above is a cut, not an empty state)"
    assert public_score(mine.body) and full_score(hosted.body)
    # What seat 1's key listed is what LegalMoves lists it for the new state (nothing: seat 2 acts).
    assert not call("LegalMoves", {"state": mine.body["state"]}, game["seats"][1]["key"]).body.get("moves")


def test_a_key_verified_in_one_game_does_not_open_another_on_the_same_worker(svc, call):
    """The service keeps the keys it verified, by game: a seat or host key checked in game A (so
    remembered) is still refused in game B, on a worker that has both."""
    http, _ = svc
    a, b = new_game(http), new_game(http)
    for key in (a["seats"][1]["key"], a["hostKey"]):
        assert call("View", {"state": a["state"], "seat": 1}, key).code == "OK"  # verified, so remembered
        assert call("View", {"state": a["state"], "seat": 1}, key).code == "OK"  # and served from the memo
        reply = call("View", {"state": b["state"], "seat": 1}, key)
        assert (reply.code, reply.reason) == WRONG_KEY, (key[:2], reply, reply.body)
        reply = call("Score", {"state": b["state"]}, key)
        assert (reply.code, reply.reason) == WRONG_KEY, (key[:2], reply, reply.body)
