"""Reading a JSON request body into its Struct, for the HTTP adapters (REST and Connect).

Not an adapter itself: both HTTP adapters use it, so neither imports the other.
"""
from __future__ import annotations

import msgspec

from ..app.errors import invalid

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
        except msgspec.ValidationError as exc:
            try:  # msgspec checks types while parsing: tell broken JSON apart from a wrong message
                msgspec.json.decode(body)
            except msgspec.DecodeError as broken:
                raise invalid("malformed_json", f"request body is not valid JSON: {broken}") from None
            raise invalid("bad_request_body", f"request body is not a valid {self.name}: {exc}") from None
        except msgspec.DecodeError as exc:
            raise invalid("malformed_json", f"request body is not valid JSON: {exc}") from None
