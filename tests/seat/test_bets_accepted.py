"""'Bets accepted' after Ready (issue 29 §2): the seat says its wagers stand only once the controller has
answered its Ready (the seat state that follows it), in the player's language, until the window closes;
a refusal, or no answer yet, says nothing of the kind."""

from __future__ import annotations

import pytest

from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat import message_strip
from terminal.seat.app import SeatApp
from tests.seat.seat_states import linked_app, seat_state, table_state, wager

WAGERS = (wager("red", 1000), wager("straight:17", 500), wager("dozen:2", 300))
WORDS = {"en": "Bets accepted · $18.00", "es": "Apuestas aceptadas · $18.00"}


def _ready(language: str) -> tuple[SeatApp, list[m.Message]]:
    app, sent = linked_app("roulette", language)
    app.receive([seat_state(credits=10_000, wagers=WAGERS)], 1.0)
    app.act(i.Intent(i.READY), 2.0)
    return app, sent.messages


def _status(app: SeatApp, now: float) -> str:
    key, _, args = message_strip.status_key(app.control, app.painter, now)
    return app.painter.tr(key, **args)


@pytest.mark.parametrize("language", ["en", "es"])
def test_bets_accepted_once_the_controller_answers_ready(language: str) -> None:
    app, sent = _ready(language)
    assert isinstance(sent[-1], m.BetsDone)
    assert _status(app, 2.1) != WORDS[language]  # sent, not yet answered
    app.receive([seat_state(credits=10_000, wagers=WAGERS)], 2.2)
    assert _status(app, 2.3) == WORDS[language]
    assert _status(app, 15.0) == WORDS[language]  # while the window is open
    app.receive([table_state(phase="locked", countdown_ms=0)], 19.0)
    assert _status(app, 19.1) != WORDS[language]  # the window closed: the round's status again
    app.receive([table_state(round_id=6)], 30.0)
    assert _status(app, 30.1) != WORDS[language]  # the next round: not ready yet


def test_a_refused_ready_is_not_accepted() -> None:
    app, _ = _ready("en")
    app.receive([seat_state(credits=10_000, wagers=WAGERS), m.Error("refused", "rules: no", 3)], 2.2)
    assert _status(app, 2.3) != WORDS["en"]
    app.receive([seat_state(credits=10_000, wagers=WAGERS)], 2.5)  # a later state alone accepts nothing
    assert _status(app, 2.6) != WORDS["en"]


def test_ready_with_the_window_closed_sends_nothing_and_accepts_nothing() -> None:
    app, sent = linked_app("roulette")
    app.receive([table_state(phase="locked", countdown_ms=0)], 1.0)
    app.act(i.Intent(i.READY), 1.5)
    app.receive([seat_state()], 1.6)
    assert not any(isinstance(x, m.BetsDone) for x in sent.messages)
    assert _status(app, 1.7) != WORDS["en"]
