"""Property tests run against every registered game: arbitrary input never escapes as anything but a
RuleError, whatever is accepted is consistent (hypothesis), and no view names a card its viewer's
events never showed it (random playouts against an oracle built from the events alone)."""
import random
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines
from enginekit import scaled

GAMES = [g.info.id for g in engines.games()]
pytestmark = pytest.mark.conformance
SETTINGS = settings(max_examples=scaled(300), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def positions(game_id: str) -> list[bytearray]:
    """A few states along a seeded game, for every seat count."""
    game = engines.get(game_id)
    out = []
    for players in range(game.info.min_seats, game.info.max_seats + 1):
        state = game.new(players, game.seat_options(players), players)
        for step in range(30):
            if step % 6 == 0:
                out.append(bytearray(state))
            listed = game.legal_moves(state)
            if not listed:
                break
            game.apply_in_place(state, listed[step % len(listed)])
    return out


def move_words(game_id: str) -> list[str]:
    """Words that appear in this game's move texts, to build texts that are nearly right."""
    game = engines.get(game_id)
    words = set()
    for state in positions(game_id):
        for info in game.describe_moves(state):
            words.update(info.text.split())
    return sorted(words)


@pytest.mark.parametrize("game_id", GAMES)
def test_any_move_text_is_a_legal_code_or_a_rule_error(game_id):
    game = engines.get(game_id)
    states = positions(game_id)
    words = move_words(game_id)
    texts = st.one_of(st.text(max_size=30),
                      st.lists(st.sampled_from(words) | st.text(max_size=4), max_size=5).map(" ".join))

    @SETTINGS
    @given(st.sampled_from(states), st.integers(-2, 9), texts)
    def check(state, seat, text):
        before = bytes(state)
        try:
            code = game.parse_move(state, seat, text)
        except engines.RuleError as refused:
            assert refused.code and refused.message
        else:
            assert code in game.legal_moves(state)
            assert game.move_info(state, code).seat == seat
        assert bytes(state) == before

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_any_options_give_a_valid_state_or_bad_option(game_id):
    game = engines.get(game_id)
    names = [o.name for o in game.info.options] + ["nonsense"]
    values = st.one_of(st.text(max_size=12), st.integers(-3, 200).map(str),
                       st.sampled_from([a for o in game.info.options for a in o.allowed] + ["random", "off"]))

    @SETTINGS
    @given(st.integers(0, 9), st.dictionaries(st.sampled_from(names), values, max_size=3),
           st.integers(-1, 2 ** 64))
    def check(players, options, seed):
        try:
            state = game.new(players, options, seed)
        except engines.BadOption as refused:
            assert refused.code and refused.message
        else:
            game.validate(state)
            assert game.decode(game.encode(state)) == state

    check()


@pytest.mark.parametrize("game_id", GAMES)
def test_any_bytes_decode_to_a_valid_state_or_bad_state(game_id):
    game = engines.get(game_id)
    header = game.codec_header

    @SETTINGS
    @given(st.one_of(st.binary(max_size=64), st.binary(max_size=2000).map(lambda b: header + b)))
    def check(data):
        try:
            state = game.decode(data)
        except engines.BadState as refused:
            assert refused.code and refused.message
        else:
            game.legal_moves(state)
            game.score(state)

    check()


# -- no view shows a card its seat was not shown ------------------------------------------------
# An oracle that shares nothing with the engines' view and re-deal code (`knows`, `redeal_unseen`):
# what a seat (or the spectator) may know is what the events it received showed it, each as
# `Event.seen_by` cuts it (setup_events, then every move's events). A "card" is any text some
# private part of an event carries (card ids; White Hat's rank names, which repeat, make its check
# coarse). Every card a view names must have been in an event that viewer saw since the last deal.
ORACLE_GAMES = 20
ORACLE_MOVES = 300
ORACLE_STRIDE = 2  # views checked every other position (a leak lasts while the card lies there)
# The event kind that starts a new deal: every card is gathered and hidden again, so what was shown
# before no longer says where it lies (games not named keep one deal, or keep old cards on show).
NEW_DEAL = {"kodiak": "deal", "cambio": "deal", "white_hat": "round_start", "black_hat": "round_start"}
# Move kinds the oracle's playouts pick 1 time in 20: they show cards to the whole table, and private
# knowledge only piles up (two seats each looking at a card alone) when they are rare.
LOUD = {"kodiak": ("throw", "pounce", "counter")}
# Events whose kind names the card they move (White Hat solo: a joker goes to the hand, §7.7).
NAMED_BY_KIND = {("white_hat", "joker_to_hand"): "J"}


def texts(value) -> set:
    """Every string among the values (not the keys) of nested mappings and sequences."""
    out, stack = set(), [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str:
            out.add(item)
        elif kind is dict:
            stack.extend(item.values())
        elif kind is list or kind is tuple:
            stack.extend(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
    return out


def oracle_playout(game, players: int, seed: int) -> list[tuple[bytes, list]]:
    """(state, the events that led to it) along a random game (a kind of move, then one of its moves, at
    random), the setup events first."""
    rnd = random.Random(seed)
    loud = LOUD.get(game.info.id, ())
    state = game.new(players, game.seat_options(players), seed)
    out = [(bytes(state), game.setup_events(state))]
    for _ in range(ORACLE_MOVES):
        listed = game.legal_moves(state)
        if not listed:
            break
        kinds = {}
        for code, info in zip(listed, game.describe_moves(state)):
            kinds.setdefault(info.kind, []).append(code)
        names = sorted(kinds)
        kind = rnd.choices(names, [0.05 if k in loud else 1 for k in names])[0]
        happened: list = []
        game.apply_in_place(state, rnd.choice(kinds[kind]), happened)
        out.append((bytes(state), happened))
    return out


def laid_open(game_id: str, view: dict) -> set:
    """Cards the rules lay face up at setup that no event names: White Hat's solo row (spec §9.2)."""
    return set(view["solo"]["row"]) if game_id == "white_hat" and view.get("solo") else set()


def unshown_cards(game, trail: list[tuple[bytes, list]], cards: set) -> list[str]:
    """Where a view names a card its viewer's events never showed it (since the last deal)."""
    players = game.seat_count(bytearray(trail[0][0]))
    viewers = [None, *range(players)]
    table = laid_open(game.info.id, game.view(bytearray(trail[0][0]), None))
    shown: dict = {v: set(table) for v in viewers}
    deal = NEW_DEAL.get(game.info.id)
    found = []
    for at, (state, events) in enumerate(trail):
        for i, event in enumerate(events):
            if event.kind == deal and (i == 0 or events[i - 1].kind != deal):
                for seen in shown.values():
                    seen.clear()
            named = NAMED_BY_KIND.get((game.info.id, event.kind))
            for v in viewers:
                seen = event.seen_by(v)
                shown[v] |= texts(seen.public) | texts(seen.private)
                if named:
                    shown[v].add(named)
        if at % ORACLE_STRIDE and at != len(trail) - 1:
            continue
        for v in viewers:
            named = texts(game.view(bytearray(state), v)) & cards
            if named - shown[v]:
                found.append(f"after {game.move_count(bytearray(state))} moves, "
                             f"{'the spectator' if v is None else f'seat {v}'}: {sorted(named - shown[v])}")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_names_only_cards_its_viewer_was_shown_by_events(game_id):
    game = engines.get(game_id)
    counts = list(range(game.info.min_seats, game.info.max_seats + 1))
    # Every other game at the fewest seats: there every seat most often knows the same card alone.
    trails = [(seed, oracle_playout(game, counts[0] if seed % 2 == 0 else counts[seed // 2 % len(counts)], seed))
              for seed in range(scaled(ORACLE_GAMES))]
    cards = {c for _, trail in trails for _, events in trail for e in events for c in texts(e.private)}
    assert cards, f"{game_id}: no event has a private part: nothing for the oracle to check"
    for seed, trail in trails:
        found = unshown_cards(game, trail, cards)
        assert not found, f"{game_id}, seed {seed}: a view names cards its events never showed: {found[:3]}"


class SpectatorSeesSeatZero:
    """The game, but the spectator's view also carries seat 0's: a leak the oracle must name."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def view(self, state, seat):
        view = self.game.view(state, seat)
        return dict(view, seat_zero=self.game.view(state, 0)) if seat is None else view


@pytest.mark.parametrize("game_id", GAMES)
def test_the_event_oracle_names_a_leak(game_id):
    game = SpectatorSeesSeatZero(engines.get(game_id))
    trail = oracle_playout(game, game.info.min_seats, 1)
    cards = {c for _, events in trail for e in events for c in texts(e.private)}
    assert any(where.split(": ")[0].endswith("the spectator") for where in unshown_cards(game, trail, cards))
