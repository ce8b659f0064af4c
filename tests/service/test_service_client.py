"""The Python client (clients/python, `tabletop_client`) against the real service, over gRPC and REST.

Each transport plays a whole seeded game of Hats with seat keys (every call as the acting seat, with
its own key), giving the move by index, as the listed move and as text in turn; both transports
reach the same final score. Refusals arrive as the same typed exceptions with the service's reason.
"""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tabletop_client import (ApiError, Client, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied,
                             Unauthenticated, Unavailable, listed, want)
from tabletop_client.transport import GrpcTransport

from .conftest import free_port

HTTP = {"NOT_FOUND": 404, "INVALID_ARGUMENT": 400, "UNAUTHENTICATED": 401, "PERMISSION_DENIED": 403,
        "FAILED_PRECONDITION": 409}


@pytest.fixture(scope="module", params=["grpc", "rest"])
def client(request, service):
    target = service.grpc_target if request.param == "grpc" else service.http
    with getattr(Client, request.param)(target) as api:
        yield api


def play(api: Client, seed: int) -> tuple:
    """A whole seeded game with seat keys: (final score, moves played, the moves' texts)."""
    rng = random.Random(seed)
    game = api.new_game("hats", ["Ann", "Bob", "Cy"], seed=seed, access="seats", want=want(legal_moves=True))
    assert game.dealt.access == "seats" and all(s.key for s in game.seats) and game.host_key
    texts = []
    while not game.finished:
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        assert moves and all(m.seat == seat for m in moves)  # a seat's key lists that seat's moves only
        i = rng.randrange(len(moves))
        form = len(texts) % 3  # index into the seat's own list, the listed move, its text
        answer = (game.apply(index=i, seat=seat) if form == 0 else game.apply(moves[i]) if form == 1
                  else game.apply(moves[i].text, seat=seat, want=want(view=True, seat=seat)))
        assert answer.move.text == moves[i].text and answer.move_count == len(texts) + 1
        if form == 2:
            assert answer.view.seat == seat and answer.view.HasField("hats")
        texts.append(moves[i].text)
    return game.score(), game.move_count, texts


def test_listed_spells_out_either_listing_in_order(client):
    game = client.new_game("hats", ["Ann", "Bob"], seed=3, access="open", want=want(legal_moves=True))
    assert game.dealt.legal_by_seat and not game.dealt.legal_moves
    assert [(mv.seat, mv.text) for mv in listed(game.dealt)] == [(mv.seat, mv.text) for mv in game.legal_moves()]
    whole = client.new_game("hats", ["Ann", "Bob"], seed=3, access="open",
                            want=want(legal_moves=True, typed_moves=True)).dealt
    assert listed(whole) == list(whole.legal_moves) and all(mv.HasField("hats") for mv in listed(whole))


def test_a_whole_game_over_grpc_and_over_rest_ends_the_same(service):
    with Client.grpc(service.grpc_target) as g, Client.rest(service.http) as r:
        over_grpc, over_rest = play(g, seed=5), play(r, seed=5)
    score, count, texts = over_grpc
    assert score.finished and score.winners and score.move_count == count == len(texts) > 10
    assert over_rest == over_grpc


def test_list_games_and_views(client):
    games = {g.id: g for g in client.list_games()}
    assert {"hats", "cambio"} <= set(games) and games["hats"].min_seats == 2
    game = client.new_game("cambio", 3, seed=3, access="seats", want=want(view=True, seat=1))
    assert game.dealt.view.seat == 1 and len(game.dealt.view.cambio.seats) == 3
    mine, spectator = game.view(1), game.view()
    assert mine.seat == 1 and not spectator.HasField("seat")
    assert game.score().game == "cambio" and not game.score().finished


def test_refusals_raise_the_code_class_with_the_services_reason(client):
    game = client.new_game("hats", 3, seed=8, access="seats")
    seat = game.to_act[0]
    other = (seat + 1) % 3
    cases = [
        (NotFound, "unknown_game", lambda: client.new_game("no_such_game", 3)),
        (InvalidArgument, "bad_seat_count", lambda: client.new_game("hats", 9)),
        (Unauthenticated, "no_key", lambda: client.apply_move(game.state, index=0)),
        (PermissionDenied, "wrong_key", lambda: client.apply_move(game.state, game.legal_moves(seat)[0],
                                                                  key=game.seats[other].key)),
        (FailedPrecondition, "not_your_turn", lambda: game.apply(game.legal_moves(seat)[0].text, seat=other)),
    ]
    for cls, reason, call in cases:
        with pytest.raises(cls) as caught:
            call()
        err = caught.value
        assert err.reason == reason and err.code == cls.code and err.message, (reason, err)
        assert err.http_status == (None if isinstance(client.transport, GrpcTransport) else HTTP[err.code])
    assert game.move_count == 0 and game.to_act == [seat]  # nothing changed: the game plays on
    game.apply(index=0, seat=seat)


def test_a_service_that_is_not_there_is_unavailable_without_a_reason():
    port = free_port()
    for api in (Client.grpc(f"127.0.0.1:{port}", timeout=2), Client.rest(f"http://127.0.0.1:{port}", timeout=2)):
        with api, pytest.raises(Unavailable) as caught:
            api.list_games()
        assert caught.value.reason == "" and isinstance(caught.value, ApiError)


def test_batch_and_stream_give_a_score_or_an_error_per_state(service):
    with Client.grpc(service.grpc_target) as api:
        state = api.new_game("hats", 2, seed=1).state
        bad = state[:-1] + bytes([state[-1] ^ 1])
        for results in (api.score_batch([state, bad]), list(api.score_stream([state, bad]))):
            assert results[0].HasField("score") and results[1].error.reason.startswith("token_")
    with Client.rest(service.http) as api, pytest.raises(TypeError):
        api.score_stream([state])


def test_the_client_needs_nothing_of_the_service_package():
    """It installs on its own (clients/python/pyproject.toml): importing it loads no service or engine code."""
    probe = ("import sys, tabletop_client; "
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'service', 'engines'}))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd="/")
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr
