"""White Hat views (spec §9.2) and events (§9.3): what each seat may know, as plain data.

A seat sees its own hand; of the others only the hand sizes. The board (with
coordinates, so a client can draw it), pawns, markers, tiles, the trick, the
discard pile and the scores are public. Raw event tuples from the compiled rules
become Events here; a drawn card and the dealt hands are private to their seat.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game import Event
from . import board as boards
from . import offsets as O
from . import rules, rules_pawns as pawns
from .declarations import PHASES
from .moves import CARD_NAMES, FACE_NAMES, pawn_name
from .state import FACES, STATE

if TYPE_CHECKING:
    from .game import WhiteHatGame



def _hand(state: bytearray, seat: int) -> list[int]:
    return [c for c in range(1, 16) for _ in range(state[O.HANDS + 16 * seat + c])]


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


def _play_cards(rank: int, n: int, j: int, h: int) -> list[str]:
    return [CARD_NAMES[rank]] * n + ["J"] * j + ["H"] * h


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
        kind = boards.TYPES[state[O.SPACE_TYPE + sid]]
        value = STATE.read(state, "space_value", sid)
        spaces.append({"id": sid, "name": name, "type": kind, "value": value,
                       "effective_value": pawns.value_of(state, sid), "x": space.x, "y": space.y,
                       "depth": space.depth, "slot": space.slot or "", "pos": space.pos or ""})
        for i in range(state[O.OUT_COUNT + sid]):
            arrows.append({"from": sid, "to": state[O.OUT + sid * boards.MAX_OUT + i]})
    on_board = {f // 2 + 1 for f in faces if f != 255}
    return {"id": board.id, "title": board.title, "side": board.side, "width": board.width,
            "height": board.height, "internet_cafe": board.internet_cafe, "public_server": board.public_server,
            "critical_asset": board.critical_asset, "jail_value": board.jail_value, "spaces": spaces,
            "arrows": arrows,
            "slots": [{"id": s.id, "x": s.origin[0], "y": s.origin[1], "hosts": list(s.hosts),
                       "face": FACE_NAMES[f] if f != 255 else ""} for s, f in zip(board.slots, faces)],
            "tile_supply": [t for t in range(1, 7) if t not in on_board]}


def view(game: "WhiteHatGame", state: bytearray, seat: int | None) -> dict:
    n, phase = state[O.PLAYERS], state[O.PHASE]
    holder = next((s for s in range(n) if state[O.HANDS + 16 * s + 15]), None)
    trick_pos = state[O.TRICK_POS] if phase in (O.TRICK, O.COLLECT) else 0
    plays = []
    for pos in range(trick_pos):
        p = O.PLAYS + pos * 5
        plays.append({"seat": state[O.TRICK_ORDER + pos], "cards": _play_cards(*state[p + 1:p + 5]),
                      "passed": state[p] == 2})
    pending = None
    if phase == O.SPECIAL:
        pending = {"type": boards.TYPES[state[O.PENDING + 2]], "pawn": pawn_name(state[O.PENDING], state[O.SOLO]),
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
        "hand": names(_hand(state, seat)) if seat is not None else [],
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
        "robot_hand": names(_hand(state, robot)) if robot != 255 else [],
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
    n = state[O.PLAYERS]
    events = [Event("game_setup", {"game": game.info.id, "board": game.board_of(state).id, "players": n,
                                   "pawns": [_pawn(state, p) for p in range(state[O.PAWN_COUNT])]})]
    if state[O.SOLO]:  # no count-out and no deal: the row is in the view, the hand is private
        return events + [Event("dealt", {"seat": 0}, {"hand": names(_hand(state, 0))}, (0,))]
    if state[O.ROBOT] != 255:
        events[0].public["robot"] = state[O.ROBOT]
    if state[O.CELEBRITY]:  # each seat's own card; the robot's is open (§9.3)
        robot = state[O.ROBOT]
        if robot != 255:
            events[0].public["robot_status"] = state[O.STATUS + robot]
        events += [Event("status_card", {"seat": s}, {"status": state[O.STATUS + s]}, (s,))
                   for s in range(n) if s != robot]
    hands = [list(state[O.HANDS + 16 * s:O.HANDS + 16 * s + 16]) for s in range(n)]
    raw = ("round_start", STATE.read(state, "round"), state[O.DEALER], state[O.COUNT_OUT], state[O.HAT_HOLDER],
           state[O.LEADER], hands, list(state[O.TRICK_ORDER:O.TRICK_ORDER + n]), state[O.CONTROLLER])
    return events + _round_start(raw, state[O.ROBOT])


def _round_start(raw: tuple, robot: int) -> list[Event]:
    _, rnd, dealer, card, holder, leader, hands, order, controller = raw
    public = {"round": rnd, "dealer": dealer, "count_out": CARD_NAMES[card], "hat_holder": holder,
              "hand_counts": [sum(h) for h in hands], "leader": leader, "order": order}
    if robot != 255:
        public["controller"] = controller
    dealt = [_private(robot, "dealt", {"seat": s}, {"hand": _counts(h)}, s) for s, h in enumerate(hands)]
    return [Event("round_start", public)] + dealt


def _private(robot: int, kind: str, public: dict, private: dict, seat: int) -> Event:
    """An event with a part private to `seat`; the robot has no secrets: its part is public (§7.6)."""
    if seat == robot:
        return Event(kind, {**public, **private})
    return Event(kind, public, private, (seat,))


_NAMED = tuple(enumerate(CARD_NAMES))[1:]


def _counts(counts) -> list[str]:
    """A hand's card names from its per-card counts (index 1-15); on every play's event, so kept cheap."""
    out: list[str] = []
    for card, name in _NAMED:
        if counts[card]:
            out += [name] * counts[card]
    return out


def events(game: "WhiteHatGame", state: bytearray, raws: list) -> list[Event]:
    """The Events of the raw tuples of one move (a round start gives one private `dealt` per seat)."""
    out = []
    for raw in raws:
        if raw[0] == "round_start":
            out.extend(_round_start(raw, state[O.ROBOT]))
        else:
            out.append(event(game, state, raw))
    return out


def event(game: "WhiteHatGame", state: bytearray, raw: tuple) -> Event:
    """The Event of one raw tuple."""
    name, robot = raw[0], state[O.ROBOT]
    if name == "played":  # the player's hand after the play: private to it, so a client needs no View call
        return _private(robot, name, {"seat": raw[1], "cards": _play_cards(*raw[2:6])}, {"hand": _counts(raw[6])},
                        raw[1])
    if name == "passed":
        return Event(name, {"seat": raw[1]})
    if name == "trick_won":
        return Event(name, {"seat": raw[1], "hat_trick": bool(raw[2]), "cards": _play_cards(*raw[3:7])})
    if name == "discarded":
        return Event(name, {"cards": names(raw[1])})
    if name == "collected":
        return _private(robot, name, {"seat": raw[1], "taken": names(raw[2]), "discarded": names(raw[3])},
                        {"hand": _counts(raw[4])}, raw[1])
    if name == "drew":
        return _private(robot, name, {"seat": raw[1], "deck_count": raw[3]},
                        {"card": CARD_NAMES[raw[2]], "hand": _counts(raw[4])}, raw[1])
    if name in ("draw_skipped", "reshuffled"):
        return Event(name, {"seat" if name == "draw_skipped" else "deck_count": raw[1]})
    if name == "pawn_moved":
        _, pawn, start, to, seat, blocked = raw
        return Event(name, {"pawn": pawn_name(pawn, state[O.SOLO]), "from": start, "to": to, "seat": seat, "blocked": bool(blocked)})
    if name in ("special_triggered", "special_skipped", "trigger_dropped"):
        public = {"pawn": pawn_name(raw[1], state[O.SOLO]), "space": raw[2], "type": boards.TYPES[raw[3]]}
        if len(raw) > 4:
            public["seat"] = raw[4]
        return Event(name, public)
    if name in ("dos", "backflip"):
        return Event(name, {"pawn": pawn_name(raw[1], state[O.SOLO]), "from": raw[2], "to": raw[3]})
    if name == "exploit":
        return Event(name, {"marker": f"x{raw[1]}", "space": raw[2], "sign": raw[3],
                            "previous": None if raw[4] == 255 else raw[4]})
    if name == "tile_drawn":
        return Event(name, {"tile": raw[1]})
    if name == "tile_placed":
        return Event(name, {"face": FACE_NAMES[raw[1]], "slot": "ABCDE"[raw[2]],
                            "returned": None if raw[3] == 255 else raw[3], "pawns": [pawn_name(p, state[O.SOLO]) for p in raw[4]]})
    if name == "round_scored":
        return Event(name, {"round": raw[1], "seats": [
            {"seat": s, "hand": _counts(h), "card_points": c, "pawn_points": p, "raw": c + p, "round": r, "total": t}
            for s, (h, c, p, r, t) in enumerate(raw[2])]})
    if name == "game_end":
        scores = game.score(state)
        public = {"totals": [s.total for s in scores.seats], "winners": list(scores.winners),
                  "tiebreak": scores.tiebreak or "none"}
        if state[O.CELEBRITY]:
            public["status_cards"] = list(state[O.STATUS:O.STATUS + state[O.PLAYERS]])
        return Event(name, public)
    if name == "tracer_moved":
        return Event(name, {"index": raw[1], "space": None if raw[2] == 255 else raw[2]})
    if name == "tracer_stuck":
        return Event(name, {"space": raw[1]})
    if name in SOLO_EVENTS:
        return SOLO_EVENTS[name](state, raw)
    if name == "captured":
        return Event(name, {"pawn": pawn_name(raw[1], state[O.SOLO]), "space": raw[2]})
    return Event(name, {})


def _row_played(state: bytearray, raw: tuple) -> Event:
    _, rank, n, j, h, v, row_rank, row_n, row_h, step, row_wins, colour = raw
    return Event("row_played", {"lead": _play_cards(rank, n, j, h), "value": v,
                                "row": _play_cards(row_rank, row_n, 0, row_h), "step": "ABC"[step],
                                "winner": "row" if row_wins else "player",
                                "colour": "KWOB"[colour] if colour < 4 else ""})


SOLO_EVENTS = {
    "row_played": _row_played,
    "move_skipped": lambda state, raw: Event("move_skipped", {"colour": "KWOB"[raw[1]] if raw[1] < 4 else ""}),
    "row_refilled": lambda state, raw: Event("row_refilled", {"cards": names(raw[1])}),
    "joker_to_hand": lambda state, raw: Event("joker_to_hand", {}),
    "markers_moved": lambda state, raw: Event("markers_moved", {"index": raw[1], "m1": None if raw[2] == 255
                                                                 else raw[2], "m2": None if raw[3] == 255 else raw[3]}),
    "hat_removed": lambda state, raw: Event("hat_removed", {"pawn": pawn_name(raw[1], 1), "space": raw[2]}),
    "colours_scored": lambda state, raw: Event("colours_scored", {"round": raw[1], "scores": raw[2],
                                                                  "totals": raw[3]}),
    "solo_round": lambda state, raw: Event("solo_round", {"round": raw[1]}, {"hand": _counts(raw[2])}, (0,)),
}
