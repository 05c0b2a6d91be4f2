"""Hot Roller simulated through the real rules and the certified DRBG agrees with its exact PAR, under
both paytables; the fast engine gives the plain loop's sums exactly."""

from __future__ import annotations

import pytest

from terminal.games.craps.par import craps_par_rows
from terminal.games.craps.records import Roll, Spot, TableState
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle
from terminal.lab.simulate_seed import make_rng
from terminal.sims import simulate_craps, simulate_craps_fast
from terminal.sims.simulate_craps import CrapsEntry, CrapsPlan, place_wanted
from terminal.sims.simulate_stats import family_z, judge

SEED = bytes.fromhex("7011e5")


def _plan(paytable: str) -> CrapsPlan:
    rules = CrapsRules(hot_roller_paytable=paytable)
    return CrapsPlan(rules, (CrapsEntry("hot_roller", Spot("hot_roller"), 100, "come_out"),))


def _par_rtp(paytable: str) -> float:
    rows = craps_par_rows(CrapsRules(hot_roller_paytable=paytable))
    return float(1 - next(r.house_edge for r in rows if r.wager == "hot_roller"))


# Long statistics, run with the slow tests: 600,000 rolls per paytable are the power the interval needs
# (a wrong "any 2" payout moves the RTP by 5.6 %: about 3.3 standard errors). make check keeps the fast
# engine's exact sums against the plain loop below and the exact PAR (tests/par/test_hot_roller_par.py).
@pytest.mark.slow
@pytest.mark.parametrize("paytable", ["A", "B"])
def test_simulated_rtp_agrees_with_par(paytable: str) -> None:
    outcome = simulate_craps_fast.play(_plan(paytable), 600_000, make_rng(SEED, "craps", 0))
    tally = dict(outcome.tallies)["hot_roller"]
    assert tally.count > 90_000 and outcome.refused == 0  # one wager per come-out with none working
    verdict = judge("hot_roller", tally, _par_rtp(paytable), family_z(2, 0.99))
    assert verdict.verdict == "within", verdict


def _rows_reached(plan: CrapsPlan, rolls: int, stream: int) -> set[str]:
    """How the wagers of the plain loop's first ``rolls`` rolls of ``stream`` ended (settle, by hand)."""
    rng, state, wagers, serial, ended = make_rng(SEED, "craps", stream), TableState(), (), 0, set()
    for _ in range(rolls):
        wagers, serial, _ = place_wanted(plan, state, wagers, serial)
        done, wagers, state = settle(state, wagers, Roll(*rng.dice(2).value), plan.rules)
        ended |= {s.entry for s in done}
    return ended


def test_fast_engine_gives_the_plain_loops_sums() -> None:
    """Every way a Hot Roller ends (no number, one number, any 2 ... all 6 numbers complete), summed by
    both loops and compared. A stream chosen for it: its wagers end in all seven by roll 1,309 (stream 1,
    once used here, had its first all-six win at roll 19,668 and needed 30,000 rolls)."""
    plan, rolls, stream = _plan("B"), 1_500, 63
    assert _rows_reached(plan, rolls, stream) == {"no number complete", "1 number complete"} | {
        f"any {n} numbers" for n in range(2, 6)
    } | {"all 6 numbers"}
    fast = simulate_craps_fast.play(plan, rolls, make_rng(SEED, "craps", stream))
    plain = simulate_craps.play(plan, rolls, make_rng(SEED, "craps", stream))
    assert fast == plain
