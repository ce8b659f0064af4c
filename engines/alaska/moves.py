"""Alaska move texts (spec §5): reading, the reasons a move is refused, and describing move codes.

Text forms: `place 4`, `end`, `cast C1a C3b`, `cast C4c salmon S05`, `angler T2 6`,
`eagle E1 salmon S05`, `eagle E1 angler 2`, `eagle E1`, `bear B2`, `bearsteal B1`, `pass`.
The two cards of a cast may come in either order; the canonical text lists them in
standard order. The checks here cover what a text names (card ids, who may move);
`rules.check` decides the rest, so one function says what is legal.
"""
from __future__ import annotations

from typing import Mapping, NamedTuple

from ..core.errors import BadMoveText
from ..core.game import MoveInfo
from . import offsets as O
from . import rules
from .deck import CARD_IDS, CARD_INDEX, cast_number, kind_of
from .state import N_SALMON

KEYWORDS = ("place", "end", "cast", "angler", "eagle", "bear", "bearsteal", "pass")
USAGE = {"place": "place <section>", "end": "end", "cast": "cast <card> [<card>] [salmon <salmon>]",
         "angler": "angler <card> <section>", "eagle": "eagle <card> [salmon <salmon> | angler <section>]",
         "bear": "bear <card>", "bearsteal": "bearsteal <card>", "pass": "pass"}
PLAY_KINDS = ("end", "cast", "angler", "eagle", "bear")


class Parsed(NamedTuple):
    """A read move: its kind, the cards it names (card numbers), a section (0: none) and a salmon (-1: none)."""

    kind: str
    cards: tuple[int, ...] = ()
    section: int = 0
    salmon: int = -1
    target: str = ""   # eagle: "salmon", "angler" or "" (bare)


def _bad(text: str, why: str) -> BadMoveText:
    return BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: {why}")


def _card(text: str, word: str) -> int:
    if word not in CARD_INDEX:
        raise BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: {word[:12]!r} is not a card id "
                          "(S01-S16, W01-W12, T1-T4, L1-L4, E1-E3, B1-B3, C1a-C6d)")
    return CARD_INDEX[word]


def _section(text: str, word: str) -> int:
    if not (word.isascii() and word.isdigit() and len(word) <= 3):
        raise _bad(text, f"section {word[:12]!r} is not a number")
    return int(word)


def _salmon(text: str, word: str) -> int:
    card = _card(text, word)
    if card >= N_SALMON:
        raise _bad(text, f"{word} is not a salmon")
    return card


def read_move(text: str) -> Parsed:
    """The parts of a text move; BadMoveText names what cannot be read (legality comes later)."""
    words = text.split(" ")
    kind = words[0]
    if kind not in KEYWORDS:
        raise BadMoveText("unknown_move", f"bad move text {text[:40]!r}: expected one of {', '.join(KEYWORDS)}")
    rest = words[1:]
    arity = {"end": 0, "pass": 0, "place": 1, "bear": 1, "bearsteal": 1, "angler": 2}.get(kind)
    if arity is not None and len(rest) != arity or "" in rest or not text.strip() == text:
        raise _bad(text, f"expected {USAGE[kind]!r}")
    if kind == "place":
        return Parsed(kind, section=_section(text, rest[0]))
    if kind in ("bear", "bearsteal"):
        return Parsed(kind, (_card(text, rest[0]),))
    if kind == "angler":
        return Parsed(kind, (_card(text, rest[0]),), _section(text, rest[1]))
    if kind == "eagle":
        return _read_eagle(text, rest)
    if kind == "cast":
        return _read_cast(text, rest)
    return Parsed(kind)


def _read_eagle(text: str, rest: list[str]) -> Parsed:
    if len(rest) == 1:
        return Parsed("eagle", (_card(text, rest[0]),))
    if len(rest) == 3 and rest[1] == "salmon":
        return Parsed("eagle", (_card(text, rest[0]),), salmon=_salmon(text, rest[2]), target="salmon")
    if len(rest) == 3 and rest[1] == "angler":
        return Parsed("eagle", (_card(text, rest[0]),), section=_section(text, rest[2]), target="angler")
    raise _bad(text, f"expected {USAGE['eagle']!r}")


def _read_cast(text: str, rest: list[str]) -> Parsed:
    salmon = -1
    if len(rest) >= 2 and rest[-2] == "salmon":
        salmon = _salmon(text, rest[-1])
        rest = rest[:-2]
    if not rest:
        raise _bad(text, f"expected {USAGE['cast']!r}")
    return Parsed("cast", tuple(_card(text, w) for w in rest), salmon=salmon)


# -- legality of a read move -------------------------------------------------------

def find_move(game, state: bytearray, seat: int, parsed: Parsed, text: str) -> int:
    """The legal move code of `parsed` by `seat`, or IllegalMove (through game.refuse) saying why not."""
    phase, active = rules.PHASES[state[O.PHASE]], state[O.ACTIVE_SEAT]
    if parsed.kind == "place":
        return _find_place(game, state, seat, parsed, text)
    if parsed.kind in ("bearsteal", "pass"):
        return _find_window_move(game, state, seat, parsed, text)
    if seat != active:
        game.refuse("not_your_turn", text, seat, f"not your turn (seat {active} is to act)")
    if phase == "bear":
        game.refuse("bear_window_open", text, seat)
    if phase != "play":
        game.refuse("not_play_phase", text, seat)
    hand = rules.hand(state, seat)
    for card in parsed.cards:
        if card not in hand:
            game.refuse("card_not_in_hand", text, seat, f"{CARD_IDS[card]} is not in your hand")
    if parsed.kind == "cast":
        code = _cast_code(game, state, seat, parsed, hand, text)
    elif parsed.kind == "end":
        code = rules.CONST.END
    elif parsed.kind == "angler":
        _section_in_range(game, parsed.section, text, seat)
        code = rules.CONST.ANGLER + hand.index(parsed.cards[0]) * 10 + parsed.section - 1
    elif parsed.kind == "eagle":
        code = _eagle_code(game, parsed, hand, text, seat)
    else:
        code = rules.CONST.ROAR + hand.index(parsed.cards[0])
    return _checked(game, state, seat, code, text)


def _checked(game, state: bytearray, seat: int, code: int, text: str) -> int:
    reason = rules.check(state, code)
    if reason:
        game.refuse(rules.REASONS[reason], text, seat)
    return code


def _section_in_range(game, section: int, text: str, seat: int) -> None:
    if not 1 <= section <= 10:
        game.refuse("no_such_section", text, seat)


def _find_place(game, state: bytearray, seat: int, parsed: Parsed, text: str) -> int:
    if rules.PHASES[state[O.PHASE]] != "place":
        game.refuse("no_salmon_to_place", text, seat)
    placer = rules.to_act(state)[0]
    if seat != placer:
        # The shared `not_your_turn`, in the spec's words: the same refusal as in every game.
        game.refuse("not_your_turn", text, seat, f"not your turn (seat {placer} is to act): only the right "
                    f"neighbour places salmon")
    _section_in_range(game, parsed.section, text, seat)
    return _checked(game, state, seat, rules.CONST.PLACE + parsed.section - 1, text)


def _find_window_move(game, state: bytearray, seat: int, parsed: Parsed, text: str) -> int:
    if rules.PHASES[state[O.PHASE]] != "bear":
        game.refuse("no_bear_window", text, seat)
    if seat == state[O.ACTIVE_SEAT]:
        game.refuse("own_catch", text, seat)
    if not (state[O.WINDOW_SEATS] >> seat) & 1:
        game.refuse("not_in_window", text, seat)
    if (state[O.WINDOW_PASSED] >> seat) & 1:
        game.refuse("already_passed", text, seat)
    if parsed.kind == "pass":
        return rules.CONST.PASS + seat
    hand = rules.hand(state, seat)
    card = parsed.cards[0]
    if card not in hand:
        game.refuse("card_not_in_hand", text, seat, f"{CARD_IDS[card]} is not in your hand")
    return _checked(game, state, seat, rules.CONST.STEAL + seat * 4 + hand.index(card), text)


def _cast_code(game, state: bytearray, seat: int, parsed: Parsed, hand: list[int], text: str) -> int:
    cards = parsed.cards
    if any(kind_of(c) != "cast" for c in cards):
        game.refuse("not_a_cast_card", text, seat)
    if len(cards) > 2:
        game.refuse("too_many_cast_cards", text, seat)
    if len(set(cards)) != len(cards):
        game.refuse("card_named_twice", text, seat)
    section = sum(cast_number(c) for c in cards)
    if section > 10:
        game.refuse("cast_off_river", text, seat)
    covering = [s for s in range(N_SALMON) if _covers(state[O.SALMON_AT + s], section)]
    if len(covering) >= 2 and parsed.salmon < 0:
        count = "two" if len(covering) == 2 else str(len(covering))
        game.refuse("name_a_salmon", text, seat, f"{count} salmon cover section {section}: name one")
    if len(covering) < 2 and parsed.salmon >= 0:
        game.refuse("no_salmon_choice", text, seat, f"no salmon choice at section {section}")
    if parsed.salmon >= 0 and parsed.salmon not in covering:
        game.refuse("salmon_not_there", text, seat, f"{CARD_IDS[parsed.salmon]} does not cover section {section}")
    indexes = sorted(hand.index(c) for c in cards)
    combo = rules.combo_of(indexes[0], indexes[1] if len(indexes) == 2 else -1)
    return rules.CONST.CAST + combo * rules.CONST.CHOICES + (parsed.salmon + 1 if parsed.salmon >= 0 else 0)


def _covers(head: int, section: int) -> bool:
    return head != 0 and (head == section or head % 10 + 1 == section)


def _eagle_code(game, parsed: Parsed, hand: list[int], text: str, seat: int) -> int:
    base = rules.CONST.EAGLE + hand.index(parsed.cards[0]) * rules.CONST.TARGETS
    if parsed.target == "salmon":
        return base + parsed.salmon
    if parsed.target == "angler":
        _section_in_range(game, parsed.section, text, seat)
        return base + N_SALMON + parsed.section - 1
    return base + rules.CONST.TARGETS - 1


# -- describing codes ------------------------------------------------------------------

def info(state: bytearray, code: int) -> MoveInfo:
    """The MoveInfo of a move code already checked legal in `state`."""
    kind, a, b = rules.split_code(code)
    name = KEYWORDS[kind]
    seat = rules.mover_of(state, code)
    if name == "place":
        return MoveInfo(seat, name, {"section": a}, f"place {a}")
    if name in ("end", "pass"):
        return MoveInfo(seat, name, {}, name)
    hand = rules.hand(state, seat)
    if name == "cast":
        first, second = rules.combo_indexes(a)
        cards = sorted([hand[first]] + ([hand[second]] if second >= 0 else []))
        ids = [CARD_IDS[c] for c in cards]
        salmon = CARD_IDS[b - 1] if b else ""
        return MoveInfo(seat, name, {"cards": ids, "salmon": salmon},
                        " ".join(["cast", *ids] + (["salmon", salmon] if salmon else [])))
    card = CARD_IDS[hand[b if name == "bearsteal" else a]]
    if name == "angler":
        return MoveInfo(seat, name, {"card": card, "section": b + 1}, f"angler {card} {b + 1}")
    if name == "eagle":
        if b < N_SALMON:
            return MoveInfo(seat, name, {"card": card, "salmon": CARD_IDS[b]}, f"eagle {card} salmon {CARD_IDS[b]}")
        if b < N_SALMON + 10:
            section = b - N_SALMON + 1
            return MoveInfo(seat, name, {"card": card, "section": section}, f"eagle {card} angler {section}")
        return MoveInfo(seat, name, {"card": card}, f"eagle {card}")
    return MoveInfo(seat, name, {"card": card}, f"{name} {card}")


def move_text(kind: str, args: Mapping[str, object]) -> str:
    """The text form of a typed move (MoveInfo's kind and args); BadMoveText names a wrong argument."""
    if kind not in KEYWORDS:
        raise BadMoveText("unknown_move", f"move kind {str(kind)[:20]!r} is not one of {', '.join(KEYWORDS)}")
    wanted = {"place": ("section",), "end": (), "pass": (), "cast": ("cards", "salmon"), "angler": ("card", "section"),
              "eagle": ("card", "salmon", "section"), "bear": ("card",), "bearsteal": ("card",)}[kind]
    given = {k: v for k, v in args.items() if v not in (None, "", 0, [], ())}
    extra = sorted(set(given) - set(wanted))
    if extra:
        raise BadMoveText("bad_move_text", f"move {kind}: takes {', '.join(wanted) or 'no arguments'}, "
                          f"not {', '.join(extra)}")
    required = {"place": ("section",), "cast": ("cards",), "angler": ("card", "section")}.get(kind, wanted[:1])
    missing = [name for name in required if name not in given]
    if missing:
        raise BadMoveText("bad_move_text", f"move {kind}: {missing[0]} is missing")
    if kind == "eagle" and "salmon" in given and "section" in given:
        raise BadMoveText("bad_move_text", "move eagle: give a salmon or an angler's section, not both")
    parts = [kind]
    if kind == "cast":
        cards = given["cards"]
        if isinstance(cards, str) or not all(isinstance(c, str) for c in cards):
            raise BadMoveText("bad_move_text", "move cast: cards must be a list of card ids")
        parts += list(cards)
        if "salmon" in given:
            parts += ["salmon", str(given["salmon"])]
    elif kind == "eagle":
        parts.append(str(given["card"]))
        if "salmon" in given:
            parts += ["salmon", str(given["salmon"])]
        elif "section" in given:
            parts += ["angler", str(given["section"])]
    else:
        parts += [str(given[name]) for name in wanted if name in given]
    return " ".join(parts)

