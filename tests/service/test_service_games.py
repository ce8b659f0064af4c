"""Full Hats games over each transport, and both transports agreeing on the same token."""
from __future__ import annotations

import base64

import pytest
from google.protobuf import json_format
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from service.api import engine_pb2 as pb


def test_full_hats_game_over_rest_with_curl_style_json(http):
    games = http.get("/v1/games").json()["games"]
    assert "hats" in [g["id"] for g in games]
    r = http.post("/v1/games/hats:new", json={"seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy", "kind": "robot"}],
                                             "seed": "42", "want": {"view": True, "seat": 0, "legalMoves": True}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["seed"] == "42" and body["toAct"] == [0]
    assert len(body["view"]["hats"]["hand"]) == 9
    state, moves, turns = body["state"], body["legalMoves"], 0
    while True:
        # Alternate the three ways to give a move: text, typed, index.
        move = moves[turns % len(moves)]
        if turns % 3 == 0:
            req = {"state": state, "move": {"seat": move["seat"], "text": move["text"]}}
        elif turns % 3 == 1:
            req = {"state": state, "move": {"seat": move["seat"], "hats": move["hats"]}}
        else:
            req = {"state": state, "index": moves.index(move)}
        req["want"] = {"legalMoves": True, "score": True}
        r = http.post("/v1/apply", json=req)
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["move"]["text"] == move["text"]
        state, moves, turns = out["state"], out.get("legalMoves", []), turns + 1
        if out.get("finished"):
            break
        assert turns < 200
    score = http.post("/v1/score", json={"state": state}).json()["score"]
    assert score["finished"] is True and score["winners"]
    assert len(score["seats"]) == 3 and score["moveCount"] == turns
    assert out["score"] == score
    view = http.post("/v1/view", json={"state": state}).json()
    assert view["finished"] and view["view"]["hats"]["phase"] == "finished"
    assert [s["name"] for s in view["seats"]] == ["Ann", "Bob", "Cy"]


def test_full_hats_game_over_grpc(stub):
    resp = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat(name="a"), pb.Seat(name="b")],
                                          options={"removed_types": "O,W"}, seed=3), timeout=10)
    state, n = resp.state, 0
    while True:
        legal = stub.LegalMoves(pb.LegalMovesRequest(state=state), timeout=10)
        assert legal.to_act and legal.moves
        move = legal.moves[n % len(legal.moves)]
        typed = pb.Move(seat=move.seat, hats=move.hats) if n % 2 else pb.Move(seat=move.seat, text=move.text)
        out = stub.ApplyMove(pb.ApplyMoveRequest(state=state, move=typed), timeout=10)
        state, n = out.state, n + 1
        assert out.move_count == n
        if out.finished:
            break
    score = stub.Score(pb.ScoreRequest(state=state), timeout=10).score
    assert score.finished and list(score.winners)
    assert {s.seat for s in score.seats} == {0, 1}


def test_events_are_redacted_for_the_perspective(stub):
    new = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=11,
                                         want=pb.Want(legal_moves=True)), timeout=10)
    black = next(m for m in new.legal_moves if m.hats.kind == m.hats.BLACK)
    mine = stub.ApplyMove(pb.ApplyMoveRequest(state=new.state, move=black), timeout=10)
    theirs = stub.ApplyMove(pb.ApplyMoveRequest(state=new.state, move=black, want=pb.Want(seat=1)), timeout=10)
    ev_mine = next(e for e in mine.events if e.kind == "black_hat")
    ev_theirs = next(e for e in theirs.events if e.kind == "black_hat")
    assert ev_mine.private.fields["card"].string_value == black.hats.card
    assert not ev_theirs.HasField("private")


def test_rest_and_grpc_agree_on_the_same_token(http, stub):
    new = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}, {}], "seed": "5"}).json()
    token = base64.b64decode(new["state"])
    for _ in range(5):  # a few moves in, so the views are not trivial
        token = base64.b64decode(http.post("/v1/apply", json={"state": base64.b64encode(token).decode(),
                                                             "index": 0}).json()["state"])
    b64 = base64.b64encode(token).decode()
    pairs = [
        ("/v1/legal-moves", {"state": b64}, stub.LegalMoves, pb.LegalMovesRequest(state=token)),
        ("/v1/legal-moves", {"state": b64, "seat": 1}, stub.LegalMoves, pb.LegalMovesRequest(state=token, seat=1)),
        ("/v1/score", {"state": b64}, stub.Score, pb.ScoreRequest(state=token)),
        ("/v1/view", {"state": b64, "seat": 2}, stub.View, pb.ViewRequest(state=token, seat=2)),
        ("/v1/view", {"state": b64}, stub.View, pb.ViewRequest(state=token)),
    ]
    for route, body, rpc, request in pairs:
        rest = http.post(route, json=body).json()
        grpc_json = json_format.MessageToDict(rpc(request, timeout=10))
        assert rest == grpc_json, route
    games = http.get("/v1/games").json()
    assert games == json_format.MessageToDict(stub.ListGames(pb.ListGamesRequest(), timeout=10))


def test_health_and_reflection(channel):
    health = health_pb2_grpc.HealthStub(channel)
    for name in ("", "engine.v1.GameService"):
        assert health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5).status == \
            health_pb2.HealthCheckResponse.SERVING
    refl = reflection_pb2_grpc.ServerReflectionStub(channel)
    out = list(refl.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=5))
    names = {s.name for s in out[0].list_services_response.service}
    assert "engine.v1.GameService" in names and "grpc.health.v1.Health" in names
    out = list(refl.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(
        file_containing_symbol="engine.v1.HatsMove")]), timeout=5))
    assert out[0].file_descriptor_response.file_descriptor_proto


def test_http_health_and_openapi(http):
    assert http.get("/healthz").json() == {"status": "ok"}
    assert http.get("/readyz").status_code == 200
    doc = http.get("/schema/openapi.json").json()
    assert "/v1/apply" in doc["paths"] and "/v1/games/{spec}" in doc["paths"]


def test_metrics_move_when_requests_are_served(http):
    def value(text, name, **labels):
        want = [f'{k}="{v}"' for k, v in labels.items()]
        total = 0.0
        for line in text.splitlines():
            if line.startswith(name + "{") and all(w in line for w in want):
                total += float(line.rsplit(" ", 1)[1])
        return total

    before = http.get("/metrics").text
    new = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "1"}).json()
    for _ in range(3):
        new = http.post("/v1/apply", json={"state": new["state"], "index": 0}).json()
    http.post("/v1/apply", json={"state": new["state"], "index": 999})
    http.post("/v1/score", json={"state": "AQJrMgAAAAA="})
    after = http.get("/metrics").text
    ok = dict(transport="rest", method="ApplyMove", game="hats", code="OK")
    assert value(after, "tabletop_requests_total", **ok) - value(before, "tabletop_requests_total", **ok) == 3
    err = dict(method="ApplyMove", game="hats", code="INVALID_ARGUMENT", reason="bad_move_index")
    assert value(after, "tabletop_errors_total", **err) - value(before, "tabletop_errors_total", **err) == 1
    dur = dict(transport="rest", method="ApplyMove", game="hats")
    assert value(after, "tabletop_request_duration_seconds_count", **dur) - \
        value(before, "tabletop_request_duration_seconds_count", **dur) == 4
    assert value(after, "tabletop_moves_applied_total", game="hats") - \
        value(before, "tabletop_moves_applied_total", game="hats") == 3
    assert value(after, "tabletop_games_started_total", game="hats") > value(before, "tabletop_games_started_total", game="hats")
    assert value(after, "tabletop_tokens_refused_total", reason="token_truncated") > \
        value(before, "tabletop_tokens_refused_total", reason="token_truncated")


def test_text_and_typed_move_may_spell_the_same_move_differently(http):
    new = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "seed": "7",
                                                 "want": {"legalMoves": True}}).json()
    move = next(mv for mv in new["legalMoves"] if mv["hats"]["kind"] == "EXCHANGE")
    card, space = move["hats"]["card"], move["hats"]["space"]
    body = {"state": new["state"], "move": {"seat": 0, "text": f"exchange  {card} 0{space}",
                                            "hats": {"kind": "EXCHANGE", "card": card, "space": space}}}
    r = http.post("/v1/apply", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["move"]["text"] == f"exchange {card} {space}"
    body["move"]["text"] = "end"
    r = http.post("/v1/apply", json=body)
    assert r.status_code == 400 and r.json()["reason"] == "move_mismatch"
