"""When the table checks its memory: at boot, before every game, after every settlement, after a door closes.

Each check is SQLite's ``PRAGMA integrity_check`` (of the whole database at boot and after a door
closes, of the tables rewritten in place otherwise), the meter and balance audit since the last audited
mark (``terminal.ledger.audit``) and, before every game and after every settlement, the chain walked
from rows already verified (``terminal.ledger.verify.since``):

- after a settlement, from the heads the last check verified: the rows the settlement (and anything
  since that check) wrote;
- before a game opens, from the heads the previous game's check started at: the whole last round again,
  so a row rewritten after it was verified once (between two rounds) is found before the next game.

The heads a walk starts at are the table's memory of them, never read back from the file. Any finding
tilts the table (``ledger_integrity``: an administrator clears it once the ledger verifies, never the
table itself) and is logged, as ``GAME_CHECK_FAIL`` before a game and as ``LEDGER_VERIFY_FAIL`` after a
settlement, at boot or after a door close, naming when it was found. A game whose check failed opens
tilted: it takes no wager and draws nothing until the administrator clears the tilt.

The audited mark is kept in memory after each check and persisted as a chained ``METER_AUDIT`` event at
boot, after a door closes and every :data:`PERSIST_EVERY` settlements, so the next boot audits only the
rows written since.

Not guarded per game: a row older than the previous game's check (verified twice already) is checked
again at boot (from the last checkpoint), by a full verification (``terminal ledger verify``, the
service self-test) and by the administrator's clear.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from terminal.ledger import EventCode, Ledger, LedgerError
from terminal.ledger.audit import AuditMark
from terminal.ledger.chain import Head
from terminal.table.clock import Clock
from terminal.table.tilt_board import TiltBoard
from terminal.table.tilts import Tilt, TiltKind

#: Settlements between persisted audit marks (a boot audits at most this many rounds' rows).
PERSIST_EVERY = 100
#: The checks whose finding is logged as ``GAME_CHECK_FAIL`` (the others as ``LEDGER_VERIFY_FAIL``).
PER_GAME = ("before_game",)


@dataclass
class Auditor:
    """The table's memory checks (see the module docstring)."""

    ledger: Ledger
    clock: Clock
    tilts: TiltBoard  # raises the tilt and logs the finding (a refused write tilts too)
    mark: AuditMark | None = None
    settled: int = 0
    findings: list[str] = field(default_factory=list)  # every finding so far, for tests and the screen
    verified: dict[str, Head] | None = None  # the chain heads the last walk verified up to
    game_from: dict[str, Head] | None = None  # where the previous game's walk started
    walked: int = 0  # rows the last walk checked (the benchmark's figure)

    def boot(self) -> None:
        """Whole-database integrity check and the audit since the last persisted mark (all of it if none)."""
        self._check("boot", full=True, mark=self.ledger.last_audit_mark(), persist=True)
        self.verified = self.game_from = self.ledger.verified_heads()  # verified at the ledger's opening

    def before_game(self) -> bool:
        """Before a game opens: the audit since the last mark and the chain since the previous game's
        check. False (and tilted) when anything was altered: the game must not open."""
        start = self.game_from if self.game_from is not None else self.ledger.verified_heads()
        ok = self._check("before_game", full=False, mark=self.mark, persist=False, chain_from=start)
        if ok:
            self.game_from = self.verified
        return ok

    def after_door_close(self) -> None:
        """A door was open: check everything again before play goes on."""
        self._check("door_close", full=True, mark=self.mark, persist=True)

    def after_settlement(self) -> None:
        """The tables a settlement rewrote, the meters and balances since the last audit, and the rows it
        (and anything since the last check) appended to the chain."""
        self.settled += 1
        start = self.verified if self.verified is not None else self.ledger.verified_heads()
        persist = self.settled % PERSIST_EVERY == 0
        self._check("settlement", full=False, mark=self.mark, persist=persist, chain_from=start)

    def _check(
        self, when: str, *, full: bool, mark: AuditMark | None, persist: bool,
        chain_from: dict[str, Head] | None = None,
    ) -> bool:  # fmt: skip
        ledger = self.ledger
        heads = None
        try:
            found = ledger.integrity_check(full=full)
            audited, new_mark = ledger.audit_since(mark)
            if chain_from is not None:
                finding, heads, self.walked = ledger.verify_since(chain_from)
                found += [finding] if finding is not None else []
        except LedgerError as failed:  # unreadable: that is a finding too
            found, audited, new_mark = [str(failed)], [], None
        found += audited
        if found:
            self._tilt(when, found)
            return False
        self.mark = new_mark
        if heads is not None:
            self.verified = heads
        if persist and new_mark is not None:
            try:
                ledger.record_audit_mark(new_mark, now=self.clock.wall(), on=when)
            except LedgerError as failed:  # the disk refused: a storage tilt, as every other write
                self.tilts.raise_tilt(Tilt(TiltKind.LEDGER_STORAGE, None, str(failed)))
        return True

    def _tilt(self, when: str, found: list[str]) -> None:
        self.findings += found
        first = found[0][:200]
        self.tilts.raise_tilt(Tilt(TiltKind.LEDGER_INTEGRITY, None, f"ledger {when} check: {first}"))
        detail = {"on": when, "finding": first, "findings": len(found)}
        code = EventCode.GAME_CHECK_FAIL if when in PER_GAME else EventCode.LEDGER_VERIFY_FAIL
        self.tilts.log_event(code, detail=detail)  # a refused write tilts too
