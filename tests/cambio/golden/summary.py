"""Cambio's golden transcripts: a position as one line of the spectator's view (tests/test_golden.py)."""
from engines.cambio.state import STATE  # the state's active-seat field: a finished view names none
import json


def summary(game, state) -> str:
    """The spectator's view in one line: each slot as `card/knowers` (`?` face down, `-` nobody)."""
    v = game.view(state, None)
    seats = " ".join(
        f"[{s['seat']}: total {s['total']} " + " ".join(
            f"{x['card'] or '?'}/{''.join(map(str, x['known_by'])) or '-'}" for x in s["slots"]) + "]"
        for s in v["seats"])
    small = {k: v[k] for k in ("held", "action", "window") if v[k] is not None}
    pile = v["discard"]
    return (f"{v['phase']} r{v['round']} dealer {v['dealer']} active {STATE.read(state, 'active')} caller {v['caller']} "
            f"turns {v['turns']} deck {v['deck_count']} pile {len(pile)}:{','.join(map(str, pile[-3:])) or '-'}"
            f"{' frozen' if v['frozen'] else ''} {seats}"
            + (f" {json.dumps(small, sort_keys=True, separators=(',', ':'))}" if small else "")
            + (" finished" if v["finished"] else ""))
