"""AFT locks: while the casino system holds a seat for a transfer (SAS long poll 74), the seat takes no wager.

SAS 6.02 has the host lock a machine before it moves credits, so that the credit meter stands still
between the lock and the transfer. The SAS process grants the lock (``terminal/sas/aft.py``) and tells the
controller (``SasLock``); the table keeps it here, on its own monotonic clock, until the first of: the
lock's timeout as the host gave it (hundredths of a second), the host's cancel (74 code ``80``), or the
transfer's completion (applied or refused). While it holds, :meth:`refuse` says ``aft_lock`` to the seat's
wagers (the seat shows "Transfer in progress"). A lock is never restored by a restart: the host's timeout
is seconds, and a table that restarted has ended it.
"""

from __future__ import annotations

from terminal.table.clock import Clock
from terminal.table.refused import Refused

CODE = "aft_lock"


class AftLocks:
    """Each seat's AFT lock: the monotonic instant it ends (see the module docstring)."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._until: dict[int, float] = {}

    def hold(self, seat: int, seconds: float) -> None:
        """The host locked ``seat`` for ``seconds`` from now (a new lock replaces the one held)."""
        if seconds <= 0:
            self.release(seat)
            return
        self._until[seat] = self._clock.monotonic() + seconds

    def release(self, seat: int) -> bool:
        """The lock on ``seat`` ends now (cancel or transfer); whether one was held."""
        return self._until.pop(seat, None) is not None

    def left(self, seat: int) -> float:
        """Seconds the lock on ``seat`` still holds (0: none; a lock past its timeout is dropped)."""
        until = self._until.get(seat)
        if until is None:
            return 0.0
        left = until - self._clock.monotonic()
        if left <= 0:
            del self._until[seat]
            return 0.0
        return left

    def refuse(self, seat: int, what: str) -> None:
        """:class:`Refused` (``aft_lock``) while ``seat`` is locked; ``what`` names the refused act."""
        left = self.left(seat)
        if left > 0:
            raise Refused(
                CODE, f"transfer in progress: the casino system holds the seat ({left:.1f} s), {what}"
            )
