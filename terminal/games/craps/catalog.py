"""The craps wager ids, in layout order: the ids of paytables, ``[limits]`` keys, meters and the PAR sheet."""

from __future__ import annotations

_POINTS = (4, 5, 6, 8, 9, 10)
_HOPS = (
    (2, 2), (3, 3), (4, 4), (5, 5),
    (1, 3), (1, 4), (2, 3), (1, 5), (2, 4), (1, 6), (2, 5), (3, 4), (2, 6), (3, 5), (3, 6), (4, 5), (4, 6),
)  # fmt: skip

WAGERS: tuple[str, ...] = (
    "pass", "dont_pass", "come", "dont_come",
    *(f"place_{n}" for n in _POINTS),
    *(f"place_lose_{n}" for n in _POINTS),
    *(f"buy_{n}" for n in _POINTS),
    *(f"lay_{n}" for n in _POINTS),
    "hard_4", "hard_6", "hard_8", "hard_10", "field", "any_seven", "any_craps",
    "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn", "horn_high", "whirl",
    *(f"hop_{a}_{b}" for a, b in _HOPS),
    "six_seven_eight", "fire", "all_small", "all_tall", "all_or_nothing", "lucky_shooter",
    "hot_roller",
)  # fmt: skip
