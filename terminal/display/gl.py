"""The one place that imports pyglet: headless (EGL, Mesa's software GL) unless a screen is there.

pyglet's ``headless`` option must be set after ``import pyglet`` and before any of its window or GL
modules load, so every module of the display gets pyglet from here. The display is headless when
``TERMINAL_DISPLAY_HEADLESS=1`` or when neither ``DISPLAY`` nor ``WAYLAND_DISPLAY`` is set.
"""

from __future__ import annotations

import os
from typing import Any

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

SOFTWARE_RENDERERS = ("llvmpipe", "softpipe", "swrast")


def white_with_alpha(grey: Any) -> bytes:
    """A glyph's grey bitmap as BGRA pixels: white, the grey level as alpha. What pyglet's FreeType
    renderer makes of it (``_expand_to_rgba(data, "R", "BGRA")``), in one slice instead of a Python loop
    over every pixel: that loop was most of the time the display took to show a word at a new size."""
    levels = bytes(grey)
    pixels = bytearray(b"\xff") * (4 * len(levels))
    pixels[3::4] = levels
    return bytes(pixels)


def _faster_glyphs() -> Any:
    """Put :func:`white_with_alpha` in the FreeType renderer (Linux); returns pyglet's own, else None."""
    try:
        from pyglet.font import freetype
    except (ImportError, OSError):  # another platform's renderer: nothing to speed up here
        return None
    renderer: Any = freetype.FreeTypeGlyphRenderer
    own = renderer._expand_to_rgba

    def expand(self: Any, data: Any, src_format: str, dst_format: str) -> bytes:
        if (src_format, dst_format) == ("R", "BGRA"):
            return white_with_alpha(data)
        return bytes(own(self, data, src_format, dst_format))

    renderer._expand_to_rgba = expand
    return own


#: pyglet's own expansion (tests hold :func:`white_with_alpha` to it byte for byte).
PYGLET_EXPAND = _faster_glyphs()


def preserves_frames() -> bool:
    """Whether a frame still holds the last one when it starts, so a painter may repaint only what changed.

    True headless (an EGL pbuffer is never swapped away) and with Mesa's software renderers, whose buffer
    swap copies the back buffer out and keeps it. A GPU driver may hand back any buffer after a swap, but
    there a full repaint is cheap. ``TERMINAL_DISPLAY_FULL_REPAINT=1`` paints every frame whole anyway (for
    a software stack whose swap does not keep the buffer). Needs a current GL context.
    """
    if os.environ.get("TERMINAL_DISPLAY_FULL_REPAINT") == "1":
        return False
    if HEADLESS:
        return True
    renderer = str(pyglet.gl.gl_info.get_renderer()).lower()
    return any(name in renderer for name in SOFTWARE_RENDERERS)


__all__ = ["HEADLESS", "PYGLET_EXPAND", "preserves_frames", "pyglet", "white_with_alpha"]
