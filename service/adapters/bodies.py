"""Reading a JSON request body into its Struct, for the HTTP adapters (REST and Connect).

Not an adapter itself: both HTTP adapters use it, so neither imports the other.
"""
from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable

import msgspec

from ..app import App
from ..app.errors import ApiError, invalid
from ..app.lane import Lane, executor_for
from ..wire import protojson

encode = msgspec.json.Encoder().encode


class Body:
    """Decodes one request message from a JSON body, naming what is wrong when it cannot."""

    def __init__(self, struct_cls: type):
        self.struct_cls = struct_cls
        self.name = struct_cls.__name__
        self._decoder = msgspec.json.Decoder(struct_cls)

    def decode(self, body: bytes):
        """The request message in `body`; ApiError `missing_body`, `malformed_json` or `bad_request_body`."""
        if not body:
            raise invalid("missing_body", f"the request body is missing; send a JSON {self.name} "
                          "({} for all defaults)")
        try:
            return self._decoder.decode(body)
        except msgspec.ValidationError:
            pass  # not the canonical spelling: read it as proto3 JSON in any spelling a parser must accept
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise invalid("malformed_json", f"request body is not valid JSON: {_why(exc)}") from None
        try:
            return protojson.read(body, self.struct_cls)
        except (msgspec.ValidationError, protojson.Unreadable) as exc:  # ValidationError is a DecodeError
            raise invalid("bad_request_body", f"request body is not a valid {self.name}: {exc}") from None
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError) as broken:
            raise invalid("malformed_json", f"request body is not valid JSON: {_why(broken)}") from None


def _why(exc: Exception) -> str:
    """What is wrong with a body that is not JSON, in words that never quote the body."""
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 (byte {exc.start})"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc)


async def in_lane(app: App, lane: Lane, transport: str, method: str, read: Callable[[], Awaitable[bytes]],
                  decode: Callable[[bytes], object], timeout: float, authorization: str | None = None):
    """A long call over HTTP: its place in the lane is taken before the body is read (else Busy at once),
    and decoding and the call run in the lane's thread, off the event loop. Refusals are counted."""
    deadline = time.monotonic() + timeout
    try:
        lane.admit(method)
    except ApiError as err:
        app.refused(transport, method, err)
        raise
    submitted = False
    try:
        try:
            raw = await read()
        except ApiError as err:  # a body the protocol's framing or compression refused
            app.refused(transport, method, err)
            raise
        ran = []

        def work():
            ran.append(True)
            try:
                msg = decode(raw)
            except ApiError as err:
                app.refused(transport, method, err)
                raise
            return app.call(transport, method, msg, deadline, authorization=authorization)

        def turn():
            try:
                return lane.run(work, deadline)
            except ApiError as err:
                if not ran:  # refused before the app layer saw it
                    app.refused(transport, method, err)
                raise
            finally:
                lane.leave()
        future = asyncio.get_running_loop().run_in_executor(executor_for(lane), turn)
        submitted = True
        return await future
    finally:
        if not submitted:
            lane.leave()
