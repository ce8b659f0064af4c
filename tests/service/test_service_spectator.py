"""A spectator (a call without a key) is told only what the whole table was shown, over REST.

Kodiak once showed the spectator a face-down card because every seat had looked at it alone
(tests/kodiak/test_kodiak_spectator.py has the engine-level checks).
"""
from __future__ import annotations

# Seat 0 (Kodiak) holds N2-1 at 0.0 (the initial look), swaps it to 1.0 with SWAP-1, and seat 1 looks
# at 1.0 with EYE-1: both seats know N2-1 there, each from its own private look (§9).
DECK = "N1-1,N2-1,EYE-1,SWAP-1,N1-2,N2-2,N3-1,N4-1"
MOVES = [(0, "exchange 1"), (0, "swap 0.0 1.0"), (0, "pass"), (1, "pass"), (1, "exchange 1"), (1, "lookown 0")]


def card_at(view: dict, position: str):
    """The card id the view shows at a table position (None when face down and unknown)."""
    for seat in view["kodiak"]["seats"]:
        for slot in seat["slots"]:
            if slot["position"] == position:
                return slot.get("card")
    raise AssertionError(f"no slot {position} in the view")


def test_rest_view_without_a_key_hides_a_card_only_seats_looked_at(http):
    r = http.post("/v1/games/kodiak:new",
                  json={"seats": [{}, {}], "seed": "1", "options": {"deck": DECK}, "access": "seats"})
    assert r.status_code == 200, r.text
    game = r.json()
    state, keys = game["state"], [s["key"] for s in game["seats"]]
    for seat, text in MOVES:
        r = http.post("/v1/apply", json={"state": state, "move": {"seat": seat, "text": text}},
                      headers={"authorization": f"Bearer {keys[seat]}"})
        assert r.status_code == 200, r.text
        state = r.json()["state"]
    for seat in (0, 1):
        r = http.post("/v1/view", json={"state": state, "seat": seat},
                      headers={"authorization": f"Bearer {keys[seat]}"})
        assert r.status_code == 200, r.text
        assert card_at(r.json()["view"], "1.0") == "N2-1"
    r = http.post("/v1/view", json={"state": state})
    assert r.status_code == 200, r.text
    spectator = r.json()["view"]
    assert card_at(spectator, "1.0") is None
    assert "N2-1" not in r.text
