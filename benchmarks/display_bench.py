"""The table display's frame time: the wheel mid-spin at 1920×1080 in software GL, against 60 Hz.

Paints the full display scene (wheel, ball, boards, Touchdown field, history) at successive instants of a
spin and measures each frame including ``glFinish`` (so the GPU work, here Mesa's llvmpipe on the CPU,
is counted). Prints the median frame time and its ratio to the 16.7 ms budget of a 60 Hz screen (a ratio
below 1 fits), plus the time of building the scene alone (the pure model) for comparison.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=120)
    args = parser.parse_args()
    window = pyglet.window.Window(1920, 1080, visible=False)
    painter = Painter(window, load_catalog("en"), 20)
    model, start = samples.spun(samples.touchdown(samples.base(), (32, 7), (15, -3)), "17", 0.0)
    times, scene_times = [], []
    for frame in range(args.frames + 10):
        t = start + 1.0 + frame / 60
        began = time.perf_counter()
        scene = scene_at(model, t, 20)
        built = time.perf_counter()
        painter.paint(scene)
        pyglet.gl.glFinish()
        done = time.perf_counter()
        if frame >= 10:  # the first frames upload glyphs and buffers
            times.append((done - began) * 1000)
            scene_times.append((built - began) * 1000)
    median = statistics.median(times)
    print(f"renderer       {pyglet.gl.gl_info.get_renderer()}")
    print(f"frame          median {median:.2f} ms, p90 {sorted(times)[int(len(times) * 0.9)]:.2f} ms "
          f"over {len(times)} frames (wheel mid-spin, 1920x1080)")  # fmt: skip
    print(f"scene model    median {statistics.median(scene_times) * 1000:.1f} µs per frame")
    print(
        f"ratio          {median / BUDGET_MS:.2f} of the 16.7 ms of 60 Hz "
        f"({'fits' if median < BUDGET_MS else 'OVER'})"
    )
    window.close()


if __name__ == "__main__":
    main()
