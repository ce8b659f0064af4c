"""Kodiak's moves as text and typed arguments, and why a move is refused (spec §5-§7).

A decoded move is (kind, seat, a, b, c, d) as `rules.decode` gives it (rules.py says
what a..d are per kind). Text forms are §5's: `exchange 1`, `look 3.2`, `swap 2.0 3.1`,
`swap 2.0 0.?`, `pounce 0 2.1`, `pass`, ... Parsing is lenient about extra spaces and
the order of the two `swap` positions; `text` gives the canonical form (lower seat
first, a `<K>.?` side last).

Refusals: a move that is not in the legal list is explained by `why_not`, which reads
the state and returns the first rule it breaks as a reason code of REASONS (and a
detail); legality itself is always the list's (rules.py), never this function's.
"""
from __future__ import annotations

import re
from typing import Mapping

from ..core.errors import BadMoveText
from ..core.reasons import rule_reasons
from . import offsets as O
from .declarations import ACTIONS, HUNT_PHASES, KINDS, PHASES, STEPS
from .state import NONE, QUERY, SLOT_CAP

REASONS = rule_reasons("kodiak", {
    "must_exchange": "the drawn card must be exchanged into one of your slots",
    "finish_action": "finish the pending action first",
    "kodiak_must_pick": "Kodiak picks which of his cards is swapped",
    "no_such_position": "there is no card at that position",
    "not_an_action_step": "the pending action does not allow this",
    "red_king_different": "red king: the second action must be a different one",
    "kodiak_cards_not_lookable": "Kodiak's cards cannot be looked at",
    "choose_another_mouse": "choose another mouse",
    "already_face_up": "that card is already face up",
    "choose_another_seat": "choose a card of another seat",
    "blue_king_not_kodiak": "the blue king cannot reveal Kodiak's cards (option blue_king_kodiak)",
    "same_seat": "swap two cards of two different seats",
    "mice_never_choose_kodiak_card": "mice never choose Kodiak's card: write his side as <K>.?",
    "kodiak_names_his_card": "only a mouse swapping with Kodiak writes <K>.?; Kodiak names his slot",
    "not_in_hunt": "this is a move of the hunt window",
    "kodiak_cannot_throw": "Kodiak cannot throw",
    "only_kodiak_pounces": "only Kodiak can pounce",
    "only_kodiak_counters": "only Kodiak can counter",
    "no_discard": "no card was discarded this turn",
    "mouse_escaping": "another mouse is escaping",
    "wait_for_escape": "wait for the escape to finish",
    "finish_escape": "the escaping mouse throws or says done",
    "no_escape_to_counter": "no escape to counter",
    "no_escape": "no escape to finish",
    "kodiak_decides_counter": "Kodiak decides on the counter: counter or pass",
    "passed_already": "you passed in this window",
    "not_a_mouse_card": "pounce on a mouse's card",
})

_NUM = r"(0|[1-9][0-9]{0,3})"
_SLOT = re.compile(_NUM)
_POS = re.compile(rf"{_NUM}\.{_NUM}")
_POS_ASK = re.compile(rf"{_NUM}\.({_NUM[1:-1]}|\?)")
_ARGS = {"exchange": "s", "lookown": "s", "pick": "s", "throw": "s", "counter": "s", "look": "p", "reveal": "p",
         "swap": "qq", "pounce": "sp", "done": "", "pass": ""}
USAGE = {"exchange": "exchange <slot>", "lookown": "lookown <slot>", "pick": "pick <slot>", "throw": "throw <slot>",
         "counter": "counter <slot>", "look": "look <seat>.<slot>", "reveal": "reveal <seat>.<slot>",
         "swap": "swap <seat>.<slot> <seat>.<slot|?>", "pounce": "pounce <paw slot> <seat>.<slot>",
         "done": "done", "pass": "pass"}
K = {name: i for i, name in enumerate(KINDS)}


def pos(seat: int, slot: int) -> str:
    return f"{seat}.{'?' if slot == QUERY else slot}"


def canonical(move: tuple) -> tuple:
    """The move with its swap positions in canonical order (lower seat first, `?` last)."""
    kind, seat, a, b, c, d = move
    if kind == K["swap"] and b != QUERY and d != QUERY and (c, d) < (a, b):
        return kind, seat, c, d, a, b
    if kind == K["swap"] and b == QUERY:
        return kind, seat, c, d, a, b
    return move


def text(move: tuple) -> str:
    """The canonical text of a decoded move."""
    kind, _, a, b, c, d = move
    name = KINDS[kind]
    form = _ARGS[name]
    if form == "s":
        return f"{name} {a}"
    if form == "p":
        return f"{name} {pos(a, b)}"
    if form == "qq":
        return f"swap {pos(a, b)} {pos(c, d)}"
    if form == "sp":
        return f"pounce {a} {pos(b, c)}"
    return name


def args(move: tuple) -> dict:
    """The typed arguments of a decoded move (MoveInfo.args; the proto's KodiakMove fields)."""
    kind, _, a, b, c, d = move
    form = _ARGS[KINDS[kind]]
    if form == "s":
        return {"slot": a}
    if form == "p":
        return {"target": (a, b)}
    if form == "qq":  # Kodiak's side of a mouse's swap: slot 0 and kodiak_picks (the proto's KodiakPosition)
        return {"positions": ((a, b, False), (c, 0, True) if d == QUERY else (c, d, False))}
    if form == "sp":
        return {"slot": a, "target": (b, c)}
    return {}


def read(line: str) -> tuple:
    """(kind, a, b, c, d) of a text move; BadMoveText names what cannot be read."""
    words = line.split()
    if not words or words[0] not in _ARGS:
        raise BadMoveText("unknown_move", f"bad move text {line[:40]!r}: expected one of {', '.join(_ARGS)}")
    name, rest = words[0], words[1:]
    form = _ARGS[name]
    usage = f"bad move text {line[:40]!r}: expected '{USAGE[name]}'"
    if len(rest) != len(form):
        raise BadMoveText("bad_move_text", usage)
    values: list[int] = []
    for shape, word in zip(form, rest):
        pattern = {"s": _SLOT, "p": _POS, "q": _POS_ASK}[shape]
        m = pattern.fullmatch(word)
        if not m:
            raise BadMoveText("bad_move_text", f"{usage} ({word[:12]!r} is not a "
                              f"{'slot' if shape == 's' else 'position'})")
        values += [int(m.group(1))] if shape == "s" else \
            [int(m.group(1)), QUERY if m.group(2) == "?" else int(m.group(2))]
    if name == "swap" and values[1] == QUERY == values[3]:
        raise BadMoveText("bad_move_text", f"{usage} (only Kodiak's side may be '?')")
    if name == "swap" and values[1] == QUERY:
        values = values[2:] + values[:2]  # `?` side last
    values += [0] * (4 - len(values))
    return (K[name], *values)


def from_typed(kind: str, given: Mapping[str, object]) -> str:
    """The text of a typed move (MoveInfo kind and args); BadMoveText names a wrong argument."""
    if kind not in _ARGS:
        raise BadMoveText("unknown_move", f"move kind {str(kind)[:20]!r} is not one of {', '.join(_ARGS)}")
    wanted = {"s": ("slot",), "p": ("target",), "qq": ("positions",), "sp": ("slot", "target"), "": ()}[_ARGS[kind]]
    extra = [n for n, v in given.items() if v not in (None, "", [], ()) and n not in wanted]
    if extra:
        raise BadMoveText("bad_move_text", f"move {kind}: takes {', '.join(wanted) or 'no arguments'}, "
                          f"not {', '.join(extra)}")
    parts = [kind]
    for name in wanted:
        value = given.get(name)
        if value is None:
            raise BadMoveText("bad_move_text", f"move {kind}: {name} is missing")
        if name == "slot":
            parts.append(_number(kind, name, value))
        elif name == "target":
            parts.append(_position(kind, name, value, False))
        else:
            if not isinstance(value, (list, tuple)) or len(value) != 2:
                raise BadMoveText("bad_move_text", f"move {kind}: positions must be two positions")
            parts += [_position(kind, name, p, True) for p in value]
    return " ".join(parts)


def _number(kind: str, name: str, value: object) -> str:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10000:
        raise BadMoveText("bad_move_text", f"move {kind}: {name} must be a slot number, not {str(value)[:12]!r}")
    return str(value)


def _position(kind: str, name: str, value: object, ask: bool) -> str:
    """`<seat>.<slot>` of a position (seat, slot[, kodiak_picks]); `<seat>.?` when Kodiak picks (swap only)."""
    if not isinstance(value, (list, tuple)) or len(value) not in (2, 3):
        raise BadMoveText("bad_move_text", f"move {kind}: {name} must be a position (seat, slot, kodiak_picks)")
    seat, slot, picks = (*value, False)[:3]
    if picks:
        if not ask:
            raise BadMoveText("bad_move_text", f"move {kind}: kodiak_picks is only for a swap's Kodiak side")
        return f"{_number(kind, name + '.seat', seat)}.?"
    return f"{_number(kind, name + '.seat', seat)}.{_number(kind, name + '.slot', slot)}"


# -- why a move is refused ---------------------------------------------------------------

def _card(state, seat: int, slot: int) -> int:
    if not 0 <= seat < state[O.PLAYERS] or not 0 <= slot < SLOT_CAP:
        return NONE
    return state[O.SLOTS + seat * SLOT_CAP + slot]


def why_not(state, seat: int, move: tuple, action_of) -> tuple[str, str | None]:
    """(reason code, detail or None) for a move by `seat` that is not in the legal list."""
    kind, a, b, c, d = move
    name = KINDS[kind]
    kodiak, phase = state[O.KODIAK], PHASES[state[O.PHASE]]
    if name == "throw" and seat == kodiak:
        return "kodiak_cannot_throw", None
    if name == "pounce" and seat != kodiak:
        return "only_kodiak_pounces", None
    if name == "counter" and seat != kodiak:
        return "only_kodiak_counters", None
    if phase == "hunt":
        return _why_not_hunt(state, seat, name, move)
    if name in ("throw", "done", "pounce", "counter", "pass"):
        return "not_in_hunt", f"no hunt window is open (phase {phase})"
    actor = kodiak if phase == "kodiak_pick" else state[O.ACTIVE]
    if seat != actor:
        return "not_your_turn", f"not your turn (seat {actor} is to act)"
    if phase == "exchange":
        return ("must_exchange", None) if name != "exchange" else ("no_such_position", None)
    if phase == "kodiak_pick":
        return ("kodiak_must_pick", None) if name != "pick" else ("no_such_position", None)
    return _why_not_action(state, seat, name, move, action_of)


def _why_not_hunt(state, seat: int, name: str, move: tuple) -> tuple[str, str | None]:
    kodiak, hunt = state[O.KODIAK], HUNT_PHASES[state[O.HUNT]]
    escapee = state[O.ESCAPEE]
    _, a, b, c, _ = move
    if name not in ("throw", "done", "pounce", "counter", "pass"):
        return "not_in_hunt", "the hunt window is open: throw, done, pounce, counter or pass"
    if hunt == "escaping":
        if seat != escapee:
            if name == "pounce":
                return "wait_for_escape", None
            return "mouse_escaping", f"mouse {escapee} is escaping"
        return "finish_escape", None if name not in ("throw",) else "no card in that slot"
    if hunt == "counter":
        return ("kodiak_decides_counter", None) if seat != kodiak or name not in ("counter", "pass") else \
            ("no_such_position", None)
    if name == "counter":
        return "no_escape_to_counter", None
    if name == "done":
        return "no_escape", None
    if name == "throw" and state[O.RUNE] == NONE:
        return "no_discard", None
    if (state[O.PASSED] >> seat) & 1:
        return "passed_already", None
    if name == "pounce" and (b == kodiak or _card(state, b, c) == NONE):
        return ("not_a_mouse_card", None) if b == kodiak else ("no_such_position", None)
    return "no_such_position", None


def _why_not_action(state, seat: int, name: str, move: tuple, action_of) -> tuple[str, str | None]:
    kodiak, card = state[O.KODIAK], state[O.ACTION_CARD]
    action = ACTIONS[action_of(card)]
    _, a, b, c, d = move
    steps = {"lookown": "lookown", "look": "look", "swap": "swap", "reveal": "reveal"}
    allowed = {"look_own": ("lookown",), "look_other": ("look",), "swap": ("swap",),
               "two_actions": ("lookown", "look", "swap"), "reveal": ("reveal",)}[action]
    # Refusals name the moves a player types, never the state's action names (two_actions).
    words = " or ".join(allowed) + (" (two steps)" if action == "two_actions" else "")
    if name not in steps:
        return "finish_action", f"finish the pending action first ({words})"
    if name not in allowed:
        return "not_an_action_step", f"the pending action allows {words}, not {name}"
    done = state[O.STEPS_DONE]
    if action == "two_actions" and (done >> STEPS.index(name)) & 1:
        return "red_king_different", None
    if name == "look":
        if a == kodiak:
            return "kodiak_cards_not_lookable", None
        if a == seat:
            return "choose_another_mouse", None
    if name == "reveal":
        if a == seat:
            return "choose_another_seat", None
        if a == kodiak and not state[O.BLUE_KING_KODIAK]:
            return "blue_king_not_kodiak", None
    if name in ("look", "reveal"):
        target = _card(state, a, b)
        if target != NONE and state[O.FACE_UP + target]:
            return "already_face_up", None
    if name == "swap":
        if a == c:
            return "same_seat", None
        if seat != kodiak and kodiak in (a, c) and QUERY not in (b, d):
            return "mice_never_choose_kodiak_card", None
        if seat == kodiak and QUERY in (b, d):
            return "kodiak_names_his_card", None
    return "no_such_position", None


__all__ = ["REASONS", "KINDS", "args", "canonical", "from_typed", "read", "text", "why_not"]
