"""The table display's window where ``[windows] display`` puts it, among the monitors pyglet finds.

pyglet knows each monitor's place on the desktop (``Display.get_screens``), so a placement on monitor N
is exact. Headless (tests, ``terminal screens``) there is no monitor to place on: the window keeps the
configured size.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from terminal.display.gl import HEADLESS, pyglet
from terminal.windows import Monitor, WindowPlan

Place = Callable[[Sequence[Monitor]], WindowPlan]


def open_window(place: Place | None, size: tuple[int, int], caption: str) -> Any:
    """A pyglet window where ``place`` puts it (none, or headless: ``size``, placed by the system)."""
    if place is None or HEADLESS:
        return pyglet.window.Window(*size, caption=caption)
    screens = pyglet.display.get_display().get_screens()
    plan = place(tuple(Monitor(s.x, s.y, s.width, s.height) for s in screens))
    if plan.note:
        print(f"terminal display: {plan.note}", file=sys.stderr)
    if plan.fullscreen:
        return pyglet.window.Window(caption=caption, fullscreen=True, screen=screens[plan.monitor])
    window = pyglet.window.Window(plan.width, plan.height, caption=caption, resizable=True)
    window.set_location(plan.x, plan.y)
    return window
