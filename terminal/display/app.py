"""The table display application: a pyglet window, the link thread, and a frame clock.

Each frame drains the link's queue into the model (stamped with the injected clock), builds the scene
for that instant and paints it, and hands the moments players should hear (``cues``) to ``on_cue``: the
call point for the table's sounds. The window closes on its close button, Escape, or SIGTERM/SIGINT (the
``terminal run`` supervisor stops its children that way).
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from typing import Any

from terminal.config import Config
from terminal.display.cues import Cue, cues
from terminal.display.gl import pyglet
from terminal.display.layout import layout_for
from terminal.display.link import DisplayLink
from terminal.display.model import DisplayModel, apply
from terminal.display.painter import Painter
from terminal.display.scene import Scene, scene_at
from terminal.display.window import Place, open_window
from terminal.i18n import load_catalogue

FPS = 60.0


class DisplayApp:
    """One table display window."""

    def __init__(
        self,
        c: Config,
        link: DisplayLink,
        clock: Callable[[], float] = time.monotonic,
        on_cue: Callable[[Cue], None] | None = None,
        place: Place | None = None,
    ) -> None:
        """``on_cue`` hears each moment of :mod:`terminal.display.cues` (bets closing, no more bets, the
        result called): the call point for the table's sounds (none given: silent). ``place`` puts the
        window among the monitors (``[windows] display``; none: the configured size, placed by the system)."""
        self.config, self.link, self.clock = c, link, clock
        self.on_cue = on_cue or (lambda _cue: None)
        self._scene: Scene | None = None
        d = c.display
        self.window = open_window(place, (d.width, d.height), f"{c.table.venue} {c.table.table_id}")
        self.painter = Painter(self.window, load_catalogue(c.seat.language), d.history_length)
        self.model = DisplayModel(
            game=c.table.game,
            wheel=c.roulette.wheel,
            test_mode=c.lab.mode,
            currency=c.money.currency,
            yards=c.touchdown.yards,
        )
        self.window.push_handlers(
            on_draw=self.on_draw,
            on_key_press=self.on_key_press,
            on_resize=self.on_resize,
            on_expose=lambda: self.painter.invalidate(),
        )

    def feed(self) -> None:
        """Apply every message the link has delivered."""
        now = self.clock()
        for message in self.link.drain():
            self.model = apply(self.model, message, now)

    def on_draw(self) -> None:
        self.feed()
        display = self.config.display
        scene = scene_at(self.model, self.clock(), display.history_length, display.attract_seconds)
        self.painter.paint(scene)
        for cue in cues(self._scene, scene):
            self.on_cue(cue)
        self._scene = scene

    def on_resize(self, width: int, height: int) -> None:
        """A new size may be a new shape: lay the display out again (pyglet's own handler, not consumed
        here, sets the viewport)."""
        if layout_for(width, height) != self.painter.fit:
            c = self.config
            self.painter = Painter(self.window, load_catalogue(c.seat.language), c.display.history_length)
        self.painter.invalidate()

    def on_key_press(self, symbol: int, _modifiers: int) -> bool:
        if symbol == pyglet.window.key.ESCAPE:
            pyglet.app.exit()
            return True
        return False

    def run(self) -> None:
        """Run until the window closes or the process is told to stop."""

        def stop(*_: Any) -> None:
            pyglet.app.exit()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        self.link.start()
        try:
            pyglet.app.run(1 / FPS)
        finally:
            self.link.stop()
            self.window.close()
