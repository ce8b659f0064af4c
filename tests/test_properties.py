"""Property tests (hypothesis) run against every registered game: arbitrary input never escapes as
anything but a RuleError, and whatever is accepted is consistent."""
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
