"""Compression of the HTTP port's answers: gzip when the client takes it and the answer is worth it.

Not an adapter itself: an ASGI layer in front of the litestar application (inside the CORS layer,
service/process/http.py), so one rule covers REST, Connect, gRPC-Web and the operational routes:
- REST, Connect's unary form (its `Accept-Encoding` / `Content-Encoding` are HTTP's own) and the
  other routes: an answer of MIN_SIZE bytes or more, of a type that compresses (JSON, binary
  protobuf, text, scripts), goes gzipped with `content-encoding: gzip` when the request's
  `Accept-Encoding` takes gzip;
- gRPC-Web compresses the message, not the HTTP body (PROTOCOL-WEB.md): when `grpc-accept-encoding`
  takes gzip and the message has MIN_SIZE bytes or more, its frame's flag says compressed (0x01) and
  `grpc-encoding: gzip` names the algorithm; the trailer frame stays as it is. Clients that do not
  say they read compressed frames (grpc-web and connect-web in browsers send no
  `grpc-accept-encoding`) get plain ones, whatever their browser's `Accept-Encoding`.
Connect's streaming compression (`Connect-Accept-Encoding`) does not arise: streams are gRPC-only
here. gRPC compresses on its own port when asked to (--grpc-compression, service/adapters/rpc.py).

Left alone: answers below MIN_SIZE (a compressed ApplyMove, ~410 bytes, most of it its sealed token,
which does not compress, saves ~80 bytes, fits the same TCP segment either way, and costs more CPU
than the rest of the HTTP layer's work on it; `python -m bench.service --gzip` measures it), streamed
answers, error statuses, HEAD, and answers that chose their own encoding or carry an ETag (/play
keeps its files gzipped already, service/adapters/play.py).
"""
from __future__ import annotations

import base64
import struct
import zlib

MIN_SIZE = 1024  # bytes of body (gRPC-Web: of message); smaller answers go as they are
# Level 1: ListGames (8.9 KB) -> 2.5 KB in ~40 us; zlib's default 6 -> 2.2 KB in ~110-170 us (a loaded machine)
LEVEL = 1
COMPRESSIBLE = (b"application/json", b"application/proto", b"application/javascript", b"text/")
GRPC_WEB = b"application/grpc-web"
_GZIP = (b"gzip", b"x-gzip")


def accepts_gzip(value: bytes) -> bool:
    """True when an `Accept-Encoding` (or `grpc-accept-encoding`) value takes gzip: named (or `x-gzip`),
    or covered by `*`, with a weight above 0; a gzip named with q=0 is refused even beside `*`."""
    named = star = None
    for item in value.lower().split(b","):
        coding, _, params = item.partition(b";")
        coding = coding.strip()
        if coding not in _GZIP and coding != b"*":
            continue
        weight = 1.0
        for param in params.split(b";"):
            key, _, number = param.partition(b"=")
            if key.strip() == b"q":
                try:
                    weight = float(number)
                except ValueError:
                    weight = 0.0  # an unreadable weight takes nothing
        if coding == b"*":
            star = weight
        else:
            named = weight if named is None else max(named, weight)
    if named is not None:
        return named > 0
    return star is not None and star > 0


def gzip(data: bytes) -> bytes:
    """`data` as one gzip member (stdlib zlib, LEVEL), with a window no larger than `data` needs.

    zlib's default state (a 32 KB window, memLevel 8: ~256 KB, which glibc maps afresh each time) cost
    ~50 us to set up and clear on every answer, more than compressing a few KB; a window sized to the
    data gives the same output on answers that fit it, at a fraction of the set-up."""
    bits = min(15, max(9, len(data).bit_length()))
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 16 + bits, bits - 7)
    return packer.compress(data) + packer.flush()


class Compress:
    """ASGI middleware gzipping `app`'s answers for the clients that take it (see the module's rules)."""

    def __init__(self, app, minimum: int = MIN_SIZE):
        self.app = app
        self.minimum = minimum

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] == "HEAD":
            return await self.app(scope, receive, send)
        http = grpc = False
        for name, value in scope["headers"]:
            if name == b"accept-encoding":
                http = http or accepts_gzip(value)
            elif name == b"grpc-accept-encoding":
                grpc = grpc or accepts_gzip(value)
        if not (http or grpc):
            return await self.app(scope, receive, send)
        start = None

        async def compressing(message):
            nonlocal start
            if message["type"] == "http.response.start" and start is None and message["status"] == 200:
                start = message  # held until the body shows whether it is worth compressing
                return
            if start is None:
                return await send(message)
            held, start = start, None
            if message["type"] == "http.response.body" and not message.get("more_body"):
                held, message = self._compressed(held, message, http, grpc)
            await send(held)
            await send(message)
        return await self.app(scope, receive, compressing)

    def _compressed(self, start: dict, message: dict, http: bool, grpc: bool) -> tuple[dict, dict]:
        """(start, body) messages of the answer, gzipped when its type, size and headers allow."""
        body = message.get("body", b"")
        if len(body) < self.minimum:
            return start, message
        content_type = b""
        for name, value in start["headers"]:
            if name in (b"content-encoding", b"etag", b"grpc-encoding"):
                return start, message  # encoded already, or cached by its ETag: the route's own choice
            if name == b"content-type":
                content_type = value.lower()
        if content_type.startswith(GRPC_WEB):
            if not grpc:
                return start, message
            packed = _grpc_web_gzipped(body, content_type.startswith(GRPC_WEB + b"-text"), self.minimum)
            if packed is None:
                return start, message
            added = [(b"grpc-encoding", b"gzip"), (b"vary", b"grpc-accept-encoding")]
        elif http and (content_type.startswith(COMPRESSIBLE) or content_type.partition(b";")[0].endswith(b"+json")):
            packed = gzip(body)
            added = [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
        else:
            return start, message
        headers = [(n, v) for n, v in start["headers"] if n != b"content-length"]
        headers += [*added, (b"content-length", str(len(packed)).encode())]
        return dict(start, headers=headers), dict(message, body=packed)


def _grpc_web_gzipped(body: bytes, text: bool, minimum: int) -> bytes | None:
    """A unary gRPC-Web answer (message frame, trailer frame: service/adapters/framing.py `frame`) with its
    message gzipped and flagged 0x01; None when the message is smaller than `minimum` or the body is
    not one plain message frame and a trailer frame."""
    raw = base64.b64decode(body) if text else body
    if len(raw) < 5:
        return None
    flag, length = struct.unpack_from(">BI", raw)
    if flag != 0 or length < minimum or len(raw) < 5 + length + 5 or raw[5 + length] != 0x80:
        return None
    packed = gzip(raw[5:5 + length])
    out = struct.pack(">BI", 1, len(packed)) + packed + raw[5 + length:]
    return base64.b64encode(out) if text else out
