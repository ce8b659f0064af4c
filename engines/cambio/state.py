"""Cambio's state layout: declared once, read by the rules, game.py, validation and tests.

The state is one bytearray laid out by `STATE` (engines.core.layout), followed by the
round history: 2 bytes (signed, little-endian) per seat for every finished round.
Its offsets are generated into offsets.pxd (C constants the compiled modules star-cimport)
and offsets.py (`python -m engines.core.offsets cambio`); everything else reads fields by name.

Cards are numbers 0..75 in the spec's standard order (shared/rules/cambio.md §1; declarations.py loads them).
A table position is seat `s`, slot `k`; inside the rules it is packed as `s * 256 + k`.
"""
from __future__ import annotations

from ..core.layout import Field, Layout

MAX_SEATS = 8
DECK_SIZE = 76
SLOT_CAP = 96        # slots per seat: 0-3 dealt, 4.. penalty cards (see rules_apply.new_slot)
NONE = 255           # "no card / no seat / no pick / off" in a one-byte field

STATE = Layout("cambio", [
    Field("rng", 8),                    # SplitMix64 state (engines/core/rng.py)
    Field("players"),
    Field("target_score"),
    Field("cambio_max"),                # NONE: off
    Field("caller_tie"),                # 0 fails, 1 wins
    Field("memory_aid"),                # declarations.MEMORY
    Field("max_turns", width=2),
    Field("round", width=2),            # from 1
    Field("dealer"),
    Field("active"),                    # the seat whose turn it is
    Field("phase"),                     # declarations.PHASES
    Field("caller"),                    # NONE: no Cambio call this round
    Field("frozen"),                    # discard pile frozen for this turn start
    Field("turns", width=2),            # turns played in the game (safety cap)
    Field("moves", width=4),            # moves applied (the version counter)
    Field("held"),                      # the held card, NONE when none
    Field("held_source"),               # declarations.SOURCES
    Field("action"),                    # pending action, index in ACTIONS
    Field("steps_left"),                # action steps left
    Field("window_rune"),               # snap window: the rune to match
    Field("claimant"),                  # snap window: NONE before a correct snap
    Field("passed"),                    # snap window: seat bitmask
    Field("give_seat"),                 # pending give: the seat whose slot is empty, NONE when none
    Field("give_slot"),
    Field("successes"),                 # correct snaps in the window (saturates at 255)
    Field("deck_count"),
    Field("pile_count"),
    Field("ended"),                     # declarations.ENDINGS
    Field("card_count", MAX_SEATS),     # cards on the table per seat
    Field("slots_used", MAX_SEATS),     # per seat: slot numbers below this have been used
    Field("picked", MAX_SEATS),         # blue king: the slot each seat's pick names, NONE when not picked yet
    Field("totals", MAX_SEATS, width=4, signed=True),
    Field("deck", DECK_SIZE),          # main deck, bottom first: the top is deck[deck_count - 1]
    Field("pile", DECK_SIZE),          # discard pile, bottom first
    Field("knows", DECK_SIZE),         # per card: bitmask of the seats that have legitimately seen it
    Field("slots", MAX_SEATS * SLOT_CAP),  # seat s's slot k at s * SLOT_CAP + k: a card or NONE
])
HISTORY = STATE.size  # the round history starts here
