"""Where each window of a machine opens: ``[windows]`` placements resolved against the monitors present.

A placement is written per window (``display``, ``seat_1`` … ``seat_8``) as one of:

- ``auto``: full screen, one window per monitor, when the machine has a monitor for each of its windows
  (a kiosk); otherwise windowed, the windows tiled side by side on the first monitor (a developer's desk);
- ``fullscreen`` or ``fullscreen@N``: full screen on monitor N (0, the first, by default);
- ``WIDTHxHEIGHT+X+Y`` or ``WIDTHxHEIGHT+X+Y@N``: a window of that size whose top-left corner is X, Y
  pixels from the top-left of monitor N.

A machine's windows are those ``terminal run`` opens: the table display, then each seat of ``[table]
local_seats``. A window started on its own that is not one of them (``terminal seat --seat 5`` on a
seat's own computer) is its machine's only window. Pure: the faces ask their toolkit for the monitors
(pygame or pyglet) and apply the :class:`WindowPlan` this module returns.

>>> parse_placement("1280x720+0+40@1")
Placement(mode='window', monitor=1, x=0, y=40, width=1280, height=720)
>>> desk = (Monitor(0, 0, 1920, 1080),)
>>> plan_window("seat_1", {}, ("display", "seat_1"), desk, (1920, 1080))
WindowPlan(monitor=0, fullscreen=False, x=964, y=288, width=952, height=535, note='')
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

_WINDOW = re.compile(r"(?P<w>[0-9]+)x(?P<h>[0-9]+)\+(?P<x>[0-9]+)\+(?P<y>[0-9]+)(?:@(?P<m>[0-9]+))?")
_FULL = re.compile(r"fullscreen(?:@(?P<m>[0-9]+))?")
ALLOWED = "auto, fullscreen, fullscreen@MONITOR, or WIDTHxHEIGHT+X+Y[@MONITOR] like 1280x720+0+0@1"
MAX_MONITOR = 15
TITLE_BAR = 32  # room a window manager's title bar takes above a tiled window


class PlacementError(ValueError):
    """A placement that cannot be read, or one naming a monitor this machine does not have."""


@dataclass(frozen=True, slots=True)
class Placement:
    """One window's ``[windows]`` value: ``mode`` is ``auto``, ``fullscreen`` or ``window``."""

    mode: str
    monitor: int = 0
    x: int = 0
    y: int = 0
    width: int = 0
    height: int = 0

    def __str__(self) -> str:
        if self.mode == "window":
            return f"{self.width}x{self.height}+{self.x}+{self.y}@{self.monitor}"
        return f"fullscreen@{self.monitor}" if self.mode == "fullscreen" else "auto"


AUTO = Placement("auto")


@dataclass(frozen=True, slots=True)
class Monitor:
    """One monitor: its top-left corner on the desktop and its size, in pixels."""

    x: int
    y: int
    width: int
    height: int


@dataclass(frozen=True, slots=True)
class WindowPlan:
    """Where one window opens: on ``monitor``, full screen, or at ``x, y`` (desktop pixels) sized
    ``width`` × ``height``; ``note`` says why the written placement could not be followed, if so."""

    monitor: int
    fullscreen: bool
    x: int
    y: int
    width: int
    height: int
    note: str = ""


def parse_placement(text: str) -> Placement:
    """``auto`` | ``fullscreen[@N]`` | ``WxH+X+Y[@N]`` → :class:`Placement`; a ``PlacementError`` names
    the forms allowed."""
    value = text.strip().lower()
    if value == "auto":
        return AUTO
    full = _FULL.fullmatch(value)
    if full is not None:
        return Placement("fullscreen", _monitor(full["m"]))
    window = _WINDOW.fullmatch(value)
    if window is None:
        raise PlacementError(f"must be {ALLOWED}")
    monitor = _monitor(window["m"])
    width, height = int(window["w"]), int(window["h"])
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise PlacementError(f"window size {width}x{height} must be from 320x240 to 7680x4320")
    return Placement("window", monitor, int(window["x"]), int(window["y"]), width, height)


def _monitor(text: str | None) -> int:
    if text is not None and int(text) > MAX_MONITOR:
        raise PlacementError(f"monitor {int(text)} is past the last one a machine may have ({MAX_MONITOR})")
    return int(text or 0)


def machine_windows(local_seats: Sequence[int], own: str | None = None) -> tuple[str, ...]:
    """The windows ``terminal run`` opens on this machine (``display``, ``seat_N``...); ``own`` started
    on its own and not among them is its machine's only window."""
    windows = ("display", *(f"seat_{seat}" for seat in local_seats))
    return windows if own is None or own in windows else (own,)


def plan_window(
    name: str,
    placements: Mapping[str, Placement],
    windows: Sequence[str],
    monitors: Sequence[Monitor],
    design: tuple[int, int],
) -> WindowPlan:
    """Where window ``name`` (one of ``windows``) opens among ``monitors``; ``design`` is its width and
    height as configured, whose shape a tiled window keeps. A placement naming a missing monitor falls
    back to ``auto`` with a ``note`` (a kiosk with a monitor unplugged still opens)."""
    if not monitors:
        monitors = (Monitor(0, 0, *design),)
    placement = placements.get(name, AUTO)
    note = ""
    if placement.mode != "auto" and placement.monitor >= len(monitors):
        count = f"{len(monitors)} monitor{'s' if len(monitors) != 1 else ''}"
        note = f"{name} = {placement}: monitor {placement.monitor} is not connected ({count}); using auto"
        placement = AUTO
    if placement.mode == "fullscreen":
        return _full(placement.monitor, monitors)
    if placement.mode == "window":
        screen = monitors[placement.monitor]
        x, y = screen.x + placement.x, screen.y + placement.y
        return WindowPlan(placement.monitor, False, x, y, placement.width, placement.height)
    return _auto(name, windows, monitors, design, note)


def _full(index: int, monitors: Sequence[Monitor], note: str = "") -> WindowPlan:
    screen = monitors[index]
    return WindowPlan(index, True, screen.x, screen.y, screen.width, screen.height, note)


def _auto(
    name: str, windows: Sequence[str], monitors: Sequence[Monitor], design: tuple[int, int], note: str
) -> WindowPlan:
    order = list(windows) if name in windows else [*windows, name]
    index = order.index(name)
    if len(monitors) >= len(order):
        return _full(index, monitors, note)
    screen = monitors[0]
    columns = math.ceil(math.sqrt(len(order)))
    rows = math.ceil(len(order) / columns)
    cell_w, cell_h = screen.width // columns, screen.height // rows
    scale = min((cell_w - 8) / design[0], (cell_h - TITLE_BAR - 8) / design[1], 1.0)
    width, height = max(1, int(design[0] * scale)), max(1, int(design[1] * scale))
    column, row = index % columns, index // columns
    x = screen.x + column * cell_w + (cell_w - width) // 2
    y = screen.y + row * cell_h + TITLE_BAR + (cell_h - TITLE_BAR - height) // 2
    return WindowPlan(0, False, x, y, width, height, note)


def overlaps(placements: Mapping[str, Placement], windows: Sequence[str]) -> list[tuple[str, str]]:
    """Pairs of this machine's windows whose written placements cover each other on one monitor (two
    full screens, a full screen and a window, or two windows that intersect); ``auto`` never collides."""
    fixed = [(w, placements[w]) for w in windows if w in placements and placements[w].mode != "auto"]
    found = []
    for i, (first, a) in enumerate(fixed):
        for second, b in fixed[i + 1 :]:
            if a.monitor == b.monitor and (a.mode == "fullscreen" or b.mode == "fullscreen" or _meet(a, b)):
                found.append((first, second))
    return found


def _meet(a: Placement, b: Placement) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height
