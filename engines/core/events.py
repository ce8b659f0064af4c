"""Events declared once: the rules append raw tuples (the kind's number, then its fields' raw values), and the
core names them as Events by each kind's declaration, keeping private fields for the seats the declaration
names. A game never writes an event namer or a redaction rule of its own.

    EVENTS = EventForms(
        EventForm("exchanged", (Shown("seat"), Shown("card", CARD), Shown("space", plus=1))),
        EventForm("black_hat", (Shown("seat"), Shown("card", CARD, private=True)), to=("seat",)),
    )
    EVENTS.name((1, 2, 17))  # Event("black_hat", {"seat": 2}, {"card": "O6"}, (2,))

The raw tuple holds the fields in the order declared, public and private alike.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .game import Event
from .names import Names


@dataclass(frozen=True)
class Shown:
    """One field of an event: its name, how a raw value is shown (`show`, then `plus` added), and whether only
    the event's seats see it. `none`: the raw value meaning "nobody" (shown as None)."""

    name: str
    show: Callable[[int], object] | None = None
    plus: int = 0
    private: bool = False
    none: int | None = None

    def value(self, raw: int) -> object:
        if self.none is not None and raw == self.none:
            return None
        if self.show is not None:
            return self.show(raw)
        return raw + self.plus


@dataclass(frozen=True)
class EventForm:
    """An event kind: its fields in the raw tuple's order, and `to`: the fields naming the seats that see the
    private ones. `variant`: one of several forms of the same kind (a card drawn from the deck is private, from
    the discard pile public), numbered EV_<KIND>_<VARIANT>."""

    kind: str
    fields: tuple[Shown, ...] = ()
    to: tuple[str, ...] = ()
    variant: str = ""

    def __post_init__(self):
        names = [f.name for f in self.fields]
        if any(seat not in names for seat in self.to):
            raise ValueError(f"event {self.kind}: `to` names a field it does not have ({self.to})")
        if any(f.private for f in self.fields) and not self.to:
            raise ValueError(f"event {self.kind}: private fields need the seats that see them (`to`)")


class EventForms:
    """A game's events by the numbers its rules give them (their order here): `kinds` gives the generated offsets
    their constants (EV_<KIND>, EV_<KIND>_<VARIANT>)."""

    def __init__(self, *forms: EventForm):
        self.forms = forms
        self.kinds = Names(*(f"{f.kind}_{f.variant}" if f.variant else f.kind for f in forms), prefix="EV_")

    def name(self, raw: tuple) -> Event:
        """The Event of a raw event tuple."""
        form = self.forms[raw[0]]
        if len(raw) != 1 + len(form.fields):
            raise ValueError(f"event {form.kind}: {len(raw) - 1} raw values for {len(form.fields)} fields")
        public: dict = {}
        private: dict = {}
        seats: dict = {}
        for field, value in zip(form.fields, raw[1:]):
            (private if field.private else public)[field.name] = field.value(value)
            seats[field.name] = value
        return Event(form.kind, public, private, tuple(seats[s] for s in form.to) if private else ())
