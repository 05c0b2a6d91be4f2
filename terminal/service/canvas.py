"""The service screen is laid out on a 1920x1080 canvas and shown on any screen, scaled to fit.

Technicians' stations come in several sizes (16:9, 4:3, 21:9). Every view draws on the logical canvas;
:meth:`Canvas.present` scales it into the window keeping its proportions (bars of the background colour
fill the rest), and :meth:`Canvas.to_logical` maps a touch back to the canvas. On a 1920x1080 screen it
is shown as drawn. (#18 rebuilds the screens one module per screen with layouts per aspect.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from terminal.service.theme import BG

LOGICAL = (1920, 1080)


@dataclass
class Canvas:
    """The logical surface the views draw on, and where it sits in a window of ``size``."""

    size: tuple[int, int]
    surface: pygame.Surface = field(init=False)
    box: pygame.Rect = field(init=False)

    def __post_init__(self) -> None:
        self.surface = pygame.Surface(LOGICAL)
        scale = min(self.size[0] / LOGICAL[0], self.size[1] / LOGICAL[1])
        w, h = round(LOGICAL[0] * scale), round(LOGICAL[1] * scale)
        self.box = pygame.Rect((self.size[0] - w) // 2, (self.size[1] - h) // 2, w, h)

    def present(self, target: pygame.Surface) -> None:
        """The canvas into ``target`` (a window or an image of :attr:`size`), scaled and centred."""
        if self.box.size == LOGICAL and self.box.topleft == (0, 0):
            target.blit(self.surface, (0, 0))
            return
        target.fill(BG)
        target.blit(pygame.transform.smoothscale(self.surface, self.box.size), self.box.topleft)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A touch at ``pos`` in the window as a point of the canvas (outside it: off the canvas)."""
        x = (pos[0] - self.box.x) * LOGICAL[0] / max(1, self.box.width)
        y = (pos[1] - self.box.y) * LOGICAL[1] / max(1, self.box.height)
        return round(x), round(y)
