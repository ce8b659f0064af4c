"""Limits of the app layer, in process (the app layer is transport-free): listings too large to serve."""
import base64

import pytest

from service.app import listing as app_module
from service.wire import messages as m
from service.app import App
from service.app.errors import ApiError
from service.app.tokens import Sealer


@pytest.fixture
def app():
    return App(Sealer([("k1", base64.b64decode(base64.b64encode(bytes(32))))]), access="open")  # the trusted path


def test_a_listing_too_large_is_refused_clearly_and_the_move_still_plays_as_text(app, monkeypatch):
    new = app.call("rest", "NewGame", m.NewGameRequest(game="hats", seats=[m.Seat()] * 3, seed="7"))
    listed = app.call("rest", "LegalMoves", m.LegalMovesRequest(state=new.state))
    monkeypatch.setattr(app_module, "MAX_LISTED_MOVES", len(listed.moves) - 1)
    with pytest.raises(ApiError) as refused:
        app.call("rest", "LegalMoves", m.LegalMovesRequest(state=new.state))
    err = refused.value
    assert err.status == "RESOURCE_EXHAUSTED" and err.reason == "too_many_moves"
    assert f"{len(listed.moves)} legal moves" in err.message and err.details["count"] == str(len(listed.moves))
    monkeypatch.setattr(app_module, "MAX_LISTED_MOVES", 1)
    with pytest.raises(ApiError, match="legal moves now"):
        app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=new.state, move=listed.moves[0],
                                                         want=m.Want(legal_moves=True)))
    played = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=new.state, move=m.Move(
        seat=listed.moves[0].seat, text=listed.moves[0].text)))
    assert played.move_count == 1


def test_a_long_listing_takes_its_turn_and_lists_the_same_moves(app, monkeypatch):
    """A listing over LONG_LISTING moves is built in the worker's listing lane, in chunks: the same moves."""
    new = app.call("rest", "NewGame", m.NewGameRequest(game="cambio", seats=[m.Seat()] * 4, seed="7"))
    direct = app.call("rest", "LegalMoves", m.LegalMovesRequest(state=new.state))
    monkeypatch.setattr(app_module, "LONG_LISTING", 0)
    monkeypatch.setattr(app_module, "CHUNK", 1)
    turn = app.listings._long._turn
    turns = []
    monkeypatch.setattr(app_module, "pace", lambda others: turns.append(turn.acquire(blocking=False)))
    assert app.call("rest", "LegalMoves", m.LegalMovesRequest(state=new.state)) == direct
    assert len(turns) == len(direct.moves) and not any(turns), "built in chunks, holding the lane's one turn"
    turns.clear()  # the compact listing (texts by seat) takes the same turns
    texts = app.call("rest", "ApplyMove", m.ApplyMoveRequest(state=new.state, move=direct.moves[0],
                                                             want=m.Want(legal_moves=True)))
    compact_turns = list(turns)
    after = app.call("rest", "LegalMoves", m.LegalMovesRequest(state=texts.state))
    assert [(g.seat, t) for g in texts.legal_by_seat for t in g.moves] == [(mv.seat, mv.text) for mv in after.moves]
    assert len(compact_turns) == len(after.moves) and not any(compact_turns), "in chunks, holding the one turn"
