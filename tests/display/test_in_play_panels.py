"""While a round is in play the display's boxes are never empty frames: the outcome panel says what is
happening ("Ball in play", "Dice rolling"...), the winners box shows the round before's winners under
their label, and the last round's ball is not left seated in its pocket (with its gold ring) under the
next round's "No more bets": it waits on the track."""

from __future__ import annotations

import pytest

from terminal.display import samples
from terminal.display.model import apply
from terminal.display.scene import Stage, scene_at
from terminal.i18n import load_catalogue
from terminal.net import messages as m


def test_no_more_bets_lifts_the_last_ball_and_names_the_state() -> None:
    rested, _ = samples.at_rest(samples.base("roulette"), "17")
    model, t = samples.locked(rested, 130.0, samples.ROUND + 1)
    scene = scene_at(model, t, 20)
    assert scene.stage is Stage.CLOSED
    assert scene.wheel is not None and not scene.wheel.landed and scene.wheel.ball_radius > 0.5
    assert scene.in_play == "display.in_play_ball"
    assert scene.last_winners == rested.result.winners and scene.last_winners  # type: ignore[union-attr]


@pytest.mark.parametrize(("game", "outcome"), [("roulette", "17"), ("craps", "4-3"), ("sicbo", "2-5-5"),
                                                ("bigsix", "flag@27")])  # fmt: skip
def test_the_boxes_carry_a_state_while_the_round_is_in_play(game: str, outcome: str) -> None:
    first, _ = samples.at_rest(samples.base(game), outcome)
    closed = apply(first, samples.table_state(first, samples.ROUND + 1, "locked", 0), 190.0)
    model = apply(closed, m.Result(samples.ROUND + 1, outcome, ()), 199.5)  # the next round's, in play
    scene = scene_at(model, 200.0, 20)
    assert scene.stage is Stage.SPINNING and scene.outcome is None
    for language in ("en", "es"):
        assert load_catalogue(language).text(scene.in_play)
    assert scene.winners is None and scene.last_winners == first.result.winners  # type: ignore[union-attr]
