"""The roulette layout: one area per legal spot of the rule engine, where a dealer would put the chips."""

from __future__ import annotations

import pytest

from terminal.games.roulette.spots import legal_spots, parse_spot
from terminal.games.roulette.wheels import WHEELS
from terminal.seat.layouts import roulette_layout
from terminal.seat.layouts.roulette import RouletteLayout
from tests.seat import layout_checks as checks

CASES = [(w, fa, td) for w in WHEELS for fa in (True, False) for td in (True, False)]


def expected(wheel: str, five_adjacent: bool, touchdown: bool) -> set[str]:
    spots = {s.text for s in legal_spots(WHEELS[wheel], five_adjacent)}
    return spots | {"touchdown"} if touchdown else spots


@pytest.mark.parametrize("size", list(checks.RECTS))
@pytest.mark.parametrize(("wheel", "five_adjacent", "touchdown"), CASES)
def test_every_legal_spot_has_one_area_hit_at_its_centre(
    wheel: str, five_adjacent: bool, touchdown: bool, size: str
) -> None:
    layout = roulette_layout(checks.RECTS[size], wheel, five_adjacent, touchdown)
    checks.assert_one_area_per_spot(layout, expected(wheel, five_adjacent, touchdown))
    checks.assert_centres_hit(layout)
    checks.assert_no_overlap(layout)
    checks.assert_outside_is_none(layout)


@pytest.mark.parametrize("size", ["1920x1080", "1024x768"])
@pytest.mark.parametrize("wheel", list(WHEELS))
def test_every_pixel_row_returns_none_or_a_legal_spot(wheel: str, size: str) -> None:
    layout = roulette_layout(checks.RECTS[size], wheel, True, wheel == "double_zero")
    checks.assert_every_row_safe(layout, expected(wheel, True, wheel == "double_zero"))


def test_no_area_for_a_spot_closed_on_double_as_single() -> None:
    layout = roulette_layout(checks.RECTS["1920x1080"], "double_as_single", True, False)
    spots = {a.spot for a in layout.areas()}
    assert not {"straight:00", "split:0-00", "first_five", "street:00-2-3", "five_adjacent:00"} & spots
    assert "five_adjacent:1" not in spots  # 1's neighbours on the wheel include 00
    assert {"straight:0", "split:0-2", "street:0-1-2"} <= spots


@pytest.mark.parametrize("wheel", list(WHEELS))
def test_inside_areas_sit_on_the_lines_between_their_numbers(wheel: str) -> None:
    """Independent of the area code: a straight's centre is in its number's box, a split's or corner's is
    close to each number it covers and inside none; a street's or line's is over its numbers' columns."""
    layout = roulette_layout(checks.RECTS["1920x1080"], wheel, True, False)
    assert isinstance(layout, RouletteLayout)
    grid = layout.geometry.grid
    reach = 2 * grid.band + 2
    cells = {n: grid.cell_rect(n).move(layout.rect.topleft) for n in range(1, 37)}
    for a in layout.areas():
        spot = parse_spot(a.spot, WHEELS[wheel])
        if spot.kind not in ("straight", "split", "street", "corner", "line") or not all(
            1 <= p <= 36 for p in spot.pockets
        ):
            continue
        if spot.kind in ("street", "line"):
            covered = [cells[n] for n in spot.pockets]
            assert min(c.left for c in covered) < a.center[0] < max(c.right for c in covered), a
            continue
        for n, cell in cells.items():
            if n in spot.pockets:
                assert cell.inflate(reach, reach).collidepoint(a.center), (a.spot, n)
            elif spot.kind != "straight":
                assert not cell.inflate(-2, -2).collidepoint(a.center), (a.spot, n)


def test_streets_and_lines_sit_on_the_bottom_edge_and_first_five_on_the_zero_corner() -> None:
    layout = roulette_layout(checks.RECTS["1920x1080"], "double_zero", True, True)
    assert isinstance(layout, RouletteLayout)
    bottom = layout.rect.top + layout.geometry.grid.ys[3]
    zero_edge = layout.rect.left + layout.geometry.grid.xs[0]
    for a in layout.areas():
        if a.spot.startswith(("street:", "line:")) and not a.spot.startswith("street:0"):
            assert abs(a.center[1] - bottom) <= 1, a
    first_five = layout.area("first_five")
    assert abs(first_five.center[0] - zero_edge) <= 1 and abs(first_five.center[1] - bottom) <= 1


def test_touch_areas_are_big_enough_for_a_finger_at_1920x1080() -> None:
    for wheel in WHEELS:
        layout = roulette_layout(checks.RECTS["1920x1080"], wheel, True, True)
        small = [(a.spot, a.rect.size) for a in layout.areas() if min(a.rect.size) < 28]
        assert not small, small


def test_racetrack_follows_the_wheel_order() -> None:
    wheel = WHEELS["double_zero"]
    layout = roulette_layout(checks.RECTS["1920x1080"], "double_zero", True, False)
    assert isinstance(layout, RouletteLayout)
    cells = layout.geometry.track_cells
    order = [p for p, _ in cells]
    at = order.index(0)
    assert order[at:] + order[:at] == list(wheel.order)  # clockwise, wrapping round
    for pocket, rect in cells:
        centre = rect.move(layout.rect.topleft).center
        text = "00" if pocket == 37 else str(pocket)
        assert layout.hit(centre) == f"five_adjacent:{text}"


def test_an_illegal_spot_has_no_area_and_no_anchor() -> None:
    from terminal.seat.layouts import UnknownSpotError

    layout = roulette_layout(checks.RECTS["1920x1080"], "single_zero", False, False)
    for spot in ("split:0-00", "first_five", "five_adjacent:17", "touchdown", "split:1-5", "straight:37"):
        assert spot not in {a.spot for a in layout.areas()}
        with pytest.raises(UnknownSpotError):
            layout.anchor(spot)
