"""The running service for the end-to-end tests: a real subprocess on 127.0.0.1, real sockets."""
from __future__ import annotations

import base64
import importlib.util
import os
import signal
import site
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

import grpc
import httpx
import pytest
from bench.ports import free_port  # noqa: F401 - the test modules take it from here
from installs import one_installer

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 90
KEY = base64.b64encode(bytes(range(32))).decode()
OLD_KEY = base64.b64encode(bytes(range(100, 132))).decode()
# Two keys: "k2" seals, "k1" (the rotated-out one) still opens.
KEYS = f"k2:{KEY},k1:{OLD_KEY}"


CLIENT_DIR = ROOT / "clients" / "python"


def install_client() -> None:
    """Make `tabletop_client` this checkout's clients/python: pip-installed (editable) when it is not.

    The README's test command installs only `.[test]` (pip cannot name a path dependency relative to
    the project), so the first test run installs the client package the way a user would.
    """
    if _client_installed():
        return
    with one_installer():
        _read_new_pth_files()  # another xdist worker may have installed it while this one waited
        if not _client_installed():
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "-e", str(CLIENT_DIR)],
                           check=True, timeout=600)
            _read_new_pth_files()


def _read_new_pth_files() -> None:
    """Take in .pth files added since this process started (the editable install's)."""
    site.addsitedir(sysconfig.get_paths()["purelib"])
    importlib.invalidate_caches()


def _client_installed() -> bool:
    spec = importlib.util.find_spec("tabletop_client")
    return spec is not None and Path(spec.origin).resolve().is_relative_to(CLIENT_DIR)


install_client()  # before the test modules of this folder import it


@dataclass
class Service:
    proc: subprocess.Popen
    grpc_port: int
    http_port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def grpc_target(self) -> str:
        return f"127.0.0.1:{self.grpc_port}"


def start_service(workers: int = 2, extra_env: dict | None = None, log_level: str = "warning",
                  stderr=None) -> Service:
    """`python -m service` on free ports; returns once both transports answer. `extra_env` adds to or
    overrides the environment below; a None value unsets the variable."""
    gport, hport = free_port(), free_port()
    # The transport and rules suites play as the trusted back end (`open` games, the behaviour before
    # seat keys) and need no fork guard: `none`, so no test shares the user's default store file;
    # tests/service/test_service_access.py and the fork-guard tests start their own services with
    # the real default (`seats` for hidden information) or a store of their own.
    env = dict(os.environ, TABLETOP_TOKEN_KEYS=KEYS, TABLETOP_ACCESS="open", TABLETOP_GAME_STORE="none")
    for name, value in (extra_env or {}).items():
        if value is None:  # not set at all: the service's own default
            env.pop(name, None)
        else:
            env[name] = value
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "service", "--host", "127.0.0.1", "--grpc-port", str(gport),
         "--http-port", str(hport), "--workers", str(workers), "--log-level", log_level],
        cwd=ROOT, env=env, stderr=stderr)
    svc = Service(proc, gport, hport)
    # Start-up is a second or two; a loaded 2-core machine (other builds, other suites) has taken over 30 s.
    deadline = time.monotonic() + START_TIMEOUT
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"service exited with {proc.returncode} at start")
        try:
            # Every worker must be up: the kernel spreads connections, so ask a few times.
            ok = all(httpx.get(svc.http + "/readyz", timeout=1).status_code == 200 for _ in range(4))
            with grpc.insecure_channel(svc.grpc_target) as ch:
                resp = health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=1)
            if ok and resp.status == health_pb2.HealthCheckResponse.SERVING:
                return svc
        except (httpx.HTTPError, grpc.RpcError):
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"service did not become ready in {START_TIMEOUT} s")
        time.sleep(0.1)


def stop_service(svc: Service, timeout: float = 20) -> int:
    if svc.proc.poll() is None:
        svc.proc.send_signal(signal.SIGTERM)
    try:
        return svc.proc.wait(timeout)
    except subprocess.TimeoutExpired:
        svc.proc.kill()
        raise


@pytest.fixture(scope="session")
def service():
    svc = start_service(workers=2)
    yield svc
    stop_service(svc)


@pytest.fixture(scope="session")
def channel(service):
    with grpc.insecure_channel(service.grpc_target) as ch:
        yield ch


@pytest.fixture(scope="session")
def stub(channel):
    from service.api import engine_pb2_grpc
    return engine_pb2_grpc.GameServiceStub(channel)


@pytest.fixture(scope="session")
def http(service):
    with httpx.Client(base_url=service.http, timeout=10) as client:
        yield client


@pytest.fixture(scope="session")
def token_keys():
    """{key id: base64 key} of the running service ("k2" seals, "k1" is the rotated-out one)."""
    return {"k2": KEY, "k1": OLD_KEY}


def _factory():
    started = []

    def start(**kwargs):
        svc = start_service(**kwargs)
        started.append(svc)
        return svc

    yield start
    for svc in started:
        if svc.proc.poll() is None:
            stop_service(svc)


@pytest.fixture
def start_service_factory():
    """Start extra services for one test; each is stopped (SIGTERM, then kill) at the end."""
    yield from _factory()


@pytest.fixture(scope="module")
def start_module_service():
    """Start extra services for one test module; each is stopped (SIGTERM, then kill) at its end."""
    yield from _factory()

