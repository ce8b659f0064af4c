"""Shared fixtures: the compiled engines and their interpreted twin; `enginekit` importable by every test."""
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engines
from engines.core import purepython
from engines.registry import EXTRA_ENV

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/enginekit.py (pytest runs --import-mode=importlib)
from installs import one_installer  # noqa: E402
from bench.ports import free_port  # noqa: E402


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


_SCREENSHOTS: list[str] = []


def pytest_runtest_logreport(report):
    """Collect the screenshots tests saved (`record_property("screenshot", path)`); with pytest-xdist
    the reports of every worker reach this process, so the list is whole."""
    if report.when == "call":
        _SCREENSHOTS.extend(value for name, value in report.user_properties if name == "screenshot")


def pytest_terminal_summary(terminalreporter):
    for path in _SCREENSHOTS:
        terminalreporter.write_line(f"web table screenshot: {path}")


SERVER_FOLDERS = ("service", "web", "deploy")


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups into the test ids
def pytest_collection_modifyitems(items):
    """Under pytest-xdist (`--dist loadgroup`), keep each module that starts servers on one worker, so a
    module's services start once; every other test goes wherever a worker is free."""
    for item in items:
        parts = item.path.relative_to(Path(__file__).resolve().parent).parts
        if len(parts) > 1 and parts[0] in SERVER_FOLDERS:
            item.add_marker(pytest.mark.xdist_group(item.path.stem))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    """With `--dist loadgroup`, a grouped test's id must carry its group (`@name`): the only way xdist's
    scheduler learns it. Without that (pytest 9.2 with pytest-xdist 3.8) the groups are silently ignored,
    servers start once per test and the suite takes minutes longer: stop instead."""
    if node.config.getvalue("dist") != "loadgroup":
        return
    lost = [i for i in ids if i.split("/")[1:2] and i.split("/")[1] in SERVER_FOLDERS and "@" not in i]
    if lost:
        pytest.exit(f"--dist loadgroup: {len(lost)} grouped tests lost their group (e.g. {lost[0]}); this pytest / "
                    "pytest-xdist pair no longer groups (pyproject.toml pins pytest below 9.2)", returncode=3)


def pytest_configure(config):
    config.addinivalue_line("markers", "conformance: the registry-driven engine suites (.ci/run runs them "
                                       "again with the test-only game and the interpreted engines)")


# -- programs the README's test command installs from Debian when they are missing -----------
REDIS_PACKAGE = "redis-server"  # a real Redis for the fork guard's tests (never a fake)


def debian_binary(binary: str, package: str) -> str:
    """The path of `binary`; installed with apt-get (Debian's `package`) when missing and allowed (root)."""
    found = shutil.which(binary)
    if found:
        return found
    with one_installer():
        return _apt_install(binary, package)


def _apt_install(binary: str, package: str) -> str:
    found = shutil.which(binary)  # another worker may have installed it while this one waited
    if os.geteuid() == 0 and not found and shutil.which("apt-get"):
        quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["apt-get", "update", "-q"], check=False, timeout=300, **quiet)
        # Wait for another apt-get holding the dpkg lock rather than fail at once.
        subprocess.run(["apt-get", "install", "-y", "-q", "-o", "DPkg::Lock::Timeout=600", "--no-install-recommends",
                        package], check=True, timeout=900, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"),
                       **quiet)
        found = shutil.which(binary)
    if not found:
        raise RuntimeError(f"{binary} is missing and could not be installed: `apt-get install {package}`")
    return found


def redis_server_binary() -> str:
    """The redis-server binary (Debian's package installed when missing)."""
    return debian_binary("redis-server", REDIS_PACKAGE)


class RedisServer:
    """A real redis-server on 127.0.0.1 and a free port, nothing saved to disk unless `args` (more options,
    later ones winning, e.g. k8s/base/redis.yaml's) say so; `restart` keeps the port."""

    def __init__(self, *args: str):
        self.binary = redis_server_binary()
        self.args = args
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
                                      "--appendonly", "no", "--protected-mode", "no", *self.args],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not answer in 10 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def debian():
    """`debian(binary, package)`: the binary's path, Debian's package installed when it is missing."""
    return debian_binary


@pytest.fixture(scope="session")
def redis_binary() -> str:
    """The redis-server binary, installed from Debian when missing (the README's test command needs no more)."""
    return redis_server_binary()


@pytest.fixture(scope="session")
def chromium_binary() -> str:
    """Debian's chromium for the web table's browser tests, installed with apt-get when missing."""
    return debian_binary("chromium", "chromium")


@pytest.fixture(scope="session")
def redis_server():
    server = RedisServer()
    yield server
    server.stop()
