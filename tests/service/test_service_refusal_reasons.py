"""Refusals that must say their own reason, and refusals inside a batch or stream that must be counted.

Over real sockets (one worker, so a scrape of /metrics sees every count at once):

- a move's text is checked against its limit (service/app/limits.py MAX_TEXT, 256 characters)
  before any engine reads it: one character over is `bad_move_text` naming the limit, where a text
  at the limit reaches the engine, which names what it cannot read (`unknown_move`);
- a protobuf NewGame's seats are counted before the message is converted (limits.COUNTED): 65
  seats for a game that does not exist are `bad_seat_count`, where 64 get as far as the game
  lookup (`unknown_game`); so the count comes first on gRPC and Connect's binary form;
- a state refused inside ScoreBatch or ScoreStream (the call itself answers OK, with an error as
  that state's result) is counted in /metrics by its reason, as a refused call is: tokens refused
  (`token_tampered`) and access refusals (`wrong_key`).
"""
from __future__ import annotations

import base64
import time

import grpc
import httpx
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from prometheus_client.parser import text_string_to_metric_families

from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc

MAX_TEXT = 256  # README "Limits": move texts 256 characters
MAX_SEATS = 64  # seats counted before conversion
GAME = {"seats": [{}, {}, {}], "options": {"start_seat": "1"}, "seed": "7"}


@pytest.fixture(scope="module")
def svc(start_module_service):
    s = start_module_service(workers=1, extra_env={"TABLETOP_ACCESS": "seats"})
    with httpx.Client(base_url=s.http, timeout=10) as http, grpc.insecure_channel(s.grpc_target) as ch:
        yield http, engine_pb2_grpc.GameServiceStub(ch)


def new_game(http) -> dict:
    r = http.post("/v1/games/hats:new", json=GAME)
    assert r.status_code == 200, r.text
    return r.json()


def grpc_refusal(call, request, key: str | None = None) -> tuple[str, error_details_pb2.ErrorInfo, str]:
    """(code name, ErrorInfo, message) of a refused gRPC call."""
    meta = () if key is None else (("authorization", f"Bearer {key}"),)
    with pytest.raises(grpc.RpcError) as caught:
        call(request, metadata=meta, timeout=10)
    err, info = caught.value, error_details_pb2.ErrorInfo()
    status = rpc_status.from_call(err)
    assert status is not None and status.details[0].Unpack(info), f"no ErrorInfo: {err.code()} {err.details()}"
    return err.code().name, info, err.details()


# -- the move text's limit ------------------------------------------------------------------------------

def test_a_move_text_over_its_limit_is_refused_for_its_length_before_the_engine_reads_it(svc):
    http, stub = svc
    game = new_game(http)
    auth = {"authorization": f"Bearer {game['hostKey']}"}
    over, at = "x" * (MAX_TEXT + 1), "x" * MAX_TEXT
    r = http.post("/v1/apply", json={"state": game["state"], "move": {"seat": 1, "text": over}}, headers=auth)
    body = r.json()
    assert (r.status_code, body["reason"]) == (400, "bad_move_text"), body
    assert body["details"].get("field") == "move.text" and f"at most {MAX_TEXT}" in body["message"], body
    r = http.post("/v1/apply", json={"state": game["state"], "move": {"seat": 1, "text": at}}, headers=auth)
    assert r.json()["reason"] == "unknown_move", r.text  # at the limit: the engine reads it, and says why not
    state = base64.b64decode(game["state"])
    code, info, message = grpc_refusal(stub.ApplyMove, pb.ApplyMoveRequest(
        state=state, move=pb.Move(seat=1, text=over)), game["hostKey"])
    assert (code, info.reason, info.metadata["field"]) == ("INVALID_ARGUMENT", "bad_move_text", "move.text")
    assert f"at most {MAX_TEXT}" in message and over not in message  # quoted by a short prefix only
    code, info, _ = grpc_refusal(stub.ApplyMove, pb.ApplyMoveRequest(state=state, move=pb.Move(seat=1, text=at)),
                                 game["hostKey"])
    assert info.reason == "unknown_move"


# -- seats counted before conversion --------------------------------------------------------------------

def _new_game_request(seats: int) -> pb.NewGameRequest:
    return pb.NewGameRequest(game="no_such_game", seats=[pb.Seat(name="x")] * seats)


def test_grpc_counts_new_game_seats_before_converting_the_message(svc):
    _, stub = svc
    code, info, message = grpc_refusal(stub.NewGame, _new_game_request(MAX_SEATS + 1))
    assert (code, info.reason, info.metadata["field"]) == ("INVALID_ARGUMENT", "bad_seat_count", "seats")
    assert f"at most {MAX_SEATS}" in message
    code, info, _ = grpc_refusal(stub.NewGame, _new_game_request(MAX_SEATS))
    assert (code, info.reason) == ("NOT_FOUND", "unknown_game")  # within the count: converted, then looked up


def test_connect_binary_counts_new_game_seats_before_converting_the_message(svc):
    http, _ = svc

    def reason(seats: int) -> str:
        r = http.post("/engine.v1.GameService/NewGame", content=_new_game_request(seats).SerializeToString(),
                      headers={"content-type": "application/proto", "connect-protocol-version": "1"})
        value = r.json()["details"][0]["value"]
        return error_details_pb2.ErrorInfo.FromString(base64.b64decode(value + "=" * (-len(value) % 4))).reason
    assert reason(MAX_SEATS + 1) == "bad_seat_count"
    assert reason(MAX_SEATS) == "unknown_game"


# -- refusals inside ScoreBatch and ScoreStream are counted ---------------------------------------------

def metric(http, name: str, **labels: str) -> float:
    """The sum of the samples of `name` whose labels include `labels`."""
    total = 0.0
    for family in text_string_to_metric_families(http.get("/metrics").text):
        for sample in family.samples:
            if sample.name == name and labels.items() <= sample.labels.items():
                total += sample.value
    return total


def counted(http, name: str, before: float, expected: float, **labels: str) -> float:
    """The counter's rise since `before` once it reaches `expected` (or what it reached in 2 s)."""
    deadline = time.monotonic() + 2
    while True:
        rise = metric(http, name, **labels) - before
        if rise >= expected or time.monotonic() > deadline:
            return rise
        time.sleep(0.05)


def tampered(token_b64: str) -> bytes:
    token = bytearray(base64.b64decode(token_b64))
    token[-1] ^= 1  # the tag
    return bytes(token)


TOKENS = ("tabletop_tokens_refused_total", {"reason": "token_tampered"})
ACCESS = ("tabletop_access_refused_total", {"reason": "wrong_key"})


@pytest.mark.parametrize("transport", ["rest", "grpc", "grpc stream"])
def test_refusals_inside_score_batch_and_score_stream_are_counted(svc, transport):
    http, stub = svc
    game, other = new_game(http), new_game(http)
    good, bad = base64.b64decode(game["state"]), tampered(game["state"])

    def score(states, key=None):
        meta = () if key is None else (("authorization", f"Bearer {key}"),)
        if transport == "rest":
            r = http.post("/v1/score:batch", json={"states": [base64.b64encode(s).decode() for s in states]},
                          headers=dict(meta))
            assert r.status_code == 200, r.text
            return [res.get("error", {}).get("reason") for res in r.json()["results"]]
        if transport == "grpc":
            results = stub.ScoreBatch(pb.ScoreBatchRequest(states=states), metadata=meta, timeout=10).results
        else:
            results = list(stub.ScoreStream(iter([pb.ScoreRequest(state=s) for s in states]), metadata=meta,
                                            timeout=10))
        return [r.error.reason if r.HasField("error") else None for r in results]

    # ... and in the error metrics, under the batch's or stream's own method and transport, by reason.
    errors = {"transport": "rest" if transport == "rest" else "grpc",
              "method": "ScoreStream" if transport == "grpc stream" else "ScoreBatch"}
    before = metric(http, TOKENS[0], **TOKENS[1])
    before_errors = metric(http, "tabletop_errors_total", reason="token_tampered", **errors)
    assert score([good, bad, good, bad, bad]) == [None, "token_tampered", None, "token_tampered", "token_tampered"]
    assert counted(http, TOKENS[0], before, 3, **TOKENS[1]) == 3
    assert counted(http, "tabletop_errors_total", before_errors, 3, reason="token_tampered", **errors) == 3
    before = metric(http, ACCESS[0], **ACCESS[1])
    before_errors = metric(http, "tabletop_errors_total", reason="wrong_key", game="hats", **errors)
    assert score([good, good], other["hostKey"]) == ["wrong_key", "wrong_key"]  # another game's key, per state
    assert counted(http, ACCESS[0], before, 2, **ACCESS[1]) == 2
    assert counted(http, "tabletop_errors_total", before_errors, 2, reason="wrong_key", game="hats",
                   **errors) == 2


def test_a_score_stream_with_a_bad_authorization_header_is_refused_by_name(svc):
    """As ScoreBatch is: UNAUTHENTICATED `bad_authorization`, never UNKNOWN (it was: the refusal escaped
    the stream's handler as an exception), counted, and the header's value not echoed."""
    http, stub = svc
    state = base64.b64decode(new_game(http)["state"])
    before = metric(http, "tabletop_access_refused_total", reason="bad_authorization")
    for call in (stub.ScoreBatch, lambda req, **kw: list(stub.ScoreStream(iter([pb.ScoreRequest(state=state)]), **kw))):
        request = pb.ScoreBatchRequest(states=[state])
        code, info, message = grpc_refusal(call, request, key="a b")  # `Bearer a b`: a key holds no space
        assert (code, info.reason) == ("UNAUTHENTICATED", "bad_authorization"), (code, message)
        assert "a b" not in message
    assert counted(http, "tabletop_access_refused_total", before, 2, reason="bad_authorization") == 2


def test_every_transport_gives_too_many_seats_of_an_unknown_game_the_same_reason(svc):
    """REST and Connect JSON convert before the app counts: the app counts before it looks the game up."""
    http, _ = svc
    body = {"game": "no_such_game", "seats": [{"name": "x"}] * (MAX_SEATS + 1)}
    r = http.post("/v1/games/no_such_game:new", json={"seats": body["seats"]})
    assert (r.status_code, r.json()["reason"]) == (400, "bad_seat_count"), r.text
    r = http.post("/engine.v1.GameService/NewGame", json=body, headers={"connect-protocol-version": "1"})
    assert r.status_code == 400 and r.json()["code"] == "invalid_argument", r.text
    assert "at most 64" in r.json()["message"]


@pytest.mark.parametrize("game", ["hats", "rune_market", "cambio"])
def test_a_seat_off_the_table_is_refused_before_its_text_over_rest(svc, game):
    """`pass` is no move of Hats or Rune Market: the seat is still what is wrong, as in every game."""
    http, _ = svc
    seats = [{}, {}, {}] if game == "hats" else [{}, {}]
    r = http.post(f"/v1/games/{game}:new", json={"seats": seats, "seed": "1", "access": "open"})
    assert r.status_code == 200, r.text
    r = http.post("/v1/apply", json={"state": r.json()["state"], "move": {"seat": 9, "text": "pass"}})
    assert (r.status_code, r.json()["reason"]) == (400, "no_such_seat"), r.text
    assert f"seats 0..{len(seats) - 1}" in r.json()["message"]
