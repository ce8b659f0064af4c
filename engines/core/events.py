"""Events declared once: the rules append raw tuples (the kind's number, then its fields' raw values), and the
core names them as Events by each kind's declaration, keeping private fields for the seats the declaration
names. A game never writes an event namer or a redaction rule of its own.

    EVENTS = EventForms(
        EventForm("exchanged", (Shown("seat"), Shown("card", CARD), Shown("space", plus=1))),
        EventForm("black_hat", (Shown("seat"), Shown("card", CARD, private=True)), to=("seat",)),
    )
    EVENTS.name((1, 2, 17))  # Event("black_hat", {"seat": 2}, {"card": "O6"}, (2,))

The raw tuple holds the fields in the order declared, public and private alike. Naming may also be given a
`context` (what a field's words depend on beyond its raw value, such as a variant read from the state) and an
`open_seat` (a seat with no secrets), both described at `EventForms.name`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .game import Event
from .names import Names


@dataclass(frozen=True)
class Shown:
    """One field of an event: its name, how a raw value is shown (`show`, then `plus` added), and whether only
    the event's seats see it. `none`: the raw value meaning "nobody" (shown as None). A raw value may be a list
    or tuple (a hand, a trick's cards): `show` then gets the whole of it. `context`: `show` also takes the
    context naming was given, `show(raw, context)` (pawn names that depend on the state's variant)."""

    name: str
    show: Callable[..., object] | None = None
    plus: int = 0
    private: bool = False
    none: int | None = None
    context: bool = False

    def value(self, raw, context=None) -> object:
        if self.none is not None and raw == self.none:
            return None
        if self.show is not None:
            return self.show(raw, context) if self.context else self.show(raw)
        return raw + self.plus


@dataclass(frozen=True)
class EventForm:
    """An event kind: its fields in the raw tuple's order, and `to`: the seats that see the private ones, each a
    field naming a seat or a seat number itself (solo's one player). `variant`: one of several forms of the same
    kind (a card drawn from the deck is private, from the discard pile public), numbered EV_<KIND>_<VARIANT>."""

    kind: str
    fields: tuple[Shown, ...] = ()
    to: tuple[str | int, ...] = ()
    variant: str = ""

    def __post_init__(self):
        names = [f.name for f in self.fields]
        if any(isinstance(seat, str) and seat not in names for seat in self.to):
            raise ValueError(f"event {self.kind}: `to` names a field it does not have ({self.to})")
        if any(f.private for f in self.fields) and not self.to:
            raise ValueError(f"event {self.kind}: private fields need the seats that see them (`to`)")
        # where each seat of `to` is in the raw tuple (after the kind), or the seat itself as ~seat
        object.__setattr__(self, "_to_at", tuple(1 + names.index(s) if isinstance(s, str) else ~s for s in self.to))


class EventForms:
    """A game's events by the numbers its rules give them (their order here): `kinds` gives the generated offsets
    their constants (EV_<KIND>, EV_<KIND>_<VARIANT>)."""

    def __init__(self, *forms: EventForm):
        self.forms = forms
        self.kinds = Names(*(f"{f.kind}_{f.variant}" if f.variant else f.kind for f in forms), prefix="EV_")

    def name(self, raw: tuple, context=None, open_seat: int | None = None) -> Event:
        """The Event of a raw event tuple. `context` goes to each field declared `context=True`. `open_seat`: a
        seat with no secrets (White Hat's robot, §7.6): an event private to that seat alone is public whole."""
        form = self.forms[raw[0]]
        if len(raw) != 1 + len(form.fields):
            raise ValueError(f"event {form.kind}: {len(raw) - 1} raw values for {len(form.fields)} fields")
        public: dict = {}
        private: dict = {}
        for field, value in zip(form.fields, raw[1:]):
            (private if field.private else public)[field.name] = field.value(value, context)
        if not private:
            return Event(form.kind, public, private, ())
        to = tuple(raw[at] if at > 0 else ~at for at in form._to_at)
        if open_seat is not None and to == (open_seat,):
            public.update(private)
            return Event(form.kind, public)
        return Event(form.kind, public, private, to)
