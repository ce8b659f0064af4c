"""A response's compact listing (`want.legalMoves` without `typedMoves`) read back as the moves it lists.

`legalBySeat` / `legal_by_seat` holds each seat's move texts, a group per run of one seat's moves; a
move's index (ApplyMove's `index`) is its place in the whole listing, the groups taken in order.
"""
from __future__ import annotations


def listed(resp: dict) -> list[dict]:
    """A JSON response's listed moves, in order, each `{"seat": s, "text": t}` (a LegalMoves move's form)."""
    return [{"seat": group.get("seat", 0), "text": text}
            for group in resp.get("legalBySeat", ()) for text in group.get("moves", ())]


def listed_pb(resp) -> list:
    """A protobuf response's listed moves, in order, each an engine.v1 Move of its seat and text."""
    from service.api import engine_pb2 as pb
    return [pb.Move(seat=group.seat, text=text) for group in resp.legal_by_seat for text in group.moves]
