"""terminal simulate through the seam (Sic Bo, Big Six): the table's draws, fast equal to plain, RTP
against PAR, and a planted paytable caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal import config
from terminal.games.bigsix.rules import SECTIONS
from terminal.games.seam import DrawPlan
from terminal.lab import simulate_report
from terminal.lab.simulate import SimSpec, plan_chunks, run_local
from terminal.lab.simulate_seed import make_rng
from terminal.sims import plan_for
from terminal.sims.simulate_seam import SeamPlan, draw_outcomes, play_fast, play_plain, values_of
from terminal.sims.simulate_stats import Tally
from terminal.table.boot import driver_for
from tests.support.cli import run_cli

SEED = bytes.fromhex("5eed")
SICBO = config.loads("[table]\ngame = sicbo\n")
BIGSIX = config.loads("[table]\ngame = bigsix\n")


@pytest.mark.parametrize("c", [SICBO, BIGSIX], ids=["sicbo", "bigsix"])
def test_the_outcomes_are_the_tables_own_draws(c: config.Config) -> None:
    """In bulk, the very outcomes the table's driver draws one round at a time, numbered as its range."""
    driver = driver_for(c)
    plan = driver.setup.draw
    twin = make_rng(SEED, "twin", 0)
    by_table = [plan.index(driver.read(driver.draw(twin).outcome).drawn) for _ in range(2000)]
    assert draw_outcomes(plan, make_rng(SEED, "twin", 0), 2000) == by_table
    assert all(plan.index(values_of(plan, o)) == o for o in range(plan.size))


@pytest.mark.parametrize("c", [SICBO, BIGSIX], ids=["sicbo", "bigsix"])
def test_the_fast_engine_gives_the_plain_loops_sums(c: config.Config) -> None:
    """Every wager kept up every round, on rounds that draw each of the game's outcomes (216 rolls, 54
    sections) at least once: every settlement a wager can have is summed by both loops and compared."""
    plan = plan_for(c, c.table.game)
    assert isinstance(plan, SeamPlan) and len(plan.wagers) == (50 if c.table.game == "sicbo" else 7)
    # A stream chosen for it: its draws cover the 216 rolls by round 775 (a stream needs 1,290 on average)
    rounds, stream = 900, 66
    drawn = draw_outcomes(plan.draw, make_rng(SEED, c.table.game, stream), rounds)
    assert set(drawn) == set(range(plan.draw.size))
    fast = play_fast(plan, rounds, make_rng(SEED, c.table.game, stream))
    plain = play_plain(plan, rounds, make_rng(SEED, c.table.game, stream))
    assert fast == plain and fast.rounds == rounds and fast.refused == 0


def test_each_wager_is_tallied_as_settled_round_by_round() -> None:
    """The plain loop's sums, checked against the engine settling every round by hand."""
    plan = plan_for(BIGSIX, "bigsix")
    assert isinstance(plan, SeamPlan)
    outcomes = draw_outcomes(plan.draw, make_rng(SEED, "hand", 0), 300)
    odds = {"one": 1, "two": 2, "five": 5, "ten": 10, "twenty": 20, "joker": 45, "flag": 45}  # § 619a.3
    pairs: dict[str, list[tuple[int, int]]] = {}
    for outcome in outcomes:
        for kind, stake in plan.wagers:
            net = stake * odds[kind] if SECTIONS[outcome] == kind else -stake
            pairs.setdefault(kind, []).append((stake, net))
    got = play_plain(plan, 300, make_rng(SEED, "hand", 0))
    assert dict(got.tallies) == {k: Tally.of(v) for k, v in pairs.items()}


@pytest.mark.parametrize("c", [SICBO, BIGSIX], ids=["sicbo", "bigsix"])
def test_actual_rtp_agrees_with_par(c: config.Config) -> None:
    spec = SimSpec(c.table.game, plan_for(c, c.table.game), SEED)
    run = run_local(spec, plan_chunks(120_000), workers=1)
    par = simulate_report.par_rtps(c, c.table.game)
    _, judged = simulate_report.verdicts(run, par, 0.99)
    assert {v.key for v in judged} == set(par)  # every wager on the PAR sheet was played
    assert [v.key for v in judged if v.verdict != "within"] == []


# Long statistics (200,000 rounds for the power to see paytable B's wagers), run with the slow tests. In
# make check the same path runs in test_actual_rtp_agrees_with_par (the run and its verdicts on Sic Bo)
# and test_simulate.test_a_biased_engine_is_flagged_and_a_fair_one_is_not (the judge saying OUTSIDE).
@pytest.mark.slow
def test_a_table_paying_another_paytable_is_caught() -> None:
    """Paytable B's engine judged against paytable A's PAR: the wagers B pays more on stand out."""
    b = config.loads("[table]\ngame = sicbo\n[sicbo]\npaytable = B\n")
    plan = plan_for(b, "sicbo")
    run = run_local(SimSpec("sicbo", plan, SEED), plan_chunks(200_000), workers=1)
    _, judged = simulate_report.verdicts(run, simulate_report.par_rtps(SICBO, "sicbo"), 0.99)
    flagged = {v.key for v in judged if v.verdict == "OUTSIDE"}
    assert {"two_of_a_kind", "total_5", "two_dice"} <= flagged  # 8 vs 11, 18 vs 31, 5 vs 6 to 1
    assert "small" not in flagged and "total_7" not in flagged  # the same on both paytables


def test_the_command_simulates_big_six(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim"
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\ngame = bigsix\n", encoding="utf-8")
    argv = ["simulate", "--game", "bigsix", "--rounds", "20000", "--workers", "1", "--seed", "5eed"]
    ran = run_cli([*argv, "--out", str(out), "--no-plots", "--config", str(cfg)], capsys)
    assert ran.status == 0 and "bigsix: 20,000 rounds" in ran.out
    report = json.loads((out / "simulation.json").read_text())
    assert report["game"] == "bigsix" and report["flagged"] == []


def test_values_round_trip_every_draw_plan() -> None:
    for plan in (DrawPlan("dice", 2), DrawPlan("dice", 3), DrawPlan("below", 38)):
        assert [plan.index(values_of(plan, o)) for o in range(plan.size)] == list(range(plan.size))
