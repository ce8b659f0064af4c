"""White Hat move texts (spec §8.2): reading text, finding the legal code, describing codes.

Text forms: `play 7 7 J`, `pass`, `collect all`, `collect hat 4 7`, `move 1a 17`,
`dos 2b 1`, `exploit 22 -1 [x1|x2]`, `randomize`, `place 4b C`, `backflip 1b 16`, `skip`, `tracer 16`.
Cards print in canonical order (1 < ... < 13 < J < H); the reader accepts any order.
"""
from __future__ import annotations

from typing import Mapping

from ..core.errors import BadMoveText
from ..core.game import MoveInfo
from . import offsets as O
from .declarations import KIND_WORDS, REASON_CODES
from .board import SLOT_IDS

CARD_NAMES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "H")
CARD_OF = {name: i for i, name in enumerate(CARD_NAMES) if name}
KEYWORDS = ("play", "pass", "collect", "move", "dos", "exploit", "randomize", "place", "backflip", "skip", "tracer")
USAGE = {"play": "play <cards>", "pass": "pass", "collect": "collect all | collect hat <cards>",
         "move": "move <pawn> <space>", "dos": "dos <pawn> <space>", "exploit": "exploit <space> <+1|-1> [x1|x2]",
         "randomize": "randomize", "place": "place <face> <slot>", "backflip": "backflip <pawn> <space>",
         "skip": "skip", "tracer": "tracer <space>"}
FACE_NAMES = tuple(f"{t}{s}" for t in range(1, 7) for s in "ab")


def bad(text: str, why: str) -> BadMoveText:
    return BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: {why}")


def cards_text(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


HATS = ("Ka", "Kb", "Wa", "Wb", "Oa", "Ob", "Ba", "Bb")  # solo (§2.2): black, white, orange, blue
HAT_BASE = 16  # read() gives hat i as HAT_BASE + i; code_of maps it to pawn i in solo only


def pawn_name(pawn: int, solo: int = 0) -> str:
    return HATS[pawn] if solo else f"{pawn // 2}{'ab'[pawn % 2]}"


def read(text: str) -> tuple:
    """(keyword, arguments) of a text move: syntax only; BadMoveText says what cannot be read."""
    words = text.split(" ")
    if not words or words[0] not in KEYWORDS:
        raise BadMoveText("unknown_move", f"bad move text {text[:40]!r}: expected one of {', '.join(KEYWORDS)}")
    word, rest = words[0], words[1:]
    if any(not w for w in rest) or text != text.strip():
        raise bad(text, "separate the words by single spaces")
    if word in ("pass", "randomize", "skip"):
        if rest:
            raise bad(text, f"expected '{USAGE[word]}'")
        return (word,)
    if word == "play":
        if len(rest) >= 2 and rest[-2] == "as":
            value = rest[-1]
            if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 14 and len(value) <= 2):
                raise bad(text, "the hat's value after 'as' must be 1-14")
            return (word, _cards(text, rest[:-2]), int(value))
        return (word, _cards(text, rest), 0)
    if word == "collect":
        if rest == ["all"]:
            return (word, "all")
        if rest[:1] == ["hat"]:
            return (word, "hat", _cards(text, rest[1:]))
        raise bad(text, f"expected '{USAGE[word]}'")
    if word == "tracer":
        if len(rest) != 1:
            raise bad(text, f"expected '{USAGE[word]}'")
        return (word, _space(text, rest[0]))
    if word == "exploit":
        if len(rest) not in (2, 3) or rest[1] not in ("+1", "-1") or rest[2:] not in ([], ["x1"], ["x2"]):
            raise bad(text, f"expected '{USAGE[word]}'")
        return (word, _space(text, rest[0]), 1 if rest[1] == "+1" else -1, int(rest[2][1]) if rest[2:] else 0)
    if len(rest) != 2:
        raise bad(text, f"expected '{USAGE[word]}'")
    if word == "place":
        if rest[0] not in FACE_NAMES or rest[1] not in SLOT_IDS:
            raise bad(text, "expected a face 1a..6b and a slot A..E")
        return (word, FACE_NAMES.index(rest[0]), SLOT_IDS.index(rest[1]))
    pawn = rest[0]
    if pawn in HATS:
        return (word, HAT_BASE + HATS.index(pawn), _space(text, rest[1]))
    if len(pawn) != 2 or not pawn[0].isascii() or not pawn[0].isdigit() or pawn[1] not in "ab":
        raise bad(text, f"{pawn[:8]!r} is not a pawn id such as 0a or 3b (solo: a hat such as Ka or Bb)")
    return (word, 2 * int(pawn[0]) + (pawn[1] == "b"), _space(text, rest[1]))


def _cards(text: str, words: list[str]) -> list[int]:
    out = []
    for w in words:
        if w not in CARD_OF:
            raise bad(text, f"{w[:8]!r} is not a card (1-13, J, H)")
        out.append(CARD_OF[w])
    return out


def _space(text: str, word: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise bad(text, f"space {word[:8]!r} is not a number")
    return int(word)


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
    if kind == O.K_PLAY:
        rank, n, j, h = (code >> 4) & 15, (code >> 8) & 7, (code >> 11) & 7, (code >> 14) & 1
        names = [CARD_NAMES[rank]] * n + ["J"] * j + ["H"] * h
        value = (code >> 15) & 15
        if value:
            return MoveInfo(seat, "play", {"cards": names, "value": value}, " ".join(["play", *names, "as",
                                                                                       str(value)]))
        return MoveInfo(seat, "play", {"cards": names}, " ".join(["play", *names]))
    if kind == O.K_COLLECT_ALL:
        return MoveInfo(seat, "collect", {"choice": "all", "cards": []}, "collect all")
    if kind == O.K_COLLECT_HAT:
        names = [CARD_NAMES[r] for r in range(1, 14) for _ in range((code >> (4 + 3 * (r - 1))) & 7)]
        return MoveInfo(seat, "collect", {"choice": "hat", "cards": names}, " ".join(["collect", "hat", *names]))
    if kind in (O.K_MOVE, O.K_DOS, O.K_BACKFLIP):
        word = KIND_WORDS[kind]
        pawn, space = pawn_name((code >> 4) & 15, solo), (code >> 8) & 63
        return MoveInfo(seat, word, {"pawn": pawn, "space": space}, f"{word} {pawn} {space}")
    if kind == O.K_EXPLOIT:
        space, sign, marker = (code >> 4) & 63, "+1" if (code >> 10) & 1 else "-1", (code >> 11) & 3
        text = f"exploit {space} {sign}" + (f" x{marker}" if marker else "")
        return MoveInfo(seat, "exploit", {"space": space, "sign": int(sign), "marker": f"x{marker}" if marker else ""},
                        text)
    if kind == O.K_TRACER:
        space = (code >> 8) & 63
        return MoveInfo(seat, "tracer", {"space": space}, f"tracer {space}")
    if kind == O.K_PLACE:
        face, slot = FACE_NAMES[(code >> 4) & 15], SLOT_IDS[(code >> 8) & 7]
        return MoveInfo(seat, "place", {"face": face, "slot": slot}, f"place {face} {slot}")
    word = KIND_WORDS[kind]
    return MoveInfo(seat, word, {}, word)


ARGS = {"play": ("cards", "value"), "pass": (), "collect": ("choice", "cards"), "move": ("pawn", "space"),
        "dos": ("pawn", "space"), "exploit": ("space", "sign", "marker"), "randomize": (), "place": ("face", "slot"),
        "backflip": ("pawn", "space"), "skip": (), "tracer": ("space",)}


def text_of(kind: str, args: Mapping[str, object]) -> str:
    """The text form of a typed move (MoveInfo's kind and args)."""
    if kind not in ARGS:
        raise BadMoveText("unknown_move", f"move kind {str(kind)[:20]!r} is not one of {', '.join(ARGS)}")
    extra = [k for k, v in args.items() if v not in (None, "", 0, [], ()) and k not in ARGS[kind]]
    if extra:
        raise BadMoveText("bad_move_text", f"move {kind}: takes {', '.join(ARGS[kind]) or 'no arguments'}, "
                          f"not {', '.join(map(str, extra))}")
    if kind in ("pass", "randomize", "skip"):
        return kind
    if kind == "play":
        value = args.get("value")
        return " ".join(["play", *_card_list(kind, args.get("cards"))] + (["as", str(value)] if value else []))
    if kind == "collect":
        choice = args.get("choice") or "hat"
        if choice not in ("all", "hat"):
            raise BadMoveText("bad_move_text", "move collect: choice must be all or hat")
        return "collect all" if choice == "all" else " ".join(["collect", "hat", *_card_list(kind, args.get("cards"))])
    if kind == "tracer":
        return f"tracer {args.get('space', 0)}"
    if kind == "exploit":
        sign = args.get("sign")
        if sign not in (1, -1, "+1", "-1"):
            raise BadMoveText("bad_move_text", "move exploit: sign must be +1 or -1")
        marker = args.get("marker") or ""
        return f"exploit {args.get('space', 0)} {'+1' if sign in (1, '+1') else '-1'}" + (f" {marker}" if marker else "")
    first, second = ARGS[kind]
    if args.get(first) in (None, ""):
        raise BadMoveText("bad_move_text", f"move {kind}: {first} is missing")
    return f"{kind} {args[first]} {args.get(second, 0) if kind != 'place' else args.get(second, '')}"


def _card_list(kind: str, cards) -> list[str]:
    if cards is None:
        return []
    if isinstance(cards, str) or not all(isinstance(c, str) for c in cards):
        raise BadMoveText("bad_move_text", f"move {kind}: cards must be a list of card names")
    return list(cards)
