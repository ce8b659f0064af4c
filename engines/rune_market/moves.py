"""Rune Market move texts (spec §5): read, written canonically, and the reason a move is refused.

A read move is `(kind, fields)`: the fields of its code (rules.py's module docstring)
plus what only the refusal needs (the tokens as written). `code_of` turns it into a
code against a state; whether that code is legal is decided by the rules' generators
alone, and `refusal` only finds the words for a move they do not list.
"""
from __future__ import annotations

from typing import Mapping

from ..core.errors import BadMoveText
from . import constants as K
from . import rules
from .cards import CARD_IDS, CARD_INDEX, N_NUMBERS, colour_name, number_of
from .table import Table

KINDS = K.KINDS
COLOURS = ("red", "blue")
ITEMS = ("outpost", "collector")
TOKENS = ("Lr", "Lb", "Sr", "Sb")
BARE = {"interest", "nointerest", "concede", "nosteal", "end"}


def _bad(text: str, why: str, code: str = "bad_move_text") -> BadMoveText:
    return BadMoveText(code, f"bad move text {text[:40]!r}: {why}")


class Reader:
    """Reads one move text word by word; every problem is a BadMoveText naming the text."""

    def __init__(self, text: str):
        self.text = text
        self.words = text.split()
        self.at = 1

    def fail(self, why: str) -> BadMoveText:
        return _bad(self.text, why)

    def next(self, what: str) -> str:
        if self.at >= len(self.words):
            raise self.fail(f"expected {what}")
        word = self.words[self.at]
        self.at += 1
        return word

    def peek(self) -> str:
        return self.words[self.at] if self.at < len(self.words) else ""

    def colour(self) -> int:
        word = self.next("a colour (red or blue)")
        if word not in COLOURS:
            raise self.fail(f"{word[:12]!r} is not a colour (red or blue)")
        return COLOURS.index(word)

    def seat(self) -> int:
        word = self.next("a seat number")
        if not (word.isascii() and word.isdigit()) or len(word) > 2:
            raise self.fail(f"{word[:12]!r} is not a seat number")
        return int(word)

    def item(self) -> int:
        word = self.next("outpost or collector")
        if word not in ITEMS:
            raise self.fail(f"{word[:12]!r} is not outpost or collector")
        return ITEMS.index(word)

    def card(self) -> int:
        word = self.next("a card id")
        if word not in CARD_INDEX:
            raise self.fail(f"{word[:12]!r} is not a card id (N1a..N10c, T1..T6, HR1..HR4, HB1..HB4)")
        return CARD_INDEX[word]

    def number_cards(self, stop: tuple[str, ...]) -> int:
        """Number card ids up to a stop word (or the end): a set, bit k = card k."""
        cards = 0
        while self.peek() and self.peek() not in stop:
            card = self.card()
            if card >= N_NUMBERS:
                raise self.fail(f"{CARD_IDS[card]} is not a number card")
            if cards >> card & 1:
                raise self.fail(f"{CARD_IDS[card]} is listed twice")
            cards |= 1 << card
        if not cards:
            raise self.fail("expected number cards")
        return cards

    def tokens(self) -> list[int]:
        """Payment tokens up to the next non-token word: counts of Lr, Lb, Sr, Sb."""
        counts = [0, 0, 0, 0]
        while self.peek() in TOKENS:
            counts[TOKENS.index(self.next("a token"))] += 1
        if not any(counts):
            raise self.fail("expected payment tokens (Lr, Lb, Sr, Sb)")
        return counts

    def placement(self, item: int) -> int:
        word = self.next("a placement (to C, neutralize C or on S C)")
        if item == K.OUTPOST and word in ("to", "neutralize"):
            return (0 if word == "to" else 2) + self.colour()
        if item == K.COLLECTOR and word == "on":
            seat = self.seat()
            return 4 + 2 * min(seat, 15) + self.colour()
        raise self.fail(f"{word[:12]!r} is not a placement for an {ITEMS[item]}: "
                        + ("to C or neutralize C" if item == K.OUTPOST else "on S C"))

    def done(self) -> None:
        if self.at != len(self.words):
            raise self.fail(f"unexpected {self.words[self.at][:12]!r}")


def read(text: str) -> tuple[int, dict]:
    """(kind, fields) of a move text; BadMoveText says what cannot be read."""
    words = text.split()
    if not words or words[0] not in KINDS:
        raise BadMoveText("unknown_move", f"bad move text {text[:40]!r}: expected one of {', '.join(KINDS)}")
    kind = KINDS.index(words[0])
    r = Reader(text)
    f = _FIELDS[words[0]](r) if words[0] not in BARE else {}
    r.done()
    return kind, f


def _read_buy(r: Reader) -> dict:
    item = r.item()
    tokens = r.tokens()
    return {"item": item, "tokens": tokens, "place": r.placement(item)}


def _read_thief(r: Reader) -> dict:
    card = r.card()
    if r.peek() == "none":
        r.next("none")
        return {"card": card, "seat": 0, "what": K.W_NONE}
    seat = r.seat()
    return {"card": card, "seat": seat, **_read_what(r)}


def _read_what(r: Reader) -> dict:
    word = r.next("rune C or hand")
    if word == "hand":
        return {"what": K.W_HAND}
    if word == "rune":
        return {"what": r.colour()}
    raise r.fail(f"{word[:12]!r}: expected rune C or hand")


def _read_buycards(r: Reader) -> dict:
    item = r.item()
    cards = r.number_cards(("to", "neutralize", "on"))
    return {"item": item, "cards": cards, "place": r.placement(item)}


def _read_neutralize(r: Reader) -> dict:
    c = r.colour()
    return {"colour": c, "outpost": r.colour()}


def _read_store(r: Reader) -> dict:
    c = r.colour()
    word = r.next("a count")
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word[:4]) <= 24:
        raise r.fail(f"{word[:12]!r} is not a count of runes (1..24)")
    return {"colour": c, "count": int(word)}


def _read_rune(r: Reader) -> dict:
    cards = r.number_cards(("red", "blue"))
    return {"cards": cards, "colour": r.colour()}


_FIELDS = {
    "abandon": lambda r: {"colour": r.colour()},
    "buy": _read_buy,
    "free3": lambda r: {"colour": r.colour(), "tokens": r.tokens()},
    "neutralize": _read_neutralize,
    "store": _read_store,
    "rune": _read_rune,
    "buycards": _read_buycards,
    "ransom": lambda r: {"colour": r.colour(), "cards": r.number_cards(())},
    "duel": lambda r: {"card": r.card(), "seat": r.seat()},
    "defend": lambda r: {"card": r.card()},
    "thief": _read_thief,
    "storage": lambda r: {"card": r.card()},
    "double": lambda r: {"card": r.card()},
    "steal": lambda r: {"seat": r.seat(), **_read_what(r)},
}


def code_of(kind: int, f: Mapping, price: int) -> int | None:
    """The move code of a read move, or None when its tokens can be no code (refusal finds why)."""
    name = KINDS[kind]
    j = rules.join_code
    if name in BARE:
        return j(kind)
    if name == "buy":
        lr, lb, sr, sb = f["tokens"]
        if (lr or sr) and (lb or sb) or sum(f["tokens"]) != price:
            return None
        pay = 0 if lr or sr else 1
        return j(kind, f["item"], pay, lr + lb, min(f["place"], 15))
    if name == "free3":
        lr, lb, sr, sb = f["tokens"]
        own = sr if f["colour"] == 0 else sb
        if sum(f["tokens"]) != 3 or own:
            return None
        return j(kind, f["colour"], lr, lb, sb if f["colour"] == 0 else sr)
    if name == "neutralize":
        return j(kind, f["colour"]) if f["outpost"] != f["colour"] else None
    if name == "store":
        return j(kind, f["colour"], rest=f["count"])
    if name == "abandon":
        return j(kind, f["colour"])
    if name in ("rune", "ransom"):
        return j(kind, f["colour"], rest=f["cards"])
    if name == "buycards":
        return j(kind, f["item"], d=min(f["place"], 15), rest=f["cards"])
    if name in ("duel", "thief", "steal"):
        if f["seat"] > 15:
            return None
        return j(kind, f["seat"], f.get("what", 0), rest=f.get("card", 0))
    return j(kind, rest=f["card"])


# -- text from a code -----------------------------------------------------------------

def _cards(cards: int) -> list[str]:
    return [CARD_IDS[k] for k in range(N_NUMBERS) if cards >> k & 1]


def _placement(item: int, place: int) -> str:
    if item == K.OUTPOST:
        return f"{'to' if place < 2 else 'neutralize'} {COLOURS[place & 1]}"
    return f"on {(place - 4) >> 1} {COLOURS[place & 1]}"


def describe(code: int, price: int) -> tuple[str, dict, str]:
    """(kind, typed args, canonical text) of a move code."""
    kind, a, b, c, d, rest = rules.split_code(code)
    name = KINDS[kind]
    if name in BARE:
        return name, {}, name
    if name == "buy":
        tokens = ["Lr" if b == 0 else "Lb"] * c + ["Sr" if b == 0 else "Sb"] * (price - c)
        text = f"buy {ITEMS[a]} {' '.join(tokens)} {_placement(a, d)}"
        return name, {"item": ITEMS[a], "tokens": tokens, **_place_args(a, d)}, text
    if name == "free3":
        tokens = ["Lr"] * b + ["Lb"] * c + (["Sb"] if a == 0 else ["Sr"]) * d
        return name, {"colour": COLOURS[a], "tokens": tokens}, f"free3 {COLOURS[a]} {' '.join(tokens)}"
    if name in ("abandon",):
        return name, {"colour": COLOURS[a]}, f"{name} {COLOURS[a]}"
    if name == "neutralize":
        return name, {"colour": COLOURS[a], "outpost": COLOURS[1 - a]}, f"neutralize {COLOURS[a]} {COLOURS[1 - a]}"
    if name == "store":
        return name, {"colour": COLOURS[a], "count": rest}, f"store {COLOURS[a]} {rest}"
    if name == "rune":
        cards = _cards(rest)
        return name, {"cards": cards, "colour": COLOURS[a]}, f"rune {' '.join(cards)} {COLOURS[a]}"
    if name == "ransom":
        cards = _cards(rest)
        return name, {"colour": COLOURS[a], "cards": cards}, f"ransom {COLOURS[a]} {' '.join(cards)}"
    if name == "buycards":
        cards = _cards(rest)
        return (name, {"item": ITEMS[a], "cards": cards, **_place_args(a, d)},
                f"buycards {ITEMS[a]} {' '.join(cards)} {_placement(a, d)}")
    if name == "duel":
        return name, {"card": CARD_IDS[rest], "seat": a}, f"duel {CARD_IDS[rest]} {a}"
    if name in ("thief", "steal"):
        head = f"thief {CARD_IDS[rest]} " if name == "thief" else "steal "
        args = {"card": CARD_IDS[rest]} if name == "thief" else {}
        if b == K.W_NONE:
            return name, {**args, "what": "none"}, head + "none"
        args.update(seat=a, what="hand" if b == K.W_HAND else "rune")
        if b == K.W_HAND:
            return name, args, f"{head}{a} hand"
        return name, {**args, "colour": COLOURS[b]}, f"{head}{a} rune {COLOURS[b]}"
    return name, {"card": CARD_IDS[rest]}, f"{name} {CARD_IDS[rest]}"


def _place_args(item: int, place: int) -> dict:
    if item == K.OUTPOST:
        return {"place": "to" if place < 2 else "neutralize", "place_colour": COLOURS[place & 1]}
    return {"place": "on", "place_seat": (place - 4) >> 1, "place_colour": COLOURS[place & 1]}


# -- text from typed arguments (the API's typed move) ------------------------------------

def text_of(kind: str, args: Mapping[str, object]) -> str:
    """The text of a typed move (MoveInfo's kind and args); BadMoveText names a wrong argument."""
    if kind not in KINDS:
        raise BadMoveText("unknown_move", f"move kind {str(kind)[:20]!r} is not one of {', '.join(KINDS)}")
    def arg(name: str, *, seat: bool = False, many: bool = False) -> str:
        value = args.get(name)
        if value is None or value == "" or value == []:
            raise BadMoveText("bad_move_text", f"move {kind}: argument {name} is missing")
        if many:
            if isinstance(value, str) or not all(isinstance(v, str) for v in value):
                raise BadMoveText("bad_move_text", f"move {kind}: argument {name} must be a list of strings")
            return " ".join(value)
        if seat and (isinstance(value, bool) or not isinstance(value, int)):
            raise BadMoveText("bad_move_text", f"move {kind}: argument {name} must be a seat number")
        return str(value)
    def place() -> str:
        where = arg("place")
        return f"{where} {arg('place_seat', seat=True)} {arg('place_colour')}" if where == "on" \
            else f"{where} {arg('place_colour')}"
    forms = {
        "abandon": lambda: f"abandon {arg('colour')}",
        "buy": lambda: f"buy {arg('item')} {arg('tokens', many=True)} {place()}",
        "free3": lambda: f"free3 {arg('colour')} {arg('tokens', many=True)}",
        "neutralize": lambda: f"neutralize {arg('colour')} {arg('outpost')}",
        "store": lambda: f"store {arg('colour')} {arg('count', seat=True)}",
        "rune": lambda: f"rune {arg('cards', many=True)} {arg('colour')}",
        "buycards": lambda: f"buycards {arg('item')} {arg('cards', many=True)} {place()}",
        "ransom": lambda: f"ransom {arg('colour')} {arg('cards', many=True)}",
        "duel": lambda: f"duel {arg('card')} {arg('seat', seat=True)}",
        "defend": lambda: f"defend {arg('card')}",
        "thief": lambda: f"thief {arg('card')} " + _what_text(arg, allow_none=True),
        "storage": lambda: f"storage {arg('card')}",
        "double": lambda: f"double {arg('card')}",
        "steal": lambda: "steal " + _what_text(arg, allow_none=False),
    }
    return kind if kind in BARE else forms[kind]()


def _what_text(arg, allow_none: bool) -> str:
    what = arg("what")
    if what == "none" and allow_none:
        return "none"
    if what == "hand":
        return f"{arg('seat', seat=True)} hand"
    if what == "rune":
        return f"{arg('seat', seat=True)} rune {arg('colour')}"
    raise BadMoveText("bad_move_text", f"argument what must be rune, hand{' or none' if allow_none else ''}")


# -- why a move is refused (only words: legality is the generators') -----------------------

def refusal(t: Table, seat: int, kind: int, f: Mapping) -> tuple[str, str | None]:
    """(reason code, detail or None) for a read move that is not in the legal list."""
    name = KINDS[kind]
    phase = t.phase
    if phase == "defend":
        if seat != t.defender:
            return "not_your_turn", f"not your turn (seat {t.defender} is to act): it must answer the duel"
        if name not in ("defend", "concede"):
            return "answer_duel", None
        if name == "concede":
            return "must_defend", None
        return _defence(t, seat, f)
    if seat != t.active:
        return "not_your_turn", f"not your turn (seat {t.active} is to act)"
    if name in ("defend", "concede"):
        return "not_in_duel", None
    if phase == "steal":
        return _steal_window(t, seat, name, f)
    if name in ("steal", "nosteal"):
        return "no_steals", None
    if phase == "interest":
        return ("choose_interest", None) if name not in ("interest", "nointerest") else ("not_legal", None)
    if name in ("interest", "nointerest"):
        return ("after_hand_card", None) if t.hand_played else ("no_interest_due", None)
    if name in ("buy", "free3") and t.hand_played:
        return "after_hand_card", None
    if name == "abandon" and t.hand_played:
        return "market_phase_only", None
    if name == "end":
        return "must_play_hand_card", None
    return _table_rules(t, seat, name, f)


def _defence(t: Table, seat: int, f: Mapping) -> tuple[str, str | None]:
    card = f["card"]
    if card not in t.hand(seat):
        return "card_not_in_hand", None
    if card >= N_NUMBERS or number_of(card) < number_of(t.attack):
        return "defence_too_low", None
    return "not_legal", None


def _steal_window(t: Table, seat: int, name: str, f: Mapping) -> tuple[str, str | None]:
    if name not in ("steal", "nosteal"):
        return "steal_pending", None
    if f["seat"] == seat or f["seat"] >= t.players:
        return "not_yourself", "choose another seat at this table"
    if t.steal_from is not None and f["seat"] != t.steal_from:
        return "steal_from_loser", None
    return _nothing_to_steal(t, f)


def _nothing_to_steal(t: Table, f: Mapping) -> tuple[str, str | None]:
    victim, what = f["seat"], f["what"]
    if what == K.W_HAND:
        return "nothing_to_steal", f"seat {victim} has no hand card to steal"
    loose = "" if not t.protects else "loose "
    return "nothing_to_steal", f"no {loose}{colour_name(what)} rune to steal"


def _table_rules(t: Table, seat: int, name: str, f: Mapping) -> tuple[str, str | None]:
    me = t.seat(seat)
    if name == "abandon":
        c = f["colour"]
        if me.main[c] is None:
            return "no_main", None
        return ("store_occupied", None) if me.collector[c] is not None else ("not_legal", None)
    if name == "buy":
        return _buy(t, seat, f)
    if name == "free3":
        return _free3(t, seat, f)
    if name == "neutralize":
        if me.collector[f["colour"]] is None:
            return "not_occupied", None
        return ("no_outpost", None) if f["outpost"] == f["colour"] or not me.outpost[f["outpost"]] \
            else ("not_legal", None)
    if name == "store":
        c = f["colour"]
        if not me.is_real(c):
            return "no_store", None
        return ("not_enough_runes", "not enough loose runes") if me.loose[c] < f["count"] else ("not_legal", None)
    if "card" in f and f["card"] not in t.hand(seat):
        return "card_not_in_hand", None
    if "cards" in f and any(k not in t.hand(seat) for k in range(N_NUMBERS) if f["cards"] >> k & 1):
        return "card_not_in_hand", None
    return _hand_rules(t, seat, name, f)


def _buy(t: Table, seat: int, f: Mapping) -> tuple[str, str | None]:
    lr, lb, sr, sb = f["tokens"]
    me = t.seat(seat)
    if t.bought:
        return "one_purchase", None
    if (lr or sr) and (lb or sb):
        return "one_colour", None
    if sum(f["tokens"]) != t.price:
        return "price", f"price is {t.price} runes of one colour"
    if t.market[2 + f["item"]] == 0:
        return "sold_out", f"the market has no {ITEMS[f['item']]} left"
    c = 0 if lr or sr else 1
    why = _tokens_available(me, (lr, lb, sr, sb))
    return why if why else _placement_refusal(t, seat, f["item"], f["place"])


def _tokens_available(me, tokens) -> tuple[str, str | None] | None:
    lr, lb, sr, sb = tokens
    for c, stored in ((0, sr), (1, sb)):
        if stored and me.collector[c] is not None:
            return "frozen", None
        if stored > me.runes[c] or (stored and not me.is_real(c)):
            return "not_enough_runes", f"not enough runes in your {colour_name(c)} storage"
    if lr > me.loose[0] or lb > me.loose[1]:
        return "not_enough_runes", "not enough loose runes"
    return None


def _free3(t: Table, seat: int, f: Mapping) -> tuple[str, str | None]:
    me, c = t.seat(seat), f["colour"]
    if me.collector[c] is None:
        return "not_occupied", None
    if sum(f["tokens"]) != 3:
        return "price", "free3 takes exactly 3 runes"
    return _tokens_available(me, f["tokens"]) or ("not_legal", None)


def _placement_refusal(t: Table, seat: int, item: int, place: int) -> tuple[str, str | None]:
    me, c = t.seat(seat), place & 1
    if item == K.OUTPOST and place < 2:
        if me.outpost[c]:
            return "outpost_owned", f"already have a {colour_name(c)} outpost"
        if me.collector[c] is not None:
            return "store_occupied", None
    if item == K.OUTPOST and place >= 2 and me.collector[c] is None:
        return "not_occupied", None
    if item == K.COLLECTOR and ((place - 4) >> 1) == seat:
        return "not_yourself", "a collector goes to another seat's storage"
    return "no_placement", None


def _hand_rules(t: Table, seat: int, name: str, f: Mapping) -> tuple[str, str | None]:
    me = t.seat(seat)
    if name in ("rune", "buycards", "ransom"):
        total = sum(number_of(k) for k in range(N_NUMBERS) if f["cards"] >> k & 1)
        if name == "rune":
            if total not in K.RUNE_SUMS:
                return "sum_5_10_15", None
            return "sold_out", f"the market has no {colour_name(f['colour'])} rune left"
        if name == "ransom":
            if me.collector[f["colour"]] is None:
                return "not_occupied", None
            return ("ransom_21", None) if total < K.CARDS_MIN else ("not_legal", None)
        if total < K.CARDS_MIN:
            return "sum_21", None
        if t.market[2 + f["item"]] == 0:
            return "sold_out", f"the market has no {ITEMS[f['item']]} left"
        return _placement_refusal(t, seat, f["item"], f["place"])
    card = f["card"]
    if name == "duel":
        if card >= N_NUMBERS:
            return "wrong_card", "a duel is fought with a number card"
        if f["seat"] == seat or f["seat"] >= t.players:
            return "not_yourself", "choose another seat at this table"
        return "already_dueled", None
    if name == "thief":
        if not K.THIEF0 <= card < K.HALL_RED0:
            return "wrong_card", "that is not a thief card"
        if f["what"] == K.W_NONE:
            return "someone_stealable", None
        if f["seat"] == seat or f["seat"] >= t.players:
            return "not_yourself", "choose another seat at this table"
        return _nothing_to_steal(t, f)
    if card < K.HALL_RED0:
        return "wrong_card", "that is not a main-storage card"
    c = 0 if card < K.HALL_BLUE0 else 1
    if me.main[c] is not None:
        return "main_owned", f"already have a {colour_name(c)} main storage"
    return "store_occupied", None
