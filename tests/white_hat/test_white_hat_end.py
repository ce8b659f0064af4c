"""White Hat spec §13 tests 27-30 and 47-50 (round end, scoring, game end, options, score, refusals, replay),
plus the board files' load errors (§5.4)."""
import json
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from engines.white_hat import rules_flow as flow  # noqa: E402
from engines.white_hat.declarations import load_board  # noqa: E402
from engines.white_hat.state import FACES, STATE  # noqa: E402
from engines.core.data import DataError  # noqa: E402
from wh_testlib import DATA, IDS, act, new, put, refused, set_hands, texts, won  # noqa: E402

AT = STATE.at


def totals(s, *values):
    for seat, v in enumerate(values):
        STATE.write(s, "totals", v, seat)


@pytest.mark.parametrize("gid", IDS)
def test_27_round_scoring(gid):
    """Spec test 27 without the tracer (a variant): 2a stands on 35 (Mainframe, 4) instead of the jail (5)."""
    game, s = new(gid, 3)
    set_hands(s, {0: "13 7 2 J", 1: "", 2: "H"})
    put(s, p0a=22, p0b=3, p1a=5, p1b=6, p2a=35, p2b=2)
    s[AT.marker_space], s[AT.marker_sign] = 22, 255  # x1 at -1
    totals(s, 14, 20, 9)
    s[AT.winner], raw = 1, []
    flow.advance(s, raw)  # the end of a trick: seat 1 has no cards
    scored = [e for e in game.name_events(raw, s) if e.kind == "round_scored"][0].public["seats"]
    assert [(r["card_points"], r["pawn_points"], r["round"]) for r in scored] == [(10, 0, 10), (0, -3, 0), (5, 3, 8)]
    assert scored[0]["hand"] == ["2", "7", "13", "J"] and scored[2]["hand"] == ["H"]
    v = game.view(s, 0)
    assert v["totals"] == [24, 20, 17] and v["round"] == 2 and v["dealer"] == 1
    assert [p["space"] for p in v["pawns"]] == [22, 3, 5, 6, 35, 2] and v["markers"][0]["space"] == 22


@pytest.mark.parametrize("gid", IDS)
def test_28_critical_asset_and_last_round_tiebreak(gid):
    game, s = new(gid, 3)
    set_hands(s, {0: "13 13", 1: "H 4 4 4 4", 2: "5 5 5 5"})
    put(s, p1a=36)
    totals(s, 25, 18, 23)
    won(s, 1)
    events = act(game, s, 1, "move 1a 38")
    assert game.is_finished(s) and events[-1].kind == "game_end"
    score = game.score(s)
    assert [x.round for x in score.seats] == [6, 9, 4] and [x.total for x in score.seats] == [31, 27, 27]
    assert score.winners == (2,) and score.tiebreak == "last_round" and score.finished
    assert [x.breakdown["contains_hidden"] for x in score.seats] == [0, 0, 0]  # §10: nothing is hidden any more
    assert "the game is over" in refused(game, s, 0, "play 13") or "game is" in refused(game, s, 0, "play 13")


def test_29_no_pawn_can_move():
    game, s = new("white_hat", 3, board="expert")
    set_hands(s, {})
    put(s, p0a=10, p0b=16, p1a=30, p1b=15, p2a=18, p2b=32)
    won(s, 2)
    act(game, s, 2, "move 2b 33")
    assert game.view(s, 0)["phase"] == "special"
    act(game, s, 2, "skip")
    assert game.is_finished(s) and game.score(s).finished


@pytest.mark.parametrize("gid", IDS)
def test_30_shared_win(gid):
    game, s = new(gid, 3)
    totals(s, 25, 25, 30)
    for seat, v in enumerate((5, 5, 8)):
        STATE.write(s, "last_round", v, seat)
    s[AT.phase], s[AT.to_act] = 5, 255
    score = game.score(s)
    assert score.winners == (0, 1) and score.tiebreak == "shared" and [x.rank for x in score.seats] == [1, 1, 3]


def refused_naming(game, players: int, options, name: str, why: str = "") -> None:
    """NewGame is refused as bad_option_value, naming option `name` (and saying `why`)."""
    with pytest.raises(engines.BadOption) as refusal:
        game.new(players, options)
    assert refusal.value.code == "bad_option_value", refusal.value
    assert refusal.value.details["option"] == name and f"option {name}" in refusal.value.message, (options, refusal.value)
    assert why in refusal.value.message


@pytest.mark.parametrize("gid", IDS)
def test_47_option_validation(gid):
    """§7.8: seat counts and options must match; each refusal names the option (solo: its own tests). The
    table applies to the value in force, given or defaulted: 1 seat without solo, 2 without robot are refused."""
    game = engines.get(gid)
    if gid == "black_hat":
        with pytest.raises(engines.BadOption) as refusal:
            game.new(1)
        assert refusal.value.code == "bad_seat_count"
    else:
        refused_naming(game, 1, None, "solo", "one seat needs solo=true")
        assert game.view(game.new(1, game.seat_options(1)), 0)["solo"] is not None
    refused_naming(game, 2, None, "robot", "two seats need robot=true")
    refused_naming(game, 2, {"tracer": "true"}, "robot", "two seats need robot=true")
    assert game.view(game.new(2, game.seat_options(2)), None)["robot"] == 2
    assert [game.seat_options(n) for n in range(3, 7)] == [{}] * 4
    cases = [(2, {"robot": "false"}, "robot"), (4, {"robot": "true"}, "robot"), (3, {"robot": "true"}, "robot"),
             (4, {"tiles": "6"}, "tiles"), (4, {"tiles": "A=1a,B=1b"}, "tiles"), (4, {"tiles": "F=1a"}, "tiles"),
             (4, {"tiles": "A=7a"}, "tiles"), (4, {"tiles": "A=1a,A=2b"}, "tiles"), (4, {"tiles": "x"}, "tiles"),
             (4, {"first_dealer": "4"}, "first_dealer"), (2, {"robot": "true", "first_dealer": "3"}, "first_dealer"),
             (4, {"tracer": "yes"}, "tracer"), (4, {"reduce_luck": "half"}, "reduce_luck"),
             (4, {"celebrity": "1"}, "celebrity")]
    for players, options, name in cases:
        refused_naming(game, players, options, name)
    game.new(2, {"robot": "true", "first_dealer": "2"})  # the robot is seat 2: it may deal first


@pytest.mark.parametrize("gid", IDS)
def test_48_score_mid_round(gid):
    game, s = new(gid, 3)
    set_hands(s, {0: "13 J", 1: "2 2", 2: "9 10 H"})
    put(s, p0a=3, p0b=0, p1a=5, p1b=6, p2a=22, p2b=20)
    totals(s, 10, 4, 7)
    score = game.score(s)
    assert [x.round for x in score.seats] == [6, 0, 14] and [x.total for x in score.seats] == [16, 4, 21]
    assert [x.rank for x in score.seats] == [2, 1, 3] and score.leaders == (1,) and not score.finished
    assert score.winners == ()  # the provisional winner (§10) is a leader: winners wait for the end
    assert [x.breakdown["contains_hidden"] for x in score.seats] == [1, 1, 1]  # from the hidden hands (D46)
    assert score.seats[0].breakdown.get("higher_is_better", 0) == 0  # the lowest total wins outside solo (§6.3)


@pytest.mark.parametrize("gid", IDS)
@pytest.mark.parametrize("players,options", [(3, {}), (4, {"celebrity": "true"}), (2, {"robot": "true"}),
                                             (5, {"celebrity": "true", "tracer": "true"})])
def test_score_contains_hidden_while_the_game_runs(gid, players, options):
    """§10: every seat's breakdown has `contains_hidden` 1 at every step of a seeded game (the hands are
    hidden; with celebrity the status cards too, §7.5), and 0 once it is finished."""
    game = engines.get(gid)
    s = game.new(players, options, 5)
    seats, steps = game.seat_count(s), 0  # the robot's seat too
    while (listed := game.legal_moves(s)):
        assert [x.breakdown["contains_hidden"] for x in game.score(s).seats] == [1] * seats, steps
        game.apply_in_place(s, listed[steps * 7 % len(listed)])
        steps += 1
    score = game.score(s)
    assert score.finished and [x.breakdown["contains_hidden"] for x in score.seats] == [0] * seats
    assert steps > 20


@pytest.mark.parametrize("gid", IDS)
def test_49_refusals(gid):
    game, s = new(gid)
    set_hands(s, {0: "5 1", 1: "5 1"})
    turn = s[AT.to_act]
    other = (turn + 1) % 4
    assert "not your turn" in refused(game, s, other, "play 5")
    assert "not in collect phase" in refused(game, s, turn, "collect all")
    assert "not in tracer phase" not in refused(game, s, turn, "collect all")
    won(s, 0)
    assert "not in trick phase" in refused(game, s, 0, "play 5")
    assert "no such destination" in refused(game, s, 0, "move 0a 99")
    assert "not in collect phase" in refused(game, s, 0, "collect all")
    assert "not in tracer phase" in refused(game, s, 0, "tracer 16")  # tracer=false: never a tracer phase


@pytest.mark.parametrize("gid", IDS)
def test_50_replay_is_byte_identical(gid):
    game = engines.get(gid)
    for seed in range(12):
        state = game.new(3 + seed % 4, None, seed)
        moves, step = [], 0
        while (listed := game.legal_moves(state)):
            info = game.move_info(state, listed[(seed * 31 + step * 17) % len(listed)])
            moves.append((info.seat, info.text))
            game.apply_in_place(state, game.parse_move(state, info.seat, info.text))
            step += 1
        assert game.replay(3 + seed % 4, None, seed, moves) == state


def _board(tweak):
    data = json.loads((DATA / "whitehat-standard.json").read_text())
    tweak(data)
    return json.dumps(data)


@pytest.mark.parametrize("tweak, message", [
    (lambda d: d["spaces"][5].update(type="quantum_router"), r"space\[5\] \(5\): unknown space type 'quantum_router'"),
    (lambda d: d["arrows"].append([16, 77]), r"arrows\[\d+\] \[16, 77\]: dangling arrow: space 77"),
    (lambda d: d.update(arrows=[a for a in d["arrows"] if a[1] != 38]), r"space \d+: .*Critical Asset 38"),
])
def test_board_load_errors_name_the_file_and_the_space(tweak, message, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(_board(tweak))
    with pytest.raises(DataError, match=r"broken\.json: " + message):
        load_board(path, "white_hat", FACES)
    with pytest.raises(engines.BadOption, match="invalid board: inline board: " + message):
        engines.get("white_hat").new(4, {"board": path.read_text()})
    with pytest.raises(engines.BadOption, match="unknown board"):  # a path outside the game's data folder
        engines.get("white_hat").new(4, {"board": str(path)})


def test_shipped_boards_load_and_a_board_file_option_plays():
    for gid, name in (("white_hat", "whitehat-standard.json"), ("white_hat", "whitehat-expert.json"),
                      ("black_hat", "blackhat-standard.json")):
        board = load_board(DATA / name, gid, FACES)
        assert board.critical_asset == 38 and len(board.slots) == 5
    game = engines.get("white_hat")
    state = game.new(3, {"board": "whitehat-expert.json"}, 5)  # a board file of the data folder, by name
    assert game.view(game.new(3, {"board": str(DATA / "whitehat-expert.json")}, 5), 0)["board"]["side"] == "expert"
    assert game.view(state, 0)["board"]["id"] == "whitehat-expert"
    assert game.decode(game.encode(state)) == state
    assert texts(game, state)
