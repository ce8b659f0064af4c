"""No view leaks (spec §9): a seat's view does not change when the cards it has not seen are
re-dealt, it shows exactly the cards the seat legitimately knows, and peeks reach the peeker only."""
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cambio_testlib import cambio, card_at, known_by, pass_all, play, story, view_card  # noqa: E402


def sample_states(players: int, memory: str, games: int, every: int = 5):
    """States along seeded random games (blind snaps and patient play alternate)."""
    for seed in range(games):
        rnd = random.Random(seed)
        st = cambio.new(players, {"memory_aid": memory}, seed)
        step = 0
        while (listed := cambio.legal_moves(st)):
            move = rnd.choice(listed)
            if seed % 2 and cambio.move_info(st, move).kind == "snap" and rnd.random() < 0.9:
                seat = cambio.to_act(st)[0]
                pending = cambio.view(st, None)["window"]["pending_give"]
                move = cambio.parse_move(st, seat, "nogive" if pending else "pass")
            cambio.apply_in_place(st, move)
            step += 1
            if step % every == 0:
                yield st


@pytest.mark.parametrize("players,memory", [(2, "follow"), (4, "follow"), (8, "follow"), (4, "slot"),
                                            (3, "off")])
def test_views_do_not_change_when_unseen_cards_are_redealt(players, memory):
    rnd = random.Random(players)
    checked = 0
    for st in sample_states(players, memory, games=40):
        for seat in [None] + list(range(players)):
            positions = [p for group in cambio.unseen(st, seat) for p in group]
            if len(positions) < 2:
                continue
            other = cambio.redeal_unseen(st, seat, rnd.shuffle)
            cambio.validate(other)
            assert other != st or len(set(st[p] for p in positions)) < 2
            assert cambio.view(other, seat) == cambio.view(st, seat)
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("memory", ["follow", "slot", "off"])
def test_a_view_shows_exactly_what_its_seat_knows(memory):
    for st in sample_states(4, memory, games=30, every=3):
        finished = cambio.is_finished(st)
        for seat in [None, 0, 1, 2, 3]:
            for row in cambio.view(st, seat)["seats"]:
                for slot in row["slots"]:
                    knows = seat is not None and seat in slot["known_by"] and memory != "off"
                    assert (slot["card"] is not None) == (finished or knows)
                    if slot["card"] is not None:
                        assert slot["card"] == card_at(st, slot["position"])


def test_a_peeked_card_appears_in_the_peekers_view_only():
    st = story(6)
    play(st, 0, "draw deck")
    play(st, 0, "discard")
    events = play(st, 0, "look 2.1")
    assert view_card(st, 0, "2.1") == "N5-1"
    assert [view_card(st, s, "2.1") for s in (None, 1, 2, 3)] == [None] * 4
    assert known_by(st, "2.1") == [0]
    looked = next(e for e in events if e.kind == "looked")
    assert looked.private_to == (0,) and "card" not in looked.public
    # and in random games: every `looked` reveals to its actor alone (seats that already knew aside)
    for seed in range(60):
        rnd = random.Random(seed)
        st = cambio.new(4, None, seed)
        while (listed := cambio.legal_moves(st)):
            before = {s: cambio.view(st, s) for s in range(4)}
            events = []
            cambio.apply_in_place(st, rnd.choice(listed), events)
            for e in events:
                if e.kind != "looked" or cambio.is_finished(st):
                    continue
                actor, position = e.public["seat"], e.public["position"]
                assert view_card(st, actor, position) == e.private["card"]
                for s in range(4):
                    if s != actor and view_card(st, s, position) is not None:
                        t = int(position.split(".")[0])
                        was = [x["card"] for x in before[s]["seats"][t]["slots"] if x["position"] == position]
                        assert was == [e.private["card"]]


def test_events_keep_hidden_cards_private():
    for seed in range(30):
        rnd = random.Random(seed)
        st = cambio.new(3, None, seed)
        events = cambio.setup_events(st)
        while (listed := cambio.legal_moves(st)):
            cambio.apply_in_place(st, rnd.choice(listed), events)
        for e in events:
            if e.kind == "drew" and e.public["source"] == "deck":
                assert "card" not in e.public and e.private_to == (e.public["seat"],)
            if e.kind == "replaced" and e.public["source"] == "deck":
                assert "card" not in e.public and e.private_to == (e.public["seat"],)
            if e.kind == "deal":
                assert e.private_to == (e.public["seat"],) and len(e.private["cards"]) == 2
            if e.kind == "penalty":
                assert set(e.public) == {"seat", "slot"} and not e.private
            assert e.seen_by(None).private == {}


def test_memory_off_shows_no_identities_but_events_do():
    st = story(6, memory_aid="off")
    assert all(x["card"] is None for s in cambio.view(st, 2)["seats"] for x in s["slots"])
    play(st, 0, "draw deck")
    play(st, 0, "discard")
    events = play(st, 0, "look 2.1")
    assert view_card(st, 0, "2.1") is None and known_by(st, "2.1") == [0]
    assert next(e for e in events if e.kind == "looked").seen_by(0).private == {"card": "N5-1"}
    pass_all(st)
