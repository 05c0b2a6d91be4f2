"""Every word the display draws is readable and whole, in every scene, at every screen size, in every
language: no text under 14 pixels, none wider than its room, none cut off by the window's edge, none
lying over another.

The scenes are the screenshot states (``terminal.display.screens``): betting, no more bets, the spin, the
result, the kick-off, the Touchdown drive down by down, single zero, dice and the calls of a roll, a tilt,
out of service, link lost, lab mode. Sizes: 1920×1080, 1024×768 and 2560×1080, each laid out for its
shape.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from terminal import config as configuration
from terminal.display import samples, screens
from terminal.display.gl import pyglet
from terminal.display.kit import LABELS, MIN_TEXT_PX, TEXTS, Text
from terminal.display.painter import Painter
from terminal.display.scene import Scene, scene_at
from terminal.i18n import LANGUAGES, load_catalogue
from tests.support.sources import parsed

SIZES = ((1920, 1080), (1024, 768), (2560, 1080))
slow = pytest.mark.slow
DISPLAY = Path(__file__).resolve().parents[2] / "terminal" / "display"
Box = tuple[float, float, float, float]


def _box(text: Text) -> Box:
    """The label's box in window pixels (left, bottom, right, top)."""
    label = text.label
    w, h = float(label.content_width), float(label.content_height)
    x = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    y = {"bottom": label.y, "center": label.y - h / 2, "top": label.y - h, "baseline": label.y - h * 0.2}[
        label.anchor_y
    ]
    return (x, y, x + w, y + h)


def _overlap(a: Box, b: Box, slack: float = 2.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def _problems(painter: Painter, scene: Scene, name: str, width: int, height: int) -> list[str]:
    batches = painter.batches(scene)
    shown = [t for t in list(TEXTS) if t.label.batch in batches and t.text.strip()]
    found = []
    for text in shown:
        size = float(text.label.font_size)
        if size < MIN_TEXT_PX:
            found.append(f"{name}: {text.text!r} at {size:.1f} px")
        if text.overflows:
            found.append(f"{name}: {text.text!r} is {text.content_width:.0f} px in {text.room:.0f}")
        if text.label.rotation:
            continue  # the watermark lies across the screen on purpose
        left, bottom, right, top = _box(text)
        if left < -1 or bottom < -1 or right > width + 1 or top > height + 1:
            found.append(f"{name}: {text.text!r} is cut by the window's edge")
    flat = [(t, _box(t)) for t in shown if not t.label.rotation and t.label.batch is not painter.overlay]
    for k, (a, box_a) in enumerate(flat):  # each box measured once, not once per pair
        for b, box_b in flat[k + 1 :]:
            if _overlap(box_a, box_b):
                found.append(f"{name}: {a.text!r} lies over {b.text!r}")
    for fixed in list(LABELS):
        if fixed.batch in batches and float(fixed.font_size) < MIN_TEXT_PX:
            found.append(f"{name}: {fixed.text!r} at {fixed.font_size} px")
    return found


@pytest.fixture(scope="module")
def windows() -> Iterator[dict[tuple[int, int], pyglet.window.Window]]:
    """One hidden window per size, made when a test first asks for it and shared by the languages."""
    made: dict[tuple[int, int], pyglet.window.Window] = {}
    yield made
    for win in made.values():
        win.close()


def _sweep() -> list[Any]:
    """Every size and language: make check paints 1920x1080 in Spanish (the longer words), make test the
    other sizes and languages too (the sweep is marked slow)."""
    return [
        pytest.param(size, language, marks=() if (size, language) == ((1920, 1080), "es") else slow,
                     id=f"{size[0]}x{size[1]}-{language}")
        for size in SIZES
        for language in LANGUAGES
    ]  # fmt: skip


@pytest.mark.parametrize(("size", "language"), _sweep())
def test_every_scene_at_every_size_has_readable_whole_text(
    windows: dict[tuple[int, int], pyglet.window.Window], size: tuple[int, int], language: str, tmp_path: Path
) -> None:
    window = windows.get(size) or windows.setdefault(size, pyglet.window.Window(*size, visible=False))
    c = configuration.loads(f"[seat]\nlanguage = {language}\n", "<test>", tmp_path)
    painter = Painter(window, load_catalogue(language), c.display.history_length)
    problems: list[str] = []
    for name, make in screens._shots(c):
        model, t = make()
        scene = scene_at(model, t, c.display.history_length)
        painter.paint(scene)
        problems += _problems(
            painter, scene, f"{window.width}x{window.height} {name}", window.width, window.height
        )
    assert problems == [], "\n".join(problems)


def test_the_check_catches_small_overflowing_and_overlapping_text(tmp_path: Path) -> None:
    window = pyglet.window.Window(1920, 1080, visible=False)
    try:
        painter = Painter(window, load_catalogue("en"), 20)
        tiny = Text(painter.overlay, pyglet.graphics.Group(), 100, 100, 8)
        tiny.show("WORDS THAT DO NOT FIT", fit=40)
        other = Text(painter.overlay, pyglet.graphics.Group(), 100, 100, 20)
        other.show("OVER")
        scene = scene_at(*samples.betting(samples.base()), 20)
        painter.paint(scene)
        found = _problems(painter, scene, "planted", 1920, 1080)
        assert float(tiny.label.font_size) == MIN_TEXT_PX  # raised to the floor, never under it
        assert any("WORDS" in p and "px in" in p for p in found)
        assert _overlap(_box(tiny), _box(other))
    finally:
        window.close()


def test_no_module_makes_a_label_but_the_kit() -> None:
    """So every label gets the floor: ``pyglet.text.Label`` appears in kit.py only."""
    makers = {
        path.name
        for path in DISPLAY.glob("*.py")
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.Attribute) and node.attr == "Label" and path.name != "kit.py"
    }
    assert makers == set()
