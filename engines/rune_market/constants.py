"""Rune Market numbers shared by the compiled rules and the Python around them.

rules.py copies these into C constants (compiled, its declared names are not
visible from Python), so game.py, the views and the checks read them here.
"""
from .state import MAX_SEATS, N_CARDS

NONE = 255
N_NUMBERS = 30      # number cards 0..29: number = card // 3 + 1
THIEF0 = 30         # thieves 30..35
HALL_RED0 = 36      # red main storages 36..39
HALL_BLUE0 = 40     # blue main storages 40..43
PUBLIC = 64         # `known` bit: shown to everyone in a duel defence
HAND_SIZE = 3       # the refill fills up to this (D25)
CARDS_MIN = 21      # number cards for an outpost, a collector or a ransom (§2.2, D11)
RUNE_SUMS = (5, 10, 15)

PHASES = ("interest", "market", "hand", "defend", "steal", "finished")
INTEREST, MARKET, HAND, DEFEND, STEAL, FINISHED = range(6)

KINDS = ("interest", "nointerest", "abandon", "buy", "free3", "neutralize", "store", "rune", "buycards",
         "ransom", "duel", "defend", "concede", "thief", "storage", "double", "steal", "nosteal", "end")
(K_INTEREST, K_NOINTEREST, K_ABANDON, K_BUY, K_FREE3, K_NEUTRALIZE, K_STORE, K_RUNE, K_BUYCARDS, K_RANSOM,
 K_DUEL, K_DEFEND, K_CONCEDE, K_THIEF, K_STORAGE, K_DOUBLE, K_STEAL, K_NOSTEAL, K_END) = range(19)
N_KINDS = len(KINDS)

OUTPOST, COLLECTOR = 0, 1   # items
W_HAND, W_NONE = 2, 3       # what a theft takes (0 and 1: a rune of that colour)

REASONS = ("ok", "game_over", "not_legal")
OK, R_GAME_OVER, R_NOT_LEGAL = range(3)

EVENTS = ("plundered", "store_abandoned", "interest", "bought", "collector_placed", "collector_removed",
          "rune_bought", "duel", "defended", "conceded", "stolen", "storage_played", "refilled",
          "reshuffled", "game_end", "stored", "thief", "double", "no_interest", "no_steal", "turn",
          "rune_stolen", "lot_drawn")
