"""Shared fixtures: the compiled engines and their interpreted twin; `enginekit` importable by every test."""
import os
import sys
from pathlib import Path

import pytest

import engines
from engines.core import purepython
from engines.registry import EXTRA_ENV

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/enginekit.py (pytest runs --import-mode=importlib)


@pytest.fixture(scope="session")
def pure_engines():
    """The all-source copy of the engines package (`engines_pure`), built-in games only.

    Games added with TABLETOP_EXTRA_GAMES subclass `engines.core.game.Game`, which the twin's
    registry does not take for its own `Game`; the suites use such a game itself as its
    interpreted form (tests/enginekit.py `interpreted`).
    """
    extra = os.environ.pop(EXTRA_ENV, None)
    try:
        return purepython.load()
    finally:
        if extra is not None:
            os.environ[EXTRA_ENV] = extra


def pytest_report_header(config):
    return f"engines compiled: {engines.COMPILED}; games: {', '.join(g.info.id for g in engines.games())}"


def pytest_configure(config):
    config.addinivalue_line("markers", "conformance: the registry-driven engine suites (.ci/run runs them "
                                       "again with the test-only game and the interpreted engines)")
