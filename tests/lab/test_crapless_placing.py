"""The simulator's placing (crapless_fast._place: the flats it keeps as it places, the engine's wager index)
places exactly what placing by a scan of the table would: the same wagers in the same order, the same
refusals, roll after roll of a seeded run with every offered wager."""

from __future__ import annotations

import random
from typing import Any

import pytest

from terminal import config
from terminal.games.crapless.engine import CraplessEngine, CraplessPlay
from terminal.sims import crapless_fast, plan_for
from terminal.sims.crapless_fast import CraplessPlan


def _scanned(play: CraplessPlay, spot: str) -> bool:
    """The odds' flat found by a scan of every standing wager (the definition, written out)."""
    if spot == "pass_odds":
        return play.state.point is not None and any(w.spot.kind == "pass" for w in play.wagers)
    kind, _, number = spot.rpartition("_")
    if kind == "come_odds":
        return any(w.spot.kind == "come" and w.number == int(number) for w in play.wagers)
    if kind == "put_odds":
        return any(w.spot.kind == "put" and w.spot.number == int(number) for w in play.wagers)
    return True


def _scan_place(
    engine: CraplessEngine, wagers: tuple[tuple[int, str, int], ...], play: Any
) -> tuple[Any, int]:
    refused = 0
    for n, spot, stake in wagers:
        ref = f"sim{n}"
        if any(w.ref == ref for w in play.wagers) or not _scanned(play, spot):
            continue
        try:
            _, play = engine.place(play, 1, ref, spot, stake)
        except ValueError:
            refused += 1
    return play, refused


@pytest.mark.parametrize("extra", ["", "[hard_rockn_dice]\noffered = true\n"])
def test_placing_by_index_is_placing_by_scan(extra: str) -> None:
    plan = plan_for(config.loads("[table]\ngame = crapless\n" + extra), "crapless")
    assert isinstance(plan, CraplessPlan)
    engine = plan.engine
    numbered = tuple((n, spot, stake) for n, (spot, stake) in enumerate(plan.wagers))
    dice = random.Random(7)
    play, placed_odds, refused = engine.start(), 0, 0
    for _ in range(400):
        fast, fast_refused = crapless_fast._place(engine, numbered, play)
        slow, slow_refused = _scan_place(engine, numbered, play)
        assert fast.wagers == slow.wagers and fast.fresh == slow.fresh and fast_refused == slow_refused
        placed_odds += sum("odds" in w.spot.kind for w in fast.wagers[len(play.wagers) :])
        refused += fast_refused
        play = engine.settle(fast, engine.outcome((dice.randint(1, 6), dice.randint(1, 6)))).play
    assert placed_odds > 50 and refused > 50  # the run placed odds behind flats and met refusals
