"""Shared fixtures: the compiled engines and their interpreted twin; `enginekit` importable by every test."""
import sys
from pathlib import Path

import pytest

import engines
from engines.core import purepython

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/enginekit.py (pytest runs --import-mode=importlib)


@pytest.fixture(scope="session")
def pure_engines():
    """The all-source copy of the engines package (`engines_pure`)."""
    return purepython.load()


def pytest_report_header(config):
    return f"engines compiled: {engines.COMPILED}; games: {', '.join(g.info.id for g in engines.games())}"


def pytest_configure(config):
    config.addinivalue_line("markers", "conformance: the registry-driven engine suites (.ci/run runs them "
                                       "again with the test-only game and the interpreted engines)")
