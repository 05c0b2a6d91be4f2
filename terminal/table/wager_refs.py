"""A wager's reference as the table makes it: ``round-seat-serial``, unique in the ledger.

>>> ref = make_ref(12, 3, 1_700_000_000_000_001)
>>> ref, seat_of(ref)
('12-3-1700000000000001', 3)
"""

from __future__ import annotations


def make_ref(round_id: int, seat: int, serial: int) -> str:
    """The reference of a wager placed at ``seat`` in round ``round_id`` (``serial`` never repeats)."""
    return f"{round_id}-{seat}-{serial}"


def seat_of(ref: str) -> int:
    """The seat of a wager ref the table made (``round-seat-serial``)."""
    return int(ref.split("-")[1])
