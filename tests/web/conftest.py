"""Fixtures of the front-end tests: clients/ts installed and built."""
from __future__ import annotations

import shutil

import pytest

from installs import one_installer
from service.play import bundle


@pytest.fixture(scope="session")
def ts_client():
    """clients/ts installed and built (npm ci from the lock file when needed, npm run build when stale)."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{' and '.join(missing)} not found: the front-end tests need Node.js 20+ and npm on PATH")
    with one_installer():
        built = bundle.build()
    if not built:
        pytest.fail(f"clients/ts could not be built: {bundle.missing()}")
    return bundle.CLIENT
