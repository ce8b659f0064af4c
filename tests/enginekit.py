"""What the registry-driven engine suites share: the games, seeded playouts, recorded data, leak checks.

Every registered game (`engines.games()`, which includes the games named in
TABLETOP_EXTRA_GAMES) gets every suite at this level for free. A game's recorded data
lives in its own tests folder: `tests/<game id>/fixtures.json` (perft counts, RNG pins,
golden playthrough settings) and `tests/<game id>/golden/` (the transcripts, and an
optional `summary.py` that writes a position in one line; the default is the spectator
view as JSON). Regenerate a game's recorded data after an intended rules change with

    TABLETOP_REGENERATE=<game id>[,<game id>...|all] .venv/bin/python -m pytest tests/test_golden.py tests/test_perft.py tests/test_rng_pin.py

then review `git diff tests/<game id>` before committing it.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from typing import Callable

import engines
from engines.core import purepython

TESTS = Path(__file__).resolve().parent
GAME_IDS = [g.info.id for g in engines.games()]
REGENERATE_ENV = "TABLETOP_REGENERATE"


def scaled(n: int) -> int:
    """A sample size: `n` compiled, a tenth interpreted (about 10x slower), so CI can run the suites both ways."""
    return n if engines.COMPILED else max(2, n // 10)


def seat_counts(game) -> list[int]:
    return list(range(game.info.min_seats, game.info.max_seats + 1))


def pick(seed: int, step: int, n: int) -> int:
    """The fixed move choice of the seeded playouts: an index in 0..n-1."""
    return (seed * 7919 + step * 104729 + (seed ^ step) * 31) % n


def playout(game, players: int, seed: int, each: Callable | None = None, limit: int = 100_000,
            options: dict | None = None, record: bool = True):
    """Play one seeded game to the end with `pick`: (states reached, final state, events of each move);
    without `record`, only the final state (the others empty: no events are built).

    `each(state, listed, move, step)` runs before every move (the state must be left unchanged). The
    options a seat count needs (`game.seat_options`: White Hat's robot at 2 seats) are added to `options`.
    """
    state = game.new(players, {**game.seat_options(players), **(options or {})}, seed)
    trail, events = [bytes(state)] if record else [], []
    for step in range(limit):
        listed = game.legal_moves(state)
        if not listed:
            return trail, state, events
        move = listed[pick(seed, step, len(listed))]
        if each is not None:
            each(state, listed, move, step)
        if not record:
            game.apply_in_place(state, move)
            continue
        happened: list = []
        game.apply_in_place(state, move, happened)
        trail.append(bytes(state))
        events.append(happened)
    raise AssertionError(f"{game.info.id} {players} seats, seed {seed}: no end after {limit} moves")


def compiled_modules(game) -> list[str]:
    """The loaded modules of the game's package that are compiled extensions (none: pure Python rules)."""
    package = type(game).__module__.rpartition(".")[0]
    return sorted(name for name, module in list(sys.modules.items())
                  if (name == package or name.startswith(package + "."))
                  and getattr(module, "__file__", None) and not module.__file__.endswith(".py"))


def interpreted(game, pure_engines):
    """The game as interpreted source: the `engines_pure` twin of a compiled game (for a game added outside
    engines/, its package's source loaded under a second name), else the game itself."""
    if not compiled_modules(game):
        return game
    if any(g.info.id == game.info.id for g in pure_engines.games()):
        return pure_engines.get(game.info.id)
    twin = purepython.load_outside(type(game).__module__.rpartition(".")[0])
    return next(v for v in vars(twin).values() if getattr(getattr(v, "info", None), "id", None) == game.info.id)


# -- recorded data -------------------------------------------------------------------

def game_dir(game_id: str) -> Path:
    return TESTS / game_id


def load_fixtures(game_id: str) -> dict:
    path = game_dir(game_id) / "fixtures.json"
    return json.loads(path.read_text()) if path.exists() else {}


def regenerating(game_id: str) -> bool:
    """True when TABLETOP_REGENERATE names this game (or `all`)."""
    wanted = {w.strip() for w in os.environ.get(REGENERATE_ENV, "").split(",")}
    return game_id in wanted or "all" in wanted


def save_fixture(game_id: str, key: str, value) -> None:
    """Rewrite one key of the game's fixtures.json (the others are kept as they are)."""
    data = load_fixtures(game_id)
    data[key] = value
    text = json.dumps(data, indent=2, ensure_ascii=False)
    # lists of numbers on one line: a perft row or a pin reads as one line of the diff
    text = re.sub(r"\[\s+([-\d.,\s]+?)\s+\]", lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)
    game_dir(game_id).mkdir(exist_ok=True)
    (game_dir(game_id) / "fixtures.json").write_text(text + "\n")


def recorded(game_id: str, key: str):
    """The recorded value, or a failure that says how to record it."""
    data = load_fixtures(game_id)
    if key not in data:
        raise AssertionError(f"{game_id}: nothing recorded under {key!r} in tests/{game_id}/fixtures.json; "
                             f"record it with {REGENERATE_ENV}={game_id} (see tests/enginekit.py)")
    return data[key]


def load_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- what a seat may know ------------------------------------------------------------

def own_moves(game, state: bytearray, seat: int | None) -> list[str]:
    """The texts of the listed moves of `seat`, sorted."""
    return sorted(i.text for i in game.describe_moves(state) if i.seat == seat)


def masked(events, seat: int | None, reveals: dict) -> list:
    """The events as `seat` sees them, with the values the rules reveal (`reveals`: kind -> keys) masked."""
    out = []
    for event in events:
        seen = event.seen_by(seat)
        keys = reveals.get(seen.kind, ())
        out.append((seen.kind, {k: "?" if k in keys else v for k, v in seen.public.items()},
                    {k: "?" if k in keys else v for k, v in seen.private.items()}, tuple(seen.private_to)))
    return out


def check_no_leak(game, state: bytearray, seat: int | None, shuffle, reveals: dict, follow: int = 3) -> bool:
    """Re-deal what `seat` cannot see: its view, listed moves and the next moves' events as it sees them stay.

    The next `follow` moves (the same texts, in both deals) are compared as long as `seat`'s
    view stays the same in both: once a move shows `seat` a card that differs between the
    two deals (it drew it, it was turned face up), the two games may rightly differ. A card
    an event shows for a moment only (a wrong snap is shown, then turned down again) is
    named in the game's `reveals` (event kind -> keys, in tests/<game>/fixtures.json):
    those values are masked, the rest of the event must not change.
    Returns whether the re-deal changed the state.
    """
    other = game.redeal_unseen(state, seat, shuffle)
    where = f"{game.info.id}, seat {seat}, after {game.move_count(state)} moves"
    assert game.view(other, seat) == game.view(state, seat), f"{where}: the view shows a card it may not know"
    assert own_moves(game, other, seat) == own_moves(game, state, seat), \
        f"{where}: the listed moves show a card the seat may not know"
    a, b = bytearray(state), bytearray(other)
    for step in range(follow):
        listed = game.legal_moves(a)
        if not listed:
            break
        info = game.move_info(a, listed[pick(len(a), step, len(listed))])
        try:
            code = game.parse_move(b, info.seat, info.text)
        except engines.RuleError:
            break  # the move depends on a card that was re-dealt: another game from here on
        seen_a, seen_b = [], []
        game.apply_in_place(a, game.parse_move(a, info.seat, info.text), seen_a)
        game.apply_in_place(b, code, seen_b)
        if game.view(a, seat) != game.view(b, seat):
            break  # the move showed `seat` a card: from here the deals are told apart, rightly
        assert masked(seen_a, seat, reveals) == masked(seen_b, seat, reveals), \
            f"{where}: the events of `{info.seat} {info.text}` show a card the seat may not know"
        assert own_moves(game, a, seat) == own_moves(game, b, seat), \
            f"{where}, after `{info.seat} {info.text}`: the listed moves show a card the seat may not know"
    return other != state


def refilled(state: bytearray, cells, value: Callable[[str], int]) -> bytearray:
    """A copy of `state` with each of `cells` ((name, offset) pairs: a game's dead cells) set to `value(name)`:
    0 cleans them, stale cards soil them as a token sealed before the rules cleared them holds them."""
    out = bytearray(state)
    for name, at in cells:
        out[at] = value(name)
    return out


def plays_like_its_twin(game, old: bytearray, state: bytearray, cleaned: Callable, where: str, moves=None):
    """`old` (`state` with stale dead cells, decoded) lists, scores, shows and plays like `state`: each of
    `moves` (default: every legal move) gives the same events and, cleaned, the same state. Yields (then,
    state after the move from `old`, events) for the caller's own checks."""
    listed = game.legal_moves(state)
    assert game.legal_moves(old) == listed, where
    assert game.score(old) == game.score(state), where
    for seat in (None, *range(game.seat_count(state))):
        assert game.view(old, seat) == game.view(state, seat), f"{where}, seat {seat}"
    for move in listed if moves is None else moves:
        after, events = game.apply(old, move)
        want, want_events = game.apply(state, move)
        then = f"{where}, then {game.move_info(state, move).text}"
        assert cleaned(after) == want and events == want_events, then
        yield then, after, events

