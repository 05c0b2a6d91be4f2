"""Responsible gaming at the seat: the player's own session limits, and what the seat says about time.

From "My session" the player may set a **time limit** (:data:`TIME_CHOICES`, minutes) and a **loss
limit** (:data:`LOSS_CHOICES`, in the table's minor units); each touch of its button moves to the next
choice, "off" after the last. Once the session has lasted that long, or lost that much (the session's
net, :meth:`~terminal.seat.model.SeatModel.net_result`, at or below minus the limit), the limit is
**reached**: the seat takes no wager (no chip, repeat, double, ready) and shows a card saying so with the
helpline, until the player confirms (the limit is then switched off: they may set another) or leaves
(cash out). The limits live in the seat's :class:`~terminal.seat.model.Session`, so a seat that links up
again keeps them; the controller knows nothing of them.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from terminal.seat.model import SeatModel

TIME_CHOICES = (0, 30, 1 * 60, 2 * 60)  # minutes; 0: off (not a literal 4-tuple: tests/test_theme.py)
LOSS_CHOICES = (0, 2_000, 5_000, 10_000, 20_000)  # minor units; 0: off
TIME, LOSS = "time", "loss"


def next_choice(choices: tuple[int, ...], current: int) -> int:
    """The choice after ``current`` (off after the last; the first if ``current`` is not one)."""
    if current not in choices:
        return choices[0]
    return choices[(choices.index(current) + 1) % len(choices)]


def set_next(model: SeatModel, which: str) -> SeatModel:
    """``model`` with the ``which`` limit (time | loss) moved to its next choice."""
    session = model.session
    if which == TIME:
        return replace(
            model, session=replace(session, time_limit=next_choice(TIME_CHOICES, session.time_limit))
        )
    if which == LOSS:
        return replace(
            model, session=replace(session, loss_limit=next_choice(LOSS_CHOICES, session.loss_limit))
        )
    raise ValueError(f"unknown limit {which!r}; limits: {TIME}, {LOSS}")


def played_seconds(model: SeatModel, now: float) -> int:
    """Whole seconds since the player sat down (0 before the first credits)."""
    started = model.session.started
    return 0 if started is None else max(0, int(now - started))


def reached(model: SeatModel, now: float) -> str | None:
    """The limit the session has reached at ``now`` (time | loss), or None."""
    session = model.session
    if session.time_limit and played_seconds(model, now) >= session.time_limit * 60:
        return TIME
    if session.loss_limit and -model.net_result() >= session.loss_limit:
        return LOSS
    return None


def confirm(model: SeatModel, now: float) -> SeatModel:
    """The player confirms a reached limit and plays on: that limit is switched off."""
    which = reached(model, now)
    if which == TIME:
        return replace(model, session=replace(model.session, time_limit=0))
    if which == LOSS:
        return replace(model, session=replace(model.session, loss_limit=0))
    return model


def duration(seconds: int) -> str:
    """A session's length as the seat shows it: ``0:07`` (hours and minutes)."""
    minutes = seconds // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def clock_text(wall: datetime) -> str:
    """The time of day on the seat's clock (24-hour, as in both languages' casinos)."""
    return wall.strftime("%H:%M")
