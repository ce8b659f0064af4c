"""Shared fixtures: the compiled engines and their interpreted twin."""
import pytest

import engines
from engines.core import purepython


@pytest.fixture(scope="session")
def pure_engines():
    """The all-source copy of the engines package (`engines_pure`)."""
    return purepython.load()


def pytest_report_header(config):
    return f"engines compiled: {engines.COMPILED}"
