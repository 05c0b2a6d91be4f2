"""A seat shows nothing of a round's outcome before its reveal time (issue 29 §1), frame by frame.

The same round is played on two seats, once with an outcome the seat's wager wins and once with one it
loses; every frame before the reveal time is drawn headless and the two must be the same pixels (nothing
on screen depends on the outcome: no number, no win, no lit spot, no history entry, no credit change),
and what the seat would sound must be the same too. At the reveal time the frames differ (the test can
see an outcome), and everything shows at once: the outcome, the win and the credits.
"""

from __future__ import annotations

import numpy as np
import pytest

from terminal.net import messages as m
from terminal.seat import overlays, sounds
from terminal.seat.app import SeatApp
from terminal.seat.main import init_headless
from terminal.seat.model import LinkStatus
from tests.seat.seat_states import Sent, frame_colours
from tests.support.reveal_rounds import CREDITS, ROUNDS, STAKE, Round, before, result, reveal_ms

SIZE = (1024, 768)
FPS = 12  # frames drawn per second of the reveal (each frame is a full seat screen)
RESULT_AT = 30.0


def _seat(r: Round, outcome: str) -> SeatApp:
    init_headless()
    app = SeatApp("seat-1", Sent(), size=SIZE)
    app.receive([LinkStatus(True, ""), *before(r)], 0.0)
    app.update(RESULT_AT - 1.0)
    app.receive(result(r, outcome), RESULT_AT)
    return app


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_nothing_of_the_outcome_shows_on_a_seat_before_the_reveal(game: str) -> None:
    r = ROUNDS[game]
    reveal = reveal_ms(game, r.win) / 1000
    assert reveal == reveal_ms(game, r.lose) / 1000 >= 2.0
    won, lost = _seat(r, r.win), _seat(r, r.lose)
    steps = int(reveal * FPS)
    for k in range(steps):
        now = RESULT_AT + k / FPS
        assert now < RESULT_AT + reveal
        same = np.array_equal(frame_colours(won, now), frame_colours(lost, now))
        assert same, f"{game}: frame {k} ({k / FPS:.2f} s after the result) shows something of the outcome"
        heard = sounds.moment_of(won.control.model, now), sounds.moment_of(lost.control.model, now)
        assert heard[0] == heard[1], f"{game}: the seat would sound the outcome at {k / FPS:.2f} s"
        assert won.control.model.credits_shown(now) == CREDITS - STAKE
    after = RESULT_AT + reveal + 0.01
    shown = frame_colours(won, after), frame_colours(lost, after)
    assert not np.array_equal(*shown), f"{game}: the reveal shows nothing"
    model = won.control.model
    assert model.result is not None and model.result.outcome == r.win
    assert model.winners() == ((r.spot, r.paid),)
    assert model.history is not None and model.history.results[0].outcome == r.win
    assert model.me is not None and model.me.credits == CREDITS - STAKE + r.paid
    later = RESULT_AT + reveal + 3.0
    won.update(later)
    assert won.control.model.credits_shown(later) == CREDITS - STAKE + r.paid  # counted up since the reveal


def test_a_hand_pay_waits_for_the_reveal_too() -> None:
    """A win at or above the hand-pay limit locks the seat (a ``handpay`` tilt, ``HandPay``): shown at once,
    the lock would tell a big win while the ball still runs."""
    r = ROUNDS["roulette"]
    app = _seat(r, r.win)
    app.receive([m.Tilt("handpay", True, 1, "handpay", "seat 1: hand-pay"), m.HandPay("seat-1", 250_000)],
                RESULT_AT + 0.1)  # fmt: skip
    reveal = reveal_ms("roulette", r.win) / 1000
    app.update(RESULT_AT + reveal - 0.01)
    model = app.control.model
    assert model.tilts == () and model.handpay is None and not overlays.blocking(app.control, RESULT_AT + 1)
    app.update(RESULT_AT + reveal)
    model = app.control.model
    assert model.handpay == 250_000 and ("handpay", "handpay") in model.tilts


def test_a_touchdown_prompt_shows_at_the_reveal_with_the_time_the_table_has_left() -> None:
    """The kick-off's team prompt follows the outcome (0 or 00): it waits for the reveal, and its countdown,
    running at the table since the result, shows what is left of it."""
    r = ROUNDS["roulette"]
    app = _seat(r, r.win)
    app.receive([m.TeamPrompt("seat-1", 5, 15_000)], RESULT_AT)
    reveal = reveal_ms("roulette", r.win) / 1000
    app.update(RESULT_AT + reveal - 0.01)
    assert app.control.model.prompt is None
    app.update(RESULT_AT + reveal)
    prompt = app.control.model.prompt
    assert prompt is not None and prompt.countdown_ms == 15_000 - reveal_ms("roulette", r.win)
