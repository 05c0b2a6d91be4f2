"""The window's pixels read back for the display tests: one ``glReadPixels`` straight into numpy.

pyglet's ``get_image_data().get_data(...)`` zero-fills a ctypes array of the whole frame and then copies it
twice (14-18 ms a 1920x1080 frame in software GL); reading into an array costs 2.4 ms, the same bytes.
"""

from __future__ import annotations

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
