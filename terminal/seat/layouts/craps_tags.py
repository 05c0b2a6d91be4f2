"""The names on the chips in a craps point box: which of its eight slots each pile is.

A point box holds Place, Buy, Lay, Place to Lose, a moved Come or Don't Come bet and their odds, each in
its own slot under the number. The slots are too small for a word and a chip side by side, so the word
goes on the pile: a tag with the slot's short name from the catalogue (``layout.slot_*``), drawn at the
screen's smallest text size or larger, below the chips, else above them, else slid along the box, the
first place that covers no other tag and no chip's amount.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import pygame

from terminal.seat.layouts import paint
from terminal.seat.layouts.base import LayoutView, StakeMark
from terminal.seat.layouts.craps_geometry import BOX_KINDS, PointBox

SLOT_KEYS = {kind: f"layout.slot_{kind}" for kind in (*BOX_KINDS, "come", "dont_come", "put", "put_odds")}


@dataclass(frozen=True, slots=True)
class Tag:
    """One pile's name: the slot's kind, its words and where they sit (absolute pixels)."""

    kind: str
    text: str
    rect: pygame.Rect


def slot_of(stake: StakeMark, boxes: dict[int, PointBox]) -> tuple[int, str] | None:
    """The point box and slot a stake's chips sit in (None: not in a point box)."""
    if stake.spot in ("come", "dont_come"):
        return (stake.number, stake.spot) if stake.number in boxes else None
    kind, _, number = stake.spot.rpartition("_")
    if kind in SLOT_KEYS and number.isdigit() and int(number) in boxes and kind in boxes[int(number)].slots:
        return int(number), kind
    return None


def tags(
    view: LayoutView, boxes: dict[int, PointBox], origin: tuple[int, int], radius: int, size: int
) -> list[Tag]:
    """Where each occupied slot's name goes: clear of the other names and of every chip's amount."""
    taken: list[pygame.Rect] = []
    piles = {found for stake in view.stakes if (found := slot_of(stake, boxes)) is not None}
    amounts = [_amount_box(boxes[n].slots[kind].move(origin).center, radius) for n, kind in piles]
    amounts += _off_marks(view, boxes, origin, radius)
    out: list[Tag] = []
    # by box, top to bottom, then by name: slots side by side share a top, and a set's order is not fixed
    for number, kind in sorted(piles, key=lambda p: (p[0], boxes[p[0]].slots[p[1]].top, p[1])):
        text = view.tr(SLOT_KEYS[kind])
        pill = paint.label(view.fonts, text, size, True, paint.BLACK).get_rect()
        pill.inflate_ip(size * 0.4, size * 0.2)
        box = boxes[number].rect.move(origin).inflate(pill.width, 0)  # a narrow box: into the gaps beside
        chips = boxes[number].slots[kind].move(origin).center
        places = [c for c in _candidates(pill, chips, radius, box) if c.collidelist(taken) < 0]
        clear = [c for c in places if c.collidelist(amounts) < 0]
        rect = (clear or places or [_below(pill, chips, radius, box)])[0]
        taken.append(rect)
        out.append(Tag(kind, text, rect))
    return out


def draw(surface: pygame.Surface, view: LayoutView, found: Iterable[Tag], size: int) -> None:
    """Each tag as a pill over its pile's rim."""
    for tag in found:
        pygame.draw.rect(surface, paint.WHITE, tag.rect, border_radius=tag.rect.height // 2)
        pygame.draw.rect(surface, paint.BLACK, tag.rect, 1, border_radius=tag.rect.height // 2)
        image = paint.label(view.fonts, tag.text, size, True, paint.BLACK)
        surface.blit(image, image.get_rect(center=tag.rect.center))


def _off_marks(
    view: LayoutView, boxes: dict[int, PointBox], origin: tuple[int, int], radius: int
) -> list[pygame.Rect]:
    """Where the OFF marks of piles not working sit (drawn as the layered layout draws them)."""
    marks = []
    size = max(9, radius * 2 // 3)
    for stake in view.stakes:
        found = slot_of(stake, boxes)
        if found is None or stake.working:
            continue
        x, y = boxes[found[0]].slots[found[1]].move(origin).center
        words = paint.label(view.fonts, view.tr("layout.wager_off"), size, True, paint.BLACK)
        marks.append(words.get_rect(center=(x + radius, y + radius)).inflate(size * 0.8, size * 0.3))
    return marks


def _amount_box(centre: tuple[int, int], radius: int) -> pygame.Rect:
    """Where a chip's amount is written: the middle of its face."""
    rect = pygame.Rect(0, 0, round(radius * 1.6), round(radius * 0.9))
    rect.center = centre
    return rect


def _below(pill: pygame.Rect, chips: tuple[int, int], radius: int, box: pygame.Rect) -> pygame.Rect:
    rect = pill.copy()
    rect.midtop = (chips[0], chips[1] + radius // 2)
    return rect.clamp(box)


def _candidates(
    pill: pygame.Rect, chips: tuple[int, int], radius: int, box: pygame.Rect
) -> Iterator[pygame.Rect]:
    """Below the pile over its rim, above it, then slid along the box either way."""
    x, y = chips
    half = pill.height // 2
    rows = (y + radius // 2 + half, y - radius // 2 - half, y + radius + half, y - radius - half,
            y + radius + 3 * half, y - radius - 3 * half)  # fmt: skip  # a crowded box: one row further
    step = max(4, pill.width // 4)
    for shift in (0, *(k * sign * step for k in range(1, 9) for sign in (-1, 1))):
        for row in rows:
            rect = pill.copy()
            rect.center = (x + shift, row)
            rect.clamp_ip(box)
            yield rect
