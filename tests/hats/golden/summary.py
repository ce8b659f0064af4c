"""Hats' golden transcripts: a position as one line of the spectator's view (tests/test_golden.py)."""
from engines.hats.state import STATE


def summary(game, state) -> str:
    """The public (spectator) view in one line."""
    v = game.view(state, None)
    seats = " ".join(
        f"[{s['seat']}: hand {s['hand_count']} played {s['played']} black {s['black_hat_count']} "
        f"coll {','.join(s['collection']) or '-'}" + (f" fav {s['favourite']}" if s["favourite"] else "") + "]"
        for s in v["seats"])
    # The state's active-seat field, not the view's: a finished view names no active seat, while the
    # transcript (unchanged since rules 1.0) records the seat whose turn ended the game.
    line = (f"{v['phase']} active {STATE.read(state, 'active_seat')} opt {int(v['optional_used'])} table {','.join(v['table'])} "
            f"deck {v['deck_count']} pile {v['discard_count']} cookie {v['cookie_holder']} {seats}")
    if v["phase"] == "finished":
        line += f" flipped {v['face_down_spaces']} totals {[s['total'] for s in v['scores']]} winners {v['winners']}"
    return line
