"""Exact house edge of Touchdown Roulette under each paytable, by enumerating every sequence of four downs.

The 38**4 down sequences are enumerated grouped by how each pocket moves the ball (same colour and yards,
same move), each group weighted by its pocket count: the exact sum over all 2,085,136 sequences, in
integers. A wager is triggered by 0 or 00 (2 in 38) and then paid by the band of its team's position.

>>> dist = band_counts("red")
>>> sum(dist.values()) == 38**4, dist["tie"] > 0
(True, True)
>>> touchdown_rows(("A",))[0].house_edge > 0
True
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from terminal.games.par_rows import ParRow, odds_text
from terminal.games.paytables import BAND_NAMES, TOUCHDOWN_BANDS, touchdown_paytable
from terminal.games.roulette.touchdown import DEFAULT_YARDS, DOWNS, GOAL, TouchdownRules, band
from terminal.games.roulette.wheels import WHEELS

POCKETS = 38
TRIGGER = Fraction(2, POCKETS)  # 0 or 00 on the spin the wager was placed for


def moves(yards: tuple[int, ...] = DEFAULT_YARDS) -> Counter[int]:
    """How many pockets of the double-zero wheel move the ball each signed distance (+ toward red)."""
    rules = TouchdownRules(touchdown_paytable("A"), yards)
    return Counter(rules.move(p) for p in WHEELS["double_zero"].order)


def band_counts(team: str, yards: tuple[int, ...] = DEFAULT_YARDS) -> dict[str, int]:
    """Of the 38**4 down sequences, how many end in each band for a seat on ``team``."""
    return dict(_band_counts(team, tuple(yards)))


@cache  # a tenth of a second, asked again at every refresh of the service screen's meters
def _band_counts(team: str, yards: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    weights = moves(yards)
    counts = dict.fromkeys(TOUCHDOWN_BANDS, 0)
    sign = 1 if team == "red" else -1
    for sequence in product(weights, repeat=DOWNS):
        ball = 0
        weight = 1
        for move in sequence:
            weight *= weights[move]
            if abs(ball) < GOAL:  # a ball on a goal line stays there
                ball = max(-GOAL, min(GOAL, ball + move))
        counts[band(sign * ball)] += weight
    return tuple(counts.items())


def touchdown_rows(paytables: tuple[str, ...], yards: tuple[int, ...] = DEFAULT_YARDS) -> list[ParRow]:
    """One row per paytable; a second row per paytable if the yard map makes the teams differ."""
    by_team = {team: band_counts(team, yards) for team in ("red", "black")}
    teams = ("red",) if by_team["red"] == by_team["black"] else ("red", "black")
    rows = []
    for name in paytables:
        table = touchdown_paytable(name)
        for team in teams:
            counts = by_team[team]
            per_game = sum(
                Fraction(counts[b], POCKETS**DOWNS) * table.payout(b).ratio for b in TOUCHDOWN_BANDS
            )
            edge = 1 - TRIGGER * per_game
            top = TRIGGER * Fraction(counts["touchdown"], POCKETS**DOWNS)
            note = f"true odds and payout of the top award ({BAND_NAMES['touchdown']}); edge over every band"
            if len(teams) > 1:
                note += f"; team {team}"
            rows.append(
                ParRow(
                    "roulette",
                    "touchdown",
                    name,
                    odds_text(top),
                    str(table.payout("touchdown")),
                    edge,
                    note=note,
                )
            )
    return rows
