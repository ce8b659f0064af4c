"""White Hat's declarations (spec shared/rules/white_hat.md): its cards, phases, move kinds, space types,
refusal reasons, move notation and events, and its boards and tiles (data/, loaded and checked here), in one place.
`python -m engines.core.offsets white_hat` gives the compiled rules each number here as a C constant
(offsets.pxd) and Python the same (offsets.py)."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..core.data import DataError, Entry, entries, load
from ..core.events import EventForm, EventForms, Shown
from ..core.names import Names
from ..core.notation import Arg, Card, Form, Many, Notation, Number, Word

DATA = Path(__file__).resolve().parent / "data"

NONE = 255   # no seat, no space, no face
JAIL = 254   # a pawn's cell: in jail (solo: a removed hat)
JOKER = 14   # cards are 1..13 (ranks), 14 and 15
HAT = 15

PHASES = Names("trick", "collect", "move", "special", "place", "finished", "tracer", "lead")  # §8.1

# §8.2: a move code has its kind in the low 4 bits, the arguments above; listed in this order.
KINDS = Names("play", "pass", "collect_all", "collect_hat", "move", "dos", "exploit", "randomize", "place",
              "backflip", "skip", "tracer", prefix="K_")
KIND_WORDS = tuple(kind.split("_")[0] for kind in KINDS)  # the word each kind's text starts with
# The most codes one listing holds (a true bound: the kernel's buffer and legal_moves' C array; rules.py).
MAX_MOVES = 4677

# The boards (§5.1-5.4): their formats, bounds and space types; the files are loaded at the end.
BOARD_FORMAT = "whitehat-board/1"
TILES_FORMAT = "whitehat-tiles/1"
MAX_SPACES = 64          # space ids 0..63
MAX_OUT = 6              # outgoing arrows per space
POSITIONS = ("TL", "TR", "BR", "BL")
SLOT_IDS = "ABCDE"
# Space types (§5.3) in the order of their codes in the state.
TYPES = ("internet_cafe", "public_server", "router", "database_server", "cell_phone", "dark_grey",
         "critical_asset", "denial_of_service", "honeypot", "fbi_server", "exploit", "randomizer", "backflip")
TYPE_CODE = {name: i for i, name in enumerate(TYPES)}
BOARD_FILES = {"white_hat": {"standard": "whitehat-standard.json", "expert": "whitehat-expert.json"},
               "black_hat": {"standard": "blackhat-standard.json"}}

SPACE_TYPES = Names(*TYPES, prefix="T_")  # §5.3, the codes of space_type in the state

# Solo (§7.7): the row's cards, a hand's limit, and solo_colour after a player win (any hat may move).
ROW_SIZE = 5
SOLO_HAND_MAX = 10
ANY_COLOUR = 4

# The rules' refusal numbers (0: applied), in the order the checks run; game.py says what each means.
REASON_CODES = Names(
    "ok", "game_over", "not_legal", "not_trick_phase", "not_collect_phase", "not_move_phase",
    "not_special_phase", "must_place", "not_place_phase", "wrong_special", "card_not_in_hand",
    "play_at_least_one", "mixed_ranks", "follow_count", "hat_needs_count", "pass_not_allowed",
    "collect_count", "card_not_in_trick", "no_such_pawn", "pawn_in_jail", "pawn_blocked",
    "not_your_pawn", "no_such_destination", "dos_entering_pawn", "dos_target_on_start", "dos_not_start",
    "dos_sibling", "no_such_space", "exploit_same_space", "marker_needed", "marker_not_needed",
    "face_not_drawn", "no_such_slot", "backflip_bad_target", "joker_chosen", "hat_chosen",
    "not_tracer_phase", "tracer_cannot_move", "not_lead_phase", "name_hat_value", "no_hat_value",
    "hat_removed", "wrong_colour", prefix="R_")

# §8.2: the move texts. Cards print in canonical order (1 < ... < 13 < J < H); the reader takes any order.
CARD_NAMES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "H")  # by card 0..15
FACE_NAMES = tuple(f"{t}{s}" for t in range(1, 7) for s in "ab")
HATS = ("Ka", "Kb", "Wa", "Wb", "Oa", "Ob", "Ba", "Bb")  # solo (§2.2): black, white, orange, blue


@dataclass(frozen=True)
class Pawn(Arg):
    """A pawn id: its seat's digit and a or b (`3b`), or in solo a hat (`Ka`); which exist is the rules' word."""

    name: str
    what = "a pawn id such as 0a or 3b (solo: a hat such as Ka or Bb)"

    def read(self, word: str) -> object:
        if word not in HATS and not (len(word) == 2 and word[0] in "0123456789" and word[1] in "ab"):
            raise ValueError(word)
        return word


@dataclass(frozen=True)
class Choice(Card):
    """One of a few fixed words, kept as the word."""

    @property
    def what(self) -> str:
        return self.hint


@dataclass(frozen=True)
class Among(Number):
    """A number that is one of a few (`values`); written signed when `signed`."""

    values: tuple = ()
    hint: str = ""

    @property
    def what(self) -> str:
        return self.hint

    def read(self, word: str) -> object:
        value = super().read(word)
        if value not in self.values or len(word) > 3:
            raise ValueError(word)
        return value

    def given(self, value: object) -> bool:
        return super().given(value) and value in self.values


_CARDS = Many(Card("cards", CARD_NAMES[1:], "1-13, J, H"), least=0)
_SPACE = Number("space")
_SIGN = Among("sign", signed=True, values=(1, -1), hint="+1 or -1")
NOTATION = Notation(
    # Solo: a lead of wildcards with the hat names the hat's value.
    Form("play", (_CARDS, Word("as"), Among("value", values=tuple(range(1, 15)), hint="1-14"))),
    Form("play", (_CARDS,)),
    Form("pass"),
    Form("collect", (Choice("choice", ("all", "hat"), "all or hat"), _CARDS)),
    *(Form(kind, (Pawn("pawn"), _SPACE)) for kind in ("move", "dos")),
    Form("exploit", (_SPACE, _SIGN, Choice("marker", ("x1", "x2"), "x1 or x2"))),
    Form("exploit", (_SPACE, _SIGN)),
    Form("randomize"),
    Form("place", (Card("face", FACE_NAMES, "1a..6b"), Card("slot", tuple(SLOT_IDS), "A..E"))),
    Form("backflip", (Pawn("pawn"), _SPACE)),
    Form("skip"),
    Form("tracer", (_SPACE,)),
)


def cards_text(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


def pawn_name(pawn: int, solo: int = 0) -> str:
    return HATS[pawn] if solo else f"{pawn // 2}{'ab'[pawn % 2]}"


def play_text(play: tuple[int, int, int, int]) -> list[str]:
    """A play's cards from (rank, rank cards, jokers, hat)."""
    rank, n, j, h = play
    return [CARD_NAMES[rank]] * n + ["J"] * j + ["H"] * h


_NAMED = tuple(enumerate(CARD_NAMES))[1:]


def hand_text(counts) -> list[str]:
    """A hand's card names from its per-card counts (index 1-15); on every play's event, so kept cheap."""
    out: list[str] = []
    for card, name in _NAMED:
        if counts[card]:
            out += [name] * counts[card]
    return out


def _scored(rows: list[tuple]) -> list[dict]:
    return [{"seat": s, "hand": hand_text(h), "card_points": c, "pawn_points": p, "raw": c + p, "round": r,
             "total": t} for s, (h, c, p, r, t) in enumerate(rows)]


# §9.3: what each event says, and to whom. A seat's hand after it changes, a drawn card and a dealt hand are
# the seat's own; the robot has no secrets (§7.6): naming opens its part (WhiteHatGame.name_events). Pawn names
# depend on solo, the context naming is given. The rules append raw tuples: the kind's number (EV_...), then
# the fields.
_SEAT = Shown("seat")
_HAND = Shown("hand", hand_text, private=True)
_PAWN = Shown("pawn", pawn_name, context=True)
_MOVED = (_PAWN, Shown("from"), Shown("to"))
_TRIGGER = (_PAWN, Shown("space"), Shown("type", TYPES.__getitem__))
_COLOUR = Shown("colour", lambda colour: "KWOB"[colour] if colour < 4 else "")
_ROUND_START = (Shown("round"), Shown("dealer"), Shown("count_out", CARD_NAMES.__getitem__), Shown("hat_holder"),
                Shown("hand_counts", list), Shown("leader"), Shown("order", list))
EVENTS = EventForms(
    EventForm("played", (_SEAT, Shown("cards", play_text), _HAND), to=("seat",)),
    EventForm("passed", (_SEAT,)),
    EventForm("trick_won", (_SEAT, Shown("hat_trick", bool), Shown("cards", play_text))),
    EventForm("discarded", (Shown("cards", cards_text),)),
    EventForm("collected", (_SEAT, Shown("taken", cards_text), Shown("discarded", cards_text), _HAND),
              to=("seat",)),
    EventForm("drew", (_SEAT, Shown("card", CARD_NAMES.__getitem__, private=True), Shown("deck_count"), _HAND),
              to=("seat",)),
    EventForm("draw_skipped", (_SEAT,)),
    EventForm("reshuffled", (Shown("deck_count"),)),
    EventForm("pawn_moved", _MOVED + (_SEAT, Shown("blocked", bool))),
    EventForm("special_triggered", _TRIGGER + (_SEAT,)),
    EventForm("special_skipped", _TRIGGER + (_SEAT,)),
    EventForm("trigger_dropped", _TRIGGER),
    EventForm("dos", _MOVED),
    EventForm("backflip", _MOVED),
    EventForm("exploit", (Shown("marker", "x{}".format), Shown("space"), Shown("sign"),
                          Shown("previous", none=NONE))),
    EventForm("honeypot_flag"),
    EventForm("tile_drawn", (Shown("tile"),)),
    EventForm("tile_placed", (Shown("face", FACE_NAMES.__getitem__), Shown("slot", SLOT_IDS.__getitem__),
                              Shown("returned", none=NONE),
                              Shown("pawns", lambda pawns, solo: [pawn_name(p, solo) for p in pawns], context=True))),
    EventForm("tracer_moved", (Shown("index"), Shown("space", none=NONE))),
    EventForm("tracer_stuck", (Shown("space"),)),
    EventForm("captured", (_PAWN, Shown("space"))),
    EventForm("round_start", _ROUND_START),
    EventForm("round_start", _ROUND_START + (Shown("controller"),), variant="robot"),
    EventForm("dealt", (_SEAT, _HAND), to=("seat",)),
    EventForm("status_card", (_SEAT, Shown("status", private=True)), to=("seat",)),  # celebrity (§7.5), setup
    EventForm("round_scored", (Shown("round"), Shown("seats", _scored))),
    EventForm("game_end"),  # its fields come from the final score (WhiteHatGame._game_end)
    # solo (§7.7): the one player is seat 0
    EventForm("row_played", (Shown("lead", play_text), Shown("value"), Shown("row", play_text),
                             Shown("step", "ABC".__getitem__),
                             Shown("winner", lambda row_wins: "row" if row_wins else "player"), _COLOUR)),
    EventForm("move_skipped", (_COLOUR,)),
    EventForm("row_refilled", (Shown("cards", cards_text),)),
    EventForm("joker_to_hand"),
    EventForm("markers_moved", (Shown("index"), Shown("m1", none=NONE), Shown("m2", none=NONE))),
    EventForm("hat_removed", (Shown("pawn", HATS.__getitem__), Shown("space"))),
    EventForm("colours_scored", (Shown("round"), Shown("scores", list), Shown("totals", list))),
    EventForm("solo_round", (Shown("round"), _HAND), to=(0,)),
)


# -- the boards and tiles (spec §5.1-5.4): data files, loaded through engines.core.data and checked ------
#
# A board file (`format: whitehat-board/1`) is checked once, at load, with every
# problem a DataError naming the file and the space (or slot, or arrow). The
# compiled rules never see the JSON: `arrays` turns a board plus the tile faces on
# its slots into the fixed byte arrays of the state (types, values, arrows).
#
# Notes on this implementation:
# - Space ids must be 0..63 (the state indexes spaces by id); the Tracer Jail may use
#   any id, it is not a board space.
# - §5.4 checks 6-7 ("for every combination of tile faces"): a tile's arrows go only
#   from TL/BL to TR/BR and arrows from outside only enter TL/BL and leave TR/BR, so
#   each slot is checked locally (every host keeps an exit under the bare board and
#   under every face) and the cycle check runs once on the union of all arrows any
#   configuration can have. With no cycles and an exit from every space but the
#   Critical Asset, every path ends on the Critical Asset, so it is reachable from both
#   starts in every configuration. The union check is conservative: it could refuse a
#   board whose only cycle needs two faces of one slot at once (no shipped board).


@dataclass(frozen=True)
class Space:
    id: int
    name: str
    type: str
    value: int
    x: int
    y: int
    depth: int
    slot: str | None
    pos: str | None


@dataclass(frozen=True)
class Slot:
    id: str
    origin: tuple[int, int]
    hosts: tuple[int, int, int, int]  # space ids at TL, TR, BR, BL


@dataclass(frozen=True)
class Face:
    id: str                # "1a"
    tile: int              # 1..6
    name: str
    names: tuple[str, ...]   # per position TL, TR, BR, BL
    types: tuple[str, ...]
    values: tuple[int, ...]
    arrows: tuple[tuple[int, int], ...]  # position indexes


@dataclass(frozen=True, eq=False)  # hashed by identity: boards are loaded once and cached
class Board:
    name: str              # file name (or "inline")
    id: str
    game: str
    side: str
    title: str
    width: int
    height: int
    internet_cafe: int
    public_server: int
    critical_asset: int
    jail_id: int
    jail_value: int
    steps_to_board: int
    slots: tuple[Slot, ...]
    spaces: Mapping[int, Space]      # board spaces (not the jail), by id
    arrows: tuple[tuple[int, int], ...]
    digest: str            # sha256 of the file's bytes

    def slot_of(self, space: int) -> int:
        """Index of the slot holding `space`, or -1."""
        for i, slot in enumerate(self.slots):
            if space in slot.hosts:
                return i
        return -1


def load_tiles(path: Path = DATA / "tiles.json") -> tuple[Face, ...]:
    """The 12 tile faces (1a..6b), in id order, validated."""
    data = load(path)
    if data.get("format") != TILES_FORMAT:
        raise DataError(path, "format", f"must be {TILES_FORMAT!r}")
    allowed = set(Entry(path, "template", data.get("template")).get("allowed_types", list))
    faces = []
    for tile in entries(path, data, "tiles", "tile"):
        number = tile.get("id", int, lo=1, hi=6)
        for k, raw in enumerate(tile.get("faces", list)):
            face = Entry(path, f"tile {number} face {k}", raw)
            fid = face.get("id", str, choices=(f"{number}a", f"{number}b"))
            spaces = Entry(path, f"face {fid} spaces", face.get("spaces", dict))
            rows = [Entry(path, f"face {fid} {p}", spaces.get(p, dict)) for p in POSITIONS]
            types = tuple(r.get("type", str, choices=sorted(allowed)) for r in rows)
            arrows = []
            for a in face.get("arrows", list):
                if not (isinstance(a, list) and len(a) == 2 and a[0] in ("TL", "BL") and a[1] in ("TR", "BR")):
                    raise face.fail(f"arrow {a!r} must go from TL/BL to TR/BR")
                arrows.append((POSITIONS.index(a[0]), POSITIONS.index(a[1])))
            for p in (0, 3):
                if not any(a[0] == p for a in arrows):
                    raise face.fail(f"{POSITIONS[p]} has no outgoing arrow")
            faces.append(Face(fid, number, face.get("name", str), tuple(r.get("name", str) for r in rows), types,
                              tuple(r.get("value", int, lo=-9, hi=9) for r in rows), tuple(arrows)))
    faces.sort(key=lambda f: f.id)
    if [f.id for f in faces] != [f"{t}{s}" for t in range(1, 7) for s in "ab"]:
        raise DataError(path, "tiles", "must hold tiles 1-6 with faces a and b")
    return tuple(faces)


def load_board(source: Path | str, game: str, faces: tuple[Face, ...]) -> Board:
    """A board file (a path, or the JSON text itself) checked by §5.4 for `game`."""
    if isinstance(source, str) and source.lstrip().startswith("{"):
        path, raw = Path("inline board"), source.encode()
        try:
            data = json.loads(source)
        except json.JSONDecodeError as exc:
            raise DataError(path, "", f"is not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise DataError(path, "", "the top level must be an object")
    else:
        path = Path(source)
        data = load(path)
        raw = path.read_bytes()
    return check_board(path, data, game, faces, hashlib.sha256(raw).hexdigest())


def check_board(path: Path, data: dict, game: str, faces, digest: str) -> Board:
    """A board from its parsed file (`path` names it in errors), checked by §5.4 for `game`."""
    top = Entry(path, "", data)
    top.unknown(("format", "id", "game", "side", "title", "notes", "grid", "solo_allowed", "internet_cafe",
                 "public_server", "critical_asset", "tracer_jail", "tracer_track", "slots", "spaces", "arrows"))
    if top.get("format", str) != BOARD_FORMAT:
        raise top.fail(f"format must be {BOARD_FORMAT!r}")
    if top.get("game", str) != game:
        raise top.fail(f"board is for game {data['game']!r}, not {game!r}")
    grid = Entry(path, "grid", top.get("grid", dict))
    width, height = grid.get("width", int, lo=1, hi=64), grid.get("height", int, lo=1, hi=64)
    specials = {k: top.get(k, int) for k in ("internet_cafe", "public_server", "critical_asset", "tracer_jail")}
    spaces, jail_value = _spaces(path, data, specials, width, height, game)
    for key, kind in (("internet_cafe", "internet_cafe"), ("public_server", "public_server"),
                      ("critical_asset", "critical_asset")):
        sid = specials[key]
        if sid not in spaces or spaces[sid].type != kind:
            raise top.fail(f"{key} {sid} is not a space of type {kind}")
    has_dos = any(s.type == "denial_of_service" for s in spaces.values())
    if top.get("solo_allowed", bool) == has_dos:
        raise top.fail("solo_allowed must be true exactly when there is no denial_of_service space")
    arrows = _arrows(path, data, spaces, specials)
    slots = _slots(path, data, spaces, arrows, faces)
    track = Entry(path, "tracer_track", top.get("tracer_track", dict))
    steps = track.get("steps_to_board", int, lo=1, hi=9)
    if len(track.get("positions", list)) != steps + 1 or track.get("entry_space", int) != specials["public_server"]:
        raise track.fail("needs steps_to_board + 1 positions and entry_space = the public_server")
    _check_graph(path, spaces, arrows, slots, faces, specials)
    return Board(path.name, top.get("id", str), game, top.get("side", str), top.get("title", str), width, height,
                 specials["internet_cafe"], specials["public_server"], specials["critical_asset"],
                 specials["tracer_jail"], jail_value, steps, slots, spaces, arrows, digest)


def _spaces(path, data, specials, width, height, game) -> tuple[dict[int, Space], int]:
    spaces: dict[int, Space] = {}
    cells: dict[tuple[int, int], int] = {}
    jail_value = None
    for e in entries(path, data, "spaces", "space"):
        e.unknown(("id", "name", "type", "value", "x", "y", "depth", "slot", "pos"))
        sid = e.get("id", int)
        kind = e.get("type", str)
        if sid in spaces or sid == jail_value:
            raise e.fail(f"space id {sid} is used twice")
        if sid == specials["tracer_jail"]:
            if kind != "tracer_jail":
                raise e.fail("the tracer_jail space must have type tracer_jail")
            jail_value = e.get("value", int, lo=-9, hi=9)
            continue
        if kind not in TYPE_CODE:
            raise e.fail(f"unknown space type {kind!r}")
        if kind == "backflip" and game == "black_hat":
            raise e.fail("black_hat boards have no Backflip")
        if not 0 <= sid < MAX_SPACES:
            raise e.fail(f"space id {sid} is outside 0..{MAX_SPACES - 1}")
        x, y = e.get("x", int, lo=0, hi=width - 1), e.get("y", int, lo=0, hi=height - 1)
        if (x, y) in cells:
            raise e.fail(f"cell ({x}, {y}) is also space {cells[(x, y)]}")
        cells[(x, y)] = sid
        spaces[sid] = Space(sid, e.get("name", str), kind, e.get("value", int, lo=-9, hi=9), x, y,
                            e.get("depth", int, lo=0, hi=99), e.get("slot", (str, type(None)), default=None),
                            e.get("pos", (str, type(None)), default=None))
    if jail_value is None:
        raise DataError(path, "tracer_jail", f"space {specials['tracer_jail']} is missing")
    return spaces, jail_value


def _arrows(path, data, spaces, specials) -> tuple[tuple[int, int], ...]:
    seen = set()
    items = data.get("arrows")
    if not isinstance(items, list) or not items:
        raise DataError(path, "arrows", "must be a non-empty list")
    for i, a in enumerate(items):
        where = f"arrows[{i}] {a!r}"
        if not (isinstance(a, list) and len(a) == 2 and all(type(v) is int for v in a)):
            raise DataError(path, where, "must be [from, to] space ids")
        src, dst = a
        for end in (src, dst):
            if end not in spaces:
                raise DataError(path, where, f"dangling arrow: space {end} does not exist on the board")
        if src == dst or (src, dst) in seen:
            raise DataError(path, where, "self-loop or duplicate arrow")
        if spaces[dst].type in ("internet_cafe", "public_server"):
            raise DataError(path, where, f"an arrow enters start space {dst}")
        if src == specials["critical_asset"]:
            raise DataError(path, where, f"an arrow leaves the Critical Asset {src}")
        seen.add((src, dst))
    return tuple(tuple(a) for a in items)


def _slots(path, data, spaces, arrows, faces) -> tuple[Slot, ...]:
    slots = []
    allowed = {t for f in faces for t in f.types} | {"router", "database_server", "cell_phone", "honeypot",
                                                       "fbi_server", "exploit", "randomizer", "dark_grey"}
    items = entries(path, data, "slots", "slot")
    if len(items) > 5:
        raise DataError(path, "slots", "at most 5 slots")
    for e in items:
        sid = e.get("id", str, choices=SLOT_IDS)
        if any(s.id == sid for s in slots):
            raise e.fail(f"slot {sid} is declared twice")
        origin = e.get("origin", list)
        positions = Entry(path, f"slot {sid} positions", e.get("positions", dict))
        hosts = tuple(positions.get(p, int) for p in POSITIONS)
        for p, host, (dx, dy) in zip(POSITIONS, hosts, ((0, 0), (1, 0), (1, 1), (0, 1))):
            space = spaces.get(host)
            if space is None or space.slot != sid or space.pos != p or (space.x, space.y) != (origin[0] + dx,
                                                                                              origin[1] + dy):
                raise e.fail(f"position {p}: space {host} is not the slot's {p} host at origin + offset")
            if space.type not in allowed:
                raise e.fail(f"space {host} has type {space.type}, which a tile cannot have")
        for src, dst in arrows:
            if dst in hosts and src not in hosts and hosts.index(dst) not in (0, 3):
                raise e.fail(f"arrow {src}->{dst} enters the slot at {POSITIONS[hosts.index(dst)]}, not TL/BL")
            if src in hosts and dst not in hosts and hosts.index(src) not in (1, 2):
                raise e.fail(f"arrow {src}->{dst} leaves the slot at {POSITIONS[hosts.index(src)]}, not TR/BR")
        slots.append(Slot(sid, (origin[0], origin[1]), hosts))
    return tuple(slots)


def _check_graph(path, spaces, arrows, slots, faces, specials) -> None:
    """§5.4 checks 6-7: no cycle (union of all configurations), an exit everywhere, the goal reachable."""
    ca = specials["critical_asset"]
    union = {s: set() for s in spaces}
    for src, dst in arrows:
        union[src].add(dst)
    for slot in slots:
        for face in faces:
            for a, b in face.arrows:
                union[slot.hosts[a]].add(slot.hosts[b])
    out = {s: {d for a, d in arrows if a == s} for s in spaces}
    for start in (specials["internet_cafe"], specials["public_server"]):
        if ca not in _reach(out, start):
            raise DataError(path, f"space {start}", f"the Critical Asset {ca} is unreachable from it")
    for sid in sorted(spaces):
        if sid != ca and not out[sid]:
            raise DataError(path, f"space {sid}", f"has no outgoing arrow: the Critical Asset {ca} is "
                            "unreachable from it")
    for slot in slots:
        external = {h: {d for d in out[h] if d not in slot.hosts} for h in slot.hosts}
        for face in faces:
            for k, host in enumerate(slot.hosts):
                if not external[host] and not any(a == k for a, _ in face.arrows) and host != ca:
                    raise DataError(path, f"space {host}", f"has no outgoing arrow under tile face {face.id} "
                                    "on slot " + slot.id)
    state = dict.fromkeys(spaces, 0)
    for root in sorted(spaces):
        cycle = _cycle_from(union, root, state)
        if cycle is not None:
            raise DataError(path, f"space {cycle}", "lies on a cycle of arrows (with some tile configuration)")


def _reach(out, start) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in out[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _cycle_from(graph, root, state) -> int | None:
    """Iterative DFS (0 new, 1 on the stack, 2 done): a space on a cycle, or None."""
    if state[root]:
        return None
    stack = [(root, iter(sorted(graph[root])))]
    state[root] = 1
    while stack:
        node, children = stack[-1]
        for child in children:
            if state[child] == 1:
                return child
            if state[child] == 0:
                state[child] = 1
                stack.append((child, iter(sorted(graph[child]))))
                break
        else:
            state[node] = 2
            stack.pop()
    return None


def arrays(board: Board, slot_faces: tuple[int, ...], faces: tuple[Face, ...]) -> bytes:
    """The board's state arrays for the faces on its slots (face index 0..11, or 255 = bare).

    Layout: type[64] (255 = no space), value[64] (signed), out_count[64], out[64 * MAX_OUT], then the
    fixed depth[64], x[64], y[64] the tracer moves by (§7.3).
    """
    types = bytearray([255] * MAX_SPACES)
    values = bytearray(MAX_SPACES)
    outs: dict[int, list[int]] = {s: [] for s in board.spaces}
    for sid, space in board.spaces.items():
        types[sid] = TYPE_CODE[space.type]
        values[sid] = space.value & 0xFF
    for src, dst in board.arrows:
        outs[src].append(dst)
    for slot, face_index in zip(board.slots, slot_faces):
        if face_index == 255:
            continue
        face = faces[face_index]
        for k, host in enumerate(slot.hosts):
            types[host] = TYPE_CODE[face.types[k]]
            values[host] = face.values[k] & 0xFF
            outs[host] = [d for d in outs[host] if d not in slot.hosts]
        for a, b in face.arrows:
            outs[slot.hosts[a]].append(slot.hosts[b])
    counts = bytearray(MAX_SPACES)
    table = bytearray(MAX_SPACES * MAX_OUT)
    for sid, dsts in outs.items():
        if len(dsts) > MAX_OUT:
            raise DataError(board.name, f"space {sid}", f"has more than {MAX_OUT} outgoing arrows")
        counts[sid] = len(dsts)
        table[sid * MAX_OUT:sid * MAX_OUT + len(dsts)] = bytes(dsts)
    depth, xs, ys = bytearray(MAX_SPACES), bytearray(MAX_SPACES), bytearray(MAX_SPACES)
    for sid, space in board.spaces.items():
        depth[sid], xs[sid], ys[sid] = min(space.depth, 255), space.x, space.y
    return bytes(types + values + counts + table + depth + xs + ys)
