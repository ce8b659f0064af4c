"""The compact state body (codecs 2 and 3): only the live cells of each field, in layout order.

A layout's fields (engines/core/layout.py) may declare which cells are live: the
first `count` cells, or cells `start` up to `end`, the bounds read from one-byte
fields declared before. The rules keep every other (dead) cell 0, so a body
needs only the live ones: `compact` writes each field whole or its live cells
only, and `expand` rebuilds the whole state with dead cells 0. Every count comes
before the cells it governs, so `expand` streams, reading counts from what it
has already written.

A field may also declare that its cells hold values of a few bits (`bits=6`: cards
numbered below 64). Codec 3 (`plan(layout, packed=True)`) stores such a field's
cells in that many bits each, low bits first, its last byte padded with zero bits;
codec 2 (`plan(layout)`) stores every cell as its bytes, and stays readable for
states encoded before a game declared bits.

`plan` flattens a layout once (blocks repeated, neighbouring whole fields joined)
into rows of (offset, cells, width, kind, ref_a, ref_b, bits):

    kind 0  `cells` bytes at `offset`, stored as they are (WHOLE)
    kind 1  the first state[ref_a] cells of `width` bytes (COUNT)
    kind 2  cells state[ref_a] up to state[ref_b] (RANGE)
    bits    0: each cell as its `width` bytes; 1-7: each one-byte cell in that many bits

Both run on every API call (decode on open, encode on seal): compiled by Cython
they are C loops over the rows; interpreted, a Python loop per row copies slices.
Both give the same bytes and the same refusals (tests/core/test_compact.py).
"""
from array import array

import cython

from .errors import BadState

if cython.compiled:  # the C loops copy straight between the buffers
    from cython.cimports.cpython.bytearray import PyByteArray_FromStringAndSize
    from cython.cimports.cpython.bytes import PyBytes_FromStringAndSize
    from cython.cimports.libc.string import memset

cython.declare(ROW=cython.Py_ssize_t, WHOLE=cython.int, COUNT=cython.int, RANGE=cython.int,
               TOO_MANY=cython.int, PAST_END=cython.int, BACKWARDS=cython.int, TRUNCATED=cython.int,
               TOO_WIDE=cython.int, PADDING=cython.int, WHYS=cython.int)
ROW = 7  # ints per row
WHOLE, COUNT, RANGE = 0, 1, 2
# What is wrong with a row, for the refusal's message: the C loops return -(row * WHYS + why) - 1.
# TOO_WIDE: a cell's value does not fit its bits (compact); PADDING: bits set past the last cell (expand).
TOO_MANY, PAST_END, BACKWARDS, TRUNCATED, TOO_WIDE, PADDING = 0, 1, 2, 3, 4, 5
WHYS = 6


@cython.auto_pickle(False)  # unpickling could set the rows unchecked
@cython.cclass
class Plan:
    """A layout flattened into rows for `compact` and `expand` (build it with `plan`)."""

    # The rows as C ints in immutable bytes: the C loops trust the offsets, so nothing may edit them
    # after __init__ checked them against `size`.
    _table = cython.declare(bytes)
    _count = cython.declare(cython.Py_ssize_t)
    size = cython.declare(cython.Py_ssize_t, visibility="readonly")
    rows = cython.declare(tuple, visibility="readonly")
    names = cython.declare(tuple, visibility="readonly")

    def __init__(self, rows, names, size: cython.Py_ssize_t):
        rows, names = tuple(map(tuple, rows)), tuple(names)
        if len(rows) != len(names):
            raise ValueError("a plan needs one name per row")
        end = 0
        for row, name in zip(rows, names):
            offset, cells, width, kind, a, b, bits = row
            refs = () if kind == WHOLE else (a,) if kind == COUNT else (a, b) if kind == RANGE else None
            # In order and in bounds (the C loops trust the rows), a count before the cells it governs
            # (expand reads it from what it has already written), and bits only for one-byte cells.
            if refs is None or offset < end or min(cells, width) < 0 or offset + cells * width > size or \
                    not all(0 <= r < offset for r in refs) or not (bits == 0 or 0 < bits < 8 and width == 1):
                raise ValueError(f"plan row {name}: {row} does not fit a {size}-byte state after byte {end}")
            end = offset + cells * width
        self._table = array("i", [v for row in rows for v in row]).tobytes()
        self._count = len(rows)
        self.size = size
        self.rows = rows
        self.names = names

    def __repr__(self):
        return f"<Plan {len(self.rows)} rows, {self.size} bytes>"


def plan(layout, packed: bool = False) -> Plan:
    """The plan of a layout (engines/core/layout.py), its blocks repeated; `packed`: the fields that declare
    `bits` are stored in them (codec 3), else as bytes (codec 2). Build it once per layout."""
    rows: list = []
    names: list = []
    for row, name in _flatten(layout, 0, "", packed):
        if row[3] == WHOLE and not row[6] and rows and rows[len(rows) - 1][3] == WHOLE and \
                not rows[len(rows) - 1][6] and \
                rows[len(rows) - 1][0] + rows[len(rows) - 1][1] == row[0]:  # neighbours: one copy for both
            rows[len(rows) - 1][1] += row[1]
            names[len(names) - 1] = names[len(names) - 1].partition("..")[0] + ".." + name
        else:
            rows.append(row)
            names.append(name)
    return Plan(rows, names, layout.size)


def _flatten(layout, base, prefix, packed):
    """(row, name) of every field of `layout` placed at `base`, blocks repeated, empty fields left out."""
    for name in layout.names:
        item = layout.item(name)
        at = base + layout.offset(name)
        if hasattr(item, "layout"):  # a block (duck-typed: the interpreted twin has its own Block class)
            for i in range(item.count):
                yield from _flatten(item.layout, at + i * item.width, f"{prefix}{name}[{i}].", packed)
            continue
        bits = item.bits if packed and item.bits else 0
        if item.live is None:
            if item.size:
                yield [at, item.size, 1, WHOLE, 0, 0, bits], prefix + name
        elif isinstance(item.live, str):
            yield [at, item.count, item.width, COUNT, base + layout.offset(item.live), 0, bits], prefix + name
        else:
            yield [at, item.count, item.width, RANGE, base + layout.offset(item.live[0]),
                   base + layout.offset(item.live[1]), bits], prefix + name


def compact(state, plan: Plan) -> bytes:
    """The live cells of `state` (bytes or bytearray of the plan's size), field by field in layout order."""
    n: cython.Py_ssize_t = len(state)
    if n != plan.size:
        raise ValueError(f"state is {n} bytes, its layout {plan.size}")
    if not cython.compiled:
        return _compact_interpreted(state, plan)
    src: cython.p_uchar = state
    table: cython.p_char = plan._table
    rows: cython.p_int = cython.cast(cython.p_int, table)
    size: cython.Py_ssize_t = _compact_size(src, rows, plan._count)
    if size < 0:
        raise _not_compactable(state, plan, -size - 1)
    out = PyBytes_FromStringAndSize(cython.NULL, size)
    _compact_into(src, rows, plan._count, out)
    return out


def expand(data, start: cython.Py_ssize_t, plan: Plan) -> bytearray:
    """The whole state whose compact body is `data[start:]`, dead cells 0; BadState says what is wrong."""
    if type(data) is not bytes:
        data = bytes(data)
    n: cython.Py_ssize_t = len(data)
    if not 0 <= start <= n:
        raise ValueError(f"body offset {start} is outside the {n} bytes")
    if not cython.compiled:
        return _expand_interpreted(data, start, plan)
    size: cython.Py_ssize_t = plan.size
    out = PyByteArray_FromStringAndSize(cython.NULL, size)
    dst: cython.p_uchar = out
    memset(dst, 0, size)
    table: cython.p_char = plan._table
    src: cython.p_uchar = data
    at: cython.Py_ssize_t = _expand_into(src, start, n, cython.cast(cython.p_int, table), plan._count, dst)
    if at < 0:
        raise _refusal(out, plan, -at - 1)
    if at != n:
        raise _left_over(n - at)
    return out


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bounds(buf: cython.p_uchar, r: cython.p_int, lo: cython.p_int, hi: cython.p_int) -> cython.int:
    """Set [lo, hi) to the live cells of row `r`, its bounds read from `buf`; -1, else what is wrong."""
    kind: cython.int = r[3]
    if kind == WHOLE:
        lo[0] = 0
        hi[0] = r[1]
        return -1
    if kind == COUNT:
        lo[0] = 0
        hi[0] = buf[r[4]]
        return TOO_MANY if hi[0] > r[1] else -1
    lo[0] = buf[r[4]]
    hi[0] = buf[r[5]]
    if hi[0] > r[1]:
        return PAST_END
    return BACKWARDS if lo[0] > hi[0] else -1


@cython.cfunc
@cython.exceptval(check=False)
def _compact_size(src: cython.p_uchar, rows: cython.p_int, count: cython.Py_ssize_t) -> cython.Py_ssize_t:
    """The compact size of `src`, else -(row * WHYS + why) - 1 for its first inconsistent row."""
    i: cython.Py_ssize_t
    k: cython.Py_ssize_t
    r: cython.p_int
    lo: cython.int
    hi: cython.int
    why: cython.int
    size: cython.Py_ssize_t = 0
    for i in range(count):
        r = rows + i * ROW
        why = _bounds(src, r, cython.address(lo), cython.address(hi))
        if why >= 0:
            return -(i * WHYS + why) - 1
        if r[6]:
            for k in range(lo, hi):
                if src[r[0] + k] >> r[6]:
                    return -(i * WHYS + TOO_WIDE) - 1
            size += ((hi - lo) * r[6] + 7) >> 3
        else:
            size += (hi - lo) * r[2]
    return size


@cython.cfunc
@cython.exceptval(check=False)
def _compact_into(src: cython.p_uchar, rows: cython.p_int, count: cython.Py_ssize_t,
                  dst: cython.p_uchar) -> cython.void:
    """Copy the live cells of `src`, checked by `_compact_size`, to `dst`."""
    i: cython.Py_ssize_t
    k: cython.Py_ssize_t
    r: cython.p_int
    lo: cython.int
    hi: cython.int
    width: cython.Py_ssize_t
    acc: cython.uint
    held: cython.int
    for i in range(count):
        r = rows + i * ROW
        _bounds(src, r, cython.address(lo), cython.address(hi))
        if r[6]:  # low bits first; a cell is under 8 bits, so `acc` never holds 16
            acc = 0
            held = 0
            for k in range(lo, hi):
                acc |= cython.cast(cython.uint, src[r[0] + k]) << held
                held += r[6]
                if held >= 8:
                    dst[0] = acc & 0xFF
                    dst += 1
                    acc >>= 8
                    held -= 8
            if held:
                dst[0] = acc
                dst += 1
            continue
        width = r[2]
        _copy(dst, src + r[0] + lo * width, (hi - lo) * width)
        dst += (hi - lo) * width


@cython.cfunc
@cython.exceptval(check=False)
def _expand_into(src: cython.p_uchar, at: cython.Py_ssize_t, end: cython.Py_ssize_t, rows: cython.p_int,
                 count: cython.Py_ssize_t, dst: cython.p_uchar) -> cython.Py_ssize_t:
    """Copy the rows' live cells from `src[at:end]` into the zeroed `dst`: the offset reached, else
    -(row * WHYS + why) - 1 for the first row that is wrong."""
    i: cython.Py_ssize_t
    k: cython.Py_ssize_t
    r: cython.p_int
    lo: cython.int
    hi: cython.int
    why: cython.int
    take: cython.Py_ssize_t
    acc: cython.uint
    held: cython.int
    out: cython.p_uchar
    for i in range(count):
        r = rows + i * ROW
        why = _bounds(dst, r, cython.address(lo), cython.address(hi))  # counts already written: rows before
        if why >= 0:
            return -(i * WHYS + why) - 1
        take = ((hi - lo) * r[6] + 7) >> 3 if r[6] else (hi - lo) * r[2]
        if take > end - at:
            return -(i * WHYS + TRUNCATED) - 1
        if r[6]:
            acc = 0
            held = 0
            out = dst + r[0]
            for k in range(lo, hi):
                if held < r[6]:
                    acc |= cython.cast(cython.uint, src[at]) << held
                    at += 1
                    held += 8
                out[k] = acc & ((1 << r[6]) - 1)
                acc >>= r[6]
                held -= r[6]
            if acc:  # one body per state: padding is zero
                return -(i * WHYS + PADDING) - 1
            continue
        _copy(dst + r[0] + lo * r[2], src + at, take)
        at += take
    return at


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _copy(dst: cython.p_uchar, src: cython.p_uchar, n: cython.Py_ssize_t) -> cython.void:
    # A byte loop, not memcpy: most stretches are a few bytes, and a call to memcpy per row measured
    # slower than the whole loop.
    i: cython.Py_ssize_t
    for i in range(n):
        dst[i] = src[i]


def _live(buf, row: tuple):
    """(lo, hi, why) of a row's live cells read from `buf`: the interpreted `_bounds`."""
    offset, cells, width, kind, a, b, _bits = row
    if kind == WHOLE:
        return 0, cells, -1
    if kind == COUNT:
        return 0, buf[a], TOO_MANY if buf[a] > cells else -1
    lo, hi = buf[a], buf[b]
    return lo, hi, PAST_END if hi > cells else BACKWARDS if lo > hi else -1


# Interpreted, the loops below run per row with `_live` inlined (a call per row doubled their time);
# the rare wrong row is looked up again for its message.

def _compact_interpreted(state, plan: Plan) -> bytes:
    parts = []
    add = parts.append
    for row in plan.rows:
        offset, cells, width, kind, a, b, bits = row
        if kind == WHOLE:
            lo, hi = 0, cells
        else:
            lo, hi = (0, state[a]) if kind == COUNT else (state[a], state[b])
            if hi > cells or lo > hi:
                raise _not_compactable(state, plan, _wrong(state, plan, row))
        if not bits:
            add(state[offset + lo * width:offset + hi * width])
            continue
        cells_ = state[offset + lo:offset + hi]
        if any(v >> bits for v in cells_):
            raise _not_compactable(state, plan, plan.rows.index(row) * WHYS + TOO_WIDE)
        value = 0
        for k, v in enumerate(cells_):  # low bits first, as the C loop packs them
            value |= v << (k * bits)
        add(value.to_bytes((len(cells_) * bits + 7) >> 3, "little"))
    return b"".join(parts)


def _expand_interpreted(data: bytes, at: int, plan: Plan) -> bytearray:
    out = bytearray(plan.size)
    end = len(data)
    with memoryview(out) as view:  # its slice assignment takes half a bytearray's time
        for row in plan.rows:
            offset, cells, width, kind, a, b, bits = row
            if kind == WHOLE:
                lo, hi = 0, cells
            else:
                lo, hi = (0, out[a]) if kind == COUNT else (out[a], out[b])
                if hi > cells or lo > hi:
                    raise _refusal(out, plan, _wrong(out, plan, row))
            last = at + (((hi - lo) * bits + 7) >> 3 if bits else (hi - lo) * width)
            if last > end:
                raise _refusal(out, plan, plan.rows.index(row) * WHYS + TRUNCATED)
            if bits:
                value, mask = int.from_bytes(data[at:last], "little"), (1 << bits) - 1
                for k in range(lo, hi):
                    out[offset + k] = value & mask
                    value >>= bits
                if value:
                    raise _refusal(out, plan, plan.rows.index(row) * WHYS + PADDING)
            else:
                view[offset + lo * width:offset + hi * width] = data[at:last]
            at = last
    if at != end:
        raise _left_over(end - at)
    return out


def _wrong(buf, plan: Plan, row: tuple) -> int:
    """The refusal code (row * WHYS + why) of a row whose live cells are wrong in `buf`."""
    return plan.rows.index(row) * WHYS + _live(buf, row)[2]


def _problem(buf, plan: Plan, code: int) -> str:
    """What is wrong with row `code // WHYS` (its bounds read from `buf`), in words."""
    row, why = divmod(code, WHYS)
    offset, cells, width, kind, a, b, bits = plan.rows[row]
    name = plan.names[row]
    if why == TRUNCATED:
        return f"it ends inside {name}"
    if why == PADDING:
        return f"{name}'s last byte has bits set past its cells"
    if why == TOO_WIDE:
        lo, hi, _ = _live(buf, plan.rows[row])
        value = next(v for v in buf[offset + lo:offset + hi] if v >> bits)
        return f"{name} holds {value}, which does not fit its {bits} bits"
    if why == TOO_MANY:
        return f"{name} has {buf[a]} live cells, more than its {cells}"
    if why == PAST_END:
        return f"{name}'s live cells end at {buf[b]}, past its {cells} cells"
    return f"{name}'s live cells start at {buf[a]}, after their end {buf[b]}"


def _refusal(out: bytearray, plan: Plan, code: int) -> BadState:
    truncated = code % WHYS == TRUNCATED
    return BadState("truncated" if truncated else "bad_state",
                    f"compact state body is {'truncated' if truncated else 'inconsistent'}: "
                    f"{_problem(out, plan, code)}")


def _left_over(extra: int) -> BadState:
    return BadState("bad_state", f"compact state body has {extra} bytes left over")


def _not_compactable(state, plan: Plan, code: int) -> ValueError:
    # The rules made this state, so it is a bug, not bad input.
    return ValueError(f"state does not fit its layout's live cells: {_problem(state, plan, code)}")
