"""White Hat and Black Hat (game ids `white_hat`, `black_hat`), spec `shared/rules/white_hat.md` (version 1.0).

Rules in brief: 3-6 players play tricks with 78 rank cards (1-13, six each), 5
jokers and one hat card. The leader plays one rank plus any wildcards; the others
play one card or exactly as many as the lead. The highest combination of the
lead's size wins, the latest on ties; a trick with the hat in it is won by the
lowest, whose player collects all cards or the hat and min(k, m) rank cards. The
winner moves one of its pawns (or an opponent's on a negative space) along the
board's arrows to the next empty space, or draws a card. Special spaces block
(Honeypot, FBI Server, Denial-of-Service) or act (DoS, Exploit, Randomizer,
Backflip); their owner decides. A round ends when a hand is empty at the end of a
trick: hand points plus pawn-space points, at least 0, add to the totals. The game
ends when a pawn reaches the Critical Asset or no pawn can move; lowest total
wins, then the lowest last round, then a shared win.

Notes on this implementation (the spec's decisions, in brief; see §12 there):
- One class serves both ids; `black_hat` has the Black Hat card, one board and no
  Backflip (§1). Variants (§7) are options: tiles, tracer, reduce_luck, celebrity, the
  two-player robot and (white_hat) solo; variants.py checks the combinations of §7.8.
  As §7.8 says, its table applies to the value in force, given or defaulted: two
  seats need robot=true and one seat solo=true (`seat_options` names them).
- Solo (rules_solo.py) reuses the state: the row is seat 1's hand block, the 8 hats are
  pawns 0-7, the markers share the tracer's fields; the row answers inside ApplyMove.
- The robot (seat 2 of a 2-player game) is moved by its controller: the controller is
  the seat that acts (`to_act`, MoveInfo.seat) for the robot's decisions, since the API
  authorizes a move by the seat that sends it; the view names the robot and the
  controller, and the robot's hand is open to all.
- Hands are multisets (D3); move codes pack the cards (moves.py), so every
  distinct multiset is one move. Deal and count-out as D5-D7; forced draws
  reshuffle the discard pile (D8); joker never stands for the hat (D9).
- Boards are data files validated at load (board.py); the state carries the
  board's current graph, checked against the file and the tiles on decode.
- Triggers queued for spaces a tile replaces are dropped when the tile is placed
  (not when reached, §5.9): the same triggers drop, only the event comes earlier.
- The state keeps the totals and the last round's scores; each round's scores are
  in its `round_scored` event.
- Score's `tiebreak` is "" (the kit's word for the spec's `none`), `last_round`
  or `shared`.
- Score mid-round marks `contains_hidden` = 1 in each seat's breakdown (§10, D46);
  solo's breakdown has `contains_hidden` = 0 and `higher_is_better` = 1.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator, Mapping

from ..core.data import DataError, Entry, entries, load
from ..core.errors import BadOption, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from ..core.options import load_specs
from ..core.reasons import rule_reasons
from . import board as boards
from . import moves, rules, variants, view
from . import rules_cards as cards, rules_check, rules_flow as flow, rules_round as rounds, rules_solo as solo, \
    validate as checks
from . import offsets as O
from .declarations import KIND_WORDS, REASON_CODES
from .state import FACES, STATE

DATA = Path(__file__).resolve().parent / "data"
VERSION = "1.0"
REASON_TEXT = {
    "not_trick_phase": "not in trick phase", "not_collect_phase": "not in collect phase",
    "not_move_phase": "not in move phase", "not_special_phase": "not in special phase",
    "must_place": "the drawn tile must be placed", "not_place_phase": "not in place phase",
    "wrong_special": "the pending special is of another type", "card_not_in_hand": "card not in hand",
    "play_at_least_one": "play at least one card", "mixed_ranks": "cards must be one rank plus jokers/hat",
    "follow_count": "must play one card or exactly k cards",
    "hat_needs_count": "the hat must be played in a combination matching the lead's count",
    "pass_not_allowed": "passing is only allowed when the hat is your last card and the lead has several cards",
    "joker_chosen": "jokers cannot be chosen", "hat_chosen": "the hat is always taken: list only rank cards",
    "collect_count": "choose exactly j rank cards", "card_not_in_trick": "card not in the trick",
    "no_such_pawn": "no such pawn", "pawn_in_jail": "pawn is in jail", "pawn_blocked": "pawn is blocked",
    "not_your_pawn": "not your pawn and not on a negative space", "no_such_destination": "no such destination",
    "dos_entering_pawn": "the pawn that entered the Denial-of-Service cannot be chosen",
    "dos_target_on_start": "target must stand on a non-start board space",
    "dos_not_start": "send the pawn to the Internet Cafe or the Public Server",
    "dos_sibling": "the owner already has a pawn on that start space", "no_such_space": "no such space",
    "exploit_same_space": "must be another space than the Exploit just entered",
    "marker_needed": "no free marker: name the marker to move", "marker_not_needed": "a marker is free: do not name one",
    "face_not_drawn": "face is not a face of the drawn tile", "no_such_slot": "no such slot",
    "backflip_bad_target": "target is blocked, in jail, on a start space, or the pawn that entered",
    "not_tracer_phase": "not in tracer phase", "tracer_cannot_move": "the tracer cannot move there",
    "not_lead_phase": "not in lead phase", "name_hat_value": "name the hat's value: play ... as <1-14>",
    "no_hat_value": "only a lead of wildcards with the hat names a value (solo)", "hat_removed": "hat was removed",
    "wrong_colour": "the row won with another colour: move a hat of that colour",
}


def _load_deck() -> tuple[int, ...]:
    """Card points from data/cards.toml, checked against the compiled kernel's table."""
    path = DATA / "cards.toml"
    rows = entries(path, load(path), "card")
    ids = [e.get("id", str) for e in rows]
    if ids != list(moves.CARD_NAMES[1:]):
        raise DataError(path, "card", "must list 1..13, J, H in order")
    points = tuple(e.get("points", int) for e in rows)
    counts = tuple(e.get("count", int) for e in rows)
    if points != cards.POINTS[1:] or counts != (6,) * 13 + (5, 1):
        raise DataError(path, "card", "points/counts disagree with the rules (D1, D2)")
    return points


POINTS = _load_deck()
NOT_LEGAL = REASON_CODES.index("not_legal")
BUILT_IN = {game: {name: boards.load_board(DATA / file, game, FACES) for name, file in files.items()}
            for game, files in boards.BUILT_IN.items()}


class WhiteHatGame(Game):
    """White Hat (and, with `black`, Black Hat)."""

    kernel = rules.KERNEL  # its `apply` is apply_in_place (engines/core/kernel.py)
    hot_rules = rules  # legal_moves, is_finished, move_count (engines/core/game.py)
    reason_codes = REASON_CODES
    state_size, state_tail, players_at = O.SIZE, True, O.PLAYERS  # (a board file's tail may follow)

    def __init__(self, game_id: str, title: str) -> None:
        self.black = game_id == "black_hat"
        boards_here = tuple(BUILT_IN[game_id])  # the built-in boards; a board file may be named too
        # §7.8: black_hat does not list solo (new() still names it when given: "no solo mode").
        options = tuple(replace(o, allowed=boards_here) if o.name == "board" else o
                        for o in load_specs(DATA / "options.toml") if not (self.black and o.name == "solo"))
        self.info = GameInfo(id=game_id, title=title, min_seats=2 if self.black else 1, max_seats=6,
                             version=VERSION, options=options)
        self.reasons = rule_reasons(game_id, REASON_TEXT)
        self.board_names = tuple(BUILT_IN[game_id])
        super().__init__()

    # -- setup ---------------------------------------------------------------------
    def new(self, players, options=None, seed=0, deck=None):
        """As Game.new; §7.8 applies to the value in force, given or defaulted: one seat without solo=true,
        or two without robot=true, are refused naming the option (see `seat_options`)."""
        if self.black and isinstance(options, Mapping) and "solo" in options:
            raise BadOption("bad_option_value", "option solo: Black Hat has no solo mode", option="solo")
        return super().new(players, options, seed, deck)

    def seat_options(self, players: int) -> dict[str, str]:
        """§7.8: one seat plays solo (white_hat only), two play with the robot."""
        return dict(variants.SEAT_OPTIONS.get(players, {})) if players != 1 or not self.black else {}

    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """Game setup (§3.1): board, pawns on the starts, dealer, round 1 (§3.2)."""
        players = variants.engine_seats(players, values)
        ref, board, tail = self._board(values["board"])
        wanted = variants.tiles_wanted(values["tiles"], board)
        luck = values["reduce_luck"]
        reduce = luck in ("deck", "both")
        order = _rigged(deck, whole_deck, reduce, players) if deck else b""
        buf = bytearray(O.SIZE)
        STATE.write(buf, "game", int(self.black))
        STATE.write(buf, "players", players)
        buf[O.TRACER_ON] = values["tracer"] == "true"
        buf[O.REDUCE_DECK], buf[O.HALF_HANDS] = reduce, luck in ("hands", "both")
        buf[O.CELEBRITY] = values["celebrity"] == "true"
        buf[O.ROBOT] = variants.ROBOT_SEAT if values["robot"] == "true" else 255
        buf[O.CONTROLLER] = 0 if values["robot"] == "true" else 255
        buf[O.TRACER_SPACE], buf[O.TRACER_STEPS], buf[O.M2_SPACE] = 255, board.steps_to_board, 255
        buf[O.PAWN_COUNT] = 2 * players
        if players == 1 and any(sp.type == "denial_of_service" for sp in board.spaces.values()):
            raise variants.refuse("board", "the solo board must have no Denial-of-Service")
        STATE.write(buf, "board_ref", ref)
        STATE.write(buf, "dealer", int(values["first_dealer"]))
        from ..core import rng
        rng.seed_into(buf, O.RNG, seed)
        pawn_count = 8 if players == 1 else 2 * players
        buf[O.SOLO], buf[O.PAWN_COUNT] = players == 1, pawn_count
        for p in range(12):
            buf[O.PAWNS + p] = (board.internet_cafe if p % 2 == 0 else board.public_server) if p < pawn_count \
                else 255
        for i in range(2):
            buf[O.MARKER_SPACE + i] = 255
        for i in range(5):
            buf[O.SLOT_FACE + i] = 255
        buf[O.DRAWN_TILE] = 255
        buf[O.CAFE], buf[O.SERVER], buf[O.CRITICAL_ASSET] = board.internet_cafe, board.public_server, \
            board.critical_asset
        buf[O.JAIL_VALUE] = board.jail_value & 255
        buf[O.SLOT_COUNT] = len(board.slots)
        for i, slot in enumerate(board.slots):
            buf[O.SLOT_HOSTS + 4 * i:O.SLOT_HOSTS + 4 * i + 4] = bytes(slot.hosts)
        buf[O.BOARD_START:O.BOARD_START + O.BOARD_SIZE] = _arrays(board, (255,) * 5)
        variants.place_setup_tiles(buf, wanted, board)
        if buf[O.CELEBRITY]:
            variants.deal_status_cards(buf, players)
        if buf[O.SOLO]:
            if deck:
                raise BadOption("bad_deck", "deck: a rigged deck is not offered in solo", option="deck")
            buf[O.TRICK_ORDER:O.TRICK_ORDER + 6] = bytes([0, 255, 255, 255, 255, 255])
            solo.setup(buf, None)
        else:
            rounds.start_round(buf, True, order, None)
        return buf + tail

    def _board(self, value: str) -> tuple[int, boards.Board, bytes]:
        """(board_ref, board, tail) for option `board` (§7.1): a built-in name, the JSON text of a board, or
        the name of a board file in this package's data folder (never any other path: options come from
        API clients)."""
        if value in BUILT_IN[self.info.id]:
            return 1 + self.board_names.index(value), BUILT_IN[self.info.id][value], b""
        inline = value.lstrip().startswith("{")
        path = DATA / Path(value).name
        if not inline and not (value.endswith(".json") and path.is_file() and Path(value).name != "tiles.json"
                               and (Path(value) == path or Path(value).name == value)):
            raise BadOption("bad_option_value", f"option board: unknown board {value[:40]!r} for {self.info.id}",
                            option="board")
        try:
            board = boards.load_board(value if inline else path, self.info.id, FACES)
            raw = value.encode() if inline else path.read_bytes()
        except (DataError, OSError) as exc:
            raise BadOption("bad_option_value", f"option board: invalid board: {exc}", option="board") from None
        return 0, board, raw

    def board_of(self, state: bytearray) -> boards.Board:
        ref = state[O.BOARD_REF]
        if ref:
            return BUILT_IN[self.info.id][self.board_names[ref - 1]]
        return _custom(self.info.id, bytes(state[O.SIZE:]))

    def setup_events(self, state: bytearray) -> list[Event]:
        return view.setup_events(self, state)

    # -- moves ---------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        seat = rules.mover(state)
        return [] if seat == 255 else [seat]

    def read_move(self, text: str) -> tuple:
        return moves.read(text)

    def find_move(self, state: bytearray, seat: int, parsed: tuple, text: str) -> int:
        """The code of a read move, or IllegalMove with the first failing check of §8.2."""
        kind = KIND_WORDS.index(parsed[0]) + (parsed[0] == "collect" and parsed[1] == "hat")
        reason = rules_check.phase_reason(state, kind)
        if reason:
            self.refuse(REASON_CODES[reason], text, seat)
        mover = rules.mover(state)
        if seat != mover:
            robot = state[O.ROBOT]
            if state[O.TO_ACT] == robot != 255:
                why = f"not your turn (seat {mover} is to act): " + (
                    f"seat {seat} does not control the robot" if seat != robot
                    else f"the robot's moves are made by its controller, seat {mover}")
                self.refuse("not_your_turn", text, seat, why)
            self.refuse("not_your_turn", text, seat, f"not your turn (seat {mover} is to act)")
        code, reason = moves.code_of(state, parsed)
        if not reason:
            reason = rules_check.check(state, code)
        if reason:
            self._refuse(state, REASON_CODES[reason], text, seat)
        return code

    def _refuse(self, state: bytearray, code: str, move: object, seat: int | None):
        detail = None
        if code == "wrong_colour":
            detail = _colour_refusal(state)
        elif code == "follow_count":
            detail = f"must play one card or exactly {state[O.LEAD_COUNT]} cards"
        elif code == "collect_count":
            detail = f"choose exactly {flow.collect_size(state)} rank cards"
        elif code == "wrong_special":
            detail = f"the pending special is a {boards.TYPES[state[O.PENDING + 2]]}"
        elif code == "dos_sibling" and isinstance(move, str):
            pawn = moves.read(move)[1]
            start = "Internet Cafe" if state[O.PAWNS + (pawn ^ 1)] == state[O.CAFE] else "Public Server"
            detail = f"seat {pawn // 2} already has a pawn on the {start}"
        elif code == "not_legal":
            detail = f"not a legal move now ({len(rules.legal_moves(state))} legal codes, see legal_moves)"
        self.refuse(code, move, seat, detail)

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        return view.events(self, state, raw)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        ok = isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 2 ** 62
        reason = rules_check.check(state, move) if ok else NOT_LEGAL
        if reason:
            self.unlisted(state, move, reason)
        return moves.info(rules.mover(state), move, state[O.SOLO])

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        seat, one = rules.mover(state), state[O.SOLO]
        return [moves.info(seat, code, one) for code in rules.legal_moves(state)]

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        return moves.text_of(kind, args)

    # -- score, view, checks ---------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """§10: provisional round scores while a round runs, the final ones once finished."""
        n, finished = state[O.PLAYERS], rules.is_finished(state)
        if state[O.SOLO]:
            return _solo_score(state, finished)
        rows = rules.seat_rows(state)  # the numbers the kernel's outcome ranks (rules._outcome)
        if state[O.CELEBRITY]:
            ranks, winners, reason = variants.celebrity_rank(rows, list(state[O.STATUS:O.STATUS + n]))
        else:
            ranks, winners, reason = rank(rows)
        hidden = int(not finished)  # hands (and with celebrity the status cards) are hidden until the end (D46)
        seats = tuple(SeatScore(s, rnd, total, ranks[s], {"cards": card, "pawns": pawn, "banked": total - rnd,
                                                          "contains_hidden": hidden})
                      for s, rnd, total, card, pawn in rows)
        return Scores(seats, finished, winners, reason)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view.view(self, state, seat)

    def validate(self, state: bytearray) -> None:
        if len(state) < O.SIZE:
            raise BadState("bad_state", f"not a valid {self.info.id} state: {len(state)} bytes, expected "
                           f"{O.SIZE}")
        problem = checks.validate(state, int(self.black), len(self.board_names))
        if not problem:
            problem = self._board_problem(state)
        if problem:
            raise BadState("bad_state", f"not a valid {self.info.id} state: {problem}")

    def _board_problem(self, state: bytearray) -> str:
        """"" or what is wrong with the state's board: its constants and its graph for the faces on its slots."""
        if (state[O.BOARD_REF] == 0) != (len(state) > O.SIZE):
            return "board tail"
        try:
            board = self.board_of(state)
        except (DataError, ValueError, RecursionError):
            return "custom board"
        slots = len(board.slots)
        faces = tuple(state[O.SLOT_FACE:O.SLOT_FACE + slots])
        if state[O.SLOT_FACE + slots:O.SLOT_FACE + 5].count(255) != 5 - slots:
            return "slots"
        if state[O.CAFE:O.CAFE + 5 + 4 * slots] != _constants(board):
            return "board constants"
        if state[O.BOARD_START:O.BOARD_START + O.BOARD_SIZE] != _arrays(board, faces):
            return "board graph"
        if state[O.TRACER_STEPS] != board.steps_to_board:
            return "tracer track"
        return ""

    def unseen(self, state: bytearray, seat: int | None) -> Iterator[list[int]]:
        """The one group of places `seat` cannot see: the deck. The others' hands (a count per rank) and the
        status cards (the unused ones have no place) are not places, so `redeal_unseen` below re-deals them."""
        yield list(range(O.DECK + state[O.DECK_TOP], O.DECK + state[O.DECK_END]))

    def redeal_unseen(self, state: bytearray, seat: int | None, shuffle: Callable[[list], None]) -> bytearray:
        """The rank cards and jokers in others' hands and the deck, permuted (hand sizes and the hat stay), and
        the status cards `seat` cannot see (the others' and the unused ones) until the game is finished; the
        robot's open hand and status card stay. Its own, not the core's loop over places (`unseen`): a hand
        here is a count per rank, and the unused status cards have no place in the state."""
        new = bytearray(state)
        n = state[O.PLAYERS]
        others = [s for s in range(n) if s != seat and s != state[O.ROBOT]]
        if state[O.CELEBRITY] and not rules.is_finished(state):
            used = set(state[O.STATUS:O.STATUS + n])
            pool = [state[O.STATUS + s] for s in others] + [c for c in variants.STATUS_CARDS if c not in used]
            shuffle(pool)
            for s, card in zip(others, pool):
                new[O.STATUS + s] = card
        pool = [c for s in others for c in range(1, 15) for _ in range(state[O.HANDS + 16 * s + c])]
        sizes = [sum(state[O.HANDS + 16 * s + c] for c in range(1, 15)) for s in others]
        deck = list(state[O.DECK + state[O.DECK_TOP]:O.DECK + state[O.DECK_END]])
        pool += deck
        shuffle(pool)
        for s, size in zip(others, sizes):
            for c in range(1, 15):
                new[O.HANDS + 16 * s + c] = 0
            for c in pool[:size]:
                new[O.HANDS + 16 * s + c] += 1
            pool = pool[size:]
        new[O.DECK + state[O.DECK_TOP]:O.DECK + state[O.DECK_END]] = bytes(pool)
        self.validate(new)
        return new


def _solo_score(state: bytearray, finished: bool) -> Scores:
    """§10 solo: per colour (K, W, O, B) the provisional round score and the total; the seat's total is the
    lowest colour total (the final score; higher is better), the only winner seat 0."""
    rounds, totals = zip(*rules.colour_rows(state))
    low = min(range(4), key=lambda c: (totals[c], c))
    breakdown = {f"{name}_{part}": value for c, name in enumerate("KWOB")
                 for part, value in (("round", rounds[c]), ("total", totals[c]))}
    breakdown.update(contains_hidden=0, higher_is_better=1)  # the deck's order is all that is hidden: unscored
    return Scores((SeatScore(0, rounds[low], totals[low], 1, breakdown),), finished, (0,), "")


def rank(rows: list[tuple]) -> tuple[dict[int, int], tuple[int, ...], str]:
    """§6.3: lowest total, then the lowest last round, then shared; ranks 1, 1, 3 on full ties."""
    keys = {s: (total, rnd) for s, rnd, total, _, _ in rows}
    ranks = {s: 1 + sum(other < key for other in keys.values()) for s, key in keys.items()}
    best_total = min(k[0] for k in keys.values())
    tied = [s for s, k in keys.items() if k[0] == best_total]
    if len(tied) == 1:
        return ranks, tuple(tied), ""
    best_round = min(keys[s][1] for s in tied)
    last = [s for s in tied if keys[s][1] == best_round]
    return ranks, tuple(last), "last_round" if len(last) == 1 else "shared"


def _rigged(deck: list[str], whole: bool, reduce: bool, n: int) -> bytes:
    """A rigged round-1 deck (card names, top first) over the deck's multiset (83 cards, fewer with
    reduce_luck); the rest in canonical order."""
    left = {c: rounds.copies(reduce, n, c) for c in range(1, 15)}
    order = []
    for name in deck:
        card = moves.CARD_OF.get(name)
        if card is None or card == 15:
            raise BadOption("bad_deck", f"deck: {name[:12]!r} is not a card of the deck (1-13, J)", option="deck")
        if left[card] == 0:
            raise BadOption("bad_deck", f"deck: too many {name!r} (the deck has {rounds.copies(reduce, n, card)})",
                            option="deck")
        left[card] -= 1
        order.append(card)
    if whole and any(left.values()):
        raise BadOption("bad_deck", f"deck: not a permutation of the {sum(left.values()) + len(order)}-card deck",
                        option="deck")
    order += [c for c in range(1, 15) for _ in range(left[c])]
    return bytes(order)


def _colour_refusal(state: bytearray) -> str:
    colour = "KWOB"[state[O.SOLO_COLOUR]]
    card = {"K": "Yellow", "W": "Green", "O": "Brown", "B": "Blue"}[colour]
    hat = {"K": "Black", "W": "White", "O": "Orange", "B": "Blue"}[colour]
    return f"the row won with {card}: move a {hat} hat"


@lru_cache(maxsize=32)
def _constants(board: boards.Board) -> bytes:
    """The board's fields of the state: the special spaces, the jail value, the slots and their hosts."""
    return bytes([board.internet_cafe, board.public_server, board.critical_asset, board.jail_value & 255,
                  len(board.slots)]) + b"".join(bytes(s.hosts) for s in board.slots)


@lru_cache(maxsize=256)
def _arrays(board: boards.Board, faces: tuple[int, ...]) -> bytes:
    return boards.arrays(board, faces, FACES)


@lru_cache(maxsize=32)
def _custom(game_id: str, raw: bytes) -> boards.Board:
    """The custom board embedded in a state (its JSON bytes), checked once per content; never a path."""
    import hashlib
    import json
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("the embedded board is not a JSON object")
    return boards.check_board(Path("embedded board"), data, game_id, FACES, hashlib.sha256(raw).hexdigest())


WHITE_HAT = WhiteHatGame("white_hat", "White Hat")
BLACK_HAT = WhiteHatGame("black_hat", "Black Hat")
