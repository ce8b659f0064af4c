"""Cambio's typed API (proto/engine/v1/cambio.proto): what is specific to it, over the running service.

Bad typed moves refused naming the field; typed options (cambio_max as text, "off"
allowed) equal to the text ones. Full games, parity and typed round trips are the
registry-driven tests of test_service_conformance.py.
"""
from __future__ import annotations

import base64

import grpc
import msgspec
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import engines
from service.api import cambio_pb2 as cpb
from service.api import engine_pb2 as pb
from service.wire import messages as m
from service.wire.games import wire



def _json(struct) -> dict:
    return msgspec.json.decode(msgspec.json.encode(struct))


# -- refusals ------------------------------------------------------------------------------------

BAD_TYPED = [
    # (id, move.cambio as proto3 JSON, the field the message must name)
    ("unspecified_kind", {}, "move.cambio.kind"),
    ("missing_target", {"kind": "SNAP"}, "move.cambio.target"),
    ("missing_slot", {"kind": "REPLACE"}, "move.cambio.slot"),
    ("argument_not_taken", {"kind": "DRAW_DECK", "slot": 1}, "move.cambio.slot"),
    ("wrong_argument", {"kind": "LOOK_OWN", "target": {"seat": 0, "slot": 1}}, "move.cambio.target"),
    ("swap_needs_two", {"kind": "SWAP", "positions": [{"seat": 0, "slot": 1}]}, "move.cambio.positions"),
    ("position_without_slot", {"kind": "LOOK_OTHER", "target": {"seat": 1}}, "move.cambio.target.slot"),
    ("position_without_seat", {"kind": "SWAP", "positions": [{"slot": 1}]}, "move.cambio.positions[0].seat"),
]


@pytest.fixture(scope="module")
def fresh(http):
    r = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "seed": "5"})
    assert r.status_code == 200, r.text
    return r.json()["state"]


@pytest.mark.parametrize("case", BAD_TYPED, ids=[c[0] for c in BAD_TYPED])
def test_bad_typed_move_names_the_field(http, stub, fresh, case):
    name, typed, field = case
    body = {"state": fresh, "move": {"seat": 0, "cambio": typed}}
    r = http.post("/v1/apply", json=body)
    assert r.status_code == 400, r.text
    err = r.json()
    assert err["code"] == "INVALID_ARGUMENT" and err["reason"] in ("bad_move", "bad_move_text")
    assert err["details"]["field"].startswith("move.cambio")
    # The message names the field: its path, or (spelled by the engine) the argument's name.
    assert field in err["message"] or field.rsplit(".", 1)[1].split("[")[0] in err["message"], err
    with pytest.raises(grpc.RpcError) as info:
        stub.ApplyMove(json_format.ParseDict(body, pb.ApplyMoveRequest()), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert info.value.details() == err["message"]
    detail = error_details_pb2.ErrorInfo()
    assert rpc_status.from_call(info.value).details[0].Unpack(detail)
    assert detail.reason == err["reason"] and dict(detail.metadata) == err["details"]


def test_unknown_kind_is_refused_naming_the_field(http, stub, fresh):
    r = http.post("/v1/apply", json={"state": fresh, "move": {"seat": 0, "cambio": {"kind": "FLY"}}})
    assert r.status_code == 400 and r.json()["reason"] == "bad_move"
    assert "move.cambio.kind: 'FLY'" in r.json()["message"] and "DRAW_DECK" in r.json()["message"]
    # gRPC: an enum number this server does not know (proto3 enums are open).
    request = pb.ApplyMoveRequest(state=base64.b64decode(fresh), move=pb.Move(seat=0, cambio=cpb.CambioMove(kind=99)))
    with pytest.raises(grpc.RpcError) as info:
        stub.ApplyMove(request, timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "move.cambio.kind" in info.value.details()


def test_well_formed_typed_move_not_legal_now_is_a_precondition(http, stub, fresh):
    body = {"state": fresh, "move": {"seat": 0, "cambio": {"kind": "REPLACE", "slot": 0}}}
    r = http.post("/v1/apply", json=body)
    assert r.status_code == 409, r.text
    with pytest.raises(grpc.RpcError) as info:
        stub.ApplyMove(json_format.ParseDict(body, pb.ApplyMoveRequest()), timeout=10)
    assert info.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert info.value.details() == r.json()["message"]


def test_typed_move_of_the_other_game_or_disagreeing_with_the_text(http, fresh):
    r = http.post("/v1/apply", json={"state": fresh, "move": {"seat": 0, "hats": {"kind": "END"}}})
    assert r.status_code == 400 and r.json()["reason"] == "wrong_game_move"
    hats = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "seed": "1"}).json()["state"]
    r = http.post("/v1/apply", json={"state": hats, "move": {"seat": 0, "cambio": {"kind": "DRAW_DECK"}}})
    assert r.status_code == 400 and r.json()["reason"] == "wrong_game_move"
    assert r.json()["details"] == {"field": "move.cambio"}
    r = http.post("/v1/apply", json={"state": fresh, "move": {"seat": 0, "text": "draw discard",
                                                              "cambio": {"kind": "DRAW_DECK"}}})
    assert r.status_code == 400 and r.json()["reason"] == "move_mismatch"
    r = http.post("/v1/apply", json={"state": fresh, "move": {"seat": 0, "text": "draw deck",
                                                              "cambio": {"kind": "DRAW_DECK"}}})
    assert r.status_code == 200, r.text


# -- typed options -------------------------------------------------------------------------------

TEXT_OPTIONS = {"first_dealer": "1", "target_score": "30", "cambio_max": "off", "caller_tie": "wins",
                "memory_aid": "slot", "max_turns": "150", "deck": "BK-1,N0-1,RK-1,N9-6,EYE-2"}
TYPED_OPTIONS = {"firstDealer": 1, "targetScore": 30, "cambioMax": "off", "callerTie": "wins",
                 "memoryAid": "slot", "maxTurns": 150, "deck": ["BK-1", "N0-1", "RK-1", "N9-6", "EYE-2"]}


def test_typed_options_deal_the_same_game_as_the_text_options(http, stub):
    game = engines.get("cambio")
    local = game.new(3, TEXT_OPTIONS, 9)
    want = {"view": True, "seat": 2, "legalMoves": True}
    by_text = http.post("/v1/games/cambio:new", json={"seats": [{}] * 3, "seed": "9", "options": TEXT_OPTIONS,
                                                      "want": want}).json()
    by_typed = http.post("/v1/games/cambio:new", json={"seats": [{}] * 3, "seed": "9", "cambio": TYPED_OPTIONS,
                                                       "want": want})
    assert by_typed.status_code == 200, by_typed.text
    by_typed = by_typed.json()
    grpc_typed = json_format.MessageToDict(stub.NewGame(json_format.ParseDict(
        {"game": "cambio", "seats": [{}] * 3, "seed": "9", "cambio": TYPED_OPTIONS, "want": want},
        pb.NewGameRequest()), timeout=10))
    expected = _json(wire("cambio").view(game.view(local, 2), 2).cambio)
    for resp in (by_text, by_typed, grpc_typed):
        assert resp["view"] == {"seat": 2, "cambio": expected}
        assert resp["legalBySeat"] == by_text["legalBySeat"] and resp["toAct"] == [1]
    v = by_typed["view"]["cambio"]
    assert v["dealer"] == 1 and v["maxTurns"] == 150 and v["memoryAid"] == "slot"
    # Typed options are merged over the text ones.
    merged = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "options": {"memory_aid": "off",
                                                                                    "max_turns": "500"},
                                                     "cambio": {"memoryAid": "follow"},
                                                     "want": {"view": True, "seat": 0}}).json()
    assert merged["view"]["cambio"]["memoryAid"] == "follow" and merged["view"]["cambio"]["maxTurns"] == 500
    # ...but a text value they replace is still checked: bad input is refused, never silently dropped.
    bad = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "options": {"memory_aid": "sometimes"},
                                                  "cambio": {"memoryAid": "follow"}})
    assert bad.status_code == 400 and bad.json()["reason"] == "bad_option_value", bad.text
    assert "memory_aid" in bad.json()["message"], bad.json()


@pytest.mark.parametrize("typed,option", [
    ({"cambioMax": "never"}, "cambio_max"),
    ({"cambioMax": "21"}, "cambio_max"),
    ({"targetScore": 5}, "target_score"),
    ({"firstDealer": 2}, "first_dealer"),
    ({"memoryAid": "sometimes"}, "memory_aid"),
    ({"deck": ["XX-9"]}, "deck"),
])
def test_bad_typed_options_are_refused_naming_the_option(http, stub, typed, option):
    body = {"seats": [{}, {}], "cambio": typed}
    r = http.post("/v1/games/cambio:new", json=body)
    assert r.status_code == 400, r.text
    assert option in r.json()["message"], r.json()
    with pytest.raises(grpc.RpcError) as info:
        stub.NewGame(json_format.ParseDict(dict(body, game="cambio"), pb.NewGameRequest()), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert info.value.details() == r.json()["message"]


def test_typed_options_map_to_the_text_options():
    cm = wire("cambio")
    assert cm.options(m.CambioOptions()) == {}
    assert cm.options(m.CambioOptions(first_dealer=0, cambio_max="0", deck=["BK-1", "N0-2"])) == \
        {"first_dealer": "0", "cambio_max": "0", "deck": "BK-1,N0-2"}
    assert cm.options(m.CambioOptions(cambio_max="off", caller_tie="wins", memory_aid="off", max_turns=100,
                                      target_score=20)) == \
        {"cambio_max": "off", "caller_tie": "wins", "memory_aid": "off", "max_turns": "100", "target_score": "20"}


def test_typed_options_of_the_other_game_are_refused(http):
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "cambio": {"targetScore": 20}})
    assert r.status_code == 400 and r.json()["reason"] == "wrong_game_options"
    r = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "hats": {"tiebreak": "cookie_only"}})
    assert r.status_code == 400 and r.json()["reason"] == "wrong_game_options"
