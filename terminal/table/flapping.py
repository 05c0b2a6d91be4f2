"""A seat's link that keeps dropping and coming back is logged a few times, then coalesced.

Each lost link of a seat is logged (``TILT`` link_lost and ``COMMS_LOSS``; ``TILT_CLEARED`` and
``COMMS_RESTORED`` when it is back). A station with valid credentials that connects and drops in a loop
would otherwise add four rows a cycle for as long as it likes. So at most :data:`LOGGED` losses of one
seat are logged in any :data:`WINDOW_S` seconds; the next starts a quiet spell, logged once as
``COMMS_FLAPPING``: the seat is still locked while its link is down (the tilt is raised and cleared as
always, on the screens), but the cycles are only counted. The spell ends at the first loss after the link
has stayed up a whole window: that loss is logged again, with the count of the cycles left out.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import Enum

WINDOW_S = 60.0
LOGGED = 3


class Loss(Enum):
    """What to log of a lost link."""

    LOG = "log"  # as always
    START_QUIET = "start_quiet"  # log COMMS_FLAPPING once; the loss itself is not logged
    QUIET = "quiet"  # nothing


@dataclass
class Flapping:
    """Per seat: the times of its recent logged losses, its quiet spell's count and its last link-up."""

    logged: dict[int, deque[float]] = field(default_factory=dict)
    quiet: dict[int, int] = field(default_factory=dict)  # seat -> cycles not logged in its spell
    up_at: dict[int, float] = field(default_factory=dict)

    def lost(self, seat: int, now: float) -> tuple[Loss, int]:
        """Classify a loss of ``seat``'s link at ``now``; the count of cycles a spell that just ended left
        out (0 otherwise)."""
        ended = 0
        if seat in self.quiet:
            if now - self.up_at.get(seat, now) < WINDOW_S:
                self.quiet[seat] += 1
                return Loss.QUIET, 0
            ended = self.quiet.pop(seat)  # steady a whole window: log again, saying what was left out
            self.logged.pop(seat, None)
        times = self.logged.setdefault(seat, deque())
        while times and now - times[0] >= WINDOW_S:
            times.popleft()
        if len(times) >= LOGGED:
            self.quiet[seat] = 1
            return Loss.START_QUIET, 0
        times.append(now)
        return Loss.LOG, ended

    def up(self, seat: int, now: float) -> bool:
        """``seat``'s link is back at ``now``; whether its restore is to be logged (not in a spell)."""
        self.up_at[seat] = now
        return seat not in self.quiet
