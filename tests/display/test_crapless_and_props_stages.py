"""The table display's crapless stage and the Props & Hops board, drawn from the game's own view record.

Crapless: the puck stands over the point the table's view gives (2 to 12, which a craps puck has no box
for), the Fire points and Hard Rock'n marks light, and while the dice roll the stage shows the table as
it was before the roll. Props & Hops: the board draws the hop grid the table configured (not the
default one) and lights the Hop groups of that grid, and the Six Eight Shake's six combinations light
where a standing shake has marked them.
"""

from __future__ import annotations

import pytest

from terminal.display import crapless_stage, samples
from terminal.display.gl import pyglet
from terminal.display.model import DisplayModel, apply
from terminal.display.painter import Painter
from terminal.display.scene import Stage, scene_at
from terminal.display.theme import BLACK, FIRE_LIT, GOLD
from terminal.games.crapless.engine import CraplessView
from terminal.games.props_hops.engine import PropsHopsView
from terminal.games.props_hops.rules import DEFAULT_GRID, entry_of, parse_grid
from terminal.i18n import load_catalogue
from terminal.net.game_state import game_view

MOVED = DEFAULT_GRID.replace("1-6", "x").replace("1-1", "1-6").replace("x", "1-1")  # 1-6 to the Left group


@pytest.fixture(scope="module")
def painter() -> Painter:
    return Painter(pyglet.window.Window(1920, 1080, visible=False), load_catalogue("en"), 20)


def _with(model: DisplayModel, game: str, record: object) -> DisplayModel:
    return apply(model, game_view(game, samples.ROUND, record), 0.0)


def _colour(shape: object) -> tuple[int, ...]:
    return tuple(shape.color)  # type: ignore[attr-defined]


def test_the_crapless_puck_stands_over_any_of_the_ten_points(painter: Painter) -> None:
    base = samples.base("crapless")
    for point in (2, 3, 11, 12, 6):
        model, t = samples.betting(
            _with(base, "crapless", CraplessView(point, False, (2, 11), (2, 5), "1-1"))
        )
        scene = scene_at(model, t, 20)
        painter.paint(scene)
        view = painter.stage(scene).view  # type: ignore[union-attr]
        assert view.puck.position[0] == pytest.approx(painter.sc(view.point_x[point]))
        assert view.puck_text.text == "ON"
        lit = {n for n, (box, _) in view.fire.items() if _colour(box)[:3] == FIRE_LIT[:3]}
        marked = {n for n, (box, _) in view.marks.items() if _colour(box)[:3] == GOLD[:3]}
        assert (lit, marked) == ({2, 11}, {2, 5})
    model, t = samples.betting(_with(base, "crapless", CraplessView(None, True, (), (), "3-4")))
    scene = scene_at(model, t, 20)
    painter.paint(scene)
    view = painter.stage(scene).view  # type: ignore[union-attr]
    assert view.puck_text.text == "OFF" and all(_colour(b)[:3] == BLACK[:3] for b, _ in view.fire.values())


def test_while_the_dice_roll_the_crapless_stage_shows_the_table_before_the_roll() -> None:
    before = _with(samples.base("crapless"), "crapless", CraplessView(None, True, (), (), "3-4"))
    after = game_view("crapless", samples.ROUND, CraplessView(4, False, (), (4,), "3-1"))
    model, t = samples.spun(before, "3-1", 1.0, view=after)
    rolling = scene_at(model, t, 20)
    assert rolling.stage is Stage.SPINNING and rolling.state.point is None  # type: ignore[attr-defined]
    rested = scene_at(model, t + crapless_stage.SETTLE_S, 20)
    assert rested.stage is Stage.RESULT and rested.state.point == 4  # type: ignore[attr-defined]
    assert rested.pose.faces == (3, 1) and rested.headline == "display.call_crapless"


def _props(painter: Painter, grid: str, marks: tuple[str, ...], roll: str) -> object:
    base = _with(samples.base("props_hops"), "props_hops", PropsHopsView("standard", grid, "", marks))
    after = game_view("props_hops", samples.ROUND, PropsHopsView("standard", grid, roll, marks))
    model, t = samples.at_rest(base, roll, view=after)
    scene = scene_at(model, t, 20)
    painter.paint(scene)
    return painter.stage(scene).view  # type: ignore[union-attr]


def test_the_props_board_draws_the_configured_grid_and_lights_its_groups(painter: Painter) -> None:
    grid = parse_grid(MOVED)
    view = _props(painter, MOVED, (), "6-1")
    labels = [item.text for _, item in view.boxes]  # type: ignore[attr-defined]
    assert (
        labels == [f"{a}-{b}" for row in grid.rows for a, b in row] != DEFAULT_GRID.replace(" /", "").split()
    )
    lit = {name for name, (box, _) in view.cells.items() if _colour(box)[:3] == GOLD[:3]}  # type: ignore[attr-defined]
    hops = {h for h in ("hop_top", "hop_left", "hop_center", "hop_right") if entry_of(h, (6, 1), grid)}
    default_hops = {h for h in hops if entry_of(h, (6, 1), parse_grid(DEFAULT_GRID))}
    assert (
        hops != default_hops
    )  # the grid with 1-6 moved puts 1-6 in another group: the test tells them apart
    assert lit >= {"box_1_6", *hops} and not lit & (default_hops - hops)


def test_the_six_eight_shake_marks_light_on_the_board(painter: Painter) -> None:
    view = _props(painter, DEFAULT_GRID, ("1-5 3-3", "3-3 4-4"), "2-2")
    cells = view.shake  # type: ignore[attr-defined]
    lit = {combo for combo, (box, _) in cells.items() if _colour(box)[:3] == GOLD[:3]}
    assert lit == {(1, 5), (3, 3), (4, 4)}
    assert cells[3, 3][1].text == "3-3×2" and cells[1, 5][1].text == "1-5"
    none = _props(painter, DEFAULT_GRID, (), "2-2")
    assert not any(_colour(box)[:3] == GOLD[:3] for box, _ in none.shake.values())  # type: ignore[attr-defined]
