"""What a Kodiak spectator may know (§9): only what the whole table was shown, never a card that every
seat came to know through its own private looks."""
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engines  # noqa: E402
from engines.kodiak.declarations import CARDS  # noqa: E402
from engines.kodiak.state import SHOWN, STATE  # noqa: E402
from kodiak_testlib import everyone_passes_but, kodiak, play, rig, slot_view  # noqa: E402

KNOWS = STATE.offset("knows")


def both_seats_looked_alone() -> bytearray:
    """2 seats: Kodiak knows N2-1 at 0.0 (initial look) and swaps it to 1.0; seat 1 looks at 1.0 with EYE-1."""
    state = kodiak.new(2, {"deck": "N1-1,N2-1,EYE-1,SWAP-1,N1-2,N2-2,N3-1,N4-1"}, seed=1)
    for seat, text in [(0, "exchange 1"), (0, "swap 0.0 1.0"), (0, "pass"), (1, "pass"), (1, "exchange 1"),
                       (1, "lookown 0")]:
        play(state, seat, text)
    return state


def test_a_card_every_seat_looked_at_alone_is_not_the_spectators():
    state = both_seats_looked_alone()
    for seat in (0, 1):
        assert slot_view(state, seat, 1, 0)["card"] == "N2-1"
    spectator = slot_view(state, None, 1, 0)
    assert spectator["card"] is None and spectator["known_by"] == [0, 1] and not spectator["face_up"]
    assert "N2-1" not in repr(kodiak.view(state, None))
    # The spectator's re-deal (what the leak checks compare) moves it: it is not the spectator's card.
    moved = {bytes(kodiak.redeal_unseen(state, None, random.Random(k).shuffle)) for k in range(8)}
    assert any(slot_view(bytearray(s), 0, 1, 0)["card"] != "N2-1" for s in moved)


@pytest.mark.parametrize("memory", ["follow", "slot"])
def test_a_card_shown_to_the_table_stays_the_spectators_while_it_can_be_followed(memory):
    # 3 seats, Kodiak 0. Kodiak exchanges out N1-1 (R = ONE); mouse 1 throws N9-1 wrongly: shown to all and
    # returned face down. On its turn, mouse 1 exchanges out SWAP-1 and swaps N9-1 to 2.0 in plain sight.
    state = rig(3, {0: ["N1-1", "N2-1", "N3-1"], 1: ["N4-1", "N9-1", "SWAP-1"], 2: ["N5-1", "N6-1", "N7-1"]},
                draws=["N8-1", "N8-2", "N8-3"], memory_aid=memory)
    play(state, 0, "exchange 0")
    play(state, 1, "throw 1")
    everyone_passes_but(state)
    assert slot_view(state, None, 1, 1)["card"] == "N9-1" and not slot_view(state, None, 1, 1)["face_up"]
    play(state, 1, "exchange 2")
    play(state, 1, "swap 1.1 2.0")
    # memory_aid follow: everyone watched the swap, the spectator too; slot: knowledge stays behind (§9).
    assert slot_view(state, None, 2, 0)["card"] == ("N9-1" if memory == "follow" else None)
    assert slot_view(state, 2, 2, 0)["card"] == slot_view(state, None, 2, 0)["card"]


def test_a_state_without_the_shown_mark_still_opens_and_tells_the_spectator_less():
    """Tokens sealed before the mark existed: valid, the same to every seat, hiding the card from the spectator."""
    state = rig(3, {0: ["N1-1", "N2-1", "N3-1"], 1: ["N4-1", "N9-1", "SWAP-1"]}, draws=["N8-1", "N8-2"])
    play(state, 0, "exchange 0")
    play(state, 1, "throw 1")
    old = bytearray(state)
    card = CARDS.index["N9-1"]
    assert old[KNOWS + card] & SHOWN
    old[KNOWS + card] &= ~SHOWN
    kodiak.validate(old)
    assert kodiak.decode(kodiak.encode(old)) == old
    for seat in range(3):
        assert kodiak.view(old, seat) == kodiak.view(state, seat)
    assert slot_view(old, None, 1, 1)["card"] is None and slot_view(state, None, 1, 1)["card"] == "N9-1"


def test_a_shown_mark_without_every_seat_knowing_is_a_bad_state():
    state = both_seats_looked_alone()
    state[KNOWS + CARDS.index["N2-1"]] = SHOWN | 0b01
    with pytest.raises(engines.BadState, match="shown to the whole table"):
        kodiak.validate(state)
