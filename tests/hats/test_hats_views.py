"""No view leaks in Hats (spec §8): what a seat has not seen can be re-dealt without changing its view."""
import random

import engines
from engines.hats import rules
from engines.hats.game import card_id

L = rules.LAYOUT
hats = engines.get("hats")


def unseen_positions(state: bytearray, seat: int) -> list[int]:
    """Byte offsets of every card `seat` may not know: deck, others' discards, others' hidden cards."""
    positions = list(range(L["DECK"] + state[L["DECK_POS"]], L["DECK"] + state[L["DECK_END"]]))
    positions += [L["PILE"] + i for i in range(state[L["PILE_N"]]) if state[L["PILE_BY"] + i] != seat]
    for other in range(state[L["PLAYERS"]]):
        if other == seat:
            continue
        base = L["SEATS"] + other * L["SEAT_SIZE"]
        positions += [base + L["HAND"] + i for i in range(state[base + L["HAND_N"]])
                      if state[L["GIVEN_BY"] + state[base + L["HAND"] + i]] != seat + 1]
        positions += [base + L["BLACK"] + i for i in range(state[base + L["BLACK_N"]])]
    if state[L["OFFER"]] != rules.NO_CARD and state[L["ACTIVE"]] != seat:
        positions.append(L["OFFER"])
    return positions


def redeal_unseen(state: bytearray, seat: int, rnd: random.Random) -> bytearray:
    """Permute the cards `seat` has not seen among their places (partner-exchange marks stay with the place)."""
    new = bytearray(state)
    positions = unseen_positions(state, seat)
    cards = [state[p] for p in positions]
    marks = [state[L["GIVEN_BY"] + c] for c in cards]
    order = list(range(len(cards)))
    rnd.shuffle(order)
    for p, i, mark in zip(positions, order, marks):
        new[p] = cards[i]
        new[L["GIVEN_BY"] + cards[i]] = mark
    hats.validate(new)
    return new


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
            for seat in range(state[L["PLAYERS"]]):
                other = redeal_unseen(state, seat, rnd)
                assert hats.view(other, seat) == hats.view(state, seat), (seed, seat)
                checked += other != state
    assert checked > 500  # the re-deal really moved cards


def test_hidden_cards_appear_only_in_their_owners_view():
    for seed in range(40):
        for state in positions_seen(2 + seed % 3, seed):
            players = state[L["PLAYERS"]]
            spectator = strings(hats.view(state, None))
            for seat in range(players):
                hand, _, black, _, _ = rules.seat_cards(state, seat)
                secret = {card_id(c) for c in hand + black}
                assert secret <= strings(hats.view(state, seat))
                assert not secret & spectator
                for other in range(players):
                    if other != seat:
                        known = {card_id(c) for c in hand if rules.given_by(state, c) == other}
                        assert secret & strings(hats.view(state, other)) == known


def test_describe_moves_matches_move_info_for_every_listed_move():
    for seed in range(30):
        for state in positions_seen(2 + seed % 3, seed):
            codes = hats.legal_moves(state)
            assert hats.describe_moves(state) == [hats.move_info(state, c) for c in codes]
