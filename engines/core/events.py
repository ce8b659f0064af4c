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
        object.__setattr__(self, "_name", _namer(self))


def _namer(form: EventForm) -> Callable:
    """`form`'s naming as one function of straight-line code, written out and compiled once (as dataclasses writes
    an __init__): naming runs on every move's events, and a loop over the fields cost a lookup or a call for each.
    It takes (raw, context, open_seat), as EventForms.name."""
    names = [f.name for f in form.fields]
    scope = {"Event": Event, "kind": form.kind, "refused": _refused(form)}
    parts: dict = {False: [], True: []}
    for i, field in enumerate(form.fields, 1):
        shown = f"raw[{i}] + {field.plus!r}"
        if field.show is not None:
            scope[f"show{i}"] = field.show
            shown = f"show{i}(raw[{i}], context)" if field.context else f"show{i}(raw[{i}])"
        if field.none is not None:
            shown = f"None if raw[{i}] == {field.none!r} else {shown}"
        parts[field.private].append(f"{field.name!r}: {shown}")
    lines = ["def name(raw, context, open_seat):", f"    if len(raw) != {1 + len(names)}:", "        refused(raw)"]
    public = "{" + ", ".join(parts[False]) + "}"
    if not parts[True]:
        lines.append(f"    return Event(kind, {public}, {{}}, ())")
    else:
        seats = "".join(f"raw[{1 + names.index(s)}], " if isinstance(s, str) else f"{s!r}, " for s in form.to)
        lines += [f"    public = {public}", f"    private = {{{', '.join(parts[True])}}}", f"    to = ({seats})",
                  "    if open_seat is not None and to == (open_seat,):",
                  "        public.update(private)",
                  "        return Event(kind, public)",
                  "    return Event(kind, public, private, to)"]
    exec("\n".join(lines), scope)
    return scope["name"]


def _refused(form: EventForm) -> Callable:
    def refused(raw: tuple) -> None:
        raise ValueError(f"event {form.kind}: {len(raw) - 1} raw values for {len(form.fields)} fields")
    return refused


class EventForms:
    """A game's events by the numbers its rules give them (their order here): `kinds` gives the generated offsets
    their constants (EV_<KIND>, EV_<KIND>_<VARIANT>)."""

    def __init__(self, *forms: EventForm):
        self.forms = forms
        self._namers = tuple(form._name for form in forms)
        self.kinds = Names(*(f"{f.kind}_{f.variant}" if f.variant else f.kind for f in forms), prefix="EV_")

    def name(self, raw: tuple, context=None, open_seat: int | None = None) -> Event:
        """The Event of a raw event tuple. `context` goes to each field declared `context=True`. `open_seat`: a
        seat with no secrets (White Hat's robot, §7.6): an event private to that seat alone is public whole."""
        return self._namers[raw[0]](raw, context, open_seat)
