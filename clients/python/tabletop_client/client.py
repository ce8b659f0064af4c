"""Client: every method of the service, the same over gRPC and REST; Game: one game in play."""
from __future__ import annotations

from typing import Iterable, Iterator, Mapping, Optional, Sequence, Union

import grpc
import httpx

from .api import engine_pb2 as pb
from .transport import GrpcTransport, RestTransport

MoveLike = Union[str, pb.Move]


def want(view: bool = False, legal_moves: bool = False, score: bool = False,
         seat: Optional[int] = None, typed_moves: bool = False) -> pb.Want:
    """What NewGame/ApplyMove should answer with besides the new state (view for `seat`); listed
    moves are each seat's texts (`legal_by_seat`, see `listed`) unless `typed_moves` (`legal_moves`)."""
    return pb.Want(view=view, legal_moves=legal_moves, score=score, seat=seat, typed_moves=typed_moves)


def listed(response) -> list[pb.Move]:
    """The moves a NewGame/ApplyMove response lists, in order (an `index` counts in it), each its seat and
    text: `legal_moves` as they are, or the compact `legal_by_seat` spelled out."""
    if response.legal_moves:
        return list(response.legal_moves)
    return [pb.Move(seat=group.seat, text=text) for group in response.legal_by_seat for text in group.moves]


def _move(move: MoveLike, seat: Optional[int]) -> pb.Move:
    out = pb.Move()
    if isinstance(move, str):
        out.text = move
    else:
        out.CopyFrom(move)  # a copy: the caller's (listed) move stays as it was
    if seat is not None:
        out.seat = seat
    return out


class Client:
    """The service's methods with generated messages in and out; refusals raise ApiError subclasses.

    `Client.grpc("127.0.0.1:50051")` or `Client.rest("http://127.0.0.1:8080")`; `key` on a call is a
    seat's or the host's key, sent as `authorization: Bearer <key>`.
    """

    def __init__(self, transport: GrpcTransport | RestTransport):
        self.transport = transport

    @classmethod
    def grpc(cls, target: str | grpc.Channel, timeout: float = 10.0) -> "Client":
        """A client over gRPC: "host:port" (plaintext) or a channel you made (TLS, interceptors)."""
        return cls(GrpcTransport(target, timeout))

    @classmethod
    def rest(cls, base_url: str | httpx.Client, timeout: float = 10.0) -> "Client":
        """A client over the REST routes: a base URL or an httpx.Client you configured."""
        return cls(RestTransport(base_url, timeout))

    def close(self) -> None:
        """Close the channel or HTTP client this client made (not one it was given)."""
        self.transport.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def list_games(self) -> list[pb.GameInfo]:
        """Every registered game: id, title, seat range, options, rules version."""
        return list(self.transport.call("ListGames", pb.ListGamesRequest()).games)

    def new_game(self, game: str, seats: Union[int, Sequence[str]], *, seed: Optional[int] = None,
                 options: Optional[Mapping[str, str]] = None, access: str = "",
                 want: Optional[pb.Want] = None) -> "Game":
        """Deal a game: `seats` is a count or the players' names. Returns the Game, keys included."""
        names = [""] * seats if isinstance(seats, int) else list(seats)
        request = pb.NewGameRequest(game=game, seats=[pb.Seat(name=n) for n in names], options=options or {},
                                    seed=seed, access=access, want=want)
        return Game(self, self.transport.call("NewGame", request))

    def legal_moves(self, state: bytes, *, seat: Optional[int] = None, key: Optional[str] = None,
                    game: str = "") -> pb.LegalMovesResponse:
        """The legal moves now (one seat's when `seat` is given), as the key's holder sees them."""
        return self.transport.call("LegalMoves", pb.LegalMovesRequest(state=state, seat=seat, game=game), key)

    def apply_move(self, state: bytes, move: Optional[MoveLike] = None, *, index: Optional[int] = None,
                   seat: Optional[int] = None, want: Optional[pb.Want] = None, key: Optional[str] = None,
                   game: str = "") -> pb.ApplyMoveResponse:
        """Apply a move (text, typed pb.Move, or `index` into the caller's legal-move list)."""
        if (move is None) == (index is None):
            raise ValueError("apply_move takes exactly one of move and index")
        request = pb.ApplyMoveRequest(state=state, index=index, want=want, game=game,
                                      move=None if move is None else _move(move, seat))
        return self.transport.call("ApplyMove", request, key)

    def score(self, state: bytes, *, key: Optional[str] = None, game: str = "") -> pb.Score:
        """The score of any state (mid-game in a `seats` game: the public part unless `key` is the host's)."""
        return self.transport.call("Score", pb.ScoreRequest(state=state, game=game), key).score

    def view(self, state: bytes, *, seat: Optional[int] = None, key: Optional[str] = None,
             game: str = "") -> pb.ViewResponse:
        """What `seat` may see (the spectator's view without a seat)."""
        return self.transport.call("View", pb.ViewRequest(state=state, seat=seat, game=game), key)

    def score_batch(self, states: Iterable[bytes]) -> list[pb.ScoreResult]:
        """One score or error per state, in order."""
        return list(self.transport.call("ScoreBatch", pb.ScoreBatchRequest(states=list(states))).results)

    def score_stream(self, states: Iterable[bytes]) -> Iterator[pb.ScoreResult]:
        """ScoreStream: one result per state as it comes (gRPC only)."""
        if not isinstance(self.transport, GrpcTransport):
            raise TypeError("ScoreStream is a gRPC stream: use Client.grpc")
        return self.transport.score_stream(pb.ScoreRequest(state=s) for s in states)


class Game:
    """One game in play: the newest state token, the seat and host keys, who acts now.

    Each call picks its key: the seat's for a seat's calls, else the host's (an `open` game has
    none). Hand a player only their own seat's key; the host key stays with whoever deals.
    """

    def __init__(self, client: Client, dealt: pb.NewGameResponse):
        self.client = client
        self.dealt = dealt
        self.game = dealt.game
        self.state = dealt.state
        self.seats = list(dealt.seats)
        self.host_key = dealt.host_key
        self.to_act = list(dealt.to_act)
        self.finished = False
        self.move_count = 0

    def key(self, seat: Optional[int] = None) -> Optional[str]:
        """The key for acting or seeing as `seat` (the host's when None); None in an `open` game."""
        key = self.host_key if seat is None else self.seats[seat].key
        return key or None

    def legal_moves(self, seat: Optional[int] = None) -> list[pb.Move]:
        """The legal moves now: `seat`'s own list with its key, or every seat's with the host key."""
        return list(self.client.legal_moves(self.state, seat=seat, key=self.key(seat), game=self.game).moves)

    def apply(self, move: Optional[MoveLike] = None, *, index: Optional[int] = None, seat: Optional[int] = None,
              want: Optional[pb.Want] = None) -> pb.ApplyMoveResponse:
        """Play a move as `seat` (for a pb.Move: its own seat by default); the game moves on to the answer.

        `index` counts in `legal_moves(seat)` (the host's full list when no seat is given).
        """
        if seat is None and isinstance(move, pb.Move) and move.HasField("seat"):
            seat = move.seat
        answer = self.client.apply_move(self.state, move, index=index, seat=seat, want=want,
                                        key=self.key(seat), game=self.game)
        self.state, self.to_act = answer.state, list(answer.to_act)
        self.finished, self.move_count = answer.finished, answer.move_count
        return answer

    def score(self) -> pb.Score:
        """The score now, with the host key (the full score even mid-game)."""
        return self.client.score(self.state, key=self.key(), game=self.game)

    def view(self, seat: Optional[int] = None) -> pb.View:
        """What `seat` sees now, with its key (the spectator's view without a seat)."""
        return self.client.view(self.state, seat=seat, key=self.key(seat), game=self.game).view
