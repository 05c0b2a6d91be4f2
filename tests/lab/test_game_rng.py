"""Game-level RNG tests: the ranges are right, the family catches what it must, the streams are real.

The planted defects are made with numpy's own generator, apart from the code under test, and each is
one a lab worries about: a die that follows the other, colours that alternate too often, a correlation
three spins apart, a loaded sum. The 10^7-outcome runs through the production path are ``slow``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest

from rng import EntropySource, HealthParameters, Rng
from terminal.config import defaults
from terminal.games.craps.ranges import craps_range
from terminal.games.roulette.ranges import roulette_range
from terminal.games.roulette.wheels import is_black, is_red
from terminal.lab import game_ranges as gr
from terminal.lab.game_stats import OutcomeRange, check_range, judge, runs_check
from terminal.table.boot import driver_for
from terminal.table.generator import production_rng

N = 1_000_000


def _fixed_rng() -> Rng:
    counter = itertools.count()
    source = EntropySource(
        HealthParameters(min_entropy=8), lambda n: bytes((next(counter) * 7 + 3) % 251 for _ in range(n))
    )
    return Rng(source, clock=lambda: 0.0, name="game-test")


def _family(r: OutcomeRange, values: np.ndarray) -> tuple[bool, set[str]]:
    checks = check_range(r, values.astype(np.int16))
    verdict = judge(checks)
    return verdict.passed, {name.removeprefix(f"{r.name}: ") for name in verdict.failing}


def test_the_craps_range_matches_two_dice_counted_by_hand() -> None:
    r = craps_range()
    sums = r.projections[0]
    by_hand = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    assert sums.probabilities == tuple(Fraction(by_hand[s], 36) for s in range(2, 13))
    assert [sums.of[i] + 2 for i in range(36)] == [a + b for a in range(1, 7) for b in range(1, 7)]


@pytest.mark.parametrize("wheel_name", ["double_zero", "single_zero"])
def test_the_roulette_ranges_split_colours_as_the_wheel_does(wheel_name: str) -> None:
    r = roulette_range(wheel_name)
    colours = r.splits[0]
    assert [p for p in range(r.size) if colours.of[p] == 1] == [p for p in range(r.size) if is_red(p)]
    assert [p for p in range(r.size) if colours.of[p] == 0] == [p for p in range(r.size) if is_black(p)]
    assert r.size == (38 if wheel_name == "double_zero" else 37)


def test_a_healthy_stream_passes_every_check() -> None:
    values = np.random.default_rng(1).integers(0, 36, N)
    passed, failing = _family(craps_range(), values)
    assert passed, failing


def test_a_die_that_follows_the_other_fails_independence() -> None:
    gen = np.random.default_rng(2)
    first, second = gen.integers(0, 6, N), gen.integers(0, 6, N)
    copy = gen.random(N) < 0.01
    second[copy] = first[copy]
    passed, failing = _family(craps_range(), first * 6 + second)
    assert not passed and "independence of die 1 and die 2" in failing


def test_colours_that_alternate_too_often_fail_the_runs_of_red_and_black() -> None:
    gen = np.random.default_rng(3)
    values = gen.integers(0, 38, N)
    colour = np.array([1 if is_red(p) else -1 if is_black(p) else 0 for p in range(38)])
    red, black = np.flatnonzero(colour == 1), np.flatnonzero(colour == -1)
    # After a red, a black one time in fifty more than chance (and the other way round). The changed
    # spins are never next to each other, so each one's previous spin is already final.
    changed = gen.random(N) < 0.02
    changed[0] = False
    changed[1:] &= ~changed[:-1]
    at = np.flatnonzero(changed)
    before = colour[values[at - 1]]
    pick = gen.integers(0, 18, at.size)
    values[at] = np.where(before == 1, black[pick], np.where(before == -1, red[pick], values[at]))
    passed, failing = _family(roulette_range("double_zero"), values)
    assert not passed and "runs of red/black" in failing


def test_a_correlation_three_spins_apart_fails_at_lag_three_only() -> None:
    gen = np.random.default_rng(4)
    values = gen.integers(0, 38, N)
    echo = gen.random(N) < 0.02
    echo[:3] = False
    values[echo] = values[np.flatnonzero(echo) - 3]
    passed, failing = _family(roulette_range("double_zero"), values)
    lags = {name for name in failing if name.startswith("serial")}
    assert not passed and lags == {"serial correlation of the pocket number (00 as 37) at lag 3"}


def test_a_loaded_sum_fails_the_sums() -> None:
    gen = np.random.default_rng(5)
    values = gen.integers(0, 36, N)
    values[gen.random(N) < 0.004] = 35  # 6-6 a little too often
    passed, failing = _family(craps_range(), values)
    assert not passed and "chi-square of the 11 sums" in failing


def test_the_statistics_agree_with_scipy_and_a_hand_count() -> None:
    from scipy import stats  # imported by the tests that use it: scipy.stats takes ~1 s to import

    values = np.random.default_rng(6).integers(0, 38, 50_000).astype(np.int16)
    checks = {c.name: c for c in check_range(roulette_range("double_zero"), values)}
    whole = checks["chi-square of 38 outcomes"]
    assert whole.p_value == pytest.approx(stats.chisquare(np.bincount(values, minlength=38)).pvalue)
    lag1 = checks["serial correlation of the pocket number (00 as 37) at lag 1"].statistic
    x = values - values.mean()
    assert lag1 == pytest.approx(float((x[:-1] * x[1:]).sum() / (x * x).sum()))
    marks = np.array([1, 1, 0, -1, 0, 1, 0, 0], dtype=np.int8)  # kept: 1 1 0 0 1 0 0 → 4 runs
    z = runs_check("s", "x", marks).statistic
    n1, n2, n = 3, 4, 7
    mean = 2 * n1 * n2 / n + 1
    var = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
    assert z == pytest.approx((4 - mean) / var**0.5)


def _stream(size: int) -> gr.GameStream:
    return next(s for s in gr.GAME_STREAMS if s.range.size == size)


def test_streams_are_drawn_by_the_games_drivers() -> None:
    """The stream of outcomes is exactly what the production calls give: ``dice(2)``, ``randbelow(38)``,
    ``dice(3)`` and ``randbelow(54)``, numbered as each game's range numbers its outcomes."""
    twin = _fixed_rng()
    values = gr.draw_stream(_stream(36), _fixed_rng(), 500)
    assert values.tolist() == [(a - 1) * 6 + b - 1 for a, b in (twin.dice(2).value for _ in range(500))]
    twin = _fixed_rng()
    spins = [twin.randbelow(38).value for _ in range(500)]
    assert gr.draw_stream(_stream(38), _fixed_rng(), 500).tolist() == spins
    twin = _fixed_rng()
    rolls = [(a - 1) * 36 + (b - 1) * 6 + c - 1 for a, b, c in (twin.dice(3).value for _ in range(500))]
    assert gr.draw_stream(_stream(216), _fixed_rng(), 500).tolist() == rolls
    twin = _fixed_rng()
    stops = [twin.randbelow(54).value for _ in range(500)]
    assert gr.draw_stream(_stream(54), _fixed_rng(), 500).tolist() == stops


def test_the_sic_bo_range_matches_three_dice_counted_by_hand() -> None:
    r = _stream(216).range
    rolls = list(itertools.product(range(1, 7), repeat=3))
    totals = Counter(sum(roll) for roll in rolls)
    assert r.projections[0].probabilities == tuple(Fraction(totals[t], 216) for t in range(3, 19))
    assert [r.projections[0].of[i] + 3 for i in range(216)] == [sum(roll) for roll in rolls]
    assert len(r.pairings) == 3 and sum(1 for v in r.splits[0].of if v == -1) == 6  # the triples


def test_the_big_six_range_counts_the_seeds_symbols() -> None:
    symbols = _stream(54).range.projections[0]
    assert [p * 54 for p in symbols.probabilities] == [23, 15, 8, 4, 2, 1, 1]


@pytest.mark.parametrize("size", [216, 54])
def test_the_sic_bo_and_big_six_ranges_pass_a_healthy_stream_and_catch_a_loaded_one(size: int) -> None:
    r = _stream(size).range
    values = np.array(_fixed_rng().randbelow_values(size, 400_000), dtype=np.int16)
    checks = check_range(r, values)
    assert checks[0].df == size - 1 and judge(checks).passed
    loaded = values.copy()
    loaded[: len(loaded) // 50] = 0  # one outcome in fifty forced to the first: a worn shaker, a sticky wheel
    assert not judge(check_range(r, loaded)).passed


# Each game's stream drawing from its own freshly seeded production generator: the report's game-level
# streams are checked for it (tests/lab/test_lab_rng_report.py::test_the_game_level_streams_are_in_the_report,
# six generator ids, none shared), through the same run_stream and the command's own generator factory.


# One stream per game's driver in make check; the single zero wheel (the roulette driver again) with the
# slow tests.
@pytest.mark.parametrize(
    "stream",
    [
        pytest.param(s, marks=pytest.mark.slow) if s.range.name == "roulette: single_zero wheel" else s
        for s in gr.GAME_STREAMS
    ],
    ids=lambda s: s.range.name.replace(" ", "_"),
)
def test_the_at_once_stream_is_the_drivers_outcome_for_outcome(
    stream: gr.GameStream, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawn at once, a game's stream is the one its driver draws round by round from the same generator:
    the same outcomes in the same order, across chunk boundaries, and the generator left at the same word
    (the next draw of both twins agrees), so the 10^7-outcome runs below read what the table would."""
    monkeypatch.setattr(gr, "CHUNK", 2_501)  # several chunks, the last one short
    by_round, at_once = _fixed_rng(), _fixed_rng()
    expected = gr.draw_stream(stream, by_round, 10_000)
    assert gr.draw_stream_at_once(stream, at_once, 10_000).tolist() == expected.tolist()
    assert at_once.randbelow(2**40).value == by_round.randbelow(2**40).value


def test_a_game_with_side_draws_in_the_round_has_no_at_once_stream() -> None:
    wheel = _stream(38)
    with_b2b = gr.GameStream(wheel.range, wheel.config_text + "\n[b2b]\noffered = true\n")
    with pytest.raises(ValueError, match="side draws"):
        gr.draw_stream_at_once(with_b2b, _fixed_rng(), 10)


def _by_draw() -> list[tuple[gr.GameStream, ...]]:
    """The games' streams grouped by what they draw (``dice(2)``, ``randbelow(38)`` ...): games that draw
    the same (craps and Props & Hops roll two dice) read the same calls of the generator."""
    groups: dict[tuple[str, int], list[gr.GameStream]] = {}
    for stream in gr.GAME_STREAMS:
        plan = driver_for(stream.config()).setup.draw
        groups.setdefault((plan.recipe, plan.n), []).append(stream)
    return [tuple(group) for group in groups.values()]


@pytest.mark.slow
@pytest.mark.parametrize(
    "streams", _by_draw(), ids=lambda g: "+".join(s.range.name.replace(" ", "_") for s in g)
)
def test_ten_million_outcomes_per_game_through_the_production_path(streams: Sequence[gr.GameStream]) -> None:
    """The lab's figure: 10^7 outcomes per game, on a freshly seeded production generator.

    Drawn at once (the same outcomes the driver draws, as the test above shows) so the runs take seconds
    rather than minutes; ``terminal rng-report`` draws them round by round through the driver, each game on
    a generator of its own. Games that draw the same thing share one run of 10^7 draws (the heavy part),
    each judged by its own game's checks: the same calls of the same generator a second time would show
    nothing more. One case per draw, so a parallel run spreads them over its workers; the family's alpha
    (one run in a thousand fails) is shared between the games' judgements by Bonferroni, as one judgement
    over all of them would.
    """
    rng = production_rng(defaults())  # fresh, and the one every game of the group reads
    drawn: list[gr.Outcomes] = []

    def draw_once(stream: gr.GameStream, rng: Rng, n: int, tick: gr.Tick) -> gr.Outcomes:
        if not drawn:
            drawn.append(gr.draw_stream_at_once(stream, rng, n, tick))
        return drawn[0]

    for stream in streams:
        result = gr.run_stream(stream, lambda: rng, 10_000_000, lambda _: None, draw_once)
        assert result.n == sum(result.counts) == 10_000_000
        verdict = judge(list(result.checks), alpha=0.001 / len(gr.GAME_STREAMS))
        print(verdict.summary())
        assert verdict.passed, (stream.range.name, verdict.failing)


def test_the_games_that_share_a_long_run_draw_the_same_calls() -> None:
    """The sharing above is sound only if they do: from twin generators, their at-once streams and their
    drivers' round-by-round streams are the same outcomes."""
    shared = [group for group in _by_draw() if len(group) > 1]
    assert shared, "no two games draw the same: the long runs need no sharing"
    for group in shared:
        at_once = [gr.draw_stream_at_once(s, _fixed_rng(), 3_000).tolist() for s in group]
        by_round = [gr.draw_stream(s, _fixed_rng(), 3_000).tolist() for s in group]
        assert all(values == at_once[0] for values in at_once + by_round)
