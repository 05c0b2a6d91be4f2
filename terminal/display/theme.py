"""Colours and metrics of the table display, as data: every painter reads its looks from here.

Metrics are for a 1920×1080 screen; the painters scale them to the configured size.
"""

from __future__ import annotations

RGBA = tuple[int, int, int, int]

BASE_W, BASE_H = 1920, 1080

BACKGROUND: RGBA = (10, 46, 32, 255)  # casino felt, dark
PANEL: RGBA = (6, 28, 20, 255)
PANEL_EDGE: RGBA = (201, 162, 39, 255)  # gold trim
GOLD: RGBA = (232, 196, 84, 255)
WHITE: RGBA = (245, 245, 240, 255)
DIM: RGBA = (170, 190, 175, 255)
RED: RGBA = (200, 24, 30, 255)
BLACK: RGBA = (22, 22, 24, 255)
GREEN: RGBA = (0, 135, 62, 255)
WOOD: RGBA = (92, 52, 24, 255)
WOOD_DARK: RGBA = (58, 30, 12, 255)
TRACK: RGBA = (40, 26, 16, 255)
CONE: RGBA = (120, 74, 36, 255)
CONE_INNER: RGBA = (168, 120, 52, 255)
BALL: RGBA = (250, 250, 250, 255)
FELT: RGBA = (12, 92, 54, 255)
DIE: RGBA = (240, 236, 228, 255)
PIP: RGBA = (20, 20, 20, 255)
BANNER_TILT: RGBA = (150, 14, 20, 235)
BANNER_SERVICE: RGBA = (160, 100, 0, 235)
BANNER_LINK: RGBA = (60, 60, 70, 235)
SERVICE_SCREEN: RGBA = (24, 30, 38, 255)  # out of service: a screen of its own, the game hidden
WATERMARK: RGBA = (255, 255, 255, 46)
TEST_MARK: RGBA = (255, 80, 80, 255)
FIELD_GRASS: RGBA = (34, 120, 50, 255)
FIELD_GRASS_ALT: RGBA = (30, 108, 45, 255)
FONT = "DejaVu Sans"

POCKET_COLOURS = {"red": RED, "black": BLACK, "green": GREEN}
OUTCOME_COLOURS = {"red": RED, "black": BLACK, "green": GREEN, "dice": (30, 30, 36, 255)}
