"""Kodiak's golden transcripts: a position as one line of the spectator's view (tests/test_golden.py)."""
import json


def summary(game, state) -> str:
    """The spectator's view in one line: each slot as `slot:card/knowers` (`?` face down, `^` face up, `-` nobody)."""
    v = game.view(state, None)
    seats = " ".join(
        f"[{s['seat']}{'K' if s['role'] == 'kodiak' else ''}: total {s['total']}"
        + (f" beside {','.join(s['beside'])}" if s["beside"] else "") + " " + " ".join(
            f"{x['slot']}:{x['card'] or '?'}{'^' if x['face_up'] else ''}/{''.join(map(str, x['known_by'])) or '-'}"
            for x in s["slots"]) + "]"
        for s in v["seats"])
    small = {k: v[k] for k in ("held", "action", "pending_pick", "window") if v[k] is not None}
    pile = v["discard"]
    return (f"{v['phase']} r{v['round']}/{v['rounds']} kodiak {v['kodiak']} active {v['active_seat']} "
            f"catches {v['catches']} deck {v['deck_count']} pile {len(pile)}:{','.join(pile[-3:]) or '-'} {seats}"
            + (f" {json.dumps(small, sort_keys=True, separators=(',', ':'))}" if small else "")
            + (" finished" if v["finished"] else ""))
