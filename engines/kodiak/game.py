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
- A move code packs the move's kind, seat and arguments (rules.py), the same in every
  state; `legal_moves` lists them in rules_list.py's order. The kernel's `check` says
  whether a code is legal now and, when it is not, which rule it breaks (REASON_CODES):
  the one refusal path of `parse_move`, `move_info` and `apply_move`.
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
from .declarations import (ACTIONS, CARDS, EVENTS, HUNT_PHASES, KINDS, MEMORY, NOTATION, PHASES, REASON_CODES,
                           REASONS, STEPS, SWAP_USAGE, card_id, position)
from .state import DATA, DECK_SIZE, MAX_SEATS, NONE, QUERY, SHOWN, SLOT_CAP, STATE

VERSION = "1.0"
CODE_END = 1 << 40  # a code packs six fields into 40 bits (rules_state.pxd's pack)


class KodiakGame(Game):
    """The Kodiak rule set."""

    info = GameInfo(id="kodiak", title="Kodiak", min_seats=2, max_seats=6, version=VERSION,
                    options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = REASON_CODES
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
        if type(move) is not int or not 0 <= move < CODE_END:
            self.unlisted(state, move)
        reason = rules.check(state, move)
        if reason:
            self.unlisted(state, move, reason)
        return MoveInfo(*_parts(move))

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in list order (the moves decoded in one compiled pass)."""
        return [MoveInfo(*_parts(code)) for code in rules.legal_moves(state)]

    def read_move(self, text: str) -> tuple:
        kind, given = NOTATION.read(text)
        return _move_of(kind, given, text)

    def find_move(self, state: bytearray, seat: int, parsed: tuple, text: str) -> int:
        code = rules.code_of(*canonical((parsed[0], seat, *parsed[1:])))
        reason = rules.check(state, code)
        if not reason:
            return code
        self.refuse(REASON_CODES[reason], text, seat, _detail(state, REASON_CODES[reason], KINDS[parsed[0]]))

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
    """(kind, a, b, c, d) of a read move, as a code packs them: a swap's `?` side (slot QUERY) last."""
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


# -- the words of a refusal -----------------------------------------------------------

def _detail(state, reason: str, kind: str) -> str | None:
    """The words of a refusal (the kernel's check chose its reason) that name the state: who is to act, what the
    pending action allows; None where the reason's meaning says it all."""
    phase = PHASES[state[O.PHASE]]
    if reason == "not_your_turn":
        return f"not your turn (seat {state[O.KODIAK] if phase == 'kodiak_pick' else state[O.ACTIVE]} is to act)"
    if reason == "not_in_hunt":
        return "the hunt window is open: throw, done, pounce, counter or pass" if phase == "hunt" else \
            f"no hunt window is open (phase {phase})"
    if reason == "mouse_escaping":
        return f"mouse {state[O.ESCAPEE]} is escaping"
    if reason == "finish_escape" and kind == "throw":
        return "no card in that slot"
    if reason in ("finish_action", "not_an_action_step"):
        action = ACTIONS[CARDS.action[state[O.ACTION_CARD]]]
        allowed = {"look_own": ("lookown",), "look_other": ("look",), "swap": ("swap",),
                   "two_actions": ("lookown", "look", "swap"), "reveal": ("reveal",)}[action]
        # Refusals name the moves a player types, never the state's action names (two_actions).
        words = " or ".join(allowed) + (" (two steps)" if action == "two_actions" else "")
        return f"finish the pending action first ({words})" if reason == "finish_action" else \
            f"the pending action allows {words}, not {kind}"
    return None


KODIAK = KodiakGame()
