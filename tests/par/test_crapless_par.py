"""Crapless Craps PAR (GAMES.md §6.4): every edge reproduced to the fraction by a calculation of its own.

The engine solves the multi-roll wagers as Markov chains over sets (``terminal.games.markov``). This test
does not: it counts the 36 dice itself and uses inclusion–exclusion over the sets of totals (the chance
that nothing outside a set U happens before the terminating event is a race of two rates, in closed
form), then Möbius inversion for "exactly this set". The figures GAMES.md prints are checked against
this test's own fractions, and the engine's rows must equal them exactly.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from terminal.games.crapless.par import crapless_par_rows
from terminal.games.crapless.rules import CraplessRules

DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]
PR = {t: Fraction(sum(1 for a, b in DICE if a + b == t), 36) for t in range(2, 13)}
NUMBERS = [t for t in range(2, 13) if t != 7]
SEVEN = PR[7]


def before_seven(n: int) -> Fraction:
    return PR[n] / (PR[n] + SEVEN)


def subsets(items: list[int]) -> list[frozenset[int]]:
    return [frozenset(c) for k in range(len(items) + 1) for c in combinations(items, k)]


def exactly(universe: list[int], rate: dict[int, Fraction], stop: Fraction) -> dict[frozenset[int], Fraction]:
    """P(the set of events seen before ``stop`` is exactly S), events of ``rate`` racing a stop of ``stop``.

    P(seen ⊆ U) = stop / (stop + Σ rate outside U); exactly S by Möbius inversion over U ⊆ S.
    """
    total = sum(rate.values(), Fraction(0))
    within = {u: stop / (stop + total - sum((rate[x] for x in u), Fraction(0))) for u in subsets(universe)}
    return {s: sum(((-1) ** (len(s) - len(u)) * within[u] for u in subsets(sorted(s))), Fraction(0))
            for s in subsets(universe)}  # fmt: skip


def pct(value: Fraction) -> float:
    return round(float(value * 100), 2)


@pytest.fixture(scope="module")
def rows() -> dict[str, Fraction]:
    found = {}
    for row in crapless_par_rows(CraplessRules(hard_rockn_offered=True)):
        key = row.wager if row.wager != "horn_high" else f"horn_high:{row.note[-7:]}"
        found[key] = row.house_edge
    return found


def test_the_pass_line_has_no_craps_and_ten_points(rows: dict[str, Fraction]) -> None:
    win = SEVEN + sum((PR[n] * before_seven(n) for n in NUMBERS), Fraction(0))
    edge = 1 - 2 * win
    assert pct(edge) == 5.38 and rows["pass"] == rows["come"] == edge
    # with full 1-2-3-4-5x odds every odds win pays six flats; the odds are fair, so only the action grows
    multiple = {2: 1, 12: 1, 3: 2, 11: 2, 4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
    for n in NUMBERS:  # "every odds win pays six times the flat"
        odds_pays = {2: 6, 3: 3, 4: 2, 5: Fraction(3, 2), 6: Fraction(6, 5)}[min(n, 14 - n)]
        assert multiple[n] * odds_pays == 6
    action = 1 + sum((PR[n] * multiple[n] for n in NUMBERS), Fraction(0))
    assert pct(edge / action) == 1.33


@pytest.mark.parametrize(
    ("numbers", "put", "place", "buy"),
    [((2, 12), 71.43, 7.14, 0.71), ((3, 11), 50.00, 6.25, 1.25), ((4, 10), 33.33, 6.67, 1.67),
     ((5, 9), 20.00, 4.00, 2.00), ((6, 8), 9.09, 1.52, 2.27)],
)  # fmt: skip
def test_put_place_and_buy(rows: dict[str, Fraction], numbers: tuple[int, int], put: float, place: float,
                           buy: float) -> None:  # fmt: skip
    place_pays = {
        2: Fraction(11, 2),
        3: Fraction(11, 4),
        4: Fraction(9, 5),
        5: Fraction(7, 5),
        6: Fraction(7, 6),
    }
    true_odds = {n: (SEVEN / PR[n]) for n in NUMBERS}  # fair odds: what a 7 is to the number
    for n in numbers:
        p = before_seven(n)
        put_edge = 1 - 2 * p
        place_edge = 1 - p * (1 + place_pays[min(n, 14 - n)])
        buy_edge = 1 - p * (1 + true_odds[n] - Fraction(5, 100))  # 5 % of the stake taken from the win
        assert (pct(put_edge), pct(place_edge), pct(buy_edge)) == (put, place, buy)
        assert (rows[f"put_{n}"], rows[f"place_{n}"], rows[f"buy_{n}"]) == (put_edge, place_edge, buy_edge)


def test_hardways_and_one_roll_wagers(rows: dict[str, Fraction]) -> None:
    for n, pays, figure in ((4, 7, 11.11), (6, 9, 9.09), (8, 9, 9.09), (10, 7, 11.11)):
        win = Fraction(1, 36) / (PR[n] + SEVEN)
        assert pct(1 - win * (pays + 1)) == figure and rows[f"hard_{n}"] == 1 - win * (pays + 1)

    def one_roll(returned: dict[int, Fraction]) -> Fraction:  # per unit, by total
        return 1 - sum((PR[t] * r for t, r in returned.items()), Fraction(0))

    f = Fraction
    expected = {
        "field": (one_roll({2: f(3), 12: f(3), **{t: f(2) for t in (3, 4, 9, 10, 11)}}), 5.56),
        "any_seven": (one_roll({7: f(5)}), 16.67),
        "any_craps": (one_roll({t: f(8) for t in (2, 3, 12)}), 11.11),
        "craps_2": (one_roll({2: f(31)}), 13.89),
        "craps_3": (one_roll({3: f(16)}), 11.11),
        "craps_12": (one_roll({12: f(31)}), 13.89),
        "eleven": (one_roll({11: f(16)}), 11.11),
        "c_and_e": (one_roll({2: f(4), 3: f(4), 12: f(4), 11: f(8)}), 11.11),
        "horn": (one_roll({2: f(31, 4), 12: f(31, 4), 3: f(16, 4), 11: f(16, 4)}), 12.50),
        "horn_high:2 or 12": (one_roll({2: f(62, 5), 12: f(31, 5), 3: f(16, 5), 11: f(16, 5)}), 12.78),
        "horn_high:3 or 11": (one_roll({2: f(31, 5), 12: f(31, 5), 3: f(32, 5), 11: f(16, 5)}), 12.22),
        "world": (one_roll({2: f(31, 5), 12: f(31, 5), 3: f(16, 5), 11: f(16, 5), 7: f(5, 5)}), 13.33),
    }
    for wager, (edge, figure) in expected.items():
        assert pct(edge) == figure, wager
        assert rows[wager] == edge, wager
    hops = [(a, b) for a in range(1, 7) for b in range(a, 7) if a + b not in (2, 3, 11, 12)]
    assert len(hops) == 17  # the four hard hops and the thirteen others of CC 3.A.xx-xxxvi
    for a, b in hops:
        hits = sum(1 for d in DICE if sorted(d) == [a, b])
        edge = 1 - Fraction(hits, 36) * (31 if a == b else 16)
        assert pct(edge) == (13.89 if a == b else 11.11) and rows[f"hop_{a}_{b}"] == edge


def test_fire_bet_counts_ten_points_and_pays_from_three(rows: dict[str, Fraction]) -> None:
    # a shooter's hand is a run of point cycles: a point n made (rate r_n) or the seven-out (rate s)
    cycle = 1 - SEVEN  # come-out 7s change nothing
    made = {n: PR[n] / cycle * before_seven(n) for n in NUMBERS}
    out = 1 - sum(made.values(), Fraction(0))
    dist: dict[int, Fraction] = {}
    for points, p in exactly(NUMBERS, made, out).items():
        dist[min(len(points), 6)] = dist.get(min(len(points), 6), Fraction(0)) + p
    assert sum(dist.values()) == 1
    below_three = dist[0] + dist[1] + dist[2]
    printed = [
        (below_three, 4, 0.9645),
        (dist[3], 5, 0.02662),
        (dist[4], 5, 0.00705),
        (dist[5], 5, 0.00154),
        (dist[6], 6, 0.000303),
    ]  # fmt: skip  (GAMES.md's table, to the places it prints)
    assert [round(float(p), places) for p, places, _ in printed] == [figure for _, _, figure in printed]
    edge = 1 - (dist[3] * 10 + dist[4] * 30 + dist[5] * 150 + dist[6] * 300)
    assert pct(edge) == 19.95 and rows["fire_bet"] == edge


def test_hard_rockn_dice(rows: dict[str, Fraction]) -> None:
    seen = exactly(NUMBERS, {n: PR[n] for n in NUMBERS}, SEVEN)  # the totals marked at the 7
    six = sum((p for s, p in seen.items() if s >= {4, 5, 6, 8, 9, 10}), Fraction(0))
    fab = sum((p for s, p in seen.items() if s >= {2, 3, 11, 12}), Fraction(0))
    all_ten = seen[frozenset(NUMBERS)]
    nine = sum((p for s, p in seen.items() if len(s) == 9), Fraction(0))
    edges = {"six_string": 1 - 13 * six, "fab_four": 1 - 71 * fab, "the_tenor": 1 - 81 * all_ten - 21 * nine}
    assert {w: pct(e) for w, e in edges.items()} == {
        "six_string": 19.18,
        "fab_four": 18.55,
        "the_tenor": 18.02,
    }
    assert {w: rows[w] for w in edges} == edges


def test_every_wager_of_the_chapter_has_a_row_and_offers_follow_the_rules() -> None:
    from terminal.games.crapless.rules import WAGERS

    every = {r.wager for r in crapless_par_rows(CraplessRules(), all_paytables=True)}
    assert every == set(WAGERS)
    default = {r.wager for r in crapless_par_rows(CraplessRules())}
    assert "six_string" not in default and "fire_bet" in default  # Hard Rock'n Dice ships off
    no_puts = {r.wager for r in crapless_par_rows(CraplessRules(put_offered=False, buy_offered=False))}
    assert not any(w.startswith(("put_", "buy_")) for w in no_puts)


def roll_of(total: int) -> tuple[int, int]:
    return next((a, b) for a, b in DICE if a + b == total)


@pytest.mark.parametrize("n", NUMBERS)
def test_odds_pay_true_odds_on_every_point_so_their_rtp_is_exactly_one(n: int) -> None:
    """Odds have no PAR row (no wager id of their own); the simulation report compares them with an RTP of
    exactly 1. Checked here from the dice: true odds are the ways of 7 to the ways of n, and the engine's
    Pass, Come and Put odds, won on n, return the stake times 1 + that ratio, so n before 7 returns 1."""
    from terminal import config
    from terminal.games.crapless.engine import CraplessEngine
    from terminal.lab.simulate_report import par_rtps

    true_ratio = SEVEN / PR[n]
    assert before_seven(n) * (1 + true_ratio) == 1
    engine, stake = CraplessEngine(CraplessRules(max_odds="1x"), ()), 6000
    returned: dict[str, int] = {}
    # the point n: Pass odds behind it
    _, play = engine.place(engine.start(), 1, "p", "pass", stake)
    play = engine.settle(play, engine.outcome(roll_of(n))).play
    _, play = engine.place(play, 1, "po", "pass_odds", stake)
    returned |= {s.kind: s.returned for s in engine.settle(play, engine.outcome(roll_of(n))).settlements}
    # another point m; a Come moved to n, a Put on n, odds behind both
    m = next(t for t in NUMBERS if t != n)
    _, play = engine.place(engine.start(), 1, "p", "pass", stake)
    play = engine.settle(play, engine.outcome(roll_of(m))).play
    _, play = engine.place(play, 1, "c", "come", stake)
    play = engine.settle(play, engine.outcome(roll_of(n))).play
    for ref, spot in (("u", f"put_{n}"), ("co", f"come_odds_{n}"), ("uo", f"put_odds_{n}")):
        _, play = engine.place(play, 1, ref, spot, stake)
    returned |= {s.kind: s.returned for s in engine.settle(play, engine.outcome(roll_of(n))).settlements}
    odds = {k: returned[k] for k in ("pass_odds", "come_odds", "put_odds")}
    assert odds == dict.fromkeys(odds, stake * (1 + true_ratio))
    rtps = par_rtps(config.loads("[table]\ngame = crapless\n"), "crapless")
    assert rtps["pass_odds"] == rtps["come_odds"] == rtps[f"put_odds_{n}"] == 1
