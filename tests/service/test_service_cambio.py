"""Cambio's typed API (proto/engine/v1/cambio.proto) over the running service.

Full seeded games over REST and gRPC mixing typed, text and index moves; REST
and gRPC agreeing on View, LegalMoves and Score at every state of a game; bad
typed moves refused naming the field; typed options equal to the text ones.
Plus, in process: every move kind's typed form rebuilds its text exactly.
"""
from __future__ import annotations

import base64
import collections
import random

import grpc
import msgspec
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

import engines
from service.api import cambio_pb2 as cpb
from service.api import engine_pb2 as pb
from service.games import cambio as cm

KINDS = ("DRAW_DECK", "DRAW_DISCARD", "CALL_CAMBIO", "DISCARD", "REPLACE", "LOOK_OWN", "LOOK_OTHER", "SWAP", "SHOW",
         "SNAP", "GIVE", "NOGIVE", "PASS")
# Seed 17 with `pick` and target 20 reaches a pending action, a claimed window with a pending
# give and a frozen pile within one round (about 50 moves): a varied game that stays short.
SEED = 17


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def pick(kinds: list[str], used: collections.Counter, n: int) -> int:
    """A deterministic policy over the typed kinds: the least used kind first, so a game meets many
    kinds; snaps (mostly wrong) less eagerly, and no Cambio call before move 40."""
    def key(i):
        k = kinds[i]
        c = used[k] + (1000 if k == "CALL_CAMBIO" and n < 40 else 0) + (3 if k == "SNAP" else 0)
        return c, (i * 31 + n) % len(kinds)
    i = min(range(len(kinds)), key=key)
    used[kinds[i]] += 1
    return i


def _json(struct) -> dict:
    return msgspec.json.decode(msgspec.json.encode(struct))


# -- in process: the typed form of every move kind ----------------------------------------------

def test_typed_form_rebuilds_the_text_of_every_move_kind():
    game = engines.get("cambio")
    seen = collections.Counter()
    for seed in range(24):
        rnd = random.Random(seed)
        state = game.new(2 + seed % 3, {"target_score": "20"}, seed)
        while not game.is_finished(state):
            codes = game.legal_moves(state)
            infos = [game.move_info(state, c) for c in codes[:300]]
            for info in infos:
                typed = cm.move_payload(info)
                assert typed.kind == info.kind.upper() and typed.kind in KINDS
                assert cm.move_text(typed) == info.text, info
                # And through JSON (what a client sends back).
                again = msgspec.json.decode(msgspec.json.encode(typed), type=cm.CambioMove)
                assert cm.move_text(again) == info.text
                seen[typed.kind] += 1
            calm = [i for i, x in enumerate(infos) if x.kind not in ("snap", "call_cambio")]
            i = rnd.choice(calm) if calm and rnd.random() < 0.9 else rnd.randrange(len(codes))
            state, _ = game.apply(state, codes[i])
    assert set(seen) == set(KINDS), f"kinds never met: {set(KINDS) - set(seen)}"


def test_typed_positions_in_any_order_give_the_canonical_text():
    swap = cm.CambioMove("SWAP", positions=[cm.CambioPosition(2, 3), cm.CambioPosition(0, 1)])
    assert cm.move_text(swap) == "swap 0.1 2.3"
    show = cm.CambioMove("SHOW", positions=[cm.CambioPosition(3, 0), cm.CambioPosition(1, 12)])
    assert cm.move_text(show) == "show 1.12 3.0"
    assert cm.move_text(cm.CambioMove("LOOK_OWN", slot=0)) == "lookown 0"
    assert cm.move_text(cm.CambioMove("SNAP", target=cm.CambioPosition(0, 0))) == "snap 0.0"


def test_typed_options_map_to_the_text_options():
    assert cm.options(cm.CambioOptions()) == {}
    assert cm.options(cm.CambioOptions(first_dealer=0, cambio_max=0, deck=["BK-1", "N0-2"])) == \
        {"first_dealer": "0", "cambio_max": "0", "deck": "BK-1,N0-2"}
    assert cm.options(cm.CambioOptions(cambio_max_off=True, caller_tie="wins", memory_aid="off", max_turns=100,
                                       target_score=20)) == \
        {"cambio_max": "off", "caller_tie": "wins", "memory_aid": "off", "max_turns": "100", "target_score": "20"}


# -- full games --------------------------------------------------------------------------------

def test_full_cambio_game_over_rest(http):
    r = http.post("/v1/games/cambio:new", json={
        "seats": [{"name": "Ann"}, {"name": "Bob", "kind": "robot"}], "seed": str(SEED),
        "cambio": {"targetScore": 20}, "want": {"view": True, "seat": 0, "legalMoves": True}})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["seed"] == str(SEED) and body["toAct"] == [0]
    view = body["view"]["cambio"]
    assert view["phase"] == "turn_start" and view["round"] == 1 and len(view["seats"]) == 2
    mine, theirs = (view["seats"][s]["slots"] for s in (0, 1))
    # Seat 0 has looked at its bottom row (slots 2 and 3) and at nothing else.
    assert [bool(x.get("card")) for x in mine] == [False, False, True, True]
    assert not any(x.get("card") for x in theirs)
    assert mine[2]["knownBy"] == [0] and mine[0]["slot"] == 0 and mine[0]["position"] == "0.0"
    for move in body["legalMoves"]:
        assert move["cambio"]["kind"] in KINDS
    state, moves, turns, used = body["state"], body["legalMoves"], 0, collections.Counter()
    while True:
        move = moves[pick([mv["cambio"]["kind"] for mv in moves], used, turns)]
        # Rotate the three ways to give a move: typed, text, index.
        if turns % 3 == 0:
            req = {"state": state, "move": {"seat": move["seat"], "cambio": move["cambio"]}}
        elif turns % 3 == 1:
            req = {"state": state, "move": {"seat": move["seat"], "text": move["text"]}}
        else:
            req = {"state": state, "index": moves.index(move)}
        req["want"] = {"legalMoves": True, "score": True}
        r = http.post("/v1/apply", json=req)
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["move"] == move  # seat, text and typed form, in full
        state, moves, turns = out["state"], out.get("legalMoves", []), turns + 1
        if out.get("finished"):
            break
        assert turns < 300
    assert len(used) >= 8
    score = http.post("/v1/score", json={"state": state}).json()["score"]
    assert score["game"] == "cambio" and score["finished"] is True and score["winners"]
    assert len(score["seats"]) == 2 and score["moveCount"] == turns
    assert out["score"] == score
    totals = {s.get("seat", 0): s.get("total", 0) for s in score["seats"]}
    assert score["winners"] == [s for s in (0, 1) if totals[s] == min(totals.values())]
    for seat in (0, 1, None):
        body = {"state": state} if seat is None else {"state": state, "seat": seat}
        resp = http.post("/v1/view", json=body).json()
        assert resp["finished"] and [s["name"] for s in resp["seats"]] == ["Ann", "Bob"]
        final = resp["view"]["cambio"]
        assert final["phase"] == "game_over" and final["finished"] and final["revealed"]
        assert "activeSeat" not in final and "toAct" not in final
        assert all(x.get("card") for s in final["seats"] for x in s["slots"])  # everything shown
        assert [(x.get("seat", 0), x.get("total", 0), x["rank"]) for x in final["scores"]] == \
            [(s.get("seat", 0), s.get("total", 0), s["rank"]) for s in score["seats"]]


def test_full_cambio_game_over_grpc(stub):
    resp = stub.NewGame(pb.NewGameRequest(game="cambio", seats=[pb.Seat(name="a"), pb.Seat(name="b")], seed=3,
                                          cambio=cpb.CambioOptions(target_score=20, first_dealer=1),
                                          want=pb.Want(view=True, seat=1)), timeout=10)
    assert resp.view.WhichOneof("game") == "cambio"
    assert resp.view.cambio.dealer == 1 and resp.view.cambio.active_seat == 1 and list(resp.to_act) == [1]
    state, n, used = resp.state, 0, collections.Counter()
    while True:
        legal = stub.LegalMoves(pb.LegalMovesRequest(state=state), timeout=10)
        assert legal.to_act and legal.moves
        kinds = [cpb.CambioMove.Kind.Name(mv.cambio.kind) for mv in legal.moves]
        move = legal.moves[pick(kinds, used, n)]
        typed = pb.Move(seat=move.seat, cambio=move.cambio) if n % 2 else pb.Move(seat=move.seat, text=move.text)
        out = stub.ApplyMove(pb.ApplyMoveRequest(state=state, move=typed, game="cambio"), timeout=10)
        assert out.move == move
        state, n = out.state, n + 1
        assert out.move_count == n
        if out.finished:
            break
        assert n < 300
    score = stub.Score(pb.ScoreRequest(state=state), timeout=10).score
    assert score.finished and list(score.winners)
    assert {s.seat for s in score.seats} == {0, 1} and score.move_count == n
    view = stub.View(pb.ViewRequest(state=state, seat=0), timeout=10)
    assert view.finished and view.view.cambio.revealed and not view.view.cambio.HasField("active_seat")
    assert len(view.view.cambio.scores) == 2


# -- parity --------------------------------------------------------------------------------------

def test_rest_and_grpc_agree_on_every_state_of_a_game(http, stub):
    new = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "seed": str(SEED),
                                                  "cambio": {"targetScore": 20}, "want": {"legalMoves": True}})
    assert new.status_code == 200, new.text
    state, moves, n, used = new.json()["state"], new.json()["legalMoves"], 0, collections.Counter()
    seen = set()
    while True:
        token = base64.b64decode(state)
        pairs = [
            ({"state": state}, stub.LegalMoves, pb.LegalMovesRequest(state=token), "/v1/legal-moves"),
            ({"state": state, "seat": 1}, stub.LegalMoves, pb.LegalMovesRequest(state=token, seat=1),
             "/v1/legal-moves"),
            ({"state": state}, stub.Score, pb.ScoreRequest(state=token), "/v1/score"),
            ({"state": state}, stub.View, pb.ViewRequest(state=token), "/v1/view"),
            ({"state": state, "seat": 0}, stub.View, pb.ViewRequest(state=token, seat=0), "/v1/view"),
            ({"state": state, "seat": 1}, stub.View, pb.ViewRequest(state=token, seat=1), "/v1/view"),
        ]
        for body, rpc, request, route in pairs:
            r = http.post(route, json=body)
            assert r.status_code == 200, r.text
            assert r.json() == json_format.MessageToDict(rpc(request, timeout=10)), (route, body.get("seat"), n)
            if route == "/v1/view":
                v = r.json()["view"]["cambio"]
                seen |= {k for k in ("held", "action", "window", "frozen", "caller") if k in v}
                seen |= {f"window.{k}" for k in v.get("window", {})}
                if "held" in v and "card" not in v["held"]:
                    seen.add("held.hidden")
        if n == 300 or not moves:
            break
        move = moves[pick([mv["cambio"]["kind"] for mv in moves], used, n)]
        out = http.post("/v1/apply", json={"state": state, "index": moves.index(move),
                                           "want": {"legalMoves": True}}).json()
        state, moves, n = out["state"], out.get("legalMoves", []), n + 1
    assert out["finished"]
    # The game met every optional part of the view.
    assert {"held", "held.hidden", "action", "window", "window.claimant", "window.pendingGive", "window.passed",
            "frozen", "caller"} <= seen, seen


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
    ("position_without_seat", {"kind": "SHOW", "positions": [{"slot": 1}]}, "move.cambio.positions[0].seat"),
]


@pytest.fixture(scope="module")
def fresh(http):
    r = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "seed": "5"})
    assert r.status_code == 200, r.text
    return r.json()["state"]


@pytest.mark.parametrize("case", BAD_TYPED, ids=[c[0] for c in BAD_TYPED])
def test_bad_typed_move_names_the_field(http, stub, fresh, case):
    _, typed, field = case
    body = {"state": fresh, "move": {"seat": 0, "cambio": typed}}
    r = http.post("/v1/apply", json=body)
    assert r.status_code == 400, r.text
    err = r.json()
    assert err["code"] == "INVALID_ARGUMENT" and err["reason"] == "bad_move"
    assert err["message"].startswith(field + ":") or field + " " in err["message"], err
    assert err["details"] == {"field": "move.cambio"}
    with pytest.raises(grpc.RpcError) as info:
        stub.ApplyMove(json_format.ParseDict(body, pb.ApplyMoveRequest()), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert info.value.details() == err["message"]
    detail = error_details_pb2.ErrorInfo()
    assert rpc_status.from_call(info.value).details[0].Unpack(detail)
    assert detail.reason == "bad_move" and dict(detail.metadata) == {"field": "move.cambio"}


def test_unknown_kind_is_refused_naming_the_field(http, stub, fresh):
    r = http.post("/v1/apply", json={"state": fresh, "move": {"seat": 0, "cambio": {"kind": "FLY"}}})
    assert r.status_code == 400 and r.json()["reason"] == "bad_move"
    assert "move.cambio.kind 'FLY'" in r.json()["message"] and "DRAW_DECK" in r.json()["message"]
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
TYPED_OPTIONS = {"firstDealer": 1, "targetScore": 30, "cambioMaxOff": True, "callerTie": "wins",
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
    expected = _json(cm.view(game.view(local, 2)))
    for resp in (by_text, by_typed, grpc_typed):
        assert resp["view"] == {"seat": 2, "cambio": expected}
        assert resp["legalMoves"] == by_text["legalMoves"] and resp["toAct"] == [1]
    v = by_typed["view"]["cambio"]
    assert v["dealer"] == 1 and v["maxTurns"] == 150 and v["memoryAid"] == "slot"
    # Typed options are merged over the text ones.
    merged = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "options": {"memory_aid": "off",
                                                                                    "max_turns": "500"},
                                                     "cambio": {"memoryAid": "follow"},
                                                     "want": {"view": True, "seat": 0}}).json()
    assert merged["view"]["cambio"]["memoryAid"] == "follow" and merged["view"]["cambio"]["maxTurns"] == 500


@pytest.mark.parametrize("typed,option", [
    ({"cambioMax": 3, "cambioMaxOff": True}, "cambio_max"),
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


def test_typed_options_of_the_other_game_are_refused(http):
    r = http.post("/v1/games/hats:new", json={"seats": [{}, {}], "cambio": {"targetScore": 20}})
    assert r.status_code == 400 and r.json()["reason"] == "wrong_game_options"
    r = http.post("/v1/games/cambio:new", json={"seats": [{}, {}], "hats": {"tiebreak": "cookie_only"}})
    assert r.status_code == 400 and r.json()["reason"] == "wrong_game_options"
