"""The Sic Bo and Big Six seat layouts: at every seat screen size each of the 50 Sic Bo spots and the seven
Big Six symbols is a touch area a finger can use (``Frame.touch``), a touch in an area's middle places on
that very spot, and no two areas overlap; a window smaller than any seat screen still shows the game."""

from __future__ import annotations

import itertools

import pytest

from terminal.games.bigsix.rules import WAGERS
from terminal.games.sicbo.rules import all_spots
from terminal.games.tdf.rules import WAGERS as TDF_WAGERS
from terminal.net import messages as m
from terminal.seat import layout_port
from terminal.seat.layouts.base import TooSmallError
from terminal.seat.layouts.sicbo import SicBoLayout
from terminal.seat.theme import Frame

LIMITS = m.LimitsView(100, 50_000, 250_000, 100)
SIZES = ((1920, 1080), (1024, 768), (2560, 1080))
SPOTS = {"sicbo": {s.text for s in all_spots()}, "bigsix": set(WAGERS), "tdf": set(TDF_WAGERS)}
VARIANT = {"sicbo": "a", "bigsix": "standard", "tdf": "standard"}


def _state(game: str) -> m.TableState:
    return m.TableState(game, 1, "open", 20_000, LIMITS, (100, 500), "USD", 1, "Keystone Casino", "T-01", 8,
                        VARIANT[game], False)  # fmt: skip


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", sorted(SPOTS))
def test_every_spot_is_a_touch_area_of_its_own(game: str, size: tuple[int, int]) -> None:
    frame = Frame.of(*size)
    layout = layout_port.make_layout(_state(game), None, frame.layout, frame.touch)
    areas = layout.areas()
    assert {a.spot for a in areas} == SPOTS[game]
    for a in areas:
        assert min(a.rect.size) >= frame.touch, (a.spot, a.rect)
        assert frame.layout.contains(a.rect)
        assert layout.hit(a.rect.center) == a.spot
    for a, b in itertools.combinations(areas, 2):
        assert not a.rect.colliderect(b.rect), (a.spot, b.spot)


def test_a_window_smaller_than_any_seat_screen_still_shows_the_game() -> None:
    frame = Frame.of(500, 360)  # a seat tiled beside the display on a developer's desk
    with pytest.raises(TooSmallError):
        SicBoLayout(frame.layout, "a", 48)
    layout = layout_port.make_layout(_state("sicbo"), None, frame.layout, 48)
    assert {a.spot for a in layout.areas()} == SPOTS["sicbo"]


def _drive(text: str) -> object:
    from terminal.seat.layouts.base import LayoutView

    return LayoutView((), (), None, None, False, lambda key: key, str, lambda size, bold: None,  # type: ignore[arg-type]
                      board=(("tdf:drive", text),) if text else ())  # fmt: skip


@pytest.mark.parametrize(("board", "closed"), [("", False), ("20 0 1 1 0", False), ("14 0 2 2 0", True),
                                                ("20 0 1 1 1", True)])  # fmt: skip
def test_full_game_spots_say_they_are_closed_once_a_game_is_under_way(board: str, closed: bool) -> None:
    """Three Dice Football: a full-game wager is refused on the seat itself mid-game and while the extra
    point roll is next (the drive in the board), a single-play wager never."""
    frame = Frame.of(1920, 1080)
    layout = layout_port.make_layout(_state("tdf"), None, frame.layout, frame.touch)
    view = _drive(board)
    for spot in ("touchdown", "game_length_6", "defense"):
        assert layout.refusal(spot, False, view) == ("layout.tdf_full_game_closed" if closed else None)  # type: ignore[arg-type]
    assert layout.refusal("trips_td", False, view) is None  # type: ignore[arg-type]
