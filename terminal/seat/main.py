"""The seat process: a window (or the dummy video driver), the link thread and the frame loop.

``run_seat`` opens the window at ``[seat] width/height``, starts the :class:`~terminal.seat.link.Link`,
and loops: drain the controller's messages, feed pygame events, update timers, draw, flip, at 60 Hz.
``render_png`` draws one frame of any :class:`~terminal.seat.app.SeatApp` to a PNG file (headless
screenshots for ``terminal screens`` and ``terminal run --headless``).
"""

from __future__ import annotations

import os
import ssl
import time
from datetime import datetime
from pathlib import Path

import pygame

from terminal.seat.app import SeatApp
from terminal.seat.link import Link
from terminal.seat.window import Place, open_window
from terminal.sound.cues import SeatSounds

FPS = 60


def init_headless() -> None:
    """Make pygame work without a display (SDL's dummy video and audio drivers)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()


def render_png(app: SeatApp, path: Path, now: float) -> Path:
    """Draw one frame of ``app`` at ``now`` and save it as a PNG at ``path``."""
    surface = pygame.Surface((app.frame.width, app.frame.height))
    app.draw(surface, now)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def run_seat(
    seat: int,
    key: bytes,
    host: str,
    port: int,
    *,
    size: tuple[int, int],
    language: str,
    long_press_ms: int,
    reality_check_minutes: int,
    fullscreen: bool = False,
    max_seconds: float | None = None,
    tls: ssl.SSLContext | None = None,
    place: Place | None = None,
    sound: SeatSounds | None = None,
    helpline: str = "",
    attract_seconds: int = 0,
) -> int:
    """Run one seat screen until the window closes (or ``max_seconds`` pass); returns the exit code.

    ``place`` says where the window opens among the monitors (``[windows]``; none: ``size``, wherever the
    window manager puts it); ``sound`` is the seat's speaker (none: silent)."""
    pygame.init()
    if place is not None:
        screen = open_window(place, f"seat {seat}", fullscreen=fullscreen)
    else:
        screen = pygame.display.set_mode(size, pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE)
        pygame.display.set_caption(f"seat {seat}")
    link = Link(f"seat-{seat}", key, host, port, tls)
    app = SeatApp(
        f"seat-{seat}", link, size=screen.get_size(), language=language, long_press_ms=long_press_ms,
        reality_check_minutes=reality_check_minutes, sound=sound, helpline=helpline,
        attract_seconds=attract_seconds,
        wall=lambda now: datetime.now().astimezone(),  # the local time of day, whatever ``now``
    )  # fmt: skip
    link.start()
    clock = pygame.time.Clock()
    started = time.monotonic()
    try:
        while max_seconds is None or time.monotonic() - started < max_seconds:
            now = time.monotonic()
            app.receive(link.drain(), now)
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    return 0
                app.handle_event(event, now)
            app.update(now)
            app.draw(screen, now)
            pygame.display.flip()
            clock.tick(FPS)
    finally:
        link.stop()
        pygame.quit()
    return 0
