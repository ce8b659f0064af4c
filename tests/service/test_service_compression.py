"""Compressed answers (issue 32, acceptance 3): gzip for the clients that take it, over real sockets.

The session service (tests/service/conftest.py) for the HTTP port: REST, Connect, gRPC-Web and /play's
caching; one started here with TABLETOP_GRPC_COMPRESSION=gzip for gRPC's own compression, watched
through a TCP relay that reads the HTTP/2 frames (a gRPC message's first byte says compressed).
"""
from __future__ import annotations

import base64
import gzip
import re
import socket
import struct
import threading

import grpc
import httpx
import pytest

from service.adapters.compression import MIN_SIZE, accepts_gzip
from service.api import engine_pb2 as pb
from service.api import engine_pb2_grpc

GZIP = {"accept-encoding": "gzip"}
IDENTITY = {"accept-encoding": "identity"}


def _raw(http: httpx.Client, method: str, path: str, **kwargs) -> tuple[httpx.Response, bytes]:
    """The answer and its body exactly as it came over the socket (httpx would inflate it)."""
    with http.stream(method, path, **kwargs) as r:
        return r, b"".join(r.iter_raw())


def _new_game(http) -> str:
    return http.post("/v1/games/hats:new", json={"seats": [{}, {}, {}], "seed": "7"}).json()["state"]


@pytest.mark.parametrize("value, takes", [
    ("gzip", True), ("GZIP", True), ("x-gzip", True), ("deflate, gzip;q=0.5", True), ("*", True), ("br, *", True),
    ("gzip;q=0", False), ("gzip;q=0, *", False), ("*;q=0", False), ("identity", False), ("br, deflate", False),
    ("", False), ("gzip;q=zero", False),
])
def test_accept_encoding_is_read_with_its_weights(value, takes):
    assert accepts_gzip(value.encode()) is takes


def test_list_games_is_gzipped_for_a_client_taking_gzip(http):
    plain, plain_body = _raw(http, "GET", "/v1/games", headers=IDENTITY)
    zipped, zipped_body = _raw(http, "GET", "/v1/games", headers=GZIP)
    assert "content-encoding" not in plain.headers and len(plain_body) > 4 * MIN_SIZE
    assert zipped.headers["content-encoding"] == "gzip" and "accept-encoding" in zipped.headers["vary"].lower()
    assert int(zipped.headers["content-length"]) == len(zipped_body) < len(plain_body) / 2
    assert gzip.decompress(zipped_body) == plain_body


def test_a_client_not_taking_gzip_gets_identity(http, service):
    for refusing in ("identity", "gzip;q=0", "br"):
        r, body = _raw(http, "GET", "/v1/games", headers={"accept-encoding": refusing})
        assert "content-encoding" not in r.headers and body.startswith(b"{"), refusing
    # No Accept-Encoding at all (httpx always sends one): a bare request on a socket.
    with socket.create_connection(("127.0.0.1", service.http_port), timeout=10) as s:
        s.sendall(b"GET /v1/games HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b" 200 " in head.split(b"\r\n")[0] and b"content-encoding" not in head.lower() and body.startswith(b"{")


def test_small_answers_stay_uncompressed(http):
    state = _new_game(http)
    r, body = _raw(http, "POST", "/v1/score", json={"state": state}, headers=GZIP)
    assert r.status_code == 200 and len(body) < MIN_SIZE and "content-encoding" not in r.headers


def test_connect_answers_are_gzipped_in_json_and_binary(http):
    json_r, json_body = _raw(http, "POST", "/engine.v1.GameService/ListGames", content=b"{}",
                             headers={**GZIP, "content-type": "application/json", "connect-protocol-version": "1"})
    assert json_r.headers["content-encoding"] == "gzip"
    assert gzip.decompress(json_body).startswith(b'{"games":')
    proto_r, proto_body = _raw(http, "POST", "/engine.v1.GameService/ListGames", content=b"",
                               headers={**GZIP, "content-type": "application/proto"})
    assert proto_r.headers["content-encoding"] == "gzip"
    assert pb.ListGamesResponse.FromString(gzip.decompress(proto_body)).games


def _grpc_web_legal_moves(http, state: str, text: bool, headers: dict) -> tuple[httpx.Response, int, bytes]:
    raw = pb.LegalMovesRequest(state=base64.b64decode(state)).SerializeToString()
    body = struct.pack(">BI", 0, len(raw)) + raw
    kind = "application/grpc-web-text" if text else "application/grpc-web+proto"
    r, got = _raw(http, "POST", "/engine.v1.GameService/LegalMoves", headers={"content-type": kind, **headers},
                  content=base64.b64encode(body) if text else body)
    got = base64.b64decode(got) if text else got
    flag, length = struct.unpack_from(">BI", got)
    assert got[5 + length] == 0x80 and b"grpc-status:0" in got[5 + length:]  # the trailer frame, as it was
    return r, flag, got[5:5 + length]


@pytest.mark.parametrize("text", [False, True])
def test_grpc_web_compresses_the_message_when_grpc_accept_encoding_takes_gzip(http, text):
    state = _new_game(http)
    r, flag, message = _grpc_web_legal_moves(http, state, text, {"grpc-accept-encoding": "identity, gzip"})
    assert flag == 1 and r.headers["grpc-encoding"] == "gzip" and "content-encoding" not in r.headers
    moves = pb.LegalMovesResponse.FromString(gzip.decompress(message)).moves
    # Browsers' grpc-web clients send no grpc-accept-encoding (and cannot read a compressed frame), while
    # the browser itself sends Accept-Encoding: gzip: the frames stay plain.
    r, flag, message = _grpc_web_legal_moves(http, state, text, GZIP)
    assert flag == 0 and "grpc-encoding" not in r.headers and "content-encoding" not in r.headers
    assert len(message) >= MIN_SIZE and pb.LegalMovesResponse.FromString(message).moves == moves


# ---------------------------------------------------------------- /play

@pytest.fixture(scope="module")
def page(http):
    r, body = _raw(http, "GET", "/play", headers=GZIP)
    if r.status_code == 503:
        pytest.skip("the /play bundle is not built (python -m service.play.bundle)")
    return r, gzip.decompress(body)


def test_play_script_is_gzipped_and_named_by_its_hash_for_long_caching(http, page):
    r, html = page
    assert r.headers["content-encoding"] == "gzip" and r.headers["cache-control"] == "no-cache"
    script = re.search(rb'src="(play\.[0-9a-f]+\.js)"', html).group(1).decode()
    style = re.search(rb'href="(play\.[0-9a-f]+\.css)"', html).group(1).decode()
    plain, plain_body = _raw(http, "GET", "/play/play.js", headers=IDENTITY)
    zipped, zipped_body = _raw(http, "GET", f"/play/{script}", headers=GZIP)
    assert zipped.headers["content-encoding"] == "gzip" and len(zipped_body) < len(plain_body) / 2
    assert gzip.decompress(zipped_body) == plain_body
    assert zipped.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert _raw(http, "GET", f"/play/{style}")[0].headers["cache-control"].endswith("immutable")
    # The plain name and an unknown hash (a page from another replica) are served, but never for good.
    assert plain.headers["cache-control"] == "no-cache" and "content-encoding" not in plain.headers
    other, other_body = _raw(http, "GET", "/play/play.0123456789abcdef.js", headers=IDENTITY)
    assert other.status_code == 200 and other.headers["cache-control"] == "no-cache" and other_body == plain_body


def test_a_second_load_of_play_revalidates_with_304(http, page):
    r, html = page
    again, body = _raw(http, "GET", "/play", headers={**GZIP, "if-none-match": r.headers["etag"]})
    assert again.status_code == 304 and body == b"" and again.headers["etag"] == r.headers["etag"]
    # The ETag names the bytes: the identity copy's tag also revalidates, a stale tag gets the page.
    plain = _raw(http, "GET", "/play", headers=IDENTITY)[0]
    assert plain.headers["etag"] != r.headers["etag"]
    assert _raw(http, "GET", "/play", headers={**IDENTITY, "if-none-match": plain.headers["etag"]})[0].status_code == 304
    stale, body = _raw(http, "GET", "/play", headers={**GZIP, "if-none-match": '"0123456789abcdef-gz"'})
    assert stale.status_code == 200 and gzip.decompress(body) == html
    script = re.search(rb'src="(play\.[0-9a-f]+\.js)"', html).group(1).decode()
    js = _raw(http, "GET", f"/play/{script}", headers=GZIP)[0]
    assert _raw(http, "GET", f"/play/{script}", headers={**GZIP, "if-none-match": js.headers["etag"]})[0].status_code == 304


# ---------------------------------------------------------------- gRPC's own compression

class FrameWatch:
    """A TCP relay to `port` that notes, for each gRPC message the server sends, its compressed flag."""

    def __init__(self, port: int):
        self.flags: list[int] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.upstream = port
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.upstream))
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, watch: bool) -> None:
        pending = b""
        while True:
            try:
                data = src.recv(65536)
            except OSError:
                break
            if not data:
                break
            # Noted before it is passed on: once the client has the answer, the test reads the flags.
            pending += data if watch else b""
            while len(pending) >= 9:  # HTTP/2 frames: 3-byte length, type, flags, stream id
                length, kind = int.from_bytes(pending[:3], "big"), pending[3]
                if len(pending) < 9 + length:
                    break
                payload, pending = pending[9:9 + length], pending[9 + length:]
                if kind == 0 and len(payload) >= 5:  # DATA starting a gRPC message (unary: one frame)
                    self.flags.append(payload[0])
            try:
                dst.sendall(data)
            except OSError:
                break
        for s in (src, dst):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        self.listener.close()


@pytest.fixture(scope="module")
def zipping_service(start_module_service):
    return start_module_service(workers=1, extra_env={"TABLETOP_GRPC_COMPRESSION": "gzip"})


def _list_games(port: int, options=(), compression=None) -> tuple[int, list[int]]:
    watch = FrameWatch(port)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{watch.port}", options=list(options)) as ch:
            games = engine_pb2_grpc.GameServiceStub(ch).ListGames(pb.ListGamesRequest(), timeout=10,
                                                                   compression=compression)
    finally:
        watch.close()
    return len(games.games), watch.flags


def test_grpc_answers_are_gzipped_for_callers_taking_gzip(zipping_service, service):
    count, flags = _list_games(zipping_service.grpc_port)
    assert count > 0 and flags == [1]
    # A caller that takes identity only (grpc-accept-encoding) gets plain answers: the server negotiates.
    count, flags = _list_games(zipping_service.grpc_port, [("grpc.compression_enabled_algorithms_bitset", 1)])
    assert count > 0 and flags == [0]
    # The default service leaves gRPC answers plain (--grpc-compression none).
    count, flags = _list_games(service.grpc_port)
    assert count > 0 and flags == [0]


def test_grpc_calls_sending_gzip_are_answered(zipping_service, service):
    for svc in (zipping_service, service):
        count, _ = _list_games(svc.grpc_port, compression=grpc.Compression.Gzip)
        assert count > 0
        with grpc.insecure_channel(svc.grpc_target, compression=grpc.Compression.Gzip) as ch:
            stub = engine_pb2_grpc.GameServiceStub(ch)
            new = stub.NewGame(pb.NewGameRequest(game="hats", seats=[pb.Seat()] * 3, seed=7), timeout=10)
            moves = stub.LegalMoves(pb.LegalMovesRequest(state=new.state), timeout=10).moves
            assert moves
