"""The Three Dice Football layout (§ 661a.2(b); GAMES.md §6.1): the field, the full-game and the single-play
wagers.

Top: the field, the goal line and end zone on the left, yard lines 1-23 with the 10 and the 20 marked,
the ball where the drive stands, and the series, down and play (1st/2nd/3rd Down or & Goal, Play 1-6);
it is drawn, not touched. Below it, one band of the full-game wagers (Touchdown, Defense, Extra Point,
Quick Strike TD, Game Changer), one of Game Length 1-6, and two bands of the single-play wagers. While a
game is under way the full-game areas are shaded and say so: they take wagers before a game's first
down only. Every area is one touch area at least ``touch`` pixels each way and shows what it pays.

>>> import pygame
>>> layout = TdfLayout(pygame.Rect(0, 0, 702, 577), "standard", 40)
>>> len(layout.areas()), min(min(a.rect.size) for a in layout.areas()) >= 40
(19, True)
>>> layout.hit(layout.anchor("game_length_3")), layout.hit(layout.anchor("over_four_yards"))
('game_length_3', 'over_four_yards')
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.games.tdf.rules import (
    EXTRA_ENTRIES,
    FULL_GAME,
    GAME_LENGTHS,
    MAX_YARD,
    QUICK_ENTRIES,
    Throw,
    paytable,
    single_entry,
)
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import HitArea, LayoutView, Place, TooSmallError, area, box
from terminal.seat.layouts.layered import LayeredLayout
from terminal.theme import looks

__all__ = ["DRIVE", "Drive", "TdfLayout", "drive_of"]

BALL = looks("seat", "tdf").rgb("ball")
DRIVE = "tdf:drive"
"""The board entry of the drive: ``"yard goal down play extra"`` (``"14 0 2 2 0"``)."""

_ROWS: tuple[tuple[str, ...], ...] = (
    ("touchdown", "defense", "extra_point", "quick_strike", "game_changer"),
    GAME_LENGTHS,
    ("trips_td", "penalty", "turnover", "cover_three"),
    ("no_gain", "big_play", "over_four_yards", "under_four_yards"),
)
_BANDS = (0.2, 0.22, 0.16, 0.21, 0.21)  # the field, then each row of wagers
_GAP = 0.012
LABEL_KEYS: tuple[str, ...] = (
    *(f"layout.tdf_{w}" for w in (*_ROWS[0], *_ROWS[2], *_ROWS[3])),
    "layout.tdf_game_length",
    "layout.tdf_on_trips",
)
DOWN_KEYS: tuple[str, ...] = (
    *(f"layout.tdf_down_{n}" for n in (1, 2, 3)),
    *(f"layout.tdf_goal_{n}" for n in (1, 2, 3)),
    "layout.tdf_play",
    "layout.tdf_extra_point_roll",
    "layout.tdf_full_game_closed",
)
"""The words drawn with the drive, each frame (not in the cached background)."""


@dataclass(frozen=True, slots=True)
class Drive:
    """The drive as the seat's board carries it."""

    yard: int = 20
    goal: bool = False
    down: int = 1
    play: int = 1
    extra: bool = False

    @property
    def under_way(self) -> bool:
        """A game is in progress (or its extra point roll is next): no full-game wager is taken."""
        return self.play > 1 or self.extra


def drive_of(view: LayoutView) -> Drive:
    """The drive the board carries (a new game's when it carries none)."""
    text = dict(view.board).get(DRIVE, "")
    parts = text.split()
    if len(parts) != 5 or not all(p.isdigit() for p in parts):
        return Drive()
    yard, goal, down, play, extra = (int(p) for p in parts)
    return Drive(yard, bool(goal), down, play, bool(extra))


class TdfLayout(LayeredLayout):
    """The Three Dice Football table in ``rect`` under paytable ``paytable_name``."""

    label_keys = LABEL_KEYS

    def __init__(self, rect: pygame.Rect, paytable_name: str, touch: int = 0) -> None:
        self.table = paytable(paytable_name)
        self.text_min = max(12, round(touch * 14 / 48)) if touch else 12
        self.field = pygame.Rect(0, 0, 0, 0)
        areas = self._measure(rect.width, rect.height)
        small = min(min(a.rect.size) for a in areas)
        if touch and small < touch:
            raise TooSmallError(
                f"a Three Dice Football area of {small} px is under the {touch} px of a finger"
            )
        self.chip_radius = max(8, min(26, small * 9 // 40))
        r = self.chip_radius
        places = {a.spot: Place(a.rect, (a.rect.right - r - 3, a.rect.bottom - r - 3)) for a in areas}
        super().__init__(rect, areas, self.chip_radius, places)

    def _measure(self, width: int, height: int) -> list[HitArea]:
        gap = max(2, round(height * _GAP))
        bands, y = [], 0.0
        for share in _BANDS:
            bands.append((y, y + height * share - gap))
            y += height * share
        self.field = box(1, bands[0][0], width - 1, bands[0][1])
        found: list[HitArea] = []
        for (top, bottom), spots in zip(bands[1:], _ROWS, strict=True):
            step = width / len(spots)
            found += [
                area(s, box(k * step + 1, top, (k + 1) * step - 1, bottom)) for k, s in enumerate(spots)
            ]
        return found

    # --- the game's own refusal ---------------------------------------------------------------------------

    def refusal(self, spot: str, remove: bool, view: LayoutView) -> str | None:
        """Full-game wagers are placed before a game's first down, fixed from its lock (§ 661a.3(b),(c))."""
        if spot in FULL_GAME and drive_of(view).under_way:
            return "layout.tdf_full_game_closed"
        return None

    # --- painting -------------------------------------------------------------------------------------------

    def _pays(self, entry: str) -> str:
        payout = self.table.payout(entry)
        return f"{payout.numerator}:{payout.denominator}"

    def _yard_x(self, yard: float) -> float:
        """The field's x for ``yard`` yards to go: the goal line at the end zone's edge, the 23 at right."""
        zone = self.field.width * 0.1
        return self.field.left + zone + (self.field.width - zone - 4) * yard / MAX_YARD

    def paint_background(self, surface: pygame.Surface, view: LayoutView) -> None:
        ox, oy = self.rect.topleft
        self._paint_field(surface, view)
        for a in self.areas():
            rect = a.rect.move(-ox, -oy)
            pygame.draw.rect(surface, paint.FELT_DARK, rect, border_radius=6)
            paint.frame(surface, rect, 2, paint.GOLD if a.spot in FULL_GAME else paint.LINE, 6)
            self._paint_area(surface, view, rect, a.spot)

    def _paint_field(self, surface: pygame.Surface, view: LayoutView) -> None:
        field = self.field
        pygame.draw.rect(surface, paint.GREEN, field, border_radius=6)
        zone = pygame.Rect(field.left, field.top, round(self._yard_x(0)) - field.left, field.height)
        pygame.draw.rect(surface, paint.FELT_DARK, zone, border_radius=6)
        paint.write(surface, view.fonts, "TD", zone, max(self.text_min, zone.height // 4), paint.GOLD)
        size = max(self.text_min, min(field.height // 6, field.width // 60))
        for yard in range(MAX_YARD + 1):
            x = round(self._yard_x(yard))
            major = yard in (0, 10, 20)
            colour = paint.WHITE if major else paint.LINE
            pygame.draw.line(surface, colour, (x, field.top + 2), (x, field.bottom - 3), 3 if major else 1)
            if yard and (major or yard % 5 == 0):
                cell = pygame.Rect(x - size * 2, field.bottom - size * 2, size * 4, size * 2)
                self.label_boxes.append(paint.write(surface, view.fonts, str(yard), cell, size, paint.WHITE))

    def _paint_area(self, surface: pygame.Surface, view: LayoutView, rect: pygame.Rect, spot: str) -> None:
        size = max(self.text_min, min(rect.height // 4, rect.width // 6))
        chip = 2 * self.chip_radius + 6
        foot = pygame.Rect(rect.left, rect.bottom - rect.height // 3, rect.width - chip, rect.height // 3)
        title = pygame.Rect(rect.left + 4, rect.top + 2, rect.width - 8, rect.height * 3 // 5)
        if spot in GAME_LENGTHS:
            number = spot[-1]
            head = pygame.Rect(rect.left + 4, rect.top + 2, rect.width - 8, rect.height // 3)
            words = view.tr("layout.tdf_game_length")
            small = max(self.text_min, size * 3 // 4)
            self.label_boxes.append(paint.wrapped(surface, view.fonts, words, head, small, paint.GOLD))
            mid = pygame.Rect(rect.left, head.bottom, rect.width, rect.height // 3)
            self._write(surface, view, number, mid, max(self.text_min, size), paint.WHITE)
            self._write(surface, view, self._pays(spot), foot, max(self.text_min, size * 3 // 4))
            return
        words = view.tr(f"layout.tdf_{spot}")
        self.label_boxes.append(paint.wrapped(surface, view.fonts, words, title, size, paint.GOLD))
        self._write(surface, view, self._odds(view, spot), foot, max(self.text_min, size * 3 // 4))

    def _odds(self, view: LayoutView, spot: str) -> str:
        if spot == "extra_point":
            pays = dict.fromkeys(
                str(self.table.payout(e).numerator) for e in EXTRA_ENTRIES
            )  # 1/10/50, once each
            return "/".join(pays) + ":1"
        if spot == "quick_strike":
            return "/".join(str(self.table.payout(e).numerator) for e in QUICK_ENTRIES) + ":1"
        if spot == "over_four_yards":
            trips = self._pays("over_four_yards_trips")
            return f"{self._pays(spot)} · {view.tr('layout.tdf_on_trips')} {trips}"
        return self._pays(spot)

    def _write(
        self,
        surface: pygame.Surface,
        view: LayoutView,
        text: str,
        rect: pygame.Rect,
        size: int,
        colour: paint.Colour = paint.LINE,
    ) -> None:
        self.label_boxes.append(paint.write(surface, view.fonts, text, rect, size, colour))

    # --- what changes with the drive --------------------------------------------------------------------

    def draw_under_chips(self, surface: pygame.Surface, view: LayoutView) -> None:
        """The ball on its yard line, the series, down and play; full-game areas shaded mid-game."""
        drive = drive_of(view)
        field = self.field.move(*self.rect.topleft)
        x = self.rect.left + self._yard_x(0 if drive.extra else drive.yard)
        ball = pygame.Rect(0, 0, max(14, field.height // 3), max(10, field.height // 5))
        ball.center = (round(x), field.top + field.height * 11 // 20)  # under the down, over the numbers
        size = max(self.text_min, field.height // 5)
        where = pygame.Rect(field.left + field.width // 2, field.top + 2, field.width // 2 - 6, size * 3 // 2)
        paint.write(surface, view.fonts, self.down_text(view, drive), where, size, paint.WHITE)
        line_top = where.bottom + 2  # the ball's yard line, below the words of the down
        pygame.draw.line(surface, paint.YELLOW, (round(x), line_top), (round(x), field.bottom - 3), 2)
        pygame.draw.ellipse(surface, BALL, ball)
        pygame.draw.ellipse(surface, paint.WHITE, ball, 2)
        if drive.under_way:
            shade = pygame.Surface((1, 1), pygame.SRCALPHA)
            for spot in FULL_GAME:
                rect = self.place(spot).rect
                cover = pygame.transform.scale(shade, rect.size)
                cover.fill((*paint.SHADOW, 110))
                surface.blit(cover, rect.topleft)

    @staticmethod
    def down_text(view: LayoutView, drive: Drive) -> str:
        """``1st & Goal · Play 3``, ``2nd Down · Play 2``, or the extra point roll."""
        if drive.extra:
            return view.tr("layout.tdf_extra_point_roll")
        series = view.tr(f"layout.tdf_{'goal' if drive.goal else 'down'}_{drive.down}")
        play = f"{view.tr('layout.tdf_play')} {drive.play}"
        return f"{series} · {play}"

    def _draw_winners_glow(self, surface: pygame.Surface, view: LayoutView) -> None:
        """Every single-play area the down's dice win lights, the seat's wagers or not; the rest as paid."""
        try:
            dice = Throw.parse(view.outcome).dice if view.outcome else None
        except ValueError:
            dice = None
        super()._draw_winners_glow(surface, view)
        if dice is None:
            return
        for spots in _ROWS[2:]:
            for spot in spots:
                if single_entry(spot, dice) is not None:
                    paint.glow(surface, self.place(spot).rect)
