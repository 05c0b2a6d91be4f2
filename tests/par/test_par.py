"""PAR figures by independent routes: textbook roulette edges; Markov chain and brute force for Touchdown."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from terminal.games.roulette.par import roulette_rows
from terminal.games.roulette.par_touchdown import band_counts, touchdown_rows
from terminal.games.roulette.touchdown import DEFAULT_YARDS
from tests.support.roulette_model import DOUBLE_ORDER, RED, house_edge

WHEELS = ("double_zero", "single_zero", "double_as_single")
# GAMES.md § 1.3, "X to 1" multiples per band, paytables A to D.
TOUCHDOWN_PAYS = {
    "A": (1000, 150, 75, 50, 25, 10, 5, 1),
    "B": (500, 250, 75, 50, 25, 10, 5, 1),
    "C": (1000, 200, 75, 50, 25, 10, 5, 1),
    "D": (500, 200, 100, 50, 25, 10, 5, 1),
}


@pytest.mark.parametrize("wheel", WHEELS)
def test_roulette_edges_are_the_textbook_figures(wheel: str) -> None:
    rows = roulette_rows(wheel)
    kinds = [r.wager for r in rows]
    assert ("first_five" in kinds) == (wheel == "double_zero")
    assert len(kinds) == (15 if wheel == "double_zero" else 14)
    for row in rows:
        assert row.house_edge == house_edge(row.wager, wheel), row.wager
        assert row.paytable == "standard" and row.game == "roulette"


def test_roulette_true_odds_text() -> None:
    rows = {r.wager: r for r in roulette_rows("double_zero")}
    assert (rows["straight"].true_odds, rows["straight"].payout) == ("37 to 1", "35 to 1")
    assert (rows["first_five"].true_odds, rows["red"].true_odds) == ("33 to 5", "10 to 9")
    assert {r.true_odds for r in roulette_rows("double_as_single") if r.wager == "straight"} == {"36 to 1"}


def _move(pocket: int) -> int:
    """Signed yards toward red, from GAMES.md § 1.3 (independent of the engine's yard map)."""
    if pocket in (0, 37):
        return 0
    yards = 3 if pocket <= 10 else 5 if pocket <= 20 else 10 if pocket <= 30 else 15
    return yards if pocket in RED else -yards


def _band_index(ball: int) -> int:
    """0 touchdown, 1..5 the yard-line bands 1-10 .. 41-49, 6 tie, 7 losing, via the yard line itself."""
    if ball >= 50:
        return 0
    if ball < 0:
        return 7
    line = 50 - ball
    return 6 if line == 50 else min((line - 1) // 10, 4) + 1


def _markov(team_sign: int) -> list[Fraction]:
    """Distribution over bands: the ball's position as a Markov chain, four steps, absorbing goal lines."""
    dist = {0: Fraction(1)}
    for _ in range(4):
        nxt: Counter[int] = Counter()
        for ball, p in dist.items():
            for pocket in DOUBLE_ORDER:
                to = ball if abs(ball) >= 50 else max(-50, min(50, ball + _move(pocket)))
                nxt[to] += p / 38
        dist = dict(nxt)
    out = [Fraction(0)] * 8
    for ball, p in dist.items():
        out[_band_index(team_sign * ball)] += p
    return out


@pytest.mark.parametrize("team", ["red", "black"])
def test_touchdown_enumeration_matches_the_markov_chain(team: str) -> None:
    counts = band_counts(team)
    enumerated = [Fraction(c, 38**4) for c in counts.values()]
    assert enumerated == _markov(1 if team == "red" else -1)


def test_touchdown_enumeration_matches_brute_force_over_all_38_to_the_4() -> None:
    """Every one of the 38**4 sequences of four downs played out, as arrays: after k downs ``ball`` holds
    the ball of each of the 38**k sequences (a ball past a goal line stays there)."""
    moves = np.array([_move(p) for p in DOUBLE_ORDER])
    ball = np.zeros(1, dtype=np.int64)
    for _ in range(4):
        ahead = np.clip(ball[:, None] + moves[None, :], -50, 50)
        ball = np.where(np.abs(ball)[:, None] < 50, ahead, ball[:, None]).ravel()
    assert len(ball) == 38**4
    tally = [0] * 8
    for where, count in zip(*np.unique(ball, return_counts=True), strict=True):
        tally[_band_index(int(where))] += int(count)
    assert tally == list(band_counts("red").values())


def test_touchdown_house_edges_per_paytable() -> None:
    bands = _markov(1)
    rows = {r.paytable: r for r in touchdown_rows(("A", "B", "C", "D"))}
    for name, pays in TOUCHDOWN_PAYS.items():
        expected = 1 - Fraction(2, 38) * sum(p * (n + 1) for p, n in zip(bands, pays, strict=True))
        assert rows[name].house_edge == expected
        assert rows[name].payout == f"{pays[0]:,} to 1"
    # sanity range only (no published figure at hand): each table keeps 5% to 11% of action
    assert all(Fraction(5, 100) < r.house_edge < Fraction(11, 100) for r in rows.values())


def test_an_uneven_yard_map_gives_a_row_per_team() -> None:
    yards = (0, 50, *DEFAULT_YARDS[2:])  # only red 1 is special
    rows = touchdown_rows(("A",), yards)
    assert [r.note.rsplit(" ", 1)[-1] for r in rows] == ["red", "black"]
    assert rows[0].house_edge != rows[1].house_edge
