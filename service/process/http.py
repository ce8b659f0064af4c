"""The HTTP application of one worker: REST and Connect routes beside the operational ones.

Assembled here, above the adapters, so that no adapter imports another.
"""
from __future__ import annotations

from litestar import Litestar, Response, get

from ..adapters import connect, rest
from ..app import App, metrics

MAX_BODY = 8 * 1024 * 1024


class Readiness:
    """Readiness, flipped off when shutdown starts so load balancers stop sending."""

    ready = True


def create_app(app: App) -> Litestar:
    """The litestar application serving `app` over REST and Connect, with /healthz, /readyz, /metrics, /schema."""

    @get("/healthz", sync_to_thread=False, include_in_schema=False)
    def healthz() -> dict:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @get("/readyz", sync_to_thread=False, include_in_schema=False)
    def readyz() -> Response:
        """Readiness: false once shutdown has started."""
        ok = Readiness.ready
        return Response({"status": "ready" if ok else "stopping"}, status_code=200 if ok else 503)

    @get("/metrics", sync_to_thread=False, include_in_schema=False)
    def metrics_route() -> Response:
        """Prometheus exposition (all worker processes)."""
        return Response(metrics.render(), media_type=metrics.CONTENT_TYPE_LATEST)

    schema = rest.openapi_document()

    @get(["/schema", "/schema/openapi.json"], sync_to_thread=False, include_in_schema=False)
    def openapi() -> Response:
        """The OpenAPI document of the REST routes."""
        return Response(schema, media_type="application/vnd.oai.openapi+json")

    return Litestar(
        route_handlers=[*rest.routes(app), *connect.routes(app), healthz, readyz, metrics_route, openapi],
        exception_handlers=rest.EXCEPTION_HANDLERS,
        openapi_config=None,
        request_max_body_size=MAX_BODY,
        debug=False,
    )
