"""Small records every part of the ledger shares: who acted, and how times and details are written.

Times are injected (``now=``), must carry a time zone, and are stored as UTC ISO 8601 text with
microseconds, so they sort as text. Details are JSON with sorted keys: one detail, one stored form.

>>> from datetime import datetime, timezone
>>> stamp(datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc))
'2026-01-02T03:04:05.000000Z'
>>> Actor("ann", "attendant")
Actor(name='ann', role='attendant')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

ROLES = ("attendant", "technician", "lab", "administrator", "system", "player")


@dataclass(frozen=True, slots=True)
class Actor:
    """A user and the role they acted in (service roles of TERMINAL.md §2, or system/player)."""

    name: str
    role: str

    def __post_init__(self) -> None:
        if not self.name or not self.name.isprintable():
            raise ValueError(f"user name {self.name!r} must be printable and not empty")
        if self.role not in ROLES:
            raise ValueError(f"role {self.role!r} is not one of {', '.join(ROLES)}")


SYSTEM = Actor("terminal", "system")


def stamp(now: datetime) -> str:
    """``now`` as stored: UTC, ISO 8601, microseconds; a naive time is refused."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"time {now.isoformat()} has no time zone; the ledger stores UTC")
    return now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def to_json(detail: Any) -> str:
    """A detail as stored: compact JSON, keys sorted."""
    return json.dumps(detail, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def check_seat(seat: int) -> int:
    """``seat`` if it is a seat number (1 or more)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
        raise ValueError(f"seat {seat!r} must be a seat number from 1")
    return seat
