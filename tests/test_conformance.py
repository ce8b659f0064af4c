"""The game contract, checked against every registered game with seeded random playouts.

At every step: every listed move applies, unlisted codes are refused with `not_legal`
and change nothing, the text form round-trips, encode/decode round-trips; every game
ends with a final score and winners. Compiled and interpreted engines give the same
states, events, views and scores. No seat learns a card it may not see: re-dealing
what a seat cannot see changes neither its view, nor its listed moves, nor the next
moves' events as it sees them (and the check is shown to catch a leaking view and
leaking events). Sample sizes shrink tenfold when the engines are interpreted.
"""
import random
from dataclasses import asdict

import pytest

import engines
from enginekit import (GAME_IDS, TESTS, check_no_leak, compiled_modules, interpreted, load_fixtures, load_module,
                       pick, playout, recorded, scaled, seat_counts)

pytestmark = pytest.mark.conformance

# How many random games each game plays, and how, comes from its fixtures (tests/<id>/fixtures.json,
# key "playouts"; everything optional): "seat_counts" (default: all), "games" (per seat count and option
# set; default: DEFAULT_PLAYOUTS over them all), "options" (option sets, default [{}]), "vary" (options
# whose values cycle with the seed), "check_every" (the full per-step check on one step in this many;
# every step applies its move anyway), "parity" (compiled = interpreted games per seat count).
# An option set may instead be {"options": {...}, "seat_counts": [...], "games": n}: a variant played at
# its own seat counts (White Hat's robot needs 2 seats), with its own number of games (its share of
# every sample: playouts, parity and leak checks scale it alike) and optionally "interpreted_games", its
# share when the engines are interpreted (the interpreted pass of .ci/run has a tighter budget). "sampled_parity": in this many of each
# option set's playouts (spread over its seat counts; compiled engines), every checked step is also applied by the interpreted twin
# from the same state: the same legal moves, state, events and score, at the cost of a few interpreted
# steps per game instead of a whole interpreted game.
# Combinations of variants: an option given as a list of values takes one of them by the seed; a set with
# "subsets_of": {option: value or [values]} stands for one set per non-empty subset of those options (its
# "options" added to each). Such a set may carry its own "check_every", "sampled_parity", "parity" (whole
# compiled = interpreted games per seat count) and "sampled_leaks": in this many of its playouts (a tenth
# interpreted, at least one), every checked step also re-deals what one seat cannot see (`check_no_leak`,
# the seat rotating) and runs the game's own "invariants" (a tests/-relative file whose `check(game, state)`
# also runs on every final state of those playouts). "deep_every": the checked steps of the sampled
# (twin and leak) playouts come this often, so that their few games are checked all along.
DEFAULT_PLAYOUTS = 300
PARITY_GAMES = 120
UNLISTED = (-1, 2 ** 40)  # besides unlisted small codes
PER_SET = ("check_every", "sampled_parity", "sampled_leaks", "deep_every")


def expand(sets: list) -> list[dict]:
    """The fixtures' option sets, each as {"options": ...}, with "subsets_of" spelled out (one set per
    non-empty subset, in a fixed order)."""
    out = []
    for entry in sets:
        entry = entry if "options" in entry or "subsets_of" in entry else {"options": entry}
        names = sorted(entry.get("subsets_of", {}))
        if not names:
            out.append(entry)
        for mask in range(1, 2 ** len(names)):
            chosen = {n: entry["subsets_of"][n] for i, n in enumerate(names) if mask >> i & 1}
            out.append({**entry, "options": {**entry.get("options", {}), **chosen}})
    return out


class Plan:
    """A game's playout plan, read from its fixtures."""

    def __init__(self, game):
        cfg = load_fixtures(game.info.id).get("playouts", {})
        self.counts = cfg.get("seat_counts", seat_counts(game))
        self.vary = cfg.get("vary", {})
        sets = expand(cfg.get("options", [{}]))
        self.option_sets = [s.get("options", {}) for s in sets]
        runs = len(self.counts) * len(self.option_sets)
        self.games = cfg.get("games", -(-DEFAULT_PLAYOUTS // runs))
        self.set_counts = [s.get("seat_counts", self.counts) for s in sets]
        self.set_games = [s.get("games", self.games) if engines.COMPILED else
                          s.get("interpreted_games", s.get("games", self.games)) for s in sets]
        self.parity = cfg.get("parity", -(-PARITY_GAMES // len(self.counts)))
        self.per_set = [{key: s.get(key, cfg.get(key, default)) for key, default in
                         zip(PER_SET, (1, 0, 0, None))} for s in sets]
        shared = [s for s in sets if "parity" not in s]  # the sets that share the plan's "parity"
        each = -(-self.parity // max(1, len(shared)))
        self.set_parity = [s["parity"] if "parity" in s else -(-each * share // self.games)
                           for s, share in zip(sets, self.set_games)]
        self.invariants = load_module(TESTS / cfg["invariants"], f"{game.info.id}_invariants").check \
            if "invariants" in cfg else None

    def options(self, option_set: dict, seed: int, players: int = 0) -> dict:
        """The option set, with each varying option's value picked by the seed (independently per option)."""
        opts, index = {}, 7 * seed + players  # the seat count too: a set's first seeds differ per seat count
        for name, value in option_set.items():  # a list: one value by the index (mixed radix over the lists)
            opts[name] = value[index % len(value)] if isinstance(value, list) else value
            index //= len(value) if isinstance(value, list) else 1
        for k, (name, values) in enumerate(sorted(self.vary.items())):
            opts[name] = values[(seed >> k) % len(values)]
        return opts

    def playouts(self, games: int):
        """(players, options, seed, settings) of `games` seeded games per seat count and option set (an option
        set with its own number of games gets its share of `games`), with the set's own settings: "check_every";
        "twin", "leaks": whether the game is among its set's first sampled_parity / sampled_leaks (spread
        over its seat counts), whose checked steps come every "deep_every" steps."""
        for k, (counts, option_set, share) in enumerate(zip(self.set_counts, self.option_sets, self.set_games)):
            own = self.per_set[k]
            leaks = own["sampled_leaks"] if engines.COMPILED else max(1, own["sampled_leaks"] // 10)
            for players in counts:
                for seed in range(-(-games * share // self.games)):
                    twin = seed < -(-own["sampled_parity"] // len(counts))
                    deep = own["sampled_leaks"] > 0 and seed < -(-leaks // len(counts))
                    every = own["deep_every"] if (twin or deep) and own["deep_every"] else own["check_every"]
                    how = {"check_every": every, "twin": twin, "leaks": deep}
                    yield players, self.options(option_set, seed, players), seed, how

    def parity_runs(self):
        """(players, options, seed) of the whole games played compiled and interpreted side by side."""
        for counts, option_set, per_count in zip(self.set_counts, self.option_sets, self.set_parity):
            for players in counts:
                for seed in range(per_count):
                    yield players, self.options(option_set, seed, players), seed

    def sample(self, seed: int) -> tuple[int, dict]:
        """(players, options) of the seed-th game of a small sample across the option sets and seat counts."""
        k = seed % len(self.option_sets)
        counts = self.set_counts[k]
        players = counts[(seed // len(self.option_sets)) % len(counts)]
        return players, self.options(self.option_sets[k], seed, players)


def check_step(game, state, listed, move, salt):
    before = bytes(state)
    assert game.decode(game.encode(state)) == state
    for code in listed[salt % len(listed)::max(1, len(listed) // 3)]:
        info = game.move_info(state, code)
        assert asdict(game.describe_legal(state, code)) == asdict(info)  # ApplyMove's unchecked way to it
        assert info.seat in game.to_act(state)
        assert game.parse_move(state, info.seat, info.text) == code, info.text
        assert game.move_text(info.kind, info.args) == info.text  # the typed form's way in
    unlisted = [c for c in range(salt % 7, 256, 37) if c not in listed][:3] + [max(listed) + 300, *UNLISTED]
    for code in unlisted:
        with pytest.raises(engines.IllegalMove) as refused:
            game.apply_in_place(state, code)
        assert refused.value.code == "not_legal" and refused.value.message, code
        assert bytes(state) == before
    for code in listed:  # every listed move applies
        copy = bytearray(state)
        game.apply_in_place(copy, code)
        assert copy != state
    new, _events = game.apply(state, move)
    assert bytes(state) == before and new != state


def check_twin(game, twin, state, listed, move):
    """The interpreted twin agrees on this step: listed moves, the move's info, next state, events, score."""
    other = bytearray(state)
    assert twin.legal_moves(other) == listed, "legal moves differ from the interpreted rules"
    assert asdict(game.move_info(state, move)) == asdict(twin.move_info(other, move))
    new, events = game.apply(state, move)
    new_twin, events_twin = twin.apply(other, move)
    assert new == new_twin, "the interpreted rules reach another state"
    assert [asdict(e) for e in events] == [asdict(e) for e in events_twin]
    assert asdict(game.score(new)) == asdict(twin.score(new_twin))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playouts_reach_a_scored_end(game_id, pure_engines):
    game = engines.get(game_id)
    plan = Plan(game)
    moves, games = [0], 0
    twin = interpreted(game, pure_engines) if engines.COMPILED and compiled_modules(game) else None
    reveals = load_fixtures(game_id).get("reveals", {})
    for players, options, seed, how in plan.playouts(scaled(plan.games)):
        every = how["check_every"]

        def each(state, listed, move, step):
            moves[0] += 1
            if step % every == seed % every:
                check_step(game, state, listed, move, seed + step)
                if how["twin"] and twin is not None:
                    check_twin(game, twin, state, listed, move)
                if how["leaks"]:
                    check_deeply(game, plan, state, seed + step, reveals)
        # Every move is applied, without building its events: the checked steps build them (`game.apply`).
        _, final, _ = playout(game, players, seed, each, options=options, record=False)
        games += 1
        game.validate(final)
        assert game.is_finished(final) and game.to_act(final) == []
        assert game.decode(game.encode(final)) == final
        scores = game.score(final)
        assert scores.finished and scores.winners, (game_id, players, options, seed)
        assert all(1 <= s.rank <= len(scores.seats) for s in scores.seats)
        assert all(scores.seats[w].rank == 1 for w in scores.winners)
        if how["leaks"] and plan.invariants:
            plan.invariants(game, final)
        with pytest.raises(engines.IllegalMove):
            game.apply_in_place(final, 0)
    assert moves[0] > games


def check_deeply(game, plan, state, salt: int, reveals: dict) -> None:
    """One seat's (or the spectator's) unseen cards re-dealt change nothing it is told; the game's invariants."""
    seats = game.seat_count(state)
    seat = None if salt % (seats + 1) == seats else salt % (seats + 1)
    check_no_leak(game, bytearray(state), seat, random.Random(salt).shuffle, reveals)
    if plan.invariants:
        plan.invariants(game, state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_compiled_and_interpreted_agree(game_id, pure_engines):
    """The extension against the source, move by move: states, listed moves, events, views, scores."""
    if not engines.COMPILED:
        pytest.skip("the engines are interpreted here (no extensions, or TABLETOP_PUREPYTHON=1): "
                    "both sides would be the same source")
    game = engines.get(game_id)
    if not compiled_modules(game):
        pytest.skip(f"{game_id}'s rules are not compiled (not in setup.py's extensions): nothing to compare")
    pure = interpreted(game, pure_engines)
    assert pure is not game and not compiled_modules(pure), "the twin must be the interpreted source"
    plan = Plan(game)
    for players, options, seed in plan.parity_runs():
        options = {**game.seat_options(players), **options}
        a, b = game.new(players, options, seed), pure.new(players, options, seed)
        assert a == b
        step = 0
        while (listed := game.legal_moves(a)):
            assert pure.legal_moves(b) == listed, f"{game_id} seed {seed} step {step}: legal moves differ"
            move = listed[pick(seed, step, len(listed))]
            assert asdict(game.move_info(a, move)) == asdict(pure.move_info(b, move))
            events_a, events_b = [], []
            game.apply_in_place(a, move, events_a)
            pure.apply_in_place(b, move, events_b)
            assert a == b, f"{game_id} seed {seed} step {step}: states differ"
            assert [asdict(e) for e in events_a] == [asdict(e) for e in events_b]
            if step % 5 == 0:
                assert game.view(a, step % players) == pure.view(b, step % players)
            step += 1
        assert asdict(game.score(a)) == asdict(pure.score(b))
        assert all(game.view(a, s) == pure.view(b, s) for s in [None, *range(players)])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_and_moves_give_identical_bytes(game_id):
    game = engines.get(game_id)
    players = seat_counts(game)[-1]
    for seed in (0, 1, 2**64 - 1):
        first, _, _ = playout(game, players, seed)
        second, _, _ = playout(game, players, seed)
        assert first == second
    other, _, _ = playout(game, players, 12345)
    assert other[0] != first[0], "different seeds should deal differently"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_from_text_moves(game_id):
    game = engines.get(game_id)
    players = seat_counts(game)[0]
    options = game.seat_options(players)
    state = game.new(players, options, 77)
    texts = []
    while (listed := game.legal_moves(state)):
        info = game.move_info(state, listed[len(texts) % len(listed)])
        texts.append((info.seat, info.text))
        game.apply_in_place(state, game.parse_move(state, info.seat, info.text))
    assert game.replay(players, options, 77, texts) == state


# -- no view leaks -------------------------------------------------------------------

def assert_no_seat_learns_unseen_cards(game, games: int = 12, every: int = 4) -> int:
    """Along seeded games, every `every` moves, for every seat and the spectator: `check_no_leak`."""
    plan = Plan(game)
    reveals = recorded(game.info.id, "reveals")
    changed = 0
    for seed in range(games):
        players, options = plan.sample(seed)
        trail, _, _ = playout(game, players, seed, options=options)
        for k, state in enumerate(trail[:-1:every]):
            for seat in [None, *range(players)]:
                shuffle = random.Random(seed * 1000 + k * 10 + (seat or 0)).shuffle
                changed += check_no_leak(game, bytearray(state), seat, shuffle, reveals)
    return changed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_redealing_unseen_cards_changes_nothing_a_seat_sees(game_id):
    games = scaled(12)
    changed = assert_no_seat_learns_unseen_cards(engines.get(game_id), games=games)
    assert changed > 2 * games, "the re-deals hardly moved a card: the check would prove nothing"


class Leaky:
    """A game whose view (or events) also show another seat's hidden cards: the leak check must fail."""

    def __init__(self, game, leak: str):
        self.game, self.leak = game, leak

    def __getattr__(self, name):
        return getattr(self.game, name)

    def view(self, state, seat):
        view = self.game.view(state, seat)
        if self.leak == "view":
            players = len(self.game.score(state).seats)
            view = dict(view, neighbour=self.game.view(state, 0 if seat is None else (seat + 1) % players))
        return view

    def apply_in_place(self, state, move, events=None):
        if self.leak != "events" or events is None:
            return self.game.apply_in_place(state, move, events)
        happened: list = []
        self.game.apply_in_place(state, move, happened)
        for event in happened:
            event.private_to = tuple(range(len(self.game.score(state).seats)))  # private parts to everyone
        events.extend(happened)


@pytest.mark.parametrize("leak", ["view", "events"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_leak_check_catches_a_leak(game_id, leak):
    with pytest.raises(AssertionError, match="may not know"):
        assert_no_seat_learns_unseen_cards(Leaky(engines.get(game_id), leak), games=scaled(12))
