"""White Hat moves (spec §8.2): a read move's code, a code's MoveInfo; the texts are declarations.NOTATION's."""
from __future__ import annotations

from typing import Mapping

from ..core.errors import BadMoveText
from ..core.game import MoveInfo
from . import offsets as O
from .declarations import CARD_NAMES, FACE_NAMES, HATS, KIND_WORDS, NOTATION, REASON_CODES
from .board import SLOT_IDS

CARD_OF = {name: i for i, name in enumerate(CARD_NAMES) if name}
HAT_BASE = 16  # read() gives hat i as HAT_BASE + i; code_of maps it to pawn i in solo only


def cards_text(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


def pawn_name(pawn: int, solo: int = 0) -> str:
    return HATS[pawn] if solo else f"{pawn // 2}{'ab'[pawn % 2]}"


def read(text: str) -> tuple:
    """(keyword, arguments as numbers) of a text move, read through NOTATION: syntax only."""
    word, args = NOTATION.read(text)
    if word in ("pass", "randomize", "skip"):
        return (word,)
    if word == "play":
        return (word, [CARD_OF[c] for c in args["cards"]], args.get("value", 0))
    if word == "collect":
        if args["choice"] == "all":
            if args["cards"]:
                raise BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: 'collect all' names no cards")
            return (word, "all")
        return (word, "hat", [CARD_OF[c] for c in args["cards"]])
    if word == "tracer":
        return (word, args["space"])
    if word == "exploit":
        marker = args.get("marker")
        return (word, args["space"], args["sign"], int(marker[1]) if marker else 0)
    if word == "place":
        return (word, FACE_NAMES.index(args["face"]), SLOT_IDS.index(args["slot"]))
    pawn = args["pawn"]
    number = HAT_BASE + HATS.index(pawn) if pawn in HATS else 2 * int(pawn[0]) + (pawn[1] == "b")
    return (word, number, args["space"])


def code_of(state: bytearray, parsed: tuple) -> tuple[int, int]:
    """(move code, pre-check reason or 0) for a read move: reasons the code cannot carry come first."""
    word = parsed[0]
    if word in ("pass", "randomize", "skip"):
        return {"pass": O.K_PASS, "randomize": O.K_RANDOMIZE, "skip": O.K_SKIP}[word], 0
    if word == "play":
        code, reason = _play_code(state, parsed[1])
        return code | (parsed[2] << 15), reason
    if word == "collect":
        if parsed[1] == "all":
            return O.K_COLLECT_ALL, 0
        listed = parsed[2]
        if 14 in listed:
            return O.K_COLLECT_HAT, REASON_CODES.index("joker_chosen")
        if 15 in listed:
            return O.K_COLLECT_HAT, REASON_CODES.index("hat_chosen")
        code = O.K_COLLECT_HAT
        for r in set(listed):
            code |= min(listed.count(r), 7) << (4 + 3 * (r - 1))
        return code, 0  # a count above 6 (clamped to 7) is never in a trick: refused by the check
    if word == "exploit":
        _, space, sign, marker = parsed
        return O.K_EXPLOIT | (_on_board(state, space) << 4) | ((sign > 0) << 10) | (marker << 11), 0
    if word == "place":
        return O.K_PLACE | (parsed[1] << 4) | (parsed[2] << 8), 0
    if word == "tracer":
        return O.K_TRACER | (_on_board(state, parsed[1]) << 8), 0
    kind = {"move": O.K_MOVE, "dos": O.K_DOS, "backflip": O.K_BACKFLIP}[word]
    solo = state[O.SOLO]
    pawn = parsed[1] - HAT_BASE if solo and parsed[1] >= HAT_BASE else parsed[1] if not solo and parsed[1] < 12 \
        else 15
    return kind | (pawn << 4) | (_on_board(state, parsed[2]) << 8), 0


def _on_board(state: bytearray, space: int) -> int:
    """`space` if it is a board space id, else an id that is no space (so the check refuses it)."""
    types = O.SPACE_TYPE
    if 0 <= space < 64 and state[types + space] != 255:
        return space
    for sid in range(63, -1, -1):
        if state[types + sid] == 255:
            return sid
    return 63


def _play_code(state: bytearray, listed: list[int]) -> tuple[int, int]:
    hand = O.HANDS + state[O.TO_ACT] % 6 * O.HAND_SIZE
    for c in set(listed):
        if listed.count(c) > state[hand + c]:
            return O.K_PLAY, REASON_CODES.index("card_not_in_hand")
    if not listed:
        return O.K_PLAY, REASON_CODES.index("play_at_least_one")
    ranks = {c for c in listed if c < 14}
    if len(ranks) > 1:
        return O.K_PLAY, REASON_CODES.index("mixed_ranks")
    rank = ranks.pop() if ranks else 0
    n, j, h = listed.count(rank) if rank else 0, listed.count(14), listed.count(15)
    return O.K_PLAY | (rank << 4) | (n << 8) | (j << 11) | (h << 14), 0


def info(seat: int, code: int, solo: int = 0) -> MoveInfo:
    """The MoveInfo of a legal move code (`solo`: pawns are the solo hats)."""
    kind = code & 15
    word, args = KIND_WORDS[kind], {}
    if kind == O.K_PLAY:
        rank, n, j, h = (code >> 4) & 15, (code >> 8) & 7, (code >> 11) & 7, (code >> 14) & 1
        args = {"cards": [CARD_NAMES[rank]] * n + ["J"] * j + ["H"] * h}
        if (code >> 15) & 15:
            args["value"] = (code >> 15) & 15
    elif kind == O.K_COLLECT_ALL:
        args = {"choice": "all", "cards": []}
    elif kind == O.K_COLLECT_HAT:
        args = {"choice": "hat", "cards": [CARD_NAMES[r] for r in range(1, 14)
                                           for _ in range((code >> (4 + 3 * (r - 1))) & 7)]}
    elif kind in (O.K_MOVE, O.K_DOS, O.K_BACKFLIP):
        args = {"pawn": pawn_name((code >> 4) & 15, solo), "space": (code >> 8) & 63}
    elif kind == O.K_EXPLOIT:
        marker = (code >> 11) & 3
        args = {"space": (code >> 4) & 63, "sign": 1 if (code >> 10) & 1 else -1,
                "marker": f"x{marker}" if marker else ""}
    elif kind == O.K_TRACER:
        args = {"space": (code >> 8) & 63}
    elif kind == O.K_PLACE:
        args = {"face": FACE_NAMES[(code >> 4) & 15], "slot": SLOT_IDS[(code >> 8) & 7]}
    return MoveInfo(seat, word, args, NOTATION.write(word, args))


def text_of(kind: str, args: Mapping[str, object]) -> str:
    """The text form of a typed move (MoveInfo's kind and args)."""
    if kind in ("play", "collect"):
        # A typed message leaves an empty list out (or gives its own sequence type), and collect's choice
        # defaults to hat.
        cards = args.get("cards")
        args = {**args, "cards": cards if isinstance(cards, str) else list(cards or ())}
        if kind == "collect":
            args["choice"] = args.get("choice") or "hat"
    return NOTATION.write(kind, args)
