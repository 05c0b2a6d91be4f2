"""The tilt board: the table's active tilts, raised and cleared by their rules, every change in the event log.

:class:`~terminal.table.tilts.Tilts` is the frozen set and its clearing rules; the board is the one place
that holds the set while the table runs. Each raise and clear is a chained ``TILT`` / ``TILT_CLEARED``
event, so :meth:`TiltBoard.restore` brings back at start-up every tilt raised and not cleared: a restart
clears nothing. Door and device tilts clear only while the cabinet's ``sensors`` report their cause
gone (no sensor wired: never).

The board also guards the ledger for the round engine and the cashier: a write that fails for storage
(disk full, database locked) tilts the table (``ledger_storage``) and is raised, never lost silently.

The round engine hears of table-wide changes through two callbacks: a table tilt raised while the round
is locked makes it a no-spin; a table tilt cleared while the window is open restarts its countdown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from terminal.ledger import EventCode, Ledger, LedgerError, StorageError
from terminal.table.clock import Clock
from terminal.table.refused import Refused
from terminal.table.tilts import Role, Tilt, TiltKind, Tilts

Sensors = Callable[[TiltKind, "int | None"], bool]
"""Whether the devices report a tilt's condition over (the door shut, the device's fault gone)."""


def _nothing() -> None:
    return None


class TiltBoard:
    """A table's tilts; see the module docstring."""

    def __init__(
        self,
        ledger: Ledger,
        clock: Clock,
        *,
        on_table_tilt: Callable[[], None] = _nothing,
        on_table_clear: Callable[[], None] = _nothing,
    ) -> None:
        self.ledger, self.clock = ledger, clock
        self.state = Tilts()
        self.sensors: Sensors | None = None  # the cabinet's: whether a door or device condition is over
        self._on_table_tilt, self._on_table_clear = on_table_tilt, on_table_clear

    # -- what is up ----------------------------------------------------------------------------------------
    @property
    def active(self) -> tuple[Tilt, ...]:
        """Every active tilt, oldest first."""
        return self.state.active

    def find(self, kind: TiltKind, seat: int | None) -> Tilt | None:
        """The active tilt ``kind`` at ``seat`` (``None``: the table's), if any."""
        return next((t for t in self.state.active if t.kind is kind and t.seat == seat), None)

    def blocks_table(self) -> bool:
        """True while any table-wide tilt is active: no seat takes wagers or money."""
        return self.state.blocks_table()

    def blocks_seat(self, seat: int) -> bool:
        """True while seat ``seat`` may take no wagers and no money."""
        return self.state.blocks_seat(seat)

    def reasons(self, seat: int | None = None) -> tuple[str, ...]:
        """Why play is stopped, for the screens: table tilts and those of ``seat``."""
        return self.state.reasons(seat)

    def refuse_if_tilted(self, seat: int, what: str) -> None:
        """Raise :class:`Refused` (``tilt``, naming every reason) while ``seat`` may not play."""
        if self.state.blocks_seat(seat):
            raise Refused("tilt", f"the seat {what} now: " + ", ".join(self.state.reasons(seat)))

    def condition_over(self, kind: TiltKind, seat: int | None) -> bool:
        """Whether the devices report the cause of a door or device tilt gone (no sensor: it is not)."""
        return self.sensors is not None and self.sensors(kind, seat)

    # -- raising and clearing --------------------------------------------------------------------------
    def raise_tilt(self, tilt: Tilt, *, logged: bool = False) -> None:
        """Stop play (the table, or one seat) and log it (``logged``: its event is already written), so a
        restart restores it (:meth:`restore`)."""
        before = self.state
        self.state = self.state.raised(tilt)
        if self.state is not before and not logged:
            self.log_event(EventCode.TILT, seat=tilt.seat, detail=tilt_detail(tilt))
        if tilt.seat is None:
            self._on_table_tilt()

    def clear_tilt(
        self, kind: TiltKind, seat: int | None, role: Role | None, *, condition_over: bool,
        unlogged: bool = False,
    ) -> None:  # fmt: skip
        """Clear a tilt as TERMINAL.md §2 allows (raises ``TiltClearError`` otherwise), logged (``unlogged``:
        a tilt whose raising was not logged either, a seat's link in a quiet spell: ``flapping``)."""
        self.state = self.state.cleared(kind, seat, role=role, condition_over=condition_over)
        if unlogged:
            return
        self.log_event(
            EventCode.TILT_CLEARED,
            seat=seat,
            detail={"tilt": kind.value, "role": role.name if role else None},
        )
        if seat is None:
            self._on_table_clear()

    def check_clear(self, kind: TiltKind, seat: int | None, role: Role | None) -> None:
        """Raise ``TiltClearError`` unless ``role`` may clear the tilt once its condition is over."""
        self.state.cleared(kind, seat, role=role, condition_over=True)

    def restore(self) -> None:
        """Every tilt the event log has raised and not cleared is active again: a restart clears nothing."""
        for kind_text, seat, detail in self.ledger.active_tilts():
            try:
                tilt = Tilt(TiltKind(kind_text), seat, detail)
            except ValueError:  # a kind this version does not know, or a scope that no longer fits
                continue
            self.state = self.state.raised(tilt)

    # -- the ledger, guarded ---------------------------------------------------------------------------
    @contextmanager
    def ledger_write(self) -> Iterator[None]:
        """A ledger write; a storage failure tilts the table (never a silent loss) and is raised."""
        try:
            yield
        except StorageError as failed:
            self.raise_tilt(Tilt(TiltKind.LEDGER_STORAGE, None, str(failed)))
            raise
        failure = self.ledger.storage_failure()  # the mark and the checkpoint come after the commit, apart
        if failure is not None:
            self.raise_tilt(Tilt(TiltKind.LEDGER_STORAGE, None, str(failure)))

    def log_event(
        self, code: EventCode, *, seat: int | None = None, detail: dict[str, Any] | None = None
    ) -> None:
        """Write an event; if the log cannot be written the table tilts (that tilt cannot be logged)."""
        try:
            self.ledger.log_event(code, now=self.clock.wall(), seat=seat, detail=detail)
        except LedgerError as failed:
            self.state = self.state.raised(Tilt(TiltKind.LEDGER_STORAGE, None, str(failed)))


def tilt_detail(tilt: Tilt) -> dict[str, str]:
    """A tilt as its ``TILT`` event records it (what :meth:`TiltBoard.restore` restores)."""
    return {"tilt": tilt.kind.value, "detail": tilt.detail}
