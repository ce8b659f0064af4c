"""The key ring over real sockets: rotation of seat and host keys, and a token's header is authenticated.

README ("Tokens, keys and operations"): `TABLETOP_TOKEN_KEYS` lists the ring, the first key seals
and every listed key opens; seat and host keys name the ring key they were made with, so they stay
valid for as long as that key stays listed, like the tokens it sealed, and are refused once it is not.

A token's header (format byte, key id, body length) is the AEAD's associated data: a token whose
header was changed and whose rest was sealed again with the real key, as if the header were not
authenticated, is refused `token_tampered`. Flipping bits of a real token
(tests/service/test_service_token_bytes.py) cannot tell this apart from a header left out of the
associated data: a flipped header byte breaks the token either way, only with another reason.
"""
from __future__ import annotations

import base64
import os
import struct

import httpx
import msgspec
import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from engines.core import runpack
from service.app.access import MODES, SeatKeys
from service.app.tokens import SEAT_KINDS, Sealer, state_part, unpack_table

NEW, OLD = ("k2", os.urandom(32)), ("k1", os.urandom(32))  # k1 is the older key of the ring


def spec(*keys: tuple[str, bytes]) -> str:
    """A key ring in `TABLETOP_TOKEN_KEYS`' syntax."""
    return ",".join(f"{kid}:{base64.b64encode(key).decode()}" for kid, key in keys)


GAME = {"seats": [{}, {}, {}], "options": {"start_seat": "1"}, "seed": "7"}  # seat 1 acts first


def _server(start, keys: str) -> httpx.Client:
    s = start(workers=1, extra_env={"TABLETOP_TOKEN_KEYS": keys, "TABLETOP_ACCESS": "seats"})
    return httpx.Client(base_url=s.http, timeout=10)


@pytest.fixture(scope="module")
def ring(start_module_service):
    """Three deployments of one key ring's life: k1 alone (it seals), k2 added first (k1 retired but
    listed), k1 dropped."""
    clients = {"old": _server(start_module_service, spec(OLD)),
               "rotated": _server(start_module_service, spec(NEW, OLD)),
               "dropped": _server(start_module_service, spec(NEW))}
    yield clients
    for client in clients.values():
        client.close()


def post(http: httpx.Client, route: str, body: dict, key: str | None = None) -> tuple[int, str | None, dict]:
    r = http.post(route, json=body, headers={} if key is None else {"authorization": f"Bearer {key}"})
    data = r.json()
    return r.status_code, data.get("reason") if r.status_code != 200 else None, data


def key_id(token_b64: str) -> str:
    token = base64.b64decode(token_b64)
    return token[2:2 + token[1]].decode()


def test_keys_made_under_a_retired_but_listed_key_keep_working_and_are_refused_once_it_is_dropped(ring):
    status, _, game = post(ring["old"], "/v1/games/hats:new", GAME)
    assert status == 200 and key_id(game["state"]) == "k1"
    seat1, seat0, host = game["seats"][1]["key"], game["seats"][0]["key"], game["hostKey"]
    assert seat1.split(".")[1] == host.split(".")[1] == "k1"  # each key names the ring key it was made with
    view1 = {"state": game["state"], "seat": 1}

    # k2 seals now, k1 is still listed: the game, its seat keys and its host key all go on.
    rotated = ring["rotated"]
    status, _, seen = post(rotated, "/v1/view", view1, seat1)
    assert status == 200 and seen["view"]["hats"]["hand"], seen
    assert post(rotated, "/v1/view", {"state": game["state"], "seat": 2}, host)[0] == 200
    assert post(rotated, "/v1/score", {"state": game["state"]}, host)[2]["score"]["seats"][0].get("rank")
    assert post(rotated, "/v1/view", view1, seat0)[:2] == (403, "wrong_key")  # still one seat's key
    status, _, moved = post(rotated, "/v1/apply", {"state": game["state"], "index": 0}, seat1)
    assert status == 200 and key_id(moved["state"]) == "k2", moved  # the next token is sealed by k2
    status, _, moved = post(rotated, "/v1/apply", {"state": moved["state"], "index": 0}, host)
    assert status == 200, moved
    state = moved["state"]

    # k1 dropped: the k2-sealed token still opens, the keys made under k1 no longer do anything.
    dropped = ring["dropped"]
    assert post(dropped, "/v1/score", {"state": state})[0] == 200
    assert post(dropped, "/v1/score", {"state": game["state"]})[:2] == (401, "token_unknown_key")
    for key in (seat1, host):
        assert post(dropped, "/v1/view", {"state": state, "seat": 1}, key)[:2] == (403, "wrong_key"), key[:2]
        assert post(dropped, "/v1/score", {"state": state}, key)[:2] == (403, "wrong_key"), key[:2]
        assert post(dropped, "/v1/apply", {"state": state, "index": 0}, key)[:2] == (403, "wrong_key"), key[:2]
    # ... while the same game's keys made under k2 do: the refusal above is the key's ring key, not the game.
    game_id = unpack_table(Sealer([NEW]).open(base64.b64decode(state))[2])[1]
    fresh = SeatKeys([NEW])
    assert post(dropped, "/v1/view", {"state": state, "seat": 1}, fresh.key(game_id, 1))[0] == 200
    assert post(dropped, "/v1/view", {"state": state, "seat": 1}, fresh.key(game_id, None))[0] == 200


# -- the header is authenticated ------------------------------------------------------------------------

def _plaintext(token: bytes, fmt: int) -> bytes:
    """The packed plaintext of the token's state as format `fmt` (5 or 4) holds it, rebuilt from what the
    ring opens (a varint head of one byte each: a new game's count and a table of three unnamed seats)."""
    encoded, count, table = Sealer([NEW, OLD]).open(token)
    if fmt == 4:  # msgpack table `[game id, access code, seat count]`, the state with its magic
        seats, game_id, access = unpack_table(table)
        assert all(seat == ("", SEAT_KINDS[0]) for seat in seats)
        table, state = msgspec.msgpack.encode([game_id, MODES.index(access), len(seats)]), encoded
    else:
        state = state_part(encoded)
    assert count < 0x80 and len(table) < 0x80
    return runpack.pack(bytes((count, len(table))) + table + state)


def _seal(header: bytes, body: bytes, key: bytes, authenticated: bool) -> bytes:
    """`header` and `body` sealed with `key`, the header as associated data or, as if it were not
    authenticated, left out of it."""
    nonce = os.urandom(12)
    return header + nonce + AESGCM(key).encrypt(nonce, body, header if authenticated else None)


def _format_4(token: bytes) -> tuple[bytes, bytes, bytes]:
    """The token's format byte changed to 4 (and its body length to fit), its plaintext written as format 4
    holds it, for the same key: (header, body, key)."""
    body = _plaintext(token, 4)
    header = bytearray(token[:2 + token[1]] + struct.pack(">H", len(body) + 16))
    assert header[0] == 5
    header[0] = 4
    return bytes(header), body, NEW[1]


def _key_id_k1(token: bytes) -> tuple[bytes, bytes, bytes]:
    """The token's key id changed from k2 to k1 (one byte), its plaintext as it was, for the k1 key."""
    header = token[:2 + token[1] + 2]
    assert header[2:4] == b"k2"
    return header[:3] + b"1" + header[4:], _plaintext(token, 5), OLD[1]


@pytest.mark.parametrize("change", [_format_4, _key_id_k1], ids=["format byte", "key id"])
def test_a_changed_header_resealed_without_it_is_refused(ring, change):
    http = ring["rotated"]  # k2 seals, k1 opens
    status, _, game = post(http, "/v1/games/hats:new", GAME)
    assert status == 200
    token = base64.b64decode(game["state"])
    header, body, key = change(token)
    assert header != token[:len(header)] and len(header) == 2 + header[1] + 2
    forged = base64.b64encode(_seal(header, body, key, authenticated=False)).decode()
    # The same parts sealed with the changed header authenticated make a token the service takes (format
    # 4 and key k1 still open): only the header's authentication tells the forged one apart.
    honest = base64.b64encode(_seal(header, body, key, authenticated=True)).decode()
    for route, extra in (("/v1/score", {}), ("/v1/view", {"seat": 1}), ("/v1/apply", {"index": 0})):
        assert post(http, route, {"state": forged, **extra}, game["hostKey"])[:2] == (401, "token_tampered"), route
        assert post(http, route, {"state": honest, **extra}, game["hostKey"])[0] == 200, route
