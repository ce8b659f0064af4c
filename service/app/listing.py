"""Listing the legal moves in a response: counted before anything is built, and a long listing takes turns.

A listing is counted (a list of small ints from the compiled rules) before any move is described, and
refused beyond MAX_LISTED_MOVES. Up to LONG_LISTING moves it is built at once: that is every listing of
ordinary play. A longer one (a Cambio swap over a full table: ~2,400 moves, ~15 ms of a worker's time
with its typed forms and their protobuf) is built in the worker's listing Lane: one at a time, the
others waiting their turn (DEADLINE_EXCEEDED after WAIT seconds), yielding between chunks while other
calls are in flight (lane.pace). Without the turns, two callers asking for such listings back to back took most of
a worker and every other player's p99 with it (python -m bench.hostile).
"""
from __future__ import annotations

import operator
import time
from itertools import groupby
from typing import Callable

from ..wire import messages as m
from ..wire.games import GameWire, wire
from .errors import RESOURCE_EXHAUSTED, ApiError
from .lane import Lane, pace
from .scheduling import OffLoop

# Cambio 1.1 lists a blue king's picks one at a time, so real listings stay in the hundreds (the most seen
# in random play is ~600; a swap over a full table is under 3,000); listing 4,096 moves costs ~30 ms.
MAX_LISTED_MOVES = 4096
# Above the longest listings of ordinary play (Cambio's 8-seat swaps, ~600): the turns are for the rare
# and the hostile ones. No call is refused for waiting: the worker's RUNNERS bound them already.
LONG_LISTING = 1024
CHUNK = 128  # moves built between two yields of a long listing
WAIT = 10.0  # seconds a long listing may wait for its turn (the default --call-timeout)
# The service's memos of the Moves it lists, per game and per form (with or without the typed move), keyed by
# (seat, text): a seat's text names one move of its game (its typed form is read from that text), whatever
# the engine and its move codes (Cambio's and Kodiak's index their listing). Each Move is made once and never
# changed (m.Shared): the gRPC converter serializes it once. Bounded; a few MB when full.
SHARED_MOVES = 1 << 15
_MEMOS: dict[tuple[str, bool], dict[tuple[int, str], m.Move]] = {}
_KEY = operator.attrgetter("seat", "text")


def move(w: GameWire, info, cut=None, typed: bool = True) -> m.Move:
    """A move as `cut` may see it: whole for its mover (or a full cut), else only whose it was; whole is
    its seat and text, and its typed form too when `typed` (and its game has one). Shared between
    responses and registered for the gRPC converter (m.shared)."""
    if cut is not None and not cut.full and cut.seat != info.seat:
        out = _SEAT_ONLY.get(info.seat)
        if out is None:
            out = _SEAT_ONLY[info.seat] = m.Move(seat=info.seat)
    else:
        whole = typed and w.typed  # (a game without a .proto of its own plays by text)
        memo = _memo(w, whole)
        out = memo.get((info.seat, info.text))
        if out is None:
            out = _made(w, whole, memo, info)
    return out if m.SHARED_ONES.get(id(out)) is out else m.shared(out)


_SEAT_ONLY: dict[int, m.Move] = {}


def _memo(w: GameWire, whole: bool) -> dict[tuple[int, str], m.Move]:
    memo = _MEMOS.get((w.id, whole))
    if memo is None:
        memo = _MEMOS[(w.id, whole)] = {}
    return memo


def _made(w: GameWire, whole: bool, memo: dict, info) -> m.Move:
    """The Move of a MoveInfo not in `memo` yet, kept there."""
    out = m.Move(seat=info.seat, text=info.text)
    if whole:
        setattr(out, w.id, w.move_payload(info.kind, info.args))
    if len(memo) >= SHARED_MOVES:
        memo.clear()
    memo[(info.seat, info.text)] = out
    return out


class Listings:
    """One worker's listings; `others_in_flight()` tells whether other calls are running now."""

    def __init__(self, others_in_flight: Callable[[], bool]):
        self._others = others_in_flight
        self._long = Lane(running=1)

    def moves(self, game, state: bytearray, cut, on_loop: bool = False) -> list[m.Move]:
        """The listed moves `cut` may see, each a whole Move (typed form included when its game has one):
        every seat's for a full cut, else `cut.seat`'s only (none for the spectator): even the number of
        another seat's moves can tell what it holds. LegalMoves and `want.typed_moves` list these.
        `on_loop`: the call runs on an event loop, which a long listing leaves (OffLoop) before it starts."""
        return self._list(game, state, cut, _build_chunk, list if wire(game.id).typed else m.Shared, on_loop)

    def by_seat(self, game, state: bytearray, cut, on_loop: bool = False) -> list[m.SeatMoves]:
        """The same moves as `moves` (in its order, for the same cut) as their texts, grouped by seat:
        the compact listing of `want.legal_moves` (`legal_by_seat`)."""
        return _grouped(self._list(game, state, cut, _infos, list, on_loop))

    def _list(self, game, state: bytearray, cut, build, chunks: type, on_loop: bool) -> list:
        if not cut.full and cut.seat is None:
            return []
        count = len(game.legal_moves(state))
        if count > MAX_LISTED_MOVES:
            raise ApiError(RESOURCE_EXHAUSTED, "too_many_moves", f"{count} legal moves now, more than the "
                           f"{MAX_LISTED_MOVES} a listing may hold: ask without the listing (LegalMoves, "
                           f"want.legalMoves) and give the move as text (seats to act: "
                           f"{', '.join(map(str, game.to_act(state)))})", count=count)
        if count <= LONG_LISTING:
            return _build(game, state, cut, build, chunks, None)
        if on_loop:
            raise OffLoop
        return self._long.run(lambda: _build(game, state, cut, build, chunks, self._yield), time.monotonic() + WAIT)

    def _yield(self) -> None:
        pace(self._others())


def _build(game, state: bytearray, cut, build, chunks: type, pause) -> list:
    w = wire(game.id)
    infos = game.describe_moves(state)
    if not cut.full:
        infos = [info for info in infos if info.seat == cut.seat]
    if pause is None:
        return build(w, infos)
    out = chunks()
    for start in range(0, len(infos), CHUNK):
        pause()
        out += build(w, infos[start:start + CHUNK])
    return out or []


_SEAT_OF = operator.attrgetter("seat")
_TEXT_OF = operator.attrgetter("text")


def _infos(_w: GameWire, infos: list) -> list:
    return infos


def _grouped(infos: list) -> list[m.SeatMoves]:
    """MoveInfos as SeatMoves of their texts: one group per run of one seat's moves, so the order is kept."""
    if not infos:
        return []
    seats = list(map(_SEAT_OF, infos))
    first = seats[0]
    if seats.count(first) == len(seats):  # one seat to act, as in most turns: no Python step per move
        return [m.SeatMoves(first, list(map(_TEXT_OF, infos)))]
    return [m.SeatMoves(seat, list(map(_TEXT_OF, run))) for seat, run in groupby(infos, key=_SEAT_OF)]


def _build_chunk(w: GameWire, infos: list) -> list[m.Move]:
    whole = w.typed
    memo = _memo(w, whole)
    try:  # every move listed before (most listings): one pass in C
        out = m.Shared(map(memo.__getitem__, map(_KEY, infos)))
    except KeyError:
        pass
    else:
        return out or []
    out = m.Shared()
    for info in infos:
        one = memo.get((info.seat, info.text))
        out.append(_made(w, whole, memo, info) if one is None else one)
    return out or []  # JSON leaves out an empty plain list only (the field's default)
