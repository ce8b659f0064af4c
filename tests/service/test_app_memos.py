"""The service's own memos of wire forms (service/app/listing.py, service/wire/games.py): keyed by what names a
move (its seat and text) and by an Event's identity, never by attributes on engine objects, and never showing
one seat what another may not see."""
from __future__ import annotations

import random

import pytest

import engines
from engines.core.game import Event
from service.app.listing import Listings, move
from service.app.operations import Cut
from service.wire.games import wire

GAMES = [g.info.id for g in engines.games()]


def _midgame(game, seed: int, moves: int = 12) -> bytearray:
    players = game.info.min_seats
    state = game.new(players, game.seat_options(players), seed)
    pick = random.Random(seed)
    for _ in range(moves):
        listed = game.legal_moves(state)
        if not listed:
            break
        game.apply_in_place(state, listed[pick.randrange(len(listed))])
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_listed_moves_are_made_once_per_seat_and_text(game_id):
    """Every engine's MoveInfos (kept or made anew) meet the same Move again, and it is the move they name."""
    game, w = engines.get(game_id), wire(game_id)
    listings = Listings(lambda: False)
    for seed in range(3):
        state = _midgame(game, seed)
        first = listings.moves(game, state, Cut(None, True))
        again = listings.moves(game, state, Cut(None, True))
        infos = game.describe_moves(state)
        assert [(mv.seat, mv.text) for mv in first] == [(i.seat, i.text) for i in infos]
        assert all(a is b for a, b in zip(first, again)), "a listing made its Moves again"
        for info, made in zip(infos, first):
            assert move(w, info) is made
            if w.typed:
                assert getattr(made, game_id) == w.move_payload(info.kind, info.args)


def test_an_event_memo_never_shows_a_private_part_to_another_seat():
    """The memo keyed by an Event's identity keeps what its private seats see apart from what the others see:
    the same kept Event, asked for by its seat first, still hides its private part from everyone else."""
    hats = engines.get("hats")
    w = wire("hats")
    state = hats.new(3, hats.seat_options(3), 7)
    dealt = [e for e in hats.setup_events(state) if e.private_to][0]
    owner = dealt.private_to[0]
    other = next(s for s in range(3) if s not in dealt.private_to)
    for _ in range(2):  # the second round reads the memos
        mine = w.events([dealt], owner)
        theirs = w.events([dealt], other)
        spectator = w.events([dealt], None)
        assert mine != theirs, "the owner and another seat were shown the same"
        assert theirs == spectator
        assert list(w.events([dealt, dealt], other)) == [theirs[0], theirs[0]]


def test_an_event_memo_holds_the_event_it_names():
    """An entry keeps its Event alive, so an id met again is the same Event, not a new one at a freed address."""
    w = wire("hats")
    assert "reshuffled" in w._events  # a typed event: the memoised path
    for n in range(300):  # Events dropped at once, their addresses free for the ones below
        w.events([Event("reshuffled", {"deck_count": n})], None)
    later = [Event("reshuffled", {"deck_count": 1000 + n}) for n in range(300)]
    for e in later:
        assert list(w.events([e], None)) == [w.event(e, None)], f"{e} was answered with another Event's memo"
