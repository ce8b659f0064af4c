"""The web table at /play: the bundle built from clients/ts (service/play/bundle.py), or, when it
is not built, a page saying what is missing and the command that builds it (503).

Caching: the page names its script and style by their content's hash (`play.<hash>.js`,
`play.<hash>.css`, rewritten here as the bundle is read, so the npm build keeps its plain names);
those answers are `cache-control: public, max-age=31536000, immutable`, so a second load of /play
fetches neither. The page itself and the plain names carry a strong ETag with `no-cache`: a browser
revalidates them and gets 304 while nothing changed. A hashed name that is not the current hash (a
page from another replica during a rolling upgrade) gets the current file, revalidated, never
cached for good. Every file is kept gzipped beside its bytes (made once per build, level 9) and
sent so to clients whose Accept-Encoding takes gzip; its ETag then ends in `-gz`.
"""
from __future__ import annotations

import hashlib
import re

from litestar import Request, Response, get

from ..play import bundle
from .compression import accepts_gzip

TYPES = {"index.html": "text/html", "play.js": "text/javascript",
         "play.css": "text/css", "play.js.map": "application/json"}
HASHED = re.compile(r"play\.([0-9a-f]{1,64})\.(js|css)")
IMMUTABLE = "public, max-age=31536000, immutable"


def routes() -> list:
    """GET /play (the page) and GET /play/<file> for the bundle's files; nothing else is served."""

    @get(["/play", "/play/index.html"], sync_to_thread=False, include_in_schema=False)
    def page(request: Request) -> Response:
        """The table's page."""
        return _answer("index.html", request)

    @get("/play/{name:str}", sync_to_thread=False, include_in_schema=False)
    def asset(name: str, request: Request) -> Response:
        """One file of the bundle, by its exact name or its hashed one."""
        hashed = HASHED.fullmatch(name)
        if hashed is not None:
            return _answer(f"play.{hashed.group(2)}", request, hashed.group(1))
        if name not in TYPES:
            return Response(f"no such file: /play/{name[:64]}", status_code=404, media_type="text/plain")
        return _answer(name, request)

    return [page, asset]


class _File:
    """One file of the bundle as served: its bytes, its hash, and its gzipped bytes once asked for."""

    __slots__ = ("body", "digest", "_gz")

    def __init__(self, body: bytes):
        self.body = body
        self.digest = hashlib.sha256(body).hexdigest()[:16]
        self._gz: bytes | None = None

    def gz(self) -> bytes:
        """The body gzipped (made on first use: the source map, a megabyte, is seldom asked for)."""
        if self._gz is None:
            import gzip
            self._gz = gzip.compress(self.body, 9, mtime=0)
        return self._gz


_read: dict = {"key": None, "files": {}}  # the bundle as last read: its files' (mtime, size), and the _Files


def _files() -> dict[str, _File] | None:
    """The bundle's files by name, the page naming the others by hash; None when it is not built.

    Read again when a file's modification time or size changes (`python -m service.play.bundle` while
    serving): a stat per file per request."""
    key = []
    for name in TYPES:
        try:
            st = (bundle.STATIC / name).stat()
        except OSError:
            if name in bundle.FILES:
                return None
            st = None
        key.append(None if st is None else (st.st_mtime_ns, st.st_size))
    if _read["key"] == key:
        return _read["files"]
    files = {name: _File((bundle.STATIC / name).read_bytes()) for name, k in zip(TYPES, key) if k is not None}
    page = files["index.html"].body
    for name in ("play.js", "play.css"):
        stem, _, ext = name.partition(".")
        attr = b"src" if ext == "js" else b"href"
        page = page.replace(b'%s="%s"' % (attr, name.encode()),
                            b'%s="%s.%s.%s"' % (attr, stem.encode(), files[name].digest.encode(), ext.encode()))
    files["index.html"] = _File(page)
    _read.update(key=key, files=files)
    return files


def _answer(name: str, request: Request, digest: str | None = None) -> Response:
    files = _files()
    if files is None or name not in files:
        return _missing()
    file = files[name]
    gzipped = accepts_gzip(request.headers.get("accept-encoding", "").encode("latin-1"))
    etag = f'"{file.digest}-gz"' if gzipped else f'"{file.digest}"'
    headers = {"etag": etag, "vary": "Accept-Encoding",
               "cache-control": IMMUTABLE if digest == file.digest else "no-cache"}
    if _matches(request.headers.get("if-none-match"), file.digest):
        return Response(b"", status_code=304, headers=headers)
    if gzipped:
        return Response(file.gz(), media_type=TYPES[name], headers={**headers, "content-encoding": "gzip"})
    return Response(file.body, media_type=TYPES[name], headers=headers)


def _matches(if_none_match: str | None, digest: str) -> bool:
    """True when If-None-Match names either representation of the file (or `*`): the copy the client
    holds is current. (Compared weakly, as If-None-Match asks: a `W/` prefix is ignored.)"""
    if not if_none_match:
        return False
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in tags or f'"{digest}"' in tags or f'"{digest}-gz"' in tags


def _missing() -> Response:
    from html import escape
    body = ("<!doctype html><html lang='en'><meta charset='utf-8'><title>/play is not built</title>"
            "<body style='font:16px system-ui;margin:2em;max-width:50em'><h1>The web table is not built</h1>"
            f"<p id='missing'>{escape(bundle.missing())}</p><p>The API itself works: see /schema and README.md.</p>")
    return Response(body, status_code=503, media_type="text/html", headers={"cache-control": "no-store"})
