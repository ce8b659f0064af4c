"""Hats <-> API mapping: the typed move, view and options of proto/engine/v1/hats.proto.

The Structs mirror the proto messages field for field (proto3 JSON names);
tests/service/test_service_proto_sync.py checks them against json_format.
"""
from __future__ import annotations

from typing import Mapping

import msgspec

from engines import MoveInfo

GAME_ID = "hats"


class HatsMove(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A Hats move; text form `<kind> [card] [space]`."""

    kind: str = "KIND_UNSPECIFIED"
    card: str = ""
    space: int = 0


class HatsSpace(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """One tea-table space."""

    space: int = 0
    card: str = ""
    face_down: bool = False


class HatsSeat(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """What everyone sees of one seat."""

    seat: int | None = None
    hand_count: int = 0
    collection: list[str] = msgspec.field(default_factory=list)
    black_hat_count: int = 0
    played: int = 0
    favourite: str = ""


class HatsKnownCard(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A card the viewer put into another seat's hand."""

    seat: int | None = None
    card: str = ""


class HatsTeam(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """The seats of one team."""

    seats: list[int] = msgspec.field(default_factory=list)


class HatsView(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A seat's (or spectator's) view of a Hats game."""

    players: int = 0
    phase: str = ""
    active_seat: int | None = None
    optional_used: bool = False
    table: list[HatsSpace] = msgspec.field(default_factory=list)
    removed_types: list[str] = msgspec.field(default_factory=list)
    deck_count: int = 0
    discard_count: int = 0
    cookie_holder: int | None = None
    teams: list[HatsTeam] = msgspec.field(default_factory=list)
    seats: list[HatsSeat] = msgspec.field(default_factory=list)
    hand: list[str] = msgspec.field(default_factory=list)
    black_hats: list[str] = msgspec.field(default_factory=list)
    own_discards: list[str] = msgspec.field(default_factory=list)
    known_cards: list[HatsKnownCard] = msgspec.field(default_factory=list)
    offered_card: str = ""
    winners: list[int] = msgspec.field(default_factory=list)


class HatsOptions(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """Hats options, typed."""

    start_seat: int | None = None
    removed_types: list[str] = msgspec.field(default_factory=list)
    tiebreak: str = ""
    deck: list[str] = msgspec.field(default_factory=list)


_KINDS = ("exchange", "black", "discard", "offer", "return", "end")


def move_payload(info: MoveInfo) -> HatsMove:
    """The typed move of an engine MoveInfo."""
    args = info.args
    return HatsMove(kind=info.kind.upper(), card=str(args.get("card", "")), space=int(args.get("space", 0) or 0))


def move_text(move: HatsMove) -> str:
    """The text form of a typed move (the engine then parses it: one validation path)."""
    kind = move.kind.lower()
    if kind not in _KINDS:
        raise ValueError(f"move.hats.kind {move.kind!r} is not one of {', '.join(k.upper() for k in _KINDS)}")
    parts = [kind]
    if move.card:
        parts.append(move.card)
    if move.space:
        parts.append(str(move.space))
    return " ".join(parts)


def options(typed: HatsOptions) -> dict[str, str]:
    """The typed options as the engine's text options (only those given)."""
    out: dict[str, str] = {}
    if typed.start_seat is not None:
        out["start_seat"] = str(typed.start_seat)
    if typed.removed_types:
        out["removed_types"] = ",".join(typed.removed_types)
    if typed.tiebreak:
        out["tiebreak"] = typed.tiebreak
    if typed.deck:
        out["deck"] = ",".join(typed.deck)
    return out


def view(data: Mapping[str, object]) -> HatsView:
    """The typed view of the engine's view dict (keys: engines/hats/game.py `view`)."""
    down = set(data["face_down_spaces"])
    return HatsView(
        players=data["players"], phase=data["phase"],
        active_seat=None if data["phase"] == "finished" else data["active_seat"],
        optional_used=data["optional_used"],
        table=[HatsSpace(k, card, k in down) for k, card in enumerate(data["table"], 1)],
        removed_types=list(data["removed_types"]), deck_count=data["deck_count"],
        discard_count=data["discard_count"], cookie_holder=data["cookie_holder"],
        teams=[HatsTeam(list(t)) for t in data["teams"]],
        seats=[HatsSeat(s["seat"], s["hand_count"], list(s["collection"]), s["black_hat_count"], s["played"],
                        s["favourite"] or "") for s in data["seats"]],
        hand=list(data["hand"]), black_hats=list(data["black_hats"]), own_discards=list(data["own_discards"]),
        known_cards=[HatsKnownCard(k["seat"], k["card"]) for k in data["known_cards"]],
        offered_card=data["offered_card"] or "", winners=list(data.get("winners", ())),
    )
