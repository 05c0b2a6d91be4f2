"""Background cycling of the certified generator (``[rng] background_advance``, ``advance_ms``).

A lab asks that no outcome be computed long before its round: without cycling, the words of a DRBG
request made at start-up could serve draws many minutes later. The table therefore moves the generator
on (:meth:`rng.Rng.advance`: reseed if due, drop the buffer, one fresh request) after every round and,
while it waits, every ``advance_ms`` of the injected clock, so the words a draw takes were generated after
the previous round ended and at most ``advance_ms`` before the draw.

>>> from terminal.table.clock import ManualClock
>>> calls = []
>>> cycler = Cycler(ManualClock(), lambda: calls.append(1), interval_s=0.1, on=True)
>>> cycler.after_round(); cycler.idle(); len(calls)
1
>>> cycler.clock.advance(0.1); cycler.idle(); len(calls)
2
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from terminal.table.clock import Clock


@dataclass
class Cycler:
    """Calls ``advance`` after each round and whenever ``interval_s`` has passed while idle (if ``on``)."""

    clock: Clock
    advance: Callable[[], None]
    interval_s: float
    on: bool
    due: float = field(default=0.0, init=False)

    def after_round(self) -> None:
        """A round ended (or the table started): cycle now and restart the idle timer."""
        if self.on:
            self.due = self.clock.monotonic() + self.interval_s
            self.advance()

    def idle(self) -> None:
        """A timer tick while the table waits: cycle if the interval has passed since the last cycle."""
        if self.on and self.clock.monotonic() >= self.due:
            self.after_round()
