"""Cambio <-> API mapping: the typed move, view and options of proto/engine/v1/cambio.proto.

The Structs mirror the proto messages field for field (proto3 JSON names);
tests/service/test_service_proto_sync.py checks them against json_format.
"""
from __future__ import annotations

from typing import Mapping

import msgspec

from engines import BadOption, MoveInfo

GAME_ID = "cambio"


class CambioPosition(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A table position; text form `<seat>.<slot>`."""

    seat: int | None = None
    slot: int | None = None


class CambioMove(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A Cambio move; text form `<keyword> [slot | position ...]`."""

    kind: str = "KIND_UNSPECIFIED"
    slot: int | None = None
    target: CambioPosition | None = None
    positions: list[CambioPosition] = msgspec.field(default_factory=list)


class CambioHeld(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """The card the active seat holds."""

    seat: int | None = None
    source: str = ""
    card: str = ""


class CambioAction(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A pending action."""

    card: str = ""
    action: str = ""
    steps_left: int = 0


class CambioWindow(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """The open snap window."""

    rune: str = ""
    claimant: int | None = None
    passed: list[int] = msgspec.field(default_factory=list)
    pending_give: CambioPosition | None = None
    successes: int = 0


class CambioSlot(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """One occupied slot."""

    slot: int | None = None
    position: str = ""
    card: str = ""
    known_by: list[int] = msgspec.field(default_factory=list)


class CambioSeat(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """What everyone sees of one seat."""

    seat: int | None = None
    card_count: int = 0
    total: int = 0
    round_scores: list[int] = msgspec.field(default_factory=list)
    slots: list[CambioSlot] = msgspec.field(default_factory=list)


class CambioFinalScore(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """One seat's result once the game is over."""

    seat: int | None = None
    round_points: int = 0
    round_score: int = 0
    total: int = 0
    rank: int = 0


class CambioView(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """A seat's (or spectator's) view of a Cambio game."""

    players: int = 0
    round: int = 0
    dealer: int = 0
    active_seat: int | None = None
    phase: str = ""
    to_act: list[int] = msgspec.field(default_factory=list)
    caller: int | None = None
    frozen: bool = False
    move_count: int = 0
    turns: int = 0
    max_turns: int = 0
    memory_aid: str = ""
    deck_count: int = 0
    discard: list[str] = msgspec.field(default_factory=list)
    held: CambioHeld | None = None
    action: CambioAction | None = None
    window: CambioWindow | None = None
    seats: list[CambioSeat] = msgspec.field(default_factory=list)
    finished: bool = False
    revealed: bool = False
    scores: list[CambioFinalScore] = msgspec.field(default_factory=list)


class CambioOptions(msgspec.Struct, rename="camel", omit_defaults=True, forbid_unknown_fields=True):
    """Cambio options, typed."""

    first_dealer: int | None = None
    target_score: int | None = None
    cambio_max: int | None = None
    cambio_max_off: bool = False
    caller_tie: str = ""
    memory_aid: str = ""
    max_turns: int | None = None
    deck: list[str] = msgspec.field(default_factory=list)


# kind -> (text keyword, argument): "slot" (own slot), "target" (one position),
# "positions" (swap: two, show: one or more) or "" (none). Engine: engines/cambio/game.py `_info`.
_KINDS = {
    "draw_deck": ("draw deck", ""), "draw_discard": ("draw discard", ""), "call_cambio": ("cambio", ""),
    "discard": ("discard", ""), "replace": ("replace", "slot"), "look_own": ("lookown", "slot"),
    "look_other": ("look", "target"), "swap": ("swap", "positions"), "show": ("show", "positions"),
    "snap": ("snap", "target"), "give": ("give", "slot"), "nogive": ("nogive", ""), "pass": ("pass", ""),
}
_F = "move.cambio"


def _position(p) -> CambioPosition:
    return CambioPosition(p[0], p[1])


def move_payload(info: MoveInfo) -> CambioMove:
    """The typed move of an engine MoveInfo."""
    args = info.args
    move = CambioMove(kind=info.kind.upper())
    if "slot" in args:
        move.slot = args["slot"]
    if "target" in args:
        move.target = _position(args["target"])
    if "positions" in args:
        move.positions = [_position(p) for p in args["positions"]]
    return move


def _pos_text(p: CambioPosition, field: str) -> str:
    for name in ("seat", "slot"):
        if getattr(p, name) is None:
            raise ValueError(f"{field}.{name}: missing (a position is a seat and a slot, both 0-based)")
    return f"{p.seat}.{p.slot}"


def move_text(move: CambioMove) -> str:
    """The text form of a typed move (the engine then parses it: one validation path).

    Arguments must match the kind: a missing one or one the kind does not take
    raises ValueError naming the field.
    """
    kind = move.kind.lower()
    if kind not in _KINDS:
        raise ValueError(f"{_F}.kind {move.kind!r} is not one of {', '.join(k.upper() for k in _KINDS)}")
    word, arg = _KINDS[kind]
    given = {"slot": move.slot is not None, "target": move.target is not None, "positions": bool(move.positions)}
    for name, present in given.items():
        if present and name != arg:
            raise ValueError(f"{_F}.{name}: {move.kind} takes " + (f"only `{arg}`" if arg else "no arguments"))
    if arg and not given[arg]:
        what = {"slot": "an own slot (0-based)", "target": "a position {seat, slot}",
                "positions": "the positions {seat, slot}"}[arg]
        raise ValueError(f"{_F}.{arg}: missing; {move.kind} needs {what}")
    if arg == "slot":
        return f"{word} {move.slot}"
    if arg == "target":
        return f"{word} {_pos_text(move.target, f'{_F}.target')}"
    if arg == "positions":
        if kind == "swap" and len(move.positions) != 2:
            raise ValueError(f"{_F}.positions: SWAP takes exactly two positions, got {len(move.positions)}")
        texts = [_pos_text(p, f"{_F}.positions[{i}]") for i, p in enumerate(move.positions)]
        # Canonical order (ascending seat, then slot), as the engine's text form lists them.
        order = sorted(range(len(texts)), key=lambda i: (move.positions[i].seat, move.positions[i].slot))
        return " ".join([word] + [texts[i] for i in order])
    return word


def options(typed: CambioOptions) -> dict[str, str]:
    """The typed options as the engine's text options (only those given)."""
    out: dict[str, str] = {}
    for name in ("first_dealer", "target_score", "max_turns"):
        value = getattr(typed, name)
        if value is not None:
            out[name] = str(value)
    if typed.cambio_max is not None and typed.cambio_max_off:
        raise BadOption("bad_option_value", "cambio.cambio_max and cambio.cambio_max_off: give one of them "
                        "(a limit, or no limit)", option="cambio_max")
    if typed.cambio_max is not None:
        out["cambio_max"] = str(typed.cambio_max)
    elif typed.cambio_max_off:
        out["cambio_max"] = "off"
    if typed.caller_tie:
        out["caller_tie"] = typed.caller_tie
    if typed.memory_aid:
        out["memory_aid"] = typed.memory_aid
    if typed.deck:
        out["deck"] = ",".join(typed.deck)
    return out


def _parse_pos(text: str | None) -> CambioPosition | None:
    if text is None:
        return None
    seat, slot = text.split(".")
    return CambioPosition(int(seat), int(slot))


def view(data: Mapping[str, object]) -> CambioView:
    """The typed view of the engine's view dict (keys: engines/cambio/game.py `view`).

    `game` is the oneof's name and `seat` is the envelope's View.seat; every other key is here.
    """
    held, action, window = data["held"], data["action"], data["window"]
    finished = data["finished"]
    return CambioView(
        players=data["players"], round=data["round"], dealer=data["dealer"],
        active_seat=None if finished else data["active_seat"], phase=data["phase"],
        to_act=list(data["to_act"]), caller=data["caller"], frozen=data["frozen"],
        move_count=data["move_count"], turns=data["turns"], max_turns=data["max_turns"],
        memory_aid=data["memory_aid"], deck_count=data["deck_count"], discard=list(data["discard"]),
        held=None if held is None else CambioHeld(held["seat"], held["source"], held["card"] or ""),
        action=None if action is None else CambioAction(action["card"], action["action"], action["steps_left"]),
        window=None if window is None else CambioWindow(
            window["rune"], window["claimant"], list(window["passed"]), _parse_pos(window["pending_give"]),
            window["successes"]),
        seats=[CambioSeat(s["seat"], s["card_count"], s["total"], list(s["round_scores"]),
                          [CambioSlot(x["slot"], x["position"], x["card"] or "", list(x["known_by"]))
                           for x in s["slots"]])
               for s in data["seats"]],
        finished=finished, revealed=bool(data.get("revealed", False)),
        scores=[CambioFinalScore(x["seat"], x["round_points"], x["round_score"], x["total"], x["rank"])
                for x in data.get("scores", ())],
    )
