"""The craps layout: line wagers, point boxes, field, the centre propositions and the bonus row.

Geometry is in :mod:`craps_geometry`; this module paints it and places chips: a come or don't come bet
that moved sits on its point box (``StakeMark.number``), the puck is ON on the point or OFF in the Don't
Come bar, and the last roll's dice are shown in the Come area. Every label comes from the catalogue.
"""

from __future__ import annotations

import pygame

from terminal.games.craps import POINTS
from terminal.games.craps_rules import FIELD
from terminal.games.craps_spots import offered_spots
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import LayoutView, UnknownSpotError, area
from terminal.seat.layouts.craps_geometry import SINGLES, CrapsGeometry, PointBox, measure
from terminal.seat.layouts.layered import LayeredLayout

CRAPS_KEYS: tuple[str, ...] = (
    "layout.pass_line", "layout.dont_pass", "layout.come", "layout.dont_come", "layout.field",
    "layout.field_double", "layout.odds", "layout.place", "layout.buy", "layout.lay", "layout.place_lose",
    "layout.come_odds", "layout.dont_come_odds", "layout.any_seven", "layout.any_craps", "layout.c_and_e",
    "layout.horn", "layout.horn_high", "layout.whirl", "layout.hop", "layout.six_seven_eight", "layout.fire",
    "layout.all_small", "layout.all_tall", "layout.all_or_nothing", "layout.lucky_shooter", "layout.on",
    "layout.off", "layout.hard",
)  # fmt: skip
_BONUS_NUMBERS = {"all_small": "2 3 4 5 6", "all_tall": "8 9 10 11 12", "all_or_nothing": "2-6 · 8-12",
                  "fire": "4 5 6 8 9 10", "lucky_shooter": "4 5 6 8 9 10"}  # fmt: skip
_FIELD_NUMBERS = (2, 3, 4, 9, 10, 11, 12)
_WORDS = {
    spot: f"layout.{spot}"
    for spot in ("any_seven", "any_craps", "c_and_e", "horn", "whirl", "six_seven_eight")
}
# Where chips sit beside a label instead of on it: the end of the area kept free for them.
_CHIP_SIDE: dict[str, str] = {
    "come": "left", "pass": "left", "dont_pass": "left", "field": "right",
    **dict.fromkeys(("fire", "all_small", "all_or_nothing", "all_tall", "lucky_shooter"), "right"),
    **dict.fromkeys(_WORDS, "right"),
    **{f"{kind}_{n}": "right" for n in POINTS for kind in ("buy", "lay", "place_lose")},
}  # fmt: skip
FIRE: paint.Colour = (214, 84, 24)


class CrapsLayout(LayeredLayout):
    """The craps table with areas for the offered wagers only."""

    label_keys = CRAPS_KEYS

    def __init__(self, rect: pygame.Rect, offered: frozenset[str], vig_percent: int = 5) -> None:
        self.geometry: CrapsGeometry = measure((rect.width, rect.height))
        self.offered = offered
        self.vig_percent = vig_percent
        self._spots = {str(s) for s in offered_spots(offered)}
        areas = (area(text, rect_) for text, rect_ in self.geometry.spots.items() if text in self._spots)
        super().__init__(rect, areas, chip_radius=self.geometry.chip_radius)
        self._boxes = {b.number: b for b in self.geometry.boxes}
        self._chip_at = {
            spot: self._split(spot)[1] for spot, side in _CHIP_SIDE.items() if self._offered(spot)
        }

    # --- chips ----------------------------------------------------------------------------------------------

    def anchor(self, spot: str, number: int | None = None) -> tuple[int, int]:
        """Chips sit on their area; a moved come/don't come bet and Place bets share the number's box."""
        if spot in ("come", "dont_come") and number is not None:
            if number not in POINTS:
                raise UnknownSpotError(f"{spot} moved to {number}: not a point number {POINTS}")
            return self._slot(self._boxes[number], 0 if spot == "dont_come" else 1)
        if spot.startswith("place_") and not spot.startswith("place_lose"):
            self.area(spot)  # raises for a spot not offered
            return self._slot(self._boxes[int(spot.removeprefix("place_"))], 2)
        found = self._chip_at.get(spot)
        if found is not None:
            return found[0] + self.rect.left, found[1] + self.rect.top
        return super().anchor(spot, number)

    def _split(self, spot: str) -> tuple[pygame.Rect, tuple[int, int]]:
        """The part of ``spot``'s area left for its label, and where its chips sit (local coordinates)."""
        inner = self.geometry.spots[spot].inflate(-4, -4)
        strip = round(self.chip_radius * 2.4)
        if inner.width - strip < 70:  # too narrow to share: the chips go on the label, as on a real table
            return inner, inner.center
        text = inner.copy()
        text.width -= strip
        if _CHIP_SIDE.get(spot) == "left":
            text.left += strip
            return text, (inner.left + strip // 2 + 2, inner.centery)
        return text, (inner.right - strip // 2 - 2, inner.centery)

    def _label_rect(self, spot: str) -> pygame.Rect:
        return self._split(spot)[0] if spot in _CHIP_SIDE else self.geometry.spots[spot].inflate(-4, -4)

    def _slot(self, point_box: PointBox, k: int) -> tuple[int, int]:
        place = point_box.place.move(self.rect.topleft)
        return round(place.centerx + (k - 1) * place.width * 0.31), round(place.bottom - place.height * 0.3)

    # --- background -------------------------------------------------------------------------------------

    def _size(self, share: float) -> int:
        w, h = self.geometry.size
        unit = min(w / 64, h / 38)  # the text unit: about 21 px on a 1920x1080 seat, 11 px at 1024x768
        return max(10, round(unit * 2 * share))

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        geo = self.geometry
        for name in ("come", "field"):
            self._band(surface, view, name, f"layout.{name}" if name == "come" else "layout.field", 1.0)
        self._paint_field(surface, view)
        self._line(surface, view, "dont_pass", "layout.dont_pass")
        self._line(surface, view, "pass", "layout.pass_line")
        self._paint_points(surface, view)
        self._paint_side(surface, view)
        self._paint_centre(surface, view)
        for rect in (geo.rows["side"], geo.rows["points"]):
            paint.frame(surface, rect.inflate(2, 2), 1, paint.FELT_LIGHT)

    def _offered(self, spot: str) -> bool:
        return spot in self._spots

    def _cell(
        self, surface: pygame.Surface, spot: str, fill: paint.Colour | None = None
    ) -> pygame.Rect | None:
        rect = self.geometry.spots[spot]
        if not self._offered(spot):
            return None
        inner = rect.inflate(-4, -4)
        if fill is not None:
            pygame.draw.rect(surface, fill, inner, border_radius=6)
        paint.frame(surface, inner, 2, paint.LINE, radius=6)
        return inner

    def _band(self, surface: pygame.Surface, view: LayoutView, spot: str, key: str, share: float) -> None:
        inner = self._cell(surface, spot)
        if inner is None or spot == "field":
            return
        text = self._label_rect(spot)
        text.width -= text.height * 2  # the last roll's dice show at the right end
        paint.write(surface, view.fonts, view.tr(key), text, self._size(1.3 * share), paint.WHITE)

    def _line(self, surface: pygame.Surface, view: LayoutView, spot: str, key: str) -> None:
        inner = self._cell(surface, spot, paint.FELT_DARK if spot == "dont_pass" else None)
        if inner is not None:
            size = self._size(1.25 if spot == "pass" else 0.95)
            text = self._label_rect(spot)
            if spot == "dont_pass":  # "bar 12": the 12 that pushes, drawn as dice at the right end
                bar = inner.copy()
                bar.width = inner.height * 2
                bar.right = inner.right - 8
                paint.dice(surface, bar.inflate(0, -inner.height // 2), (6, 6), paint.RED)
                text.width = bar.left - text.left
            paint.write(surface, view.fonts, view.tr(key), text, size, paint.WHITE)
        odds = self._cell(surface, f"{spot}_odds")
        if odds is not None:
            paint.write(surface, view.fonts, view.tr("layout.odds"), odds, self._size(0.8), paint.GOLD)

    def _paint_field(self, surface: pygame.Surface, view: LayoutView) -> None:
        if not self._offered("field"):
            return
        inner = self._label_rect("field")
        title = inner.copy()
        title.width = inner.width // 5
        paint.write(surface, view.fonts, view.tr("layout.field"), title, self._size(1.1), paint.GOLD)
        numbers = inner.copy()
        numbers.left, numbers.width = title.right, inner.width - title.width
        numbers.height = inner.height * 2 // 3
        step = numbers.width / len(_FIELD_NUMBERS)
        double = [n for n in _FIELD_NUMBERS if FIELD[n].numerator >= 2 * FIELD[n].denominator]
        for k, n in enumerate(_FIELD_NUMBERS):
            centre = (numbers.left + step * (k + 0.5), numbers.centery)
            paint.put(surface, paint.label(view.fonts, str(n), self._size(1.0), True, paint.WHITE), centre)
            if n in double:
                pygame.draw.circle(surface, paint.GOLD, centre, self._size(0.8), 2)
        note = numbers.copy()
        note.top, note.height = numbers.bottom, inner.bottom - numbers.bottom
        paint.write(surface, view.fonts, view.tr("layout.field_double"), note, self._size(0.55), paint.GOLD)

    def _paint_points(self, surface: pygame.Surface, view: LayoutView) -> None:
        tr, fonts, small = view.tr, view.fonts, self._size(0.5)
        bar = self._cell(surface, "dont_come", paint.FELT_DARK)
        if bar is not None:
            paint.wrapped(
                surface,
                fonts,
                tr("layout.dont_come"),
                bar.inflate(-6, -bar.height // 3),
                self._size(0.7),
                paint.WHITE,
            )
        for point_box in self.geometry.boxes:
            n = point_box.number
            paint.frame(surface, point_box.rect, 2, paint.LINE)
            vig = f"{self.vig_percent}%"
            labels = (
                (f"lay_{n}", f"{tr('layout.lay')} {vig}"),
                (f"place_lose_{n}", tr("layout.place_lose")),
                (f"buy_{n}", f"{tr('layout.buy')} {vig}"),
                (f"come_odds_{n}", tr("layout.come_odds")),
                (f"dont_come_odds_{n}", tr("layout.dont_come_odds")),
            )
            for spot, text in labels:
                if self._cell(surface, spot, paint.FELT_DARK) is not None:
                    paint.wrapped(surface, fonts, text, self._label_rect(spot), small, paint.LINE)
            self._paint_number(surface, view, point_box)

    def _paint_number(self, surface: pygame.Surface, view: LayoutView, point_box: PointBox) -> None:
        place = point_box.place
        title = place.copy()
        title.height = place.height * 3 // 5
        colour = paint.GOLD if point_box.number in (6, 8) else paint.WHITE
        big = max(12, min(round(title.height * 0.8), round(place.width * 0.4)))
        paint.put(surface, paint.label(view.fonts, str(point_box.number), big, True, colour), title.center)
        if self._offered(f"place_{point_box.number}"):
            caption = title.copy()
            caption.height = title.height // 3
            caption.top = title.top + 2
            caption.width, caption.left = place.width // 3, place.left + 4
            paint.write(surface, view.fonts, view.tr("layout.place"), caption, self._size(0.45), paint.LINE)

    def _paint_side(self, surface: pygame.Surface, view: LayoutView) -> None:
        for spot, numbers in _BONUS_NUMBERS.items():
            fill = FIRE if spot == "fire" else (120, 24, 60) if spot == "lucky_shooter" else (20, 60, 110)
            if self._cell(surface, spot, fill) is None:
                continue
            inner = self._label_rect(spot)
            top, bottom = inner.copy(), inner.copy()
            top.height = inner.height * 3 // 5
            bottom.top, bottom.height = top.bottom - 2, inner.height - top.height
            paint.wrapped(surface, view.fonts, view.tr(f"layout.{spot}"), top, self._size(0.7), paint.WHITE)
            paint.write(surface, view.fonts, numbers, bottom, self._size(0.5), paint.YELLOW)

    def _paint_centre(self, surface: pygame.Surface, view: LayoutView) -> None:
        tr, fonts = view.tr, view.fonts
        for spot, key in _WORDS.items():
            if self._cell(surface, spot, paint.RED if spot == "any_seven" else None) is not None:
                paint.write(surface, fonts, tr(key), self._label_rect(spot), self._size(0.8), paint.WHITE)
        for n in (4, 6, 8, 10):
            self._dice_cell(surface, view, f"hard_{n}", (n // 2, n // 2), f"{tr('layout.hard')} {n}")
        for spot, faces in SINGLES:
            self._dice_cell(surface, view, spot, faces, None)
        for spot in self.geometry.spots:
            if spot.startswith("hop_"):
                a, b = (int(x) for x in spot.removeprefix("hop_").split("_"))
                self._dice_cell(surface, view, spot, (a, b), None)
            elif spot.startswith("horn_high:"):
                inner = self._cell(surface, spot)
                if inner is not None:
                    text = paint.label(
                        fonts, spot.removeprefix("horn_high:"), self._size(0.8), True, paint.WHITE
                    )
                    paint.put(surface, text, inner.center)
        if any(self._offered(f"horn_high:{n}") for n in (2, 3, 11, 12)):
            paint.wrapped(
                surface,
                fonts,
                tr("layout.horn_high"),
                self.geometry.captions["horn_high"],
                self._size(0.5),
                paint.GOLD,
            )
        if any(s.startswith("hop_") for s in self._spots):
            paint.write(
                surface, fonts, tr("layout.hop"), self.geometry.captions["hop"], self._size(0.8), paint.GOLD
            )

    def _dice_cell(
        self,
        surface: pygame.Surface,
        view: LayoutView,
        spot: str,
        faces: tuple[int, int],
        caption: str | None,
    ) -> None:
        inner = self._cell(surface, spot)
        if inner is None:
            return
        pips = inner.inflate(-inner.width // 4, -inner.height // 4)
        if caption is not None:
            text = inner.copy()
            text.width = inner.width * 2 // 5
            pips.left, pips.width = text.right, inner.right - text.right
            paint.write(surface, view.fonts, caption, text, self._size(0.6), paint.WHITE)
            pips = pips.inflate(-6, -inner.height // 4)
        paint.dice(surface, pips, faces, paint.RED if faces[0] == faces[1] else paint.BLACK)

    # --- per frame ---------------------------------------------------------------------------------------

    def _roll(self, view: LayoutView) -> tuple[int, int] | None:
        if view.outcome is None:
            return None
        a, sep, b = view.outcome.partition("-")
        if not sep or not (a.isdigit() and b.isdigit()) or not (1 <= int(a) <= 6 and 1 <= int(b) <= 6):
            return None  # a roulette result or garbage: mark nothing
        return int(a), int(b)

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        roll = self._roll(view)
        if roll is None:
            return
        total = sum(roll)
        if total in self._boxes:
            place = self._boxes[total].place.move(self.rect.topleft)
            pygame.draw.rect(surface, paint.WHITE, place.inflate(-4, -4), 4, border_radius=6)

    def draw_markers(self, surface: pygame.Surface, view: LayoutView) -> None:
        self._draw_puck(surface, view)
        roll = self._roll(view)
        if roll is not None:
            come = self.geometry.spots["come"].move(self.rect.topleft)
            dice = come.copy()
            dice.width = come.height * 2
            dice.right = come.right - come.height // 3
            paint.dice(surface, dice.inflate(0, -come.height // 4), roll)

    def _draw_puck(self, surface: pygame.Surface, view: LayoutView) -> None:
        r = max(10, round(self.chip_radius * 1.05))
        if view.point in self._boxes:
            place = self._boxes[view.point].place.move(self.rect.topleft)
            paint.puck(
                surface, view.fonts, (place.left + r + 4, place.top + r + 4), r, view.tr("layout.on"), True
            )
        else:
            bar = self.geometry.spots["dont_come"].move(self.rect.topleft)
            paint.puck(surface, view.fonts, (bar.centerx, bar.top + r + 8), r, view.tr("layout.off"), False)
