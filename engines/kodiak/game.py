"""Kodiak (game id `kodiak`), spec `shared/rules/kodiak.md` (rules version 1.0).

Rules in brief: 2-6 players; each round one seat is Kodiak (the cat), the others are
mice, and each has three face-down table cards (everyone sees its own slot 0 once).
On a turn the engine draws the top card for the active seat, which must exchange it
into one of its slots; the old card goes face up onto the discard pile (a hairball
goes beside the table instead: +5 at the end) and, if it is an action card, its
action is played (look at an own card; turn a mouse card face up; swap two cards of
two seats, Kodiak choosing his own card when a mouse swaps with him; red king: two
different ones of those; blue king: turn a card of another seat face up). Then the
hunt window: mice escape by throwing cards with the discard's rune (one mouse at a
time; a wrong throw is shown to all and costs a penalty card), Kodiak pounces with a
paw of the same rune (or a hairball, his joker) on a mouse card (-5 per catch; a miss
is shown and costs him a penalty card), and once an escape is finished Kodiak may
counter it with a paw of the window's rune (one catch; the mouse draws back what it
threw). A seat without cards, or an empty deck at a turn's draw, ends the round: table
points (+5 per hairball beside, Kodiak -5 per catch) are added to the totals. Kodiak
passes left; after players x cycles rounds the lowest total wins.

Notes on this implementation (the spec's decisions D1-D27 apply; these are the engine's own):
- Move codes index the ordered list of the state's legal moves (rules_list.py says the
  order): `legal_moves` is always `[0 .. count-1]`, a slice of a prebuilt list.
- `parse_move` finds the move in that list; only when it is not there does `why_not`
  read the rules to say why, so the list is the one source of legality.
- Slots of a seat are numbered for the round (penalty cards get the next number); the
  table is re-dealt at once after a round (the `round_end` event carries the revealed
  table); when the game is over the last table stays and every view shows it.
- In the escaping phase the escapee ends with `done` (no `pass`); at the counter Kodiak
  answers `counter` or `pass`; the window's other seats wait (D17).
- Score mid-round marks `contains_hidden` = 1 in each seat's breakdown (§8.4).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Mapping

from ..core.cards import rigged_order
from ..core.errors import BadMoveText, BadState
from ..core.game import Game, GameInfo, MoveInfo, Scores, SeatScore
from ..core.options import load_specs
from . import rules, validate
from . import offsets as O
from .declarations import (ACTIONS, CARDS, EVENTS, HUNT_PHASES, KINDS, MEMORY, NOTATION, PHASES, REASONS, STEPS,
                           SWAP_USAGE, card_id, position)
from .state import DATA, DECK_SIZE, MAX_SEATS, NONE, QUERY, SHOWN, SLOT_CAP, STATE

VERSION = "1.0"


class KodiakGame(Game):
    """The Kodiak rule set."""

    info = GameInfo(id="kodiak", title="Kodiak", min_seats=2, max_seats=6, version=VERSION,
                    options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    hot_rules = rules  # legal_moves, is_finished, move_count and apply_code (engines/core/game.py)
    state_size, players_at = O.SIZE, O.PLAYERS
    kernel = rules.KERNEL

    # -- setup -------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """A new game (§2): option values are checked by the kit; `deck` rigs round 1 (§2.2, D27)."""
        order = b""
        if deck is not None:
            order = bytes(CARDS.index[c] for c in rigged_order(deck, CARDS.ids, full=whole_deck))
        return rules.new_state(players, int(values["first_kodiak"]), int(values["cycles"]),
                               MEMORY.index(values["memory_aid"]), int(values["blue_king_kodiak"] == "true"),
                               seed, order)

    def setup_events(self, state: bytearray) -> list:
        """The events of the current round's deal (for a new game: what NewGame shows) and the first draw."""
        top = [state[O.SLOTS + s * SLOT_CAP] for s in range(state[O.PLAYERS])]
        deck = DECK_SIZE - state[O.DECK_TOP] + (state[O.HELD] != NONE)
        n = state[O.PLAYERS]
        raw = [(O.EV_DEAL, state[O.ROUND], state[O.KODIAK], s, n, deck, top[s]) for s in range(n)]
        if state[O.HELD] != NONE:
            raw.append((O.EV_DREW, state[O.ACTIVE], state[O.HELD]))
        return self.name_events(raw, state)

    # -- moves -------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return rules.to_act(state)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        if type(move) is not int or not 0 <= move < len(rules.legal_moves(state)):
            self.unlisted(state, move)
        return MoveInfo(*_parts(rules.decode(state, move)))

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in list order (the moves decoded in one compiled pass)."""
        return [MoveInfo(*_parts(packed)) for packed in rules.all_moves(state)]

    def read_move(self, text: str) -> tuple:
        kind, given = NOTATION.read(text)
        return _move_of(kind, given, text)

    def find_move(self, state: bytearray, seat: int, parsed: tuple, text: str) -> int:
        kind = parsed[0]
        wanted = canonical((kind, seat, *parsed[1:]))
        code = rules.index_of(state, *wanted)
        if code >= 0:
            return code
        code, detail = why_not(state, seat, parsed, lambda card: CARDS.action[card])
        self.refuse(code, text, seat, detail)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        if kind == "swap" and len(args.get("positions") or ()) > 2:
            raise BadMoveText("bad_move_text", f"move swap: its arguments do not fit '{SWAP_USAGE}'")
        return NOTATION.write(kind, args)

    def name_events(self, raw: list, state: bytearray) -> list:
        return [EVENTS.name(entry) for entry in raw]

    # -- hidden information ------------------------------------------------------
    unseen_marks = O.KNOWS  # each place keeps its public marks (who knows the card there)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The cards `seat` has not seen, one group: the deck, others' held card, face-down cards it does
        not know (a spectator knows what the whole table was shown)."""
        places = [O.DECK + i for i in range(state[O.DECK_TOP], DECK_SIZE)]
        if state[O.HELD] != NONE and state[O.ACTIVE] != seat:
            places.append(O.HELD)
        for s in range(state[O.PLAYERS]):
            for k in range(state[O.SLOTS_USED + s]):
                card = state[O.SLOTS + s * SLOT_CAP + k]
                mask = state[O.KNOWS + card] if card != NONE else 0
                known = mask & SHOWN if seat is None else (mask >> seat) & 1
                if card != NONE and not state[O.FACE_UP + card] and not known:
                    places.append(O.SLOTS + s * SLOT_CAP + k)
        yield places

    # -- score and view ----------------------------------------------------------
    def score(self, state: bytearray):
        return score(state)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view(state, seat, rules.to_act(state))

    def validate(self, state: bytearray) -> None:
        if not isinstance(state, bytearray):
            raise BadState("bad_state", f"a kodiak state is a bytearray, got {type(state).__name__}")
        problem = validate.validate(state)
        if problem:
            raise BadState("bad_state", f"not a valid kodiak state: {problem}")


@lru_cache(maxsize=1 << 16)
def _parts(packed: int) -> tuple:
    """(seat, kind, args, text) of a packed move: a cache of pure functions of the move (not game state),
    as LegalMoves describes dozens of moves per call and the same moves recur from state to state."""
    move = rules.unpack(packed)
    typed = args(move)
    return move[1], KINDS[move[0]], typed, NOTATION.write(KINDS[move[0]], typed)


def _move_of(kind: str, given: dict, text: str) -> tuple:
    """(kind, a, b, c, d) of a read move, as rules.decode has them: a swap's `?` side (slot QUERY) last."""
    if kind == "swap":
        sides = given["positions"]
        if len(sides) != 2 or (sides[0][2] and sides[1][2]):
            raise BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: expected '{SWAP_USAGE}' "
                              "(two positions, only Kodiak's side may be '?')")
        sides = sorted(sides, key=lambda side: side[2])
        values = [x for seat, slot, picks in sides for x in (seat, QUERY if picks else slot)]
    else:
        values = ([given["slot"]] if "slot" in given else []) + list(given.get("target", ()))
    return (KINDS.index(kind), *values, *[0] * (4 - len(values)))


# The typed arguments of each kind: a slot, a target position, two swap positions, a paw slot and a target.
_FORMS = ("s", "s", "p", "qq", "s", "p", "s", "", "sp", "s", "")


def canonical(move: tuple) -> tuple:
    """The move with its swap positions in canonical order (lower seat first, `?` last)."""
    kind, seat, a, b, c, d = move
    if kind == O.K_SWAP and b != QUERY and d != QUERY and (c, d) < (a, b):
        return kind, seat, c, d, a, b
    if kind == O.K_SWAP and b == QUERY:
        return kind, seat, c, d, a, b
    return move


def args(move: tuple) -> dict:
    """The typed arguments of a decoded move (MoveInfo.args; the proto's KodiakMove fields)."""
    kind, _, a, b, c, d = move
    form = _FORMS[kind]
    if form == "s":
        return {"slot": a}
    if form == "p":
        return {"target": (a, b)}
    if form == "qq":  # Kodiak's side of a mouse's swap: slot 0 and kodiak_picks (the proto's KodiakPosition)
        return {"positions": ((a, b, False), (c, 0, True) if d == QUERY else (c, d, False))}
    if form == "sp":
        return {"slot": a, "target": (b, c)}
    return {}



# -- what a seat may know (§9) and the score (§8.2, §10) ----------------------------------
# Plain Python over the state layout: not hot (the service calls it once per request). View and event keys are
# the field names of proto/engine/v1/kodiak.proto: the service maps them by name.

BESIDE_POINTS = 5


_POSITIONS = [[position(s, k) for k in range(SLOT_CAP)] for s in range(MAX_SEATS)]
_SEATS_IN = [tuple(x for x in range(MAX_SEATS) if (mask >> x) & 1) for mask in range(1 << MAX_SEATS)]
def round_scores(state) -> list[list[int]]:
    """The score of every finished round, per round, per seat."""
    n = state[O.PLAYERS]
    return [[STATE.read(state, "round_scores", r * MAX_SEATS + s) for s in range(n)]
            for r in range(min(state[O.ROUND], n * state[O.CYCLES]))]


def totals(state) -> list[int]:
    return [STATE.read(state, "totals", s) for s in range(state[O.PLAYERS])]


def is_finished(state) -> bool:
    return PHASES[state[O.PHASE]] == "game_over"


# -- score -----------------------------------------------------------------------------

def score(state) -> Scores:
    """Totals (public) and the round as it would be scored now (hidden mid-round, §8.4)."""
    n, kodiak = state[O.PLAYERS], state[O.KODIAK]
    finished = is_finished(state)
    sums = totals(state)
    last = round_scores(state)[-1] if finished else None
    mask = rules.winners(state)  # the kernel's _outcome reads the same
    winners = tuple(s for s in range(n) if (mask >> s) & 1)
    seats = []
    for s in range(n):
        catches = state[O.CATCHES] if s == kodiak else 0
        now = last[s] if finished else rules.round_score(state, s)
        seats.append(SeatScore(s, now, sums[s], 1 + sum(t < sums[s] for t in sums), {
            "table_points": rules.table_points(state, s), "beside": BESIDE_POINTS * state[O.BESIDE_COUNT + s],
            "catches": -5 * catches, "contains_hidden": int(not finished)}))
    return Scores(tuple(seats), finished, winners, "shared" if len(winners) > 1 else "")


# -- view ------------------------------------------------------------------------------

def view(state, seat, to_act: list[int]) -> dict:
    """What `seat` may know (None: a spectator), §9.

    Keys: game, seat, players, round (1-based), rounds, kodiak, active_seat (None once over),
    phase, to_act, move_count, memory_aid, blue_king_kodiak, deck_count, discard (ids, bottom
    first), held (None or {seat, card: id or None when hidden}), action (None or {card, action,
    steps_left, steps_done}), pending_pick (position of a mouse's `swap t.k K.?`, or None),
    window (None or {rune, phase, escapee, thrown, passed}), catches, seats (per seat: seat,
    role, card_count, beside (ids), total, round_scores, slots: [{slot, position, card: id or
    None, face_up, known_by}]), finished; once over: scores (per seat: round_score, total, rank)
    and winners.
    """
    n = state[O.PLAYERS]
    finished = is_finished(state)
    memory = MEMORY[state[O.MEMORY_AID]]
    phase = PHASES[state[O.PHASE]]
    active, kodiak = state[O.ACTIVE], state[O.KODIAK]
    held = state[O.HELD]
    history = round_scores(state)
    seats = [_seat_view(state, s, seat, memory, finished, [row[s] for row in history]) for s in range(n)]
    out = {
        "game": "kodiak", "seat": seat, "players": n,
        "round": min(state[O.ROUND], n * state[O.CYCLES] - 1) + 1,
        "rounds": n * state[O.CYCLES], "kodiak": kodiak, "active_seat": None if finished else active,
        "phase": phase, "to_act": to_act, "move_count": STATE.read(state, "moves"), "memory_aid": memory,
        "blue_king_kodiak": bool(state[O.BLUE_KING_KODIAK]),
        "deck_count": DECK_SIZE - state[O.DECK_TOP],
        "discard": [card_id(c) for c in STATE.cells(state, "pile", state[O.PILE_COUNT])],
        "held": None if held == NONE else {"seat": active, "card": card_id(held) if seat == active else None},
        "action": _action_view(state), "pending_pick": None, "window": _window_view(state),
        "catches": state[O.CATCHES], "seats": seats, "finished": finished,
    }
    if phase == "kodiak_pick":
        out["pending_pick"] = position(state[O.PICK_SEAT], state[O.PICK_SLOT])
    if finished:
        result = score(state)
        out["scores"] = [{"seat": x.seat, "round_score": x.round, "total": x.total, "rank": x.rank}
                         for x in result.seats]
        out["winners"] = list(result.winners)
    return out


def _seat_view(state, s: int, viewer, memory: str, finished: bool, history: list[int]) -> dict:
    base = O.SLOTS + s * SLOT_CAP
    slots = []
    for k, card in enumerate(state[base:base + state[O.SLOTS_USED + s]]):
        if card == NONE:
            continue
        mask, up = state[O.KNOWS + card], state[O.FACE_UP + card] == 1
        # A spectator knows only what the whole table was shown (§9), not a card every seat looked at alone.
        known = mask & SHOWN if viewer is None else (mask >> viewer) & 1
        shown = finished or up or (memory != "off" and known)
        slots.append({"slot": k, "position": _POSITIONS[s][k], "card": CARDS.ids[card] if shown else None,
                      "face_up": up, "known_by": list(_SEATS_IN[mask & ~SHOWN])})
    at = O.BESIDE + 4 * s
    beside = [CARDS.ids[c] for c in state[at:at + state[O.BESIDE_COUNT + s]]]
    return {"seat": s, "role": "kodiak" if s == state[O.KODIAK] else "mouse",
            "card_count": state[O.CARD_COUNT + s], "beside": beside, "total": STATE.read(state, "totals", s),
            "round_scores": history, "slots": slots}


def _action_view(state) -> dict | None:
    card = state[O.ACTION_CARD]
    if card == NONE:
        return None
    done = state[O.STEPS_DONE]
    return {"card": card_id(card), "action": ACTIONS[CARDS.action[card]], "steps_left": state[O.STEPS_LEFT],
            "steps_done": [name for i, name in enumerate(STEPS) if (done >> i) & 1]}


def _window_view(state) -> dict | None:
    if PHASES[state[O.PHASE]] != "hunt":
        return None
    rune, escapee, passed = state[O.RUNE], state[O.ESCAPEE], state[O.PASSED]
    return {"rune": None if rune == NONE else CARDS.runes[rune], "phase": HUNT_PHASES[state[O.HUNT]],
            "escapee": None if escapee == NONE else escapee, "thrown": state[O.THROWN],
            "passed": [s for s in range(state[O.PLAYERS]) if (passed >> s) & 1]}


# -- why a move is refused (legality itself is the list's, rules.py) ------------------------

def _card(state, seat: int, slot: int) -> int:
    if not 0 <= seat < state[O.PLAYERS] or not 0 <= slot < SLOT_CAP:
        return NONE
    return state[O.SLOTS + seat * SLOT_CAP + slot]


def why_not(state, seat: int, move: tuple, action_of) -> tuple[str, str | None]:
    """(reason code, detail or None) for a move by `seat` that is not in the legal list."""
    kind, a, b, c, d = move
    name = KINDS[kind]
    kodiak, phase = state[O.KODIAK], PHASES[state[O.PHASE]]
    if name == "throw" and seat == kodiak:
        return "kodiak_cannot_throw", None
    if name == "pounce" and seat != kodiak:
        return "only_kodiak_pounces", None
    if name == "counter" and seat != kodiak:
        return "only_kodiak_counters", None
    if phase == "hunt":
        return _why_not_hunt(state, seat, name, move)
    if name in ("throw", "done", "pounce", "counter", "pass"):
        return "not_in_hunt", f"no hunt window is open (phase {phase})"
    actor = kodiak if phase == "kodiak_pick" else state[O.ACTIVE]
    if seat != actor:
        return "not_your_turn", f"not your turn (seat {actor} is to act)"
    if phase == "exchange":
        return ("must_exchange", None) if name != "exchange" else ("no_such_position", None)
    if phase == "kodiak_pick":
        return ("kodiak_must_pick", None) if name != "pick" else ("no_such_position", None)
    return _why_not_action(state, seat, name, move, action_of)


def _why_not_hunt(state, seat: int, name: str, move: tuple) -> tuple[str, str | None]:
    kodiak, hunt = state[O.KODIAK], HUNT_PHASES[state[O.HUNT]]
    escapee = state[O.ESCAPEE]
    _, a, b, c, _ = move
    if name not in ("throw", "done", "pounce", "counter", "pass"):
        return "not_in_hunt", "the hunt window is open: throw, done, pounce, counter or pass"
    if hunt == "escaping":
        if seat != escapee:
            if name == "pounce":
                return "wait_for_escape", None
            return "mouse_escaping", f"mouse {escapee} is escaping"
        return "finish_escape", None if name not in ("throw",) else "no card in that slot"
    if hunt == "counter":
        return ("kodiak_decides_counter", None) if seat != kodiak or name not in ("counter", "pass") else \
            ("no_such_position", None)
    if name == "counter":
        return "no_escape_to_counter", None
    if name == "done":
        return "no_escape", None
    if name == "throw" and state[O.RUNE] == NONE:
        return "no_discard", None
    if (state[O.PASSED] >> seat) & 1:
        return "passed_already", None
    if name == "pounce" and (b == kodiak or _card(state, b, c) == NONE):
        return ("not_a_mouse_card", None) if b == kodiak else ("no_such_position", None)
    return "no_such_position", None


def _why_not_action(state, seat: int, name: str, move: tuple, action_of) -> tuple[str, str | None]:
    kodiak, card = state[O.KODIAK], state[O.ACTION_CARD]
    action = ACTIONS[action_of(card)]
    _, a, b, c, d = move
    steps = {"lookown": "lookown", "look": "look", "swap": "swap", "reveal": "reveal"}
    allowed = {"look_own": ("lookown",), "look_other": ("look",), "swap": ("swap",),
               "two_actions": ("lookown", "look", "swap"), "reveal": ("reveal",)}[action]
    # Refusals name the moves a player types, never the state's action names (two_actions).
    words = " or ".join(allowed) + (" (two steps)" if action == "two_actions" else "")
    if name not in steps:
        return "finish_action", f"finish the pending action first ({words})"
    if name not in allowed:
        return "not_an_action_step", f"the pending action allows {words}, not {name}"
    done = state[O.STEPS_DONE]
    if action == "two_actions" and (done >> STEPS.index(name)) & 1:
        return "red_king_different", None
    if name == "look":
        if a == kodiak:
            return "kodiak_cards_not_lookable", None
        if a == seat:
            return "choose_another_mouse", None
    if name == "reveal":
        if a == seat:
            return "choose_another_seat", None
        if a == kodiak and not state[O.BLUE_KING_KODIAK]:
            return "blue_king_not_kodiak", None
    if name in ("look", "reveal"):
        target = _card(state, a, b)
        if target != NONE and state[O.FACE_UP + target]:
            return "already_face_up", None
    if name == "swap":
        if a == c:
            return "same_seat", None
        if seat != kodiak and kodiak in (a, c) and QUERY not in (b, d):
            return "mice_never_choose_kodiak_card", None
        if seat == kodiak and QUERY in (b, d):
            return "kodiak_names_his_card", None
    return "no_such_position", None


KODIAK = KodiakGame()
