"""The B2B and Blazing 7's areas of the roulette layout, and B2B's number.

Two boxes at the ends of the racetrack's middle (below the zero boxes where there is no racetrack). They
are painted with the background (their names; Blazing 7's also "7 · 17 · 27"); the previous
valid spin, B2B's target, changes every spin and is drawn per frame from the layout view's ``board`` (a
coloured pocket with "LAST" beside it, or CLOSED while the table has no previous spin).
"""

from __future__ import annotations

import pygame

from terminal.games.roulette.wheels import DOUBLE_ZERO, is_red, parse_pocket
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import LayoutView
from terminal.seat.layouts.roulette_geometry import RouletteGeometry
from terminal.theme import looks

B2B, BLAZING = "b2b", "blazing7s"
MIN_TEXT = 14  # no word smaller than this (px)
EMBER: paint.Colour = looks("layout", "roulette").rgb("ember")


def track_words(geo: RouletteGeometry, middle: pygame.Rect) -> pygame.Rect:
    """The racetrack's middle without the side wagers' boxes at its ends: where its own words go."""
    left, right = middle.left, middle.right
    for _, rect in geo.sides:
        if not middle.contains(rect):
            continue
        if rect.centerx < middle.centerx:
            left = max(left, rect.right + 6)
        else:
            right = min(right, rect.left - 6)
    return pygame.Rect(left, middle.top, max(0, right - left), middle.height)


def _regions(geo: RouletteGeometry, kind: str, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """A side box's title and the rest of its words, clear of its chips (local pixels). A wide box (the
    racetrack's end) has its chips at its inner end; a tall one (the corner) at its foot."""
    inner = rect.inflate(-6, -6)
    place = geo.places[kind]
    radius = place.radius or geo.chip_radius
    if rect.width > rect.height * 2:
        x = place.chips[0]
        if x > rect.centerx:
            words = pygame.Rect(inner.left + 4, inner.top, x - radius - 6 - inner.left - 4, inner.height)
        else:
            words = pygame.Rect(x + radius + 6, inner.top, inner.right - 4 - (x + radius + 6), inner.height)
        if kind == B2B:  # the name, then beside it the previous number
            title = pygame.Rect(words.left, words.top, words.width * 2 // 5, words.height)
            return title, pygame.Rect(title.right, words.top, words.right - title.right, words.height)
    else:
        chips = place.chips[1] - radius - 2
        words = pygame.Rect(inner.left + 2, inner.top + 2, inner.width - 4, max(0, chips - inner.top - 2))
    title = pygame.Rect(words.left, words.top, words.width, words.height * 11 // 20)
    return title, pygame.Rect(words.left, title.bottom, words.width, words.bottom - title.bottom)


def paint_boxes(
    geo: RouletteGeometry, surface: pygame.Surface, view: LayoutView, label_boxes: list[pygame.Rect]
) -> None:
    """Each offered side wager's box: a panel, its name (and Blazing 7's numbers); the words' boxes are
    added to ``label_boxes``."""
    for kind, rect in geo.sides:
        inner = rect.inflate(-6, -6)
        radius = max(4, min(inner.size) // 4)
        pygame.draw.rect(surface, EMBER if kind == BLAZING else paint.FELT_DARK, inner, border_radius=radius)
        paint.frame(surface, inner, 2, paint.GOLD, radius)
        title, rest = _regions(geo, kind, rect)
        tall = title.height > title.width
        size = max(MIN_TEXT, round(min(title.height * (0.45 if tall else 0.7), title.width * 0.3)))
        colour = paint.YELLOW if kind == BLAZING else paint.GOLD
        name = view.tr(f"layout.{kind}")
        label_boxes.append(paint.wrapped(surface, view.fonts, name, title, size, colour))
        if kind == BLAZING:
            hint = view.tr("layout.blazing7s_hint")
            small = max(MIN_TEXT, min(size, round(rest.height * 0.75)))
            label_boxes.append(paint.wrapped(surface, view.fonts, hint, rest, small, paint.WHITE))


def refusal(spot: str, view: LayoutView) -> str | None:
    """The catalogue key of why a chip on a side wager cannot be placed now, or None."""
    if spot == B2B and dict(view.board).get(B2B) == "":
        return "sides.b2b_closed"
    if spot == BLAZING and not any(stake.spot not in (B2B, BLAZING) for stake in view.stakes):
        return "sides.blazing_alone"
    return None


def draw_board(geo: RouletteGeometry, at: tuple[int, int], surface: pygame.Surface, view: LayoutView) -> None:
    """B2B's previous number (or CLOSED), in screen pixels (the layout's corner ``at``), beside or below
    its name."""
    shown = dict(view.board)
    for kind, rect in geo.sides:
        if kind != B2B or kind not in shown:
            continue
        row = _regions(geo, kind, rect)[1].move(at)
        size = max(MIN_TEXT, round(min(row.height * 0.5, row.width * 0.25)))
        if not shown[kind]:
            paint.write(surface, view.fonts, view.tr("layout.closed"), row, size, paint.YELLOW)
            continue
        pocket = parse_pocket(shown[kind])
        word = view.tr("layout.b2b_last")
        small = max(MIN_TEXT, min(size * 4 // 5, round(row.height * 0.45)))
        beside = view.fonts(small, True).size(word)[0] <= row.width - min(row.height, row.width // 2) - 4
        side = min(row.height, row.width // 2) if beside else min(row.height, row.width) * 9 // 10
        disc = pygame.Rect(
            row.right - side if beside else row.centerx - side // 2, row.centery - side // 2, side, side
        )
        fill = paint.GREEN if pocket in (0, DOUBLE_ZERO) else paint.RED if is_red(pocket) else paint.BLACK
        pygame.draw.circle(surface, fill, disc.center, side // 2)
        pygame.draw.circle(surface, paint.GOLD, disc.center, side // 2, 2)
        paint.write(surface, view.fonts, shown[kind], disc, max(size, side * 2 // 5), paint.WHITE)
        if beside:  # "LAST" where it fits; else the number alone, larger
            label = pygame.Rect(row.left, row.top, disc.left - row.left, row.height)
            paint.write(surface, view.fonts, word, label, small, paint.WHITE)
