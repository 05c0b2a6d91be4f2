"""The display's craps pictures come from real rounds: every board a craps sample shows (the point, the
shooter, the Fire points, the Bonus numbers, the last roll) is what the real craps engine makes of the
rolls on the sample's history board, played oldest first from a new table. The hand-made samples said
"THE POINT IS 8" beside a Lucky Shooter of point 9, or dice 4-2 under "last roll 1·1"."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.display import screens
from terminal.games.craps.engine import CrapsEngine
from terminal.games.craps.rules import CrapsRules


def _craps_shots() -> list[tuple[str, object]]:
    with tempfile.TemporaryDirectory() as tmp:
        c = configuration.loads("", "<samples>", Path(tmp))
    return [(name, make) for name, make in screens._shots(c) if name.startswith("display-craps")]


@pytest.mark.parametrize(("name", "make"), _craps_shots(), ids=lambda v: v if isinstance(v, str) else "")
def test_each_craps_sample_is_what_its_rolls_make(name: str, make: object) -> None:
    model, _ = make()  # type: ignore[operator]
    assert model.craps is not None and model.history, name
    engine = CrapsEngine(CrapsRules(), ())
    play, last = engine.start(), None
    for item in reversed(model.history):  # oldest first, from a new table
        last = engine.parse(item.outcome)
        play = engine.settle(play, last).play
    truth = engine.view(play, last)
    shown = model.craps
    assert (shown.point, shown.shooter, shown.rolls, shown.new_shooter) == (
        truth.point, truth.shooter, truth.rolls, truth.new_shooter), name  # fmt: skip
    assert sorted(shown.fire_points) == sorted(truth.fire_points), name
    assert sorted(shown.bonus_marks) == sorted(truth.bonus_marks), name
    assert shown.last_roll == truth.last_roll == model.history[0].outcome, name
