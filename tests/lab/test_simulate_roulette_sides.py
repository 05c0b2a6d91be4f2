"""B2B and Blazing 7's in the simulation: the fast engine equals the plain loop, and the actual RTP agrees
with the exact PAR figure within its confidence interval.

The plain loop settles every spin through the real ``sides.settle`` with the B2B odds and the bonus balls
drawn from the chunk's DRBG; the fast engine asks the same code once per (state, class). The PAR figure
comes from ``terminal/games/roulette/par_sides.py`` (itself checked by brute force in
``tests/games/test_roulette_sides.py``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from terminal import config
from terminal.games.roulette.rules import make_rules
from terminal.lab.simulate import SimSpec, plan_chunks, run_local
from terminal.lab.simulate_report import par_rtps, verdicts
from terminal.lab.simulate_seed import make_rng
from terminal.sims import fastsim, simulate_roulette, simulate_roulette_fast
from terminal.sims.simulate_plan import roulette_plan
from terminal.sims.simulate_roulette import RoulettePlan
from terminal.sims.simulate_stats import ChunkOutcome

ON = "[b2b]\noffered = true\n[blazing7s]\noffered = true\n"


def _plan(text: str = "") -> tuple[config.Config, RoulettePlan]:
    c = config.loads(ON + text)
    return c, roulette_plan(c)


def _both(plan: RoulettePlan, rounds: int, seed: bytes) -> ChunkOutcome:
    plain = simulate_roulette.play(plan, rounds, make_rng(seed, "roulette", 0))
    fast = simulate_roulette_fast.play(plan, rounds, make_rng(seed, "roulette", 0))
    assert fast == plain
    return plain


@pytest.mark.parametrize(("rounds", "seed"), [(1, "01"), (2, "02"), (3, "03"), (3000, "04")])
def test_fast_equals_plain_with_touchdown_and_both_side_wagers(rounds: int, seed: str) -> None:
    _, plan = _plan()
    outcome = _both(plan, rounds, bytes.fromhex(seed))
    tallied = dict(outcome.tallies)
    assert tallied["blazing7s"].count == rounds  # a Blazing 7's wager every spin
    assert tallied.get("b2b") is None if rounds == 1 else tallied["b2b"].count == rounds - 1  # from spin 2


# double_as_single (a closed 00: void spins) in make check; single_zero with the slow tests (make check
# runs the single zero's layout fast against plain in test_fast_engine.test_roulette_layout_every_wheel)
@pytest.mark.parametrize("wheel", [pytest.param("single_zero", marks=pytest.mark.slow), "double_as_single"])
def test_fast_equals_plain_on_every_wheel_small_batches(wheel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = roulette_plan(config.loads(f"[roulette]\nwheel = {wheel}\n[touchdown]\noffered = false\n" + ON))
    monkeypatch.setattr(fastsim, "BATCH", 97)
    outcome = _both(plan, 4000, wheel.encode())
    if wheel == "double_as_single":  # a void spin settles nothing: fewer settlements than spins
        assert dict(outcome.tallies)["blazing7s"].count < 4000


# Long statistics (120,000 spins): with the slow tests. In make check the same plan runs through the fast
# engine and the plain loop to the unit (test_fast_equals_plain_*), and both PAR rows are exact by brute
# force through the engine (tests/games/test_roulette_sides.py).
@pytest.mark.slow
def test_the_side_wagers_agree_with_their_par_rows_within_the_interval() -> None:
    c, plan = _plan()
    plan = replace(plan, spots=plan.spots[:1])  # one layout wager beside them: the run is about the sides
    spec = SimSpec("roulette", plan, seed=b"\x07")
    run = run_local(spec, plan_chunks(120_000), workers=1)
    par = par_rtps(c, "roulette")
    _, judged = verdicts(run, par, 0.99)
    by_key = {v.key: v for v in judged}
    for key in ("b2b", "blazing7s"):
        assert by_key[key].verdict == "within", by_key[key]
        assert by_key[key].tally.count > 100_000
    assert float(par["b2b"]) == pytest.approx(1 - 41 / 760)  # GAMES.md § 3.1: 5.39 %
    assert round((1 - float(par["blazing7s"])) * 100, 2) == 10.07  # paytable 1


def test_a_plan_without_previous_spin_still_checks_its_wagers_by_the_rules() -> None:
    _, plan = _plan("[limits]\nb2b_min = 2.00\n")
    assert plan.b2b_stake == 200 and plan.blazing_stake == 100
    wheel = make_rules("double_zero").wheel
    assert plan.sides is not None and plan.sides.wheel == wheel
