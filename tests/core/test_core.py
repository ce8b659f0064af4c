"""The engine core: RNG stream, codec errors, registry, option checks, compiled/pure loading."""
import os
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import asdict

import pytest

import engines
from engines.core import cards, codec, options
from engines.core.game import OptionSpec
from engines.core.rng import Rng


def test_splitmix64_matches_published_vector():
    # SplitMix64 seeded with 0: the reference implementation's first outputs.
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_rng_stream_identical_compiled_and_pure(pure_engines):
    from engines_pure.core.rng import Rng as PureRng
    for seed in (0, 1, 2**63, 2**64 - 1, 123456789):
        a, b = Rng(seed), PureRng(seed)
        assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]
        assert [a.below(n) for n in range(1, 60)] == [b.below(n) for n in range(1, 60)]


def test_below_is_in_range_and_covers_it():
    r = Rng(99)
    seen = {r.below(7) for _ in range(500)}
    assert seen == set(range(7))


def test_shuffle_is_a_permutation_and_same_both_ways(pure_engines):
    from engines.core import rng
    from engines_pure.core import rng as pure_rng
    a = bytearray(8) + bytes(range(42))
    b = bytearray(a)
    rng.seed_into(a, 0, 5)
    pure_rng.seed_into(b, 0, 5)
    rng.shuffle(a, 0, 8, 42)
    pure_rng.shuffle(b, 0, 8, 42)
    assert a == b and sorted(a[8:]) == list(range(42)) and a[8:] != bytes(range(42))


def test_compiled_when_a_compiler_exists():
    """The install must have built the extensions wherever a C compiler is available."""
    if os.environ.get("TABLETOP_PUREPYTHON") == "1":
        pytest.skip("pure Python forced")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip("no C compiler: the pure-Python fallback is expected")
    assert engines.COMPILED


def test_environment_variable_forces_pure_python():
    code = "import engines, engines.hats.rules as r; print(engines.COMPILED, r.__file__.endswith('.py'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "TABLETOP_PUREPYTHON": "1"}).stdout.split()
    assert out == ["False", "True"]


def test_pure_twin_runs_from_source(pure_engines):
    assert pure_engines.COMPILED is False
    assert asdict(pure_engines.get("hats").info) == asdict(engines.get("hats").info)


def test_registry_lists_games_and_names_unknown_ones():
    ids = [g.info.id for g in engines.games()]
    assert "hats" in ids and len(ids) == len(set(ids))
    with pytest.raises(engines.UnknownGame, match="unknown game 'chess'"):
        engines.get("chess")


def test_codec_refuses_garbage_other_games_and_versions():
    hats = engines.get("hats")
    state = hats.new(3, None, 1)
    data = hats.encode(state)
    assert hats.decode(data) == state
    assert engines.decode(data)[0] is hats
    with pytest.raises(engines.BadState, match="bad magic"):
        hats.decode(b"xx" + data[2:])
    with pytest.raises(engines.BadState, match="truncated|expected"):
        hats.decode(data[:-5])
    with pytest.raises(engines.BadState, match="not 'hats'"):
        hats.decode(codec.encode("cambio", "1.0", state))
    with pytest.raises(engines.BadState, match="rules version 0.9"):
        hats.decode(codec.encode("hats", "0.9", state))
    with pytest.raises(engines.BadState, match="codec version"):
        hats.decode(data[:2] + b"\x09" + data[3:])
    with pytest.raises(engines.BadState):
        hats.decode("not bytes")


def test_codec_refuses_inconsistent_state_bytes():
    hats = engines.get("hats")
    data = bytearray(hats.encode(hats.new(3, None, 1)))
    head = len(hats.codec_header)
    broken = bytearray(data)
    broken[head + 22] = broken[head + 23]  # a table card twice (TABLE offset in rules.py)
    with pytest.raises(engines.BadState, match="repeated"):
        hats.decode(bytes(broken))


def test_options_resolve_defaults_and_refuse_unknown():
    specs = (OptionSpec("mode", "enum", "a", ("a", "b"), "x"), OptionSpec("n", "int", "1", (), "y"))
    assert options.resolve(specs, None) == {"mode": "a", "n": "1"}
    assert options.resolve(specs, {"mode": "b"}) == {"mode": "b", "n": "1"}
    with pytest.raises(engines.BadOption, match="unknown option 'colour'"):
        options.resolve(specs, {"colour": "red"})
    with pytest.raises(engines.BadOption, match="not one of a, b"):
        options.resolve(specs, {"mode": "c"})
    with pytest.raises(engines.BadOption, match="not an integer"):
        options.resolve(specs, {"n": "two"})


def test_rigged_order_names_bad_cards():
    assert cards.rigged_order(["c"], ["a", "b", "c"]) == ["c", "a", "b"]
    with pytest.raises(engines.BadOption, match="'z' is not a card"):
        cards.rigged_order(["z"], ["a", "b"])
    with pytest.raises(engines.BadOption, match="'a' is listed twice"):
        cards.rigged_order(["a", "a"], ["a", "b"])
    with pytest.raises(engines.BadOption, match="missing b"):
        cards.rigged_order(["a"], ["a", "b"], full=True)


def test_a_game_missing_a_required_method_cannot_be_made():
    """Every method the service calls is required: a game without one fails when made, naming it, instead of
    at the first call that needs it."""
    from abc import abstractmethod

    from engines.core.game import Game
    hats = type(engines.get("hats"))

    class NoUnseen(hats):
        @abstractmethod
        def unseen(self, state, seat):
            """Left to a subclass that never comes."""

    with pytest.raises(TypeError, match="unseen"):
        NoUnseen()

    class Partial(Game):
        def score(self, state):
            return None

    with pytest.raises(TypeError, match="abstract"):
        Partial()

    class NoRules(hats):
        hot_rules = None
        kernel = None

    with pytest.raises(TypeError, match="legal_moves"):
        NoRules()
