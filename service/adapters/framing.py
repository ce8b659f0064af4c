"""Message framing and compression of the RPC protocols served on the HTTP port (not an adapter itself).

gRPC-Web (github.com/grpc/grpc/blob/master/doc/PROTOCOL-WEB.md): the body is length-prefixed
frames (a flag byte, 0x01 = compressed with `grpc-encoding`, and a 4-byte big-endian
length), one message frame for a unary call; the answer is the message frame and a
trailer frame (flag 0x80) holding `grpc-status` and `grpc-message`. A refusal is a
trailers-only answer: HTTP 200 with grpc-status, grpc-message and grpc-status-details-bin
(the google.rpc.Status with the ErrorInfo) as headers and no body. The `-text` variant
is the same bytes in base64.

Deadlines: a Connect call's `connect-timeout-ms` (1-10 digits) and a gRPC-Web call's `grpc-timeout`
(1-8 digits and a unit, H M S m u n) are read as seconds; an unreadable one is INVALID_ARGUMENT.

Compression: gzip request bodies (Connect's Content-Encoding, a gRPC-Web frame's flag
with `grpc-encoding: gzip`) are inflated within the method's request cap; any other
encoding is refused UNIMPLEMENTED, as the protocols require.
"""
from __future__ import annotations

import base64
import binascii
import struct
import urllib.parse
import zlib

from ..app.errors import ApiError, invalid
from ..app.limits import clip
from ..wire.status import CODES, status

ACCEPT_ENCODING = "gzip"
_IDENTITY = ("", "identity")
_GRPC_UNITS = {"H": 3600.0, "M": 60.0, "S": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9}


def timeout(value: str | None, grpc_web: bool) -> float | None:
    """The seconds a caller gave its call (`grpc-timeout` with `grpc_web`, else `connect-timeout-ms`), None
    without the header; ApiError `bad_timeout` when the value is not the protocol's form."""
    if value is None:
        return None
    if grpc_web:
        digits, unit = value[:-1], value[-1:]
        if 0 < len(digits) <= 8 and digits.isascii() and digits.isdigit() and unit in _GRPC_UNITS:
            return int(digits) * _GRPC_UNITS[unit]
        raise invalid("bad_timeout", f"grpc-timeout {clip(value)}: expected 1-8 digits and a unit (H, M, S, m, "
                      "u or n), e.g. 500m", header="grpc-timeout")
    if 0 < len(value) <= 10 and value.isascii() and value.isdigit():
        return int(value) / 1000
    raise invalid("bad_timeout", f"connect-timeout-ms {clip(value)}: expected a whole number of milliseconds "
                  "(1-10 digits)", header="connect-timeout-ms")


def inflate(raw: bytes, encoding: str, cap: int, header: str) -> bytes:
    """`raw` decompressed by `encoding` (gzip or identity), at most `cap` bytes; ApiError otherwise."""
    encoding = encoding.strip().lower()
    if encoding in _IDENTITY:
        return raw
    if encoding != "gzip":
        raise ApiError("UNIMPLEMENTED", "unsupported_encoding", f"{header} {clip(encoding)} is not supported; "
                       f"send gzip or identity", header=header)
    unzip = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = unzip.decompress(raw, cap + 1)
    except zlib.error as exc:
        raise invalid("malformed_gzip", f"request body is not valid gzip ({header} gzip): {exc}") from None
    if len(out) > cap or unzip.unconsumed_tail:
        raise ApiError("RESOURCE_EXHAUSTED", "body_too_large", f"request body inflates to more than {cap} bytes")
    if not unzip.eof:
        raise invalid("malformed_gzip", f"request body is a truncated gzip stream ({header} gzip)")
    return out


def unframe(body: bytes, text: bool, encoding: str, cap: int) -> bytes:
    """The one message of a unary gRPC-Web request body; ApiError naming what is wrong."""
    if text:
        try:
            body = base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError):
            raise invalid("malformed_frame", "grpc-web-text body is not base64") from None
    if len(body) < 5:
        raise invalid("malformed_frame", f"gRPC-Web body of {len(body)} bytes: a message frame needs a 5-byte "
                      "prefix (flag, length)")
    flag, length = struct.unpack_from(">BI", body)
    if flag & 0x80 or len(body) != 5 + length:
        raise invalid("malformed_frame", f"gRPC-Web body is not one message frame (flag {flag}, length "
                      f"{length}, {len(body) - 5} bytes follow)")
    message = body[5:]
    if flag & 1:
        if encoding.strip().lower() in _IDENTITY:
            raise invalid("malformed_frame", "a compressed frame without grpc-encoding")
        return inflate(message, encoding, cap, "grpc-encoding")
    return message


def frame(message: bytes, text: bool) -> bytes:
    """A successful unary answer: the message frame and the trailer frame (grpc-status 0)."""
    trailer = b"grpc-status:0\r\ngrpc-message:\r\n"
    out = struct.pack(">BI", 0, len(message)) + message + struct.pack(">BI", 0x80, len(trailer)) + trailer
    return base64.b64encode(out) if text else out


def error_headers(err: ApiError) -> dict[str, str]:
    """A refusal as gRPC-Web's trailers-only headers."""
    details = base64.b64encode(status(err).SerializeToString()).decode().rstrip("=")
    return {"grpc-status": str(CODES.get(err.status, CODES["INTERNAL"])),
            "grpc-message": urllib.parse.quote(err.message, safe=" !\"#$&'()*+,-./:;<=>?@[\\]^_`{|}~"),
            "grpc-status-details-bin": details}
