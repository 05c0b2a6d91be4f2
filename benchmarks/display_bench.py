"""The table display's frame time: the wheel mid-spin at 1920×1080 in software GL, against 60 Hz.

Paints the full display scene (wheel, ball, boards, Touchdown field, history) at successive instants of a
spin and measures each frame including ``glFinish`` (so the GPU work, here Mesa's llvmpipe on the CPU,
is counted). Prints the median frame time and its ratio to the 16.7 ms budget of a 60 Hz screen (a ratio
below 1 fits), plus the time of building the scene alone (the pure model) for comparison. The frames are
painted as the display paints them (only what changed since the last frame); for comparison, in the same
run, a painter that repaints the whole screen every frame (as a GPU display does, and as everything did
before). The machine may be shared: compare the two lines of one run, and run it more than once. Two
more lines: a spin in lab mode (the TEST watermark lies over the wheel) and the dice tumbling; and a betting
window whose statistics panel turns to the next (docs/statistics.md), its median and worst frame.

Run: ``.venv/bin/python benchmarks/display_bench.py [--frames 120]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("TERMINAL_DISPLAY_HEADLESS", "1")

from terminal.display import samples
from terminal.display.gl import pyglet
from terminal.display.model import DisplayModel
from terminal.display.painter import Painter
from terminal.display.scene import STATS_PAGE_S, scene_at
from terminal.i18n import load_catalogue

BUDGET_MS = 1000 / 60


def wheel_spin(test: bool = False) -> tuple[DisplayModel, float]:
    """The wheel one second into a spin, a Touchdown drive on the side (lab mode: the TEST watermark)."""
    model, start = samples.spun(samples.touchdown(samples.base(test=test), (32, 8)), "17", 0.0)
    return model, start + 1.0


def dice_tumble() -> tuple[DisplayModel, float]:
    """The dice 0.1 s into their tumble."""
    model, start = samples.spun(samples.craps(samples.base("craps"), 6, "4-2"), "4-3", 0.0)
    return model, start + 0.1


def stats_betting() -> tuple[DisplayModel, float]:
    """A betting window on a table of 600 spins, half a second before the statistics panel turns."""
    model, _ = samples.betting(samples.base("roulette", spins=600), 100.0)
    return model, STATS_PAGE_S * 13 - 0.5


def frames(
    painter: Painter, count: int, sample: Callable[[], tuple[DisplayModel, float]] = wheel_spin
) -> tuple[list[float], list[float]]:
    """Frame times and scene-building times (ms) of ``count`` frames from ``sample``, after 10 to warm up."""
    model, start = sample()
    times, scene_times = [], []
    for frame in range(count + 10):
        t = start + frame / 60
        began = time.perf_counter()
        scene = scene_at(model, t, 20)
        built = time.perf_counter()
        painter.paint(scene)
        pyglet.gl.glFinish()
        done = time.perf_counter()
        if frame >= 10:  # the first frames upload glyphs and buffers (and paint everything once)
            times.append((done - began) * 1000)
            scene_times.append((built - began) * 1000)
    return times, scene_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=120)
    args = parser.parse_args()
    window = pyglet.window.Window(1920, 1080, visible=False)
    catalog = load_catalogue("en")
    times, scene_times = frames(Painter(window, catalog, 20, incremental=True), args.frames)
    full, _ = frames(Painter(window, catalog, 20, incremental=False), max(20, args.frames // 4))
    median, full_median = statistics.median(times), statistics.median(full)
    print(f"renderer       {pyglet.gl.gl_info.get_renderer()}")
    print(f"frame          median {median:.2f} ms, p90 {sorted(times)[int(len(times) * 0.9)]:.2f} ms "
          f"over {len(times)} frames (wheel mid-spin, 1920x1080)")  # fmt: skip
    print(f"full repaint   median {full_median:.2f} ms over {len(full)} frames (every pixel, every frame)")
    print(f"scene model    median {statistics.median(scene_times) * 1000:.1f} µs per frame")
    print(
        f"ratio          {median / BUDGET_MS:.2f} of the 16.7 ms of 60 Hz "
        f"({'fits' if median < BUDGET_MS else 'OVER'}); "
        f"{full_median / median:.1f}x faster than a full repaint"
    )
    for name, sample in (("lab-mode spin", lambda: wheel_spin(test=True)), ("dice tumble", dice_tumble)):
        other, _ = frames(Painter(window, catalog, 20, incremental=True), max(20, args.frames // 4), sample)
        print(f"{name:14s} median {statistics.median(other):.2f} ms over {len(other)} frames")
    betting, _ = frames(
        Painter(window, catalog, 20, incremental=True), max(60, args.frames // 2), stats_betting
    )
    print(f"stats panel    median {statistics.median(betting):.2f} ms, worst {max(betting):.2f} ms over "
          f"{len(betting)} frames (betting, the panel turning once)")  # fmt: skip
    window.close()


if __name__ == "__main__":
    main()
