"""The window's pixels read back for the display tests: one ``glReadPixels`` straight into numpy.

pyglet's ``get_image_data().get_data(...)`` zero-fills a ctypes array of the whole frame and then copies it
twice (14-18 ms a 1920x1080 frame in software GL); reading into an array costs 2.4 ms, the same bytes.
"""

from __future__ import annotations

import gc

import numpy as np

from terminal.display.gl import pyglet


def frame(width: int, height: int) -> np.ndarray:
    """The colour buffer as rows of RGBA pixels, the bottom row first (as GL and pyglet's images have it)."""
    gl = pyglet.gl
    out = np.empty((height, width, 4), np.uint8)
    gl.glReadBuffer(gl.GL_BACK)
    gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
    gl.glReadPixels(0, 0, width, height, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, out.ctypes.data)
    return out


def frame_bytes(width: int, height: int) -> bytes:
    """:func:`frame` as the bytes ``get_image_data().get_data("RGBA", width * 4)`` gives."""
    return frame(width, height).tobytes()


class Uncollected:
    """``gc`` as ``terminal.display.screens`` sees it (a test sets it there), less the full collection before
    each screen. That collection only makes the pixels of glyphs the same whatever the process did before
    (when a font dies decides where its glyphs are packed again), which a test reading the words drawn or
    the states written does not look at; in a test process it walked every object the painter holds, once
    per screen: about half of rendering every display screen."""

    get_freeze_count = staticmethod(gc.get_freeze_count)
    freeze = staticmethod(gc.freeze)
    unfreeze = staticmethod(gc.unfreeze)

    @staticmethod
    def collect() -> int:
        return 0
