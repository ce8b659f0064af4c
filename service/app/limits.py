"""How much work and memory one request may take, checked before the work starts.

Every size here is sized to the largest real request, not to what a transport
happens to allow:

- a sealed token is at most `MAX_TOKEN` bytes, and so is its plaintext once
  unpacked (tokens.MAX_PLAIN; the largest real plaintext, 8 Cambio seats with
  64-character names late in a game, is ~2.3 KB, ~1.4 KB packed;
  tests/service/test_service_token_format.py plays every game at its most seats);
- a request message is at most `request_bytes(method)` bytes on the wire: 64 KiB
  for every call but ScoreBatch (a full NewGame is under 40 KiB), and
  `MAX_BATCH` largest tokens for ScoreBatch. The adapters refuse a bigger one
  before reading it into a message (HTTP: from Content-Length, while reading;
  gRPC: before parsing), and count repeated fields (`COUNTED`) before converting;
- the app layer then checks the strings (seat names, texts, options) before any
  engine call, and a listing is counted before it is built (MAX_LISTED_MOVES in
  listing.py; a long one takes its turn there).

Errors quote at most a short prefix of what was sent (`clip`), and every error
message and detail is cut to a bounded length (service/app/errors.py).
"""
from __future__ import annotations

MAX_TOKEN = 4096          # bytes of one sealed state token
MAX_SEAT_NAME = 64        # characters of a seat's name
MAX_TEXT = 256            # characters of a move's text, a game id, an option's name, a seed, a seat kind
MAX_OPTION_VALUE = 1024   # characters of an option's value (a full Cambio deck is ~300)
MAX_OPTIONS = 32          # options in one NewGame
MAX_SEATS = 64            # seats counted before conversion (no game takes more than 8; the game says its range)
MAX_BATCH = 1000          # states in one ScoreBatch
MAX_STREAM_MESSAGES = 10_000  # messages in one ScoreStream (then it ends with RESOURCE_EXHAUSTED)

SMALL_REQUEST = 64 * 1024
BATCH_REQUEST = MAX_BATCH * (MAX_TOKEN + 8) + SMALL_REQUEST           # protobuf: tag + length per state
BATCH_REQUEST_JSON = MAX_BATCH * (MAX_TOKEN * 4 // 3 + 8) + SMALL_REQUEST  # JSON: base64, quotes, comma
LARGEST_REQUEST = BATCH_REQUEST_JSON   # the transports' own message/body size limit
LARGEST_RESPONSE = 16 * 1024 * 1024     # a ScoreBatch answer of MAX_BATCH 8-seat scores is ~2 MB

# Repeated fields counted before anything is converted or done (the same words on every transport):
# method -> (field, limit, reason, message).
COUNTED = {
    "NewGame": ("seats", MAX_SEATS, "bad_seat_count", "seats: {n} seats, at most {limit} (no game takes more)"),
    "ScoreBatch": ("states", MAX_BATCH, "batch_too_large", "states: {n} states, at most {limit} per call"),
}
# Calls that may run long (up to MAX_BATCH scores): one at a time per worker, off the HTTP event loop.
HEAVY = frozenset({"ScoreBatch"})


def request_bytes(method: str, json: bool = False) -> int:
    """The largest request body `method` takes (protobuf, or JSON with `json`)."""
    if method == "ScoreBatch":
        return BATCH_REQUEST_JSON if json else BATCH_REQUEST
    return SMALL_REQUEST


def check_count(method: str, n: int) -> None:
    """Refuse `n` entries of `method`'s counted field when they are more than its limit (COUNTED)."""
    field, limit, reason, message = COUNTED[method]
    if n > limit:
        from .errors import invalid
        raise invalid(reason, message.format(n=n, limit=limit), field=field)


def clip(value: object, limit: int = 40) -> str:
    """`repr` of the first `limit` characters of `value`, saying how long it was when cut."""
    text = value if isinstance(value, str) else str(value)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def too_long(field: str, value: str, limit: int, what: str = "characters") -> str | None:
    """The error message when `value` is longer than `limit`, else None."""
    if len(value) <= limit:
        return None
    return f"{field}: {len(value)} {what}, at most {limit} (starts {clip(value, 20)})"
