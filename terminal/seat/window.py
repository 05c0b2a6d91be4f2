"""The seat's window where ``[windows]`` puts it: the monitors as SDL sees them, and the window opened.

pygame 2.6 tells each monitor's size (``get_desktop_sizes``) but not where it sits on the desktop, which a
window placed on monitor N needs; SDL itself does (``SDL_GetDisplayBounds``), so it is asked through the
SDL library pygame has already loaded. Where that library cannot be found, monitors are taken to stand
side by side from the left, as most desks have them.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from terminal.windows import Monitor, WindowPlan

Place = Callable[[Sequence[Monitor]], WindowPlan]


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _sdl() -> ctypes.CDLL | None:
    folder = Path(pygame.__file__).resolve().parent
    wheel_libs = folder.with_name(folder.name + ".libs")  # where a manylinux wheel keeps its libraries
    names = (*sorted(wheel_libs.glob("libSDL2-2*")), folder / "SDL2.dll")
    for candidate in names:
        if candidate.exists():
            try:
                return ctypes.CDLL(str(candidate))
            except OSError:
                continue
    return None


def monitors() -> tuple[Monitor, ...]:
    """Every monitor SDL reports, in SDL's order (needs ``pygame.display`` initialised)."""
    sdl = _sdl()
    if sdl is not None:
        found = []
        for index in range(sdl.SDL_GetNumVideoDisplays()):
            rect = _Rect()
            if sdl.SDL_GetDisplayBounds(index, ctypes.byref(rect)) == 0:
                found.append(Monitor(rect.x, rect.y, rect.w, rect.h))
        if found:
            return tuple(found)
    x, side_by_side = 0, []
    for width, height in pygame.display.get_desktop_sizes():
        side_by_side.append(Monitor(x, 0, width, height))
        x += width
    return tuple(side_by_side)


def open_window(place: Place, caption: str, *, fullscreen: bool = False) -> pygame.Surface:
    """Open the seat's window where ``place`` puts it (``fullscreen``: full screen on that monitor)."""
    plan = place(monitors())
    if plan.note:
        print(f"terminal seat: {plan.note}", file=sys.stderr)
    if plan.fullscreen or fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN, display=plan.monitor)
    else:
        os.environ["SDL_VIDEO_WINDOW_POS"] = f"{plan.x},{plan.y}"  # read by set_mode: desktop pixels
        screen = pygame.display.set_mode((plan.width, plan.height), pygame.RESIZABLE, display=plan.monitor)
    pygame.display.set_caption(caption)
    return screen
