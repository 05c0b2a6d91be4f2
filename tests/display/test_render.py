"""Rendering headless (EGL, Mesa software GL): the screens are written and show what the model says."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from terminal.display import samples, theme
from terminal.display.gl import HEADLESS, pyglet
from terminal.display.painter import Painter
from terminal.display.scene import scene_at
from terminal.i18n import load_catalogue
from tests.display import frames
from tests.display.every_screen import READ_BACK, Run

W, H = 1920, 1080


@pytest.fixture(scope="module")
def painter() -> Painter:
    window = pyglet.window.Window(W, H, visible=False)
    return Painter(window, load_catalogue("en"), 20)


def _frame() -> bytes:
    """The window's pixels, read back once (RGBA rows)."""
    return frames.frame_bytes(W, H)


def _at(raw: bytes, x: float, y: float) -> tuple[int, int, int]:
    at = (int(y) * W + int(x)) * 4
    return raw[at], raw[at + 1], raw[at + 2]


def _pixel(x: float, y: float) -> tuple[int, int, int]:
    return _at(_frame(), x, y)


def _near(a: tuple[int, int, int], b: theme.RGBA, tol: int = 30) -> bool:
    return all(abs(a[k] - b[k]) <= tol for k in range(3))


def test_rendering_is_headless_in_tests() -> None:
    assert HEADLESS


@pytest.mark.parametrize(("outcome", "colour"), [("17", theme.BLACK), ("5", theme.RED), ("0", theme.GREEN)])
def test_the_outcome_disc_has_the_pockets_colour(painter: Painter, outcome: str, colour: theme.RGBA) -> None:
    model, t = samples.at_rest(samples.base(), outcome)
    painter.paint(scene_at(model, t, 20))
    x, y, w, h = painter.design.touchdown.outcome
    r = min(w * 0.22, (h - 70) / 2)  # the disc: at the panel's left, under its title
    assert _near(_pixel(x + 40 + r, y + (h - 50) / 2 - r * 0.8), colour)


def test_the_ball_sits_under_the_pointer_at_rest(painter: Painter) -> None:
    model, t = samples.at_rest(samples.base(), "17")
    painter.paint(scene_at(model, t, 20))
    from terminal.display.wheel_motion import BALL_SEAT

    cx, cy, r = painter.design.wheel
    assert _near(_pixel(cx, cy + r * BALL_SEAT), theme.BALL, 10)


def test_the_banner_and_the_watermark_show(painter: Painter) -> None:
    plain, t = samples.betting(samples.base())
    painter.paint(scene_at(samples.tilted(plain), t, 20))
    assert _near(_pixel(40, H / 2), theme.BANNER_TILT)
    painter.paint(scene_at(plain, t, 20))
    assert not _near(_pixel(40, H / 2), theme.BANNER_TILT)
    grid = [(x, y) for x in range(300, 1700, 50) for y in range(250, 850, 50)]
    frame = _frame()  # one read-back per frame, not one per sampled point
    before = [_at(frame, x, y) for x, y in grid]
    test_model, t = samples.betting(samples.base(test=True))
    painter.paint(scene_at(test_model, t, 20))
    frame = _frame()
    changed = sum(_at(frame, x, y) != old for (x, y), old in zip(grid, before, strict=True))
    assert changed > len(grid) // 10  # the big TEST watermark lies across the middle


def test_render_display_screens_writes_every_state(display_run: Callable[[int, int, str], Run]) -> None:
    """Every state is painted and saved; the frames are read back as painted, and only the first is encoded
    as a PNG, checked to hold that very frame (every state is saved by the same ``Painter.save``; the 43
    PNG encodes were most of this test's time). The run is the one ``test_text_sizes`` checks the text of
    at this size and language (``every_screen.painted``: painted once for both)."""
    run = display_run(*READ_BACK)
    written = list(run.written)
    names = {p.stem for p in written}
    for wanted in ("display-roulette-rest-0-kickoff", "display-roulette-rest-00-kickoff",
                   "display-roulette-rest-17", "display-roulette-young-table", "display-out-of-service",
                   "display-roulette-mid-spin", "display-craps-mid-tumble", "display-craps-seven-out",
                   "display-touchdown-down-1", "display-touchdown-down-4", "display-tilt",
                   "display-lab-mode-test"):  # fmt: skip
        assert wanted in names
    assert list(run.saved) == written and len(set(written)) == len(written)
    first = written[0]
    assert first.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = pyglet.image.load(str(first)).get_image_data()
    assert image.get_data("RGBA", READ_BACK[0] * 4) == run.first  # the PNG holds the frame painted
    for path, colours in zip(written, run.colours, strict=True):
        assert colours > 20, f"{path.name} looks empty"
