"""The application layer: the operations (App), tokens, errors and metrics; no transport here.

    from service.app import App
    App(sealer).call(transport, method, request)   # request: the method's Struct (service.wire.messages)

Imported lazily: the supervisor imports `service.app.tokens` before it sets
PROMETHEUS_MULTIPROC_DIR, and the metrics module must not be imported before that.
"""
from __future__ import annotations

__all__ = ["ApiError", "App", "Sealer", "error_struct"]


def __getattr__(name: str):
    if name in ("App", "error_struct"):
        from . import operations
        return getattr(operations, name)
    if name == "ApiError":
        from .errors import ApiError
        return ApiError
    if name == "Sealer":
        from .tokens import Sealer
        return Sealer
    raise AttributeError(f"module 'service.app' has no attribute {name!r}")
