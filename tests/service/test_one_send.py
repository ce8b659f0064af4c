"""An HTTP answer leaves the worker in one send (service/process/http.py OneSend): uvicorn writes an answer's
head and body separately, which went out as two system calls and two TCP segments."""
from __future__ import annotations

import asyncio
import socket
import struct
import time

import httpx
import pytest

from service.process.http import OneSend

# struct tcp_info (linux/tcp.h): tcpi_data_segs_in, the segments received that carried data, is the u32
# at byte 152 (Linux 4.6 and later).
DATA_SEGS_IN = 152


class Recorder:
    """A transport that records what it is asked to do."""

    def __init__(self):
        self.calls, self.closing = [], False

    def write(self, data: bytes) -> None:
        self.calls.append(("write", data))

    def close(self) -> None:
        self.calls.append(("close", b""))
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 0


def _turns(body):
    """Run `body(transport, recorder)` on a new loop, then let the loop turn; the recorder's calls."""
    async def main():
        rec = Recorder()
        body(OneSend(rec, asyncio.get_running_loop()), rec)
        await asyncio.sleep(0)
        return rec.calls
    return asyncio.run(main())


def test_writes_of_one_turn_leave_as_one_in_order():
    def body(t, rec):
        t.write(b"head")
        t.write(b"body")
        assert rec.calls == [] and t.get_write_buffer_size() == 8  # held until the loop turns
    assert _turns(body) == [("write", b"headbody")]


def test_close_sends_what_is_held_first_and_a_closed_transport_gets_nothing_more():
    def body(t, rec):
        t.write(b"answer")
        t.close()
        t.write(b"late")
    assert _turns(body) == [("write", b"answer"), ("close", b"")]


def _data_segments_in(sock: socket.socket) -> int:
    info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256)
    if len(info) < DATA_SEGS_IN + 4:
        pytest.skip("this kernel's tcp_info has no tcpi_data_segs_in")
    return struct.unpack_from("I", info, DATA_SEGS_IN)[0]


def _read_answer(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(body) < length:
        body += sock.recv(65536)
    return head


def _read_answer_after(sock: socket.socket, request: bytes) -> bytes:
    sock.sendall(request)
    return _read_answer(sock)


def test_each_answer_reaches_the_client_in_one_tcp_segment(service):
    """Twenty REST answers on one keep-alive connection arrive as twenty data segments (forty before)."""
    token = httpx.post(service.http + "/v1/games/hats:new", json={"seats": [{}, {}], "seed": "5"}).json()["state"]
    body = b'{"state":"' + token.encode() + b'"}'
    request = (b"POST /v1/legal-moves HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
               b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    with socket.create_connection(("127.0.0.1", service.http_port), timeout=10) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        assert _read_answer_after(sock, request).startswith(b"HTTP/1.1 200")  # warm: the connection is set up
        before = _data_segments_in(sock)
        for _ in range(20):
            assert _read_answer_after(sock, request).startswith(b"HTTP/1.1 200")
            time.sleep(0.005)  # nothing of the next answer can ride with this one
        assert _data_segments_in(sock) - before == 20
