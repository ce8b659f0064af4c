"""Score's `leaders` beside `winners`, and ListGames' int option ranges, over REST and gRPC.

A front end reads `winners` as the result, so it stays empty until the game is over; the seats that
would win now are `leaders`, which a mid-game score cut to its public part (a seat key, or no key,
in a `seats` game) leaves out like the per-seat values. ListGames shows an int option's range
(`min`/`max`, and its `words` besides the numbers) as it shows an enum's values. The OpenAPI
document says what these fields mean: its descriptions are the protos' comments.
Whole games to a final score with winners = leaders: test_service_conformance.py.
"""
from __future__ import annotations

import base64

import grpc
import httpx
import pytest

import engines
from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc

MAX_MOVES = 60


@pytest.fixture(scope="module")
def seats_svc(start_module_service):
    s = start_module_service(workers=1, extra_env={"TABLETOP_ACCESS": "auto"})
    with httpx.Client(base_url=s.http, timeout=10) as http, grpc.insecure_channel(s.grpc_target) as ch:
        yield http, engine_pb2_grpc.GameServiceStub(ch)


def _bearer(key: str) -> dict:
    return {"authorization": f"Bearer {key}"}


def _first_ranked(score: dict) -> list[int]:
    return [s.get("seat", 0) for s in score["seats"] if s.get("rank") == 1]


def test_mid_game_leaders_go_to_the_host_key_only_and_winners_wait(seats_svc):
    http, stub = seats_svc
    game = http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "seed": "3"}).json()
    assert game["access"] == "seats"
    state, host, key0 = game["state"], game["hostKey"], game["seats"][0]["key"]
    # Play (as the host) until one seat leads alone: leaders are then not simply every seat.
    for _ in range(MAX_MOVES):
        out = http.post("/v1/apply", json={"state": state, "index": 0, "want": {"score": True}},
                        headers=_bearer(host)).json()
        state, score = out["state"], out["score"]
        assert not score.get("finished") and "winners" not in score, score  # ApplyMove's score too
        if len(_first_ranked(score)) == 1:
            break
    else:
        pytest.fail(f"no single leader in {MAX_MOVES} moves")
    full = http.post("/v1/score", json={"state": state}, headers=_bearer(host)).json()["score"]
    assert full["leaders"] == _first_ranked(full) and len(full["leaders"]) == 1 and "winners" not in full
    for headers in (_bearer(key0), {}):  # a seat key, and no key: the public part only
        cut = http.post("/v1/score", json={"state": state}, headers=headers).json()["score"]
        assert "leaders" not in cut and "winners" not in cut and "rank" not in cut["seats"][0], cut
    batch = {"states": [state]}
    assert "leaders" not in http.post("/v1/score:batch", json=batch, headers=_bearer(key0)).json()[
        "results"][0]["score"]
    assert http.post("/v1/score:batch", json=batch, headers=_bearer(host)).json()[
        "results"][0]["score"]["leaders"] == full["leaders"]
    token = pb.ScoreRequest(state=base64.b64decode(state))
    by_host = stub.Score(token, metadata=(("authorization", f"Bearer {host}"),), timeout=10).score
    by_seat = stub.Score(token, metadata=(("authorization", f"Bearer {key0}"),), timeout=10).score
    assert list(by_host.leaders) == full["leaders"] and list(by_host.winners) == []
    assert list(by_seat.leaders) == [] and list(by_seat.winners) == [] and by_seat.seats[0].rank == 0


def _int_options(game) -> dict:
    return {o.name: o for o in game.info.options if o.type == "int"}


def test_list_games_shows_each_int_options_range_over_rest(http):
    listed = {g["id"]: g for g in http.get("/v1/games").json()["games"]}
    runes = {o["name"]: o for o in listed["rune_market"]["options"]}
    assert (runes["max_rounds"]["min"], runes["max_rounds"]["max"]) == ("20", "200")  # int64: decimal strings
    cambio = {o["name"]: o for o in listed["cambio"]["options"]}
    assert (cambio["cambio_max"]["min"], cambio["cambio_max"]["max"], cambio["cambio_max"]["words"]) == \
        ("0", "20", ["off"])
    ranged = 0
    for game in engines.games():
        specs = _int_options(game)
        for option in listed[game.info.id]["options"]:
            spec = specs.get(option["name"])
            if spec is None:
                assert not {"min", "max", "words"} & set(option), option
                continue
            assert (int(option["min"]), int(option["max"])) == (spec.min, spec.max), option
            assert option.get("words", []) == list(spec.words), option
            ranged += 1
    assert ranged >= 6  # cambio (3), rune_market, kodiak, white_hat, black_hat


def test_list_games_shows_each_int_options_range_over_grpc(stub):
    listed = {g.id: g for g in stub.ListGames(pb.ListGamesRequest(), timeout=10).games}
    for game in engines.games():
        specs = _int_options(game)
        for option in listed[game.info.id].options:
            spec = specs.get(option.name)
            if spec is None:
                assert not option.HasField("min") and not option.HasField("max") and not option.words, option
            else:
                assert option.HasField("min") and option.HasField("max"), option
                assert (option.min, option.max, list(option.words)) == (spec.min, spec.max, list(spec.words))
    assert {(o.name, o.min, o.max) for o in listed["rune_market"].options if o.type == "int"} == \
        {("max_rounds", 20, 200)}


def test_openapi_says_what_winners_leaders_and_ranges_mean(http):
    schemas = http.get("/schema/openapi.json").json()["components"]["schemas"]
    score = schemas["Score"]["properties"]
    assert "empty while the game runs" in score["winners"]["description"]
    assert "would win if the game ended now" in score["leaders"]["description"]
    assert score["leaders"]["items"]["format"] == "uint32"
    option = schemas["OptionSpec"]["properties"]
    assert "smallest allowed number" in option["min"]["description"]
    assert "largest allowed number" in option["max"]["description"]
    assert option["words"]["type"] == "array"
    assert schemas["Score"]["description"] == "engine.v1 Score: The score of a position."
