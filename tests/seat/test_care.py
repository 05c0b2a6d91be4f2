"""Responsible gaming at the seat (issue 29 §2): a clock and a session timer on screen; the player's own
time and loss limits, set from "My session", stop the seat taking wagers until the player continues or
cashes out; a session summary and the helpline on every cash-out, reality check and limit card."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pygame
import pytest

from terminal import config as configuration
from terminal.net import messages as m
from terminal.seat import care, overlays, pages
from terminal.seat import intents as i
from terminal.seat.app import SeatApp
from terminal.seat.pointer import Gesture
from tests.seat.seat_states import Sent, linked_app, seat_state, table_state

EVENING = datetime(2026, 11, 28, 20, 30)
HELPLINE = "1-800-522-4700"


def _seat(language: str = "en") -> tuple[SeatApp, Sent]:
    app, sent = linked_app(
        "roulette", language, helpline=HELPLINE, wall=lambda now: EVENING + timedelta(seconds=now),
        reality_check_minutes=30,
    )  # fmt: skip
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


def _tap_limit(app: SeatApp, which: str, now: float, times: int = 1) -> None:
    """Touch My session's button of the ``which`` limit, as a player does."""
    app.act(i.Intent(i.SCREEN, "session"), now)
    for _ in range(times):
        button = next(b for b in pages.buttons(app.control, app.frame, app.painter) if b.intent.text == which)
        app.gesture(Gesture("tap", button.rect.center), now)
    app.act(i.Intent(i.SCREEN, "game"), now)


def _chips_sent(sent: Sent) -> int:
    return sum(isinstance(x, m.PlaceWager) for x in sent.messages)


@pytest.mark.parametrize(("language", "session"), [("en", "Session"), ("es", "Sesión")])
def test_the_game_screen_shows_the_clock_and_the_session_timer(language: str, session: str) -> None:
    app, _ = _seat(language)
    assert f"20:30 · {session} 0:00" in _said(app, 5.0)
    assert f"21:47 · {session} 1:17" in _said(app, 77 * 60 + 5.0)


def test_a_time_limit_stops_the_wagers_until_the_player_continues() -> None:
    app, sent = _seat()
    _tap_limit(app, "time", 1.0)  # off -> 30 minutes
    assert app.control.model.session.time_limit == 30
    app.receive([table_state(round_id=6)], 29 * 60.0)
    app.act(i.Intent(i.PLACE, "red"), 29 * 60.0 + 1)
    assert _chips_sent(sent) == 1  # under the limit: the chip goes
    later = 30 * 60.0 + 5
    app.receive([table_state(round_id=7)], later)
    for kind in (i.REPEAT, i.DOUBLE, i.READY):
        app.act(i.Intent(kind), later)
    app.act(i.Intent(i.PLACE, "black"), later)
    assert _chips_sent(sent) == 1 and not any(isinstance(x, m.RepeatWagers | m.DoubleWagers | m.BetsDone)
                                              for x in sent.messages)  # fmt: skip
    assert app.control.model.notice is not None and app.control.model.notice.key == "limit.stopped"
    assert overlays.limit_card(app.control, later)
    said = _said(app, later)
    assert "Your time limit" in said and f"Gambling problem? Call {HELPLINE}." in said
    # a touch on the felt under the card does nothing; its Continue confirms and play goes on
    app.gesture(Gesture("tap", app.frame.layout.center), later)
    assert _chips_sent(sent) == 1
    go_on = next(b for b in overlays.buttons(app.control, app.frame, later) if b.key == "button.continue")
    app.gesture(Gesture("tap", go_on.rect.center), later)
    assert care.reached(app.control.model, later) is None and not overlays.limit_card(app.control, later)
    app.act(i.Intent(i.PLACE, "black"), later + 1)
    assert _chips_sent(sent) == 2


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_loss_limit_stops_the_wagers_at_the_limit(language: str) -> None:
    app, sent = _seat(language)
    _tap_limit(app, "loss", 1.0, times=2)  # off -> $20 -> $50
    assert app.control.model.session.loss_limit == 5_000
    app.receive([seat_state(credits=16_000)], 2.0)  # lost $40 of the $200 brought: under the limit
    app.act(i.Intent(i.PLACE, "red"), 2.5)
    assert _chips_sent(sent) == 1
    app.receive([seat_state(credits=15_000)], 3.0)  # $50 down: the limit
    app.act(i.Intent(i.PLACE, "red"), 3.5)
    assert _chips_sent(sent) == 1
    title = {"en": "Your loss limit", "es": "Su límite de pérdida"}[language]
    assert title in _said(app, 3.5)


def test_the_limits_cycle_through_their_choices_back_to_off() -> None:
    app, _ = _seat()
    _tap_limit(app, "time", 1.0, times=len(care.TIME_CHOICES))
    assert app.control.model.session.time_limit == 0


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Played 0:12", "In $200.00", "Out $0.00", "Net −$30.00",
                f"Gambling problem? Call {HELPLINE}.")),
        ("es", ("Jugado 0:12", "Ingresado $200.00", "Cobrado $0.00", "Neto −$30.00",
                f"¿Problemas con el juego? Llame al {HELPLINE}.")),
    ],
)  # fmt: skip
def test_every_cash_out_shows_the_session_summary_and_the_helpline(
    language: str, words: tuple[str, ...]
) -> None:
    app, _ = _seat(language)
    app.receive([seat_state(credits=17_000)], 700.0)
    app.act(i.Intent(i.SCREEN, "cashout"), 730.0)
    confirm = " ".join(_said(app, 730.0))
    assert all(w in confirm for w in words), confirm
    voucher = m.CashedOut("seat-1", 17_000, "629461984026563521", "Keystone Casino", "T-01",
                          "2026-11-28T20:42:10", "2026-12-28", "USD")  # fmt: skip
    app.receive([voucher], 731.0)
    assert app.control.ui.cashout_step == "voucher"
    after = " ".join(_said(app, 731.0))
    paid_out = {"en": "Out $170.00", "es": "Cobrado $170.00"}[language]
    assert paid_out in after and words[-1] in after


@pytest.mark.parametrize(
    ("language", "line"), [("en", "Gambling problem?"), ("es", "¿Problemas con el juego?")]
)
def test_the_reality_check_shows_the_helpline(language: str, line: str) -> None:
    app, _ = _seat(language)
    app.update(30 * 60.0 + 1)
    assert app.control.ui.reality_check
    assert f"{line} {'Call' if language == 'en' else 'Llame al'} {HELPLINE}." in _said(app, 30 * 60.0 + 1)


def test_the_helpline_is_a_table_setting(tmp_path: Path) -> None:
    loaded = configuration.loads(f"[table]\nhelpline = {HELPLINE}\n", "<test>", tmp_path)
    assert loaded.table.helpline == HELPLINE
    assert configuration.loads("", "<test>", tmp_path).table.helpline == "1-800-GAMBLER"
    with pytest.raises(configuration.ConfigError):
        configuration.loads("[table]\nhelpline = " + "9" * 41 + "\n", "<test>", tmp_path)


def test_a_seat_with_no_clock_draws_none() -> None:
    app, _ = linked_app("roulette")
    assert not any("Session" in s for s in _said(app, 5.0))
