"""Colours and metrics of the table display, as data: every painter reads its looks from here.

The values are the theme's (``assets/theme.toml``, tables ``[display]``, ``[display.fonts]`` and
``[display.sizes]``; :mod:`terminal.theme`). Metrics are for a 1920×1080 screen; the painters scale them
to the configured size.
"""

from __future__ import annotations

from terminal.theme import RGBA as RGBA
from terminal.theme import looks

_LOOKS = looks("display")
_SIZES = looks("display", "sizes")

BASE_W, BASE_H = _SIZES.size("base_width"), _SIZES.size("base_height")

BACKGROUND: RGBA = _LOOKS.rgba("background")
PANEL: RGBA = _LOOKS.rgba("panel")
PANEL_EDGE: RGBA = _LOOKS.rgba("panel_edge")
GOLD: RGBA = _LOOKS.rgba("gold")
WHITE: RGBA = _LOOKS.rgba("white")
DIM: RGBA = _LOOKS.rgba("dim")
RED: RGBA = _LOOKS.rgba("red")
BLACK: RGBA = _LOOKS.rgba("black")
GREEN: RGBA = _LOOKS.rgba("green")
WOOD: RGBA = _LOOKS.rgba("wood")
WOOD_DARK: RGBA = _LOOKS.rgba("wood_dark")
TRACK: RGBA = _LOOKS.rgba("track")
CONE: RGBA = _LOOKS.rgba("cone")
CONE_INNER: RGBA = _LOOKS.rgba("cone_inner")
BALL: RGBA = _LOOKS.rgba("ball")
FELT: RGBA = _LOOKS.rgba("felt")
DIE: RGBA = _LOOKS.rgba("die")
PIP: RGBA = _LOOKS.rgba("pip")
BANNER_TILT: RGBA = _LOOKS.rgba("banner_tilt")
BANNER_SERVICE: RGBA = _LOOKS.rgba("banner_service")
BANNER_LINK: RGBA = _LOOKS.rgba("banner_link")
SERVICE_SCREEN: RGBA = _LOOKS.rgba("service_screen")
WATERMARK: RGBA = _LOOKS.rgba("watermark")
TEST_MARK: RGBA = _LOOKS.rgba("test_mark")
FIELD_GRASS: RGBA = _LOOKS.rgba("field_grass")
FIELD_GRASS_ALT: RGBA = _LOOKS.rgba("field_grass_alt")
BALL_SHINE: RGBA = _LOOKS.rgba("ball_shine")
CROSS_LIGHT: RGBA = _LOOKS.rgba("cross_light")
FOOTBALL: RGBA = _LOOKS.rgba("football")
VOID_TILE: RGBA = _LOOKS.rgba("void_tile")
TILE_RIM: RGBA = _LOOKS.rgba("tile_rim")
TILE_INK: RGBA = _LOOKS.rgba("tile_ink")
HOT: RGBA = _LOOKS.rgba("hot")
COLD: RGBA = _LOOKS.rgba("cold")
FIRE_LIT: RGBA = _LOOKS.rgba("fire_lit")
BONUS_LIT: RGBA = _LOOKS.rgba("bonus_lit")
LUCKY_LIT: RGBA = _LOOKS.rgba("lucky_lit")
HOT_THROWN: RGBA = _LOOKS.rgba("hot_thrown")
HOT_COMPLETE: RGBA = _LOOKS.rgba("hot_complete")
POINT_CELL: RGBA = _LOOKS.rgba("point_cell")
PEG: RGBA = _LOOKS.rgba("peg")
CLAPPER: RGBA = _LOOKS.rgba("clapper")
WHEEL_GLOW: RGBA = _LOOKS.rgba("wheel_glow")
FONT = looks("display", "fonts").text("family")

POCKET_COLOURS = {"red": RED, "black": BLACK, "green": GREEN}
OUTCOME_COLOURS = {"red": RED, "black": BLACK, "green": GREEN, "dice": _LOOKS.rgba("dice_tile")}
