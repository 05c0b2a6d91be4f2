"""B2B's reader board and the Blazing 7's bonus on the table display: the balls land on the persisted pockets,
one after another, only after the main ball, and only for the spin that started them; rendered headless.
"""

from __future__ import annotations

import pytest

from terminal.display import bonus_motion, samples, theme
from terminal.display.gl import pyglet
from terminal.display.painter import Painter
from terminal.display.scene import Stage, scene_at, settle_time
from terminal.games.roulette.wheels import WHEELS
from terminal.i18n import load_catalogue
from tests.display import frames

W, H = 1920, 1080
ORDER = WHEELS["double_zero"].order


def test_each_ball_runs_then_lands_on_its_drawn_pocket_in_turn() -> None:
    balls = (7, 30, 27)
    for k, pocket in enumerate(balls):
        land = bonus_motion.land_time(0.0, k)
        before = bonus_motion.balls_at(ORDER, balls, 0.0, land - 0.05)[k]
        after = bonus_motion.balls_at(ORDER, balls, 0.0, land)[k]
        assert before[1] is False and after == (str(pocket), True)
        shown = {bonus_motion.balls_at(ORDER, balls, 0.0, land - d / 10)[k][0] for d in range(1, 14)}
        assert len(shown) > 3  # the pockets flash by while it runs
    assert bonus_motion.land_time(0.0, 0) < bonus_motion.land_time(0.0, 1) < bonus_motion.land_time(0.0, 2)


def test_the_bonus_shows_only_once_the_main_ball_has_landed() -> None:
    base = samples.base()
    spinning, t = samples.bonus(base, settle_time(base) - 1.0)
    scene = scene_at(spinning, t, 20)
    assert scene.stage is Stage.SPINNING and scene.sides is not None and scene.sides.bonus == ()
    assert scene.sides.odds == 25  # the board holds the previous spin's odds while the wheel turns
    landed, t = samples.bonus(base, settle_time(base) + bonus_motion.SETTLED_S)
    scene = scene_at(landed, t, 20)
    assert scene.sides is not None and scene.sides.odds == 250
    assert scene.sides.bonus == (("7", True), ("30", True), ("27", True))


def test_a_spin_that_did_not_start_the_bonus_shows_no_balls() -> None:
    base = samples.apply(samples.base(), samples.sides_view("17", 250, "17", (7, 30, 27)), 0.0)
    model, t = samples.at_rest(base, "5", view=samples.sides_view("5", 50, "17", (7, 30, 27)))
    scene = scene_at(model, t, 20)
    assert scene.sides is not None and scene.sides.bonus == () and scene.sides.previous == "5"


@pytest.fixture(scope="module")
def painter() -> Painter:
    window = pyglet.window.Window(W, H, visible=False)
    return Painter(window, load_catalogue("en"), 20)


def test_the_three_balls_are_painted_in_their_pockets_colours(painter: Painter) -> None:
    base = samples.base()
    model, t = samples.bonus(base, settle_time(base) + bonus_motion.SETTLED_S + 1.0)
    painter.paint(scene_at(model, t, 20))
    raw = frames.frame_bytes(W, H)
    x, y, w, h = painter.design.touchdown.outcome
    r = min(w * 0.22, (h - 70) / 2)
    cx, cy = x + 40 + r, y + (h - 50) / 2
    left = cx + r + 40
    ball = min(46.0, (x + w - 20 - left) / 7, r * 0.6)
    for k, colour in enumerate((theme.RED, theme.RED, theme.RED)):  # 7, 30 and 27 are red
        bx, by = left + ball + k * 2.5 * ball, cy + 5 + ball * 0.6  # inside the disc, above its number
        at = (int(by) * W + int(bx)) * 4
        assert all(abs(raw[at + c] - colour[c]) <= 30 for c in range(3)), (k, raw[at : at + 3])
