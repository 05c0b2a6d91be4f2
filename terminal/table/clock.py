"""Time for the table, injected: the real clock in production, a manual one for headless runs and tests.

The controller reads time only through a :class:`Clock`. ``monotonic()`` drives countdowns (it never goes
back when the wall clock is set); ``wall()`` stamps ledger rows and vouchers.

>>> clock = ManualClock(start=1_000.0)
>>> clock.advance(2.5)
>>> clock.monotonic(), clock.wall().isoformat()
(1002.5, '1970-01-01T00:16:42.500000+00:00')
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Protocol


class Clock(Protocol):
    """What the controller needs to know about time."""

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back."""
        ...

    def wall(self) -> datetime:
        """The date and time now, timezone-aware (UTC)."""
        ...


class SystemClock:
    """The machine's clocks."""

    def monotonic(self) -> float:
        return time.monotonic()

    def wall(self) -> datetime:
        return datetime.now(UTC)


class ManualClock:
    """A clock that moves only when told to: headless runs jump to the next deadline, tests step it."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def monotonic(self) -> float:
        return self._now

    def wall(self) -> datetime:
        return datetime.fromtimestamp(self._now, UTC)

    def advance(self, seconds: float) -> None:
        """Move the clock forward; it never goes back."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back {seconds} seconds")
        self._now += seconds
