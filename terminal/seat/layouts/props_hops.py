"""The Props & Hops layout (§ 668a; GAMES.md §6.2): the product's 3x7 hop grid and the one-roll props.

Top: the hop grid, three rows of seven boxes, each a Double (30 to 1) or an Any Number (15 to 1), in the
order ``[props_hops] hop_grid`` gives. Below it, one band of the four Hop wagers (Top, Left, Center,
Right), and one band of Field, 1-6 and Under, and 3-4 and Over. A Hop wager the seat has chips on lights
its group's boxes on the grid, so the player sees what it covers. Every area is one touch area at least
``touch`` pixels each way and shows what it pays.

>>> import pygame
>>> layout = PropsHopsLayout(pygame.Rect(0, 0, 702, 577), "standard", DEFAULT_GRID, 40)
>>> len(layout.areas()), min(min(a.rect.size) for a in layout.areas()) >= 40
(29, True)
>>> layout.hit(layout.anchor("any_number_2_5")), layout.hit(layout.anchor("hop_center"))
('any_number_2_5', 'hop_center')
"""

from __future__ import annotations

import pygame

from terminal.games.props_hops.rules import (
    DEFAULT_GRID,
    FIELD,
    HOPS,
    OVER,
    SHAKE,
    UNDER,
    Roll,
    entry_of,
    parse_grid,
    paytable,
)
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import HitArea, LayoutView, Place, TooSmallError, area, box
from terminal.seat.layouts.layered import LayeredLayout

__all__ = ["DEFAULT_GRID", "PropsHopsLayout"]

PROPS_KEYS: tuple[str, ...] = (
    "layout.props_hops_hop_top", "layout.props_hops_hop_left", "layout.props_hops_hop_center",
    "layout.props_hops_hop_right", "layout.props_hops_field", "layout.props_hops_under",
    "layout.props_hops_over", "layout.props_hops_field_numbers", "layout.props_hops_shake",
)  # fmt: skip
_BANDS = (0.60, 0.2, 0.2)  # the grid, the hops, the props
_GAP = 0.012
_BAND_SPOTS = (("hop_top", "hop_left", "hop_center", "hop_right"), (FIELD, UNDER, OVER, SHAKE))
SIX_EIGHT = ((1, 5), (2, 4), (3, 3), (2, 6), (3, 5), (4, 4))
MARKS = f"marks:{SHAKE}"
"""The board entry of the seat's Six Eight Shake marks: ``"15 33"`` (a combination ``a-b`` as ``10a+b``)."""


def marked(view: LayoutView) -> frozenset[tuple[int, int]]:
    """The combinations the seat's Six Eight Shake has marked (none without one)."""
    text = dict(view.board).get(MARKS, "")
    return frozenset((int(n) // 10, int(n) % 10) for n in text.split() if n.isdigit())


def _spot(combo: tuple[int, int]) -> str:
    a, b = combo
    return f"double_{a}_{b}" if a == b else f"any_number_{a}_{b}"


class PropsHopsLayout(LayeredLayout):
    """The Props & Hops table in ``rect`` under paytable ``paytable_name`` and hop grid ``grid``."""

    label_keys = PROPS_KEYS

    def __init__(
        self, rect: pygame.Rect, paytable_name: str, grid: str = DEFAULT_GRID, touch: int = 0
    ) -> None:
        self.table = paytable(paytable_name)
        try:
            self.grid = parse_grid(grid)
        except ValueError:
            self.grid = parse_grid(DEFAULT_GRID)
        self.text_min = max(12, round(touch * 14 / 48)) if touch else 12
        areas = self._measure(rect.width, rect.height)
        small = min(min(a.rect.size) for a in areas)
        if touch and small < touch:
            raise TooSmallError(f"a Props & Hops area of {small} px is under the {touch} px a finger needs")
        self.chip_radius = max(8, min(26, small * 9 // 40))
        r = self.chip_radius
        places = {a.spot: Place(a.rect, (a.rect.right - r - 3, a.rect.bottom - r - 3)) for a in areas}
        super().__init__(rect, areas, self.chip_radius, places)

    def _measure(self, width: int, height: int) -> list[HitArea]:
        gap = max(2, round(height * _GAP))
        tops, y = [], 0.0
        for share in _BANDS:
            tops.append((y, y + height * share - gap))
            y += height * share
        found: list[HitArea] = []
        top, bottom = tops[0]
        step_y, step_x = (bottom - top + gap) / 3, width / 7
        for r, row in enumerate(self.grid.rows):
            for c, combo in enumerate(row):
                cell = box(
                    c * step_x + 1, top + r * step_y, (c + 1) * step_x - 1, top + (r + 1) * step_y - gap
                )
                found.append(area(_spot(combo), cell))
        for band, spots in zip(tops[1:], _BAND_SPOTS, strict=True):
            step = width / len(spots)
            found += [
                area(s, box(k * step + 1, band[0], (k + 1) * step - 1, band[1])) for k, s in enumerate(spots)
            ]
        return found

    # --- painting ---------------------------------------------------------------------------------------

    def _pays(self, entry: str) -> str:
        payout = self.table.payout(entry)
        return f"{payout.numerator}:{payout.denominator}"

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        """A Hop wager the seat has chips on lights the boxes of its group."""
        for hop in {s.spot for s in view.stakes if s.spot in HOPS}:
            for combo in self.grid.group(hop):
                paint.glow(surface, self.place(_spot(combo)).rect, 60)
        if any(s.spot == SHAKE for s in view.stakes):
            self._draw_marks(surface, view, marked(view))

    def _draw_marks(
        self, surface: pygame.Surface, view: LayoutView, marks: frozenset[tuple[int, int]]
    ) -> None:
        """The Six Eight Shake's six combinations in its area, the marked ones gold, and a gold frame on each
        marked box of the grid."""
        rect = self.place(SHAKE).rect
        row = pygame.Rect(rect.left + 4, rect.top + rect.height * 2 // 5, rect.width - 8, rect.height // 4)
        step = row.width / len(SIX_EIGHT)
        size = max(self.text_min - 2, min(row.height, int(step / 2.4)))
        for k, combo in enumerate(SIX_EIGHT):
            cell = pygame.Rect(int(row.left + k * step), row.top, int(step), row.height)
            colour = paint.GOLD if combo in marks else paint.LINE
            paint.write(surface, view.fonts, f"{combo[0]}-{combo[1]}", cell, size, colour)
            if combo in marks:
                paint.frame(surface, self.place(_spot(combo)).rect, 4, paint.GOLD, 6)

    def _draw_winners_glow(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Every area the shake wins lights, the seat's wagers or not."""
        try:
            dice = Roll.parse(view.outcome).dice if view.outcome else None
        except ValueError:
            dice = None
        if dice is None:
            super()._draw_winners_glow(surface, view)
            return
        paid = {spot for spot, _ in view.winners}
        for a in self.areas():
            if a.spot == SHAKE:  # decided over many shakes: lit when the seat's was paid
                if SHAKE in paid:
                    paint.glow(surface, self.place(a.spot).rect)
            elif entry_of(a.spot, dice, self.grid) is not None:
                paint.glow(surface, self.place(a.spot).rect)

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        ox, oy = self.rect.topleft
        for a in self.areas():
            rect = a.rect.move(-ox, -oy)
            pygame.draw.rect(surface, paint.FELT_DARK, rect, border_radius=6)
            prop = a.spot in HOPS or a.spot in (FIELD, UNDER, OVER)
            paint.frame(surface, rect, 2, paint.GOLD if prop else paint.LINE, 6)
            self._paint_area(surface, view, rect, a.spot)

    def _paint_area(self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, spot: str) -> None:
        size = max(self.text_min, min(rect.height // 4, rect.width // 5))
        chip = 2 * self.chip_radius + 6
        upper = pygame.Rect(rect.left, rect.top + rect.height // 12, rect.width, rect.height * 3 // 5)
        foot = pygame.Rect(rect.left, rect.bottom - rect.height // 3, rect.width - chip, rect.height // 3)
        if spot.startswith(("double_", "any_number_")):
            a, b = int(spot[-3]), int(spot[-1])
            side = max(6, min(upper.height * 3 // 5, upper.width // 4))
            for k, face in enumerate((a, b)):
                paint.die(surface, (upper.left + upper.width * (k + 1) / 3, upper.centery), side, face)
            self._write(surface, view, self._pays("double" if a == b else "any_number"), foot, size)
            return
        title = pygame.Rect(
            rect.left + 4, rect.top + 2, rect.width - 8, rect.height // (3 if spot == SHAKE else 2)
        )
        key = {FIELD: "field", UNDER: "under", OVER: "over", SHAKE: "shake"}.get(spot, spot)
        words = view.tr(f"layout.props_hops_{key}")
        self.label_boxes.append(paint.wrapped(surface, view.fonts, words, title, size, paint.GOLD))
        if spot == FIELD:
            numbers = view.tr("layout.props_hops_field_numbers")
            pays = f"{numbers}  {self._pays('field_2_12')} / {self._pays(FIELD)}"
        else:
            pays = self._pays(spot)
        self._write(surface, view, pays, foot, max(self.text_min, size * 4 // 5))

    def _write(self, surface: pygame.Surface, view: LayoutView, text: str, rect: pygame.Rect, size: int,
               colour: paint.Colour = paint.LINE) -> None:  # fmt: skip
        self.label_boxes.append(paint.write(surface, view.fonts, text, rect, size, colour))
