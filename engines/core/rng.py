"""SplitMix64, the seeded generator every game keeps inside its state.

The algorithm is fixed so a replay from `(game, options, seed, moves)` gives the
same stream compiled and interpreted, on every platform:

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    output z ^ (z >> 31)

The 64-bit state is stored little-endian in 8 bytes of the game's state buffer.
`below(n)` rejects the lowest `2**64 mod n` outputs, then takes the output mod n,
so every value in 0..n-1 is equally likely. `shuffle` is Fisher-Yates from the
last position down: for i = n-1 .. 1, swap item i with item `below(i + 1)`.
"""
import cython

cython.declare(MASK64=cython.ulonglong, GOLDEN=cython.ulonglong, MIX1=cython.ulonglong,
               MIX2=cython.ulonglong)
MASK64 = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


@cython.ccall
def seed_into(buf: bytearray, off: cython.Py_ssize_t, seed: cython.ulonglong) -> cython.void:
    """Store a 64-bit seed as the generator state at `buf[off:off+8]`."""
    i: cython.Py_ssize_t
    for i in range(8):
        buf[off + i] = (seed >> (8 * i)) & 0xFF


@cython.ccall
def next_u64(buf: bytearray, off: cython.Py_ssize_t) -> cython.ulonglong:
    """Advance the generator stored at `buf[off:off+8]` and return its next output."""
    s: cython.ulonglong = 0
    i: cython.Py_ssize_t
    for i in range(8):
        s |= cython.cast(cython.ulonglong, buf[off + i]) << (8 * i)
    s = (s + GOLDEN) & MASK64
    for i in range(8):
        buf[off + i] = (s >> (8 * i)) & 0xFF
    z: cython.ulonglong = s
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


@cython.ccall
def below(buf: bytearray, off: cython.Py_ssize_t, n: cython.ulonglong) -> cython.ulonglong:
    """A uniform integer in 0..n-1 (n >= 1) from the generator at `off`."""
    threshold: cython.ulonglong = ((MASK64 - n) + 1) % n
    x: cython.ulonglong = next_u64(buf, off)
    while x < threshold:
        x = next_u64(buf, off)
    return x % n


@cython.ccall
def shuffle(buf: bytearray, off: cython.Py_ssize_t, start: cython.Py_ssize_t,
            n: cython.Py_ssize_t) -> cython.void:
    """Shuffle the n bytes `buf[start:start+n]` in place with the generator at `off`."""
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    t: cython.int
    for i in range(n - 1, 0, -1):
        j = below(buf, off, i + 1)
        t = buf[start + i]
        buf[start + i] = buf[start + j]
        buf[start + j] = t


class Rng:
    """A stand-alone generator (same algorithm) for tests and tools outside a game state."""

    def __init__(self, seed: int):
        self._buf = bytearray(8)
        seed_into(self._buf, 0, seed & 0xFFFFFFFFFFFFFFFF)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        return next_u64(self._buf, 0)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1."""
        return below(self._buf, 0, n)
