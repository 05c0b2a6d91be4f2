"""The wager kinds each game offers, by the ids used in paytables, limits, meters and the PAR sheet.

One list per game, in layout order. The rule engines, ``[limits]`` overrides in ``kiosk.cfg`` and the
meters per wager type all name wagers by these ids.
"""

from __future__ import annotations

ROULETTE_WAGERS: tuple[str, ...] = (
    "straight", "split", "street", "corner", "first_five", "line", "column", "dozen",
    "red", "black", "odd", "even", "low", "high", "five_adjacent", "touchdown",
)  # fmt: skip

_POINTS = (4, 5, 6, 8, 9, 10)
_HOPS = (
    (2, 2), (3, 3), (4, 4), (5, 5),
    (1, 3), (1, 4), (2, 3), (1, 5), (2, 4), (1, 6), (2, 5), (3, 4), (2, 6), (3, 5), (3, 6), (4, 5), (4, 6),
)  # fmt: skip

CRAPS_WAGERS: tuple[str, ...] = (
    "pass", "dont_pass", "come", "dont_come",
    *(f"place_{n}" for n in _POINTS),
    *(f"place_lose_{n}" for n in _POINTS),
    *(f"buy_{n}" for n in _POINTS),
    *(f"lay_{n}" for n in _POINTS),
    "hard_4", "hard_6", "hard_8", "hard_10", "field", "any_seven", "any_craps",
    "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn", "horn_high", "whirl",
    *(f"hop_{a}_{b}" for a, b in _HOPS),
    "six_seven_eight", "fire", "all_small", "all_tall", "all_or_nothing", "lucky_shooter",
)  # fmt: skip

GAMES: dict[str, tuple[str, ...]] = {"roulette": ROULETTE_WAGERS, "craps": CRAPS_WAGERS}
ALL_WAGERS: frozenset[str] = frozenset(ROULETTE_WAGERS) | frozenset(CRAPS_WAGERS)
