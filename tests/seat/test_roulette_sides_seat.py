"""B2B and Blazing 7's on the seat: their areas on the layout, B2B's number there, the boards in the side
panel, and their help pages built from what the table offers.

The offers are the real ones a configuration makes (``terminal.table.views.offer``); the pictures are the
real seat app's, read back pixel by pixel where a colour says what is shown.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from terminal import config as configuration
from terminal.games.roulette.engine import B2BView, BlazingView, RouletteView, TouchdownView
from terminal.net import messages as m
from terminal.net.game_state import game_view
from terminal.seat import help_content, side_boards
from terminal.seat.app import SeatApp
from terminal.seat.layouts import roulette_layout
from terminal.seat.layouts.base import StakeMark
from terminal.seat.layouts.roulette import RouletteLayout
from terminal.seat.model import LinkStatus
from terminal.table.views import offer
from tests.seat import layout_checks as checks
from tests.seat.seat_states import Sent, seat_state, table_state

ON = "[b2b]\noffered = true\n[blazing7s]\noffered = true\n"
SIDES = ("b2b", "blazing7s")


@pytest.mark.parametrize("size", list(checks.RECTS))
@pytest.mark.parametrize("five_adjacent", [True, False])
def test_both_areas_are_hit_at_their_centres_and_overlap_nothing(size: str, five_adjacent: bool) -> None:
    for touch in (0, 40, 48):
        layout = roulette_layout(checks.RECTS[size], "double_zero", five_adjacent, True, touch, SIDES)
        checks.assert_centres_hit(layout)
        checks.assert_no_overlap(layout)
        assert {"b2b", "blazing7s"} <= {a.spot for a in layout.areas()}
        assert {"b2b", "blazing7s"} <= set(layout.spots())
        checks.assert_one_area_per_spot(layout, set(layout.spots()))  # the track's picker still reaches all


def _app(size: tuple[int, int], tmp: Path, view: RouletteView) -> SeatApp:
    offered = offer(configuration.loads(ON, "<sides>", tmp))
    app = SeatApp("seat-1", Sent(), size=size)
    state = replace(table_state("roulette"), variant="double_zero")
    me = seat_state()
    app.receive([LinkStatus(True, ""), state, offered, game_view("roulette", 7, view), me], 0.0)
    return app


def _view(previous: str, odds: int, balls: tuple[int, ...] = ()) -> RouletteView:
    idle = TouchdownView("open", (), (), 0, ())
    return RouletteView(
        "double_zero", idle, B2BView(previous, odds), BlazingView("1", "7" if balls else "", balls)
    )


def _colour_in(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if surface.get_at((x, y))[:3] == colour)  # fmt: skip


def test_the_b2b_area_shows_the_previous_spin_in_its_colour_or_closed(tmp_path: Path) -> None:
    red, black = (196, 26, 36), (24, 24, 26)  # the layout's pocket colours (paint.RED, paint.BLACK)
    for previous, colour in (("3", red), ("4", black)):
        app = _app((1920, 1080), tmp_path, _view(previous, 25))
        surface = pygame.Surface((1920, 1080))
        app.draw(surface, 1.0)
        layout = app.game.layout
        assert isinstance(layout, RouletteLayout)
        box = dict(layout.geometry.sides)["b2b"].move(layout.rect.topleft)
        assert _colour_in(surface, box, colour) > 200, previous  # the pocket's disc, in its colour
        assert app.control.model.b2b == B2BView(previous, 25)


def test_the_side_panel_shows_the_bonus_balls_then_the_reader_board(tmp_path: Path) -> None:
    app = _app((1920, 1080), tmp_path, _view("7", 250, (7, 30, 27)))
    unit = app.frame.unit
    assert side_boards.boards_height(app.control, unit) == unit * 5  # balls, then the board
    plain = _app((1920, 1080), tmp_path, _view("", 0))
    assert side_boards.boards_height(plain.control, unit) == unit * 2  # the board alone (closed)


def test_help_pages_are_built_from_the_offer() -> None:
    wagers = (
        m.OfferedWager("b2b", "5-10-20-50-100-120-695", 100, 2500, 100),
        m.OfferedWager("blazing7s", "3", 100, 2500, 100),
    )
    book = help_content.pages(m.Offer("roulette", wagers, ()), str)
    b2b = next(p for p in book if p.title == "wager.b2b")
    cells = [r.cells for r in b2b.rows if r.cells and not r.heading]
    odds = [dict(c[0][1])["numerator"] for c in cells]
    weights = [dict(c[1][1])["value"] for c in cells]
    assert odds == ["1,000", "500", "250", "100", "50", "25", "10"]  # § 617b.2(e)
    assert weights == ["5", "10", "20", "50", "100", "120", "695"]  # the offered weights, per 1000
    blazing = next(p for p in book if p.title == "wager.blazing7s")
    rows = [r.cells[0][0] for r in blazing.rows if r.cells and not r.heading]
    assert rows == ["blazing.all_three", "blazing.two", "blazing.one", "blazing.one_colour", "blazing.other"]
    top = help_content.first_payout("roulette", wagers[1])
    assert top is not None and dict(top.value_args)["numerator"] == "1,000"


def test_the_seat_names_the_rule_before_sending_a_refused_side_wager(tmp_path: Path) -> None:
    closed = _app((1920, 1080), tmp_path, _view("", 0))
    layout = closed.game.layout
    assert layout is not None
    view = closed.game._layout_view(1.0)
    assert layout.refusal("b2b", False, view) == "sides.b2b_closed"  # a new ledger: no previous spin
    assert layout.refusal("blazing7s", False, view) == "sides.blazing_alone"  # no other wager of the seat
    opened = _app((1920, 1080), tmp_path, _view("17", 25))
    view = opened.game._layout_view(1.0)
    assert opened.game.layout is not None and opened.game.layout.refusal("b2b", False, view) is None
    with_red = replace(view, stakes=(*view.stakes, StakeMark("red", 100, None, True)))
    assert opened.game.layout.refusal("blazing7s", False, with_red) is None


@pytest.mark.parametrize(("paytable", "colour"), [("1", False), ("2", False), ("3", True), ("4", True)])
def test_the_colour_rule_is_said_only_where_a_paytable_pays_a_colour(paytable: str, colour: bool) -> None:
    wager = m.OfferedWager("blazing7s", paytable, 100, 2500, 100)
    page = next(
        p for p in help_content.pages(m.Offer("roulette", (wager,), ()), str) if p.title == "wager.blazing7s"
    )
    assert any(r.key == "help.blazing_colour" for r in page.rows) is colour
    assert any(r.key == "help.blazing_highest" for r in page.rows)
