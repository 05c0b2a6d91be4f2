"""Headless screenshots of the table display in every state a person needs to see it in.

``render_display_screens(config, out_dir)`` paints each sample state (wheel at rest on 0, 00 and 17,
mid-spin, the betting countdown, no more bets, dice tumbling and at rest, the Touchdown field at each
down, a tilt banner, link lost, lab mode) into a hidden window of ``[display]`` size and writes PNGs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from terminal.config import Config
from terminal.display import samples
from terminal.display.gl import pyglet
from terminal.display.model import DisplayModel, LinkDown, apply
from terminal.display.painter import Painter
from terminal.display.scene import scene_at
from terminal.i18n import load_catalogue

Shot = tuple[str, Callable[[], tuple[DisplayModel, float]]]


def _shots(c: Config) -> list[Shot]:
    wheel = c.roulette.wheel
    rl = samples.base("roulette", wheel)
    cr = samples.base("craps")
    td = (32, 7, 0, 19)
    gains = (15, -3, 0, 15)
    return [
        ("display-roulette-betting", lambda: samples.betting(rl)),
        ("display-roulette-no-more-bets", lambda: samples.locked(rl)),
        ("display-roulette-mid-spin", lambda: samples.spun(rl, "17", 3.0)),
        ("display-roulette-ball-dropping", lambda: samples.spun(rl, "17", 5.6)),
        ("display-roulette-rest-0", lambda: samples.at_rest(rl, "0")),
        ("display-roulette-rest-00", lambda: samples.at_rest(samples.base("roulette", "double_zero"), "00")),
        ("display-roulette-rest-17", lambda: samples.at_rest(rl, "17")),
        (
            "display-roulette-single-zero-rest-17",
            lambda: samples.at_rest(samples.base("roulette", "single_zero"), "17"),
        ),
        *[(f"display-touchdown-down-{k}", _down(rl, td[:k], gains[:k])) for k in range(1, 5)],
        (
            "display-touchdown-mid-drive",
            lambda: samples.spun(samples.touchdown(rl, td[:2], gains[:2]), "7", 7.2),
        ),
        ("display-craps-betting", lambda: samples.betting(samples.craps(cr, 6, "4-2"))),
        ("display-craps-mid-tumble", lambda: samples.spun(samples.craps(cr, 6, "4-2"), "4-3", 0.9)),
        ("display-craps-at-rest", lambda: samples.at_rest(samples.craps(cr, None, "4-3"), "4-3")),
        ("display-tilt", lambda: (samples.tilted(samples.betting(rl)[0]), 100.0)),
        (
            "display-link-lost",
            lambda: (apply(rl, LinkDown("controller silent past the heartbeat timeout"), 1.0), 5.0),
        ),
        ("display-lab-mode-test", lambda: samples.at_rest(samples.base("roulette", wheel, test=True), "17")),
        (
            "display-craps-lab-mode-test",
            lambda: samples.at_rest(samples.craps(samples.base("craps", test=True), 8, "5-3"), "5-3"),
        ),
    ]


def _down(
    model: DisplayModel, downs: tuple[int, ...], gains: tuple[int, ...]
) -> Callable[[], tuple[DisplayModel, float]]:
    return lambda: samples.at_rest(samples.touchdown(model, downs, gains), str(downs[-1]).replace("37", "00"))


def render_display_screens(config: Config, out_dir: Path) -> list[Path]:
    """Render every sample state to ``out_dir/<name>.png``; returns the files written."""
    window = pyglet.window.Window(config.display.width, config.display.height, visible=False)
    try:
        painter = Painter(window, load_catalogue(config.seat.language), config.display.history_length)
        written = []
        for name, make in _shots(config):
            model, t = make()
            painter.paint(scene_at(model, t, config.display.history_length))
            written.append(painter.save(out_dir / f"{name}.png"))
        return written
    finally:
        window.close()
