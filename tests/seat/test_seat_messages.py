"""Player messages live in their strip: a limit refusal or a lock never paints over the felt, at any size;
the side panel lists the seat's wagers in words."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

from terminal.seat import intents as i
from terminal.seat import message_strip, wager_list
from terminal.seat.model import notice
from tests.seat.seat_states import colours, linked_app, seat_state, table_state, wager

SIZES = ((1920, 1080), (1024, 768), (2520, 1080))


def _frame(app: object, now: float) -> pygame.Surface:
    surface = pygame.Surface((app.frame.width, app.frame.height))  # type: ignore[attr-defined]
    app.draw(surface, now)  # type: ignore[attr-defined]
    return surface


def _same(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    return bool(np.array_equal(colours(a.subsurface(rect)), colours(b.subsurface(rect))))


@pytest.mark.parametrize("game", ["roulette", "craps"])
@pytest.mark.parametrize("size", SIZES)
def test_a_limit_notice_leaves_the_felt_untouched_and_shows_in_the_strip(
    game: str, size: tuple[int, int]
) -> None:
    app, _ = linked_app(game, size=size)
    quiet = _frame(app, 1.0)
    refusal = notice("limit.maximum", 1.0, wager="wager.field", amount="$100.00")
    app.control.model = replace(app.control.model, notice=refusal)
    loud = _frame(app, 1.0)
    assert _same(quiet, loud, app.frame.layout)  # not one pixel of the felt or the racetrack changed
    strip = message_strip.game_rect(app.frame)
    assert app.frame.side.contains(strip)
    assert not _same(quiet, loud, strip)  # the notice is there, in its own box


@pytest.mark.parametrize("size", SIZES)
def test_the_lock_is_said_in_the_strip_not_over_the_racetrack(size: tuple[int, int]) -> None:
    app, _ = linked_app(size=size)
    open_ = _frame(app, 1.0)
    app.receive([table_state(phase="locked", countdown_ms=0)], 1.0)
    assert message_strip.status_key(app.control, app.painter, 1.0)[0] == "bets.closed"
    locked = _frame(app, 1.0)
    felt = app.game._base(1.0)  # the felt as the layout draws it (closed): nothing may be painted over it
    assert _same(felt, locked, app.frame.layout)
    assert not _same(open_, locked, message_strip.game_rect(app.frame))  # the strip says it instead


def test_the_wager_list_names_each_spot_and_counts_pending_chips() -> None:
    app, _ = linked_app("craps")
    come = wager("come", 1000, number=6, standing=True)
    app.receive([seat_state(wagers=(wager("pass", 1000), come, wager("hard_8", 100, working=False)))], 1.0)
    app.act(i.Intent(i.PLACE, "come_odds_6"), 1.0)  # a chip on its way to the controller
    listed = {(w, d): (amount, state) for w, d, amount, state in wager_list.rows(app.control)}
    assert listed[("come", "6")] == (1000, "on")  # the moved come point, in words
    assert listed[("hard_8", "")] == (100, "off")
    assert listed[("come_odds", "6")][0] == app.control.ui.chip
    assert app.painter.tr("fmt.spot", name=app.painter.tr("wager.come"), detail="6") == "Come 6"
