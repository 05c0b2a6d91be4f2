"""When the table checks its memory: at boot, after a door closes and after every settlement.

Each check is SQLite's ``PRAGMA integrity_check`` (of the whole database at boot and after a door
closes, of the tables rewritten in place after a settlement) and the meter and balance audit since the
last audited mark (``terminal.ledger.audit``). Any finding tilts the table (``ledger_integrity``: an
administrator clears it, never the table itself) and is logged as ``LEDGER_VERIFY_FAIL`` naming when it
was found. The audited mark is kept in memory after each settlement and persisted as a chained
``METER_AUDIT`` event at boot, after a door closes and every :data:`PERSIST_EVERY` settlements, so the
next boot audits only the rows written since.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from terminal.ledger import EventCode, Ledger, LedgerError
from terminal.ledger.audit import AuditMark
from terminal.table.clock import Clock
from terminal.table.tilt_board import TiltBoard
from terminal.table.tilts import Tilt, TiltKind

#: Settlements between persisted audit marks (a boot audits at most this many rounds' rows).
PERSIST_EVERY = 100


@dataclass
class Auditor:
    """The table's memory checks (see the module docstring)."""

    ledger: Ledger
    clock: Clock
    tilts: TiltBoard  # raises the tilt and logs the finding (a refused write tilts too)
    mark: AuditMark | None = None
    settled: int = 0
    findings: list[str] = field(default_factory=list)  # every finding so far, for tests and the screen

    def boot(self) -> None:
        """Whole-database integrity check and the audit since the last persisted mark (all of it if none)."""
        self._check("boot", full=True, mark=self.ledger.last_audit_mark(), persist=True)

    def after_door_close(self) -> None:
        """A door was open: check everything again before play goes on."""
        self._check("door_close", full=True, mark=self.mark, persist=True)

    def after_settlement(self) -> None:
        """The tables a settlement rewrote, and the meters and balances since the last audit."""
        self.settled += 1
        self._check("settlement", full=False, mark=self.mark, persist=self.settled % PERSIST_EVERY == 0)

    def _check(self, when: str, *, full: bool, mark: AuditMark | None, persist: bool) -> None:
        ledger = self.ledger
        try:
            found = ledger.integrity_check(full=full)
            audited, new_mark = ledger.audit_since(mark)
        except LedgerError as failed:  # unreadable: that is a finding too
            found, audited, new_mark = [str(failed)], [], None
        found += audited
        if found:
            self._tilt(when, found)
            return
        self.mark = new_mark
        if persist and new_mark is not None:
            try:
                ledger.record_audit_mark(new_mark, now=self.clock.wall(), on=when)
            except LedgerError as failed:  # the disk refused: a storage tilt, as every other write
                self.tilts.raise_tilt(Tilt(TiltKind.LEDGER_STORAGE, None, str(failed)))

    def _tilt(self, when: str, found: list[str]) -> None:
        self.findings += found
        first = found[0][:200]
        self.tilts.raise_tilt(Tilt(TiltKind.LEDGER_INTEGRITY, None, f"ledger {when} check: {first}"))
        detail = {"on": when, "finding": first, "findings": len(found)}
        self.tilts.log_event(EventCode.LEDGER_VERIFY_FAIL, detail=detail)  # a refused write tilts too
