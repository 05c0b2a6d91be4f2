"""The roulette layout: the felt, numbers, outside boxes, racetrack, Touchdown, B2B and Blazing 7's areas.

Geometry is in :mod:`roulette_geometry`; this module paints it. Every label comes from the catalogue
(``layout.*`` keys in ``assets/i18n/layout/``); numbers are drawn as numbers.
"""

from __future__ import annotations

import pygame

from terminal.games.roulette.spots import legal_spots
from terminal.games.roulette.wheels import DOUBLE_ZERO, Wheel, is_red, parse_pocket, pocket_text
from terminal.seat.layouts import paint, roulette_sides
from terminal.seat.layouts.base import Fonts, LayoutView
from terminal.seat.layouts.layered import LayeredLayout
from terminal.seat.layouts.roulette_geometry import LABEL_AT, RouletteGeometry, measure, outside_chips
from terminal.theme import looks

ROULETTE_KEYS: tuple[str, ...] = (
    "layout.two_to_one", "layout.dozen.1", "layout.dozen.2", "layout.dozen.3", "layout.low", "layout.even",
    "layout.odd", "layout.high", "layout.five_adjacent", "layout.five_adjacent_hint", "layout.touchdown",
    "layout.touchdown_hint", "layout.closed", "layout.wheel.double_zero", "layout.wheel.single_zero",
    "layout.wheel.double_as_single", "layout.wager_off", "layout.pick_hint", "layout.b2b", "layout.b2b_last",
    "layout.blazing7s", "layout.blazing7s_hint", "layout.track_hint_short",
)  # fmt: skip
_LOOKS = looks("layout", "roulette")
_CLOSED_INK: paint.Colour = _LOOKS.rgb("closed_ink")
_TOUCHDOWN_FIELD: paint.Colour = _LOOKS.rgb("touchdown_field")
_YARD_LINE: paint.Colour = _LOOKS.rgb("touchdown_yard_line")


def pocket_colour(pocket: int) -> paint.Colour:
    """Red, black, or green for 0 and 00."""
    if pocket in (0, DOUBLE_ZERO):
        return paint.GREEN
    return paint.RED if is_red(pocket) else paint.BLACK


class RouletteLayout(LayeredLayout):
    """The layout of one wheel configuration, with Five Adjacent and Touchdown when offered."""

    label_keys = ROULETTE_KEYS

    def __init__(
        self,
        rect: pygame.Rect,
        wheel: Wheel,
        five_adjacent: bool,
        touchdown: bool,
        touch: int = 0,
        sides: tuple[str, ...] = (),
    ) -> None:
        geo = measure((rect.width, rect.height), wheel, five_adjacent, touchdown, touch, sides)
        self.geometry: RouletteGeometry = geo
        cells = geo.track_cells
        small = min(min(r.size) for _, r in cells) if cells else 0
        self._track_text = round(small * 0.36)
        self._track_chip = max(8, min(geo.chip_radius, round(small * 0.3)))
        places = dict(geo.places)
        for spot, found in geo.places.items():  # a racetrack pocket's chip is smaller than the grid's
            if spot.startswith("five_adjacent:"):
                places[spot] = type(found)(found.rect, found.chips, self._track_chip)
        super().__init__(rect, geo.areas, geo.chip_radius, places, geo.pickers)
        self.wheel = wheel
        self._open_track = {s.text for s in legal_spots(wheel, five_adjacent) if s.kind == "five_adjacent"}

    # --- background -------------------------------------------------------------------------------------

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        self._paint_track(surface, view)
        self._paint_grid(surface, view.fonts)
        self._paint_zero(surface, view)
        self._paint_outside(surface, view)
        self._paint_touchdown(surface, view)
        roulette_sides.paint_boxes(self.geometry, surface, view, self.label_boxes)
        note = self.geometry.corner_note
        if note.width and note.height:
            self.label_boxes.append(
                paint.wrapped(
                    surface,
                    view.fonts,
                    view.tr(f"layout.wheel.{self.wheel.name}"),
                    note,
                    self._size(0.24),
                    paint.GOLD,
                )
            )

    def _size(self, share: float) -> int:
        cw, ch = self.geometry.grid.cell
        return max(9, round(min(cw, ch * 1.1) * share))

    def _paint_grid(self, surface: pygame.Surface, fonts: Fonts) -> None:
        grid = self.geometry.grid
        for number in range(1, 37):
            rect, colour = grid.cell_rect(number), pocket_colour(number)
            self.label_boxes.append(
                paint.pocket(surface, fonts, rect, str(number), colour, self._size(0.4), LABEL_AT)
            )
        xs, ys = grid.xs, grid.ys
        for x in xs:
            pygame.draw.line(surface, paint.LINE, (x, ys[0]), (x, ys[3]), 2)
        for y in ys:
            pygame.draw.line(surface, paint.LINE, (grid.left, y), (grid.column_right, y), 2)
        pygame.draw.line(surface, paint.LINE, (grid.column_right, ys[0]), (grid.column_right, ys[3]), 2)

    def _paint_zero(self, surface: pygame.Surface, view: LayoutView) -> None:
        for pocket, rect in self.geometry.zero_boxes:
            closed = pocket == self.wheel.void_pocket
            fill = paint.CLOSED if closed else paint.GREEN
            number = pocket_text(pocket)
            self.label_boxes.append(
                paint.pocket(surface, view.fonts, rect, number, fill, self._size(0.4), LABEL_AT)
            )
            if closed:
                inner = rect.inflate(-rect.width // 5, -rect.height // 5)
                pygame.draw.line(surface, paint.LINE, inner.topleft, inner.bottomright, 2)
                pygame.draw.line(surface, paint.LINE, inner.bottomleft, inner.topright, 2)
                text = rect.copy()
                text.height = rect.height // 3
                text.bottom = rect.bottom - 2
                self.label_boxes.append(
                    paint.wrapped(
                        surface, view.fonts, view.tr("layout.closed"), text, self._size(0.2), paint.WHITE
                    )
                )
            paint.frame(surface, rect, 2)

    def _paint_outside(self, surface: pygame.Surface, view: LayoutView) -> None:
        geo, fonts, tr = self.geometry, view.fonts, view.tr
        for rect in geo.columns:
            paint.frame(surface, rect, 2)
            label = rect.copy()
            label.height = round(rect.height * LABEL_AT * 2)
            self.label_boxes.append(
                paint.write(surface, fonts, tr("layout.two_to_one"), label, self._size(0.3))
            )
        for k, rect in enumerate(geo.dozens):
            paint.frame(surface, rect, 2)
            self._outside_label(surface, view, f"dozen:{k + 1}", rect, tr(f"layout.dozen.{k + 1}"))
        for kind, rect in geo.evens:
            paint.frame(surface, rect, 2)
            if kind in ("red", "black"):
                room = self._label_room(kind, rect)
                paint.diamond(
                    surface, room.inflate(-room.width // 8, 0), paint.RED if kind == "red" else paint.BLACK
                )
                self.label_boxes.append(room.inflate(-room.width * 4 // 10, -room.height * 3 // 10))
            else:
                self._outside_label(surface, view, kind, rect, tr(f"layout.{kind}"))
        outer = pygame.Rect(geo.zero_boxes[0][1].left, geo.grid.ys[0], 0, 0)
        outer.width = round(geo.grid.column_right) - outer.left
        outer.height = round(geo.grid.ys[3]) - outer.top
        paint.frame(surface, outer.inflate(4, 4), 3, paint.GOLD, radius=4)

    def _label_room(self, spot: str, rect: pygame.Rect) -> pygame.Rect:
        """The part of an outside box left of where its chips sit."""
        x, _ = outside_chips(spot, rect)
        room = rect.copy()
        room.width = max(8, x - self.chip_radius - 4 - rect.left)
        return room

    def _outside_label(
        self, surface: pygame.Surface, view: LayoutView, spot: str, rect: pygame.Rect, text: str
    ) -> None:
        room = self._label_room(spot, rect)
        self.label_boxes.append(paint.write(surface, view.fonts, text, room, self._size(0.34)))

    def _paint_track(self, surface: pygame.Surface, view: LayoutView) -> None:
        track, inner = self.geometry.track, self.geometry.track_inner
        if track is None or inner is None:
            return
        radius = min(track.height // 2, inner.left - track.left + 8)
        pygame.draw.rect(surface, paint.FELT_DARK, track, border_radius=radius)
        pygame.draw.rect(surface, paint.GOLD, track, 3, border_radius=radius)
        middle = inner.inflate(-8, -8)
        pygame.draw.rect(surface, paint.FELT, middle, border_radius=min(middle.height // 2, radius))
        pygame.draw.rect(surface, paint.LINE, middle, 2, border_radius=min(middle.height // 2, radius))
        words = roulette_sides.track_words(self.geometry, middle)  # the side wagers' boxes may take its ends
        title, hint = words.inflate(-middle.height // 2, 0), words.inflate(-middle.height // 2, 0)
        title.height = middle.height * 11 // 20
        hint.top, hint.height = title.bottom - middle.height // 20, middle.height * 2 // 5
        title_size = min(self._size(0.3), title.height * 4 // 5)  # a short track (21:9) lowers both lines
        hint_size = min(self._size(0.26), hint.height * 4 // 5)
        hint_key = (
            "layout.pick_hint" if "track" in {p.name for p in self.pickers()} else "layout.five_adjacent_hint"
        )
        if words.width < middle.width and view.fonts(hint_size, True).size(view.tr(hint_key))[0] > hint.width:
            hint_key = "layout.track_hint_short"  # the side wagers' boxes took the room: the short words
        for key, room, size, colour in (
            ("layout.five_adjacent", title, title_size, paint.GOLD),
            (hint_key, hint, hint_size, paint.LINE),
        ):
            self.label_boxes.append(paint.write(surface, view.fonts, view.tr(key), room, size, colour))
        for pocket, rect in self.geometry.track_cells:
            open_ = f"five_adjacent:{pocket_text(pocket)}" in self._open_track
            end = rect.right <= inner.left or rect.left >= inner.right
            self._track_pocket(surface, view.fonts, pocket, rect, open_, end)

    def _track_pocket(
        self, surface: pygame.Surface, fonts: Fonts, pocket: int, rect: pygame.Rect, open_: bool, end: bool
    ) -> None:
        fill = pocket_colour(pocket) if open_ else paint.CLOSED
        ink = paint.WHITE if open_ else _CLOSED_INK
        size = self._track_text
        if end:  # the curved ends: round pockets stay inside the oval
            radius = round(min(rect.size) * 0.36)
            pygame.draw.circle(surface, fill, rect.center, radius)
            pygame.draw.circle(surface, paint.GOLD if open_ else paint.LINE, rect.center, radius, 1)
        else:
            inner = rect.inflate(-max(3, rect.width // 8), -max(3, rect.height // 6))
            pygame.draw.rect(surface, fill, inner, border_radius=max(3, min(inner.size) // 4))
            pygame.draw.rect(
                surface,
                paint.GOLD if open_ else paint.LINE,
                inner,
                1,
                border_radius=max(3, min(inner.size) // 4),
            )
        wide = rect.width >= rect.height  # the number at one end, the chips at the other
        at = (rect.left + rect.width * 0.3, rect.top + rect.height * 0.34) if wide else (
            rect.centerx, rect.top + rect.height * 0.28)  # fmt: skip
        if end:  # a round pocket: the number in the middle, the chips at its corner
            at = rect.center
        text = paint.fitted(fonts, pocket_text(pocket), size, True, ink, rect.width - 6)
        self.label_boxes.append(paint.put(surface, text, at))

    def _paint_touchdown(self, surface: pygame.Surface, view: LayoutView) -> None:
        """A small football field: its name and "0 or 00 kicks off" across it (up it on a narrow 4:3
        layout), the chips at its foot."""
        rect = self.geometry.touchdown
        if rect is None:
            return
        field = rect.inflate(-6, -6)
        pygame.draw.rect(surface, _TOUCHDOWN_FIELD, field, border_radius=6)
        zone = max(4, field.height // 9)
        pygame.draw.rect(surface, paint.RED, (field.left, field.top, field.width, zone), border_radius=6)
        pygame.draw.rect(
            surface, paint.BLACK, (field.left, field.bottom - zone, field.width, zone), border_radius=6
        )
        for k in range(1, 6):
            y = field.top + zone + (field.height - 2 * zone) * k / 6
            pygame.draw.line(surface, _YARD_LINE, (field.left + 3, y), (field.right - 4, y), 1)
        pygame.draw.rect(surface, paint.LINE, field, 2, border_radius=6)
        chips = self.geometry.places["touchdown"].chips[1] - self.chip_radius - 2  # the words stop here
        words = pygame.Rect(field.left + 2, field.top + 2, field.width - 4, chips - field.top - 2)
        title, hint = view.tr("layout.touchdown"), view.tr("layout.touchdown_hint")
        size = self._size(0.22)
        if paint.fitted(view.fonts, title, size, True, paint.WHITE, words.width).get_width() > words.width:
            # too narrow for the word across (4:3): it runs up the field; the help explains the kick-off
            self.label_boxes.append(
                paint.write(surface, view.fonts, title, words, size, paint.WHITE, angle=90)
            )
        else:
            top = words.copy()
            top.height = words.height * 2 // 5
            bottom = pygame.Rect(words.left, top.bottom, words.width, words.bottom - top.bottom)
            self.label_boxes.append(paint.wrapped(surface, view.fonts, title, top, size, paint.WHITE))
            self.label_boxes.append(
                paint.wrapped(surface, view.fonts, hint, bottom, self._size(0.16), paint.YELLOW)
            )
        paint.frame(surface, rect, 2)

    # --- per frame ---------------------------------------------------------------------------------------

    def _outcome(self, view: LayoutView) -> int | None:
        if view.outcome is None:
            return None
        try:
            return self.wheel.check_pocket(parse_pocket(view.outcome))
        except ValueError:
            return None  # not a pocket of this wheel (a craps result, or garbage): mark nothing

    def _outcome_rects(self, pocket: int) -> list[pygame.Rect]:
        geo = self.geometry
        rects = (
            [geo.grid.cell_rect(pocket)]
            if 1 <= pocket <= 36
            else [r for p, r in geo.zero_boxes if p == pocket]
        )
        rects += [r for p, r in geo.track_cells if p == pocket]
        return [r.move(self.rect.topleft) for r in rects]

    def refusal(self, spot: str, remove: bool, view: LayoutView) -> str | None:
        """B2B before any spin has settled, and Blazing 7's with no other wager of this seat: the seat says
        why in the player's words (GAMES.md § 3.1, § 3.2) instead of sending what the table would refuse."""
        return None if remove else roulette_sides.refusal(spot, view)

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        roulette_sides.draw_board(self.geometry, self.rect.topleft, surface, view)
        pocket = self._outcome(view)
        if pocket is not None:
            for rect in self._outcome_rects(pocket):
                pygame.draw.rect(surface, paint.WHITE, rect.inflate(2, 2), 4, border_radius=6)

    def draw_markers(self, surface: pygame.Surface, view: LayoutView) -> None:
        """The winning number ringed in gold, and the dolly, large, on its box's top right corner: beside
        the number, never on it."""
        pocket = self._outcome(view)
        if pocket is None:
            return
        main = self._outcome_rects(pocket)[0]
        pygame.draw.rect(surface, paint.GOLD, main.inflate(6, 6), max(4, main.width // 14), border_radius=8)
        radius = max(8, round(min(main.size) * 0.26))
        paint.dolly(surface, main.topright, radius)
