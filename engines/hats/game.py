"""Hats (game id `hats`), spec `shared/rules/hats.md` (rules version 1.0).

Rules in brief: 2-4 players hold 9 hat cards (7 types x numbers 1-6). On a turn a
player makes one main action, `exchange` (a hand card for a table card of the same
type or a lower number; the table card joins the player's face-up collection) or
`black` (a hand card face down as a black hat), plus at most one optional action
before or after it: `discard` and draw (2-3 players) or a face-down partner
exchange, `offer` then the partner's `return` (4 players, teams 0+2 and 1+3).
After eight main actions each, the last hand card is the favourite hat. Scores:
each collection card is worth the table space of its type (duplicates on the
table: the lowest space counts), black hats 1, the favourite hat adds its type's
collection numbers minus its own, and the cookie (most types, then lowest values)
is worth 5.

Notes on this implementation (decisions D1-D19 of the spec, in brief):
- Move codes are relative to the state: a hand index (and a space for exchanges),
  so legal-move lists are small ints; text forms name cards by id (`exchange R2 3`).
- The optional action may come before or after the main action, once (D4); after
  the main action the player chooses `discard`/`offer` or `end`.
- Discard first, then draw; an empty deck reshuffles the whole pile (D7).
- The cookie moves only to a seat that beats every other; a complete tie keeps it
  with the holder (D9). Black hats are one type and never revealed (D8, D18).
- The setup event is public; each seat's dealt hand is a private `dealt` event.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterator, Mapping

from ..core.cards import rigged_order, split_list
from ..core.errors import BadOption, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from ..core.options import load_specs
from . import rules, rules_score, rules_setup, validate
from . import offsets as O
from .declarations import CARD_IDS, EVENTS, KINDS, NONE, NOTATION, PHASES, REASON_CODES, REASONS, TYPE_LETTERS, \
    card_id
from .state import STATE

DATA = Path(__file__).resolve().parent / "data"
VERSION = "1.0"
CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}
NO_CARD = NONE


def _seat_at(seat: int) -> int:
    return O.SEATS + seat * O.SEAT_SIZE


def _table(state: bytearray) -> list[int]:
    """The table cards, space 1 first."""
    return list(state[O.TABLE:O.TABLE + state[O.SPACES]])


def _hand(state: bytearray, seat: int) -> list[int]:
    return _cards(state, seat, "hand_count", "hand")


def _pile(state: bytearray) -> list[tuple[int, int]]:
    """The discard pile as (card, seat that discarded it), first discarded first."""
    n = state[O.PILE_COUNT]
    return list(zip(state[O.PILE:O.PILE + n], state[O.PILE_DISCARDED_BY:O.PILE_DISCARDED_BY + n]))


def _cards(state: bytearray, seat: int, count: str, cards: str) -> list[int]:
    """A seat's card list (`hand`, `collection`, `black_hats`) as card numbers."""
    p = _seat_at(seat)
    start = p + getattr(O, "SEAT_" + cards.upper())
    return list(state[start:start + state[p + getattr(O, "SEAT_" + count.upper())]])


class HatsGame(Game):
    """The Hats rule set."""

    info = GameInfo(id="hats", title="Hats", min_seats=2, max_seats=4, version=VERSION,
                    options=load_specs(DATA / "options.toml"))
    reasons = REASONS
    reason_codes = REASON_CODES
    hot_rules = rules
    state_size, players_at = O.SIZE, O.PLAYERS
    kernel = rules.KERNEL
    layout = STATE  # its live cells make tokens smaller (codec 2: ~19 bytes after packing)

    # -- setup -------------------------------------------------------------------
    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """Set up a game (§3.1); `deck` rigs the deal (§3.2)."""
        removed = self._removed_types(values["removed_types"], players)
        order = b""
        if deck is not None:
            if players == 2 and not removed:
                raise BadOption("bad_option_value", "option deck needs explicit removed_types with 2 players",
                                option="removed_types")
            standard = [c for c in CARD_IDS if CARD_INDEX[c] // 6 not in removed]
            for card in deck:
                if card in CARD_INDEX and CARD_INDEX[card] // 6 in removed:
                    raise BadOption("bad_deck", f"deck: {card!r} is of a removed type", option="deck", card=card)
            order = bytes(CARD_INDEX[c] for c in rigged_order(deck, standard, full=whole_deck))
        tiebreak = 1 if values["tiebreak"] == "cookie_only" else 0
        return rules_setup.new_state(players, int(values["start_seat"]), tiebreak, removed, seed, order)

    @staticmethod
    def _removed_types(value: str, players: int) -> tuple[int, ...]:
        if value == "random":
            return ()
        if players != 2:
            raise BadOption("bad_option_value", "removed_types needs 2 players", option="removed_types")
        letters = split_list(value)
        if len(letters) != 2 or letters[0] == letters[1] or not all(x in TYPE_LETTERS for x in letters):
            raise BadOption("bad_option_value",
                            f"removed_types={value[:40]!r}: give two distinct types of {','.join(TYPE_LETTERS)}, "
                            "or random", option="removed_types")
        return tuple(sorted(TYPE_LETTERS.index(x) for x in letters))

    def setup_events(self, state: bytearray) -> list[Event]:
        """The events of the deal: the public table, then each seat's hand for that seat only."""
        players = state[O.PLAYERS]
        events = [Event("setup", {"table": [card_id(c) for c in _table(state)],
                                  "hand_counts": [state[_seat_at(s) + O.SEAT_HAND_COUNT] for s in range(players)],
                                  "deck_count": state[O.DECK_END] - state[O.DECK_TOP],
                                  "removed_types": self._removed(state)})]
        for seat in range(players):
            hand = [card_id(c) for c in _hand(state, seat)]
            events.append(Event("dealt", {"seat": seat}, {"hand": hand}, (seat,)))
        return events

    @staticmethod
    def _removed(state: bytearray) -> list[str]:
        return [TYPE_LETTERS[t] for t in STATE.cells(state, "removed_types") if t != NO_CARD]

    # -- moves -------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        seat = rules.mover(state)
        return [] if seat == NO_CARD else [seat]

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        is_code = isinstance(move, int) and not isinstance(move, bool) and 0 <= move < O.N_CODES
        kind, card, space = rules.split_code(move) if is_code else (-1, -1, -1)
        reason = rules.check(state, kind, card, space)
        if reason:
            self.unlisted(state, move, reason)
        return _described(rules.packed_move(state, move))

    def describe_legal(self, state: bytearray, move: int) -> MoveInfo:
        return _described(rules.packed_move(state, move))  # legal already: no second rules.check

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        """MoveInfo of every legal move, in the order of legal_moves (one pass: LegalMoves lists them all)."""
        return list(map(_described, rules.packed_moves(state)))  # a memo hit runs no Python code per move

    def read_move(self, text: str) -> tuple[int, int, int]:
        """(kind, card, space index) of a text move (-1 for a space off the table: the rules name it)."""
        kind, args = NOTATION.read(text)
        space = args.get("space", 0)
        return KINDS.index(kind), CARD_INDEX[args["card"]] if "card" in args else -1, \
            space - 1 if 1 <= space <= 6 else -1

    def find_move(self, state: bytearray, seat: int, parsed: tuple[int, int, int], text: str) -> int:
        kind, card, space = parsed
        if state[O.PHASE] == O.PARTNER and KINDS[kind] != "return":
            self.refuse("partner_must_return", text, seat)
        mover = rules.mover(state)
        if seat != mover:
            self.refuse("not_your_turn", text, seat, f"not your turn (seat {mover} is to act)")
        reason = rules.check(state, kind, card, space)
        if reason:
            self.refuse(REASON_CODES[reason], text, seat)
        return rules.join_code(kind, card, space)

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        """`exchange <card> <space>`, `<kind> <card>` or `end` from a typed move."""
        return NOTATION.write(kind, args)

    unseen_marks = O.GIVEN_BY  # a partner-exchange mark stays with the place

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """Every card `seat` may not know, one group: the deck, others' discards, others' hidden cards."""
        places = list(range(O.DECK + state[O.DECK_TOP], O.DECK + state[O.DECK_END]))
        places += [O.PILE + i for i in range(state[O.PILE_COUNT]) if state[O.PILE_DISCARDED_BY + i] != seat]
        for other in range(state[O.PLAYERS]):
            if other == seat:
                continue
            p = _seat_at(other)
            places += [p + O.SEAT_HAND + i for i in range(state[p + O.SEAT_HAND_COUNT])
                       if seat is None or state[O.GIVEN_BY + state[p + O.SEAT_HAND + i]] != seat + 1]
            places += [p + O.SEAT_BLACK_HATS + i for i in range(state[p + O.SEAT_BLACK_HAT_COUNT])]
        if state[O.OFFERED_CARD] != NO_CARD and state[O.ACTIVE_SEAT] != seat:
            places.append(O.OFFERED_CARD)
        yield places

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        return [self._game_end(state) if e[0] == O.EV_GAME_END else _kept_event(e) for e in raw]

    def _game_end(self, state: bytearray) -> Event:
        """§8.1: the favourite hats and flipped spaces made public, and the final scores."""
        final = self.view(state, None)
        return Event("game_end", {"favourites": [s["favourite"] for s in final["seats"]],
                                  "face_down_spaces": final["face_down_spaces"], "scores": final["scores"],
                                  "winners": final["winners"]})

    # -- score and view ------------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """Scores now (§10); before the end the flip is hypothetical and favourites count 0 (D14)."""
        players, cookie, tiebreak = state[O.PLAYERS], state[O.COOKIE_HOLDER], state[O.TIEBREAK]
        numbers = rules_score.score_numbers(state)
        use_black = tiebreak == 0
        if players == 4:
            teams = ((0, 2), (1, 3))
            keys = [(sum(numbers[s][3] for s in t), sum(numbers[s][4] for s in t) if use_black else 0,
                     int(cookie in t)) for t in teams]
        else:
            teams = tuple((s,) for s in range(players))
            keys = [(n[3], n[4] if use_black else 0, int(cookie == s)) for s, n in enumerate(numbers)]
        ranks, winners, reason = _rank(keys, use_black)
        seat_rank = {s: ranks[i] for i, team in enumerate(teams) for s in team}
        seats = tuple(SeatScore(s, n[3], n[3], seat_rank[s],
                                {"collection": n[0], "favourite": n[1], "cookie": n[2], "black_hats": n[4]})
                      for s, n in enumerate(numbers))
        return Scores(seats, state[O.PHASE] == O.FINISHED, tuple(sorted(s for w in winners for s in teams[w])),
                      reason, teams if players == 4 else ())

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        """What `seat` may know (None: a spectator), §8.

        Keys: game, seat, players, phase, active_seat, to_act, optional_used, move_count,
        table (ids, space 1 first), face_down_spaces (1-based, once finished), removed_types,
        deck_count, discard_count, cookie_holder (seat or None), teams, seats (per seat:
        seat, hand_count, collection, black_hat_count, played, favourite once finished),
        and the seat's own: hand, black_hats, own_discards, known_cards (cards it put in
        another seat's hand: seat, card), offered_card (pending offer, offering seat only),
        and once finished: scores (per seat breakdown) and winners.
        """
        players, phase, active = state[O.PLAYERS], state[O.PHASE], state[O.ACTIVE_SEAT]
        finished = phase == O.FINISHED
        seats = []
        for s in range(players):
            p = _seat_at(s)
            fav = state[p + O.SEAT_FAVOURITE]
            seats.append({"seat": s, "hand_count": state[p + O.SEAT_HAND_COUNT],
                          "collection": [card_id(c) for c in _cards(state, s, "collection_count", "collection")],
                          "black_hat_count": state[p + O.SEAT_BLACK_HAT_COUNT],
                          "played": state[p + O.SEAT_PLAYED], "favourite": card_id(fav) if finished else None})
        table = _table(state)
        cookie = state[O.COOKIE_HOLDER]
        view = {
            "game": "hats", "seat": seat, "players": players, "phase": PHASES[phase],
            "active_seat": None if finished else active, "to_act": self.to_act(state), "optional_used": bool(state[O.OPTIONAL_USED]),
            "move_count": rules.move_count(state), "table": [card_id(c) for c in table],
            "face_down_spaces": [k + 1 for k, c in enumerate(table)
                                 if finished and rules_score.face_up_space_of_type(state, c // 6) != k + 1],
            "removed_types": self._removed(state), "deck_count": state[O.DECK_END] - state[O.DECK_TOP],
            "discard_count": state[O.PILE_COUNT], "cookie_holder": None if cookie == NO_CARD else cookie,
            "teams": [[0, 2], [1, 3]] if players == 4 else [], "seats": seats,
            "hand": [], "black_hats": [], "own_discards": [], "known_cards": [], "offered_card": None,
        }
        if seat is not None:
            view["hand"] = [card_id(c) for c in _hand(state, seat)]
            view["black_hats"] = [card_id(c) for c in _cards(state, seat, "black_hat_count", "black_hats")]
            view["own_discards"] = [card_id(c) for c, by in _pile(state) if by == seat]
            view["known_cards"] = [{"seat": s, "card": card_id(c)} for s in range(players) if s != seat
                                   for c in _hand(state, s) if state[O.GIVEN_BY + c] == seat + 1]
            if state[O.OFFERED_CARD] != NO_CARD and seat == active:
                view["offered_card"] = card_id(state[O.OFFERED_CARD])
        if finished:
            scores = self.score(state)
            view["scores"] = [dict(s.breakdown, seat=s.seat, total=s.total, rank=s.rank) for s in scores.seats]
            view["winners"] = list(scores.winners)
        return view

    def validate(self, state: bytearray) -> None:
        problem = validate.validate(state)
        if problem:
            raise BadState("bad_state", f"not a valid hats state: {problem}")


# An event other than the game's end says the same every time: made once and shared (callers never change
# it), so the service finds its wire form again by the Event's identity (service/wire/games.py).
_kept_event = lru_cache(maxsize=1 << 14)(EVENTS.name)


@lru_cache(maxsize=1 << 13)  # 4 seats x 6 kinds x 42 cards x 6 spaces bound the distinct moves
def _described(mv: int) -> MoveInfo:
    """The MoveInfo of a move packed by rules.packed_move (shared: callers never change it)."""
    seat, kind, card, space = mv >> 24, (mv >> 16) & 0xFF, (mv >> 8) & 0xFF, mv & 0xFF
    name = KINDS[kind]
    if name == "end":
        args = {}
    elif name == "exchange":
        args = {"card": card_id(card), "space": space + 1}
    else:
        args = {"card": card_id(card)}
    return MoveInfo(seat, name, args, NOTATION.write(name, args))


def _rank(keys: list[tuple[int, int, int]], use_black: bool) -> tuple[list[int], list[int], str]:
    """Ranks (1 = best, shared on equal keys), winners' indexes and the tie-break reason (§10)."""
    ranks = [1 + sum(other > key for other in keys) for key in keys]
    top = max(k[0] for k in keys)
    tied = [i for i, k in enumerate(keys) if k[0] == top]
    if len(tied) == 1:
        return ranks, tied, ""
    if use_black:
        most = max(keys[i][1] for i in tied)
        by_black = [i for i in tied if keys[i][1] == most]
        if len(by_black) == 1:
            return ranks, by_black, "black_hats"
        tied = by_black
    with_cookie = [i for i in tied if keys[i][2]]
    if len(with_cookie) == 1:
        return ranks, with_cookie, "cookie"
    return ranks, tied, "shared"


HATS = HatsGame()
