"""Acceptance 1 of the seat-keys issue, over real sockets: gRPC, REST and Connect enforce one rule.

The service runs with its real default (`seats` for a game with hidden information). In a `seats`
game, View/ApplyMove/LegalMoves for seat 1 with seat 0's key, with a key of another game or with
none are refused or cut to the spectator's share; the host key can do everything; an `open`
game behaves as before seat keys. Keys travel only as `authorization: Bearer <key>`.
"""
from __future__ import annotations

import base64

import grpc
import httpx
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc
from engines.core.reasons import HTTP_STATUS

CONNECT = {"content-type": "application/json", "connect-protocol-version": "1"}


@pytest.fixture(scope="module")
def svc(start_module_service):
    s = start_module_service(workers=1, extra_env={"TABLETOP_ACCESS": "auto"})
    with httpx.Client(base_url=s.http, timeout=10) as http, grpc.insecure_channel(s.grpc_target) as ch:
        yield http, engine_pb2_grpc.GameServiceStub(ch)


class Rest:
    """One call over REST: (HTTP status, reason or None, body)."""

    routes = {"View": "/v1/view", "LegalMoves": "/v1/legal-moves", "ApplyMove": "/v1/apply", "Score": "/v1/score"}

    def __init__(self, http):
        self.http = http

    def __call__(self, method, body, key=None):
        headers = {} if key is None else {"authorization": f"Bearer {key}"}
        r = self.http.post(self.routes[method], json=body, headers=headers)
        data = r.json()
        return r.status_code, data.get("reason") if r.status_code != 200 else None, data


class Connect(Rest):
    def __call__(self, method, body, key=None):
        headers = dict(CONNECT, **({} if key is None else {"authorization": f"Bearer {key}"}))
        r = self.http.post(f"/engine.v1.GameService/{method}", json=body, headers=headers)
        data = r.json()
        if r.status_code == 200:
            return 200, None, data
        info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(data["details"][0]["value"] + "=="))
        return HTTP_STATUS[data["code"].upper()], info.reason, data  # Connect's own table differs; compare codes


class Grpc:
    requests = {"View": pb.ViewRequest, "LegalMoves": pb.LegalMovesRequest, "ApplyMove": pb.ApplyMoveRequest,
                "Score": pb.ScoreRequest}
    status = {"UNAUTHENTICATED": 401, "PERMISSION_DENIED": 403, "FAILED_PRECONDITION": 409, "INVALID_ARGUMENT": 400}

    def __init__(self, stub):
        self.stub = stub

    def __call__(self, method, body, key=None):
        from google.protobuf import json_format
        req = json_format.ParseDict(body, self.requests[method]())
        meta = () if key is None else (("authorization", f"Bearer {key}"),)
        try:
            resp = getattr(self.stub, method)(req, metadata=meta, timeout=10)
        except grpc.RpcError as err:
            info = error_details_pb2.ErrorInfo()
            rpc_status.from_call(err).details[0].Unpack(info)
            return self.status.get(err.code().name, 500), info.reason, {}
        return 200, None, json_format.MessageToDict(resp)


@pytest.fixture(params=["rest", "grpc", "connect"])
def call(request, svc):
    http, stub = svc
    return {"rest": Rest(http), "connect": Connect(http), "grpc": Grpc(stub)}[request.param]


def new_game(http, **extra):
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "options": {"start_seat": "1"}, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def test_new_game_defaults_to_seats_returns_keys_and_hides_a_drawn_seed(svc):
    http, _ = svc
    game = new_game(http)
    assert game["access"] == "seats" and game["hostKey"] and "seed" not in game
    keys = [s["key"] for s in game["seats"]]
    assert len(set(keys)) == 3 and game["hostKey"] not in keys
    assert new_game(http, seed="5")["seed"] == "5"  # a seed the caller chose is the caller's business


def test_rest_reads_the_first_of_repeated_authorization_headers(svc):
    http, _ = svc
    game = new_game(http)
    key1, key0 = game["seats"][1]["key"], game["seats"][0]["key"]
    body = {"state": game["state"], "seat": 1}
    twice = lambda first, second: http.post("/v1/view", json=body, headers=[  # noqa: E731
        ("authorization", f"Bearer {first}"), ("authorization", f"Bearer {second}")])
    assert twice(key1, key0).status_code == 200  # as litestar's own header map reads them
    assert twice(key0, key1).json()["reason"] == "wrong_key"


def test_seat_one_is_guarded_on_every_transport(svc, call):
    http, _ = svc
    game, other = new_game(http), new_game(http)
    state, key0, key1, host = game["state"], game["seats"][0]["key"], game["seats"][1]["key"], game["hostKey"]
    foreign = other["seats"][1]["key"]
    view1 = {"state": state, "seat": 1}
    assert call("View", view1)[:2] == (401, "no_key")
    assert call("View", view1, key0)[:2] == (403, "wrong_key")
    assert call("View", view1, foreign)[:2] == (403, "wrong_key")
    assert call("View", view1, "s1.k2.not-a-mac")[:2] == (403, "wrong_key")
    status, _, own = call("View", view1, key1)
    assert status == 200 and own["view"]["hats"]["hand"]
    status, _, hosted = call("View", view1, host)
    assert status == 200 and hosted["view"] == own["view"]
    spectator = call("View", {"state": state}, key0)[2]["view"]["hats"]
    assert "hand" not in spectator
    # Seat 1 is to act: only its key or the host key moves for it.
    move = {"state": state, "index": 0}
    assert call("ApplyMove", move)[:2] == (401, "no_key")
    assert call("ApplyMove", move, key0)[:2] == (409, "not_your_turn")  # seat 0's own list is empty now
    assert call("ApplyMove", {"state": state, "move": {"seat": 1, "text": "end"}}, key0)[:2] == (403, "wrong_key")
    assert call("ApplyMove", move, foreign)[:2] == (403, "wrong_key")
    assert call("ApplyMove", move, key1)[0] == 200
    assert call("ApplyMove", move, host)[0] == 200
    # Listings: each key lists its own seat's moves; no key lists none; the host lists all.
    lm = lambda key: call("LegalMoves", {"state": state}, key)[2].get("moves", [])  # noqa: E731
    assert lm(None) == [] and lm(key0) == [] and lm(key1) and {m["seat"] for m in lm(key1)} == {1}
    assert lm(host) == lm(key1)
    assert call("LegalMoves", {"state": state, "seat": 1}, key0)[:2] == (403, "wrong_key")
    # Mid-game score: only its public part without the host key.
    assert call("Score", {"state": state}, host)[2]["score"]["seats"][0].get("rank")
    assert not call("Score", {"state": state}, key1)[2]["score"]["seats"][0].get("rank")


def test_score_batch_cuts_each_mid_game_score_for_its_caller(svc):
    http, _ = svc
    game = new_game(http)
    body = {"states": [game["state"]]}
    public = http.post("/v1/score:batch", json=body).json()["results"][0]["score"]
    full = http.post("/v1/score:batch", json=body, headers={"authorization": f"Bearer {game['hostKey']}"}).json()
    assert not public["seats"][0].get("rank") and full["results"][0]["score"]["seats"][0].get("rank")
    wrong = http.post("/v1/score:batch", json=body, headers={"authorization": f"Bearer {new_game(http)['hostKey']}"})
    assert wrong.json()["results"][0]["error"]["reason"] == "wrong_key"


def test_a_bad_authorization_header_is_named(svc):
    http, _ = svc
    game = new_game(http)
    r = http.post("/v1/view", json={"state": game["state"], "seat": 1}, headers={"authorization": "Basic abc"})
    assert r.status_code == 401 and r.json()["reason"] == "bad_authorization"
    assert "abc" not in r.text  # a credential is never echoed


def test_an_open_game_behaves_as_before(svc, call):
    http, _ = svc
    game = new_game(http, access="open")
    assert game["access"] == "open" and "hostKey" not in game and "key" not in game["seats"][0]
    assert call("View", {"state": game["state"], "seat": 2})[0] == 200
    assert len(call("LegalMoves", {"state": game["state"]})[2]["moves"]) > 0
    assert call("ApplyMove", {"state": game["state"], "move": {"seat": 1, "text": "end"}})[:2] != (401, "no_key")
    assert call("Score", {"state": game["state"]})[2]["score"]["seats"][0].get("rank")


def test_refusals_are_counted_by_reason_and_keys_never_appear_in_metrics(svc):
    http, _ = svc
    game = new_game(http)
    http.post("/v1/view", json={"state": game["state"], "seat": 1})
    http.post("/v1/view", json={"state": game["state"], "seat": 1},
              headers={"authorization": f"Bearer {game['seats'][0]['key']}"})
    text = http.get("/metrics").text
    assert 'tabletop_access_refused_total{reason="no_key"}' in text
    assert 'tabletop_access_refused_total{reason="wrong_key"}' in text
    assert game["seats"][0]["key"] not in text and game["hostKey"] not in text
