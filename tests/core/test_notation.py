"""The core's move notation (engines/core/notation.py): forms declared once read text into typed arguments and
write it back, and name what is wrong. The forms below are those of the games' texts (Rune Market's
`buy collector Sb Sb Sb Sb on 1 red`, White Hat's `collect all` / `collect hat 2 9` and `exploit 18 -1`,
Kodiak's `pounce 1 2.0`), so the notation is shown to carry every game's grammar, not only Hats'."""
from __future__ import annotations

import pytest

from engines import BadMoveText
from engines.core.notation import Arg, Card, Form, Many, Notation, Number, Word

RUNES = ("Sb", "Sr", "Lb", "Lr")


class Place(Arg):
    """A game's own argument: `seat.index` (Kodiak, Cambio), typed as a pair."""

    name = "target"
    what = "a place seat.index"

    def read(self, word: str):
        seat, dot, index = word.partition(".")
        if not (dot and seat.isascii() and seat.isdigit() and index.isascii() and index.isdigit()):
            raise ValueError(word)
        return (int(seat), int(index))

    def write(self, value) -> str:
        return f"{value[0]}.{value[1]}"


NOTATION = Notation(
    Form("buy", (Word("collector"), Many(Card("runes", RUNES)), Word("on"), Number("slot"), Card("colour", ("red", "blue")))),
    Form("collect", (Word("all"),)),
    Form("collect", (Word("hat"), Many(Number("hats", least=1)))),
    Form("exploit", (Number("space", least=1), Number("step", signed=True))),
    Form("pounce", (Number("slot"), Place())),
    Form("cast", (Many(Card("cards", RUNES), least=2), Number("line"))),
    Form("end"),
)

TEXTS = {
    "buy collector Sb Sb Sb Sb on 1 red": ("buy", {"runes": ["Sb"] * 4, "slot": 1, "colour": "red"}),
    "buy collector Lr on 0 blue": ("buy", {"runes": ["Lr"], "slot": 0, "colour": "blue"}),
    "collect all": ("collect", {}),
    "collect hat 2 9": ("collect", {"hats": [2, 9]}),
    "exploit 18 -1": ("exploit", {"space": 18, "step": -1}),
    "exploit 18 +1": ("exploit", {"space": 18, "step": 1}),
    "pounce 0 2.10": ("pounce", {"slot": 0, "target": (2, 10)}),
    "cast Sb Sr 3": ("cast", {"cards": ["Sb", "Sr"], "line": 3}),
    "end": ("end", {}),
}


@pytest.mark.parametrize("text", TEXTS)
def test_every_form_reads_its_text_and_writes_it_back(text):
    kind, args = NOTATION.read(text)
    assert (kind, args) == TEXTS[text]
    assert NOTATION.read(f"  {text}  ") == (kind, args)  # spacing is not part of a move
    assert NOTATION.write(kind, args) == text


@pytest.mark.parametrize("text, code, words", [
    ("", "unknown_move", "expected one of buy, collect, exploit, pounce, cast, end"),
    ("cast Sb 3", "bad_move_text", "cast <cards>... <line>"),  # fewer items than the form needs
    ("steal 1", "unknown_move", "expected one of"),
    ("end now", "bad_move_text", "expected 'end'"),
    ("collect", "bad_move_text", "'collect all' or 'collect hat <hats>...'"),
    ("collect hat", "bad_move_text", "collect hat <hats>..."),
    ("buy collector on 1 red", "bad_move_text", "buy collector <runes>... on <slot> <colour>"),
    ("buy collector Sb on red", "bad_slot", "slot 'red' is not a number"),
    ("buy collector Sb Xx on 1 red", "bad_runes", "runes 'Xx' is not a card id"),
    ("buy collector Sb on 1 green", "bad_colour", "colour 'green'"),
    ("exploit 18 1x", "bad_step", "step '1x' is not a number"),
    ("exploit ٣ +1", "bad_space", "is not a number"),  # a non-ASCII digit
    ("exploit 18 -", "bad_step", "is not a number"),
    ("pounce 0 2", "bad_target", "is not a place seat.index"),
])
def test_what_does_not_read_is_refused_with_its_reason(text, code, words):
    with pytest.raises(BadMoveText) as err:
        NOTATION.read(text)
    assert err.value.code == code and words in err.value.message, err.value.message


@pytest.mark.parametrize("kind, args, code", [
    ("steal", {}, "unknown_move"),
    ("exploit", {"space": 18}, "bad_move_text"),             # a number missing
    ("exploit", {"space": 0, "step": 1}, "bad_move_text"),   # 0: protobuf's unset, below the field's least
    ("end", {"slot": 2}, "bad_move_text"),                   # an argument the form does not take
    ("buy", {"runes": [], "slot": 1, "colour": "red"}, "bad_move_text"),  # fewer items than the form needs
    ("pounce", {"slot": True, "target": (1, 1)}, "bad_move_text"),  # a bool is no number
])
def test_a_typed_move_that_fits_no_form_is_refused(kind, args, code):
    with pytest.raises(BadMoveText) as err:
        NOTATION.write(kind, args)
    assert err.value.code == code, err.value.message


def test_a_kind_with_two_forms_writes_the_one_its_arguments_give():
    assert NOTATION.write("collect", {"hats": [3]}) == "collect hat 3"
    assert NOTATION.write("collect", {}) == "collect all"
    assert NOTATION.write("collect", {"hats": []}) == "collect all"  # an empty repeated field is protobuf's unset
    assert NOTATION.write("pounce", {"slot": 0, "target": (0, 1)}) == "pounce 0 0.1"  # slot 0 is a value here
