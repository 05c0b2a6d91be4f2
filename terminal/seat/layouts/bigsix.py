"""The Big Six layout (§ 619a.1(g); GAMES.md §5): the seven wager areas with their symbols and odds.

The five money symbols in a row, as notes of their colours, and below them the two unique symbols: the
joker, and the flag that carries the venue's name as the wheel's flag section does. Each area says how
many of the wheel's 54 sections carry its symbol and what it pays under the table's paytable; it glows
when the wheel rests on its symbol. Chips sit in an area's lower right corner.

>>> import pygame
>>> layout = BigSixLayout(pygame.Rect(0, 0, 702, 577), "standard", "Keystone Casino", 40)
>>> sorted(a.spot for a in layout.areas())
['five', 'flag', 'joker', 'one', 'ten', 'twenty', 'two']
>>> layout.hit(layout.anchor("flag"))
'flag'
"""

from __future__ import annotations

import pygame

from terminal.games.bigsix.rules import SECTIONS, WAGERS, paytable
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import HitArea, LayoutView, Place, TooSmallError, area, box
from terminal.seat.layouts.layered import LayeredLayout
from terminal.theme import looks

BIGSIX_KEYS: tuple[str, ...] = (
    "layout.bigsix_sections", "layout.bigsix_joker", "layout.to_one", "layout.bigsix_flag"
)  # fmt: skip
NUMBERS = {"one": "1", "two": "2", "five": "5", "ten": "10", "twenty": "20"}
#: Each symbol's colour, on the wheel and the layout alike.
SYMBOL_COLOURS: dict[str, paint.Colour] = looks("layout", "bigsix").rgb_table()


class BigSixLayout(LayeredLayout):
    """The seven Big Six wagers in ``rect``; ``venue`` is written on the flag, as on the wheel."""

    label_keys = BIGSIX_KEYS

    def __init__(self, rect: pygame.Rect, paytable_name: str, venue: str, touch: int = 0) -> None:
        self.table, self.venue = paytable(paytable_name), venue
        self.text_min = max(12, round(touch * 14 / 48)) if touch else 12  # 14 px at 1080 lines, as the seat
        areas = self._measure(rect.width, rect.height)
        small = min(min(a.rect.size) for a in areas)
        if touch and small < touch:
            raise TooSmallError(f"a Big Six area of {small} px is under the {touch} px a finger needs")
        self.chip_radius = max(10, min(30, small // 6))
        r = self.chip_radius
        # chips sit right of the odds line, clear of the symbol and of the count below it
        places = {
            a.spot: Place(a.rect, (a.rect.right - r - 8, a.rect.top + a.rect.height * 5 // 8)) for a in areas
        }
        super().__init__(rect, areas, self.chip_radius, places)

    def _measure(self, width: int, height: int) -> list[HitArea]:
        gap = max(4, width // 80)
        upper = height * 0.55
        step = (width - gap) / 5
        found = [
            area(kind, box(gap + k * step, gap, (k + 1) * step, upper - gap / 2))
            for k, kind in enumerate(WAGERS[:5])
        ]
        half = (width - gap) / 2
        found += [
            area(kind, box(gap + k * half, upper + gap / 2, (k + 1) * half, height - gap))
            for k, kind in enumerate(WAGERS[5:])
        ]
        return found

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        ox, oy = self.rect.topleft
        for a in self.areas():
            rect = a.rect.move(-ox, -oy)
            pygame.draw.rect(surface, paint.FELT_DARK, rect, border_radius=8)
            paint.frame(surface, rect, 2, paint.GOLD, 8)
            self._paint_symbol(surface, view, rect, a.spot)

    def _paint_symbol(self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, kind: str) -> None:
        size = max(self.text_min, min(rect.height // 6, rect.width // 5))
        note = pygame.Rect(0, 0, rect.width * 4 // 5, rect.height * 9 // 20)
        note.midtop = (rect.centerx, rect.top + rect.height // 10)
        colour = SYMBOL_COLOURS[kind]
        pygame.draw.rect(surface, colour, note, border_radius=max(4, note.height // 6))
        pygame.draw.rect(surface, paint.GOLD, note, 2, border_radius=max(4, note.height // 6))
        ink = paint.BLACK if kind == "flag" else paint.WHITE
        if kind == "flag":
            word = self.venue
        elif kind == "joker":
            word = view.tr("layout.bigsix_joker")
        else:
            word = NUMBERS[kind]
        big = size * 2 if kind in NUMBERS else size * 4 // 3
        if kind == "flag":  # the venue as on the wheel, and the bet's name as the list and help say it
            upper = pygame.Rect(note.left, note.top, note.width, note.height * 3 // 5)
            lower = pygame.Rect(note.left, upper.bottom - 2, note.width, note.bottom - upper.bottom)
            self.label_boxes.append(paint.write(surface, view.fonts, word, upper, big, ink))
            name = view.tr("layout.bigsix_flag")
            self.label_boxes.append(paint.write(surface, view.fonts, name, lower, size, ink))
        else:
            self.label_boxes.append(paint.write(surface, view.fonts, word, note, big, ink))
        payout = self.table.payout(kind)
        odds = f"{payout.numerator} {view.tr('layout.to_one')}"
        under = pygame.Rect(rect.left, note.bottom + rect.height // 24, rect.width * 3 // 4, rect.height // 5)
        self.label_boxes.append(paint.write(surface, view.fonts, odds, under, size))
        count = f"{SECTIONS.count(kind)} {view.tr('layout.bigsix_sections')}"
        foot = pygame.Rect(
            rect.left + 4, under.bottom, rect.width - 8, min(under.height, rect.bottom - under.bottom - 4)
        )
        small = max(
            self.text_min, size * 3 // 4
        )  # on two lines in a narrow area, never condensed to a smudge
        self.label_boxes.append(paint.wrapped(surface, view.fonts, count, foot, small, paint.LINE))
