"""CORS request headers (issue 32, acceptance 4): tracing headers pass by default, more are configurable,
and a refused preflight is logged (its origin cut short, no header values) and counted by reason.

Real sockets on 127.0.0.1: one service started here with TABLETOP_CORS_ORIGINS and TABLETOP_CORS_HEADERS
(one worker, so /metrics and the log are that worker's), its stderr kept in a file.
"""
from __future__ import annotations

import time

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from service.process.config import parse
from service.process.cors import DEFAULT_HEADERS, parse_headers

ORIGIN = "http://table.example:5173"
TRACING = ["traceparent", "tracestate", "x-request-id"]


@pytest.fixture(scope="module")
def cors(start_module_service, tmp_path_factory):
    log = tmp_path_factory.mktemp("cors") / "stderr.log"
    with open(log, "wb") as err:
        svc = start_module_service(workers=1, stderr=err, extra_env={
            "TABLETOP_CORS_ORIGINS": ORIGIN, "TABLETOP_CORS_HEADERS": "X-Tenant, x-debug-id"})
    with httpx.Client(base_url=svc.http, timeout=10) as client:
        yield client, log


def _preflight(client, headers: list[str], origin: str = ORIGIN, method: str = "POST", **extra):
    return client.options("/v1/apply", headers={"origin": origin, "access-control-request-method": method,
                                                "access-control-request-headers": ", ".join(headers), **extra})


def _refused(client) -> dict[str, float]:
    """tabletop_cors_refused_total by reason, read with Prometheus' own parser."""
    text = client.get("/metrics").text
    return {s.labels["reason"]: s.value for family in text_string_to_metric_families(text)
            if family.name == "tabletop_cors_refused" for s in family.samples if s.name.endswith("_total")}


def _log_lines(log, needle: str, timeout: float = 5.0) -> list[str]:
    deadline = time.monotonic() + timeout
    while True:
        lines = [line for line in log.read_text(errors="replace").splitlines() if needle in line]
        if lines or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def test_a_preflight_with_tracing_headers_passes(cors):
    client, _ = cors
    r = _preflight(client, ["content-type", "connect-protocol-version", *TRACING])
    assert r.status_code == 204 and r.headers["access-control-allow-origin"] == ORIGIN
    allowed = {h.strip() for h in r.headers["access-control-allow-headers"].split(",")}
    assert set(TRACING) <= allowed and set(TRACING) <= set(DEFAULT_HEADERS)
    # The configured ones too, in any case the page spells them.
    r = _preflight(client, ["Traceparent", "X-Tenant", "x-debug-id"])
    assert r.status_code == 204 and {"x-tenant", "x-debug-id"} <= {
        h.strip() for h in r.headers["access-control-allow-headers"].split(",")}


def test_a_refused_preflight_is_logged_and_counted(cors):
    client, log = cors
    before = _refused(client)
    r = _preflight(client, ["content-type", "x-secret-header"], authorization="Bearer do-not-log-me")
    assert r.status_code == 403 and "access-control-allow-origin" not in r.headers
    assert r.json()["reason"] == "header_not_allowed" and "x-secret-header" in r.json()["message"]
    lines = _log_lines(log, "x-secret-header")
    assert len(lines) == 1 and ORIGIN in lines[0]  # (logged at WARNING: the service runs at --log-level warning)
    assert "do-not-log-me" not in log.read_text()
    long_origin = "http://" + "a" * 300 + ".example"
    assert _preflight(client, ["content-type"], origin=long_origin).status_code == 403
    assert _preflight(client, ["content-type"], method="DELETE").status_code == 403
    lines = _log_lines(log, "aaaa")
    assert len(lines) == 1 and "(315 characters)" in lines[0] and long_origin not in lines[0]
    after = _refused(client)
    for reason in ("headers", "origin", "method"):
        assert after.get(reason, 0) == before.get(reason, 0) + 1, (reason, before, after)
    assert "aaaa" not in client.get("/metrics").text  # the origin is never a label value


def test_cors_headers_are_read_and_checked():
    assert parse_headers(" X-Tenant, ,x-debug-id ") == ("x-tenant", "x-debug-id")
    assert parse(["--cors-headers", "x-a,X-B"]).cors_headers == "x-a,X-B"
    for bad in ("x tenant", "x-a, b:c", "é"):
        with pytest.raises(ValueError, match="not an HTTP header name"):
            parse_headers(bad)
        with pytest.raises(SystemExit):
            parse(["--cors-headers", bad])
