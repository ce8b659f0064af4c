"""The compact state body (engines/core/compact.py, codecs 2 and 3): live cells only, exact round trips.

A layout's `live` and `bits` declarations are checked when it is built. Every state of
seeded random Hats playouts has a codec-2 body holding exactly its live cells (the dead
cells are tests/hats/test_hats_canonical.py's) and a codec-3 body holding the same
cells with its cards in 6 bits; Hats encodes with codec 3, and its codec-2 and codec-1
encodings still decode. The compiled module and its interpreted twin make the same
bytes and the same refusals. Malformed bodies are refused with BadState naming what is
wrong, never another exception. A `live` declaration on a field the rules do not keep
0 breaks `decode(encode(s)) == s`, which the registry-driven property tests check for
every game; a `bits` declaration too narrow for a value fails the encode.
"""
from __future__ import annotations

import random
import re

import pytest

import engines
from engines.core import codec, compact
from engines.core.layout import Block, Field, Layout
from engines.hats.state import SEAT, STATE
from enginekit import TESTS, load_module, scaled

hats = engines.get("hats")
PLAN = hats.compact_plan    # codec 2: every live cell as its byte
PACKED = hats.packed_plan   # codec 3: Hats' cards in 6 bits, a pile card's seat in 2
HEAD = hats.codec_header
# The codec-1 header as the format spells it (engines/core/codec.py), built here on its own.
V1_HEAD = b"TE" + bytes((1, 4)) + b"hats" + bytes((len(hats.info.version),)) + hats.info.version.encode()
V2_HEAD = b"TE\x02" + V1_HEAD[3:]
WHOLE, COUNT, RANGE = 0, 1, 2  # a plan row's kinds (engines/core/compact.py), stated here on their own
canonical = load_module(TESTS / "hats" / "test_hats_canonical.py", "hats_canonical_for_compact")


@pytest.fixture(scope="module")
def pure(pure_engines):
    """The interpreted compact module and Hats' codec-2 plan built by it."""
    from engines_pure.core import compact as interpreted
    return interpreted, interpreted.plan(pure_engines.get("hats").layout)


@pytest.fixture(scope="module")
def pure_packed(pure_engines):
    """The interpreted compact module and Hats' codec-3 plan built by it."""
    from engines_pure.core import compact as interpreted
    return interpreted, interpreted.plan(pure_engines.get("hats").layout, packed=True)


def playouts(games: int) -> list[bytearray]:
    """Every state of `games` seeded random Hats games, 2, 3 and 4 players in turn."""
    states = []
    for seed in range(games):
        players, rnd = 2 + seed % 3, random.Random(seed)
        state = hats.new(players, hats.seat_options(players), seed)
        states.append(bytearray(state))
        while moves := hats.legal_moves(state):
            hats.apply_in_place(state, rnd.choice(moves))
            states.append(bytearray(state))
    return states


STATES = playouts(scaled(30))


def body(state) -> bytes:
    return compact.compact(state, PLAN)


def body_position(state, offset: int) -> int:
    """Where the cell at `offset` of a whole field lands in `state`'s compact body."""
    at = 0
    for o, cells, width, kind, a, b, _bits in PLAN.rows:
        if kind == WHOLE and o <= offset < o + cells:
            return at + offset - o
        lo, hi = (0, cells) if kind == WHOLE else (0, state[a]) if kind == COUNT \
            else (state[a], state[b])
        at += (hi - lo) * width
    raise AssertionError(f"offset {offset} is not in a whole field")


def refusal(fn, *args) -> tuple[str, str] | None:
    """(code, message) of the BadState `fn(*args)` raises, else None; any other exception fails."""
    try:
        fn(*args)
    except Exception as refused:  # noqa: BLE001 - the interpreted twin raises its own BadState class
        assert type(refused).__name__ == "BadState" and refused.code and refused.message, repr(refused)
        return refused.code, refused.message
    return None


# -- declarations ------------------------------------------------------------------------

@pytest.mark.parametrize("items, field, says", [
    ([Field("hand", 9, live="hand_count")], "hand", "not a field of this layout"),
    ([Field("deck_top"), Field("deck", 42, live=("deck_top", "deck_end"))], "deck", "not a field of this layout"),
    ([Field("hand", 9, live="hand_count"), Field("hand_count")], "hand", "must be declared before it"),
    ([Field("n", live="n")], "n", "must be declared before it"),
    ([Field("deck_top"), Field("deck", 42, live=("deck_top", "deck_end")), Field("deck_end")], "deck",
     "must be declared before it"),
    ([Field("hand_count", 2), Field("hand", 9, live="hand_count")], "hand", "not a one-cell"),
    ([Field("hand_count", width=2), Field("hand", 9, live="hand_count")], "hand", "not a one-cell, one-byte"),
    ([Field("hand_count", signed=True), Field("hand", 9, live="hand_count")], "hand", "unsigned"),
    ([Block("hand_count", SEAT, 1), Field("hand", 9, live="hand_count")], "hand", "not a one-cell"),
    ([Field("hand_count"), Field("hand", 9, live=("hand_count",))], "hand", "give a count field's name"),
    ([Field("hand_count"), Field("hand", 9, live=3)], "hand", "give a count field's name"),
])
def test_live_declarations_are_checked_naming_the_field(items, field, says):
    with pytest.raises(ValueError, match=f"field '{field}' .*{says}"):
        Layout("bad", items)


def test_a_blocks_live_fields_resolve_inside_the_block():
    with pytest.raises(ValueError, match="field 'hand' is live by 'players', which is not a field"):
        Layout("seat", [Field("hand", 9, live="players")])
    seat = Layout("seat", [Field("n"), Field("hand", 3, live="n")])
    outer = Layout("outer", [Field("players"), Block("seats", seat, 2)])
    assert seat.has_live and outer.has_live
    assert not Layout("plain", [Field("n"), Block("b", Layout("s", [Field("x", 3)]), 2)]).has_live
    plan = compact.plan(outer)
    assert [r[4] for r in plan.rows if r[3] == COUNT] == [1, 5]  # each seat's own count
    assert plan.names == ("players..seats[0].n", "seats[0].hand", "seats[1].n", "seats[1].hand")


def test_a_plan_refuses_rows_the_c_loops_could_not_trust():
    for rows in ([(0, 5, 1, WHOLE, 0, 0, 0)],                   # past the state
                 [(2, 2, 1, COUNT, 2, 0, 0)],                   # its count is not before it
                 [(2, 2, 1, RANGE, 0, 3, 0)],                   # nor its end
                 [(2, 2, 1, WHOLE, 0, 0, 0), (0, 1, 1, WHOLE, 0, 0, 0)],  # out of order
                 [(0, 1, 1, 7, 0, 0, 0)],                                # no such kind
                 [(0, 2, 2, WHOLE, 0, 0, 6)],                            # bits of two-byte cells
                 [(0, 2, 1, WHOLE, 0, 0, 8)], [(0, 2, 1, WHOLE, 0, 0, -1)]):  # bits past a byte
        with pytest.raises(ValueError, match="does not fit"):
            compact.Plan(rows, [f"r{i}" for i in range(len(rows))], 4)


@pytest.mark.parametrize("field, says", [
    (Field("card", 3, bits=8), "bits=8"), (Field("card", 3, bits=0), "bits=0"), (Field("card", 3, bits="6"), "bits='6'"),
    (Field("card", 3, width=2, bits=6), "bits=6"), (Field("card", 3, signed=True, bits=6), "bits=6"),
])
def test_bits_declarations_are_checked_naming_the_field(field, says):
    with pytest.raises(ValueError, match=f"field 'card' has {re.escape(says)}: a one-byte unsigned"):
        Layout("bad", [field])


def test_a_layout_with_bits_is_packed_only_by_the_packed_plan():
    seat = Layout("seat", [Field("n"), Field("hand", 3, live="n", bits=6), Field("mark", 2, bits=1)])
    outer = Layout("outer", [Field("players"), Block("seats", seat, 2), Field("rest", 2)])
    assert outer.has_bits and not Layout("plain", [Field("x", 3)]).has_bits
    assert {r[6] for r in compact.plan(outer).rows} == {0}
    packed = compact.plan(outer, packed=True)
    assert [r[6] for r in packed.rows] == [0, 6, 1, 0, 6, 1, 0]  # whole neighbours with bits stay apart
    state = bytearray(outer.size)
    state[0], state[1], state[2:5], state[5:7] = 2, 2, (63, 5, 0), (1, 0)
    state[7], state[8:11], state[11:13], state[13:15] = 1, (33, 0, 0), (0, 1), (7, 9)
    body = compact.compact(state, packed)
    # seat 0: hand 63, 5 in 12 bits; mark 1, 0 in 2 bits; seat 1: hand 33 in 6; mark 0, 1: 2 bits
    assert body == bytes((2, 2)) + (63 | 5 << 6).to_bytes(2, "little") + bytes((1, 1, 33, 2, 7, 9))
    assert compact.expand(body, 0, packed) == state
    state[2] = 64
    with pytest.raises(ValueError, match="seats\\[0\\].hand holds 64, which does not fit its 6 bits"):
        compact.compact(state, packed)


def test_games_without_live_cells_keep_codec_1():
    for game in engines.games():
        if game is hats:
            continue
        assert game.codec_plan is None and game.codec_header[2] == codec.FULL, game.info.id
        state = game.new(game.info.min_seats, game.seat_options(game.info.min_seats), 1)
        assert game.encode(state) == game.codec_header + state
        compacted = codec.header(game.info.id, game.info.version, codec.COMPACT) + state
        with pytest.raises(engines.BadState, match=f"codec version 2 is not used by {game.info.id}"):
            game.decode(compacted)


# -- round trips -------------------------------------------------------------------------

def test_hats_states_round_trip_through_codec_3_and_codecs_2_and_1_still_decode():
    assert V1_HEAD == codec.header("hats", hats.info.version, codec.FULL) and HEAD == b"TE\x03" + V1_HEAD[3:]
    for state in STATES:
        data = hats.encode(state)
        assert data == HEAD + compact.compact(state, PACKED) and data[2] == codec.PACKED
        assert hats.decode(data) == state
        assert hats.decode(bytearray(data)) == state == hats.decode(memoryview(data))  # the slower path
        for old in (V1_HEAD + state, V2_HEAD + body(state)):  # tokens sealed before Hats had live cells, bits
            assert hats.decode(old) == state
            assert engines.decode(old) == (hats, state) == engines.decode(data)


def test_the_packed_body_holds_the_live_cells_in_their_bits():
    """Each packed field takes ceil(cells * bits / 8) bytes where codec 2 takes one per cell."""
    for state in STATES:
        saved = 0
        for row, name in zip(PACKED.rows, PACKED.names):
            if row[6]:
                lo, hi = (0, state[row[4]]) if row[3] == COUNT else (state[row[4]], state[row[5]])
                saved += (hi - lo) - ((hi - lo) * row[6] + 7) // 8
        assert len(compact.compact(state, PACKED)) == len(body(state)) - saved
    assert {n.rpartition(".")[2] for r, n in zip(PACKED.rows, PACKED.names) if r[6]} == \
        {"hand", "collection", "black_hats", "deck", "pile", "pile_discarded_by"}


def test_the_body_holds_exactly_the_live_cells():
    """What `live` declares dead is what tests/hats/test_hats_canonical.py says the rules keep 0."""
    offer_phase = STATE.offset("offer_phase")  # dead outside the partner phase, but one cell: stored whole
    for state in STATES:
        dead = [at for _, at in canonical.dead_cells(state) if at != offer_phase]
        encoded = body(state)
        assert len(encoded) == STATE.size - len(dead)
        soiled = bytearray(state)
        for at in dead:
            soiled[at] = 0xA5
        assert body(soiled) == encoded  # a dead cell is never encoded...
        assert compact.expand(encoded, 0, PLAN) == state  # ...and comes back 0


def test_every_live_cell_is_encoded():
    for state in STATES[::max(1, len(STATES) // 20)]:
        dead = {at for _, at in canonical.dead_cells(state)}
        encoded = body(state)
        for at in range(STATE.size):
            if at in dead:
                continue
            changed = bytearray(state)
            changed[at] ^= 0x01
            try:
                assert body(changed) != encoded, f"cell {at} is live but not encoded"
            except ValueError:  # a count changed past its field: not a state of this layout
                pass


def test_stale_dead_cells_of_an_old_token_are_dropped_on_the_next_encode():
    rnd = random.Random(3)
    for state in STATES[::7]:
        old = canonical.soiled(state, rnd)
        decoded = hats.decode(V1_HEAD + old)
        assert decoded == old  # codec 1 keeps them; the rules never read them
        clean = canonical.cleaned(old)
        clean[STATE.offset("offer_phase")] = old[STATE.offset("offer_phase")]  # one cell: stored whole
        assert hats.decode(hats.encode(decoded)) == clean


# -- compiled and interpreted ----------------------------------------------------------------

@pytest.mark.parametrize("packed", [False, True], ids=["codec2", "codec3"])
def test_compiled_and_interpreted_make_the_same_bytes(pure, pure_packed, packed):
    interpreted, plan = pure_packed if packed else pure
    mine = PACKED if packed else PLAN
    assert plan.rows == mine.rows and plan.names == mine.names and plan.size == mine.size
    for state in STATES:
        encoded = compact.compact(state, mine)
        assert interpreted.compact(state, plan) == encoded == interpreted.compact(bytes(state), plan)
        assert compact.expand(encoded, 0, mine) == state == interpreted.expand(encoded, 0, plan)
        assert compact.expand(b"xyz" + encoded, 3, mine) == interpreted.expand(b"xyz" + encoded, 3, plan)


@pytest.mark.parametrize("packed", [False, True], ids=["codec2", "codec3"])
def test_compiled_and_interpreted_refuse_alike(pure, pure_packed, packed):
    interpreted, plan = pure_packed if packed else pure
    mine = PACKED if packed else PLAN
    rnd = random.Random(7)
    bodies = [compact.compact(s, mine) for s in STATES[::5]]
    for _ in range(scaled(3000)):
        data = mutated(rnd.choice(bodies), rnd)
        try:
            want = compact.expand(data, 0, mine)
        except engines.BadState as refused:
            with pytest.raises(interpreted.BadState) as also:
                interpreted.expand(data, 0, plan)
            assert (also.value.code, also.value.message) == (refused.code, refused.message)
        else:
            assert interpreted.expand(data, 0, plan) == want
    # A state the rules could not have made (a rule's bug) is told alike: a count past its field, and
    # (codec 3) a card past its 6 bits.
    wrongs = [("pile_count", 43, "pile has 43 live cells, more than its 42")]
    wrongs += [("pile", 64, "pile holds 64, which does not fit its 6 bits")] if packed else []
    for field, value, says in wrongs:
        bad = bytearray(next(s for s in STATES if s[STATE.offset("pile_count")]))
        bad[STATE.offset(field)] = value
        with pytest.raises(ValueError, match=says) as refused:
            compact.compact(bad, mine)
        with pytest.raises(ValueError) as also:
            interpreted.compact(bad, plan)
        assert str(also.value) == str(refused.value)


def test_a_packed_body_with_padding_bits_set_is_refused(pure_packed):
    """One body per state: the bits past a packed field's last cell are 0."""
    interpreted, plan = pure_packed
    state = next(s for s in STATES if s[STATE.offset("pile_count")] == 1)  # one pile card: 6 of 8 bits
    data = compact.compact(state, PACKED)
    upto = PACKED.names.index("pile") + 1
    at = len(compact.compact(state, compact.Plan(PACKED.rows[:upto], PACKED.names[:upto], PACKED.size))) - 1
    assert compact.expand(data, 0, PACKED) == state
    soiled = bytearray(data)
    soiled[at] |= 0x80
    for expand, p in ((compact.expand, PACKED), (interpreted.expand, plan)):
        assert refusal(expand, bytes(soiled), 0, p) == \
            ("bad_state", "compact state body is inconsistent: pile's last byte has bits set past its cells")


# -- malformed bodies ----------------------------------------------------------------------

def mutated(data: bytes, rnd: random.Random) -> bytes:
    """`data` with a few bytes changed, inserted or removed."""
    out = bytearray(data)
    for _ in range(rnd.choice((1, 1, 2, 3))):
        how = rnd.random()
        at = rnd.randrange(len(out) + 1)
        if how < 0.7 and at < len(out):
            out[at] = rnd.choice((0, 1, 9, 42, 43, 255, rnd.randrange(256), out[at] ^ (1 << rnd.randrange(8))))
        elif how < 0.85:
            out[at:at] = bytes((rnd.randrange(256),))
        else:
            del out[at:at + rnd.randrange(1, 4)]
    return bytes(out)


def test_a_count_past_its_field_is_refused_naming_it(pure):
    interpreted, plan = pure
    state = STATES[10]
    seat = STATE.offset("seats", 1)
    top, end = STATE.offset("deck_top"), STATE.offset("deck_end")
    cases = [
        ({seat + SEAT.offset("hand_count"): 10}, "seats[1].hand has 10 live cells, more than its 9"),
        ({seat + SEAT.offset("black_hat_count"): 255}, "seats[1].black_hats has 255 live cells, more than its 8"),
        ({STATE.offset("pile_count"): 43}, "pile has 43 live cells, more than its 42"),
        ({end: 43}, "deck's live cells end at 43, past its 42 cells"),
        ({top: state[end] + 1}, f"deck's live cells start at {state[end] + 1}, after their end {state[end]}"),
        ({top: 255, end: 50}, "deck's live cells end at 50, past its 42 cells"),  # both wrong: the end is told
    ]
    for changes, says in cases:
        data = bytearray(body(state))
        for offset, value in changes.items():
            data[body_position(state, offset)] = value
        for expand, p in ((compact.expand, PLAN), (interpreted.expand, plan)):
            code, message = refusal(expand, bytes(data), 0, p)
            assert code == "bad_state" and message.startswith("compact state body is inconsistent: " + says)
        with pytest.raises(engines.BadState, match=re.escape(says)):
            hats.decode(V2_HEAD + bytes(data))


def test_truncated_bodies_and_left_over_bytes_are_refused(pure):
    interpreted, plan = pure
    for state in STATES[::max(1, len(STATES) // 12)]:
        data = body(state)
        for cut in range(len(data)):
            for expand, p in ((compact.expand, PLAN), (interpreted.expand, plan)):
                assert refusal(expand, data[:cut], 0, p)[0] == "truncated", cut
            assert refusal(hats.decode, V2_HEAD + data[:cut])[0] == "truncated"
        packed = compact.compact(state, PACKED)
        for cut in range(len(packed)):
            assert refusal(hats.decode, HEAD + packed[:cut])[0] == "truncated"
        for extra in (b"\x00", b"\x00" * 40, b"x"):
            for expand, p in ((compact.expand, PLAN), (interpreted.expand, plan)):
                assert refusal(expand, data + extra, 0, p) == \
                    ("bad_state", f"compact state body has {len(extra)} bytes left over")
            assert refusal(hats.decode, V2_HEAD + data + extra)[1].endswith("bytes left over")
            assert refusal(hats.decode, HEAD + packed + extra)[1].endswith("bytes left over")


def test_random_and_mutated_bodies_are_refused_or_valid():
    rnd = random.Random(20261201)
    bodies = [body(s) for s in STATES[::3]]
    packed = [compact.compact(s, PACKED) for s in STATES[::3]]
    wholes = [bytes(s) for s in STATES[::3]]
    accepted = 0
    for i in range(scaled(4000)):
        if i % 4 == 0:
            data = rnd.choice((HEAD, V2_HEAD)) + rnd.randbytes(rnd.randrange(400))
        elif i % 4 == 1:  # codecs 1 and 2 go on being checked the old way
            data = V1_HEAD + mutated(rnd.choice(wholes), rnd) if i % 8 == 1 else \
                V2_HEAD + mutated(rnd.choice(bodies), rnd)
        else:
            data = HEAD + mutated(rnd.choice(packed), rnd)
        try:
            state = hats.decode(data)
        except engines.BadState as refused:
            assert refused.code and refused.message
            continue
        accepted += 1
        once = hats.decode(hats.encode(state))
        # a codec-1 body may hold stale dead cells (validate lets them be): the first encode drops them
        assert once == state if data[2] != codec.FULL else hats.decode(hats.encode(once)) == once
        hats.legal_moves(state)
        hats.score(state)
    assert accepted, "no mutation was accepted: the test exercises nothing"


def test_expand_refuses_a_body_offset_outside_the_data():
    with pytest.raises(ValueError):
        compact.expand(b"abc", 4, PLAN)
    with pytest.raises(ValueError):
        compact.expand(b"abc", -1, PLAN)


# -- a wrong declaration is caught -----------------------------------------------------------

def relayout(name: str, live) -> Layout:
    """Hats' layout with `live` declared on one more top-level field: same offsets, same size."""
    items = [STATE.item(n) for n in STATE.names]
    items = [Field(i.name, i.count, i.width, i.signed, live) if i.name == name else i for i in items]
    return Layout("hats_wrong", items)


@pytest.mark.parametrize("name, live, players", [
    ("table", "spaces", 2),              # 2 players: the sixth space holds 255, not 0
    ("given_by", "pile_count", 4),       # a partner-exchange record is no pile card
])
def test_a_live_declaration_the_rules_do_not_keep_is_caught_by_the_round_trip(name, live, players):
    wrong_layout = relayout(name, live)
    assert wrong_layout.offsets() == STATE.offsets()

    class Misdeclared(type(hats)):
        layout = wrong_layout

    wrong = Misdeclared()
    broken = []
    for state in (s for s in STATES if s[STATE.offset("players")] == players):
        try:
            back = wrong.decode(wrong.encode(state))
        except engines.BadState:
            back = None
        if back != state:  # what tests/test_properties.py and tests/test_conformance.py assert
            broken.append(state)
            assert back is None or {i for i in range(STATE.size) if back[i] != state[i]} <= \
                set(range(STATE.offset(name), STATE.offset(name) + STATE.item(name).size))
    assert broken, f"live={live!r} on {name} went unnoticed"
    assert all(hats.decode(hats.encode(s)) == s for s in broken)  # the real declaration holds


def test_a_rule_leaving_a_dead_cell_nonzero_breaks_the_round_trip():
    state = bytearray(next(s for s in STATES if s[STATE.offset("deck_top")] > 0))
    top = state[STATE.offset("deck_top")]
    state[STATE.offset("deck", top - 1)] = 17  # as a rule that forgot to clear a drawn card would leave it
    assert hats.decode(hats.encode(state)) != state
