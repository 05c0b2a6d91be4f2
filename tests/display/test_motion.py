"""The pure display model: the ball lands on the outcome for every pocket, dice rest on the roll."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from terminal.display import boards, dice_motion, field_motion, wheel_motion
from terminal.display.layout import DESIGNS, Design, die_size
from terminal.games.roulette.wheels import DOUBLE_ZERO, WHEELS
from tests.table.harness import make_config, scripted_table


def _pocket_at(order: tuple[int, ...], wheel_deg: float, ball_deg: float) -> int:
    """Independent geometry: the pocket whose sector [centre - half, centre + half) holds the ball."""
    step = 360.0 / len(order)
    relative = (ball_deg - wheel_deg) % 360.0  # the ball's angle on the face
    for index, pocket in enumerate(order):
        centre = (90.0 - index * step) % 360.0
        offset = (relative - centre + 180.0) % 360.0 - 180.0
        if -step / 2 <= offset < step / 2:
            return pocket
    raise AssertionError("no pocket holds the ball")


@pytest.mark.parametrize("name", ["double_zero", "single_zero"])
def test_the_ball_lands_in_the_outcome_pocket_for_every_pocket(name: str) -> None:
    order = WHEELS[name].order
    for pocket in order:
        plan = wheel_motion.SpinPlan(order, pocket, start=50.0)
        for t in (plan.land_s, (plan.land_s + plan.stop_s) / 2, plan.stop_s, plan.stop_s + 30):
            pose = wheel_motion.pose_at(plan, 50.0 + t)
            assert pose.landed
            assert _pocket_at(order, pose.wheel_deg, pose.ball_deg) == pocket, (name, pocket, t)
        end = wheel_motion.pose_at(plan, 50.0 + plan.stop_s)
        # At rest the outcome sits under the pointer at the top (90°), the ball in it.
        assert end.at_rest and end.ball_radius == 0.0
        assert abs(((end.ball_deg - 90.0 + 180.0) % 360.0) - 180.0) < 1e-6


def test_double_zero_pocket_is_on_the_double_zero_wheel_only() -> None:
    with pytest.raises(ValueError, match="not on a wheel"):
        wheel_motion.SpinPlan(WHEELS["single_zero"].order, DOUBLE_ZERO, 0.0)


def test_the_spin_really_spins_and_slows_down() -> None:
    order = WHEELS["double_zero"].order
    plan = wheel_motion.SpinPlan(order, 17, start=0.0)
    times = [k * 0.05 for k in range(int(plan.land_s / 0.05))]
    balls = [wheel_motion.pose_at(plan, t).ball_deg for t in times]
    wheels = [wheel_motion.pose_at(plan, t).wheel_deg for t in times]
    ball_steps = [a - b for a, b in itertools.pairwise(balls)]
    assert all(step > 0 for step in ball_steps[:-1])  # the ball runs clockwise the whole time
    assert ball_steps[0] > 5 * min(ball_steps)  # and slows down (its last half turn closes on the pocket)
    assert balls[0] - balls[-1] > 360.0 * 4  # several turns round the track
    assert all(b > a for a, b in itertools.pairwise(wheels))  # the wheel turns the other way
    assert wheel_motion.pose_at(plan, 0.1).ball_radius == 1.0  # on the track early on
    assert 0.0 < wheel_motion.pose_at(plan, plan.land_s - 0.3).ball_radius < 1.0  # leaving its line
    # Continuity where the ball lands: no jump.
    before = wheel_motion.pose_at(plan, plan.land_s - 1e-6)
    after = wheel_motion.pose_at(plan, plan.land_s)
    assert abs(before.ball_deg - after.ball_deg) < 1e-3
    # Mid-spin the ball is generally NOT over the outcome (the motion is not a static picture).
    mids = {wheel_motion.pocket_under(order, w, b) for w, b in zip(wheels[::10], balls[::10], strict=True)}
    assert len(mids) > 3


@pytest.mark.parametrize("faces", [(a, b) for a in range(1, 7) for b in range(1, 7)])
def test_the_dice_come_to_rest_on_the_rolled_faces(faces: tuple[int, int]) -> None:
    plan = dice_motion.TumblePlan(faces, start=10.0)
    rest = dice_motion.pose_at(plan, 10.0 + plan.duration_s)
    assert rest.faces == faces and rest.at_rest
    seen = {dice_motion.pose_at(plan, 10.0 + k * 0.05).faces[0] for k in range(40)}
    assert len(seen) >= 4  # the dice really tumble through faces first
    assert not dice_motion.pose_at(plan, 11.0).at_rest


def test_rolls_are_parsed_strictly() -> None:
    assert dice_motion.parse_roll("6-1") == (6, 1)
    for bad in ("7-1", "4", "4-3-2", "a-b", ""):
        with pytest.raises(dice_motion.RollTextError, match="not a roll"):
            dice_motion.parse_roll(bad)


def test_a_craps_result_as_the_table_writes_it_is_a_roll(tmp_path: Path) -> None:
    """``terminal run --headless`` at a craps table wrote no display screenshots: the table's ``Result``
    says ``"1-1 (2)"`` (roll and total), which the display refused as "not a roll of two dice"."""
    c = make_config(tmp_path, "[table]\ngame = craps\n")
    table = scripted_table(c, (1, 1), (6, 5))
    table.start()
    for faces in ((1, 1), (6, 5)):
        report = table.play_round()
        assert report.text != f"{faces[0]}-{faces[1]}"  # the table writes more than the faces
        assert dice_motion.parse_roll(report.text) == faces
        table.open_round()
    table.ledger.close()
    assert boards.dice_total("2-1 (3)") == boards.dice_total("2-1") == "3"
    assert boards.dice_total("17") == "17"
    for bad in ("4-3 (8)", "4-3 ()", "4-3 (7"):
        with pytest.raises(dice_motion.RollTextError, match="not a roll"):
            dice_motion.parse_roll(bad)


def test_the_drive_moves_down_by_down_and_stops_at_the_goal_line() -> None:
    assert field_motion.drive_positions((15, 15, 15, 15)) == (0, 15, 30, 45, 50)
    assert field_motion.verdict((15, 15, 15, 15)) == ("touchdown", "red")
    assert field_motion.verdict((-15, -15, -15, -10)) == ("touchdown", "black")
    assert field_motion.verdict((3, -5, 0, 10)) == ("turnover", "red")
    assert field_motion.verdict((3, -3, 0, 0)) == ("tie", "")
    plan = field_motion.DrivePlan((15, -3), start=5.0)
    assert field_motion.pose_at(plan, 5.0).ball == 15.0  # starts where down 1 left it
    mid = field_motion.pose_at(plan, 5.0 + plan.move_s / 2)
    assert 12.0 < mid.ball < 15.0 and mid.moving
    end = field_motion.pose_at(plan, 99.0)
    assert end.ball == 12.0 and end.downs_played == 2 and end.marks == (15, 12) and not end.moving


@pytest.mark.parametrize("design", DESIGNS, ids=lambda d: d.name)
def test_the_dice_stay_on_the_felt_all_the_way(design: Design) -> None:
    """A die thrown from the tray's edge poked out over the rim and off the screen's left edge."""
    tx, ty, tw, th = design.craps.tray
    plan = dice_motion.TumblePlan((6, 1), 0.0)
    reach = die_size(design.craps.tray) / 2 * 2**0.5  # half a die's diagonal: a die at any turn fits in it
    for k in range(int(plan.duration_s * 60) + 2):
        for fx, fy in dice_motion.pose_at(plan, k / 60).positions:
            x, y = tx + fx * tw, ty + fy * th
            assert x - reach >= tx and x + reach <= tx + tw, (k, x)
            assert y - reach >= ty and y + reach <= ty + th, (k, y)
