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
from . import codes, pawns, rules
from .moves import CARD_NAMES, FACE_NAMES, pawn_name
from .state import FACES, STATE

if TYPE_CHECKING:
    from .game import WhiteHatGame

AT = STATE.at


def _hand(state: bytearray, seat: int) -> list[int]:
    return [c for c in range(1, 16) for _ in range(state[AT.hands + 16 * seat + c])]


def names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


def _play_cards(rank: int, n: int, j: int, h: int) -> list[str]:
    return [CARD_NAMES[rank]] * n + ["J"] * j + ["H"] * h


def board_view(game: "WhiteHatGame", state: bytearray) -> dict:
    """The board as it is now: spaces (with the tiles' names, types and effective values), arrows, slots."""
    board = game.board_of(state)
    faces = [state[AT.slot_face + i] for i in range(len(board.slots))]
    spaces, arrows = [], []
    for sid in sorted(board.spaces):
        space = board.spaces[sid]
        name = space.name
        slot = board.slot_of(sid)
        if slot >= 0 and faces[slot] != 255:
            name = FACES[faces[slot]].names[board.slots[slot].hosts.index(sid)]
        kind = boards.TYPES[state[AT.space_type + sid]]
        value = STATE.read(state, "space_value", sid)
        spaces.append({"id": sid, "name": name, "type": kind, "value": value,
                       "effective_value": pawns.value_of(state, sid), "x": space.x, "y": space.y,
                       "depth": space.depth, "slot": space.slot or "", "pos": space.pos or ""})
        for i in range(state[AT.out_count + sid]):
            arrows.append({"from": sid, "to": state[AT.out + sid * boards.MAX_OUT + i]})
    on_board = {f // 2 + 1 for f in faces if f != 255}
    return {"id": board.id, "title": board.title, "side": board.side, "width": board.width,
            "height": board.height, "internet_cafe": board.internet_cafe, "public_server": board.public_server,
            "critical_asset": board.critical_asset, "jail_value": board.jail_value, "spaces": spaces,
            "arrows": arrows,
            "slots": [{"id": s.id, "x": s.origin[0], "y": s.origin[1], "hosts": list(s.hosts),
                       "face": FACE_NAMES[f] if f != 255 else ""} for s, f in zip(board.slots, faces)],
            "tile_supply": [t for t in range(1, 7) if t not in on_board]}


def view(game: "WhiteHatGame", state: bytearray, seat: int | None) -> dict:
    n, phase = state[AT.players], state[AT.phase]
    holder = next((s for s in range(n) if state[AT.hands + 16 * s + 15]), None)
    trick_pos = state[AT.trick_pos] if phase in (codes.TRICK, codes.COLLECT) else 0
    plays = []
    for pos in range(trick_pos):
        p = AT.plays + pos * 5
        plays.append({"seat": state[AT.trick_order + pos], "cards": _play_cards(*state[p + 1:p + 5]),
                      "passed": state[p] == 2})
    pending = None
    if phase == codes.SPECIAL:
        pending = {"type": boards.TYPES[state[AT.pending + 2]], "pawn": pawn_name(state[AT.pending], state[AT.solo]),
                   "space": state[AT.pending + 1], "seat": state[AT.to_act]}
    lead = plays[0]["cards"] if plays else []
    lead_ranks = [c for c in lead if c not in ("J", "H")]
    to_act = rules.mover(state)
    return {
        "game": game.info.id, "seat": seat, "players": n, "phase": rules.PHASES[phase],
        "to_act": None if to_act == 255 else to_act, "move_count": rules.move_count(state),
        "round": STATE.read(state, "round"), "dealer": state[AT.dealer], "count_out": CARD_NAMES[state[AT.count_out]],
        "hat_holder": state[AT.hat_holder], "hat_seat": holder, "hat_in_trick": holder is None,
        "trick": {"leader": state[AT.leader], "order": [state[AT.trick_order + i] for i in range(n)],
                  "lead_count": state[AT.lead_count] if plays else 0,
                  "lead_value": (int(lead_ranks[0]) if lead_ranks else 14) if plays else 0,
                  "hat_played": bool(state[AT.hat_played]) if plays else False, "plays": plays,
                  "winner": None if state[AT.winner] == 255 else state[AT.winner]},
        "hand_counts": [sum(state[AT.hands + 16 * s + 1:AT.hands + 16 * s + 16]) for s in range(n)],
        "hand": names(_hand(state, seat)) if seat is not None else [],
        "deck_count": state[AT.deck_end] - state[AT.deck_top],
        "discard": [CARD_NAMES[c] for c in state[AT.pile:AT.pile + state[AT.pile_count]]],
        "totals": [STATE.read(state, "totals", s) for s in range(n)],
        "last_round": [STATE.read(state, "last_round", s) for s in range(n)] if STATE.read(state, "rounds_scored")
        else [],
        "rounds_scored": STATE.read(state, "rounds_scored"),
        "pawns": [_pawn(state, p) for p in range(state[AT.pawn_count])],
        "markers": [{"marker": f"x{i + 1}", "space": state[AT.marker_space + i],
                     "sign": STATE.read(state, "marker_sign", i)} for i in range(2) if state[AT.marker_space + i] != 255],
        "pending": pending, "drawn_tile": state[AT.drawn_tile] if state[AT.drawn_tile] != 255 else 0,
        "honeypot_entered": bool(state[AT.honeypot_entered]), "board": board_view(game, state),
        **_variants(state, seat),
    }


def _variants(state: bytearray, seat: int | None) -> dict:
    """The variants' part of a view: options in force, the robot, the tracer, the status cards it may see."""
    n, robot = state[AT.players], state[AT.robot]
    finished = state[AT.phase] == codes.FINISHED
    status = [state[AT.status + s] if finished or s in (seat, robot) else 0 for s in range(n)] \
        if state[AT.celebrity] else []
    luck = ("off", "deck", "hands", "both")[state[AT.reduce_deck] + 2 * state[AT.half_hands]]
    return {
        "reduce_luck": luck, "celebrity": bool(state[AT.celebrity]),
        "robot": None if robot == 255 else robot, "controller": None if robot == 255 else state[AT.controller],
        "robot_hand": names(_hand(state, robot)) if robot != 255 else [],
        "tracer": {"enabled": bool(state[AT.tracer_on]), "index": state[AT.tracer_index],
                   "space": None if state[AT.tracer_space] == 255 else state[AT.tracer_space],
                   "steps_to_board": state[AT.tracer_steps]},
        "status": state[AT.status + seat] if state[AT.celebrity] and seat is not None else 0,
        "status_cards": status, "solo": _solo(state) if state[AT.solo] else None,
    }


def _solo(state: bytearray) -> dict:
    """Solo (§9.2): the row, the hat beside it, the markers, the colour scores, the colour that may move."""
    row = AT.hands + 16
    m1, m2 = state[AT.tracer_space], state[AT.m2_space]
    colour = state[AT.solo_colour]
    return {"row": [CARD_NAMES[r] for r in range(1, 14) for _ in range(state[row + r])],
            "hat_at_row": bool(state[row + 15]),
            "markers": {"index": state[AT.tracer_index], "m1": None if m1 == 255 else m1,
                        "m2": None if m2 == 255 else m2},
            "colour_totals": [STATE.read(state, "totals", c) for c in range(4)],
            "colour_last_round": [STATE.read(state, "last_round", c) for c in range(4)]
            if STATE.read(state, "rounds_scored") else [],
            "lead_value": state[AT.lead_value], "row_won": state[AT.winner] == 1,
            "move_colour": "KWOB"[colour] if colour < 4 and state[AT.phase] == codes.MOVE else ""}


def _pawn(state: bytearray, p: int) -> dict:
    space = state[AT.pawns + p]
    jailed = space == 254
    return {"pawn": pawn_name(p, state[AT.solo]), "seat": 0 if state[AT.solo] else p // 2, "space": None if jailed else space,
            "blocked": not jailed and pawns.is_blocking(state, space), "jailed": jailed}


def setup_events(game: "WhiteHatGame", state: bytearray) -> list[Event]:
    n = state[AT.players]
    events = [Event("game_setup", {"game": game.info.id, "board": game.board_of(state).id, "players": n,
                                   "pawns": [_pawn(state, p) for p in range(state[AT.pawn_count])]})]
    if state[AT.solo]:  # no count-out and no deal: the row is in the view, the hand is private
        return events + [Event("dealt", {"seat": 0}, {"hand": names(_hand(state, 0))}, (0,))]
    if state[AT.robot] != 255:
        events[0].public["robot"] = state[AT.robot]
    if state[AT.celebrity]:  # each seat's own card; the robot's is open (§9.3)
        robot = state[AT.robot]
        if robot != 255:
            events[0].public["robot_status"] = state[AT.status + robot]
        events += [Event("status_card", {"seat": s}, {"status": state[AT.status + s]}, (s,))
                   for s in range(n) if s != robot]
    hands = [list(state[AT.hands + 16 * s:AT.hands + 16 * s + 16]) for s in range(n)]
    raw = ("round_start", STATE.read(state, "round"), state[AT.dealer], state[AT.count_out], state[AT.hat_holder],
           state[AT.leader], hands, list(state[AT.trick_order:AT.trick_order + n]), state[AT.controller])
    return events + _round_start(raw, state[AT.robot])


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
            out.extend(_round_start(raw, state[AT.robot]))
        else:
            out.append(event(game, state, raw))
    return out


def event(game: "WhiteHatGame", state: bytearray, raw: tuple) -> Event:
    """The Event of one raw tuple."""
    name, robot = raw[0], state[AT.robot]
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
        return Event(name, {"pawn": pawn_name(pawn, state[AT.solo]), "from": start, "to": to, "seat": seat, "blocked": bool(blocked)})
    if name in ("special_triggered", "special_skipped", "trigger_dropped"):
        public = {"pawn": pawn_name(raw[1], state[AT.solo]), "space": raw[2], "type": boards.TYPES[raw[3]]}
        if len(raw) > 4:
            public["seat"] = raw[4]
        return Event(name, public)
    if name in ("dos", "backflip"):
        return Event(name, {"pawn": pawn_name(raw[1], state[AT.solo]), "from": raw[2], "to": raw[3]})
    if name == "exploit":
        return Event(name, {"marker": f"x{raw[1]}", "space": raw[2], "sign": raw[3],
                            "previous": None if raw[4] == 255 else raw[4]})
    if name == "tile_drawn":
        return Event(name, {"tile": raw[1]})
    if name == "tile_placed":
        return Event(name, {"face": FACE_NAMES[raw[1]], "slot": "ABCDE"[raw[2]],
                            "returned": None if raw[3] == 255 else raw[3], "pawns": [pawn_name(p, state[AT.solo]) for p in raw[4]]})
    if name == "round_scored":
        return Event(name, {"round": raw[1], "seats": [
            {"seat": s, "hand": _counts(h), "card_points": c, "pawn_points": p, "raw": c + p, "round": r, "total": t}
            for s, (h, c, p, r, t) in enumerate(raw[2])]})
    if name == "game_end":
        scores = game.score(state)
        public = {"totals": [s.total for s in scores.seats], "winners": list(scores.winners),
                  "tiebreak": scores.tiebreak or "none"}
        if state[AT.celebrity]:
            public["status_cards"] = list(state[AT.status:AT.status + state[AT.players]])
        return Event(name, public)
    if name == "tracer_moved":
        return Event(name, {"index": raw[1], "space": None if raw[2] == 255 else raw[2]})
    if name == "tracer_stuck":
        return Event(name, {"space": raw[1]})
    if name in SOLO_EVENTS:
        return SOLO_EVENTS[name](state, raw)
    if name == "captured":
        return Event(name, {"pawn": pawn_name(raw[1], state[AT.solo]), "space": raw[2]})
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
