"""The High Roll Dice layout (§ 675a; GAMES.md §6.3): Pip Street, the Like Kind Boulevard, and the Extra
Roll and Millionaire Row.

Top band: Pip Street, one area per face from Two to Ace, each with its die and what it pays. Middle band:
the Like Kind circles 2 to 8 (six dice: 2 to 6 and No Match), each with its count, its first-roll payout
and, with the Extra Roll offered, what it pays on the extra roll. Bottom band (ten dice): the Extra Roll
button and the two Millionaire Row circles with their fixed awards. Every area is one touch area at least
``touch`` pixels each way.

>>> import pygame
>>> layout = HighRollLayout(pygame.Rect(0, 0, 702, 577), "standard", True, True, 40)
>>> len(layout.areas()), min(min(a.rect.size) for a in layout.areas()) >= 40
(16, True)
>>> layout.hit(layout.anchor("like_kind_5")), layout.hit(layout.anchor("extra_roll"))
('like_kind_5', 'extra_roll')
>>> len(HighRollLayout(pygame.Rect(0, 0, 702, 577), "standard_six", False, False, 40).areas())
12
"""

from __future__ import annotations

import pygame

from terminal.games.high_roll.rules import (
    CIRCLES_SIX,
    CIRCLES_TEN,
    EXTRA,
    NINE,
    NO_MATCH,
    PAYTABLES,
    PIP_FACE,
    PIPS,
    STANDARD,
    TEN,
    Throw,
    circle,
)
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import HitArea, LayoutView, Place, TooSmallError, area, box
from terminal.seat.layouts.layered import LayeredLayout

__all__ = ["HighRollLayout"]

HIGH_ROLL_KEYS: tuple[str, ...] = (
    "layout.high_roll_extra_roll", "layout.high_roll_nine", "layout.high_roll_ten",
    "layout.high_roll_no_match", "layout.high_roll_on_extra", "layout.high_roll_price",
)  # fmt: skip
_GAP = 0.014


class HighRollLayout(LayeredLayout):
    """The High Roll table in ``rect`` under paytable ``paytable_name`` (``standard`` / ``standard_six``)."""

    label_keys = HIGH_ROLL_KEYS

    def __init__(
        self, rect: pygame.Rect, paytable_name: str, extra_roll: bool, millionaire_row: bool, touch: int = 0,
        awards: tuple[str, str] = ("", ""),
    ) -> None:  # fmt: skip
        self.table = PAYTABLES.get(paytable_name, PAYTABLES[STANDARD])
        self.six = self.table.name != STANDARD
        self.extra_roll = extra_roll and not self.six
        extra: tuple[str, ...] = (EXTRA,) if self.extra_roll else ()
        self.row = extra + ((NINE, TEN) if millionaire_row and not self.six else ())
        self.awards = awards
        counts = CIRCLES_SIX if self.six else CIRCLES_TEN
        self.circles = (*(f"like_kind_{k}" for k in counts), *((NO_MATCH,) if self.six else ()))
        self.text_min = max(12, round(touch * 14 / 48)) if touch else 12
        areas = self._measure(rect.width, rect.height)
        small = min(min(a.rect.size) for a in areas)
        if touch and small < touch:
            raise TooSmallError(f"a High Roll area of {small} px is under the {touch} px a finger needs")
        self.chip_radius = max(8, min(26, small * 9 // 40))
        r = self.chip_radius
        places = {  # a circle's chips at its top right: its payouts take the whole width below the count
            a.spot: Place(a.rect, (a.rect.right - r - 3, a.rect.top + r + 3 if a.spot in self.circles
                                   else a.rect.bottom - r - 3))
            for a in areas
        }  # fmt: skip
        super().__init__(rect, areas, self.chip_radius, places)

    def _measure(self, width: int, height: int) -> list[HitArea]:
        bands = [PIPS, self.circles, *((self.row,) if self.row else ())]
        shares = (0.36, 0.36, 0.28) if self.row else (0.5, 0.5)
        gap = max(2, round(height * _GAP))
        found: list[HitArea] = []
        y = 0.0
        for spots, share in zip(bands, shares, strict=True):
            step = width / len(spots)
            top, bottom = y, y + height * share - gap
            found += [area(s, box(k * step + 1, top, (k + 1) * step - 1, bottom))
                      for k, s in enumerate(spots)]  # fmt: skip
            y += height * share
        return found

    # --- painting ---------------------------------------------------------------------------------------

    def _pays(self, entry: str) -> str:
        payout = self.table.payout(entry)
        return f"{payout.numerator:,}:{payout.denominator}"

    def _draw_winners_glow(self, surface: pygame.Surface, view: LayoutView) -> None:
        """The winning face's Pip Street area and the circle of the count light, the seat's wagers or not."""
        try:
            throw = Throw.parse(view.outcome) if view.outcome else None
        except ValueError:
            throw = None
        if throw is None:
            super()._draw_winners_glow(surface, view)
            return
        lit = {f"like_kind_{throw.count}"} if throw.count > throw.aside else set()  # a riding circle's
        if not throw.extra:
            lit |= {spot for spot, face in PIP_FACE.items() if face == throw.face}
            lit |= {NO_MATCH} if throw.no_match else set()
            lit |= {NINE} if throw.count == 9 else {TEN} if throw.count == 10 else set()
        for a in self.areas():
            if a.spot in lit:
                paint.glow(surface, self.place(a.spot).rect)

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Between the two throws: the dice set aside, in the Extra Roll's area (its riding circles carry
        them as their marks)."""
        aside = next((text for key, text in view.board if key.startswith("marks:like_kind_")), "")
        faces = [int(n) for n in aside.split() if n.isdigit() and 1 <= int(n) <= 6]
        if not faces or EXTRA not in self.row:
            return
        rect = self.place(EXTRA).rect
        band = pygame.Rect(rect.left + 4, rect.top + rect.height // 2, rect.width - 8, rect.height // 2 - 4)
        pygame.draw.rect(surface, paint.FELT_DARK, band, border_radius=6)
        words = pygame.Rect(band.left, band.top, band.width, band.height * 2 // 5)
        said = view.tr("layout.high_roll_aside")
        paint.write(surface, view.fonts, said, words, self.text_min, paint.GOLD)
        room = band.width - 2 * self.chip_radius - 8  # the Extra Roll's chips sit at the right
        row = pygame.Rect(band.left, words.bottom, room, band.height * 3 // 5)
        side = max(8, min(row.height * 4 // 5, row.width // (len(faces) + 1)))
        step = min(side * 5 // 4, row.width // len(faces))
        left = row.left + (row.width - step * len(faces)) // 2 + step // 2
        for k, face in enumerate(faces):
            paint.die(surface, (left + k * step, row.centery), side, face)

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        ox, oy = self.rect.topleft
        for a in self.areas():
            rect = a.rect.move(-ox, -oy)
            pygame.draw.rect(surface, paint.FELT_DARK, rect, border_radius=6)
            gold = a.spot in self.row
            paint.frame(surface, rect, 2, paint.GOLD if gold else paint.LINE, 6)
            self._paint_area(surface, view, rect, a.spot)

    def _paint_area(self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, spot: str) -> None:
        size = max(self.text_min, min(rect.height // 5, rect.width // 6))
        chip = 2 * self.chip_radius + 6
        upper = pygame.Rect(rect.left + 4, rect.top + rect.height // 12, rect.width - 8, rect.height // 2)
        tall = rect.height // 5
        foot = pygame.Rect(rect.left + 4, rect.bottom - 2 * tall, rect.width - chip - 8, tall)
        if spot in PIP_FACE:
            side = max(8, min(upper.height * 4 // 5, upper.width * 2 // 3))
            paint.die(surface, upper.center, side, PIP_FACE[spot])
            self._write(surface, view, self._pays(spot), foot, size)
            return
        if spot in self.circles and spot != NO_MATCH:
            k = circle(spot)
            number = pygame.Rect(rect.left + 4, rect.top + 4, rect.width - chip - 4, rect.height * 2 // 5)
            big = max(self.text_min, min(number.height * 4 // 5, number.width * 2 // 3))
            self._write(surface, view, str(k), number, big, paint.GOLD)
            wide = pygame.Rect(rect.left + 4, number.bottom + rect.height // 20, rect.width - 8, tall)
            self._write(surface, view, self._pays(spot), wide, size)
            if self.extra_roll and k > CIRCLES_TEN[0]:
                extra = f"{view.tr('layout.high_roll_on_extra')} {self._pays(f'extra_{spot}')}"
                below = wide.move(0, tall + rect.height // 20)
                self._write(surface, view, extra, below, max(self.text_min, size * 4 // 5))
            return
        key = {EXTRA: "extra_roll", NINE: "nine", TEN: "ten", NO_MATCH: "no_match"}[spot]
        title = pygame.Rect(rect.left + 4, rect.top + 4, rect.width - 8, rect.height // 2)
        words = view.tr(f"layout.high_roll_{key}")
        self.label_boxes.append(paint.wrapped(surface, view.fonts, words, title, size, paint.GOLD))
        if spot == EXTRA:
            pays = view.tr("layout.high_roll_price")
        elif spot == NO_MATCH:
            pays = self._pays(spot)
        else:
            shipped = 5_000_000 if spot == NINE else 100_000_000  # the shipped [high_roll] awards
            pays = self.awards[0 if spot == NINE else 1] or view.money(shipped)
        self._write(surface, view, pays, foot, max(self.text_min, size * 4 // 5))

    def _write(self, surface: pygame.Surface, view: LayoutView, text: str, rect: pygame.Rect, size: int,
               colour: paint.Colour = paint.LINE) -> None:  # fmt: skip
        self.label_boxes.append(paint.write(surface, view.fonts, text, rect, size, colour))
