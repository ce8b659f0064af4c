"""White Hat variants, spec shared/rules/white_hat.md §7 and its test cases 31-39 (solo: 40-46 elsewhere)."""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from engines.white_hat import rules_round as rounds  # noqa: E402
from engines.white_hat import game as game_module  # noqa: E402
from enginekit import load_module  # noqa: E402
from wh_testlib import AT, IDS, act, put, refused, set_hands, standard_for, texts, won  # noqa: E402


def variant(gid: str, players: int, dealer: int = 0, deck=None, **options) -> tuple:
    """A game on the (White Hat) standard board with these options (True -> "true")."""
    game = engines.get(gid)
    opts = {"first_dealer": str(dealer), "board": standard_for(gid)}
    opts.update({k: ("true" if v is True else str(v)) for k, v in options.items()})
    if deck:
        opts["deck"] = ",".join(deck)
    return game, game.new(players, opts, 1)


def tracer_at(s: bytearray) -> tuple:
    return s[AT.tracer_index], s[AT.tracer_space]


def pawn(s: bytearray, name: str) -> int:
    return s[AT.pawns + 2 * int(name[0]) + (name[1] == "b")]


@pytest.mark.parametrize("gid", IDS)
def test_31_tracer_track_arrival_and_capture(gid):
    game, s = variant(gid, 3, tracer=True)
    set_hands(s, {})
    put(s, p0b=19, p1a=5, p1b=1, p2a=20, p2b=1)
    path = iter(["move 0a 2", "move 0a 7", "move 0a 8"])
    for index in (1, 2):
        won(s, 0)
        act(game, s, 0, next(path))
        assert tracer_at(s) == (index, 255) and s[AT.phase] == 0
    other = bytearray(s)  # a trick won by seat 1 gives no step
    won(other, 1)
    act(game, other, 1, "move 1a 11")
    assert tracer_at(other) == (2, 255)
    won(s, 0)
    events = act(game, s, 0, next(path))
    assert tracer_at(s) == (3, 1)
    assert pawn(s, "1b") == pawn(s, "2b") == 254
    assert [e.public["pawn"] for e in events if e.kind == "captured"] == ["1b", "2b"]
    assert game.view(s, None)["pawns"][3] == {"pawn": "1b", "seat": 1, "space": None, "blocked": False,
                                               "jailed": True}
    won(s, 0)
    act(game, s, 0, "move 0a 25")
    assert game.view(s, 0)["phase"] == "tracer"
    assert texts(game, s) == ["tracer 5", "tracer 6"]
    assert "the tracer cannot move there" in refused(game, s, 0, "tracer 4")
    assert "the tracer cannot move there" in refused(game, s, 0, "tracer 0")
    act(game, s, 0, "tracer 5")
    assert pawn(s, "1a") == 254 and rounds.pawn_points(s, 1) == 10


def _tracer_phase(s: bytearray, space: int, seat: int = 0) -> None:
    s[AT.tracer_index], s[AT.tracer_space] = s[AT.tracer_steps], space
    s[AT.winner], s[AT.phase], s[AT.to_act] = seat, 6, seat


@pytest.mark.parametrize("gid", IDS)
def test_32_tracer_adjacency_and_the_critical_asset(gid):
    game, s = variant(gid, 4, tracer=True)
    set_hands(s, {})
    _tracer_phase(s, 16)
    assert texts(game, s) == ["tracer 15", "tracer 17", "tracer 18", "tracer 20"]
    _tracer_phase(s, 36)
    assert texts(game, s) == ["tracer 38"]
    events = act(game, s, 0, "tracer 38")
    assert game.is_finished(s) and [e.kind for e in events][-1] == "game_end"


@pytest.mark.parametrize("gid", IDS)
def test_33_tracer_after_a_forced_draw(gid):
    game, s = variant(gid, 4, tracer=True)
    set_hands(s, {})
    s[AT.tracer_index], s[AT.tracer_space] = s[AT.tracer_steps], 16
    put(s, p0a=15, p0b=19)
    events = []
    won(s, 0, events)
    assert [e.kind for e in events] == ["drew"]
    assert game.view(s, 0)["phase"] == "tracer" and game.to_act(s) == [0]


@pytest.mark.parametrize("gid", IDS)
def test_34_no_tracer_step_once_the_critical_asset_is_taken(gid):
    game, s = variant(gid, 4, tracer=True)
    set_hands(s, {})
    put(s, p0a=36, p0b=19)
    won(s, 0)
    events = act(game, s, 0, "move 0a 38")
    assert tracer_at(s) == (0, 255) and not any(e.kind.startswith("tracer") for e in events)
    assert game.is_finished(s)


@pytest.mark.parametrize("gid", IDS)
def test_35_reduce_luck_deck(gid):
    for players, robot, size in ((3, False, 55), (4, False, 55), (5, False, 69), (6, False, 83), (2, True, 55)):
        game, s = variant(gid, players, reduce_luck="deck", robot="true" if robot else "false")
        view = game.view(s, None)
        assert view["deck_count"] + sum(view["hand_counts"]) - 1 + 1 == size, players  # hat out, count-out in
        if players == 4:
            assert view["deck_count"] == 15


@pytest.mark.parametrize("gid", IDS)
@pytest.mark.parametrize("tracer", [False, True])
def test_36_half_hands(gid, tracer):
    game, s = variant(gid, 4, reduce_luck="hands", tracer="true" if tracer else "false")
    set_hands(s, {0: ""})  # seat 0 is out of cards: the round ends with this trick
    put(s, p1a=3, p2a=2)
    won(s, 1)
    act(game, s, 1, "move 1a 15")
    view = game.view(s, None)
    assert view["round"] == 2 and view["honeypot_entered"]
    assert view["hand_counts"] == [5, 5, 5, 5] and view["deck_count"] == 63
    game, s = variant(gid, 4, reduce_luck="hands", tracer="true" if tracer else "false")
    set_hands(s, {})
    put(s, p1a=17)
    won(s, 1)
    act(game, s, 1, "move 1a 19")
    assert game.view(s, None)["honeypot_entered"] == (not tracer)


@pytest.mark.parametrize("gid", IDS)
def test_37_celebrity_example(gid):
    game, s = variant(gid, 3, celebrity=True)
    s[AT.status:AT.status + 3] = bytes([15, 35, 40])
    assert game.view(s, 0)["status"] == 15 and game.view(s, 0)["status_cards"] == [15, 0, 0]
    assert game.view(s, None)["status_cards"] == [0, 0, 0]
    for seat, total in enumerate((12, 37, 38)):
        s[AT.totals + 2 * seat] = total
        s[AT.last_round + 2 * seat] = 0
    s[AT.phase], s[AT.to_act] = 5, 255
    s[AT.hands:AT.hands + 16 * 6] = bytes(16 * 6)
    score = game.score(s)
    assert score.winners == (2,) and score.tiebreak == "below_status"
    assert [x.rank for x in score.seats] == [3, 2, 1]
    assert game.view(s, None)["status_cards"] == [15, 35, 40]  # open once the game is finished


@pytest.mark.parametrize("gid", IDS)
def test_celebrity_cards_are_dealt_secretly(gid):
    game, s = variant(gid, 5, celebrity=True)
    cards = list(s[AT.status:AT.status + 5])
    assert len(set(cards)) == 5 and set(cards) <= set(range(10, 55, 5))
    for seat in range(5):
        assert game.view(s, seat)["status_cards"] == [c if i == seat else 0 for i, c in enumerate(cards)]
    setup = game.setup_events(s)
    cards_seen = [e for e in setup if e.kind == "status_card"]
    assert [(e.public["seat"], e.private["status"], e.private_to) for e in cards_seen] == \
        [(i, c, (i,)) for i, c in enumerate(cards)]


@pytest.mark.parametrize("gid", IDS)
@pytest.mark.parametrize("card,holder,leader,controller,order", [
    ("1", 1, 0, 0, [0, 2, 1]), ("3", 0, 2, 1, [2, 0, 1]), ("2", 2, 1, 0, [1, 2, 0])])
def test_38_robot_order_and_controller(gid, card, holder, leader, controller, order):
    game, s = variant(gid, 2, robot=True, deck=[card])
    view = game.view(s, 0)
    assert (view["hat_holder"], view["trick"]["leader"], view["controller"], view["trick"]["order"]) == \
        (holder, leader, controller, order)
    if leader != 0:
        return
    act(game, s, 0, game.describe_moves(s)[0].text)
    assert game.to_act(s) == [0] and s[AT.to_act] == 2
    assert {m.seat for m in game.describe_moves(s)} == {0}
    robot_move = game.describe_moves(s)[0].text
    assert "seat 1 does not control the robot" in refused(game, s, 1, robot_move)
    assert "controller, seat 0" in refused(game, s, 2, robot_move)
    act(game, s, 0, robot_move)
    assert game.to_act(s) == [1]


@pytest.mark.parametrize("gid", IDS)
def test_38d_robot_round_two(gid):
    game, s = variant(gid, 2, robot=True, deck=["3"])
    set_hands(s, {})
    s[AT.round] = 2
    rounds.start_trick(s, 1)
    assert s[AT.controller] == 0 and list(s[AT.trick_order:AT.trick_order + 3]) == [1, 2, 0]
    put(s, p2a=3)
    won(s, 2)
    assert game.to_act(s) == [0] and "move 2a 10" in texts(game, s)
    act(game, s, 0, "move 2a 10")
    assert s[AT.leader] == 2 and s[AT.controller] == 0 and list(s[AT.trick_order:AT.trick_order + 3]) == [2, 1, 0]


@pytest.mark.parametrize("gid", IDS)
def test_39_robot_open_hand(gid):
    game, s = variant(gid, 2, robot=True)
    robot_hand = game.view(s, 2)["hand"]
    assert len(robot_hand) == 10
    for seat in (0, 1, None):
        assert game.view(s, seat)["robot_hand"] == robot_hand
    dealt = [e for e in game.setup_events(s) if e.kind == "dealt"]
    assert dealt[2].public["hand"] == robot_hand and dealt[2].private_to == ()
    assert dealt[0].private_to == (0,) and "hand" not in dealt[0].public
    set_hands(s, {})
    put(s, p2a=15, p2b=31)
    events = []
    won(s, 2, events)
    drew = [e for e in events if e.kind == "drew"]
    assert drew and drew[0].public["card"] and drew[0].private_to == ()


@pytest.mark.parametrize("gid", IDS)
def test_tiles_at_setup(gid):
    game, s = variant(gid, 3, tiles="A=3b,C=1a")
    slots = {x["id"]: x["face"] for x in game.view(s, None)["board"]["slots"]}
    assert slots["A"] == "3b" and slots["C"] == "1a" and list(slots.values()).count("") == len(slots) - 2
    assert game.view(s, None)["board"]["tile_supply"] == [2, 4, 5, 6]
    game, s = variant(gid, 3, tiles=5)
    faces = [x["face"] for x in game.view(s, None)["board"]["slots"]]
    assert "" not in faces and len({f[0] for f in faces}) == 5
    assert game.new(3, {"tiles": "5", "board": standard_for(gid)}, 1) == s  # seeded: the same tiles again


@pytest.mark.parametrize("leak", ["others", "robot_hidden", "owner_hidden"])
def test_the_playouts_status_card_check_catches_a_leak(monkeypatch, leak):
    """tests/white_hat/invariants.py (run along the registry's celebrity playouts) fails when a view shows
    another seat's status card before the end, hides the robot's, or hides the owner's own."""
    invariants = load_module(Path(__file__).with_name("invariants.py"), "white_hat_invariants_meta")
    for players in (3, 2):
        game, s = variant("white_hat", players, celebrity=True, **({"robot": True} if players == 2 else {}))
        invariants.check(game, s)  # as dealt: the check holds
        real = game_module._variants

        def leaky(state, seat, real=real):
            out = real(state, seat)
            cards = list(state[AT.status:AT.status + state[AT.players]])
            robot = state[AT.robot]
            if leak == "others":
                out["status_cards"] = cards
            elif leak == "robot_hidden" and robot != 255:
                out["status_cards"] = [0 if s == robot else c for s, c in enumerate(out["status_cards"])]
            elif leak == "owner_hidden" and seat is not None:
                out["status_cards"] = [0 if s == seat else c for s, c in enumerate(out["status_cards"])]
            return out
        monkeypatch.setattr(game_module, "_variants", leaky)
        if leak == "robot_hidden" and players == 3:
            invariants.check(game, s)  # no robot at this table: nothing to hide
        else:
            with pytest.raises(AssertionError, match="status cards"):
                invariants.check(game, s)
        monkeypatch.setattr(game_module, "_variants", real)
