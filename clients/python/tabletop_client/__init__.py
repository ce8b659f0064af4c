"""Python client for the tabletop-engine service, over gRPC or REST.

    from tabletop_client import Client, listed, want

    with Client.grpc("127.0.0.1:50051") as api:          # or Client.rest("http://127.0.0.1:8080")
        game = api.new_game("hats", ["Ann", "Bob", "Cy"])
        seat = game.to_act[0]
        moves = game.legal_moves(seat)                  # with that seat's key
        turn = game.apply(moves[0], want=want(view=True, legal_moves=True))
        following = listed(turn)                        # the moves now: each seat's texts, in order
        print(game.score().winners if game.finished else turn.view)

Messages are the generated ones (`tabletop_client.pb` = engine.v1); refusals raise an ApiError
subclass with `code`, `reason`, `message` and `details`.
"""
from .api import engine_pb2 as pb
from .client import Client, Game, listed, want
from .errors import (Aborted, ApiError, DeadlineExceeded, FailedPrecondition, InvalidArgument, NotFound,
                     PermissionDenied, ResourceExhausted, Unauthenticated, Unavailable)

__all__ = ["Client", "Game", "listed", "want", "pb", "ApiError", "InvalidArgument", "Unauthenticated", "PermissionDenied",
           "NotFound", "FailedPrecondition", "Aborted", "ResourceExhausted", "Unavailable", "DeadlineExceeded"]
