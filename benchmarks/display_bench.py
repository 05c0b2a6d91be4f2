"""The table display's frame time: the wheel mid-spin at 1920×1080 in software GL, against 60 Hz.

Paints the full display scene (wheel, ball, boards, Touchdown field, history) at successive instants of a
spin and measures each frame including ``glFinish`` (so the GPU work, here Mesa's llvmpipe on the CPU,
is counted). Prints the median frame time and its ratio to the 16.7 ms budget of a 60 Hz screen (a ratio
below 1 fits), plus the time of building the scene alone (the pure model) for comparison. The frames are
painted as the display paints them (only what changed since the last frame); for comparison, in the same
run, a painter that repaints the whole screen every frame (as a GPU display does, and as everything did
before). The machine may be shared: compare the two lines of one run, and run it more than once.

Run: ``.venv/bin/python benchmarks/display_bench.py [--frames 120]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("TERMINAL_DISPLAY_HEADLESS", "1")

from terminal.display import samples
from terminal.display.catalog import load_catalog
from terminal.display.gl import pyglet
from terminal.display.painter import Painter
from terminal.display.scene import scene_at

BUDGET_MS = 1000 / 60


def frames(painter: Painter, count: int) -> tuple[list[float], list[float]]:
    """Frame times and scene-building times (ms) of ``count`` frames of a spin, after 10 to warm up."""
    model, start = samples.spun(samples.touchdown(samples.base(), (32, 7), (15, -3)), "17", 0.0)
    times, scene_times = [], []
    for frame in range(count + 10):
        t = start + 1.0 + frame / 60
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
    catalog = load_catalog("en")
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
    window.close()


if __name__ == "__main__":
    main()
