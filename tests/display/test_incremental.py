"""Repainting only what changed gives the very frame a full repaint gives, along a whole round and more."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from terminal.display import regions, samples
from terminal.display.gl import pyglet
from terminal.display.layout import DESIGNS, Design, die_size
from terminal.display.model import DisplayModel
from terminal.display.painter import Painter
from terminal.display.scene import Scene, scene_at
from terminal.i18n import load_catalogue
from tests.display import frames

W, H = 1920, 1080


@pytest.fixture(scope="module")
def window() -> Iterator[pyglet.window.Window]:
    win = pyglet.window.Window(W, H, visible=False)
    yield win
    win.close()


def _frame() -> np.ndarray:
    return frames.frame(W, H)


def _rgb(frame: np.ndarray) -> np.ndarray:
    """A frame as rows of (r, g, b), signed so differences do not wrap (alpha is left out)."""
    return frame[..., :3].astype(np.int16)


def _where(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    ys, xs = np.nonzero(mask)  # row by row, as the frame's bytes run
    return xs, ys


def _differing(a: np.ndarray, b: np.ndarray) -> list[tuple[int, int]]:
    """Pixels (x, y) whose colour differs by more than 8 in some channel."""
    if np.array_equal(a, b):
        return []
    xs, ys = _where((np.abs(_rgb(a) - _rgb(b)) > 8).any(axis=2))
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


def _roulette_round() -> list[tuple[str, DisplayModel, float]]:
    rl = samples.touchdown(samples.base(), (32, 8))
    steps: list[tuple[str, DisplayModel, float]] = [("betting", *samples.betting(rl))]
    steps += [(f"spin {s}", *samples.spun(rl, "17", s, t=100.0 + s)) for s in (0.0, 1.0, 2.5, 4.0, 5.6, 6.2)]
    steps += [(f"landed {s}", *samples.spun(rl, "17", s, t=100.0 + s)) for s in (6.6, 7.6, 8.5, 9.5)]
    steps.append(("rest 0", *samples.at_rest(rl, "0")))
    steps.append(("kick-off", *samples.kickoff(samples.base(), "00", 9.0)))
    steps += [
        (
            f"down 4 {s}",
            *samples.down(
                samples.base(),
                (32, 8, 0, 19),
                s,
            ),
        )
        for s in (6.0, 7.0, 9.0)
    ]
    steps.append(("young", *samples.betting(samples.base(spins=5))))
    lab = samples.touchdown(samples.base(test=True), (32,))
    steps.append(("lab spin", *samples.spun(lab, "5", 3.0)))
    steps.append(("lab spin later", *samples.spun(samples.base(test=True), "5", 3.2)))
    steps.append(("tilt", samples.tilted(samples.betting(rl)[0]), 100.0))
    steps.append(("spin again", *samples.spun(rl, "22", 4.0)))
    cr = samples.craps(samples.base("craps"), 6, "4-2")
    steps += [(f"tumble {s}", *samples.spun(cr, "4-3", s, t=100.0 + s)) for s in (0.1, 0.4, 0.9, 1.3, 2.0)]
    steps.append(("craps rest", *samples.at_rest(samples.craps(samples.base("craps"), None, "4-3"), "4-3")))
    steps.append(("single zero", *samples.spun(samples.base("roulette", "single_zero"), "17", 5.0)))
    return steps


def test_every_incremental_frame_equals_a_full_repaint(window: pyglet.window.Window) -> None:
    """The incremental painter draws a whole round on its own window, each frame on the last it drew (as
    on the table); a full repaint of every scene on a second window must give the very same frame."""
    cat = load_catalogue("en")
    window.switch_to()
    fast = Painter(window, cat, 20, incremental=True)
    other = pyglet.window.Window(W, H, visible=False)
    try:
        full = Painter(other, cat, 20, incremental=False)
        window.switch_to()
        fast.paint(scene_at(samples.base(), 0.0, 20))
        for name, model, t in _roulette_round():
            scene = scene_at(model, t, 20)
            window.switch_to()
            fast.paint(scene)
            mine = _frame()
            other.switch_to()
            full.paint(scene)
            diff = _differing(mine, _frame())
            assert diff == [], (name, diff[:40])
    finally:
        other.close()
        window.switch_to()


def test_a_turning_frame_repaints_only_the_wheel(window: pyglet.window.Window) -> None:
    """Mid-spin, with nothing else changing, only pixels inside the wheel's box change."""
    painter = Painter(window, load_catalogue("en"), 20, incremental=True)
    model, t = samples.spun(samples.base(), "17", 2.3)  # the countdown stays on 23 for the next frame
    painter.paint(scene_at(model, t, 20))
    before = _frame()
    painter.paint(scene_at(model, t + 1 / 60, 20))
    after = _frame()
    x0, y0, w, h = painter.design.wheel_box()
    xs, ys = _where((_rgb(after) != _rgb(before)).any(axis=2))
    inside = (x0 <= xs) & (xs < x0 + w) & (y0 <= ys) & (ys < y0 + h)
    assert list(zip(xs[~inside].tolist(), ys[~inside].tolist(), strict=True)) == []
    assert not np.array_equal(after, before)  # the wheel did turn


@pytest.mark.parametrize("design", DESIGNS, ids=lambda d: d.name)
def test_the_dice_boxes_hold_the_dice_at_every_instant(design: Design) -> None:
    from terminal.display import dice_motion

    tx, ty, tw, th = design.craps.tray
    half = die_size(design.craps.tray) / 2 * 2**0.5  # a die turned 45 degrees
    model, start = samples.spun(samples.craps(samples.base("craps"), 6, "4-2"), "4-3", 0.0)
    for k in range(int(dice_motion.TumblePlan((1, 1), 0.0).duration_s * 60) + 2):
        scene = scene_at(model, start + k / 60, 20)
        (bx, by, bw, bh,) = regions.dice_boxes(scene, design)[0]  # fmt: skip
        assert scene.dice is not None
        for fx, fy in scene.dice.positions:
            x, y = tx + fx * tw, ty + fy * th
            assert bx <= x - half and x + half <= bx + bw and by <= y - half and y + half <= by + bh


def test_no_board_region_reaches_into_the_wheel() -> None:
    """So a board repaint never forces the wheel to repaint whole (a performance property of the layout)."""
    scene: Scene = scene_at(*samples.at_rest(samples.base(), "17"), 20)
    for design in DESIGNS:
        for region in regions.regions_of(scene, design):
            for rect in region.rects:
                assert not regions.overlaps(regions.padded(rect), design.wheel_box()), (
                    design.name,
                    region.name,
                )


def test_frames_are_kept_headless_unless_a_full_repaint_is_asked_for(
    window: pyglet.window.Window, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terminal.display.gl import preserves_frames

    assert preserves_frames()  # an EGL pbuffer keeps its pixels
    assert Painter(window, load_catalogue("en"), 20).incremental
    monkeypatch.setenv("TERMINAL_DISPLAY_FULL_REPAINT", "1")
    assert not preserves_frames()
    assert not Painter(window, load_catalogue("en"), 20).incremental
