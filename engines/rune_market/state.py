"""The Rune Market state layout, declared once (spec §3: stores, loose runes; §4: the turn).

Deck cards are 0..43 in the standard order of the spec (§1.2): number cards 0..29
(number = card // 3 + 1, copy letter a-c = card % 3), thieves 30..35, red main
storages 36..39, blue main storages 40..43; 255 marks "none". Market cards are
counted, never named. Colours: 0 red, 1 blue. `python -m engines.core.offsets`
generates offsets.pxd (C constants for the compiled rules) and offsets.py from it.
"""
from ..core.layout import Block, Field, Layout

N_CARDS = 44
MAX_SEATS = 5

SEAT = Layout("rune_market_seat", [
    Field("hand_count"),
    Field("hand", N_CARDS),      # always in standard order (the order a random theft indexes, D12)
    Field("loose", 2),           # loose red, loose blue runes
    Field("main", 2),            # per colour: the main-storage card, or none
    Field("outpost", 2),         # per colour: 1 when an outpost of that colour is on this table
    Field("runes", 2),           # per colour: runes inside the store (protected, frozen when occupied)
    Field("collector", 2),       # per colour: the seat whose collector occupies the store, or none
])

STATE = Layout("rune_market", [
    Field("players"),
    Field("start_seat"),
    Field("active_seat"),
    Field("phase"),              # interest, market, hand, defend, steal, finished
    Field("protects"),           # option storage_protects (1 = true)
    Field("lot_option"),         # option tiebreak_iv (1 = lot)
    Field("max_rounds"),
    Field("price"),              # runes for an outpost or a collector at this seat count (§2.2)
    Field("move_count", width=4),
    Field("turns", width=2),     # turns completed (the safety cap, §7)
    Field("rng", 8),             # the generator's state (engines/core/rng.py)
    Field("market", 4),          # red runes, blue runes, outposts, collectors
    Field("hand_played"),        # a hand card was played this turn
    Field("bought"),             # the one rune-priced purchase was made this turn
    Field("dueled"),             # bit s: seat s was dueled this turn
    Field("steals"),             # steals left in phase steal
    Field("steal_from"),         # the duel loser, or none (a double theft: any other seat)
    Field("defender"),           # phase defend: the defender
    Field("attack"),             # phase defend: the attack card (out of the attacker's hand)
    Field("end_reason"),         # once finished: 0 the market ran out of runes, 1 the round cap
    Field("lot"),                # once finished with tiebreak_iv=lot and a tie after step III: the winner
    Field("deck_top"),           # index in `deck` of the top card
    Field("deck_end"),
    Field("deck", N_CARDS),
    Field("pile_count"),
    Field("pile", N_CARDS),      # the face-up discard pile, bottom first
    Field("known", N_CARDS),     # per card in a hand: bit s = seat s knows it is there; bit 6 = shown to all
    Block("seats", SEAT, MAX_SEATS),
])
