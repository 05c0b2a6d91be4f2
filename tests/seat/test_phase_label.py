"""The header's last meter names what it shows: "BETS CLOSE IN" over the seconds only while bets are open;
"BETS" over "Closed" once the window shuts and while the round is in play; "ROUND" over "Result" while
the result is on show (it read "BETS CLOSE IN: Result", es "CIERRE EN Resultado")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.seat.screen_tour import STATES, seat_app

EXPECTED = {
    "betting": ("meter.countdown", "fmt.seconds"),
    "locked": ("meter.bets", "bets.closed_short"),
    "in_play": ("meter.bets", "bets.closed_short"),
    "result": ("meter.round", "meter.result"),
}
LABELS = {"meter.countdown", "meter.bets", "meter.round"}
VALUES = {"fmt.seconds", "bets.closed_short", "meter.result", "status.waiting"}


@pytest.mark.parametrize("table", ["double_zero", "craps"])
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("state", list(EXPECTED))
def test_the_label_follows_the_phase(table: str, language: str, state: str) -> None:
    app = seat_app(table, language, (1920, 1080))
    STATES[state](app)
    drawn: list[str] = []
    draw = app.painter.draw

    def watched(surface: pygame.Surface, key: str, *a: Any, **kw: Any) -> pygame.Rect:
        drawn.append(key)
        return draw(surface, key, *a, **kw)

    app.painter.draw = watched  # type: ignore[method-assign]
    app.draw(pygame.Surface((1920, 1080)), 1.5)
    label, value = EXPECTED[state]
    assert [k for k in drawn if k in LABELS] == [label], state
    assert value in drawn and not (VALUES - {value}) & set(drawn), state
    assert app.painter.tr(label) != app.painter.tr("meter.countdown") or label == "meter.countdown"
