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
  two-player robot and (white_hat) solo; the setup below checks the combinations of §7.8.
  As §7.8 says, its table applies to the value in force, given or defaulted: two
  seats need robot=true and one seat solo=true (`seat_options` names them).
- Solo (rules_solo.py) reuses the state: the row is seat 1's hand block, the 8 hats are
  pawns 0-7, the markers share the tracer's fields; the row answers inside ApplyMove.
- The robot (seat 2 of a 2-player game) is moved by its controller: the controller is
  the seat that acts (`to_act`, MoveInfo.seat) for the robot's decisions, since the API
  authorizes a move by the seat that sends it; the view names the robot and the
  controller, and the robot's hand is open to all.
- Hands are multisets (D3); move codes pack the cards (§8.2, read and written below), so every
  distinct multiset is one move. Deal and count-out as D5-D7; forced draws
  reshuffle the discard pile (D8); joker never stands for the hat (D9).
- Boards are data files validated at load (declarations.py); the state carries the
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

from ..core import rng
from ..core.data import DataError, entries, load
from ..core.errors import BadMoveText, BadOption, BadState
from ..core.game import Event, Game, GameInfo, MoveInfo, Scores, SeatScore
from ..core.options import load_specs
from ..core.reasons import rule_reasons
from . import rules
from . import rules_cards as cards, rules_check, rules_flow as flow, rules_pawns as pawns, rules_round as rounds, \
    rules_solo as solo, rules_tiles as tiles, validate as checks
from . import offsets as O
from .declarations import (BOARD_FILES, CARD_NAMES, EVENTS, FACE_NAMES, HATS, KIND_WORDS, MAX_OUT, NONE, NOTATION,
                           PHASES, REASON_CODES, SLOT_IDS, TYPES, Board, arrays, cards_text, check_board, load_board,
                           pawn_name, play_text)
from .state import FACES, STATE


# -- moves (§8.2): a text move's code, a code's MoveInfo; the texts are NOTATION's -----------------------------------

CARD_OF = {name: i for i, name in enumerate(CARD_NAMES) if name}
HAT_BASE = 16  # read_move() gives hat i as HAT_BASE + i; code_of maps it to pawn i in solo only


def read_move(text: str) -> tuple:
    """(keyword, arguments as numbers) of a text move, read through NOTATION: syntax only."""
    word, args = NOTATION.read(text)
    if word in ("pass", "randomize", "skip"):
        return (word,)
    if word == "play":
        return (word, [CARD_OF[c] for c in args["cards"]], args.get("value", 0))
    if word == "collect":
        if args["choice"] == "all":
            if args["cards"]:
                raise BadMoveText("bad_move_text", f"bad move text {text[:40]!r}: 'collect all' names no cards")
            return (word, "all")
        return (word, "hat", [CARD_OF[c] for c in args["cards"]])
    if word == "tracer":
        return (word, args["space"])
    if word == "exploit":
        marker = args.get("marker")
        return (word, args["space"], args["sign"], int(marker[1]) if marker else 0)
    if word == "place":
        return (word, FACE_NAMES.index(args["face"]), SLOT_IDS.index(args["slot"]))
    pawn = args["pawn"]
    number = HAT_BASE + HATS.index(pawn) if pawn in HATS else 2 * int(pawn[0]) + (pawn[1] == "b")
    return (word, number, args["space"])


def code_of(state: bytearray, parsed: tuple) -> tuple[int, int]:
    """(move code, pre-check reason or 0) for a read move: reasons the code cannot carry come first."""
    word = parsed[0]
    if word in ("pass", "randomize", "skip"):
        return {"pass": O.K_PASS, "randomize": O.K_RANDOMIZE, "skip": O.K_SKIP}[word], 0
    if word == "play":
        code, reason = _play_code(state, parsed[1])
        return code | (parsed[2] << 15), reason
    if word == "collect":
        if parsed[1] == "all":
            return O.K_COLLECT_ALL, 0
        listed = parsed[2]
        if 14 in listed:
            return O.K_COLLECT_HAT, REASON_CODES.index("joker_chosen")
        if 15 in listed:
            return O.K_COLLECT_HAT, REASON_CODES.index("hat_chosen")
        code = O.K_COLLECT_HAT
        for r in set(listed):
            code |= min(listed.count(r), 7) << (4 + 3 * (r - 1))
        return code, 0  # a count above 6 (clamped to 7) is never in a trick: refused by the check
    if word == "exploit":
        _, space, sign, marker = parsed
        return O.K_EXPLOIT | (_on_board(state, space) << 4) | ((sign > 0) << 10) | (marker << 11), 0
    if word == "place":
        return O.K_PLACE | (parsed[1] << 4) | (parsed[2] << 8), 0
    if word == "tracer":
        return O.K_TRACER | (_on_board(state, parsed[1]) << 8), 0
    kind = {"move": O.K_MOVE, "dos": O.K_DOS, "backflip": O.K_BACKFLIP}[word]
    solo = state[O.SOLO]
    pawn = parsed[1] - HAT_BASE if solo and parsed[1] >= HAT_BASE else parsed[1] if not solo and parsed[1] < 12 \
        else 15
    return kind | (pawn << 4) | (_on_board(state, parsed[2]) << 8), 0


def _on_board(state: bytearray, space: int) -> int:
    """`space` if it is a board space id, else an id that is no space (so the check refuses it)."""
    types = O.SPACE_TYPE
    if 0 <= space < 64 and state[types + space] != 255:
        return space
    for sid in range(63, -1, -1):
        if state[types + sid] == 255:
            return sid
    return 63


def _play_code(state: bytearray, listed: list[int]) -> tuple[int, int]:
    hand = O.HANDS + state[O.TO_ACT] % 6 * O.HAND_SIZE
    for c in set(listed):
        if listed.count(c) > state[hand + c]:
            return O.K_PLAY, REASON_CODES.index("card_not_in_hand")
    if not listed:
        return O.K_PLAY, REASON_CODES.index("play_at_least_one")
    ranks = {c for c in listed if c < 14}
    if len(ranks) > 1:
        return O.K_PLAY, REASON_CODES.index("mixed_ranks")
    rank = ranks.pop() if ranks else 0
    n, j, h = listed.count(rank) if rank else 0, listed.count(14), listed.count(15)
    return O.K_PLAY | (rank << 4) | (n << 8) | (j << 11) | (h << 14), 0


def move_info_of(seat: int, code: int, solo: int = 0) -> MoveInfo:
    """The MoveInfo of a legal move code (`solo`: pawns are the solo hats)."""
    kind = code & 15
    word, args = KIND_WORDS[kind], {}
    if kind == O.K_PLAY:
        rank, n, j, h = (code >> 4) & 15, (code >> 8) & 7, (code >> 11) & 7, (code >> 14) & 1
        args = {"cards": [CARD_NAMES[rank]] * n + ["J"] * j + ["H"] * h}
        if (code >> 15) & 15:
            args["value"] = (code >> 15) & 15
    elif kind == O.K_COLLECT_ALL:
        args = {"choice": "all", "cards": []}
    elif kind == O.K_COLLECT_HAT:
        args = {"choice": "hat", "cards": [CARD_NAMES[r] for r in range(1, 14)
                                           for _ in range((code >> (4 + 3 * (r - 1))) & 7)]}
    elif kind in (O.K_MOVE, O.K_DOS, O.K_BACKFLIP):
        args = {"pawn": pawn_name((code >> 4) & 15, solo), "space": (code >> 8) & 63}
    elif kind == O.K_EXPLOIT:
        marker = (code >> 11) & 3
        args = {"space": (code >> 4) & 63, "sign": 1 if (code >> 10) & 1 else -1,
                "marker": f"x{marker}" if marker else ""}
    elif kind == O.K_TRACER:
        args = {"space": (code >> 8) & 63}
    elif kind == O.K_PLACE:
        args = {"face": FACE_NAMES[(code >> 4) & 15], "slot": SLOT_IDS[(code >> 8) & 7]}
    return MoveInfo(seat, word, args, NOTATION.write(word, args))


def text_of(kind: str, args: Mapping[str, object]) -> str:
    """The text form of a typed move (MoveInfo's kind and args)."""
    if kind in ("play", "collect"):
        # A typed message leaves an empty list out (or gives its own sequence type), and collect's choice
        # defaults to hat.
        cards = args.get("cards")
        args = {**args, "cards": cards if isinstance(cards, str) else list(cards or ())}
        if kind == "collect":
            args["choice"] = args.get("choice") or "hat"
    return NOTATION.write(kind, args)


# -- variants at setup and at the end (§7): allowed combinations (§7.8), setup tiles (§7.2), celebrity (§7.5) --

ROBOT_SEAT = 2
STATUS_CARDS = tuple(range(10, 55, 5))  # D4: 10, 15, ..., 50
SEAT_OPTIONS = {1: {"solo": "true"}, 2: {"robot": "true"}}  # §7.8: the only ways to play with 1 or 2 seats


def option_refused(option: str, why: str) -> BadOption:
    return BadOption("bad_option_value", f"option {option}: {why}", option=option)


def engine_seats(players: int, values: Mapping[str, str]) -> int:
    """The engine's seat count for `players` human seats, with the options checked against §7.8."""
    if values.get("solo", "false") == "true" or players == 1:
        return _solo_seats(players, values)
    robot = values["robot"] == "true"
    if players == 2 and not robot:
        raise option_refused("robot", "two seats need robot=true (the robot plays the third seat, §7.6)")
    if players != 2 and robot:
        raise option_refused("robot", f"robot=true needs exactly 2 seats, not {players}")
    n = 3 if robot else players
    dealer = int(values["first_dealer"])
    if dealer >= n:
        raise option_refused("first_dealer", f"first_dealer={dealer} is not a seat (0..{n - 1})")
    return n


SOLO_DEFAULTS = {"tracer": "false", "reduce_luck": "off", "celebrity": "false", "robot": "false", "first_dealer": "0"}


def _solo_seats(players: int, values: Mapping[str, str]) -> int:
    """§7.8, one seat: solo=true, and the other variants at their defaults (the markers replace the tracer)."""
    if values.get("solo") != "true":
        raise option_refused("solo", "one seat needs solo=true (the solo game, white_hat only)")
    if players != 1:
        raise option_refused("solo", f"solo=true needs exactly 1 seat, not {players}")
    for name, default in SOLO_DEFAULTS.items():
        if values[name] != default:
            raise option_refused(name, f"{name}={values[name]} is not allowed in solo (only {default})")
    return 1


def tiles_wanted(value: str, board: Board) -> int | list[tuple[int, int]]:
    """Option `tiles` (§7.2): a count of random tiles, or the explicit (slot index, face index) list."""
    slots = [s.id for s in board.slots]
    if value.isascii() and value.isdigit() and len(value) <= 2:
        count = int(value)
        if count > 5:
            raise option_refused("tiles", f"tiles={count}: at most 5 tiles (0-5, or a list such as A=3b,C=1a)")
        if count > len(slots):
            raise option_refused("tiles", f"tiles={count}: the board has only {len(slots)} slots")
        return count
    placed: list[tuple[int, int]] = []
    items = value.split(",")
    if len(items) > 5:
        raise option_refused("tiles", "at most 5 tiles")
    for item in items:
        slot, _, face = item.strip().partition("=")
        if slot not in slots:
            raise option_refused("tiles", f"{item.strip()[:12]!r}: expected <slot>=<face>, a slot of this board "
                         f"({', '.join(slots)}) and a face 1a..6b (or a count 0-5)")
        if face not in FACE_NAMES:
            raise option_refused("tiles", f"{item.strip()[:12]!r}: {face[:8]!r} is not a tile face (1a..6b)")
        entry = (slots.index(slot), FACE_NAMES.index(face))
        if any(s == entry[0] for s, _ in placed):
            raise option_refused("tiles", f"slot {slot} is named twice")
        if any(f // 2 == entry[1] // 2 for _, f in placed):
            raise option_refused("tiles", f"tile {entry[1] // 2 + 1} is used twice")
        placed.append(entry)
    return placed


def place_setup_tiles(buf: bytearray, wanted: int | list[tuple[int, int]], board: Board) -> None:
    """Put the setup tiles on the board (no triggers: no pawn is on a slot yet). Random tiles (D35, D47):
    a tile from the supply (ascending ids), a face (a, b), a slot among the free ones (alphabetical)."""
    if isinstance(wanted, list):
        for slot, face in wanted:
            tiles.place(buf, face, slot, None)
        return
    order = sorted(range(len(board.slots)), key=lambda i: board.slots[i].id)
    for _ in range(wanted):
        used = {buf[O.SLOT_FACE + i] // 2 + 1 for i in order if buf[O.SLOT_FACE + i] != NONE}
        supply = [t for t in range(1, 7) if t not in used]
        tile = supply[rng.below(buf, O.RNG, len(supply))]
        side = rng.below(buf, O.RNG, 2)
        free = [i for i in order if buf[O.SLOT_FACE + i] == NONE]
        slot = free[rng.below(buf, O.RNG, len(free))]
        tiles.place(buf, 2 * (tile - 1) + side, slot, None)


def deal_status_cards(buf: bytearray, n: int) -> None:
    """§3.1 step 3: the 9 status cards, ascending, shuffled (D47), one to each seat in seat order."""
    scratch = O.DECK  # the deck is dealt after this, so its cells are free scratch space here
    buf[scratch:scratch + 9] = bytes(STATUS_CARDS)
    rng.shuffle(buf, O.RNG, scratch, 9)
    for s in range(n):
        buf[O.STATUS + s] = buf[scratch + s]
    buf[scratch:scratch + 9] = bytes(9)


def celebrity_rank(rows: list[tuple], status: list[int]) -> tuple[dict[int, int], tuple[int, ...], str]:
    """§7.5 (D30): the smallest |total - status|; then below the status beats above; then the lowest last
    round; then shared. Ranks order every seat by the same steps (1, 1, 3 on full ties)."""
    keys = {}
    for s, rnd, total, _, _ in rows:
        keys[s] = (abs(total - status[s]), total > status[s], rnd)
    ranks = {s: 1 + sum(other < key for other in keys.values()) for s, key in keys.items()}
    best = min(keys.values())
    winners = tuple(s for s, k in keys.items() if k == best)
    closest = [s for s, k in keys.items() if k[0] == best[0]]
    if len(closest) == 1:
        reason = ""
    elif len({keys[s][1] for s in closest}) > 1 and len([s for s in closest if keys[s][:2] == best[:2]]) == 1:
        reason = "below_status"
    elif len(winners) == 1:
        reason = "last_round"
    else:
        reason = "shared"
    return ranks, winners, reason


# -- views (§9.2) and events (§9.3): what each seat may know; a drawn card and dealt hands are private ---------------

def _hand(state: bytearray, seat: int) -> list[int]:
    return [c for c in range(1, 16) for _ in range(state[O.HANDS + 16 * seat + c])]


def board_view(game: "WhiteHatGame", state: bytearray) -> dict:
    """The board as it is now: spaces (with the tiles' names, types and effective values), arrows, slots."""
    board = game.board_of(state)
    faces = [state[O.SLOT_FACE + i] for i in range(len(board.slots))]
    spaces, arrows = [], []
    for sid in sorted(board.spaces):
        space = board.spaces[sid]
        name = space.name
        slot = board.slot_of(sid)
        if slot >= 0 and faces[slot] != 255:
            name = FACES[faces[slot]].names[board.slots[slot].hosts.index(sid)]
        kind = TYPES[state[O.SPACE_TYPE + sid]]
        value = STATE.read(state, "space_value", sid)
        spaces.append({"id": sid, "name": name, "type": kind, "value": value,
                       "effective_value": pawns.value_of(state, sid), "x": space.x, "y": space.y,
                       "depth": space.depth, "slot": space.slot or "", "pos": space.pos or ""})
        for i in range(state[O.OUT_COUNT + sid]):
            arrows.append({"from": sid, "to": state[O.OUT + sid * MAX_OUT + i]})
    on_board = {f // 2 + 1 for f in faces if f != 255}
    return {"id": board.id, "title": board.title, "side": board.side, "width": board.width,
            "height": board.height, "internet_cafe": board.internet_cafe, "public_server": board.public_server,
            "critical_asset": board.critical_asset, "jail_value": board.jail_value, "spaces": spaces,
            "arrows": arrows,
            "slots": [{"id": s.id, "x": s.origin[0], "y": s.origin[1], "hosts": list(s.hosts),
                       "face": FACE_NAMES[f] if f != 255 else ""} for s, f in zip(board.slots, faces)],
            "tile_supply": [t for t in range(1, 7) if t not in on_board]}


def view_of(game: "WhiteHatGame", state: bytearray, seat: int | None) -> dict:
    n, phase = state[O.PLAYERS], state[O.PHASE]
    holder = next((s for s in range(n) if state[O.HANDS + 16 * s + 15]), None)
    trick_pos = state[O.TRICK_POS] if phase in (O.TRICK, O.COLLECT) else 0
    plays = []
    for pos in range(trick_pos):
        p = O.PLAYS + pos * 5
        plays.append({"seat": state[O.TRICK_ORDER + pos], "cards": play_text(state[p + 1:p + 5]),
                      "passed": state[p] == 2})
    pending = None
    if phase == O.SPECIAL:
        pending = {"type": TYPES[state[O.PENDING + 2]], "pawn": pawn_name(state[O.PENDING], state[O.SOLO]),
                   "space": state[O.PENDING + 1], "seat": state[O.TO_ACT]}
    lead = plays[0]["cards"] if plays else []
    lead_ranks = [c for c in lead if c not in ("J", "H")]
    to_act = rules.mover(state)
    return {
        "game": game.info.id, "seat": seat, "players": n, "phase": PHASES[phase],
        "to_act": None if to_act == 255 else to_act, "move_count": rules.move_count(state),
        "round": STATE.read(state, "round"), "dealer": state[O.DEALER], "count_out": CARD_NAMES[state[O.COUNT_OUT]],
        "hat_holder": state[O.HAT_HOLDER], "hat_seat": holder, "hat_in_trick": holder is None,
        "trick": {"leader": state[O.LEADER], "order": [state[O.TRICK_ORDER + i] for i in range(n)],
                  "lead_count": state[O.LEAD_COUNT] if plays else 0,
                  "lead_value": (int(lead_ranks[0]) if lead_ranks else 14) if plays else 0,
                  "hat_played": bool(state[O.HAT_PLAYED]) if plays else False, "plays": plays,
                  "winner": None if state[O.WINNER] == 255 else state[O.WINNER]},
        "hand_counts": [sum(state[O.HANDS + 16 * s + 1:O.HANDS + 16 * s + 16]) for s in range(n)],
        "hand": cards_text(_hand(state, seat)) if seat is not None else [],
        "deck_count": state[O.DECK_END] - state[O.DECK_TOP],
        "discard": [CARD_NAMES[c] for c in state[O.PILE:O.PILE + state[O.PILE_COUNT]]],
        "totals": [STATE.read(state, "totals", s) for s in range(n)],
        "last_round": [STATE.read(state, "last_round", s) for s in range(n)] if STATE.read(state, "rounds_scored")
        else [],
        "rounds_scored": STATE.read(state, "rounds_scored"),
        "pawns": [_pawn(state, p) for p in range(state[O.PAWN_COUNT])],
        "markers": [{"marker": f"x{i + 1}", "space": state[O.MARKER_SPACE + i],
                     "sign": STATE.read(state, "marker_sign", i)} for i in range(2) if state[O.MARKER_SPACE + i] != 255],
        "pending": pending, "drawn_tile": state[O.DRAWN_TILE] if state[O.DRAWN_TILE] != 255 else 0,
        "honeypot_entered": bool(state[O.HONEYPOT_ENTERED]), "board": board_view(game, state),
        **_variants(state, seat),
    }


def _variants(state: bytearray, seat: int | None) -> dict:
    """The variants' part of a view: options in force, the robot, the tracer, the status cards it may see."""
    n, robot = state[O.PLAYERS], state[O.ROBOT]
    finished = state[O.PHASE] == O.FINISHED
    status = [state[O.STATUS + s] if finished or s in (seat, robot) else 0 for s in range(n)] \
        if state[O.CELEBRITY] else []
    luck = ("off", "deck", "hands", "both")[state[O.REDUCE_DECK] + 2 * state[O.HALF_HANDS]]
    return {
        "reduce_luck": luck, "celebrity": bool(state[O.CELEBRITY]),
        "robot": None if robot == 255 else robot, "controller": None if robot == 255 else state[O.CONTROLLER],
        "robot_hand": cards_text(_hand(state, robot)) if robot != 255 else [],
        "tracer": {"enabled": bool(state[O.TRACER_ON]), "index": state[O.TRACER_INDEX],
                   "space": None if state[O.TRACER_SPACE] == 255 else state[O.TRACER_SPACE],
                   "steps_to_board": state[O.TRACER_STEPS]},
        "status": state[O.STATUS + seat] if state[O.CELEBRITY] and seat is not None else 0,
        "status_cards": status, "solo": _solo(state) if state[O.SOLO] else None,
    }


def _solo(state: bytearray) -> dict:
    """Solo (§9.2): the row, the hat beside it, the markers, the colour scores, the colour that may move."""
    row = O.HANDS + 16
    m1, m2 = state[O.TRACER_SPACE], state[O.M2_SPACE]
    colour = state[O.SOLO_COLOUR]
    return {"row": [CARD_NAMES[r] for r in range(1, 14) for _ in range(state[row + r])],
            "hat_at_row": bool(state[row + 15]),
            "markers": {"index": state[O.TRACER_INDEX], "m1": None if m1 == 255 else m1,
                        "m2": None if m2 == 255 else m2},
            "colour_totals": [STATE.read(state, "totals", c) for c in range(4)],
            "colour_last_round": [STATE.read(state, "last_round", c) for c in range(4)]
            if STATE.read(state, "rounds_scored") else [],
            "lead_value": state[O.LEAD_VALUE], "row_won": state[O.WINNER] == 1,
            "move_colour": "KWOB"[colour] if colour < 4 and state[O.PHASE] == O.MOVE else ""}


def _pawn(state: bytearray, p: int) -> dict:
    space = state[O.PAWNS + p]
    jailed = space == 254
    return {"pawn": pawn_name(p, state[O.SOLO]), "seat": 0 if state[O.SOLO] else p // 2, "space": None if jailed else space,
            "blocked": not jailed and pawns.is_blocking(state, space), "jailed": jailed}


def setup_events(game: "WhiteHatGame", state: bytearray) -> list[Event]:
    """The deal's events: game_setup, then the status cards, the round's start and the hands as raw events named
    through EVENTS, as the rules' own."""
    n, robot = state[O.PLAYERS], state[O.ROBOT]
    events = [Event("game_setup", {"game": game.info.id, "board": game.board_of(state).id, "players": n,
                                   "pawns": [_pawn(state, p) for p in range(state[O.PAWN_COUNT])]})]
    hands = [state[O.HANDS + 16 * s:O.HANDS + 16 * s + 16] for s in range(n)]
    if state[O.SOLO]:  # no count-out and no deal: the row is in the view, the hand is private
        return events + [EVENTS.name((O.EV_DEALT, 0, hands[0]))]
    raws: list = []
    if robot != 255:
        events[0].public["robot"] = robot
    if state[O.CELEBRITY]:  # each seat's own card; the robot's is open (§9.3)
        if robot != 255:
            events[0].public["robot_status"] = state[O.STATUS + robot]
        raws += [(O.EV_STATUS_CARD, s, state[O.STATUS + s]) for s in range(n) if s != robot]
    start = (STATE.read(state, "round"), state[O.DEALER], state[O.COUNT_OUT], state[O.HAT_HOLDER],
             [sum(h) for h in hands], state[O.LEADER], list(state[O.TRICK_ORDER:O.TRICK_ORDER + n]))
    raws.append((O.EV_ROUND_START,) + start if robot == 255 else (O.EV_ROUND_START_ROBOT,) + start
                + (state[O.CONTROLLER],))
    raws += [(O.EV_DEALT, s, h) for s, h in enumerate(hands)]
    return events + game.name_events(raws, state)


# -- the game --------------------------------------------------------------------------------------------------------

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
    if ids != list(CARD_NAMES[1:]):
        raise DataError(path, "card", "must list 1..13, J, H in order")
    points = tuple(e.get("points", int) for e in rows)
    counts = tuple(e.get("count", int) for e in rows)
    if points != cards.POINTS[1:] or counts != (6,) * 13 + (5, 1):
        raise DataError(path, "card", "points/counts disagree with the rules (D1, D2)")
    return points


POINTS = _load_deck()
NOT_LEGAL = REASON_CODES.index("not_legal")
BUILT_IN = {game: {name: load_board(DATA / file, game, FACES) for name, file in files.items()}
            for game, files in BOARD_FILES.items()}


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
        return dict(SEAT_OPTIONS.get(players, {})) if players != 1 or not self.black else {}

    def setup(self, players: int, values: Mapping[str, str], seed: int, deck: list[str] | None,
              whole_deck: bool) -> bytearray:
        """Game setup (§3.1): board, pawns on the starts, dealer, round 1 (§3.2)."""
        players = engine_seats(players, values)
        ref, board, tail = self._board(values["board"])
        wanted = tiles_wanted(values["tiles"], board)
        luck = values["reduce_luck"]
        reduce = luck in ("deck", "both")
        order = _rigged(deck, whole_deck, reduce, players) if deck else b""
        buf = bytearray(O.SIZE)
        STATE.write(buf, "game", int(self.black))
        STATE.write(buf, "players", players)
        buf[O.TRACER_ON] = values["tracer"] == "true"
        buf[O.REDUCE_DECK], buf[O.HALF_HANDS] = reduce, luck in ("hands", "both")
        buf[O.CELEBRITY] = values["celebrity"] == "true"
        buf[O.ROBOT] = ROBOT_SEAT if values["robot"] == "true" else 255
        buf[O.CONTROLLER] = 0 if values["robot"] == "true" else 255
        buf[O.TRACER_SPACE], buf[O.TRACER_STEPS], buf[O.M2_SPACE] = 255, board.steps_to_board, 255
        buf[O.PAWN_COUNT] = 2 * players
        if players == 1 and any(sp.type == "denial_of_service" for sp in board.spaces.values()):
            raise option_refused("board", "the solo board must have no Denial-of-Service")
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
        place_setup_tiles(buf, wanted, board)
        if buf[O.CELEBRITY]:
            deal_status_cards(buf, players)
        if buf[O.SOLO]:
            if deck:
                raise BadOption("bad_deck", "deck: a rigged deck is not offered in solo", option="deck")
            buf[O.TRICK_ORDER:O.TRICK_ORDER + 6] = bytes([0, 255, 255, 255, 255, 255])
            solo.setup(buf, None)
        else:
            rounds.start_round(buf, True, order, None)
        return buf + tail

    def _board(self, value: str) -> tuple[int, Board, bytes]:
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
            board = load_board(value if inline else path, self.info.id, FACES)
            raw = value.encode() if inline else path.read_bytes()
        except (DataError, OSError) as exc:
            raise BadOption("bad_option_value", f"option board: invalid board: {exc}", option="board") from None
        return 0, board, raw

    def board_of(self, state: bytearray) -> Board:
        ref = state[O.BOARD_REF]
        if ref:
            return BUILT_IN[self.info.id][self.board_names[ref - 1]]
        return _custom(self.info.id, bytes(state[O.SIZE:]))

    def setup_events(self, state: bytearray) -> list[Event]:
        return setup_events(self, state)

    # -- moves ---------------------------------------------------------------------
    def to_act(self, state: bytearray) -> list[int]:
        seat = rules.mover(state)
        return [] if seat == 255 else [seat]

    def read_move(self, text: str) -> tuple:
        return read_move(text)

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
        code, reason = code_of(state, parsed)
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
            detail = f"the pending special is a {TYPES[state[O.PENDING + 2]]}"
        elif code == "dos_sibling" and isinstance(move, str):
            pawn = read_move(move)[1]
            start = "Internet Cafe" if state[O.PAWNS + (pawn ^ 1)] == state[O.CAFE] else "Public Server"
            detail = f"seat {pawn // 2} already has a pawn on the {start}"
        elif code == "not_legal":
            detail = f"not a legal move now ({len(rules.legal_moves(state))} legal codes, see legal_moves)"
        self.refuse(code, move, seat, detail)

    def name_events(self, raw: list, state: bytearray) -> list[Event]:
        robot = state[O.ROBOT]
        solo, open_seat, name = state[O.SOLO], None if robot == 255 else robot, EVENTS.name
        return [self._game_end(state) if e[0] == O.EV_GAME_END else name(e, solo, open_seat) for e in raw]

    def _game_end(self, state: bytearray) -> Event:
        """The final totals, winners and tiebreak (§6), and in celebrity every status card (§7.5)."""
        scores = self.score(state)
        public = {"totals": [s.total for s in scores.seats], "winners": list(scores.winners),
                  "tiebreak": scores.tiebreak or "none"}
        if state[O.CELEBRITY]:
            public["status_cards"] = list(state[O.STATUS:O.STATUS + state[O.PLAYERS]])
        return Event("game_end", public)

    def move_info(self, state: bytearray, move: int) -> MoveInfo:
        ok = isinstance(move, int) and not isinstance(move, bool) and 0 <= move < 2 ** 62
        reason = rules_check.check(state, move) if ok else NOT_LEGAL
        if reason:
            self.unlisted(state, move, reason)
        return move_info_of(rules.mover(state), move, state[O.SOLO])

    def describe_moves(self, state: bytearray) -> list[MoveInfo]:
        seat, one = rules.mover(state), state[O.SOLO]
        return [move_info_of(seat, code, one) for code in rules.legal_moves(state)]

    def move_text(self, kind: str, args: Mapping[str, object]) -> str:
        return text_of(kind, args)

    # -- score, view, checks ---------------------------------------------------------
    def score(self, state: bytearray) -> Scores:
        """§10: provisional round scores while a round runs, the final ones once finished."""
        n, finished = state[O.PLAYERS], rules.is_finished(state)
        if state[O.SOLO]:
            return _solo_score(state, finished)
        rows = rules.seat_rows(state)  # the numbers the kernel's outcome ranks (rules._outcome)
        if state[O.CELEBRITY]:
            ranks, winners, reason = celebrity_rank(rows, list(state[O.STATUS:O.STATUS + n]))
        else:
            ranks, winners, reason = rank(rows)
        hidden = int(not finished)  # hands (and with celebrity the status cards) are hidden until the end (D46)
        seats = tuple(SeatScore(s, rnd, total, ranks[s], {"cards": card, "pawns": pawn, "banked": total - rnd,
                                                          "contains_hidden": hidden})
                      for s, rnd, total, card, pawn in rows)
        return Scores(seats, finished, winners, reason)

    def seat_view(self, state: bytearray, seat: int | None) -> dict:
        return view_of(self, state, seat)

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
            pool = [state[O.STATUS + s] for s in others] + [c for c in STATUS_CARDS if c not in used]
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
        card = CARD_OF.get(name)
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
def _constants(board: Board) -> bytes:
    """The board's fields of the state: the special spaces, the jail value, the slots and their hosts."""
    return bytes([board.internet_cafe, board.public_server, board.critical_asset, board.jail_value & 255,
                  len(board.slots)]) + b"".join(bytes(s.hosts) for s in board.slots)


@lru_cache(maxsize=256)
def _arrays(board: Board, faces: tuple[int, ...]) -> bytes:
    return arrays(board, faces, FACES)


@lru_cache(maxsize=32)
def _custom(game_id: str, raw: bytes) -> Board:
    """The custom board embedded in a state (its JSON bytes), checked once per content; never a path."""
    import hashlib
    import json
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("the embedded board is not a JSON object")
    return check_board(Path("embedded board"), data, game_id, FACES, hashlib.sha256(raw).hexdigest())


WHITE_HAT = WhiteHatGame("white_hat", "White Hat")
BLACK_HAT = WhiteHatGame("black_hat", "Black Hat")
