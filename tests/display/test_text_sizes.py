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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from terminal.display import samples
from terminal.display.gl import pyglet
from terminal.display.kit import MIN_TEXT_PX, Text
from terminal.display.painter import Painter
from terminal.display.scene import scene_at
from terminal.i18n import LANGUAGES, load_catalogue
from tests.display.every_screen import Run, box_of, overlap, problems
from tests.support.sources import parsed

SIZES = ((1920, 1080), (1024, 768), (2560, 1080))
slow = pytest.mark.slow
DISPLAY = Path(__file__).resolve().parents[2] / "terminal" / "display"


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
    display_run: Callable[[int, int, str], Run], size: tuple[int, int], language: str
) -> None:
    """Each state painted by ``render_display_screens`` (the run ``test_render`` reads too), its text checked
    right after it was painted (``every_screen.problems``)."""
    run = display_run(*size, language)
    assert len(run.saved) == len(run.written) > 100  # every state was painted and checked
    assert list(run.problems) == [], "\n".join(run.problems)


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
        found = problems(painter, scene, "planted", 1920, 1080)
        assert float(tiny.label.font_size) == MIN_TEXT_PX  # raised to the floor, never under it
        assert any("WORDS" in p and "px in" in p for p in found)
        assert overlap(box_of(tiny), box_of(other))
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
