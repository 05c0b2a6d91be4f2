"""Checks both layout test modules share: areas tile without overlap, touches never raise."""

from __future__ import annotations

import os
from itertools import groupby

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from terminal.seat.layouts import Layout, picked

pygame.display.init()
pygame.font.init()

RECTS = {  # the seat frame's layout band at each screen size, and two odd shapes
    "1920x1080": pygame.Rect(11, 97, 1437, 810),
    "1024x768": pygame.Rect(8, 69, 702, 577),
    "1920x1080 wide": pygame.Rect(38, 108, 1843, 756),
    "21:9": pygame.Rect(40, 100, 2480, 700),
    "4:3 tall": pygame.Rect(0, 0, 800, 900),
}


def reachable(layout: Layout) -> set[str]:
    """Every spot a touch reaches: on the felt, or through the picker its area opens."""
    out: set[str] = set()
    for a in layout.areas():
        name = picked(a.spot)
        out |= set(layout.picker(name).spots) if name is not None else {a.spot}
    return out


def assert_one_area_per_spot(layout: Layout, expected: set[str]) -> None:
    spots = [a.spot for a in layout.areas()]
    assert len(spots) == len(set(spots)), "a spot has two areas"
    direct = {s for s in spots if picked(s) is None}
    assert direct <= expected, sorted(direct - expected)
    found = reachable(layout)
    assert found == expected, (sorted(expected - found), sorted(found - expected))
    assert set(layout.spots()) == expected


def assert_centres_hit(layout: Layout) -> None:
    for a in layout.areas():
        assert a.rect.collidepoint(a.center), a
        assert layout.hit(a.center) == a.spot, (a.spot, layout.hit(a.center))


def assert_no_overlap(layout: Layout) -> None:
    areas = layout.areas()
    for i, a in enumerate(areas):
        assert layout.rect.contains(a.rect), (a.spot, a.rect, layout.rect)
        for b in areas[i + 1 :]:
            assert not a.rect.colliderect(b.rect), (a.spot, a.rect, b.spot, b.rect)


def assert_every_row_safe(layout: Layout, legal: set[str], step_x: int = 5) -> None:
    """Every point of every pixel row (every ``step_x`` px across, 3 px beyond the layout on each side):
    nothing, or a legal spot (or a picker's) inside the layout and inside that spot's own area. Whether a
    spot is legal is worked out once per spot, not at each of the ~250,000 points; where a row's touches
    find one spot at consecutive points, the run's first and last points are checked against the layout
    and the spot's area (a rect holds every point of a row between two it holds), not each point."""
    r = layout.rect
    by_spot = {a.spot: a.rect for a in layout.areas()}
    allowed: dict[str, bool] = {}
    hit, xs = layout.hit, range(r.left - 3, r.right + 3, step_x)
    for y in range(r.top - 3, r.bottom + 3):
        at = 0
        for found, run in groupby([hit((x, y)) for x in xs]):
            first, at = xs[at], at + sum(1 for _ in run)
            if found is None:
                continue
            last = xs[at - 1]
            ok = allowed.get(found)
            if ok is None:
                ok = allowed[found] = found in legal or picked(found) is not None
            assert ok and r.collidepoint(first, y) and r.collidepoint(last, y), ((first, last, y), found)
            area = by_spot[found]
            assert area.collidepoint(first, y) and area.collidepoint(last, y), ((first, last, y), found)


def assert_outside_is_none(layout: Layout) -> None:
    r = layout.rect
    for pos in ((r.left - 1, r.centery), (r.right, r.centery), (r.centerx, r.top - 1), (r.centerx, r.bottom),
                (-50, -50), (10_000, 10_000)):  # fmt: skip
        assert layout.hit(pos) is None, pos
