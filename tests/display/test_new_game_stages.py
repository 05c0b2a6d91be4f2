"""Sic Bo's shaker and Big Six's wheel on the table display: each comes to rest on the persisted outcome,
lights what it wins (checked against the rules' own settlement), the wheel turns at least three times and
rests in the drawn section just past the peg the clapper caught, and the flag section carries the venue's
name."""

from __future__ import annotations

import itertools
import math

import pytest

from terminal.display import bigsix_stage, samples, sicbo_stage
from terminal.display.gl import pyglet
from terminal.display.kit import LABELS
from terminal.display.painter import Painter
from terminal.display.scene import Stage, scene_at
from terminal.games.bigsix.rules import SECTIONS, SIZE
from terminal.games.sicbo.rules import FACES, Spot
from terminal.i18n import load_catalogue

ROLLS = list(itertools.product(FACES, repeat=3))


def _wins(dice: tuple[int, int, int]) -> set[str]:
    """The board's areas lit on ``dice``, from the rules' settlement of each area's wager."""
    areas = {"small": "small", "big": "big", "any_triple": "any_three_of_a_kind"}
    areas |= {f"total_{n}": f"total_{n}" for n in range(4, 18)}
    areas |= {f"face_{n}": f"one_of_a_kind:{n}" for n in FACES}
    won = {name for name, spot in areas.items() if Spot.parse(spot).entry(dice) is not None}
    return won | ({f"total_{sum(dice)}"} if sum(dice) in (3, 18) else set())  # 3 and 18: lit, not a wager


def test_every_sic_bo_roll_rests_on_its_faces_and_lights_what_it_wins() -> None:
    for dice in ROLLS:
        text = "-".join(map(str, dice))
        shaking = sicbo_stage.pose_at(text, 0.0, None, sicbo_stage.SHAKE_S * 0.5)
        rest = sicbo_stage.pose_at(text, 0.0, None, sicbo_stage.SETTLE_S)
        assert shaking.lift == 0.0 and not shaking.lit and not shaking.at_rest
        assert rest.faces == dice and rest.at_rest and set(rest.lit) == _wins(dice), text


def test_the_dice_show_other_faces_while_shaking() -> None:
    seen = {sicbo_stage.pose_at("2-5-5", 0.0, None, t / 20).faces for t in range(30)}
    assert len(seen) > 5


@pytest.mark.parametrize("before", [0, 1, 27, 53])
def test_every_big_six_stop_rests_in_its_section_after_three_turns(before: int) -> None:
    last = f"{SECTIONS[before]}@{before}"
    for section, symbol in enumerate(SECTIONS):
        text = f"{symbol}@{section}"
        start = bigsix_stage.pose_at(text, 0.0, last, 0.0)
        rest = bigsix_stage.pose_at(text, 0.0, last, bigsix_stage.SETTLE_S)
        under = (-rest.angle / (360 / SIZE)) % SIZE
        off = (under - section + SIZE / 2) % SIZE - SIZE / 2  # sections from the drawn one's middle
        assert math.isclose(off, bigsix_stage.PAST_PEG - 0.5, abs_tol=1e-6)  # inside it, past the peg
        assert 3 <= (start.angle - rest.angle) / 360 < 4
        assert rest.at_rest and rest.section == section and rest.clapper == 0.0


def test_the_wheel_slows_and_the_pegs_flick_the_clapper() -> None:
    poses = [bigsix_stage.pose_at("joker@0", 0.0, "one@1", t / 50) for t in range(341)]
    angles = [p.angle for p in poses]
    assert all(b <= a for a, b in itertools.pairwise(angles))  # one way, never back
    steps = [a - b for a, b in itertools.pairwise(angles)]
    assert steps[0] > steps[len(steps) // 2] > steps[-1]  # slowing down
    assert max(abs(p.clapper) for p in poses) > 10 and not any(p.at_rest for p in poses[:-1])


@pytest.fixture(scope="module")
def painter() -> Painter:
    return Painter(pyglet.window.Window(1920, 1080, visible=False), load_catalogue("en"), 20)


def test_the_flag_section_shows_the_venue(painter: Painter) -> None:
    model, t = samples.at_rest(samples.base("bigsix"), "flag@27")
    scene = scene_at(model, t, 20)
    painter.paint(scene)
    assert scene.stage is Stage.RESULT and scene.headline == "display.call_bigsix"
    assert "Keystone Casino" in {label.text for label in LABELS}


def test_a_result_is_called_only_once_the_dice_rest(painter: Painter) -> None:
    model, t = samples.spun(samples.base("sicbo"), "6-6-6", 1.0)
    moving = scene_at(model, t, 20)
    rested = scene_at(model, t + sicbo_stage.SETTLE_S, 20)
    assert moving.stage is Stage.SPINNING and moving.outcome is None and moving.history[0].outcome != "6-6-6"
    assert rested.headline == "display.call_sicbo_triple" and rested.outcome == "18"
    assert rested.history[0].outcome == "6-6-6"  # the Result's "6-6-6 (18)" is written as History writes it
    painter.paint(rested)


@pytest.mark.parametrize(("language", "letters"), [("en", "SBT"), ("es", "PGT")])
def test_each_sic_bo_history_tile_says_small_big_or_triple_in_a_letter(language: str, letters: str) -> None:
    """Not by colour alone (a colour-blind player): S/B/T, in Spanish P/G/T, under each tile's total."""
    painter = Painter(pyglet.window.Window(1920, 1080, visible=False), load_catalogue(language), 20)
    model, t = samples.at_rest(samples.base("sicbo"), "6-6-6")
    scene = scene_at(model, t, 20)
    painter.paint(scene)
    side = painter.side(painter.design.panels("sicbo", False))
    shown = [mark.text for mark in side.tile_marks][: len(scene.history)]
    expected = []
    for item in scene.history[: len(shown)]:
        dice = [int(face) for face in item.outcome.split("-")]
        triple = len(set(dice)) == 1
        expected.append(letters[2] if triple else letters[0] if sum(dice) <= 10 else letters[1])
    assert len(shown) >= 10 and shown == expected
    assert set(expected) == set(letters)  # the sample's history holds all three
