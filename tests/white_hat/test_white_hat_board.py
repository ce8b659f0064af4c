"""White Hat spec §13 tests 17-26 (board, movement, specials, triggers, Black Hat's board rules).

The White Hat standard board's ids are used; for `black_hat` the same layout comes as a
custom board (wh_testlib.standard_for), except test 21 (the Black Hat board itself)
and test 25 (the Backflip, White Hat only).
"""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from engines.white_hat.state import STATE  # noqa: E402
from wh_testlib import DATA, IDS, act, new, put, refused, rig_rng, set_hands, texts, won  # noqa: E402

AT = STATE.at


def position(gid, **pawns):
    game, s = new(gid)
    set_hands(s, {})
    put(s, **pawns)
    return game, s


@pytest.mark.parametrize("gid", IDS)
def test_17_jump_destinations(gid):
    game, s = position(gid, p1a=2, p2b=4)
    won(s, 0)
    listed = texts(game, s)
    assert [t for t in listed if t.startswith("move 0a")] == [f"move 0a {t}" for t in (3, 7, 16, 17)]
    assert [t for t in listed if t.startswith("move 0b")] == [f"move 0b {t}" for t in (5, 6, 16, 17)]
    assert [t for t in listed if t.startswith("move 1a")] == ["move 1a 7"]
    assert [t for t in listed if t.startswith("move 2b")] == ["move 2b 16", "move 2b 17"]
    assert len(listed) == 11


@pytest.mark.parametrize("gid", IDS)
def test_18_honeypot(gid):
    game, s = position(gid, p0a=3)
    won(s, 0)
    events = act(game, s, 0, "move 0a 15")
    assert s[AT.honeypot_entered] and any(e.kind == "honeypot_flag" for e in events)
    assert game.view(s, 0)["pawns"][0] == {"pawn": "0a", "seat": 0, "space": 15, "blocked": True, "jailed": False}
    put(s, p1a=3)
    won(s, 1)
    assert [t for t in texts(game, s) if t.startswith("move 1a")] == ["move 1a 10", "move 1a 20"]
    won(s, 0)
    assert "pawn is blocked" in refused(game, s, 0, "move 0a 16")


@pytest.mark.parametrize("gid", IDS)
def test_19_rule_b_with_markers(gid):
    game, s = position(gid, p1a=15, p1b=31, p0a=3, p2a=16, p3a=10)
    won(s, 1)
    assert texts(game, s) == ["move 0a 8", "move 0a 9", "move 0a 20", "move 3a 8", "move 3a 9"]
    assert "not your pawn and not on a negative space" in refused(game, s, 1, "move 2a 18")
    s[AT.marker_space], s[AT.marker_sign] = 10, 1
    won(s, 1)
    assert texts(game, s) == ["move 0a 8", "move 0a 9", "move 0a 20"]


@pytest.mark.parametrize("gid", IDS)
def test_20_forced_draw(gid):
    game, s = position(gid, p1a=15, p1b=31)
    deck = game.view(s, 1)["deck_count"]
    events = []
    won(s, 1, events)
    assert game.view(s, 1)["phase"] == "trick" and game.to_act(s) == [1]
    drew = [e for e in events if e.kind == "drew"]
    assert len(drew) == 1 and drew[0].private["card"] and drew[0].private_to == (1,)
    assert "card" not in drew[0].seen_by(0).private and game.view(s, 0)["deck_count"] == deck - 1
    # an empty deck and 12 cards on the pile: reshuffled (12), then drew (11 left)
    remaining = list(s[AT.deck + s[AT.deck_top]:AT.deck + s[AT.deck_end]])
    s[AT.pile:AT.pile + 12] = bytes(remaining[:12])
    s[AT.pile_count] = 12
    s[AT.deck_top] = s[AT.deck_end]
    for c in remaining[12:]:  # the rest of the deck goes to seat 2's hand, to keep every card once
        s[AT.hands + 16 * 2 + c] += 1
    game.validate(s)
    events = []
    won(s, 1, events)
    assert [e.kind for e in events][:2] == ["reshuffled", "drew"]
    assert events[0].public["deck_count"] == 12 and events[1].public["deck_count"] == 11
    game.validate(s)


def test_21_denial_of_service_black_hat():
    game, s = new("black_hat", board="standard")
    set_hands(s, {})
    put(s, p0a=15, p0b=1, p1a=21, p1b=0, p2a=16, p2b=5, p3a=25, p3b=1)
    won(s, 0)
    act(game, s, 0, "move 0a 18")
    view = game.view(s, 0)
    assert view["phase"] == "special" and view["pending"]["type"] == "denial_of_service"
    assert view["pawns"][0]["blocked"]
    assert texts(game, s) == ["dos 1a 1", "dos 2a 0", "dos 2a 1", "dos 2b 0", "dos 2b 1", "dos 3a 0", "skip"]
    assert "seat 1 already has a pawn on the Internet Cafe" in refused(game, s, 0, "dos 1a 0")
    assert "the pawn that entered the Denial-of-Service cannot be chosen" in refused(game, s, 0, "dos 0a 1")
    assert "target must stand on a non-start board space" in refused(game, s, 0, "dos 0b 0")
    act(game, s, 0, "dos 2a 0")
    view = game.view(s, 0)
    assert view["pawns"][4]["space"] == 0 and not view["pawns"][4]["blocked"] and view["pawns"][0]["blocked"]


@pytest.mark.parametrize("gid", IDS)
def test_22_exploit(gid):
    game, s = position(gid, p1a=5)
    won(s, 1)
    act(game, s, 1, "move 1a 17")
    assert "must be another space than the Exploit just entered" in refused(game, s, 1, "exploit 17 +1")
    act(game, s, 1, "exploit 22 -1")
    space = {sp["id"]: sp for sp in game.view(s, 0)["board"]["spaces"]}
    assert space[22]["effective_value"] == 2
    put(s, p2a=24)
    won(s, 2)
    act(game, s, 2, "move 2a 23")
    assert game.view(s, 2)["phase"] == "special"
    act(game, s, 2, "exploit 22 -1")
    assert {sp["id"]: sp for sp in game.view(s, 0)["board"]["spaces"]}[22]["effective_value"] == 1
    put(s, p1a=5)  # 17 is empty again
    put(s, p3a=5)
    put(s, p1a=2)
    won(s, 3)
    act(game, s, 3, "move 3a 17")
    assert "no free marker: name the marker to move" in refused(game, s, 3, "exploit 3 +1")
    listed = texts(game, s)
    assert "exploit 3 +1 x1" in listed and listed[-1] == "skip"
    act(game, s, 3, "exploit 3 +1 x1")
    space = {sp["id"]: sp for sp in game.view(s, 0)["board"]["spaces"]}
    assert space[22]["effective_value"] == 2 and space[3]["effective_value"] == -1


@pytest.mark.parametrize("gid", IDS)
def test_23_randomizer(gid):
    game, s = position(gid, p2a=16, p0a=22, p1a=23)
    won(s, 2)
    act(game, s, 2, "move 2a 18")
    assert texts(game, s) == ["randomize", "skip"]
    rig_rng(s, 6, 3)  # supply 1..6: index 3 is tile 4
    events = act(game, s, 2, "randomize")
    assert [e.public for e in events if e.kind == "tile_drawn"] == [{"tile": 4}]
    listed = texts(game, s)
    assert listed == [f"place 4{f} {slot}" for f in "ab" for slot in "ABCDE"]
    assert "the drawn tile must be placed" in refused(game, s, 2, "skip")
    act(game, s, 2, "place 4b C")
    board = game.view(s, 0)["board"]
    space = {sp["id"]: sp for sp in board["spaces"]}
    assert [(space[i]["type"], space[i]["value"]) for i in (21, 22, 23, 24)] == [
        ("router", 1), ("fbi_server", 1), ("router", 2), ("router", 1)]
    inside = {(a["from"], a["to"]) for a in board["arrows"] if a["from"] in (21, 22, 23, 24) and
              a["to"] in (21, 22, 23, 24)}
    assert inside == {(21, 22), (21, 23), (24, 23)}
    view = game.view(s, 0)
    assert view["pawns"][0]["blocked"] and view["honeypot_entered"] and not view["pawns"][2]["blocked"]
    assert board["tile_supply"] == [1, 2, 3, 5, 6]


@pytest.mark.parametrize("gid", IDS)
def test_24_the_owner_decides_a_tile_trigger(gid):
    game, s = position(gid, p3a=8, p1b=10, p2a=16)
    won(s, 2)
    act(game, s, 2, "move 2a 18")
    rig_rng(s, 6, 1)  # tile 2
    act(game, s, 2, "randomize")
    act(game, s, 2, "place 2b A")
    view = game.view(s, 0)
    space = {sp["id"]: sp for sp in view["board"]["spaces"]}
    assert space[8]["type"] == "exploit" and space[10]["type"] == "router"
    assert view["phase"] == "special" and game.to_act(s) == [3]
    assert texts(game, s)[-1] == "skip" and texts(game, s)[0].startswith("exploit")
    act(game, s, 3, "skip")
    assert game.view(s, 0)["phase"] == "trick" and game.to_act(s) == [2]


def test_25_backflip():
    game, s = position("white_hat", p0a=12, p1a=1, p1b=20, p2a=15, p3a=3, p3b=0)
    won(s, 0)
    act(game, s, 0, "move 0a 33")
    assert texts(game, s) == ["backflip 1b 0", "backflip 1b 16", "skip"]
    game, s = position("white_hat", p0a=12, p1a=1, p1b=20, p2a=0, p3a=3, p3b=0)
    # 2a on 0 would share the start with nobody of seat 2 (2b is on 1)
    won(s, 0)
    act(game, s, 0, "move 0a 33")
    assert texts(game, s) == ["backflip 1b 15", "backflip 1b 16", "skip"]
    events = act(game, s, 0, "backflip 1b 15")
    view = game.view(s, 0)
    assert view["pawns"][3] == {"pawn": "1b", "seat": 1, "space": 15, "blocked": True, "jailed": False}
    assert view["honeypot_entered"] and not any(e.kind == "special_triggered" for e in events)


def test_26_black_hat_board_rules():
    data = json.loads((DATA / "blackhat-standard.json").read_text())
    data["spaces"][5]["type"] = "backflip"
    black = engines.get("black_hat")
    with pytest.raises(engines.BadOption, match="invalid board: .*black_hat boards have no Backflip"):
        black.new(4, {"board": json.dumps(data)})
    with pytest.raises(engines.BadOption, match="unknown board 'expert' for black_hat"):
        black.new(4, {"board": "expert"})
    with pytest.raises(engines.BadOption, match="Black Hat has no solo mode"):
        black.new(4, {"solo": "true"})
