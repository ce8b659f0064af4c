"""Acceptance 2 of the seat-keys issue: no answer of the service tells a seat a card it may not know.

For every registered game, along seeded games, for every seat s and the spectator: re-deal the
cards s cannot see (the engine's `redeal_unseen`), seal both deals in tokens of the same `seats`
game, and ask the same questions with s's key (or none): View, LegalMoves, Score, ApplyMove of
one of s's own moves (with the next view, legal moves and score), and, with the host key and
`want.seat = s`, ApplyMove of another seat's move (the echoed move and events as s sees them).
Every answer but the new token must be the same in both deals. A move that rightly shows s a
card (its view after the move differs between the deals) or a card shown for a moment (the
game's `reveals`, tests/<game>/fixtures.json) ends the comparison for that move, as in the
engine-level check (tests/enginekit.py `check_no_leak`).

The real App (service/app) with a real key ring is called in process: the transports only
convert what it returns, and tests/service/test_service_access.py checks them over sockets.
"""
from __future__ import annotations

import random

import msgspec
import pytest

import engines
from enginekit import GAME_IDS, pick, playout, recorded, scaled, seat_counts
from service.app import App
from service.app.errors import ApiError
from service.app.tokens import Sealer, pack_seats
from service.wire import messages as m

GAMES_PER_ID = 3
STATES_PER_GAME = 6


@pytest.fixture(scope="module")
def app():
    return App(Sealer([("k1", bytes(range(32)))]), access="seats")


def answer(app, method, request, key):
    """The call's answer without its new token (sealed with a fresh nonce), or its refusal."""
    try:
        resp = app.call("rest", method, request, authorization=None if key is None else f"Bearer {key}")
    except ApiError as err:
        return ("refused", err.status, err.reason, err.message)
    out = msgspec.to_builtins(resp)
    out.pop("state", None)
    return out


def shows_a_reveal(game, state, code, seat, reveals) -> bool:
    """Whether applying `code` shows `seat` a card for a moment (named in the game's reveals)."""
    _, events = game.apply(state, code)
    return any(e.kind in reveals for e in events)


class Deals:
    """The same `seats` game in two deals that differ only in what `seat` cannot see."""

    def __init__(self, app, game, state, seat, shuffle):
        self.app, self.game, self.seat = app, game, seat
        self.a, self.b = bytearray(state), game.redeal_unseen(bytearray(state), seat, shuffle)
        n = game.seat_count(self.a)
        game_id = bytes(range(16))
        table = pack_seats([("", "human")] * n, game_id, "seats")
        count = game.move_count(self.a)
        self.tokens = [app.sealer.seal(game.encode(s), count, table) for s in (self.a, self.b)]
        self.key = None if seat is None else app.keys.key(game_id, seat)
        self.host = app.keys.key(game_id, None)
        self.compared: dict[str, int] = {}

    def same(self, method, make, key, where):
        self.compared[method] = self.compared.get(method, 0) + 1
        first, second = (answer(self.app, method, make(token), key) for token in self.tokens)
        assert first == second, f"{where}: {method} differs between deals of what seat {self.seat} cannot see"

    def other_indexes(self, salt: int, reveals, most: int = 3) -> list[int]:
        """Indexes (in the whole list, the host's) of other seats' moves that exist in both deals, are
        made by the same seat, keep `seat`'s view the same in both and show no momentary reveal."""
        game = self.game
        if game.is_finished(self.a):
            return []
        la, lb = game.legal_moves(self.a), game.legal_moves(self.b)
        found = []
        for k in range(min(len(la), len(lb))):
            i = (salt + k * 7) % min(len(la), len(lb))
            ia, ib = game.move_info(self.a, la[i]), game.move_info(self.b, lb[i])
            if ia.seat != ib.seat or ia.seat == self.seat or i in found:
                continue
            (after_a, ea), (after_b, eb) = game.apply(self.a, la[i]), game.apply(self.b, lb[i])
            if game.view(after_a, self.seat) != game.view(after_b, self.seat):
                continue
            if any(e.kind in reveals for e in (*ea, *eb)):
                continue
            found.append(i)
            if len(found) == most:
                break
        return found

    def moves_that_keep_the_view(self, infos):
        """Moves (by text) that parse in both deals and leave `seat`'s view the same in both."""
        game, out = self.game, []
        for info in infos:
            try:
                code_b = game.parse_move(self.b, info.seat, info.text)
            except engines.RuleError:
                continue
            code_a = game.parse_move(self.a, info.seat, info.text)
            after_a, _ = game.apply(self.a, code_a)
            after_b, _ = game.apply(self.b, code_b)
            if game.view(after_a, self.seat) == game.view(after_b, self.seat):
                out.append((info, code_a))
        return out


def check_state(app, game, state, seat, shuffle, reveals) -> dict[str, int]:
    """The number of answers compared, by method (none when the re-deal changed nothing)."""
    d = Deals(app, game, state, seat, shuffle)
    if d.a == d.b:
        return {}
    where = f"{game.info.id}, seat {seat}, after {game.move_count(d.a)} moves"
    key = d.key
    d.same("View", lambda t: m.ViewRequest(state=t, seat=seat), key, where)
    d.same("View", lambda t: m.ViewRequest(state=t), key, where)
    d.same("LegalMoves", lambda t: m.LegalMovesRequest(state=t), key, where)
    d.same("Score", lambda t: m.ScoreRequest(state=t), key, where)
    want = m.Want(view=True, legal_moves=True, score=True, seat=seat)
    infos = game.describe_moves(d.a) if not game.is_finished(d.a) else []
    own = [i for i in infos if i.seat == seat]
    others = [i for i in infos if i.seat != seat]
    # The spectator has no ApplyMove perspective of its own (want.seat absent means the mover's).
    if seat is not None:
        kept = d.moves_that_keep_the_view(own[pick(len(d.a), 1, len(own)):][:2] if own else [])
        for info, code in kept:
            if not shows_a_reveal(game, d.a, code, seat, reveals):
                d.same("ApplyMove", lambda t: m.ApplyMoveRequest(state=t, move=m.Move(seat=info.seat, text=info.text),
                                                                 want=want), key, f"{where}, `{info.text}`")
        for index in d.other_indexes(pick(len(d.a), 2, 1 << 20), reveals):
            # By index, as a front end does: in the other deal the same index may be another card of
            # the mover's (a black hat played face down): what s is told must not show which.
            d.same("ApplyMove", lambda t: m.ApplyMoveRequest(state=t, index=index, want=want), d.host,
                   f"{where}, move #{index} (host key, want.seat {seat})")
    # Without a key: the spectator's share only, the same in both deals.
    d.same("LegalMoves", lambda t: m.LegalMovesRequest(state=t), None, where)
    d.same("Score", lambda t: m.ScoreRequest(state=t), None, where)
    return d.compared


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_nothing_a_seat_is_told_changes_when_its_unseen_cards_are_redealt(app, game_id):
    game = engines.get(game_id)
    reveals = recorded(game_id, "reveals")
    counts = seat_counts(game)
    checked, compared = 0, {}
    for seed in range(scaled(GAMES_PER_ID)):
        players = counts[seed % len(counts)]
        trail, _, _ = playout(game, players, seed)
        every = max(1, len(trail) // STATES_PER_GAME)
        for k, state in enumerate(trail[:-1:every][:STATES_PER_GAME]):
            for seat in [None, *range(players)]:
                shuffle = random.Random(seed * 1000 + k * 10 + (seat or 0)).shuffle
                asked = check_state(app, game, bytearray(state), seat, shuffle, reveals)
                checked += bool(asked)
                for method, n in asked.items():
                    compared[method] = compared.get(method, 0) + n
    assert checked > 5, "the re-deals hardly moved a card: the check would prove nothing"
    # Own moves and other seats' moves (by index, host key as s) were compared, not only skipped.
    assert compared.get("ApplyMove", 0) >= 3, compared
