"""Move text notation: a game declares the forms of its moves once; the core reads a move's text into its kind
and typed arguments, writes the text of a typed move, and names what is wrong with either.

A form is the move's keyword, then its parts in order: a `Word` (a fixed word of the text), or an argument
(`Card`, `Number`, or a game's own `Arg`) read from one word, or a `Many` argument that takes the words of its
item while they read. A kind may have several forms (`collect all`, `collect hat 2 9`): text takes the first that
reads it, a typed move the first whose arguments it gives.

Refusals: a first word that is no keyword is `unknown_move`; a word count or a fixed word that fits no form is
`bad_move_text` with the form(s) expected; an argument's word that does not read is `bad_<argument>` (an id
that is no card: `bad_card`). Whether a read move is legal is the rules' business, not the notation's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .errors import BadMoveText

SHOWN = 40  # characters of a bad text quoted back


class Arg:
    """One argument read from one word; `name` is its key in the typed form (and `bad_<name>` its refusal)."""

    name: str
    what = "a word"

    def read(self, word: str) -> object:
        """The value of `word`; ValueError when it is not one."""
        raise NotImplementedError

    def write(self, value: object) -> str:
        return str(value)

    def given(self, value: object) -> bool:
        """Does a typed move give this argument? (protobuf leaves an unset field "" or 0)."""
        return value not in (None, "")

    def usage(self) -> str:
        return f"<{self.name}>"


@dataclass(frozen=True)
class Word:
    """A fixed word of the text (`draw deck`'s `deck`)."""

    word: str


@dataclass(frozen=True)
class Card(Arg):
    """A card id from the game's list (its typed form is the id itself)."""

    name: str
    ids: Sequence[str]
    hint: str = ""  # how the ids look, for the refusal (`R1..W6`)

    @property
    def what(self) -> str:
        return f"a card id ({self.hint})" if self.hint else "a card id"

    def read(self, word: str) -> object:
        if word not in self.ids:
            raise ValueError(word)
        return word


@dataclass(frozen=True)
class Number(Arg):
    """A whole number written in ASCII digits (`signed`: with an optional + or -, written always). `least`: the
    smallest an unsigned number of a typed move may give (a protobuf number left unset is 0, which is no value of
    a field counted from 1)."""

    name: str
    least: int = 0
    signed: bool = False
    what = "a number"

    def read(self, word: str) -> object:
        digits = word[1:] if self.signed and word[:1] in "+-" else word
        if not (digits.isascii() and digits.isdigit()):  # isdigit() alone admits non-ASCII digits
            raise ValueError(word)
        return int(word)

    def write(self, value: object) -> str:
        return f"{value:+d}" if self.signed else str(value)

    def given(self, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and (self.signed or value >= self.least)


@dataclass(frozen=True)
class Many:
    """Several words of one argument (`cast C1a C1b`), at least `least` and, when `most`, at most `most`; its
    typed form is a list."""

    item: Arg
    least: int = 1
    most: int = 0

    def fits(self, count: int) -> bool:
        return count >= self.least and not (self.most and count > self.most)

    @property
    def name(self) -> str:
        return self.item.name


@dataclass(frozen=True)
class Form:
    """One way to write a move: its keyword, then its parts."""

    keyword: str
    parts: tuple = ()

    def usage(self) -> str:
        words = [self.keyword]
        for part in self.parts:
            if isinstance(part, Word):
                words.append(part.word)
            elif isinstance(part, Many) and part.most == part.least:  # a fixed count: each word shown
                words += [part.item.usage()] * part.least
            elif isinstance(part, Many):
                words.append(f"{part.item.usage()}...")
            else:
                words.append(part.usage())
        return " ".join(words)

    def read(self, words: list[str], text: str) -> dict | None:
        """The typed arguments when `words` (after the keyword) fit this form's shape, None when they do not;
        BadMoveText `bad_<name>` when they fit but an argument's word does not read."""
        args: dict = {}
        at = 0
        for i, part in enumerate(self.parts):
            if isinstance(part, Word):
                if at >= len(words) or words[at] != part.word:
                    return None
                at += 1
            elif isinstance(part, Many):
                # Its words run to the next fixed word of the form (or the end), less one word for each
                # argument between.
                rest = self.parts[i + 1:]
                stop = next((j for j, p in enumerate(rest) if isinstance(p, Word)), len(rest))
                end = len(words)
                if stop < len(rest):
                    end = words.index(rest[stop].word, at) if rest[stop].word in words[at:] else len(words)
                end -= stop
                if not part.fits(end - at):
                    return None
                args[part.name] = [_read(part.item, w, text) for w in words[at:end]]
                at = end
            else:
                if at >= len(words):
                    return None
                args[part.name] = _read(part, words[at], text)
                at += 1
        return args if at == len(words) else None

    def write(self, args: Mapping[str, object]) -> str | None:
        """The text of typed `args`, None when they are not this form's arguments."""
        names = {p.name for p in self.parts if not isinstance(p, Word)}
        for name, value in args.items():
            if name not in names and value not in (None, "", 0, [], ()):
                return None
        words = [self.keyword]
        for part in self.parts:
            if isinstance(part, Word):
                words.append(part.word)
                continue
            value = args.get(part.name)
            if isinstance(part, Many):
                if not isinstance(value, (list, tuple)) or not part.fits(len(value)) or \
                        not all(map(part.item.given, value)):
                    return None
                words += [part.item.write(v) for v in value]
            elif not part.given(value):
                return None
            else:
                words.append(part.write(value))
        return " ".join(words)


def _read(arg: Arg, word: str, text: str) -> object:
    try:
        return arg.read(word)
    except ValueError:
        raise BadMoveText(f"bad_{arg.name}", f"bad move text {text[:SHOWN]!r}: {arg.name} {word[:12]!r} is not "
                          f"{arg.what}") from None


class Notation:
    """A game's move grammar: its forms by keyword, in the order they are tried."""

    def __init__(self, *forms: Form):
        self.forms: dict[str, list[Form]] = {}
        for form in forms:
            self.forms.setdefault(form.keyword, []).append(form)
        self.keywords = tuple(self.forms)

    def read(self, text: str) -> tuple[str, dict]:
        """(kind, typed arguments) of a move's text; BadMoveText names what cannot be read."""
        words = text.split()
        if not words or words[0] not in self.forms:
            raise BadMoveText("unknown_move", f"bad move text {text[:SHOWN]!r}: expected one of "
                              f"{', '.join(self.keywords)}")
        forms = self.forms[words[0]]
        for form in forms:
            args = form.read(words[1:], text)
            if args is not None:
                return words[0], args
        raise BadMoveText("bad_move_text", f"bad move text {text[:SHOWN]!r}: expected "
                          f"{' or '.join(repr(f.usage()) for f in forms)}")

    def write(self, kind: str, args: Mapping[str, object]) -> str:
        """The text of a typed move (the typed form's way in); BadMoveText names what does not fit."""
        if kind not in self.forms:
            raise BadMoveText("unknown_move", f"move kind {str(kind)[:20]!r} is not one of {', '.join(self.keywords)}")
        for form in self.forms[kind]:
            text = form.write(args)
            if text is not None:
                return text
        expected = " or ".join(repr(f.usage()) for f in self.forms[kind])
        takes = " or ".join(", ".join(p.name for p in f.parts if not isinstance(p, Word)) or "nothing"
                            for f in self.forms[kind])
        given = ", ".join(sorted(name for name, value in args.items() if value is not None)) or "nothing"
        raise BadMoveText("bad_move_text", f"move {kind}: its arguments do not fit {expected} (it takes {takes}; "
                          f"given {given})")
