"""The web table at /play: the bundle built from clients/ts (service/play/bundle.py), or, when it
is not built, a page saying what is missing and the command that builds it (503)."""
from __future__ import annotations

from litestar import Response, get

from ..play import bundle

TYPES = {"index.html": "text/html", "play.js": "text/javascript",
         "play.css": "text/css", "play.js.map": "application/json"}


def routes() -> list:
    """GET /play (the page) and GET /play/<file> for the bundle's files; nothing else is served."""

    @get(["/play", "/play/index.html"], sync_to_thread=False, include_in_schema=False)
    def page() -> Response:
        """The table's page."""
        return _file("index.html")

    @get("/play/{name:str}", sync_to_thread=False, include_in_schema=False)
    def asset(name: str) -> Response:
        """One file of the bundle, by its exact name."""
        if name not in TYPES:
            return Response(f"no such file: /play/{name[:64]}", status_code=404, media_type="text/plain")
        return _file(name)

    return [page, asset]


def _file(name: str) -> Response:
    path = bundle.STATIC / name
    if not path.is_file():
        return _missing()
    # The page is small and names the bundle's files without a version: revalidate each time.
    return Response(path.read_bytes(), media_type=TYPES[name], headers={"cache-control": "no-cache"})


def _missing() -> Response:
    from html import escape
    body = ("<!doctype html><html lang='en'><meta charset='utf-8'><title>/play is not built</title>"
            "<body style='font:16px system-ui;margin:2em;max-width:50em'><h1>The web table is not built</h1>"
            f"<p id='missing'>{escape(bundle.missing())}</p><p>The API itself works: see /schema and README.md.</p>")
    return Response(body, status_code=503, media_type="text/html", headers={"cache-control": "no-store"})
