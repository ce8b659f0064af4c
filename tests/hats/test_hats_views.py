"""No view leaks in Hats (spec §8): what a seat has not seen can be re-dealt without changing its view."""
import random

import engines
from engines.hats.state import STATE

hats = engines.get("hats")


def players_of(state: bytearray) -> int:
    return STATE.read(state, "players")


def hidden_cards(state: bytearray, seat: int) -> tuple[list[str], dict[int, set[str]]]:
    """A seat's hand and black hats (ids), and which of its hand cards each other seat put there."""
    view = hats.view(state, seat)
    given = {}
    for other in range(players_of(state)):
        if other != seat:
            given[other] = {k["card"] for k in hats.view(state, other)["known_cards"] if k["seat"] == seat}
    return view["hand"] + view["black_hats"], given


def strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def positions_seen(players: int, seed: int):
    """States along a seeded random game (every third move)."""
    state = hats.new(players, None, seed)
    step = 0
    while (listed := hats.legal_moves(state)):
        if step % 3 == 0:
            yield bytearray(state)
        hats.apply_in_place(state, listed[(seed * 31 + step * 17) % len(listed)])
        step += 1


def test_redealing_unseen_cards_leaves_each_view_unchanged():
    rnd = random.Random(5)
    checked = 0
    for seed in range(60):
        for state in positions_seen(2 + seed % 3, seed):
            for seat in range(players_of(state)):
                other = hats.redeal_unseen(state, seat, rnd.shuffle)
                assert hats.view(other, seat) == hats.view(state, seat), (seed, seat)
                checked += other != state
    assert checked > 500  # the re-deal really moved cards


def test_hidden_cards_appear_only_in_their_owners_view():
    for seed in range(40):
        for state in positions_seen(2 + seed % 3, seed):
            players = players_of(state)
            spectator = strings(hats.view(state, None))
            for seat in range(players):
                cards, given = hidden_cards(state, seat)
                secret = set(cards)
                assert secret <= strings(hats.view(state, seat))
                assert not secret & spectator
                for other in range(players):
                    if other != seat:
                        assert secret & strings(hats.view(state, other)) == given[other]


def test_describe_moves_matches_move_info_for_every_listed_move():
    for seed in range(30):
        for state in positions_seen(2 + seed % 3, seed):
            codes = hats.legal_moves(state)
            assert hats.describe_moves(state) == [hats.move_info(state, c) for c in codes]
