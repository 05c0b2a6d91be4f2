"""The one place that imports pyglet: headless (EGL, Mesa's software GL) unless a screen is there.

pyglet's ``headless`` option must be set after ``import pyglet`` and before any of its window or GL
modules load, so every module of the display gets pyglet from here. The display is headless when
``TERMINAL_DISPLAY_HEADLESS=1`` or when neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` is set.
"""

from __future__ import annotations

import os

import pyglet


def want_headless() -> bool:
    """Whether this process should render without a screen."""
    if os.environ.get("TERMINAL_DISPLAY_HEADLESS") == "1":
        return True
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


HEADLESS = want_headless()
pyglet.options["headless"] = HEADLESS
pyglet.options["debug_gl"] = False  # a glGetError after every call costs a lot in software GL

import pyglet.app  # noqa: E402  (must follow the options above)
import pyglet.gl  # noqa: E402
import pyglet.graphics  # noqa: E402
import pyglet.image  # noqa: E402
import pyglet.math  # noqa: E402
import pyglet.shapes  # noqa: E402
import pyglet.text  # noqa: E402
import pyglet.window  # noqa: E402

__all__ = ["HEADLESS", "pyglet"]
