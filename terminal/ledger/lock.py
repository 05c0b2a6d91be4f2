"""One table per ledger: an exclusive lock on the ledger's folder, held for as long as a table runs.

Two controllers on one ledger would interleave their rounds and marks: started together both die,
started apart the second reports a false integrity failure. So every process that writes the ledger (the
table's boot, ``terminal ledger adopt``) first takes an exclusive ``flock`` on ``table.lock`` in the
ledger's folder and writes its process id there; a second process is refused in one line naming the
first one's. The operating system drops the lock when its holder exits, however it exits (a crash or
SIGKILL included), so a stale lock file never blocks a restart. Commands that only read take no lock.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from terminal.ledger.errors import LedgerError, StorageError, storage_cause

LOCK_NAME = "table.lock"


class LedgerBusyError(LedgerError, RuntimeError):
    """Another process holds the ledger's folder."""


class FolderLock:
    """The exclusive lock of one ledger folder, held until :meth:`release` (or the process ends)."""

    def __init__(self, folder: Path, descriptor: int) -> None:
        self.folder, self._descriptor = folder, descriptor

    @classmethod
    def acquire(cls, ledger: Path) -> FolderLock:
        """Lock the folder of the database ``ledger``; :class:`LedgerBusyError` names the holder's PID."""
        folder = ledger.parent
        path = folder / LOCK_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as failed:
            cause = storage_cause(failed)
            raise StorageError(f"ledger {ledger} could not be locked ({path}): {cause}") from None
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(descriptor)
            os.close(descriptor)
            raise LedgerBusyError(
                f"ledger {ledger} is in use by process {holder} (one table per ledger; {path}): stop it first"
            ) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
        return cls(folder, descriptor)

    def release(self) -> None:
        """Give the folder back (idempotent)."""
        if self._descriptor >= 0:
            with contextlib.suppress(OSError):
                fcntl.flock(self._descriptor, fcntl.LOCK_UN)
            os.close(self._descriptor)
            self._descriptor = -1


def _holder(descriptor: int) -> str:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        text = ""
    return text if text.isdigit() else "(unknown pid)"
