"""Craps' chunks played in shares of its parts, one share per worker (terminal.lab.simulate._run_shared):
every part in exactly one share, and the merged shares are, chunk by chunk, the plain loop's chunks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from terminal import config
from terminal.lab.simulate import SimSpec, plan_chunks, run_local
from terminal.lab.simulate_seed import make_rng
from terminal.sims import fastsim, strategy_for
from terminal.sims.simulate_craps_fast import CrapsModel, parts
from terminal.sims.simulate_plan import craps_plan, roulette_plan
from terminal.sims.simulate_roulette_fast import model as roulette_model
from terminal.sims.simulate_stats import merge_shares

CFG = config.load(Path(__file__).resolve().parents[2] / "kiosk.cfg")


@pytest.mark.parametrize("k", [1, 2, 3, 4, 40])
def test_every_part_in_exactly_one_share(k: int) -> None:
    model = CrapsModel(parts(craps_plan(CFG)))
    cut = fastsim.shares(model, k)
    assert len(cut) == min(k, len(model.parts))
    assert sorted(map(id, (p for share in cut for p in share))) == sorted(map(id, model.parts))
    if k == 2:  # the two costliest parts (Hot Roller, All or Nothing) apart, the loads within a fifth
        heavy = sorted(model.parts, key=lambda p: -p.weight)[:2]
        assert all(not (heavy[0] in share and heavy[1] in share) for share in cut)
        loads = [sum(p.weight for p in share) for share in cut]
        assert max(loads) <= 1.2 * min(loads)


def test_shares_of_a_chunk_merge_to_the_chunk() -> None:
    plan, strategy = craps_plan(CFG), strategy_for("craps")
    assert strategy.share is not None
    whole = strategy.fast(plan, 3000, make_rng(b"s", "craps", 0))
    for k in (2, 3):
        shares = [strategy.share(plan, 3000, make_rng(b"s", "craps", 0), (g, k)) for g in range(k)]
        assert merge_shares(shares) == whole
        assert all(0 < s.rounds <= whole.rounds for s in shares)
        assert max(s.rounds for s in shares) == whole.rounds


def test_a_model_with_paced_parts_is_never_cut() -> None:
    model = roulette_model(roulette_plan(CFG))
    assert any(p.paced for p in model.parts)  # Touchdown draws its team between rounds
    assert fastsim.shares(model, 2) == (model.parts,)


def test_three_workers_in_shares_equal_the_plain_loop() -> None:
    spec = SimSpec("craps", craps_plan(CFG), b"share")
    chunks = plan_chunks(6000, 1000)
    plain = run_local(replace(spec, engine="plain"), chunks, workers=1)
    shared = run_local(spec, chunks, workers=3)
    assert shared.outcomes == plain.outcomes and shared.rounds == plain.rounds > 6000
