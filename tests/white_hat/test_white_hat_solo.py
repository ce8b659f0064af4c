"""White Hat solo, spec shared/rules/white_hat.md §7.7 and its test cases 40-46 (and 47's solo refusals)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import engines  # noqa: E402
from engines.core.errors import BadState  # noqa: E402
from engines.white_hat import rules_solo as solo  # noqa: E402
from wh_testlib import AT, act, cards, refused, texts  # noqa: E402

GAME = engines.get("white_hat")
ROW = AT.hands + 16
HATS = ("Ka", "Kb", "Wa", "Wb", "Oa", "Ob", "Ba", "Bb")


def solo_game(seed: int = 1, **options) -> bytearray:
    return GAME.new(1, {"solo": "true", **options}, seed)


def set_cards(s: bytearray, hand: str, row: str, hat_at_row: bool = True, deck: str | None = None) -> None:
    """The player's hand and the row exactly so; the deck is `deck` (top first) or the rest; no pile."""
    pool = {c: (6 if c <= 13 else 5 if c == 14 else 1) for c in range(1, 16)}
    s[AT.hands:AT.hands + 32] = bytes(32)
    for base, text in ((AT.hands, hand), (ROW, row)):
        for c in cards(text):
            pool[c] -= 1
            s[base + c] += 1
    if pool[15]:
        s[ROW + 15 if hat_at_row else AT.hands + 15] = 1
    order = cards(deck) if deck is not None else [c for c in range(1, 15) for _ in range(pool[c])]
    s[AT.deck:AT.deck + 84] = bytes(order + [0] * (84 - len(order)))
    s[AT.deck_top], s[AT.deck_end], s[AT.pile_count] = 0, len(order), 0


def hats(s: bytearray, **where) -> None:
    """Hats on spaces (None: removed): hats(s, Ka=20, Wb=None)."""
    for name, space in where.items():
        s[AT.pawns + HATS.index(name)] = 254 if space is None else space


def row(s: bytearray) -> list:
    return GAME.view(s, 0)["solo"]["row"]


def test_40_solo_setup():
    s = solo_game()
    view = GAME.view(s, 0)
    assert len(view["solo"]["row"]) == 5 and "J" not in view["solo"]["row"] and view["solo"]["hat_at_row"]
    assert len(view["hand"]) == 10 and view["deck_count"] == 68 and view["phase"] == "lead"
    assert view["solo"]["markers"] == {"index": 0, "m1": None, "m2": None}
    assert [(p["pawn"], p["space"]) for p in view["pawns"]] == [(h, 0 if h[1] == "a" else 1) for h in HATS]
    for options, name in (({"board": "expert"}, "board"), ({"tracer": "true"}, "tracer"),
                          ({"celebrity": "true"}, "celebrity"), ({"reduce_luck": "deck"}, "reduce_luck")):
        with pytest.raises(engines.BadOption) as refusal:
            solo_game(**options)
        assert refusal.value.details["option"] == name and f"option {name}" in refusal.value.message


ROW_CASES = [  # §13 test 41: lead, the row's play, step, winner, the colour that moves
    ("play 5", ["5"], "A", "row", "B"), ("play 10", ["12"], "A", "row", "O"), ("play 13", ["3"], "C", "player", ""),
    ("play 4 4", ["5", "5"], "A", "row", "B"), ("play 6 6", ["9", "H"], "B", "row", "K"),
    ("play 10 10", ["12", "H"], "B", "row", "O"), ("play 13 13", ["3"], "C", "player", ""),
    ("play 2 2 2", ["5", "5", "H"], "B", "row", "B"), ("play J", ["3"], "C", "player", ""),
    ("play H as 3", ["3"], "A", "row", "W")]


@pytest.mark.parametrize("lead,answer,step,winner,colour", ROW_CASES)
def test_41_solo_row_algorithm(lead, answer, step, winner, colour):
    s = solo_game()
    hat_led = "H" in lead
    set_cards(s, "2 2 2 4 4 5 6 6 10 10 13 13 J" + (" H" if hat_led else ""), "3 5 5 9 12", hat_at_row=not hat_led)
    GAME.validate(s)
    played = next(e for e in act(GAME, s, 0, lead) if e.kind == "row_played")
    assert (played.public["row"], played.public["step"], played.public["winner"], played.public["colour"]) == \
        (answer, step, winner, colour)
    view = GAME.view(s, 0)
    assert view["solo"]["hat_at_row"] == ("H" not in answer)  # the row's H goes to the hand, the player's back
    assert ("H" in view["hand"]) == ("H" in answer)
    if winner == "row" and view["phase"] == "move":
        assert {t.split()[1][0] for t in texts(GAME, s)} == {colour}


def test_41_hat_leads_name_their_value():
    s = solo_game()
    set_cards(s, "2 J H", "3 5 5 9 12", hat_at_row=False)
    leads = texts(GAME, s)
    assert [t for t in leads if t.startswith("play H")] == [f"play H as {v}" for v in range(1, 15)]
    assert "play J" in leads and "play J H as 14" in leads and "play 2 H" in leads
    assert "name the hat's value" in refused(GAME, s, 0, "play H")
    assert "only a lead of wildcards with the hat" in refused(GAME, s, 0, "play 2 H as 4")


def test_42_no_movable_hat_of_the_colour():
    s = solo_game()
    set_cards(s, "4 4 13", "3 5 5 9 12")
    hats(s, Ba=15, Bb=31)
    events = act(GAME, s, 0, "play 4")
    assert [e.public["colour"] for e in events if e.kind == "move_skipped"] == ["B"]
    assert GAME.view(s, 0)["phase"] == "lead" and any(e.kind == "row_refilled" for e in events)
    act(GAME, s, 0, "play 13")  # the row answers with its smallest card: the player wins
    assert GAME.view(s, 0)["phase"] == "move"
    assert "pawn is blocked" in refused(GAME, s, 0, "move Ba 20")


def test_42_the_row_colour_is_enforced():
    s = solo_game()
    set_cards(s, "4 4 13", "3 5 5 9 12")
    act(GAME, s, 0, "play 4")
    assert "the row won with Blue: move a Blue hat" in refused(GAME, s, 0, "move Ka 2")
    assert "no such pawn" in refused(GAME, s, 0, "move 0a 2")


def test_43_solo_refill_with_jokers():
    s = solo_game()
    set_cards(s, "2", "9 12", deck="J 8 4 J 6 7")
    events = []
    solo.after(s, events)
    assert row(s) == ["4", "6", "8", "9", "12"] and GAME.view(s, 0)["hand"] == ["2", "J", "J"]
    assert s[AT.tracer_index] == 2 and s[AT.deck + s[AT.deck_top]] == 7


def test_44_solo_markers():
    s = solo_game()
    hats(s, Oa=0, Wb=1, Ka=20, Kb=30, Wa=25, Ob=35, Ba=26, Bb=11)
    s[AT.tracer_index] = 2
    solo.marker_step(s, None)
    assert (s[AT.tracer_space], s[AT.m2_space]) == (0, 1)
    removed = [h for h in HATS if s[AT.pawns + HATS.index(h)] == 254]
    assert removed == ["Wb", "Oa"]
    solo.marker_step(s, None)
    assert (s[AT.tracer_space], s[AT.m2_space]) == (3, 5)
    solo.marker_step(s, None)
    assert (s[AT.tracer_space], s[AT.m2_space]) == (15, 11) and s[AT.pawns + HATS.index("Bb")] == 254
    solo.marker_step(s, None)
    assert (s[AT.tracer_space], s[AT.m2_space]) == (20, 12) and s[AT.pawns + HATS.index("Ka")] == 254


def test_a_state_with_a_hat_on_a_tracer_marker_is_refused():
    """§7.7.5: a hat where a marker stands is removed at once, so no state holds one there (a start space
    included, which holds any number of pawns)."""
    s = solo_game()
    hats(s, Oa=0, Wb=1, Ka=20, Kb=30, Wa=25, Ob=35, Ba=26, Bb=11)
    s[AT.tracer_index] = 2
    solo.marker_step(s, None)
    solo.marker_step(s, None)
    GAME.validate(s)
    assert (s[AT.tracer_space], s[AT.m2_space]) == (3, 5)
    for hat, space in (("Kb", 3), ("Kb", 5), ("Wb", 3)):  # on m1, on m2, a removed hat put back on m1
        forged = bytearray(s)
        hats(forged, **{hat: space})
        with pytest.raises(BadState, match="hat on a tracer marker"):
            GAME.validate(forged)
    forged = bytearray(s)
    solo.marker_step(forged, None)  # m1 and m2 on 15 and 11, where Bb stood: removed
    hats(forged, Bb=0)  # a start space without a marker: allowed
    GAME.validate(forged)
    hats(forged, Bb=11)
    with pytest.raises(BadState, match="hat on a tracer marker"):
        GAME.validate(forged)


def test_45_solo_scoring():
    s = solo_game()
    hats(s, Ka=20, Kb=30, Wa=25, Wb=None, Oa=None, Ob=35, Ba=26, Bb=3)
    for c, total in enumerate((10, 7, 12, 9)):
        s[AT.totals + 2 * c] = total
    score = GAME.score(s)
    assert [score.seats[0].breakdown[f"{c}_round"] for c in "KWOB"] == [4, 2, 4, 1]
    assert [score.seats[0].breakdown[f"{c}_total"] for c in "KWOB"] == [14, 9, 16, 10]
    assert score.seats[0].total == 9 and score.leaders == (0,) and score.winners == () and not score.finished
    # §10 solo: the player sees all but the deck's order, which no score reads; the lowest colour is the score
    assert (score.seats[0].breakdown["contains_hidden"], score.seats[0].breakdown["higher_is_better"]) == (0, 1)
    hats(s, Ba=3, Bb=2)
    assert solo.colour_score(s, 3) == 0  # -3 counts as 0


def test_46a_critical_asset_ends_the_game():
    s = solo_game()
    set_cards(s, "2 13", "3 5 5 9 12")
    hats(s, Ob=36)
    act(GAME, s, 0, "play 13")
    events = act(GAME, s, 0, "move Ob 38")
    assert [e.kind for e in events][-2:] == ["colours_scored", "game_end"] and GAME.is_finished(s)
    score = GAME.score(s)
    assert score.finished and score.seats[0].total == min(score.seats[0].breakdown[f"{c}_total"] for c in "KWOB")
    assert (score.seats[0].breakdown["contains_hidden"], score.seats[0].breakdown["higher_is_better"]) == (0, 1)


def test_46b_deck_and_row_run_out():
    s = solo_game()
    set_cards(s, "2 13", "", deck="")  # the row's last rank card was just played
    events = []
    solo.after(s, events)
    assert [e.kind for e in GAME.name_events(events, s)] == ["colours_scored", "game_end"]


def test_46c_deck_runs_out_at_a_round_start():
    s = solo_game()
    set_cards(s, "", "3 5 5 9", deck="4 6 8")
    events = []
    solo.after(s, events)
    kinds = [e.kind for e in GAME.name_events(events, s)]
    assert kinds.count("colours_scored") == 1 and kinds[-1] == "game_end"
    assert row(s) == ["4", "6", "8"] and GAME.view(s, 0)["hand"] == []


def test_47_solo_refusals():
    for players, options, name in ((1, {"solo": "false"}, "solo"), (2, {"solo": "true"}, "solo"),
                                   (4, {"solo": "true"}, "solo"), (1, {"solo": "true", "reduce_luck": "deck"}, "reduce_luck"),
                                   (1, {"solo": "true", "first_dealer": "1"}, "first_dealer"),
                                   (1, {"solo": "true", "robot": "true"}, "robot"), (1, {"tracer": "false"}, "solo")):
        with pytest.raises(engines.BadOption) as refusal:
            GAME.new(players, options)
        assert refusal.value.details["option"] == name and f"option {name}" in refusal.value.message, options
    GAME.new(1, {"tracer": "false", "solo": "true"})  # the defaults, given explicitly, are accepted
    with pytest.raises(engines.BadOption, match="Black Hat has no solo mode"):
        engines.get("black_hat").new(1, {"solo": "true"})
    with pytest.raises(engines.BadOption, match="Black Hat has no solo mode"):  # not an unknown option
        engines.get("black_hat").new(3, {"solo": "false"})
    assert "solo" not in [o.name for o in engines.get("black_hat").info.options]  # §7.8: not listed


# Seeded games that reached a marker on a hat's path (found by random play; §7.7.5: markers occupy their
# space, so hats jump them and never stop on them).
M2_ON_THE_PATH = (26, {}, "play 9 9, move Ob 4, play H as 6, move Kb 5, play 10 J J J, move Wb 11, play 3, "
                  "move Wa 3, play 1, move Bb 17, exploit 24 +1, play 6, move Ka 16, play 5, move Ba 18, randomize, "
                  "place 5b C, play 7, move Kb 13, play 2, move Wb 12, play 13 J")
M2_BEHIND_A_HAT = (10, {"tiles": "5"}, "play 11, move Oa 3, play 10 J, move Wb 6, play 10, move Bb 14, play 7 7, "
                   "move Ka 4, play H as 4, move Ba 16, play 8, move Kb 5, play 12, move Wa 10, play 7, move Kb 11, "
                   "play 5, move Ba 18, skip, play 8 J J, move Bb 13, play 2, move Wa 8, play 10, move Ob 5, play 4, "
                   "move Bb 32, play 2, move Wb 14, play 8, move Kb 12, play 13, move Oa 15, play 11, move Ob 17, "
                   "exploit 2 +1, play 12, move Wa 25, play 4 J, move Ob 24, play 6 J, move Kb 33")


def replay(seed: int, options: dict, moves: str) -> bytearray:
    s = solo_game(seed, **options)
    for text in moves.split(", "):
        act(GAME, s, 0, text)
    return s


def test_a_hat_jumps_marker_m2():
    """§5.5/§7.7.5: m2 on 17 is jumped like m1, so Ob (on 4) reaches 19 beyond it and never 17."""
    s = replay(*M2_ON_THE_PATH)
    assert (s[AT.tracer_space], s[AT.m2_space]) == (15, 17)
    assert [t for t in texts(GAME, s) if t.startswith("move Ob")] == ["move Ob 19", "move Ob 20", "move Ob 24"]
    assert "no such destination" in refused(GAME, s, 0, "move Ob 17")
    act(GAME, s, 0, "move Ob 19")
    assert s[AT.pawns + HATS.index("Ob")] == 19 and s[AT.m2_space] == 17


def test_a_backflip_jumps_marker_m2():
    """The Backflip follows the arrows backwards the same way (D22): Wb on 14 passes m2 on 6 to the Public
    Server (1), and may not stop on 6."""
    s = replay(*M2_BEHIND_A_HAT)
    assert (s[AT.tracer_space], s[AT.m2_space], s[AT.pawns + HATS.index("Wb")]) == (3, 6, 14)
    assert [t for t in texts(GAME, s) if t.startswith("backflip Wb")] == ["backflip Wb 1"]
    assert "no such destination" in refused(GAME, s, 0, "backflip Wb 6")
    act(GAME, s, 0, "backflip Wb 1")
    assert s[AT.pawns + HATS.index("Wb")] == 1 and s[AT.m2_space] == 6
