"""Option specs from a game's data/options.toml: ListGames shows an int's range, so only ints carry one."""
import pytest

from engines.core.data import DataError
from engines.core.options import load_specs


def _specs(tmp_path, kind: str, extra: str):
    path = tmp_path / "options.toml"
    path.write_text(f'[[option]]\nname = "first"\ntype = "{kind}"\ndefault = "0"\ndescription = "d"\n{extra}')
    return load_specs(path)


def test_an_int_option_keeps_its_range_and_words(tmp_path):
    (spec,) = _specs(tmp_path, "int", 'min = 0\nmax = 5\nwords = ["off"]\n')
    assert (spec.min, spec.max, spec.words) == (0, 5, ("off",))


@pytest.mark.parametrize("extra", ["min = 0\n", "max = 3\n", 'words = ["off"]\n'])
def test_a_range_on_an_option_that_is_not_an_int_is_refused(tmp_path, extra):
    with pytest.raises(DataError, match=r"options.toml: option\[0\] \(first\): min, max and words are for int "
                                         r"options, not seat"):
        _specs(tmp_path, "seat", extra)
