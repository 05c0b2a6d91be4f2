"""The craps layout: one area per offered spot of the rule engine, and chips where the table puts them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.craps.records import HOPS, HORN_NUMBERS, POINTS, Spot
from terminal.games.craps.spots import base_wager, every_spot, offered_spots
from terminal.seat.layouts import UnknownSpotError, craps_layout
from terminal.seat.layouts.craps import CrapsLayout
from tests.seat import layout_checks as checks

ALL = frozenset(CRAPS_WAGERS)
SUBSETS = [
    ALL,
    frozenset({"pass", "dont_pass", "come", "dont_come", "field"}),
    ALL - {"buy_4", "buy_10", "lay_6", "fire", "lucky_shooter", "horn_high", "hop_1_3", "come"},
    frozenset({"horn_high"}),
    frozenset(),
]


def test_every_spot_counts_each_kind_independently() -> None:
    texts = {str(s) for s in every_spot()}
    assert len(texts) == len(every_spot())
    # each catalogue id once, horn_high once per horn number, odds behind both lines and on every point
    assert len(texts) == len(CRAPS_WAGERS) - 1 + len(HORN_NUMBERS) + 2 + 2 * len(POINTS)
    assert {f"hop_{a}_{b}" for a, b in HOPS} <= texts
    assert {str(Spot.parse(t)) for t in texts} == texts  # every one parses back to itself
    assert {base_wager(s) for s in every_spot()} == set(CRAPS_WAGERS)


@pytest.mark.parametrize("size", list(checks.RECTS))
@pytest.mark.parametrize("offered", SUBSETS, ids=lambda s: str(len(s)))
def test_every_offered_spot_has_one_area_hit_at_its_centre(offered: frozenset[str], size: str) -> None:
    layout = craps_layout(checks.RECTS[size], offered)
    expected = {str(s) for s in offered_spots(offered)}
    checks.assert_one_area_per_spot(layout, expected)
    checks.assert_centres_hit(layout)
    checks.assert_no_overlap(layout)
    checks.assert_outside_is_none(layout)
    for spot in every_spot():
        if base_wager(spot) not in offered:
            with pytest.raises(UnknownSpotError):
                layout.anchor(str(spot))


def test_odds_follow_their_line_wager() -> None:
    layout = craps_layout(checks.RECTS["1920x1080"], frozenset({"come"}))
    assert layout.spots() == {"come", *(f"come_odds_{n}" for n in POINTS)}
    assert {a.spot for a in layout.areas()} == {"come", *(f"pick:point:{n}" for n in POINTS)}
    assert layout.picker("point:6").spots == ("come_odds_6",)


def test_a_point_box_is_one_touch_area_opening_its_wagers() -> None:
    layout = craps_layout(checks.RECTS["1920x1080"], ALL)
    assert layout.picker("point:4").spots == (
        "place_4", "buy_4", "lay_4", "place_lose_4", "come_odds_4", "dont_come_odds_4",
    )  # fmt: skip
    box = next(a for a in layout.areas() if a.spot == "pick:point:4")
    for spot in layout.picker("point:4").spots:  # each wager's chips sit inside the box, apart
        assert box.rect.collidepoint(layout.anchor(spot)), spot
    anchors = [layout.anchor(s) for s in layout.picker("point:4").spots]
    assert len(set(anchors)) == len(anchors)


@pytest.mark.parametrize("size", ["1920x1080", "1024x768"])
def test_every_pixel_row_returns_none_or_an_offered_spot(size: str) -> None:
    layout = craps_layout(checks.RECTS[size], ALL)
    checks.assert_every_row_safe(layout, {str(s) for s in every_spot()})


def test_touch_areas_are_big_enough_for_a_finger_at_1920x1080() -> None:
    layout = craps_layout(checks.RECTS["1920x1080"], ALL)
    small = [(a.spot, a.rect.size) for a in layout.areas() if min(a.rect.size) < 28]
    assert not small, small


def test_chips_sit_on_their_own_area_and_moved_come_bets_on_their_point_box() -> None:
    layout = craps_layout(checks.RECTS["1920x1080"], ALL)
    assert isinstance(layout, CrapsLayout)
    for a in layout.areas():
        if not a.spot.startswith("pick:"):
            assert a.rect.collidepoint(layout.anchor(a.spot)), a.spot
    origin = layout.rect.topleft
    for n in POINTS:
        box = next(b for b in layout.geometry.boxes if b.number == n).rect.move(origin)
        come, dont, place = (
            layout.anchor("come", n),
            layout.anchor("dont_come", n),
            layout.anchor(f"place_{n}"),
        )
        assert box.collidepoint(come) and box.collidepoint(dont)
        assert len({come, dont, place}) == 3  # side by side, not on top of each other
    with pytest.raises(UnknownSpotError):
        layout.anchor("come", 7)


@settings(max_examples=40, deadline=None)
@given(st.frozensets(st.sampled_from(CRAPS_WAGERS)), st.sampled_from(list(checks.RECTS)))
def test_any_offer_gets_exactly_its_spots(offered: frozenset[str], size: str) -> None:
    layout = craps_layout(checks.RECTS[size], offered)
    checks.assert_one_area_per_spot(layout, {str(s) for s in offered_spots(offered)})
    checks.assert_centres_hit(layout)
