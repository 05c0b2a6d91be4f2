"""Every display screenshot state painted by ``render_display_screens`` and checked as it is painted: the
text of each frame (readable and whole, ``test_text_sizes``) and what each state wrote (``test_render``).
Both tests read the same run (the session fixture ``display_run`` in ``conftest.py`` makes one per size and
language): painting the 104 states was most of each.

The checks of a frame's text are here: every label shown is at least :data:`MIN_TEXT_PX`, none wider than
its room, none cut by the window's edge, none lying over another.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from terminal import config as configuration
from terminal.display import screens
from terminal.display.kit import LABELS, MIN_TEXT_PX, TEXTS, Text
from terminal.display.painter import Painter
from terminal.display.scene import Scene
from tests.display import frames

Box = tuple[float, float, float, float]
READ_BACK = (1920, 1080, "es")  # the run whose frames are read back (``test_render``; make check's text run)


def box_of(text: Text) -> Box:
    """The label's box in window pixels (left, bottom, right, top)."""
    label = text.label
    w, h = float(label.content_width), float(label.content_height)
    x = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    y = {"bottom": label.y, "center": label.y - h / 2, "top": label.y - h, "baseline": label.y - h * 0.2}[
        label.anchor_y
    ]
    return (x, y, x + w, y + h)


def overlap(a: Box, b: Box, slack: float = 2.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def overlapping(boxes: list[Box], slack: float = 2.0) -> list[tuple[int, int]]:
    """Every pair ``(k, j)``, ``k < j``, of ``boxes`` that :func:`overlap`, in the order two nested loops
    find them (numpy: a frame has some eighty labels, three thousand pairs)."""
    if len(boxes) < 2:
        return []
    b = np.array(boxes, dtype=np.float64)
    left, bottom, right, top = (b[:, n] for n in range(4))
    hit = (
        (left[:, None] < right[None, :] - slack)
        & (left[None, :] < right[:, None] - slack)
        & (bottom[:, None] < top[None, :] - slack)
        & (bottom[None, :] < top[:, None] - slack)
    )
    ks, js = np.nonzero(np.triu(hit, 1))
    return list(zip(ks.tolist(), js.tolist(), strict=True))


def problems(painter: Painter, scene: Scene, name: str, width: int, height: int) -> list[str]:
    """Every text of ``scene``'s frame (just painted) that is too small, too wide, cut or covered."""
    batches = painter.batches(scene)
    shown = [t for t in list(TEXTS) if t.label.batch in batches and t.text.strip()]
    found = []
    flat: list[tuple[Text, Box]] = []  # the flat labels of the game, not the overlay (boxes measured once)
    for text in shown:
        size = float(text.label.font_size)
        if size < MIN_TEXT_PX:
            found.append(f"{name}: {text.text!r} at {size:.1f} px")
        if text.overflows:
            found.append(f"{name}: {text.text!r} is {text.content_width:.0f} px in {text.room:.0f}")
        if text.label.rotation:
            continue  # the watermark lies across the screen on purpose
        box = left, bottom, right, top = box_of(text)
        if left < -1 or bottom < -1 or right > width + 1 or top > height + 1:
            found.append(f"{name}: {text.text!r} is cut by the window's edge")
        if text.label.batch is not painter.overlay:
            flat.append((text, box))
    for k, j in overlapping([box for _, box in flat]):
        found.append(f"{name}: {flat[k][0].text!r} lies over {flat[j][0].text!r}")
    for fixed in list(LABELS):
        if fixed.batch in batches and float(fixed.font_size) < MIN_TEXT_PX:
            found.append(f"{name}: {fixed.text!r} at {fixed.font_size} px")
    return found


@dataclass(frozen=True)
class Run:
    """One ``render_display_screens`` at a size and in a language, as the tests read it."""

    written: tuple[Path, ...]  # what it returned
    saved: tuple[Path, ...]  # every path ``Painter.save`` was asked for, in order
    problems: tuple[str, ...]  # every text problem of every frame
    colours: tuple[int, ...]  # each saved frame's count of colours (every 8th pixel across and up)
    first: bytes  # the first frame's RGBA rows, as read back; only its PNG is encoded (the others: paths)
    # (colours and first: the run READ_BACK only; reading a frame back costs as much as painting its text)


def painted(width: int, height: int, language: str, out: Path) -> Run:
    """Every state of ``render_display_screens`` at ``width`` x ``height`` in ``language``, into ``out``."""
    saved: list[Path] = []
    found: list[str] = []
    colours: list[int] = []
    first: list[bytes] = []
    scenes: list[Scene] = []
    paint, save = Painter.paint, Painter.save

    def painting(self: Painter, scene: Scene) -> None:
        scenes.append(scene)
        paint(self, scene)

    def saving(self: Painter, path: Path) -> Path:
        w, h = self.window.width, self.window.height
        name = f"{w}x{h} {path.stem}"
        found.extend(problems(self, scenes[-1], name, w, h) if scenes else [f"{name}: saved, never painted"])
        scenes.clear()
        saved.append(path)
        if (width, height, language) != READ_BACK:
            return path
        frame = frames.frame(w, h)
        rgb = frame[::8, ::8, :3].astype(np.uint32)
        colours.append(len(np.unique(rgb[..., 0] << 16 | rgb[..., 1] << 8 | rgb[..., 2])))
        if len(saved) > 1:
            return path
        first.append(frame.tobytes())
        return save(self, path)  # the first state's PNG, written by the product's own save

    c = configuration.loads(
        f"[seat]\nlanguage = {language}\n[display]\nwidth = {width}\nheight = {height}\n", "<test>", out
    )
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Painter, "paint", painting)
        mp.setattr(Painter, "save", saving)
        mp.setattr(screens, "gc", frames.Uncollected())
        written = screens.render_display_screens(c, out / "shots")
    return Run(tuple(written), tuple(saved), tuple(found), tuple(colours), first[0] if first else b"")
