"""Chips never hide what they sit on: every spot's chips sit clear of every word and number on the felt,
and the puck clear of its point's number, in both languages at every screen size.

The words' boxes are where the background was actually painted (the layouts record each label's ink box
as they draw it); the chips' circles are where the layout draws them.
"""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.craps.records import POINTS
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS
from terminal.money import USD
from terminal.seat.layout_port import make_layout
from terminal.seat.layouts import LayoutView
from terminal.seat.layouts.craps import CrapsLayout
from terminal.seat.layouts.layered import LayeredLayout
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from tests.seat.seat_states import table_state

SIZES = ((1920, 1080), (1024, 768), (2560, 1080))
GAMES = {
    "double_zero": ("roulette", "double_zero"),
    "single_zero": ("roulette", "single_zero"),
    "craps": ("craps", "none"),
}


def _layout(table: str, size: tuple[int, int], language: str) -> tuple[LayeredLayout, LayoutView]:
    from dataclasses import replace

    from terminal.net import messages as m

    game, wheel = GAMES[table]
    kinds = CRAPS_WAGERS if game == "craps" else ROULETTE_WAGERS
    if wheel != "double_zero":
        kinds = tuple(k for k in kinds if k not in ("touchdown", "first_five"))
    offer = m.Offer(game, tuple(m.OfferedWager(k, "a", 100, 10000, 100) for k in kinds), ())
    frame = Frame.of(*size)
    layout = make_layout(replace(table_state(game), variant=wheel), offer, frame.layout, frame.touch)
    assert isinstance(layout, LayeredLayout)
    painter = Painter(language, USD)
    painter.min_size = frame.text_min
    view = LayoutView(
        (), (), None, None, False, painter.tr, painter.money, painter.fonts(), painter.chip_money
    )
    layout.background(view)  # paints the felt and records where each word went
    return layout, view


def _hits(centre: tuple[int, int], radius: int, box: pygame.Rect) -> bool:
    """Whether a circle overlaps a box by more than a pixel."""
    nearest_x = min(max(centre[0], box.left), box.right - 1)
    nearest_y = min(max(centre[1], box.top), box.bottom - 1)
    return math.hypot(centre[0] - nearest_x, centre[1] - nearest_y) < radius - 1


def _covered(centre: tuple[int, int], radius: int, boxes: np.ndarray) -> np.ndarray:
    """:func:`_hits` of one circle against every box at once (rows of left, top, right, bottom), in whole
    numbers: the squared distance to the nearest pixel under (radius - 1) squared (a Python call per
    circle and box was most of this file's time)."""
    if radius - 1 <= 0:
        return np.zeros(len(boxes), bool)
    dx = centre[0] - np.clip(centre[0], boxes[:, 0], boxes[:, 2] - 1)
    dy = centre[1] - np.clip(centre[1], boxes[:, 1], boxes[:, 3] - 1)
    return dx * dx + dy * dy < (radius - 1) ** 2


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", list(GAMES))
def test_no_spot_s_chips_cover_a_label(table: str, size: tuple[int, int], language: str) -> None:
    layout, _ = _layout(table, size, language)
    words = [box.move(layout.rect.topleft) for box in layout.label_boxes]
    assert len(words) > 30
    edges = np.array([(b.left, b.top, b.right, b.bottom) for b in words], np.int64)
    circles = []
    for spot in sorted(layout.spots()):
        place = layout.place(spot)
        circles.append((spot, place.chips, place.radius or layout.chip_radius))
    if isinstance(layout, CrapsLayout):
        circles += [(f"puck on {n}", *layout.puck_at(n)) for n in POINTS]
    covered = []
    for name, centre, radius in circles:
        covered += [(name, words[k]) for k in np.flatnonzero(_covered(centre, radius, edges))]
    assert not covered, covered[:6]


def test_the_whole_number_check_agrees_with_the_circle_check() -> None:
    """:func:`_covered` finds exactly what :func:`_hits` finds, edges and corners included."""
    boxes = [pygame.Rect(x, y, w, h) for x in (0, 7) for y in (0, 10) for w in (1, 3, 9) for h in (2, 5)]
    edges = np.array([(b.left, b.top, b.right, b.bottom) for b in boxes], np.int64)
    for cx in range(-4, 22, 2):
        for cy in range(-4, 22, 3):
            for radius in (0, 1, 2, 5, 6):
                found = _covered((cx, cy), radius, edges).tolist()
                assert found == [_hits((cx, cy), radius, b) for b in boxes], (cx, cy, radius)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_chip_s_amount_reads_at_the_screen_s_smallest_text_size(size: tuple[int, int]) -> None:
    """The amount on a chip is drawn at a real font size, never scaled down below the screen's minimum."""
    layout, view = _layout("double_zero", size, "en")
    frame = Frame.of(*size)
    sizes: list[int] = []
    fonts = view.fonts

    def recording(px: int, bold: bool) -> pygame.font.Font:
        font = fonts(px, bold)
        sizes.append(font.get_height())
        return font

    from dataclasses import replace

    from terminal.seat.layouts import StakeMark
    from terminal.seat.layouts import paint as paint_module

    paint_module._TEXT_CACHE.clear()
    stakes = tuple(StakeMark(s, 2500, None, True) for s in ("straight:17", "split:17-20", "dozen:2", "red"))
    surface = pygame.Surface(size)
    layout.draw(surface, replace(view, stakes=stakes, fonts=recording))
    smallest = Painter("en", USD)
    smallest.min_size = frame.text_min
    assert sizes and min(sizes) >= smallest.font(frame.text_min).get_height()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", ["double_zero", "single_zero"])
def test_a_paid_amount_hides_no_word_on_the_felt(table: str, size: tuple[int, int], language: str) -> None:
    """Each winner's "+$36.00" sits clear of every word and number painted on the felt: a racetrack
    pocket's amount used to land on the track's FIVE ADJACENT title. Every spot wins alone, then a
    round's winners together (a racetrack pocket, a corner and an even-money box, as the seat shows them).
    A sliver of two pixels is allowed: a word's box is its line's height, taller than its ink."""
    from dataclasses import replace

    layout, view = _layout(table, size, language)
    words = [box.move(layout.rect.topleft) for box in layout.label_boxes]
    together = tuple(
        s for s in ("five_adjacent:17", "five_adjacent:14", "corner:1-2-4-5", "red") if s in layout.spots()
    )
    rounds = [(spot,) for spot in sorted(layout.spots())] + [together]
    hidden = []
    for winners in rounds:
        pills = layout.paid_pills(replace(view, winners=tuple((s, 3600) for s in winners)))
        assert len(pills) == len(winners)
        hidden += [(spot, box) for spot, pill, _ in pills for box in words if min(pill.clip(box).size) > 2]
        assert not any(a.colliderect(b) for i, (_, a, _) in enumerate(pills) for _, b, _ in pills[i + 1 :])
    assert not hidden, hidden[:6]


#: A point box's piles as players make them: one wager, a come bet with its odds, and a mix.
_BOX_PILES = (
    ("place",), ("buy",), ("lay",), ("place_lose",), ("come", "come_odds"), ("dont_come", "dont_come_odds"),
    ("place", "come", "come_odds"), ("buy", "lay"), ("place", "buy", "come", "come_odds"),
)  # fmt: skip
_SLOT_WORDS = {  # what each slot's tag says, in each language
    "en": {"place": "PLACE", "buy": "BUY", "lay": "LAY", "place_lose": "TO LOSE", "come": "COME",
           "come_odds": "ODDS", "dont_come": "DON'T COME", "dont_come_odds": "DON'T ODDS"},
    "es": {"place": "NÚMERO", "buy": "COMPRA", "lay": "CONTRA", "place_lose": "A PERDER", "come": "VENIR",
           "come_odds": "CUOTA", "dont_come": "NO VENIR", "dont_come_odds": "CUOTA NO"},
}  # fmt: skip


def _box_stakes(kinds: tuple[str, ...], number: int) -> tuple[object, ...]:
    from terminal.seat.layouts import StakeMark

    return tuple(
        StakeMark(kind, 500, number, True)
        if kind in ("come", "dont_come")
        else StakeMark(f"{kind}_{number}", 500, None, True)
        for kind in kinds
    )


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_pile_in_a_point_box_is_named(size: tuple[int, int], language: str) -> None:
    """A point box's eight slots look alike: each pile carries its slot's name (PLACE, BUY, ODDS...),
    at the screen's smallest text size or larger, covering no other name and no chip's amount."""
    from dataclasses import replace

    layout, view = _layout("craps", size, language)
    assert isinstance(layout, CrapsLayout)
    frame = Frame.of(*size)
    for kinds in _BOX_PILES:
        for number in POINTS:
            stakes = _box_stakes(kinds, number)
            tags = layout.slot_tags(replace(view, stakes=stakes))  # type: ignore[arg-type]
            assert sorted(t.kind for t in tags) == sorted(kinds)
            assert all(t.text == _SLOT_WORDS[language][t.kind] for t in tags)
            rects = [t.rect for t in tags]
            assert not any(a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1 :]), kinds
            for stake in stakes:
                centre = layout.anchor(stake.spot, stake.number)  # type: ignore[attr-defined]
                amount = pygame.Rect(0, 0, layout.chip_radius, layout.chip_radius // 2)
                amount.center = centre
                assert all(not r.colliderect(amount) for r in rects), (kinds, number)
    smallest = Painter("en", USD)
    smallest.min_size = frame.text_min
    assert view.fonts(layout.tag_size(), True).get_height() >= smallest.font(frame.text_min).get_height()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_pile_s_name_keeps_off_its_off_mark(
    size: tuple[int, int], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the come-out a place bet is OFF: its OFF mark and its name (PLACE) both stay readable."""
    from dataclasses import replace

    from terminal.seat.layouts import StakeMark
    from terminal.seat.layouts import paint as paint_module

    layout, view = _layout("craps", size, language)
    assert isinstance(layout, CrapsLayout)
    marks: list[pygame.Rect] = []
    badge = paint_module.badge

    def recording(*args: object, **kwargs: object) -> pygame.Rect:
        drawn = badge(*args, **kwargs)  # type: ignore[arg-type]
        marks.append(drawn)
        return drawn

    monkeypatch.setattr(paint_module, "badge", recording)
    stakes = tuple(StakeMark(f"place_{n}", 600, None, False) for n in POINTS)
    off = replace(view, stakes=stakes)
    layout.draw(pygame.Surface(size), off)
    tags = layout.slot_tags(off)
    assert len(marks) == len(POINTS) and len(tags) == len(POINTS)
    assert not [(t.text, m) for t in tags for m in marks if t.rect.colliderect(m)]
