"""Building Rune Market positions for the spec's test cases: every change keeps the state valid.

Runes, outposts and collectors come from the market (and go back to it); cards are
taken from wherever they lie and the replaced ones go to the bottom of the deck, so
`validate` accepts every position built here.
"""
from __future__ import annotations

import engines
from engines.rune_market import declarations as K
from engines.rune_market.declarations import CARD_INDEX
from engines.rune_market.state import SEAT, STATE

GAME = engines.get("rune_market")
AT, SEAT_AT = STATE.at, SEAT.at
RED, BLUE = 0, 1


def new(players: int = 4, deck: str = "", **options) -> bytearray:
    opts = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()}
    if deck:
        opts["deck"] = deck
    return GAME.new(players, opts, 1)


def seat_at(seat: int) -> int:
    return AT.seats + seat * SEAT.size


def _take_card(state: bytearray, card: int) -> None:
    """Remove `card` from the deck, the pile, a hand or a main storage."""
    top, end = state[AT.deck_top], state[AT.deck_end]
    deck = list(state[AT.deck + top:AT.deck + end])
    if card in deck:
        deck.remove(card)
        state[AT.deck:AT.deck + 44] = bytes(deck + [0] * (44 - len(deck)))
        state[AT.deck_top], state[AT.deck_end] = 0, len(deck)
        return
    pile = list(state[AT.pile:AT.pile + state[AT.pile_count]])
    if card in pile:
        pile.remove(card)
        state[AT.pile:AT.pile + 44] = bytes(pile + [0] * (44 - len(pile)))
        state[AT.pile_count] = len(pile)
        return
    for s in range(state[AT.players]):
        p = seat_at(s)
        hand = list(state[p + SEAT_AT.hand:p + SEAT_AT.hand + state[p + SEAT_AT.hand_count]])
        if card in hand:
            hand.remove(card)
            _write_hand(state, s, hand)
            return
        for c in range(2):
            if state[p + SEAT_AT.main + c] == card:
                state[p + SEAT_AT.main + c] = K.NONE
                return
    raise AssertionError(f"card {card} not found")


def _write_hand(state: bytearray, seat: int, cards: list[int]) -> None:
    p = seat_at(seat)
    cards = sorted(cards)
    state[p + SEAT_AT.hand:p + SEAT_AT.hand + 44] = bytes(cards + [0] * (44 - len(cards)))
    state[p + SEAT_AT.hand_count] = len(cards)
    for c in cards:
        state[AT.known + c] = 0


def _to_deck_bottom(state: bytearray, card: int) -> None:
    deck = list(state[AT.deck + state[AT.deck_top]:AT.deck + state[AT.deck_end]]) + [card]
    state[AT.deck:AT.deck + 44] = bytes(deck + [0] * (44 - len(deck)))
    state[AT.deck_top], state[AT.deck_end] = 0, len(deck)


def hand(state: bytearray, seat: int, *ids: str) -> None:
    """Give `seat` exactly these cards (its old ones go to the bottom of the deck)."""
    p = seat_at(seat)
    old = list(state[p + SEAT_AT.hand:p + SEAT_AT.hand + state[p + SEAT_AT.hand_count]])
    _write_hand(state, seat, [])
    for card in old:
        _to_deck_bottom(state, card)
    cards = [CARD_INDEX[i] for i in ids]
    for card in cards:
        _take_card(state, card)
    _write_hand(state, seat, cards)


def market_runes(state: bytearray, c: int, n: int) -> None:
    assert state[AT.market + c] >= n, "the market has not that many runes"
    state[AT.market + c] -= n


def loose(state: bytearray, seat: int, c: int, n: int) -> None:
    market_runes(state, c, n)
    state[seat_at(seat) + SEAT_AT.loose + c] += n


def store(state: bytearray, seat: int, c: int, main: str | None = None, outpost: bool = False,
          runes: int = 0) -> None:
    """A real store of colour c: a main storage card (its id) and/or an outpost, with runes."""
    p = seat_at(seat)
    if main:
        _take_card(state, CARD_INDEX[main])
        state[p + SEAT_AT.main + c] = CARD_INDEX[main]
    if outpost:
        state[AT.market + 2] -= 1
        state[p + SEAT_AT.outpost + c] = 1
    market_runes(state, c, runes)
    state[p + SEAT_AT.runes + c] += runes


def collector(state: bytearray, seat: int, c: int, owner: int) -> None:
    """`owner`'s collector on seat's store c (an outpost there goes back to the market)."""
    p = seat_at(seat)
    state[AT.market + 3] -= 1
    state[p + SEAT_AT.collector + c] = owner
    if state[p + SEAT_AT.outpost + c]:
        state[p + SEAT_AT.outpost + c] = 0
        state[AT.market + 2] += 1


def turn_of(state: bytearray, seat: int, phase: str | None = None) -> bytearray:
    """Make it `seat`'s turn at the interest or market phase (as the turn start would), checked."""
    state[AT.active_seat] = seat
    if phase is None:
        p = seat_at(seat)
        due = any((state[p + SEAT_AT.main + c] != K.NONE or state[p + SEAT_AT.outpost + c])
                  and state[p + SEAT_AT.collector + c] == K.NONE and state[p + SEAT_AT.runes + c]
                  for c in range(2))
        phase = "interest" if due else "market"
    state[AT.phase] = K.PHASES.index(phase)
    GAME.validate(state)
    return state


def play(state: bytearray, seat: int, text: str) -> list:
    """Apply a text move in place; the events."""
    events: list = []
    GAME.apply_in_place(state, GAME.parse_move(state, seat, text), events)
    return events


def refused(state: bytearray, seat: int, text: str) -> engines.IllegalMove:
    """The refusal of a move (the state must not change)."""
    before = bytes(state)
    try:
        GAME.parse_move(state, seat, text)
    except engines.IllegalMove as error:
        assert bytes(state) == before
        return error
    raise AssertionError(f"{text!r} by seat {seat} was accepted")


def pass_turn(state: bytearray) -> None:
    """The active seat declines interest, plays a main storage as a double theft and steals nothing
    (or duels with a number card, or plays a thief on a hand card) and ends; no rune moves."""
    seat = state[AT.active_seat]
    texts = lambda: [i.text for i in GAME.describe_moves(state)]
    if "nointerest" in texts():
        play(state, seat, "nointerest")
    doubles = [t for t in texts() if t.startswith("double")]
    duels = [t for t in texts() if t.startswith("duel")]
    others = [t for t in texts() if t.startswith("storage") or t.startswith("thief") and not "rune" in t]
    if state[seat_at(seat) + SEAT_AT.hand_count] == 0:
        pass
    elif doubles:
        play(state, seat, doubles[0])
        play(state, seat, "nosteal")
    elif duels:
        play(state, seat, duels[0])
        defender = GAME.to_act(state)[0]
        play(state, defender, [i.text for i in GAME.describe_moves(state)][0])
        if state[AT.phase] == K.PHASES.index("steal"):
            play(state, seat, "nosteal")
    else:
        play(state, seat, others[0])
    play(state, seat, "end")


def seat_view(state: bytearray, seat: int, viewer: int | None = None) -> dict:
    return GAME.view(state, viewer)["seats"][seat]
