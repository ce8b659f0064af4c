"""Run-length packing of 0x00 and 0xFF runs: the state token's plaintext, made smaller cheaply.

State bodies are fixed-layout byte arrays with long stretches of 0x00 and 0xFF
(unused slots, "none" markers). Packing replaces every run of 3 to 129 equal
0x00 or 0xFF bytes with two bytes and copies every other byte as it is:

    ESC code   a run: value 0xFF if code & 0x80 else 0x00, length (code & 0x7F) + 2
    ESC 0x00   one literal ESC byte
    ESC 0x80   reserved (refused by `unpack`)
    any other  itself

ESC is 0xC1: it never occurs in UTF-8 text nor as a msgpack type byte (the token's
seat table), and it is rare in state bodies, so a literal seldom costs a second
byte. Every byte string round-trips; a packed string is at most one byte per ESC
longer than its input.

Why this and not zlib: a token is sealed and opened on every call. On seeded
playouts of every registered game (`python -m bench.tokens`), a token plaintext
packs to within 10% of raw deflate's size (level 1) for five games (Hats 389 ->
229 bytes, deflate 212) and to 725 bytes against 524 for White/Black Hat (their
stretches of small numbers need more than runs), at 1/30 to 1/60 of deflate's CPU.

Compiled by Cython with the rules (C loops); interpreted (no compiler, or TABLETOP_PUREPYTHON=1)
the regex engine makes the same output.
"""
import re

import cython

if cython.compiled:  # the C loops write the output in place; interpreted, the regex engine does the work
    from cython.cimports.cpython.bytes import PyBytes_FromStringAndSize
    from cython.cimports.cpython.mem import PyMem_Free, PyMem_Malloc
    from cython.cimports.libc.string import memcpy

cython.declare(ESC=cython.uchar, MAX_RUN=cython.Py_ssize_t, EVERY_BYTE=cython.ulonglong)
ESC = 0xC1
MAX_RUN = 129  # 0x7F + 2: the longest run one code says; a longer one takes several
EVERY_BYTE = 0x0101010101010101  # times a byte value: that byte in all 8 bytes of a word

# Interpreted, the byte loops below took ~70 us per Hats plaintext (100x compiled) and slowed every
# interpreted test through the app layer, so the regex engine's C loops make the same format instead.
# Runs of 3..129, each spelled with a literal prefix: the engine then skips ahead, 3x faster.
_RUN = re.compile(rb"(\xc1|\x00\x00\x00{1,127}|\xff\xff\xff{1,127})")
_CODE = {bytes((v,)) * n: bytes((0xC1, (n - 2) | (v & 0x80))) for v in (0x00, 0xFF) for n in range(3, 130)}
_CODE[b"\xc1"] = b"\xc1\x00"
_ESCAPE = re.compile(rb"\xc1(.?)", re.DOTALL)  # an empty group: the input ends inside it
_EXPAND = {code[1:]: run for run, code in _CODE.items()}  # code byte -> the bytes it stands for


def pack(data: bytes) -> bytes:
    """`data` with its runs of 0x00 and 0xFF packed; `unpack` gives it back exactly."""
    n: cython.Py_ssize_t = len(data)
    if not cython.compiled:
        parts = _RUN.split(data)  # literal, run, literal, ..., literal: no Python call per run
        parts[1::2] = map(_CODE.__getitem__, parts[1::2])
        return b"".join(parts)  # the same output as the loop below (tests/core/test_runpack.py)
    buf: cython.p_uchar = cython.cast(cython.p_uchar, PyMem_Malloc(2 * n + 1))  # the most it can take
    if buf == cython.NULL:
        raise MemoryError()
    try:
        return PyBytes_FromStringAndSize(cython.cast(cython.p_char, buf), _pack_into(data, n, buf))
    finally:
        PyMem_Free(buf)


@cython.cfunc
@cython.inline
def _pack_into(src: cython.p_uchar, n: cython.Py_ssize_t, dst: cython.p_uchar) -> cython.Py_ssize_t:
    """Pack `src[:n]` into `dst` (room for 2n + 1 bytes); the packed length."""
    i: cython.Py_ssize_t = 0
    j: cython.Py_ssize_t
    k: cython.Py_ssize_t = 0
    b: cython.uchar
    while i < n:
        b = src[i]
        # Only a run start branches away: a lone or paired 0x00/0xFF (common) takes the literal path.
        if (b == 0 or b == 0xFF) and i + 2 < n and src[i + 1] == b and src[i + 2] == b:
            j = _run_end(src, i + 3, min(n, i + MAX_RUN), b)
            dst[k] = ESC
            dst[k + 1] = (j - i - 2) | (b & 0x80)
            k += 2
            i = j
            continue
        dst[k] = b
        dst[k + 1] = 0  # an ESC's second byte; the next byte overwrites it otherwise
        k += 2 if b == ESC else 1
        i += 1
    return k


@cython.cfunc
@cython.inline
def _run_end(src: cython.p_uchar, j: cython.Py_ssize_t, end: cython.Py_ssize_t,
             b: cython.uchar) -> cython.Py_ssize_t:
    """The first index from `j` (before `end`) whose byte is not `b`, else `end`."""
    if cython.compiled:  # 8 bytes per step through long runs (the engines' empty slots)
        word: cython.ulonglong
        same: cython.ulonglong = b * EVERY_BYTE
        while j + 8 <= end:
            memcpy(cython.address(word), src + j, 8)
            if word != same:
                break
            j += 8
    while j < end and src[j] == b:
        j += 1
    return j


def unpack(data: bytes, limit: cython.Py_ssize_t) -> bytes:
    """The bytes `pack` made `data` from; ValueError, before any output is made, if `data` is
    malformed or would unpack to more than `limit` bytes."""
    if not cython.compiled:
        return _unpack_interpreted(data, limit)
    n: cython.Py_ssize_t = len(data)
    made = PyBytes_FromStringAndSize(cython.NULL, _unpacked_size(data, n, limit))
    _unpack_into(data, n, made)
    return made


@cython.cfunc
def _unpacked_size(src: cython.p_uchar, n: cython.Py_ssize_t, limit: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The length `src[:n]` unpacks to; ValueError if it is malformed or over `limit` bytes."""
    i: cython.Py_ssize_t = 0
    size: cython.Py_ssize_t = 0
    code: cython.uchar
    while i < n:
        if src[i] != ESC:
            size += 1
            i += 1
            continue
        if i + 1 == n:
            raise ValueError(_ENDS_IN_ESCAPE)
        code = src[i + 1]
        if code == 0x80:
            raise ValueError(_RESERVED)
        size += (code & 0x7F) + 2 if code & 0x7F else 1
        if size > limit:  # checked as it grows: a run says up to 64 times its own size
            break
        i += 2
    if size > limit:
        raise ValueError(f"packed bytes unpack to more than {limit} bytes")
    return size


@cython.cfunc
@cython.inline
def _unpack_into(src: cython.p_uchar, n: cython.Py_ssize_t, dst: cython.p_uchar) -> cython.void:
    """Unpack `src[:n]`, checked by `_unpacked_size`, into `dst` (exactly that many bytes)."""
    i: cython.Py_ssize_t = 0
    k: cython.Py_ssize_t = 0
    end: cython.Py_ssize_t
    code: cython.uchar
    value: cython.uchar
    # Byte by byte: memchr/memcpy/memset per stretch measured slower (escapes are ~11 bytes apart).
    while i < n:
        if src[i] != ESC:
            dst[k] = src[i]
            k += 1
            i += 1
            continue
        code = src[i + 1]
        i += 2
        if not code & 0x7F:
            dst[k] = ESC
            k += 1
            continue
        value = 0xFF if code & 0x80 else 0
        end = k + (code & 0x7F) + 2
        while k < end:
            dst[k] = value
            k += 1


_ENDS_IN_ESCAPE = "packed bytes end inside an escape"
_RESERVED = "packed bytes use the reserved code 0x80"


def _unpack_interpreted(data: bytes, limit: int) -> bytes:
    """`unpack` through the regex engine: the same checks, messages and output."""
    parts = _ESCAPE.split(data)  # literal, code, literal, ..., literal
    codes = parts[1::2]
    if b"" in codes:
        raise ValueError(_ENDS_IN_ESCAPE)
    if b"\x80" in codes:
        raise ValueError(_RESERVED)
    runs = list(map(_EXPAND.__getitem__, codes))
    if len(data) - 2 * len(codes) + sum(map(len, runs)) > limit:
        raise ValueError(f"packed bytes unpack to more than {limit} bytes")
    parts[1::2] = runs
    return b"".join(parts)
