"""White Hat solo over REST (spec §7.7): from NewGame to a final score with only the player's moves sent;
the row answers each lead inside ApplyMove (issue 18, acceptance 3); too few seats without their variant
(§7.8, test 47) are refused as bad_option_value naming the option."""
from __future__ import annotations

import random

from listed import listed

MAX_MOVES = 1000  # a solo game ends when the deck runs out: 83 cards, at most a few hundred moves


def test_a_solo_game_plays_to_a_final_score_over_rest(http):
    r = http.post("/v1/games/white_hat:new", json={"seats": [{"name": "solo"}], "options": {"solo": "true"},
                                                    "seed": "18", "want": {"view": True, "seat": 0,
                                                                           "legalMoves": True}})
    assert r.status_code == 200, r.text
    body = r.json()
    solo = body["view"]["whiteHat"]["solo"]
    assert len(solo["row"]) == 5 and solo["hatAtRow"] and body["view"]["whiteHat"]["phase"] == "lead"
    state, moves, sent, row_answers = body["state"], listed(body), 0, 0
    rnd = random.Random(18)
    while True:
        assert {m.get("seat", 0) for m in moves} == {0}, "only the solo player is ever asked to move"
        move = moves[rnd.randrange(len(moves))]
        r = http.post("/v1/apply", json={"state": state, "move": {"seat": 0, "text": move["text"]},
                                         "want": {"legalMoves": True, "view": True, "seat": 0}})
        assert r.status_code == 200, r.text
        out = r.json()
        sent += 1
        kinds = [e["kind"] for e in out.get("events", [])]
        if move["text"].startswith("play"):
            assert kinds[0] == "row_played", kinds  # the row answered inside the same ApplyMove
            row_answers += 1
        state, moves = out["state"], listed(out)
        if out.get("finished"):
            break
        assert sent < MAX_MOVES
    assert row_answers > 5
    score = http.post("/v1/score", json={"state": state}).json()["score"]
    assert score["finished"] is True and score["winners"] == [0] and len(score["seats"]) == 1
    seat = score["seats"][0]
    colours = [seat["breakdown"].get(f"{c}_total", 0) for c in "KWOB"]  # proto3 JSON leaves zeros out
    assert seat.get("total", 0) == min(colours) and score["moveCount"] == sent
    assert seat["breakdown"]["higher_is_better"] == 1 and seat["breakdown"].get("contains_hidden", 0) == 0  # §10 solo
    view = http.post("/v1/view", json={"state": state, "seat": 0}).json()
    assert view["finished"] and view["view"]["whiteHat"]["solo"].get("colourTotals") == colours



# Seed 26 puts marker m2 on 17, on hat Ob's path (tests/white_hat/test_white_hat_solo.py has the same game).
M2_ON_THE_PATH = ("play 9 9, move Ob 4, play H as 6, move Kb 5, play 10 J J J, move Wb 11, play 3, move Wa 3, play 1, "
                  "move Bb 17, exploit 24 +1, play 6, move Ka 16, play 5, move Ba 18, randomize, place 5b C, play 7, "
                  "move Kb 13, play 2, move Wb 12, play 13 J").split(", ")


def test_a_hat_jumps_marker_m2_over_rest(http):
    """§5.5/§7.7.5 over the wire: m2 occupies its space, so the listing offers Ob 19 beyond it, never 17."""
    r = http.post("/v1/games/white_hat:new", json={"seats": [{"name": "solo"}], "options": {"solo": "true"},
                                                    "seed": "26"})
    assert r.status_code == 200, r.text
    state = r.json()["state"]
    for text in M2_ON_THE_PATH:
        r = http.post("/v1/apply", json={"state": state, "move": {"seat": 0, "text": text},
                                         "want": {"legalMoves": True, "view": True, "seat": 0}})
        assert r.status_code == 200, f"{text}: {r.text}"
        state = r.json()["state"]
    out = r.json()
    markers = out["view"]["whiteHat"]["solo"]["markers"]
    assert (markers.get("m1"), markers.get("m2")) == (15, 17), markers
    assert [m["text"] for m in listed(out) if m["text"].startswith("move Ob")] == \
        ["move Ob 19", "move Ob 20", "move Ob 24"]
    r = http.post("/v1/apply", json={"state": state, "move": {"seat": 0, "text": "move Ob 17"}})
    assert r.status_code != 200 and "no such destination" in r.json()["message"], r.text

def test_solo_with_more_seats_is_refused_naming_the_option(http):
    r = http.post("/v1/games/white_hat:new", json={"seats": [{"name": "a"}, {"name": "b"}, {"name": "c"}],
                                                    "options": {"solo": "true"}})
    assert r.status_code == 400 and "option solo" in r.json()["message"], r.text
    r = http.post("/v1/games/black_hat:new", json={"seats": [{"name": "a"}], "options": {"solo": "true"}})
    assert r.status_code == 400, r.text


def test_too_few_seats_without_their_variant_are_refused_naming_the_option(http):
    """Test 47: §7.8 applies to the defaulted value too: 1 seat without solo, 2 seats without robot."""
    for game, seats, option in (("white_hat", 1, "solo"), ("white_hat", 2, "robot"), ("black_hat", 2, "robot")):
        r = http.post(f"/v1/games/{game}:new", json={"seats": [{"name": f"p{i}"} for i in range(seats)]})
        err = r.json()
        assert r.status_code == 400 and err["reason"] == "bad_option_value", r.text
        assert f"option {option}" in err["message"] and f"{option}=true" in err["message"], r.text
    r = http.post("/v1/games/black_hat:new", json={"seats": [{"name": "a"}, {"name": "b"}], "options": {"robot": "true"},
                                                    "want": {"view": True}})
    assert r.status_code == 200 and r.json()["view"]["blackHat"]["robot"] == 2, r.text


def test_list_games_names_the_options_each_small_table_needs(http, stub):
    """ListGames' tableOptions (REST and gRPC alike) say what 1 and 2 seats need; each table so dealt plays."""
    from service.api import engine_pb2 as pb
    rest = {g["id"]: g.get("tableOptions", []) for g in http.get("/v1/games").json()["games"]}
    grpc = {g.id: [{"seats": t.seats, "options": dict(t.options)} for t in g.table_options]
            for g in stub.ListGames(pb.ListGamesRequest(), timeout=10).games}
    assert rest == grpc
    assert rest["white_hat"] == [{"seats": 1, "options": {"solo": "true"}}, {"seats": 2, "options": {"robot": "true"}}]
    assert rest["black_hat"] == [{"seats": 2, "options": {"robot": "true"}}]
    assert not any(tables for game, tables in rest.items() if game not in ("white_hat", "black_hat"))
    for game in ("white_hat", "black_hat"):
        for table in rest[game]:
            r = http.post(f"/v1/games/{game}:new", json={"seats": [{}] * table["seats"], "options": table["options"]})
            assert r.status_code == 200, r.text
