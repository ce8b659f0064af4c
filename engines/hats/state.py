"""The Hats state layout, declared once (spec §9 lists what a state holds).

Cards are 0..41 (type = card // 6 in R, O, Y, G, B, P, W; number = card % 6 + 1);
255 marks "none". The compiled rules copy these offsets into C constants. The
rules keep every cell outside a field's `live` cells 0, so encoded states carry
only the live ones (engines/core/compact.py; tests/hats/test_hats_canonical.py),
and a live card (never "none") in 6 bits, a pile card's seat in 2.
"""
from ..core.layout import Block, Field, Layout

HAND_MAX = 9   # cards dealt to each seat
PLAYED_MAX = 8  # main actions per seat; the ninth card becomes the favourite hat
N_CARDS = 42
CARD_BITS = 6  # a card 0..41

SEAT = Layout("hats_seat", [
    Field("hand_count"),
    Field("hand", HAND_MAX, live="hand_count", bits=CARD_BITS),  # in hand order
    Field("collection_count"),
    Field("collection", PLAYED_MAX, live="collection_count", bits=CARD_BITS),  # face-up collection, in acquisition order
    Field("black_hat_count"),
    Field("black_hats", PLAYED_MAX, live="black_hat_count", bits=CARD_BITS),  # in the order played
    Field("played"),                          # main actions made
    Field("favourite"),                       # the last hand card once finished, else none
])

STATE = Layout("hats", [
    Field("players"),
    Field("phase"),                           # main, after, partner, finished
    Field("active_seat"),
    Field("optional_used"),
    Field("offered_card"),                    # card set aside by `offer`, or none
    Field("offer_phase"),                     # the phase the offer was made in
    Field("cookie_holder"),                   # seat, or none
    Field("removed_types", 2),                # two types out (2 players), else none
    Field("start_seat"),
    Field("tiebreak"),                        # 0 standard, 1 cookie_only
    Field("spaces"),                          # table spaces: 5 or 6
    Field("move_count", width=2),
    Field("rng", 8),                          # the generator's state (engines/core/rng.py)
    Field("table", 6),                        # space 1 first
    Field("deck_top"),                        # index in `deck` of the top card
    Field("deck_end"),
    Field("deck", N_CARDS, live=("deck_top", "deck_end"), bits=CARD_BITS),
    Field("pile_count"),
    Field("pile", N_CARDS, live="pile_count", bits=CARD_BITS),  # discard pile, first discarded first
    Field("pile_discarded_by", N_CARDS, live="pile_count", bits=2),  # the seat that discarded each pile card
    Block("seats", SEAT, 4),
    Field("given_by", N_CARDS),               # per card: 1 + the seat that put it into its holder's hand, else 0
])
