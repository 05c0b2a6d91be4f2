"""The display's glyphs: pyglet's grey-to-BGRA expansion replaced by one that gives the very same bytes."""

from __future__ import annotations

import ctypes
import random

from terminal.display import gl


def test_the_fast_expansion_gives_pyglets_bytes() -> None:
    assert gl.PYGLET_EXPAND is not None  # Linux: the FreeType renderer, the one the table's display uses
    draw = random.Random(18)
    for size in (0, 1, 7, 64, 33 * 41):
        grey = bytes(draw.randrange(256) for _ in range(size))
        as_freetype_hands_it = (ctypes.c_ubyte * size).from_buffer_copy(grey)
        expected = gl.PYGLET_EXPAND(None, as_freetype_hands_it, "R", "BGRA")
        assert gl.white_with_alpha(as_freetype_hands_it) == expected
        assert gl.white_with_alpha(grey) == expected


def test_the_renderer_uses_it() -> None:
    from pyglet.font import freetype

    expand = freetype.FreeTypeGlyphRenderer._expand_to_rgba
    assert expand is not gl.PYGLET_EXPAND
    assert expand(None, b"\x00\x80\xff", "R", "BGRA") == gl.white_with_alpha(b"\x00\x80\xff")
