"""Mouse and touch as one stream of taps, long-presses and drags, each touch counted once.

SDL reports a finger as ``FINGERDOWN``/``FINGERUP`` with coordinates normalised to 0..1, and also
synthesises a mouse event from it (``event.touch`` is True on those). The synthesised mouse events are
dropped, so a tap counts once whichever way it arrives. A press held ``long_press_ms`` without moving far
is a long-press (reported once, while still held); releasing a press that was not a long-press is a tap.

>>> import pygame
>>> pointer = Pointer((1000, 500), long_press_ms=600)
>>> pointer.feed(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1), 0.0)
[]
>>> pointer.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 250), button=1, touch=True), 0.0)
[]
>>> pointer.feed(pygame.event.Event(pygame.FINGERUP, x=0.5, y=0.5, finger_id=1), 0.1)
[Gesture(kind='tap', pos=(500, 250))]
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

SLOP = 0.02  # a press that moves more than this fraction of the screen height is not a tap


@dataclass(frozen=True, slots=True)
class Gesture:
    """What the player did: ``tap`` or ``long_press`` at ``pos`` (screen pixels)."""

    kind: str
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class _Press:
    pos: tuple[int, int]
    since: float
    fired: bool = False


class Pointer:
    """Turns pygame events into gestures for a screen of ``size`` pixels."""

    def __init__(self, size: tuple[int, int], long_press_ms: int) -> None:
        self.size = size
        self.long_press_s = long_press_ms / 1000
        self._presses: dict[object, _Press] = {}

    def feed(self, event: pygame.event.Event, now: float) -> list[Gesture]:
        """The gestures ``event`` completes (most events complete none)."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if getattr(event, "touch", False) or getattr(event, "button", 1) != 1:
                return []  # SDL's mouse copy of a touch: the finger events already count it
            return (
                self._down("mouse", event.pos, now)
                if event.type == pygame.MOUSEBUTTONDOWN
                else self._up("mouse", event.pos)
            )
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            pos = (int(event.x * self.size[0]), int(event.y * self.size[1]))
            finger = ("finger", getattr(event, "touch_id", 0), event.finger_id)
            return self._down(finger, pos, now) if event.type == pygame.FINGERDOWN else self._up(finger, pos)
        return []

    def tick(self, now: float) -> list[Gesture]:
        """Long-presses that completed by ``now`` (call once per frame)."""
        out = []
        for who, press in list(self._presses.items()):
            if not press.fired and now - press.since >= self.long_press_s:
                self._presses[who] = _Press(press.pos, press.since, True)
                out.append(Gesture("long_press", press.pos))
        return out

    def _down(self, who: object, pos: tuple[int, int], now: float) -> list[Gesture]:
        self._presses[who] = _Press((int(pos[0]), int(pos[1])), now)
        return []

    def _up(self, who: object, pos: tuple[int, int]) -> list[Gesture]:
        press = self._presses.pop(who, None)
        if press is None or press.fired:
            return []
        slop = SLOP * self.size[1]
        if abs(pos[0] - press.pos[0]) > slop or abs(pos[1] - press.pos[1]) > slop:
            return []
        return [Gesture("tap", press.pos)]
