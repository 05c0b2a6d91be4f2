"""A Sic Bo result lights every winning area of the layout, not only the seat's own winning wagers (the
table's "electrical device" lights the winning combinations for everyone; it lit the player's areas
alone). Which areas win is worked out here from the rules' spots, independently of the layout."""

from __future__ import annotations

import pygame
import pytest

from terminal.games.sicbo.rules import Roll, all_spots
from terminal.seat.layouts.sicbo import SicBoLayout
from tests.seat.layout_pictures import view


def _lit(layout: SicBoLayout, outcome: str | None, winners: tuple[tuple[str, int], ...]) -> pygame.Surface:
    surface = pygame.Surface((layout.rect.right + 10, layout.rect.bottom + 10))
    layout.draw(surface, view("en", (), winners, outcome))
    return surface


def _changed(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    inner = rect.inflate(-rect.width // 2, -rect.height // 2)  # its middle: a halo spills past edges
    return any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(inner.left, inner.right, 3)
               for y in range(inner.top, inner.bottom, 3))  # fmt: skip


@pytest.mark.parametrize("outcome", ["2-3-3", "6-6-6", "1-4-6"])
def test_every_winning_area_lights_and_no_other(outcome: str) -> None:
    pygame.init()
    layout = SicBoLayout(pygame.Rect(10, 10, 1300, 800), "A", 48)
    dice = Roll.parse(outcome).dice
    winning = {s.text for s in all_spots() if s.entry(dice) is not None}
    assert winning
    mine = (sorted(winning)[0], 500)  # the seat won on one of them only
    dark, lit = _lit(layout, None, ()), _lit(layout, outcome, (mine,))
    areas = {a.spot: a.rect for a in layout.areas()}
    unlit = [spot for spot in winning if not _changed(dark, lit, areas[spot])]
    assert not unlit, unlit
    wrongly = [spot for spot, rect in areas.items() if spot not in winning and _changed(dark, lit, rect)]
    assert not wrongly, wrongly
