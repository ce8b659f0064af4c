"""Cambio (game id `cambio`), spec `shared/rules/cambio.md` (rules version 1.0).

Rules in brief: 2-8 players each keep four face-down cards in two rows and look once at
their bottom row. On a turn a player draws from the main deck or the (not frozen) discard
pile and exchanges the card into the table or, if it came from the deck, discards it; an
action card discarded straight from the deck must be used (look at an own card, look at
another's card, swap two cards of two seats, red king: two of those, blue king: reveal one
card of every opponent). After every discard any seat may snap a face-down card with the
same rune (own or another's); the first correct snapper may keep throwing cards of that
rune and may give one of its own cards for each card it took from another seat; a wrong
snap costs an unseen penalty card. A successful window freezes the pile for the next
player. At the start of a turn a player may call Cambio: its cards freeze, every other
seat has one more turn, then the round is scored (card points; the caller -5 if strictly
fewest and at most 5 points, else +5). A seat without cards ends the round at once. The
dealer rotates left; after the round in which a total reaches 50 the lowest total wins.

Notes on this implementation (the spec's decisions D1-D25 apply; these are the engine's own):
- Move codes index the ordered list of the state's legal moves (rules.py says the order):
  `legal_moves` is always `[0 .. count-1]`. Every seat's snaps and the blue king's
  combinations are listed, so lists can be long (show: the product of the opponents'
  card counts, e.g. 4^7 = 16,384 at an 8-seat deal, about a million after many penalty
  cards); they are slices of a prebuilt list, with no per-move allocation up to 65,536.
- At turn start the call is listed first (`cambio`, `draw deck`, `draw discard`): it is made
  instead of drawing, and a policy that always takes the first move then ends its rounds.
- Text moves are read leniently: extra spaces are ignored, `swap` and `show` positions may
  come in any order; `format_move` gives the canonical text (lower seat first).
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

import re
import tomllib
from pathlib import Path
from typing import Mapping, Sequence

from ..core import options as opts
from ..core.cards import rigged_order, split_list
from ..core.errors import BadMoveText, BadOption, BadState, IllegalMove
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from . import rules

DATA = Path(__file__).resolve().parent / "data"
VERSION = "1.0"
L = rules.layout()
NONE = L["NONE"]
SLOTS, SLOTCAP = L["SLOTS"], L["SLOTCAP"]


def _load_deck() -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """(rune names, card ids, card runes, card points) from data/deck.toml; installs the tables in rules."""
    with open(DATA / "deck.toml", "rb") as f:
        raw = tomllib.load(f)
    runes = tuple(raw["runes"])
    ids, rune_of, points, actions = [], [], [], []
    for kind in raw["kind"]:
        if kind["rune"] not in runes or kind["action"] not in rules.ACTIONS or not -128 <= kind["points"] < 128:
            raise ValueError(f"cambio deck.toml: bad card kind {kind!r}")
        for copy in range(1, kind["count"] + 1):
            ids.append(f"{kind['prefix']}{copy}")
            rune_of.append(runes.index(kind["rune"]))
            points.append(kind["points"])
            actions.append(rules.ACTIONS.index(kind["action"]))
    if len(ids) != L["NC"] or len(set(ids)) != len(ids):
        raise ValueError(f"cambio deck.toml must list {L['NC']} distinct cards, got {len(ids)}")
    rules.set_tables(bytes(rune_of), bytes(p & 0xFF for p in points), bytes(actions))
    return runes, tuple(ids), tuple(rune_of), tuple(points)


RUNES, CARD_IDS, CARD_RUNES, CARD_POINTS = _load_deck()
CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}
KINDS = rules.KINDS
KEYWORDS = {"cambio": 2, "discard": 3, "replace": 4, "lookown": 5, "look": 6, "swap": 7, "show": 8,
            "snap": 9, "give": 10, "nogive": 11, "pass": 12}
_POS = re.compile(r"(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})")
_NUM = re.compile(r"0|[1-9][0-9]{0,8}")


def card_id(card: int) -> str:
    return CARD_IDS[card]


def pos(t: int, k: int) -> str:
    return f"{t}.{k}"


class CambioGame(Game):
    """The Cambio rule set."""

    info = GameInfo(id="cambio", title="Cambio", min_seats=2, max_seats=8, version=VERSION,
                    options=opts.load_specs(DATA / "options.toml"))

    def __init__(self) -> None:
        # The hot entry point is the compiled function itself: no wrapper per call.
        self.legal_moves = rules.legal_moves
        self.apply_in_place = rules.apply_in_place
        rules.set_event_converter(self._events)

    # -- setup -------------------------------------------------------------------
    def new(self, players: int, options: Mapping[str, object] | None = None, seed: int = 0,
            deck: Sequence[str] | None = None) -> bytearray:
        """A new game (§2). `deck` (a whole permutation, top first) or option `deck` rigs round 1."""
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
            raise BadOption("bad_seat_count", f"cambio is played by 2-8 players, not {players!r}", option="seats")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
            raise BadOption("bad_seed", f"seed must be an integer in 0..2**64-1, got {seed!r}", option="seed")
        values = opts.resolve(self.info.options, options)
        dealer = opts.seat_option(values, "first_dealer", players)
        target = self._int_option(values, "target_score", 20, 200)
        max_turns = self._int_option(values, "max_turns", 100, 10000)
        cmax = NONE if values["cambio_max"] == "off" else self._int_option(values, "cambio_max", 0, 20)
        listed = split_list(values["deck"])
        if deck is not None and listed:
            raise BadOption("bad_deck", "give the deck either as the deck argument or as option deck, not both",
                            option="deck")
        order = b""
        if deck is not None or listed:
            ids = rigged_order(list(deck if deck is not None else listed), CARD_IDS, full=deck is not None)
            order = bytes(CARD_INDEX[c] for c in ids)
        return rules.new_state(players, dealer, target, cmax, int(values["caller_tie"] == "wins"),
                               ("follow", "slot", "off").index(values["memory_aid"]), max_turns, seed, order)

    @staticmethod
    def _int_option(values: Mapping[str, str], name: str, lo: int, hi: int) -> int:
        text = values[name]
        if not re.fullmatch(r"-?[0-9]+", text) or not lo <= int(text) <= hi:
            raise BadOption("bad_option_value", f"option {name}={text!r} is not in {lo}..{hi}", option=name)
        return int(text)

    def setup_events(self, state: bytearray) -> list[Event]:
        """The events of the current round's deal (for a new game: what NewGame shows)."""
        n = state[L["N"]]
        cards = tuple(tuple(state[SLOTS + s * SLOTCAP + k] for k in range(4)) for s in range(n))
        return self._events([(rules.EVENTS.index("deal"), state[L["ROUND"]] | state[L["ROUND"] + 1] << 8,
                              state[L["DEALER"]], cards)], n)

    # -- moves -------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return rules.to_act(state)

    def is_finished(self, state: bytearray) -> bool:
        return state[L["PHASE"]] == rules.PHASES.index("game_over")

    def move_count(self, state: bytearray) -> int:
        return rules.move_count(state)

    def apply_in_place(self, state: bytearray, move: int, events: list | None = None) -> None:
        """Apply a listed move code (the instance attribute set in __init__ is the compiled twin of this)."""
        rules.apply_in_place(state, move, events)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        if not isinstance(move, int) or not -2 ** 62 < move < 2 ** 62:
            raise IllegalMove("not_legal", f"move must be a move code from legal_moves, got {move!r}", move=move)
        seat, kind, args = rules.describe(state, move)
        return self._info(seat, kind, args)

    @staticmethod
    def _info(seat: int, kind: int, args: tuple) -> MoveInfo:
        name = KINDS[kind]
        if name in ("replace", "look_own", "give"):
            k = args[0][1]
            word = {"replace": "replace", "look_own": "lookown", "give": "give"}[name]
            return MoveInfo(seat, name, {"slot": k}, f"{word} {k}")
        if name in ("look_other", "snap"):
            t, k = args[0]
            word = "look" if name == "look_other" else "snap"
            return MoveInfo(seat, name, {"target": (t, k)}, f"{word} {pos(t, k)}")
        if name in ("swap", "show"):
            ps = tuple(sorted(args))
            return MoveInfo(seat, name, {"positions": ps}, " ".join([name] + [pos(t, k) for t, k in ps]))
        text = {"draw_deck": "draw deck", "draw_discard": "draw discard", "call_cambio": "cambio"}.get(name, name)
        return MoveInfo(seat, name, {}, text)

    def parse_move(self, state: bytearray, seat: int, text: str) -> int:
        kind, args = self._read(text)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalMove("no_such_seat", f"{text!r} refused: seat {seat!r} is not a seat number", move=text)
        if not -1 <= seat < 256:
            seat = -1
        return rules.find_code(state, seat, kind, args, text)

    @staticmethod
    def _read(text: str) -> tuple[int, tuple]:
        """(kind, args) of a text move; BadMoveText names what cannot be read."""
        if not isinstance(text, str):
            raise BadMoveText("bad_move_text", f"move text must be a string, got {type(text).__name__}")
        words = text.split()
        if not words:
            raise BadMoveText("unknown_move", "empty move text")
        word, rest = words[0], words[1:]
        if word == "draw":
            if rest not in (["deck"], ["discard"]):
                raise BadMoveText("bad_move_text", f"bad move text {text!r}: expected 'draw deck' or 'draw discard'")
            return (0 if rest == ["deck"] else 1), ()
        if word not in KEYWORDS:
            raise BadMoveText("unknown_move", f"bad move text {text!r}: expected one of draw, "
                              f"{', '.join(KEYWORDS)}")
        kind = KEYWORDS[word]
        if word in ("cambio", "discard", "nogive", "pass"):
            if rest:
                raise BadMoveText("bad_move_text", f"bad move text {text!r}: {word!r} takes no argument")
            return kind, ()
        if word in ("replace", "lookown", "give"):
            if len(rest) != 1 or not _NUM.fullmatch(rest[0]):
                raise BadMoveText("bad_move_text", f"bad move text {text!r}: expected '{word} <slot>'")
            return kind, ((-1, int(rest[0])),)
        want = {"look": 1, "snap": 1, "swap": 2}.get(word)
        if (want is not None and len(rest) != want) or not rest:
            usage = {"look": "look <seat>.<slot>", "snap": "snap <seat>.<slot>",
                     "swap": "swap <seat>.<slot> <seat>.<slot>", "show": "show <seat>.<slot> ..."}[word]
            raise BadMoveText("bad_move_text", f"bad move text {text!r}: expected '{usage}'")
        positions = []
        for item in rest:
            m = _POS.fullmatch(item)
            if not m:
                raise BadMoveText("bad_position", f"bad move text {text!r}: {item!r} is not a position <seat>.<slot>")
            positions.append((int(m.group(1)), int(m.group(2))))
        return kind, tuple(positions)

    # -- events ------------------------------------------------------------------
    def _events(self, raw: list, n: int) -> list[Event]:
        out: list[Event] = []
        for entry in raw:
            out.extend(_event(entry, n))
        return out

    # -- score and view ------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """Totals (public) and the round as it would be scored now (hidden mid-round: D23), §10."""
        pts, scores, _ = rules.round_scores(state)
        totals = rules.totals(state)
        finished = self.is_finished(state)
        low = min(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == low)
        tiebreak = "shared" if len(winners) > 1 else ("turn_cap" if finished and state[L["ENDED"]] == 2 else "")
        seats = tuple(SeatScore(s, scores[s], totals[s], 1 + sum(t < totals[s] for t in totals),
                                {"round_points": pts[s], "caller_adjustment": scores[s] - pts[s],
                                 "contains_hidden": int(not finished)})
                      for s in range(len(totals)))
        return Scores(seats, finished, winners, tiebreak)

    def view(self, state: bytearray, seat: int | None) -> dict:
        """What `seat` may know (None: a spectator), §9.

        Keys: game, seat, players, round, dealer, active_seat, phase, to_act, caller (seat or
        None), frozen, move_count, turns, max_turns, memory_aid, deck_count, discard (card ids,
        bottom first), held (None or {seat, source, card: id or None when hidden}), action (None
        or {card, action, steps_left}), window (None or {rune, claimant, passed, pending_give,
        successes}), seats (per seat: seat, card_count, total, round_scores (finished rounds),
        slots: [{slot, position, card: id or None, known_by: [seats]}]), finished, and once the
        game is over: revealed (True) and scores (per seat: round_points, round_score, total, rank).
        """
        n = state[L["N"]]
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
            raise IllegalMove("no_such_seat", f"view: seat {seat!r} is not in 0..{n - 1}")
        g = lambda name: state[L[name]]  # noqa: E731
        opt = lambda v: None if v == NONE else v  # noqa: E731
        finished = self.is_finished(state)
        memory = ("follow", "slot", "off")[g("MEM")]
        totals, history = rules.totals(state), rules.history(state)
        seats = []
        for s in range(n):
            slots = []
            for k in range(state[L["HW"] + s]):
                card = state[SLOTS + s * SLOTCAP + k]
                if card == NONE:
                    continue
                mask = state[L["KNOW"] + card]
                shown = finished or (seat is not None and memory != "off" and (mask >> seat) & 1)
                slots.append({"slot": k, "position": pos(s, k), "card": card_id(card) if shown else None,
                              "known_by": [x for x in range(n) if (mask >> x) & 1]})
            seats.append({"seat": s, "card_count": state[L["CNT"] + s], "total": totals[s],
                          "round_scores": [row[s] for row in history], "slots": slots})
        pile = [card_id(state[L["PILE"] + i]) for i in range(g("PILE_N"))]
        held = None
        if g("HELD") != NONE:
            src = g("HELD_SRC")
            visible = src == 1 or seat == g("ACTIVE")
            held = {"seat": g("ACTIVE"), "source": ("deck", "discard")[src],
                    "card": card_id(g("HELD")) if visible else None}
        action = None
        if g("ACT"):
            action = {"card": pile[-1], "action": rules.ACTIONS[g("ACT")], "steps_left": g("STEPS")}
        window = None
        if g("PHASE") == rules.PHASES.index("snap"):
            window = {"rune": RUNES[g("RUNE_R")], "claimant": opt(g("CLAIM")),
                      "passed": [x for x in range(n) if (g("PASSED") >> x) & 1],
                      "pending_give": None if g("GIVE_T") == NONE else pos(g("GIVE_T"), g("GIVE_K")),
                      "successes": g("SUCC")}
        view = {
            "game": "cambio", "seat": seat, "players": n,
            "round": state[L["ROUND"]] | state[L["ROUND"] + 1] << 8, "dealer": g("DEALER"),
            "active_seat": g("ACTIVE"), "phase": rules.PHASES[g("PHASE")], "to_act": self.to_act(state),
            "caller": opt(g("CALLER")), "frozen": bool(g("FROZEN")), "move_count": rules.move_count(state),
            "turns": state[L["TURNS"]] | state[L["TURNS"] + 1] << 8,
            "max_turns": state[L["MAXTURNS"]] | state[L["MAXTURNS"] + 1] << 8, "memory_aid": memory,
            "deck_count": g("DECK_N"), "discard": pile, "held": held, "action": action, "window": window,
            "seats": seats, "finished": finished,
        }
        if finished:
            view["revealed"] = True
            view["scores"] = [{"seat": x.seat, "round_points": x.breakdown["round_points"], "round_score": x.round,
                               "total": x.total, "rank": x.rank} for x in self.score(state).seats]
        return view

    def validate(self, state: bytearray) -> None:
        if not isinstance(state, bytearray):
            raise BadState("bad_state", f"a cambio state is a bytearray, got {type(state).__name__}")
        problem = rules.validate(state)
        if problem:
            raise BadState("bad_state", f"not a valid cambio state: {problem}")


def _event(entry: tuple, n: int) -> list[Event]:
    name = rules.EVENTS[entry[0]]
    a = entry[1:]
    if name == "deal":
        rnd, dealer, cards = a
        return [Event("deal", {"round": rnd, "dealer": dealer, "seat": s, "slots": [0, 1, 2, 3]},
                      {"cards": {pos(s, 2): card_id(cards[s][2]), pos(s, 3): card_id(cards[s][3])}}, (s,))
                for s in range(n)]
    if name == "drew":
        seat, src, card = a
        if src == 1:
            return [Event(name, {"seat": seat, "source": "discard", "card": card_id(card)})]
        return [Event(name, {"seat": seat, "source": "deck"}, {"card": card_id(card)}, (seat,))]
    if name == "replaced":
        seat, k, old, card, src = a
        public = {"seat": seat, "slot": k, "out": card_id(old), "source": ("deck", "discard")[src]}
        if src == 1:
            return [Event(name, dict(public, card=card_id(card)))]
        return [Event(name, public, {"card": card_id(card)}, (seat,))]
    if name == "looked":
        seat, t, k, card = a
        return [Event(name, {"seat": seat, "position": pos(t, k)}, {"card": card_id(card)}, (seat,))]
    if name == "shown":
        seat, shown = a
        return [Event(name, {"seat": seat, "cards": [{"position": pos(t, k), "card": card_id(c)}
                                                     for t, k, c in shown]})]
    if name in ("snap_ok", "snap_wrong"):
        seat, t, k, card = a
        return [Event(name, {"seat": seat, "position": pos(t, k), "card": card_id(card)})]
    if name == "round_end":
        rnd, reason, table, pts, scores, caller, ok, totals = a
        return [Event(name, {"round": rnd, "reason": reason, "caller": caller, "caller_success": ok,
                             "table": [[{"position": pos(s, k), "card": card_id(c)} for k, c in row]
                                       for s, row in enumerate(table)],
                             "round_points": list(pts), "round_scores": list(scores), "totals": list(totals)})]
    if name == "game_end":
        reason, totals = a
        low = min(totals)
        winners = [s for s, t in enumerate(totals) if t == low]
        return [Event(name, {"reason": reason, "totals": list(totals), "winners": winners,
                             "ranks": [1 + sum(t < x for t in totals) for x in totals]})]
    simple = {
        "reshuffled": ("deck_count",), "discarded": ("seat", "card"), "swapped": ("seat", "a", "ai", "b", "bi"),
        "penalty": ("seat", "slot"), "gave": ("seat", "from_slot", "to_seat", "to_slot"), "nogive": ("seat",),
        "passed": ("seat", "automatic"), "cambio_called": ("seat",), "window_opened": ("rune",),
        "window_closed": ("successes",), "action_lapsed": ("seat", "action"),
    }[name]
    public = dict(zip(simple, a))
    if name == "discarded":
        public["card"] = card_id(public["card"])
    elif name == "swapped":
        public = {"seat": a[0], "positions": [pos(a[1], a[2]), pos(a[3], a[4])]}
    elif name == "gave":
        public = {"seat": a[0], "from_slot": a[1], "to": pos(a[2], a[3])}
    elif name == "window_opened":
        public["rune"] = RUNES[public["rune"]]
    elif name == "window_closed":
        public["frozen"] = a[0] > 0
    elif name == "action_lapsed":
        public["action"] = rules.ACTIONS[a[1]]
    return [Event(name, public)]


CAMBIO = CambioGame()
