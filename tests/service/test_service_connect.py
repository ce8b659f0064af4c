"""The Connect protocol's unary form on the HTTP port: what a Connect client generated from proto/ sends."""
import base64
import json

from google.rpc import error_details_pb2

from service.api import engine_pb2 as pb

CONNECT = {"content-type": "application/json", "connect-protocol-version": "1"}
PROTO = {"content-type": "application/proto", "connect-protocol-version": "1"}


def call(http, method, body):
    return http.post(f"/engine.v1.GameService/{method}", json=body, headers=CONNECT)


def test_full_hats_game_over_connect_json(http):
    assert "hats" in [g["id"] for g in call(http, "ListGames", {}).json()["games"]]
    new = call(http, "NewGame", {"game": "hats", "seats": [{}, {}], "seed": "3",
                                 "options": {"removed_types": "O,W"}})
    assert new.status_code == 200, new.text
    state, moves = new.json()["state"], 0
    while True:
        out = call(http, "ApplyMove", {"state": state, "index": 0})
        assert out.status_code == 200, out.text
        state, moves = out.json()["state"], moves + 1
        if out.json().get("finished"):
            break
    score = call(http, "Score", {"state": state}).json()["score"]
    assert score["finished"] and score["winners"] and moves > 16


def test_binary_protobuf_bodies(http):
    req = pb.NewGameRequest(game="hats", seats=[pb.Seat(), pb.Seat(), pb.Seat()], seed=9,
                            want=pb.Want(legal_moves=True))
    r = http.post("/engine.v1.GameService/NewGame", content=req.SerializeToString(), headers=PROTO)
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/proto")
    new = pb.NewGameResponse.FromString(r.content)
    assert new.seed == 9 and new.legal_by_seat
    first = pb.Move(seat=new.legal_by_seat[0].seat, text=new.legal_by_seat[0].moves[0])
    apply = pb.ApplyMoveRequest(state=new.state, move=first)
    r = http.post("/engine.v1.GameService/ApplyMove", content=apply.SerializeToString(), headers=PROTO)
    assert pb.ApplyMoveResponse.FromString(r.content).move == first
    # The same answer as REST for the same token.
    rest = http.post("/v1/legal-moves", json={"state": base64.b64encode(new.state).decode()}).json()
    via_connect = call(http, "LegalMoves", {"state": base64.b64encode(new.state).decode()}).json()
    assert rest == via_connect


def test_errors_have_connect_codes_and_the_error_info(http):
    new = call(http, "NewGame", {"game": "hats", "seats": [{}, {}, {}], "seed": "1"}).json()
    r = call(http, "ApplyMove", {"state": new["state"], "move": {"seat": 2, "text": "end"}})
    assert r.status_code == 400
    body = r.json()
    assert body["code"] == "failed_precondition" and "not your turn" in body["message"]
    detail = body["details"][0]
    assert detail["type"] == "google.rpc.ErrorInfo"
    value = detail["value"] + "=" * (-len(detail["value"]) % 4)
    info = error_details_pb2.ErrorInfo.FromString(base64.b64decode(value))
    assert info.reason == "not_your_turn" and info.domain == "tabletop-engine"
    assert call(http, "NewGame", {"game": "chess", "seats": [{}, {}]}).json()["code"] == "not_found"
    assert call(http, "Score", {"state": "AAAA"}).status_code == 401
    r = http.post("/engine.v1.GameService/Score", content=b'{"state": ', headers=CONNECT)
    assert r.status_code == 400 and r.json()["code"] == "invalid_argument"
    r = http.post("/engine.v1.GameService/Score", content=b"\xff\xff", headers=PROTO)
    assert r.status_code == 400 and "engine.v1.ScoreRequest" in r.json()["message"]
    r = http.post("/engine.v1.GameService/Score", content=b"{}", headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = call(http, "ScoreStream", {})
    assert r.status_code == 501 and r.json()["code"] == "unimplemented"


def test_side_effect_free_methods_answer_connect_get(http):
    """Methods marked NO_SIDE_EFFECTS in the proto answer Connect's GET form; the others only POST."""
    new = call(http, "NewGame", {"game": "hats", "seats": [{}, {}], "seed": "4"}).json()
    message = json.dumps({"state": new["state"]})
    by_get = http.get("/engine.v1.GameService/Score", params={"connect": "v1", "encoding": "json",
                                                               "message": message})
    assert by_get.status_code == 200, by_get.text
    assert by_get.json() == call(http, "Score", {"state": new["state"]}).json()
    binary = pb.ScoreRequest(state=base64.b64decode(new["state"])).SerializeToString()
    by_proto = http.get("/engine.v1.GameService/Score", params={
        "encoding": "proto", "base64": "1", "message": base64.urlsafe_b64encode(binary).decode().rstrip("=")})
    assert pb.ScoreResponse.FromString(by_proto.content).score.game == "hats"
    bad = http.get("/engine.v1.GameService/Score", params={"encoding": "json", "message": "{"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_argument"
    assert http.get("/engine.v1.GameService/NewGame", params={"encoding": "json", "message": "{}"}).status_code == 405
