"""Small layout promises: the venue and table id are drawn; drive-chart labels never overlap."""

from __future__ import annotations

import random

import pytest

from terminal.display import field_motion, samples, theme
from terminal.display.gl import pyglet
from terminal.display.painter import Painter
from terminal.display.scene import scene_at
from terminal.i18n import load_catalogue
from tests.display import frames

W, H = 1920, 1080


def test_the_scene_carries_the_venue_and_table_id_of_the_last_table_state() -> None:
    model, t = samples.betting(samples.base())  # samples.table_state: "Keystone Casino", "T-01"
    assert scene_at(model, t, 20).table == "Keystone Casino · T-01"
    assert scene_at(samples.base(), 0.0, 20).table == ""  # none before the first TableState


@pytest.mark.parametrize("table", ["Keystone Casino · T-01", ""])
def test_the_venue_line_is_drawn_under_the_round(table: str) -> None:
    window = pyglet.window.Window(W, H, visible=False)
    try:
        painter = Painter(window, load_catalogue("en"), 20)
        model, t = samples.betting(samples.base())
        scene = scene_at(model, t, 20)
        painter.paint(scene.__class__(**{**{f: getattr(scene, f) for f in scene.__slots__}, "table": table}))
        data = frames.frame_bytes(W, H)
        bg = theme.BACKGROUND
        inked = sum(
            1
            for y in range(974, 994)
            for x in range(40, 300)
            if max(abs(data[(y * W + x) * 4 + c] - bg[c]) for c in range(3)) > 40
        )
        assert (inked > 100) == bool(table)
    finally:
        window.close()


def test_downs_that_end_on_the_same_yard_share_one_label() -> None:
    assert field_motion.mark_groups((15, 12, 12, 27)) == ((15, "1"), (12, "2·3"), (27, "4"))
    assert field_motion.mark_groups((0, 0, 0, 0)) == ((0, "1·2·3·4"),)
    assert field_motion.mark_groups(()) == ()


def test_spread_labels_never_overlap_and_move_only_as_needed() -> None:
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(1, 4)
        xs = tuple(sorted(rng.uniform(100, 820) for _ in range(n)))
        widths = tuple(rng.uniform(8, 40) for _ in range(n))
        out = field_motion.spread(xs, widths, gap=6.0, lo=100.0, hi=820.0)
        for k in range(1, n):
            assert out[k] - out[k - 1] >= (widths[k] + widths[k - 1]) / 2 + 6.0 - 1e-9
        assert out[0] - widths[0] / 2 >= 100.0 - 1e-9 and out[-1] + widths[-1] / 2 <= 820.0 + 1e-9
        apart = all(xs[k] - xs[k - 1] >= (widths[k] + widths[k - 1]) / 2 + 6.0 for k in range(1, n))
        inside = xs[0] - widths[0] / 2 >= 100.0 and xs[-1] + widths[-1] / 2 <= 820.0
        if apart and inside:
            assert out == xs
