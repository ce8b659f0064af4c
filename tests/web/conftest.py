"""Where the web table's screenshots went: listed at the end of the run, whatever pytest's capture setting."""
import pytest

_SHOTS: list[str] = []


@pytest.fixture(scope="session")
def screenshots() -> list[str]:
    """Append the path of each screenshot a test saved; the run's summary lists them."""
    return _SHOTS


def pytest_terminal_summary(terminalreporter):
    for path in _SHOTS:
        terminalreporter.write_line(f"web table screenshot: {path}")
