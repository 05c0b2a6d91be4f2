"""A technician at work is not an alarm: the seat's out-of-service card is framed calmly, while a tilt
(a door open) keeps the red alarm frame; and the seat names a tilt's stop as the display does ("TABLE
CLOSED"; it said "Table stopped" beside the display's "TABLE CLOSED")."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from terminal.i18n import LANGUAGES, load_catalogue
from terminal.seat import theme
from tests.seat.screen_tour import STATES, seat_app


def _alert_pixels(state: str) -> int:
    app = seat_app("double_zero", "en", (1920, 1080))
    STATES[state](app)
    surface = pygame.Surface((1920, 1080))
    app.draw(surface, 1.5)
    rgb = pygame.surfarray.array3d(surface)
    return int(np.all(rgb == np.array(theme.ALERT), axis=2).sum())


def test_out_of_service_is_not_framed_as_an_alarm() -> None:
    assert _alert_pixels("tilt") > 5000  # the door tilt's red frame
    assert _alert_pixels("service") < 500


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tilt_s_stop_is_named_as_the_display_names_it(language: str) -> None:
    cat = load_catalogue(language)
    assert cat.text("stop.tilt").upper() == cat.text("display.tilt").upper()
