"""Cambio (game id `cambio`), spec `shared/rules/cambio.md` (rules version 1.1).

Rules in brief: 2-8 players each keep four face-down cards in two rows and look once at
their bottom row. On a turn a player draws from the main deck or the (not frozen) discard
pile and exchanges the card into the table or, if it came from the deck, discards it; an
action card discarded straight from the deck must be used (look at an own card, look at
another's card, swap two cards of two seats, red king: two of those, blue king: pick one
card of every opponent, one `show` at a time, then all are revealed at once). After every
discard any seat may snap a face-down card with the same rune (own or another's); the
first correct snapper may keep throwing cards of that rune and may give one of its own
cards for each card it took from another seat; a wrong snap costs an unseen penalty card.
A successful window freezes the pile for the next player. At the start of a turn a player
may call Cambio: its cards freeze, every other seat has one more turn, then the round is
scored (card points; the caller -5 if strictly fewest and at most 5 points, else +5). A
seat without cards ends the round at once. The dealer rotates left; after the round in
which a total reaches 50 the lowest total wins.

Notes on this implementation (the spec's decisions D1-D25 and D9a apply; these are the engine's own):
- A move code packs the move's kind, seat and positions (rules.py), the same in every state;
  `legal_moves` lists them in rules.py's order. The kernel's check (rules_check.py) says
  whether a code is legal now and, when not, which rule it breaks (REASON_CODES): the one
  refusal path of `parse_move`, `move_info` and `apply_in_place`. Every seat's snaps are
  listed, so a window lists seats x (1 + cards) moves; the blue king lists one `show` per
  card of the seats still to pick (12 with three opponents of four cards), never the
  combinations.
- The blue king's picks so far live in the state (`picked`, one slot per seat); each pick
  is a public `picked` event without the card, the last one is followed by `shown`, which
  reveals every picked card to every seat. Picks go in any seat order (D9a).
- At turn start the call is listed first (`cambio`, `draw deck`, `draw discard`): it is made
  instead of drawing, and a policy that always takes the first move then ends its rounds.
- Text moves are read leniently: extra spaces are ignored, `swap` positions may come in
  either order; `format_move` gives the canonical text (lower seat first).
- Slots are numbered per seat up to 95; a seat that used them all (impossible in practice)
  gets its lowest empty slot from 4 for a penalty card.
- A round that ends because the active seat has no legal move at its turn start (§8.2 case
  3) does not count a turn; every other turn end does, including a cut-short one (§4).
- After a round the next one is dealt at once (the `round_end` event carries the revealed
  table and scores); when the game ends the final table stays and every view shows it.
- Snap windows with a claimant list only the claimant's moves (D11), so `to_act` is one seat.
- Score mid-round marks `contains_hidden` = 1 in each seat's breakdown (D23).
- Randomness: the 76 cards (standard order) are shuffled with the state's generator; the
  last byte of the shuffled deck is the top. A rebuild shuffles the pile minus its top
  card, bottom first, the same way.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Mapping

from ..core import options as opts
from ..core.cards import rigged_order
from ..core.errors import BadMoveText, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from . import rules, rules_apply, rules_find, rules_score, validate
from . import offsets as O
from .declarations import (ACTIONS, CARDS, DATA, ENDINGS, EVENTS, KINDS, MEMORY, MOVE_WORDS, NOTATION, PHASES,
                           REASON_CODES, REASONS, SOURCES, position)
from .state import NONE, SLOT_CAP, STATE

VERSION = "1.1"
RUNES, CARD_IDS = CARDS.runes, CARDS.ids
_KIND = {name: i for i, name in enumerate(KINDS)}
# Each kind's text: its keyword and draw's source (MOVE_WORDS), and the name of the argument its form takes.
_WORDS = tuple(word.split() for word in MOVE_WORDS)
_KIND_OF_WORDS = {word: kind for kind, word in enumerate(MOVE_WORDS)}
_ARG = tuple(next((p.name for p in NOTATION.forms[w[0]][0].parts), None) if len(w) == 1 else None for w in _WORDS)
PHASE_OVER = PHASES.index("game_over")
CODE_END = 1 << 48  # a code packs a kind, a seat and two positions into 48 bits (rules.py)


def card_id(card: int) -> str:
    return CARD_IDS[card]


class CambioGame(Game):
    """The Cambio rule set."""

    info = GameInfo(id="cambio", title="Cambio", min_seats=2, max_seats=8, version=VERSION,
                    options=opts.load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = REASON_CODES
    kernel = rules.KERNEL
    hot_rules = rules  # legal_moves, is_finished, move_count and apply_code (engines/core/game.py)
    state_size, state_tail, players_at = O.HISTORY, True, O.PLAYERS  # the rounds' history follows

    # -- setup -------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """A new game (§2) from checked option values; `deck` rigs round 1 (§2.2)."""
        order = b""
        if deck is not None:
            order = bytes(CARDS.index[c] for c in rigged_order(deck, CARD_IDS, full=whole_deck))
        cambio_max = NONE if values["cambio_max"] == "off" else int(values["cambio_max"])
        return rules.new_state(players, int(values["first_dealer"]), int(values["target_score"]), cambio_max,
                               int(values["caller_tie"] == "wins"), MEMORY.index(values["memory_aid"]),
                               int(values["max_turns"]), seed, order)

    def setup_events(self, state: bytearray) -> list[Event]:
        """The events of the current round's deal (for a new game: what NewGame shows)."""
        return self.name_events(rules_apply.deal_events(state), state)

    # -- moves -------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return rules.to_act(state)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        if type(move) is not int or not 0 <= move < CODE_END:
            self.unlisted(state, move)
        reason = rules.check_code(state, move)
        if reason:
            self.unlisted(state, move, reason)
        return _described(move)

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in list order, each distinct move's MoveInfo made once (a listing is
        mostly the same look/swap moves turn after turn)."""
        return [_described(mv) for mv in rules.legal_moves(state).tolist()]

    def read_move(self, text: str) -> tuple[int, tuple]:
        """(kind number, (seat, slot) pairs) of a text move (a slot's seat is -1: the mover's own)."""
        keyword, args = NOTATION.read(text)
        kind = _KIND_OF_WORDS[f"{keyword} {args['source']}" if "source" in args else keyword]
        if "slot" in args:
            return kind, ((-1, args["slot"]),)
        if "target" in args:
            return kind, (args["target"],)
        return kind, tuple(args.get("positions", ()))

    def find_move(self, state: bytearray, seat: int, parsed: tuple, text: str) -> int:
        kind, places = parsed
        try:
            return rules_find.find_code(state, seat, kind, places)
        except rules_find.Refused as no:
            self.refuse(no.reason, text, seat, no.detail)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        """The text of a typed move: kind as in MoveInfo, args `slot`, `target` or `positions` (§5)."""
        if kind not in _KIND:
            raise BadMoveText("bad_move_text", f"bad move: kind {opts.shown(kind)} is not one of {', '.join(KINDS)}")
        return _text(_KIND[kind], args or {})

    # -- events ------------------------------------------------------------------
    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        """The Events of the rules' raw event tuples (declarations.EVENTS)."""
        return [_kept_event(entry) for entry in raw]

    # -- score and view ------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """Totals (public) and the round as it would be scored now (hidden mid-round: D23), §10."""
        pts, scores, _ = rules_score.round_scores(state)
        totals = rules_score.totals(state)
        finished = self.is_finished(state)
        winners = rules_score.winners(state)
        capped = ENDINGS[STATE.read(state, "ended")] == "turn_cap"
        tiebreak = "shared" if len(winners) > 1 else ("turn_cap" if finished and capped else "")
        seats = tuple(SeatScore(s, scores[s], totals[s], 1 + sum(t < totals[s] for t in totals),
                                {"round_points": pts[s], "caller_adjustment": scores[s] - pts[s],
                                 "contains_hidden": int(not finished)})
                      for s in range(len(totals)))
        return Scores(seats, finished, winners, tiebreak)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        """What `seat` may know (None: a spectator), §9.

        Keys: game, seat, players, round, dealer, active_seat (None once the game is over), phase, to_act, caller (seat or
        None), frozen, move_count, turns, max_turns, memory_aid, deck_count, discard (card ids,
        bottom first), held (None or {seat, source, card: id or None when hidden}), action (None
        or {card, action, steps_left}), window (None or {rune, claimant, passed, pending_give,
        successes}), seats (per seat: seat, card_count, total, round_scores (finished rounds),
        slots: [{slot, position, card: id or None, known_by: [seats]}]), finished, and once the
        game is over: revealed (True) and scores (per seat: round_points, round_score, total, rank).
        """
        g = lambda name: STATE.read(state, name)  # noqa: E731
        n = g("players")
        opt = lambda v: None if v == NONE else v  # noqa: E731
        finished = self.is_finished(state)
        memory = MEMORY[g("memory_aid")]
        pile = [card_id(c) for c in STATE.cells(state, "pile", g("pile_count"))]
        active = g("active")
        view = {
            "game": "cambio", "seat": seat, "players": n, "round": g("round"), "dealer": g("dealer"),
            "active_seat": None if finished else active, "phase": PHASES[g("phase")], "to_act": self.to_act(state),
            "caller": opt(g("caller")), "frozen": bool(g("frozen")), "move_count": g("moves"),
            "turns": g("turns"), "max_turns": g("max_turns"), "memory_aid": memory,
            "deck_count": g("deck_count"), "discard": pile, "held": None, "action": None, "window": None,
            "seats": self._seat_views(state, seat, n, finished, memory), "finished": finished,
        }
        if g("held") != NONE:
            source = SOURCES[g("held_source")]
            visible = source == "discard" or seat == active
            view["held"] = {"seat": active, "source": source, "card": card_id(g("held")) if visible else None}
        if g("action"):
            view["action"] = {"card": pile[-1], "action": ACTIONS[g("action")], "steps_left": g("steps_left"),
                              # the blue king's picks so far are public (each was a `picked` event)
                              "picked": [position(t, k) for t, k in enumerate(STATE.cells(state, "picked", n))
                                         if k != NONE]}
        if PHASES[g("phase")] == "snap":
            view["window"] = {"rune": RUNES[g("window_rune")], "claimant": opt(g("claimant")),
                              "passed": [x for x in range(n) if (g("passed") >> x) & 1],
                              "pending_give": None if g("give_seat") == NONE else
                              position(g("give_seat"), g("give_slot")), "successes": g("successes")}
        if finished:
            view["revealed"] = True
            view["scores"] = [{"seat": x.seat, "round_points": x.breakdown["round_points"], "round_score": x.round,
                               "total": x.total, "rank": x.rank} for x in self.score(state).seats]
        return view

    @staticmethod
    def _seat_views(state: bytearray, seat: int | None, n: int, finished: bool, memory: str) -> list[dict]:
        totals, history = rules_score.totals(state), rules_score.history(state)
        used = STATE.cells(state, "slots_used")
        counts = STATE.cells(state, "card_count")
        seats = []
        for s in range(n):
            slots = []
            for k in range(used[s]):
                card = state[O.SLOTS + s * SLOT_CAP + k]
                if card == NONE:
                    continue
                mask = state[O.KNOWS + card]
                shown = finished or (seat is not None and memory != "off" and (mask >> seat) & 1)
                slots.append({"slot": k, "position": position(s, k), "card": card_id(card) if shown else None,
                              "known_by": [x for x in range(n) if (mask >> x) & 1]})
            seats.append({"seat": s, "card_count": counts[s], "total": totals[s],
                          "round_scores": [row[s] for row in history], "slots": slots})
        return seats

    def validate(self, state: bytearray) -> None:
        if not isinstance(state, bytearray):
            raise BadState("bad_state", f"a cambio state is a bytearray, got {type(state).__name__}")
        problem = validate.validate(state)
        if problem:
            raise BadState("bad_state", f"not a valid cambio state: {problem}")

    unseen_marks = O.KNOWS  # knowledge stays with the position (a card off the table has none)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """Every card byte whose identity `seat` has not legitimately seen, one group: the main deck, a held
        card drawn from the deck by another seat, and the table cards whose `knows` set lacks `seat` (every
        one for a spectator or with memory_aid=off). Nothing is unseen once the game is over."""
        if STATE.read(state, "phase") == PHASE_OVER:
            return
        memory_off = MEMORY[STATE.read(state, "memory_aid")] == "off"
        out = [O.DECK + i for i in range(STATE.read(state, "deck_count"))]
        if state[O.HELD] != NONE and SOURCES[STATE.read(state, "held_source")] == "deck" and \
                seat != STATE.read(state, "active"):
            out.append(O.HELD)
        for s in range(STATE.read(state, "players")):
            for k in range(STATE.read(state, "slots_used", s)):
                card = state[O.SLOTS + s * SLOT_CAP + k]
                if card != NONE and (seat is None or memory_off or not (state[O.KNOWS + card] >> seat) & 1):
                    out.append(O.SLOTS + s * SLOT_CAP + k)
        yield out


@lru_cache(maxsize=1 << 16)  # a packed move names its seat, kind and places: at most a few MB of entries
def _described(mv: int) -> MoveInfo:
    return _info(*rules.unpacked(mv))


@lru_cache(maxsize=1 << 16)  # the same few moves are described turn after turn
def _info(seat: int, kind: int, places: tuple) -> MoveInfo:
    """The MoveInfo of a move the rules describe as (seat, kind, (seat, slot) pairs)."""
    arg = _ARG[kind]
    args = {} if arg is None else {"slot": places[0][1]} if arg == "slot" else \
        {"target": tuple(places[0])} if arg == "target" else {"positions": tuple(sorted(map(tuple, places)))}
    return MoveInfo(seat, KINDS[kind], args, _text(kind, args))


def _text(kind: int, args: Mapping[str, object]) -> str:
    """The text of move `kind` with typed `args` (draw's source is its kind's, not an argument)."""
    keyword, *source = _WORDS[kind]
    if source:
        if args.get("source") is not None:
            raise BadMoveText("bad_move_text", f"bad move: {KINDS[kind]} takes no argument 'source'")
        args = {**args, "source": source[0]}
    text = NOTATION.write(keyword, args)
    if keyword == "swap":  # read in either order, written lower position first
        text = "swap " + " ".join(sorted(text.split()[1:], key=lambda p: tuple(map(int, p.split(".")))))
    return text


# Each event is named by its declaration once and shared (callers never change it), so the service finds its
# wire form again by the Event's identity (service/wire/games.py).
_kept_event = lru_cache(maxsize=1 << 14)(EVENTS.name)


CAMBIO = CambioGame()
