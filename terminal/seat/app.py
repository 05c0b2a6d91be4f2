"""The seat application: pygame events in, intents to the control, one frame drawn per tick.

``SeatApp`` has no window and no link of its own: the runner (:mod:`terminal.seat.main`) or a test hands it
pygame events, the controller's messages and the time, and asks for a frame on any surface. That is what
lets the tests and ``terminal screens`` drive a real seat headless.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime

import pygame

from terminal.money import MoneyError, find_currency
from terminal.net import messages as m
from terminal.seat import attract, hardware, message_strip, overlays, pages, sounds
from terminal.seat import intents as i
from terminal.seat.control import SeatControl, Sender
from terminal.seat.game_view import GameView
from terminal.seat.model import LinkStatus
from terminal.seat.pointer import Gesture, Pointer
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.sound.cues import SeatSounds
from terminal.sound.player import Sound


class SeatApp:
    """One seat screen."""

    def __init__(
        self,
        seat: str,
        sender: Sender,
        *,
        size: tuple[int, int] = (1920, 1080),
        language: str = "en",
        long_press_ms: int = 600,
        reality_check_minutes: int = 0,
        sound: SeatSounds | None = None,
        helpline: str = "",
        wall: Callable[[float], datetime] | None = None,
        attract_seconds: int = 0,
    ) -> None:
        """``helpline``: ``[table] helpline``; ``wall``: the seat's monotonic clock as the local time of day
        (the on-screen clock; None: none drawn)."""
        self.sound = sound or SeatSounds(Sound.silent())  # silent in tests and screenshots
        self.frame = Frame.of(*size)
        self.painter = Painter(language, find_currency("USD"))
        self.painter.min_size = self.frame.text_min
        self.control = SeatControl(
            seat, sender, self.painter.money, reality_check_minutes=reality_check_minutes,
            helpline=helpline, wall=wall, attract_seconds=attract_seconds,
        )  # fmt: skip
        self.game = GameView(self.painter, self.control, self.frame)
        self.pointer = Pointer(size, long_press_ms)
        self.frames = 0

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out again for ``size`` pixels (any aspect from 4:3 to 21:9)."""
        self.frame = Frame.of(*size)
        self.painter.min_size = self.frame.text_min
        self.game = GameView(self.painter, self.control, self.frame)
        self.pointer.size = size

    # -- input -----------------------------------------------------------------------------------------
    def receive(self, messages: list[m.Message | LinkStatus], now: float) -> None:
        """Messages from the controller (and the link's status), oldest first."""
        for message in messages:
            if isinstance(message, m.TableState) and message.currency != self.painter.currency.code:
                # an unknown code keeps the last currency; the code itself is still shown
                with contextlib.suppress(MoneyError):
                    self.painter.currency = find_currency(message.currency)
        self.control.receive(messages, now)

    def handle_event(self, event: pygame.event.Event, now: float) -> None:
        """One pygame event (mouse, touch, resize)."""
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        for gesture in self.pointer.feed(event, now):
            self.gesture(gesture, now)

    def update(self, now: float) -> None:
        """Timers: long-presses completing, the reality check, stale pending chips."""
        for gesture in self.pointer.tick(now):
            self.gesture(gesture, now)
        self.control.tick(now)
        self.sound.frame(sounds.moment_of(self.control.model, now), self.painter.language)

    def gesture(self, gesture: Gesture, now: float) -> None:
        """Route one gesture to whatever is on top, and act on the intents it posts (a touch on the
        attract loop only ends it)."""
        if attract.showing(self.control, now):
            self.control.active_at = now
            return
        self.control.active_at = now
        posted = hardware.process(self.control, self.frame, gesture.pos, now)
        if posted is None:
            posted = overlays.process(self.control, self.frame, gesture.pos, now)
        if posted is not None and gesture.kind != "tap":
            posted = []  # a long-press under a modal card or a stop does nothing
        if posted is None:
            if self.control.ui.screen == "game":
                self.game.now = now
                self.game.process(gesture)
                posted, self.game.posted = self.game.posted, []
            else:
                tap = gesture.kind == "tap"
                posted = pages.process(self.control, self.frame, gesture.pos, self.painter) if tap else []
        for intent in posted:
            self.act(intent, now)

    def act(self, intent: i.Intent, now: float) -> None:
        """Carry out one intent (the language switch is the app's; the rest go to the control)."""
        if intent.kind == i.LANGUAGE:
            self.painter.set_language(intent.text)
            return
        sent = len(self.control.ui.pending)
        self.control.handle(intent, now)
        if len(self.control.ui.pending) > sent:  # a chip went to the controller (not refused on screen)
            self.sound.chip()

    # -- output ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, now: float) -> None:
        """One full frame."""
        table = self.control.model.table
        self.painter.game = table.game if table is not None else ""
        if self.control.ui.screen == "game":
            self.game.draw(surface, now)
        else:
            self.game.draw_top(surface, now)
            pages.draw(surface, self.painter, self.control, self.frame, now)
        overlays.draw(surface, self.painter, self.control, self.frame, now)
        strip = (
            message_strip.game_rect(self.frame)
            if self.control.ui.screen == "game"
            else pages.footer(self.control, self.frame, self.painter)
        )
        if not overlays.blocking(self.control, now):  # nothing stale or live above a card
            message_strip.draw_notice(surface, self.painter, self.control, self.frame, strip, now)
        hardware.draw(surface, self.painter, self.control, self.frame, now)
        attract.draw(surface, self.painter, self.control, self.frame, now)
        self.frames += 1
