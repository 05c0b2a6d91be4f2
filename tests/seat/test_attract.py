"""The seat's attract loop (issue 29 §2): a seat with no credits, untouched for ``[seat] attract_seconds``,
shows its game, its biggest payouts and "insert a bill to play" in both languages; any touch or bill ends
it (the touch does nothing else); credits, wagers or 0 keep it away."""

from __future__ import annotations

import pygame
import pytest

from terminal.net import messages as m
from terminal.seat import attract
from terminal.seat import intents as i
from terminal.seat.app import SeatApp
from terminal.seat.pointer import Gesture
from tests.seat.seat_states import Sent, linked_app, seat_state, wager

INSERT = ("Insert a bill to play", "Inserte un billete para jugar")


def _seat(language: str = "en", seconds: int = 60, credits: int = 0) -> tuple[SeatApp, Sent]:
    app, sent = linked_app("roulette", language, attract_seconds=seconds)  # linked at t=0
    app.receive([seat_state(credits=credits)], 0.0)
    return app, sent


def _said(app: SeatApp, now: float) -> list[str]:
    said: list[str] = []
    tr = app.painter.tr
    app.painter.tr = lambda key, **kw: said.append(tr(key, **kw)) or said[-1]  # type: ignore[method-assign]
    try:
        app.draw(pygame.Surface((1920, 1080)), now)
    finally:
        app.painter.tr = tr  # type: ignore[method-assign]
    return said


@pytest.mark.parametrize(("language", "game"), [("en", "ROULETTE"), ("es", "RULETA")])
def test_an_empty_seat_untouched_shows_the_game_its_payouts_and_insert_a_bill_in_both_languages(
    language: str, game: str
) -> None:
    app, _ = _seat(language)
    assert not attract.showing(app.control, 59.0)
    assert game not in _said(app, 59.0)
    said = _said(app, 61.0)
    assert attract.showing(app.control, 61.0)
    assert game in said and INSERT[0] in said and INSERT[1] in said
    assert {"en": "Straight", "es": "Pleno"}[language] in said
    assert {"en": "35 to 1", "es": "35 a 1"}[language] in said  # the biggest first payout of the offer


def test_a_touch_ends_it_and_does_nothing_else() -> None:
    app, sent = _seat()
    assert attract.showing(app.control, 61.0)
    before = len(sent.messages)
    app.gesture(Gesture("tap", app.game.buttons()[-1].rect.center), 61.0)  # where Ready would be
    assert not attract.showing(app.control, 61.5) and len(sent.messages) == before
    assert attract.showing(app.control, 122.0)  # untouched again for the attract time


def test_a_bill_ends_it() -> None:
    app, _ = _seat()
    assert attract.showing(app.control, 61.0)
    app.receive([m.BuyIn("seat-1", "bill", 2_000, 2_000)], 62.0)
    assert not attract.showing(app.control, 62.5)


def test_never_with_credits_wagers_on_a_page_or_when_off() -> None:
    app, _ = _seat(credits=500)
    assert not attract.showing(app.control, 600.0)
    app.receive([seat_state(credits=0, wagers=(wager("red", 100),))], 1.0)
    assert not attract.showing(app.control, 600.0)
    page, _ = _seat()
    page.act(i.Intent(i.SCREEN, "help"), 1.0)
    assert not attract.showing(page.control, 600.0)
    off, _ = _seat(seconds=0)
    assert not attract.showing(off.control, 6000.0)
