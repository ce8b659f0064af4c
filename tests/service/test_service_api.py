"""The service around the games: health, reflection, OpenAPI, metrics, ListGames, and Hats specifics.

Full games, REST/gRPC parity and typed round trips for every game are in
test_service_conformance.py (registry-driven).
"""
from __future__ import annotations

import random
import time

from google.protobuf import json_format
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

import engines
from service.api import engine_pb2 as pb
from service.app.metrics import FLUSH_SECONDS

from listed import listed, listed_pb


def test_events_are_redacted_for_the_perspective(stub):
    new = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=11,
                                         want=pb.Want(legal_moves=True, typed_moves=True)), timeout=10)
    black = next(m for m in new.legal_moves if m.hats.kind == m.hats.BLACK)
    mine = stub.ApplyMove(pb.ApplyMoveRequest(state=new.state, move=black), timeout=10)
    theirs = stub.ApplyMove(pb.ApplyMoveRequest(state=new.state, move=black, want=pb.Want(seat=1)), timeout=10)
    ev_mine = next(e for e in mine.events if e.kind == "black_hat")
    ev_theirs = next(e for e in theirs.events if e.kind == "black_hat")
    assert list(ev_mine.private_to) == [0] and ev_mine.hats.black_hat.card == black.hats.card
    assert ev_theirs.HasField("hats") and ev_theirs.hats.black_hat.seat == 0
    assert ev_theirs.hats.black_hat.card == ""  # the private field, left out for another seat


def test_list_games_is_the_same_over_both_transports(http, stub):
    games = http.get("/v1/games").json()
    assert games == json_format.MessageToDict(stub.ListGames(pb.ListGamesRequest(), timeout=10))
    assert [g["id"] for g in games["games"]] == [g.info.id for g in engines.games()]


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
    assert "/v1/apply" in doc["paths"] and "/v1/games/hats:new" in doc["paths"]
    # Every REST route of the method table (NewGame once per game), with its verb and its schemas.
    import engines
    from service.wire.methods import METHODS
    for meth in METHODS:
        if meth.rest_route:
            for game in engines.games():
                path = meth.rest_route.replace("{game}", game.info.id)
                assert meth.rest_verb.lower() in doc["paths"][path], path
    assert {"ApplyMoveRequest", "ApplyMoveResponse", "HatsEventExchanged", "CambioView"} <= set(
        doc["components"]["schemas"])


def test_metrics_move_when_requests_are_served(http):
    def value(text, name, **labels):
        want = [f'{k}="{v}"' for k, v in labels.items()]
        total = 0.0
        for line in text.splitlines():
            if line.startswith(name + "{") and all(w in line for w in want):
                total += float(line.rsplit(" ", 1)[1])
        return total

    # The service runs two workers: each passes its counts on every FLUSH_SECONDS, so moves that earlier tests
    # made (over gRPC too, and MOVES has no transport label) may still arrive. Start once they all have.
    before, end = http.get("/metrics").text, time.monotonic() + 10
    while time.monotonic() < end:
        time.sleep(2 * FLUSH_SECONDS)
        settled, before = before, http.get("/metrics").text
        if value(settled, "tabletop_moves_applied_total") == value(before, "tabletop_moves_applied_total"):
            break
    new = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "1"}).json()
    for _ in range(3):
        new = http.post("/v1/apply", json={"state": new["state"], "index": 0}).json()
    http.post("/v1/apply", json={"state": new["state"], "index": 999})
    http.post("/v1/score", json={"state": "AgJrMgAAAAA="})  # format 2, header cut short
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
                                                 "want": {"legalMoves": True, "typedMoves": True}}).json()
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


def test_listed_moves_are_texts_by_seat_unless_the_typed_form_is_wanted(http, stub):
    """`want.legalMoves` lists each seat's move texts (`legalBySeat`); with `typedMoves`, Moves with their
    typed form (`legalMoves`): the same moves in LegalMoves' order over both transports. An index into the
    compact listing plays that move, whose echo carries its typed form only when asked."""
    body = {"game": "hats", "seats": [{}, {}, {}], "seed": "7", "access": "open"}
    short = http.post("/v1/games/hats:new", json=dict(body, want={"legalMoves": True})).json()
    typed = http.post("/v1/games/hats:new", json=dict(body, want={"legalMoves": True, "typedMoves": True})).json()
    assert "legalMoves" not in short and "legalBySeat" not in typed
    assert short["legalBySeat"][0]["seat"] == 0 and [set(g) for g in short["legalBySeat"]] == [{"seat", "moves"}]
    assert all("hats" in mv for mv in typed["legalMoves"])
    assert listed(short) == [{"seat": mv["seat"], "text": mv["text"]} for mv in typed["legalMoves"]]
    assert http.post("/v1/legal-moves", json={"state": typed["state"]}).json()["moves"] == typed["legalMoves"]
    new = stub.NewGame(json_format.ParseDict(dict(body, want={"legalMoves": True}), pb.NewGameRequest()), timeout=10)
    assert json_format.MessageToDict(new)["legalBySeat"] == short["legalBySeat"] and not new.legal_moves
    out = stub.ApplyMove(pb.ApplyMoveRequest(state=new.state, index=2, want=pb.Want(legal_moves=True)), timeout=10)
    assert out.move == pb.Move(seat=0, text=listed(short)[2]["text"])  # seat and text: no typed form unasked
    assert out.legal_by_seat and not out.legal_moves
    whole = stub.ApplyMove(pb.ApplyMoveRequest(state=new.state, index=2, want=pb.Want(legal_moves=True,
                                                                                     typed_moves=True)), timeout=10)
    assert whole.move.text == out.move.text and whole.move.HasField("hats")
    assert listed_pb(out) == [pb.Move(seat=mv.seat, text=mv.text) for mv in whole.legal_moves]
    assert not whole.legal_by_seat


def test_compact_listing_groups_the_moves_of_several_seats_in_order(http):
    """When several seats may act (a Cambio stick-in), each seat's moves are a group, in LegalMoves' order,
    and an index counts across the groups."""
    want = {"legalMoves": True}
    out = http.post("/v1/games/cambio:new", json={"seats": [{}, {}, {}], "seed": "4", "access": "open",
                                                   "want": want}).json()
    rnd = random.Random(4)
    for _ in range(400):
        if len(out.get("toAct", ())) > 1:
            break
        out = http.post("/v1/apply", json={"state": out["state"], "index": rnd.randrange(len(listed(out))),
                                           "want": want}).json()
    else:
        raise AssertionError("no state with several seats to act within 400 moves")
    groups = out["legalBySeat"]
    assert len(groups) >= 2 and [g.get("seat", 0) for g in groups] == sorted({g.get("seat", 0) for g in groups})
    full = http.post("/v1/legal-moves", json={"state": out["state"]}).json()["moves"]
    assert listed(out) == [{"seat": mv.get("seat", 0), "text": mv["text"]} for mv in full]
    last = len(full) - 1  # the last group's last move, by its index across the groups
    moved = http.post("/v1/apply", json={"state": out["state"], "index": last, "want": {"typedMoves": True}}).json()
    assert moved["move"]["text"] == groups[-1]["moves"][-1] and moved["move"].get("seat", 0) == groups[-1]["seat"]