"""A table with simulated devices is a demo table, and the ledger it plays on is a demo ledger for good.

Simulated devices take bills and vouchers from buttons on a screen: fine for a demonstration, never for
money. So every boot with ``[devices] kind = simulated`` logs ``DEMO_TABLE`` in the ledger it plays on
(:func:`mark`), every face shows DEMO (``TableState.devices``), and a production table
(``kind = hardware``) refuses a ledger that holds such an event, in one line, before it writes anything
(:func:`refuse_demo_ledger`). A demo ledger stays one: the mark is a chained event, and editing it out
breaks the chain.
"""

from __future__ import annotations

from datetime import datetime

from terminal.config import Config
from terminal.ledger import EventCode, Ledger
from terminal.ledger.errors import LedgerError


class DemoLedgerError(LedgerError, RuntimeError):
    """A production table asked to open a ledger a demo table played on."""


def is_demo(c: Config) -> bool:
    """Whether this configuration makes a demo table (simulated devices)."""
    return c.devices.kind == "simulated"


def refuse_demo_ledger(c: Config, ledger: Ledger) -> None:
    """Raise :class:`DemoLedgerError` when a production table is about to play on a demo ledger."""
    if is_demo(c):
        return
    marked = ledger.events(EventCode.DEMO_TABLE, 1)
    if marked:
        raise DemoLedgerError(
            f"ledger {ledger.path} is a demo ledger (a table with simulated devices played on it, "
            f"{marked[0].time}): a production table (kind = hardware) does not open it; "
            "give it a new ledger path"
        )


def mark(c: Config, ledger: Ledger, now: datetime) -> None:
    """Log this boot of a demo table (every boot, so the log says when the table was a demo)."""
    if is_demo(c):
        detail = {"devices": c.devices.kind, "lab_mode": c.lab.mode}
        ledger.log_event(EventCode.DEMO_TABLE, now=now, detail=detail)
