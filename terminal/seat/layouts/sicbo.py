"""The Sic Bo layout a player knows (§ 625a.1(c); GAMES.md §4).

Four bands, top to bottom: Small at the left corner and Big at the right, the specific doubles beside
them, the specific triples stacked in a box on each side of Any Triple in the middle; the totals 4 to 17
in a row; the 15 two-dice combinations in a row; the six One of a Kind dice along the bottom. Every area
is one touch area at least ``touch`` pixels each way, shows what it pays under the table's paytable, and
glows when it wins (the "electrical device" that lights the winning combinations). Chips sit in an
area's lower right corner, clear of its dice and numbers.

>>> import pygame
>>> layout = SicBoLayout(pygame.Rect(0, 0, 702, 577), "A", 40)
>>> len(layout.areas()), min(min(a.rect.size) for a in layout.areas()) >= 40
(50, True)
>>> layout.hit(layout.anchor("two_dice:2-5"))
'two_dice:2-5'
"""

from __future__ import annotations

import pygame

from terminal.games.sicbo.rules import FACES, PAIRS, TOTALS, Roll, Spot, paytable
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import HitArea, LayoutView, Place, TooSmallError, area, box
from terminal.seat.layouts.layered import LayeredLayout
from terminal.theme import looks

SICBO_KEYS: tuple[str, ...] = (
    "layout.sicbo_small", "layout.sicbo_big", "layout.sicbo_any_triple", "layout.sicbo_loses_on_triple",
    "layout.to_one",
)  # fmt: skip
_BANDS = (0.34, 0.21, 0.21, 0.24)  # heights of: corners/doubles/triples, totals, combinations, singles
_GAP = 0.012
_PAIR_SHADE: paint.Colour = looks("layout", "sicbo").rgb("pair_shade")


def _columns(left: float, right: float, weights: tuple[float, ...]) -> list[tuple[float, float]]:
    """Cut [left, right) into columns in proportion to ``weights``: (left, right) of each."""
    total, edges, x = sum(weights), [], left
    for weight in weights:
        step = (right - left) * weight / total
        edges.append((x, x + step))
        x += step
    return edges


class SicBoLayout(LayeredLayout):
    """The Sic Bo table in ``rect``; ``paytable_name`` is the table's paytable (A or B)."""

    label_keys = SICBO_KEYS

    def __init__(self, rect: pygame.Rect, paytable_name: str, touch: int = 0) -> None:
        self.table = paytable(paytable_name)
        self.text_min = max(12, round(touch * 14 / 48)) if touch else 12  # 14 px at 1080 lines, as the seat
        areas = self._measure(rect.width, rect.height)
        small = min(min(a.rect.size) for a in areas)
        if touch and small < touch:
            raise TooSmallError(f"a Sic Bo area of {small} px is under the {touch} px a finger needs")
        self.chip_radius = max(8, min(26, small * 9 // 40))
        places = {a.spot: Place(a.rect, self._chips_at(a.rect)) for a in areas}
        super().__init__(rect, areas, self.chip_radius, places)

    # --- geometry ---------------------------------------------------------------------------------------

    def _measure(self, width: int, height: int) -> list[HitArea]:
        gap = max(2, round(height * _GAP))
        tops, y = [], 0.0
        for share in _BANDS:
            tops.append((y, y + height * share - gap))
            y += height * share
        return [*self._top_band(width, *tops[0]), *self._row(width, tops[1], [f"total_{t}" for t in TOTALS]),
                *self._row(width, tops[2], [f"two_dice:{a}-{b}" for a, b in PAIRS]),
                *self._row(width, tops[3], [f"one_of_a_kind:{n}" for n in FACES])]  # fmt: skip

    def _row(self, width: int, band: tuple[float, float], spots: list[str]) -> list[HitArea]:
        cells = _columns(0, width, (1.0,) * len(spots))
        return [
            area(spot, box(x0 + 1, band[0], x1 - 1, band[1]))
            for spot, (x0, x1) in zip(spots, cells, strict=True)
        ]

    def _top_band(self, width: int, top: float, bottom: float) -> list[HitArea]:
        weights = (1.5, 1, 1, 1, 1.2, 1.5, 1.2, 1, 1, 1, 1.5)
        cols = _columns(0, width, weights)
        spots: list[HitArea] = [area("small", box(cols[0][0] + 1, top, cols[0][1] - 1, bottom))]
        for n, (x0, x1) in zip((1, 2, 3), cols[1:4], strict=True):
            spots.append(area(f"two_of_a_kind:{n}", box(x0 + 1, top, x1 - 1, bottom)))
        spots += self._triples(cols[4], top, bottom, (1, 2, 3))
        spots.append(area("any_three_of_a_kind", box(cols[5][0] + 1, top, cols[5][1] - 1, bottom)))
        spots += self._triples(cols[6], top, bottom, (4, 5, 6))
        for n, (x0, x1) in zip((4, 5, 6), cols[7:10], strict=True):
            spots.append(area(f"two_of_a_kind:{n}", box(x0 + 1, top, x1 - 1, bottom)))
        spots.append(area("big", box(cols[10][0] + 1, top, cols[10][1] - 1, bottom)))
        return spots

    def _triples(
        self, col: tuple[float, float], top: float, bottom: float, numbers: tuple[int, ...]
    ) -> list[HitArea]:
        step = (bottom - top) / 3
        cells = (box(col[0] + 1, top + k * step + 1, col[1] - 1, top + (k + 1) * step - 1) for k in range(3))
        return [area(f"three_of_a_kind:{n}", cell) for n, cell in zip(numbers, cells, strict=True)]

    def _chips_at(self, rect: pygame.Rect) -> tuple[int, int]:
        """A narrow area's chips sit at its foot, under its payout; a wide one's in its lower right corner,
        beside the payout (never over it)."""
        r = self.chip_radius
        if self._narrow(rect):
            return rect.centerx, rect.bottom - r - 3
        return rect.right - r - 3, rect.bottom - r - 3

    @staticmethod
    def _narrow(rect: pygame.Rect) -> bool:
        """An area too narrow for its payout and a chip side by side: a total, a two-dice combination."""
        return rect.width < rect.height * 0.8

    # --- painting ---------------------------------------------------------------------------------------

    def _draw_winners_glow(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Every area the roll wins lights, the seat's wagers or not (the table's lit combinations)."""
        try:
            dice = Roll.parse(view.outcome).dice if view.outcome else None
        except ValueError:
            dice = None
        if dice is None:
            super()._draw_winners_glow(surface, view)
            return
        for a in self.areas():
            if Spot.parse(a.spot).entry(dice) is not None:
                paint.glow(surface, self.place(a.spot).rect)

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        ox, oy = self.rect.topleft
        for a in self.areas():
            rect = a.rect.move(-ox, -oy)
            kind, _, arg = a.spot.partition(":")
            pygame.draw.rect(
                surface, _PAIR_SHADE if kind == "two_dice" else paint.FELT_DARK, rect, border_radius=6
            )
            paint.frame(
                surface,
                rect,
                2,
                paint.GOLD if kind in ("small", "big", "any_three_of_a_kind") else paint.LINE,
                6,
            )
            self._paint_area(surface, view, rect, kind, arg)

    def _pays(self, entry: str) -> str:
        payout = self.table.payout(entry)
        return f"{payout.numerator}:{payout.denominator}"

    def _paint_area(
        self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, kind: str, arg: str
    ) -> None:
        size = max(self.text_min, min(rect.height // 4, rect.width // 3))
        upper = pygame.Rect(rect.left, rect.top + rect.height // 12, rect.width, rect.height * 2 // 3)
        chip = 2 * self.chip_radius + 6  # the chips' room: the payout is never under a chip
        foot = pygame.Rect(rect.left, rect.bottom - rect.height // 3, rect.width - chip, rect.height // 3)
        if self._narrow(rect):  # number or dice, then the payout, then the chips' band at the foot
            line = max(self.text_min + 4, min(size + 4, rect.height // 5))
            foot = pygame.Rect(rect.left, rect.bottom - chip - line, rect.width, line)
            upper = pygame.Rect(rect.left, rect.top + 4, rect.width, foot.top - rect.top - 4)
            size = min(size, line - 2)
        if kind in ("small", "big"):
            self._paint_corner(surface, view, rect, kind, size)
        elif kind == "any_three_of_a_kind":
            self._paint_any_triple(surface, view, rect, size, foot)
        elif kind == "three_of_a_kind":
            dice = pygame.Rect(rect.left, rect.top, rect.width * 3 // 5, rect.height)
            pays = pygame.Rect(dice.right, rect.top, rect.right - dice.right, rect.height)
            if view.fonts(self.text_min, True).size(self._pays(kind))[0] > pays.width - 6:  # no room beside
                # the dice: the dice over the payout and the chips
                dice = pygame.Rect(rect.left, rect.top, rect.width, rect.height // 2)
                pays = pygame.Rect(rect.left, dice.bottom, rect.width - chip, rect.bottom - dice.bottom)
            self._dice_row(surface, dice, (int(arg),) * 3)
            self._write(surface, view, self._pays(kind), pays, max(self.text_min, rect.height * 2 // 5))
        elif kind == "two_of_a_kind":
            self._dice_row(surface, upper, (int(arg),) * 2)
            self._write(surface, view, self._pays(kind), foot, size)
        elif kind.startswith("total_"):
            number = upper.inflate(-max(6, rect.width // 6), 0)  # two digits clear of the area's border
            self._write(surface, view, kind[6:], number, size * 2, paint.WHITE)
            self._write(surface, view, self._pays(kind), foot, size)
        elif kind == "two_dice":
            first, second = (int(n) for n in arg.split("-"))
            self._dice_row(surface, upper, (first, second), vertical=rect.width < rect.height * 0.8)
            self._write(surface, view, self._pays(kind), foot, size)
        else:  # one of a kind: paid by the dice that show the number
            self._dice_row(surface, upper, (int(arg),))
            odds = "  ".join(f"{self.table.payout(f'one_of_a_kind_{k}').numerator}:1" for k in (1, 2, 3))
            self._write(surface, view, odds, foot, size)

    def _write(self, surface: pygame.Surface, view: LayoutView, text: str, rect: pygame.Rect, size: int,
               colour: paint.Colour = paint.LINE) -> None:  # fmt: skip
        self.label_boxes.append(paint.write(surface, view.fonts, text, rect, size, colour))

    def _paint_corner(
        self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, kind: str, size: int
    ) -> None:
        """Small or Big: its name, its totals and payout, and that a triple loses it."""
        band = rect.height // 4
        title = pygame.Rect(rect.left, rect.top + band // 4, rect.width, band)
        self._write(surface, view, view.tr(f"layout.sicbo_{kind}"), title, size * 3 // 2, paint.GOLD)
        span = "4-10" if kind == "small" else "11-17"
        self._write(surface, view, f"{span}  {self._pays(kind)}", title.move(0, band), size)
        note = pygame.Rect(rect.left + 4, title.bottom + band, rect.width - 8, band * 5 // 4)
        words = view.tr("layout.sicbo_loses_on_triple")
        self.label_boxes.append(
            paint.wrapped(surface, view.fonts, words, note, max(self.text_min, size * 2 // 3))
        )

    def _paint_any_triple(self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, size: int,
                          foot: pygame.Rect) -> None:  # fmt: skip
        """Any Triple: its name, the six triples as six dice, and its payout."""
        title = pygame.Rect(rect.left + 4, rect.top + 2, rect.width - 8, rect.height // 3)
        words = view.tr("layout.sicbo_any_triple")
        self.label_boxes.append(
            paint.wrapped(surface, view.fonts, words, title, max(self.text_min, size * 4 // 5))
        )
        faces = pygame.Rect(rect.left, title.bottom, rect.width, rect.height // 3)
        side = max(6, min(faces.height * 2 // 5, rect.width // 8))
        for k, n in enumerate(FACES):
            at = (rect.left + rect.width * (k % 3 + 1) / 4, faces.top + faces.height * (k // 3 + 0.5) / 2)
            paint.die(surface, at, side, n)
        self._write(surface, view, self._pays("any_three_of_a_kind"), foot, size)

    def _dice_row(
        self, surface: pygame.Surface, rect: pygame.Rect, faces: tuple[int, ...], vertical: bool = False
    ) -> None:
        n = len(faces)
        if vertical:
            side = max(6, min(rect.width * 3 // 5, rect.height * 2 // (3 * n)))
            for k, face in enumerate(faces):
                paint.die(surface, (rect.centerx, rect.top + rect.height * (k + 0.5) / n), side, face)
            return
        side = max(6, min(rect.height * 3 // 5, rect.width * 2 // (3 * n)))
        for k, face in enumerate(faces):
            paint.die(surface, (rect.left + rect.width * (k + 0.5) / n, rect.centery), side, face)
