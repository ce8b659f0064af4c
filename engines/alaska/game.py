"""Alaska (game id `alaska`), spec `shared/rules/alaska.md` (rules version 1.0).

Rules in brief: 2-4 players fish a river of ten sections laid out as a ring. At the start
of a turn the salmon in the active hand fall into the river at sections the right neighbour
chooses (a salmon covers two sections), then every current in the hand moves every salmon
one section upstream; anglers catch the salmon that swim onto their section (a tourist goes
home with it, a local stays). Then the player casts (one or two cast cards summing to a
section: catch a salmon there, or meet the angler: a tourist costs the whole hand and the
next turn, a local takes one of your salmon), places tourists and locals, sends the eagle
for a salmon or an angler, or lets the bear roar every angler away; after every catch the
other seats may play a bear to eat the fresh catch. A player keeps at most one card and
refills to four. When the deck runs out, every seat plays one final turn with all its cards.
Most salmon wins; ties share the win or fish playoffs (option).

Notes on this implementation (the spec's decisions D1-D27 apply; these are the engine's own):
- Move codes are relative to the state (hand indexes, declarations.py); texts name cards.
- The fallen currents are revealed with the salmon (one `fell` event) and wait with them
  until the last salmon is placed, so the active hand never holds a natural card once its
  turn has begun (the view and the leak test rely on it).
- A turn with an empty hand (after a tourist penalty, or in the final round) passes with no
  move: it is an `empty_turn` event inside the move that ended the previous turn.
- A hand emptied by falling cards still ends its play phase with `end` (§4 step 3).
- Score: winners are the current leaders before the end; with playoffs the rank key is (last
  playoff played, salmon in it), so the playoff winner ranks first, then the other playoff
  participants, then the rest by main-game salmon (§10). The tiebreak reason is `playoff`
  whenever a playoff was played, even if three playoffs still left a shared win.
- The deal events of a new game are rebuilt from the state (setup_events): the start seat's
  turn has already begun, so its dealt hand is its hand plus the cards that fell.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterator, Mapping, NamedTuple

from ..core.cards import rigged_order
from ..core.errors import BadMoveText, BadOption, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from ..core.options import load_specs
from . import offsets as O
from . import rules, validate
from .declarations import CARD_IDS, CARD_INDEX, EVENTS, KINDS, NOTATION, PHASES, REASON_CODES, REASONS, RIVER_IDS, \
    cast_number, kind_of
from .state import N_SALMON, NONE, SECTIONS, STATE

DATA = Path(__file__).resolve().parent / "data"
VERSION = "1.0"


class Parsed(NamedTuple):
    """A read move: its kind, the cards it names (card numbers), a section (0: none) and a salmon (-1: none)."""

    kind: str
    cards: tuple[int, ...] = ()
    section: int = 0
    salmon: int = -1
    target: str = ""   # eagle: "salmon", "angler" or "" (bare)


def _ids(cards) -> list[str]:
    return [CARD_IDS[c] for c in cards]


def _seat(state: bytearray, seat: int, name: str) -> int:
    return state[O.SEATS + seat * O.SEAT_SIZE + getattr(O, "SEAT_" + name.upper())]


def _mask(mask: int, players: int) -> list[int]:
    return [s for s in range(players) if (mask >> s) & 1]


class AlaskaGame(Game):
    """The Alaska rule set."""

    info = GameInfo(id="alaska", title="Alaska", min_seats=2, max_seats=4, version=VERSION,
                    options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = REASON_CODES
    hot_rules = rules
    state_size, players_at = O.SIZE, O.PLAYERS
    kernel = rules.KERNEL

    # -- setup (§2) ----------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        order = b""
        if deck is not None:
            for card in deck:
                if card in RIVER_IDS:
                    raise BadOption("bad_deck", f"deck: {card!r} is a river card: it is laid out, never dealt",
                                    option="deck", card=card)
            order = bytes(CARD_INDEX[c] for c in rigged_order(deck, CARD_IDS, full=whole_deck))
        return rules.new_state(players, int(values["start_seat"]), int(values["lucky_dice"] == "true"),
                               int(values["tie_rule"] == "playoff"), int(values["bear_window"] == "holders_only"),
                               seed, order)

    def setup_events(self, state: bytearray) -> list[Event]:
        """The deal of a new game: each seat's four cards (private), then the start seat's fallen cards.

        The start seat's first turn begins during setup, so its dealt hand is its hand plus the
        cards that fell (pending salmon, and currents already discarded onto the empty pile).
        """
        players, start = state[O.PLAYERS], state[O.START_SEAT]
        fallen = STATE.cells(state, "pending", state[O.PENDING_COUNT]) + STATE.cells(state, "pile",
                                                                                    state[O.PILE_COUNT])
        events = []
        for s in range(players):
            hand = rules.hand(state, s) + (sorted(fallen) if s == start else [])
            events.append(Event("dealt", {"seat": s, "count": len(hand), "deck_count": state[O.DECK_END] -
                                          state[O.DECK_TOP]}, {"cards": _ids(hand)}, (s,)))
        if fallen:
            fell = bytes(sorted(fallen))
            events.append(EVENTS.name((O.EV_FELL, start, fell, fell)))
        for step in range(state[O.PILE_COUNT]):
            events.append(Event("current_step", {"step": step + 1, "positions": [], "catches": []}))
        return events

    # -- moves ---------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        return rules.to_act(state)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        is_code = type(move) is int and 0 <= move < O.N_CODES  # not bool: True is no move code
        reason = rules.check(state, move if is_code else -1)
        if reason:
            self.unlisted(state, move, reason)
        return _info(state, move)

    def read_move(self, text: str) -> Parsed:
        """The parts of a text move; BadMoveText names what cannot be read (legality comes later)."""
        if text.split(" ") != text.split():  # one space between words and none around them, as before the notation
            if text.split(" ", 1)[0] not in NOTATION.forms:
                raise BadMoveText("unknown_move", f"bad move text {text[:40]!r}: expected one of "
                                  f"{', '.join(NOTATION.keywords)}")
            raise BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: words are separated by one space")
        kind, args = NOTATION.read(text)
        cards = tuple(CARD_INDEX[c] for c in args.get("cards", ())) or \
            ((CARD_INDEX[args["card"]],) if "card" in args else ())
        salmon = CARD_INDEX[args["salmon"]] if "salmon" in args else -1
        target = ("salmon" if "salmon" in args else "angler" if "section" in args else "") if kind == "eagle" else ""
        return Parsed(kind, cards, args.get("section", 0), salmon, target)

    def find_move(self, state: bytearray, seat: int, parsed: Parsed, text: str) -> int:
        """The legal move code of `parsed` by `seat`, or IllegalMove (through refuse) saying why not."""
        phase, active = state[O.PHASE], state[O.ACTIVE_SEAT]
        if parsed.kind == "place":
            return self._find_place(state, seat, parsed, text)
        if parsed.kind in ("bearsteal", "pass"):
            return self._find_window_move(state, seat, parsed, text)
        if seat != active:
            self.refuse("not_your_turn", text, seat, f"not your turn (seat {active} is to act)")
        if phase == O.BEAR:
            self.refuse("bear_window_open", text, seat)
        if phase != O.PLAY:
            self.refuse("not_play_phase", text, seat)
        hand = rules.hand(state, seat)
        for card in parsed.cards:
            if card not in hand:
                self.refuse("card_not_in_hand", text, seat, f"{CARD_IDS[card]} is not in your hand")
        if parsed.kind == "cast":
            code = self._cast_code(state, seat, parsed, hand, text)
        elif parsed.kind == "end":
            code = O.END
        elif parsed.kind == "angler":
            self._section_in_range(parsed.section, text, seat)
            code = O.ANGLER + hand.index(parsed.cards[0]) * 10 + parsed.section - 1
        elif parsed.kind == "eagle":
            code = self._eagle_code(parsed, hand, text, seat)
        else:
            code = O.ROAR + hand.index(parsed.cards[0])
        return self._checked(state, seat, code, text)

    def _checked(self, state: bytearray, seat: int, code: int, text: str) -> int:
        reason = rules.check(state, code)
        if reason:
            self.refuse(REASON_CODES[reason], text, seat)
        return code

    def _section_in_range(self, section: int, text: str, seat: int) -> None:
        if not 1 <= section <= SECTIONS:
            self.refuse("no_such_section", text, seat)

    def _find_place(self, state: bytearray, seat: int, parsed: Parsed, text: str) -> int:
        if state[O.PHASE] != O.PLACE:
            self.refuse("no_salmon_to_place", text, seat)
        placer = rules.to_act(state)[0]
        if seat != placer:
            # The shared `not_your_turn`, in the spec's words: the same refusal as in every game.
            self.refuse("not_your_turn", text, seat, f"not your turn (seat {placer} is to act): only the right "
                        f"neighbour places salmon")
        self._section_in_range(parsed.section, text, seat)
        return self._checked(state, seat, O.PLACE_SALMON + parsed.section - 1, text)

    def _find_window_move(self, state: bytearray, seat: int, parsed: Parsed, text: str) -> int:
        if state[O.PHASE] != O.BEAR:
            self.refuse("no_bear_window", text, seat)
        if seat == state[O.ACTIVE_SEAT]:
            self.refuse("own_catch", text, seat)
        if not (state[O.WINDOW_SEATS] >> seat) & 1:
            self.refuse("not_in_window", text, seat)
        if (state[O.WINDOW_PASSED] >> seat) & 1:
            self.refuse("already_passed", text, seat)
        if parsed.kind == "pass":
            return O.PASS + seat
        hand = rules.hand(state, seat)
        card = parsed.cards[0]
        if card not in hand:
            self.refuse("card_not_in_hand", text, seat, f"{CARD_IDS[card]} is not in your hand")
        return self._checked(state, seat, O.STEAL + seat * 4 + hand.index(card), text)

    def _cast_code(self, state: bytearray, seat: int, parsed: Parsed, hand: list[int], text: str) -> int:
        cards = parsed.cards
        if any(kind_of(c) != "cast" for c in cards):
            self.refuse("not_a_cast_card", text, seat)
        if len(cards) > 2:
            self.refuse("too_many_cast_cards", text, seat)
        if len(set(cards)) != len(cards):
            self.refuse("card_named_twice", text, seat)
        section = sum(cast_number(c) for c in cards)
        if section > SECTIONS:
            self.refuse("cast_off_river", text, seat)
        there = rules.salmon_covering(state, section)
        covering = [s for s in range(N_SALMON) if (there >> s) & 1]
        if len(covering) >= 2 and parsed.salmon < 0:
            count = "two" if len(covering) == 2 else str(len(covering))
            self.refuse("name_a_salmon", text, seat, f"{count} salmon cover section {section}: name one")
        if len(covering) < 2 and parsed.salmon >= 0:
            self.refuse("no_salmon_choice", text, seat, f"no salmon choice at section {section}")
        if parsed.salmon >= 0 and parsed.salmon not in covering:
            self.refuse("salmon_not_there", text, seat,
                        f"{CARD_IDS[parsed.salmon]} does not cover section {section}")
        indexes = sorted(hand.index(c) for c in cards)
        combo = rules.combo_of(indexes[0], indexes[1] if len(indexes) == 2 else -1)
        return O.CAST + combo * O.CHOICES + (parsed.salmon + 1 if parsed.salmon >= 0 else 0)

    def _eagle_code(self, parsed: Parsed, hand: list[int], text: str, seat: int) -> int:
        base = O.EAGLE + hand.index(parsed.cards[0]) * O.TARGETS
        if parsed.target == "salmon":
            return base + parsed.salmon
        if parsed.target == "angler":
            self._section_in_range(parsed.section, text, seat)
            return base + N_SALMON + parsed.section - 1
        return base + O.TARGETS - 1

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        """The text form of a typed move (MoveInfo's kind and args)."""
        return NOTATION.write(kind, args)

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The deck and the other hands; then the active seat's hand, known to hold no natural card (they
        fell), with the non-natural cards among those (read after the first group's re-deal)."""
        active = state[O.ACTIVE_SEAT]
        places = list(range(O.DECK + state[O.DECK_TOP], O.DECK + state[O.DECK_END]))
        for other in range(state[O.PLAYERS]):
            if other != seat and other != active:
                places += self._hand_places(state, other)
        yield places
        if active != seat and active != NONE:
            yield self._hand_places(state, active) + [p for p in places if state[p] >= O.FIRST_TOURIST]

    @staticmethod
    def _hand_places(state: bytearray, seat: int) -> list[int]:
        p = O.SEATS + seat * O.SEAT_SIZE
        return [p + O.SEAT_HAND + i for i in range(state[p + O.SEAT_HAND_COUNT])]

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        """`state`: the state after the move (the game's end reads its scores)."""
        return [self._game_end(state) if e[0] == O.EV_GAME_END else _kept_event(e) for e in raw]

    def _game_end(self, state: bytearray) -> Event:
        """§10: the salmon each seat counts (the playoff's, after one), the main game's, and the winners."""
        scores = self.score(state)
        return Event("game_end", {"scores": [s.total if not state[O.PLAYOFF] else s.round for s in scores.seats],
                                  "totals": [s.total for s in scores.seats], "winners": list(scores.winners),
                                  "tiebreak": scores.tiebreak})

    # -- score and view (§8, §10) --------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """Scores now: the salmon caught; during a playoff, totals are the main game's and rounds the playoff's."""
        players, playoff = state[O.PLAYERS], state[O.PLAYOFF]
        finished = state[O.PHASE] == O.FINISHED
        keys, seats = [], []
        for s, (key, round_, total) in enumerate(rules.score_numbers(state)):
            keys.append(key)
            seats.append((s, round_, total, {"salmon": _seat(state, s, "caught_count"), "main_salmon": total,
                                             "playoff_salmon": round_ if playoff else 0,
                                             "stage": _seat(state, s, "stage")}))
        best = max(keys)
        winners = tuple(s for s in range(players) if keys[s] == best)
        if playoff and finished:
            tiebreak = "playoff"
        else:
            tiebreak = "shared" if len(winners) > 1 else ""
        return Scores(tuple(SeatScore(s, r, t, 1 + sum(k > keys[s] for k in keys), b) for s, r, t, b in seats),
                      finished, winners, tiebreak)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        """What `seat` may know (None: a spectator): everything public (river, anglers, fallen cards, caught
        salmon, the face-up discard pile, counts, flags, the bear window record) plus its own hand and, in a
        bear window, its own `bearsteal` moves. Nobody else learns who holds a bear.

        Keys: game, seat, players, phase, active_seat (None once finished), to_act, move_count,
        deck_count, discard (ids, first discarded first), salmon (river salmon: card, position =
        head section, covers), anglers (section, card), pending (fallen cards waiting: salmon to
        place, then currents), final_round, last_seat, no_refill (seats), playoff, participants,
        window (None, or catcher, salmon, seats, passed), seats (seat, hand_count, caught ids,
        salmon, main_salmon), hand (own), bear_moves (own bearsteal texts), finished, scores
        (seat, round, total, rank) and winners, tiebreak.
        """
        players, phase = state[O.PLAYERS], state[O.PHASE]
        finished = phase == O.FINISHED
        active = state[O.ACTIVE_SEAT]
        heads = STATE.cells(state, "salmon_at")
        window = None
        if phase == O.BEAR:
            window = {"catcher": active, "salmon": CARD_IDS[rules.caught(state, active)[-1]],
                      "seats": _mask(state[O.WINDOW_SEATS], players),
                      "passed": _mask(state[O.WINDOW_PASSED], players)}
        last = state[O.LAST_SEAT]
        scores = self.score(state)
        out = {
            "game": "alaska", "seat": seat, "players": players, "phase": PHASES[phase],
            "active_seat": None if finished else active, "to_act": rules.to_act(state),
            "move_count": rules.move_count(state), "deck_count": state[O.DECK_END] - state[O.DECK_TOP],
            "discard": _ids(STATE.cells(state, "pile", state[O.PILE_COUNT])),
            "salmon": [{"card": CARD_IDS[s], "position": h, "covers": [h, h % 10 + 1]}
                       for s, h in enumerate(heads) if h],
            "anglers": [{"section": k + 1, "card": CARD_IDS[c]}
                        for k, c in enumerate(STATE.cells(state, "anglers")) if c != NONE],
            "pending": _ids(STATE.cells(state, "pending", state[O.PENDING_COUNT])),
            "final_round": bool(state[O.FINAL_ROUND]), "last_seat": None if last == NONE else last,
            "no_refill": _mask(state[O.NO_REFILL], players), "playoff": state[O.PLAYOFF],
            "participants": _mask(state[O.PARTICIPANTS], players), "window": window,
            "seats": [{"seat": s, "hand_count": _seat(state, s, "hand_count"), "caught": _ids(rules.caught(state, s)),
                       "salmon": _seat(state, s, "caught_count"), "main_salmon": scores.seats[s].total}
                      for s in range(players)],
            "hand": [], "bear_moves": [], "finished": finished,
            "scores": [{"seat": x.seat, "round": x.round, "total": x.total, "rank": x.rank} for x in scores.seats],
            "winners": list(scores.winners), "tiebreak": scores.tiebreak,
        }
        if seat is not None:
            out["hand"] = _ids(rules.hand(state, seat))
            if window is not None:
                out["bear_moves"] = [self.move_info(state, c).text for c in rules.legal_moves(state)
                                     if c < O.PASS and rules.mover_of(state, c) == seat]
        return out

    def validate(self, state: bytearray) -> None:
        if not isinstance(state, bytearray):
            raise BadState("bad_state", f"an alaska state is a bytearray, got {type(state).__name__}")
        found = validate.validate(state)
        if found:
            raise BadState("bad_state", f"not a valid alaska state: {found}")


# An event other than the game's end says the same every time: made once and shared (callers never change
# it), so the service finds its wire form again by the Event's identity (service/wire/games.py).
_kept_event = lru_cache(maxsize=1 << 14)(EVENTS.name)


def _info(state: bytearray, code: int) -> MoveInfo:
    """The MoveInfo of a move code already checked legal in `state`."""
    kind, a, b = rules.split_code(code)
    seat = rules.mover_of(state, code)
    if kind == O.K_PLACE:
        return _described(seat, kind, (), -1, a)
    if kind in (O.K_END, O.K_PASS):
        return _described(seat, kind, (), -1, 0)
    hand = rules.hand(state, seat)
    if kind == O.K_CAST:
        first, second = rules.combo_indexes(a)
        return _described(seat, kind, tuple(sorted([hand[first]] + ([hand[second]] if second >= 0 else []))),
                          b - 1, 0)
    card = (hand[b if kind == O.K_BEARSTEAL else a],)
    if kind == O.K_ANGLER:
        return _described(seat, kind, card, -1, b + 1)
    if kind == O.K_EAGLE and b < N_SALMON + SECTIONS:
        return _described(seat, kind, card, b if b < N_SALMON else -1, b - N_SALMON + 1 if b >= N_SALMON else 0)
    return _described(seat, kind, card, -1, 0)


@lru_cache(maxsize=1 << 14)  # a code is relative to the state, its description is not: shared, never changed
def _described(seat: int, kind: int, cards: tuple[int, ...], salmon: int, section: int) -> MoveInfo:
    """The MoveInfo of a move by `seat`: its kind (K_*), the cards it names, a salmon (-1: none), a section (0)."""
    name = KINDS[kind]
    if kind == O.K_CAST:
        args = {"cards": _ids(cards), "salmon": CARD_IDS[salmon] if salmon >= 0 else ""}
    elif not cards:
        args = {"section": section} if section else {}
    else:
        args = {"card": CARD_IDS[cards[0]]}
        if salmon >= 0:
            args["salmon"] = CARD_IDS[salmon]
        elif section:
            args["section"] = section
    return MoveInfo(seat, name, args, NOTATION.write(name, args))


ALASKA = AlaskaGame()
