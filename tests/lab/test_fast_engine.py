"""The fast engine against the plain loop: for the same seed the same rounds, refusals and integer sums.

The plain loops (``simulate_craps.play``, ``simulate_roulette.play``) call the real rules for every
wager of every round; the fast engine asks them once per (state, outcome class). Every comparison here
is of whole :class:`ChunkOutcome` records: rounds played (the wind-down included), every tally's six
integer sums and the refusals.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal import config
from terminal.games.craps.rules import CrapsRules
from terminal.games.roulette.rules import make_rules
from terminal.games.roulette.touchdown import rules_for
from terminal.lab.simulate import SimSpec
from terminal.lab.simulate_seed import make_rng
from terminal.sims import (
    fastsim,
    simulate_craps,
    simulate_craps_fast,
    simulate_roulette,
    simulate_roulette_fast,
)
from terminal.sims.simulate_craps import CrapsPlan, entries
from terminal.sims.simulate_plan import craps_plan, roulette_plan
from terminal.sims.simulate_roulette import RoulettePlan
from tests.support.cli import run_cli

ROOT = Path(__file__).resolve().parents[2]
CFG = config.load(ROOT / "kiosk.cfg")
CRAPS = craps_plan(CFG)
ROULETTE = roulette_plan(CFG)
BENCH_STRATEGY = (
    ("pass", 1000), ("pass_odds", 3000), ("come", 1000), ("come_odds_6", 2000), ("place_8", 1200),
    ("field", 500), ("hard_6", 100), ("horn", 400), ("fire", 100), ("all_small", 100), ("all_tall", 100),
    ("all_or_nothing", 100), ("lucky_shooter", 100), ("dont_come", 500), ("dont_come_odds_4", 1000),
)  # fmt: skip


def _both_craps(plan: CrapsPlan, rounds: int, seed: bytes) -> None:
    plain = simulate_craps.play(plan, rounds, make_rng(seed, "craps", 0))
    fast = simulate_craps_fast.play(plan, rounds, make_rng(seed, "craps", 0))
    assert fast == plain


def _both_roulette(plan: RoulettePlan, rounds: int, seed: bytes) -> None:
    plain = simulate_roulette.play(plan, rounds, make_rng(seed, "roulette", 0))
    fast = simulate_roulette_fast.play(plan, rounds, make_rng(seed, "roulette", 0))
    assert fast == plain


@pytest.mark.parametrize(("rounds", "seed"), [(1, "01"), (2, "02"), (3, "03"), (40, "04"), (1500, "05")])
def test_craps_every_offered_wager_same_sums(rounds: int, seed: str) -> None:
    _both_craps(CRAPS, rounds, bytes.fromhex(seed))


def test_craps_batches_cut_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    # batches of 7 rolls: the last requested roll and the placing it skips fall inside and at the ends
    monkeypatch.setattr(fastsim, "BATCH", 7)
    for rounds in (6, 7, 8, 50):
        _both_craps(CRAPS, rounds, bytes([rounds]))


@settings(max_examples=25, deadline=None)
@given(
    st.sets(st.integers(0, len(CRAPS.entries) - 1), min_size=1),
    st.integers(1, 300),
    st.binary(min_size=1, max_size=4),
    st.booleans(),
)
def test_craps_any_part_of_the_plan(chosen: set[int], rounds: int, seed: bytes, on_comeout: bool) -> None:
    # odds without their flat bet, a Bonus wager alone, come odds working on the come-out: any sub-plan
    rules = replace(CRAPS.rules, come_odds_on_comeout=on_comeout)
    plan = CrapsPlan(rules, tuple(CRAPS.entries[i] for i in sorted(chosen)))
    _both_craps(plan, rounds, seed)


def test_craps_other_rules_and_refusals() -> None:
    # the benchmark's strategy under other paytables and vig timing; Lucky Shooter not offered: refused
    rules = CrapsRules(
        bonus_paytable="1", fire_paytable="B", lucky_shooter_paytable=None, buy_vig="on_win", lay_vig="on_win"
    )
    plan = CrapsPlan(rules, entries((*BENCH_STRATEGY, ("buy_4", 2000), ("lay_10", 4000))))
    plain = simulate_craps.play(plan, 600, make_rng(b"\x07", "craps", 0))
    assert plain.refused > 0  # the comparison covers refusals, not only settlements
    _both_craps(plan, 600, b"\x07")


@pytest.mark.parametrize(("rounds", "seed"), [(1, "01"), (2, "02"), (60, "03"), (5000, "04")])
def test_roulette_with_touchdown_same_sums(rounds: int, seed: str) -> None:
    _both_roulette(ROULETTE, rounds, bytes.fromhex(seed))


def test_touchdown_triggered_on_the_last_spin_is_played_out() -> None:
    # find a seed whose last requested spin is a trigger: the team and four downs follow it
    for s in range(200):
        seed = s.to_bytes(2, "big")
        if make_rng(seed, "roulette", 0).randbelow(38).value in (0, 37):
            plain = simulate_roulette.play(ROULETTE, 1, make_rng(seed, "roulette", 0))
            assert plain.rounds == 5
            _both_roulette(ROULETTE, 1, seed)
            return
    pytest.fail("no seed of 200 triggers on the first spin")


@pytest.mark.parametrize("wheel", ["double_zero", "single_zero", "double_as_single"])
def test_roulette_layout_every_wheel(wheel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = replace(ROULETTE.rules, wheel=make_rules(wheel).wheel)
    spots = tuple((t, s) for t, s in ROULETTE.spots if wheel == "double_zero" or "00" not in t)
    if wheel != "double_zero":
        spots = tuple((t, s) for t, s in spots if not t.startswith(("first_five", "split:0-00")))
    plan = RoulettePlan(rules, spots)
    monkeypatch.setattr(fastsim, "BATCH", 999)
    _both_roulette(plan, 4000, wheel.encode())


def test_touchdown_other_paytable_and_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fastsim, "BATCH", 11)
    plan = replace(ROULETTE, touchdown=rules_for("C"), touchdown_stake=ROULETTE.touchdown_stake)
    _both_roulette(plan, 3000, b"\x0c")


# A run on two worker processes against the plain loop on one: tests/lab/test_simulate.py's
# test_workers_merge_exactly (the same chunks, games and comparison, and the merge's sums besides).


def test_an_unknown_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="engine 'quick' must be one of fast, plain"):
        SimSpec("craps", CRAPS, engine="quick")


def test_command_engines_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reports = {}
    for engine in ("fast", "plain"):
        out = tmp_path / engine
        args = ["--game", "craps", "--rounds", "200", "--seed", "c0ffee", "--workers", "1", "--no-plots"]
        done = run_cli(["simulate", *args, "--engine", engine, "--out", str(out)], capsys)
        assert done.status == 0, done.err
        reports[engine] = json.loads((out / "simulation.json").read_text())
        assert f"engine {engine}" in (out / "simulation.md").read_text()
    fast, plain = reports["fast"], reports["plain"]
    assert (fast["engine"], plain["engine"]) == ("fast", "plain")
    assert fast["wagers"] == plain["wagers"] and fast["rounds_played"] == plain["rounds_played"]


def test_command_refuses_an_unknown_engine(capsys: pytest.CaptureFixture[str]) -> None:
    done = run_cli(["simulate", "--game", "craps", "--rounds", "10", "--engine", "turbo"], capsys)
    assert done.status == 2 and "turbo" in done.err
