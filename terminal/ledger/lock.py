"""One table per ledger *file*: exclusive locks held for as long as a table runs.

Two controllers on one ledger would interleave their rounds and marks: started together both die,
started apart the second reports a false integrity failure. So every process that writes the ledger (the
table's boot, ``terminal ledger adopt``) first takes two exclusive ``flock`` locks:

- on ``table.lock`` in the folder of the *resolved* database path (symlinks followed), where it writes
  its process id; this covers a ledger that does not exist yet;
- on the database file itself (once it exists: a new ledger's file is locked as soon as it is made): a
  lock on the inode, so a second path to the same file (a symlink or a hard link in another folder, a
  bind mount) is refused too.

A second process is refused in one line naming the first one's process id (read from ``table.lock``, or,
when the file was reached through another folder, from the kernel's lock table ``/proc/locks``). The
operating system drops the locks when their holder exits, however it exits (a crash or SIGKILL included),
so a stale lock file never blocks a restart. Commands that only read take no lock.

The descriptor on the database is a ``flock`` (SQLite's own locks are POSIX ``fcntl`` locks, which
``flock`` does not touch on Linux); it stays open until :meth:`FolderLock.release`, which the ledger calls
only after its connection is closed (closing another descriptor of the file would drop SQLite's POSIX
locks of this process).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from terminal.ledger.errors import LedgerError, StorageError, storage_cause

LOCK_NAME = "table.lock"


class LedgerBusyError(LedgerError, RuntimeError):
    """Another process holds the ledger's folder or its database file."""


class FolderLock:
    """The exclusive locks of one ledger (its resolved folder and its file), held until :meth:`release`."""

    def __init__(self, folder: Path, descriptor: int, database: int = -1, ledger: Path | None = None) -> None:
        self.folder, self._descriptor, self._database = folder, descriptor, database
        self.ledger = ledger

    @classmethod
    def acquire(cls, ledger: Path) -> FolderLock:
        """Lock the database ``ledger`` (its resolved folder and the file itself); :class:`LedgerBusyError`
        names the holder's PID."""
        resolved = resolved_path(ledger)
        folder = resolved.parent
        path = folder / LOCK_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as failed:
            cause = storage_cause(failed)
            raise StorageError(f"ledger {ledger} could not be locked ({path}): {cause}") from None
        if not _try_lock(descriptor):
            holder = _holder(descriptor)
            os.close(descriptor)
            raise _busy(ledger, holder, path)
        try:
            database = _lock_database(ledger, resolved)
        except BaseException:
            os.close(descriptor)
            raise
        with contextlib.suppress(OSError):  # the PID is a courtesy for the refusal: a full disk loses only it
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{os.getpid()}\n".encode(), 0)
        return cls(folder, descriptor, database, ledger)

    def cover_database(self) -> None:
        """Lock the database file too, if it did not exist when the folder was locked (a new ledger): the
        ledger calls this once it has made the file (:meth:`~terminal.ledger.Ledger.hold`)."""
        if self._database < 0 and self._descriptor >= 0 and self.ledger is not None:
            self._database = _lock_database(self.ledger, resolved_path(self.ledger))

    def release(self) -> None:
        """Give the folder and the file back (idempotent)."""
        for descriptor in (self._database, self._descriptor):
            if descriptor >= 0:
                with contextlib.suppress(OSError):
                    fcntl.flock(descriptor, fcntl.LOCK_UN)
                os.close(descriptor)
        self._descriptor = self._database = -1


def resolved_path(ledger: Path) -> Path:
    """``ledger`` with every symlink followed (as far as it exists), so two spellings of one file agree."""
    try:
        return Path(os.path.realpath(ledger))
    except OSError:
        return Path(os.path.abspath(ledger))


def same_folder(first: Path, second: Path) -> bool:
    """Whether the two databases' lock files are one (their resolved folders are the same)."""
    return resolved_path(first).parent == resolved_path(second).parent


def _try_lock(descriptor: int) -> bool:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _lock_database(ledger: Path, resolved: Path) -> int:
    """A held ``flock`` on the database file itself (``-1`` when there is no file yet)."""
    try:
        descriptor = os.open(resolved, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return -1
    except OSError as failed:
        raise StorageError(f"ledger {ledger} could not be locked: {storage_cause(failed)}") from None
    if _try_lock(descriptor):
        return descriptor
    holder = _file_holder(descriptor)
    os.close(descriptor)
    raise _busy(ledger, holder, resolved)


def _busy(ledger: Path, holder: str, where: Path) -> LedgerBusyError:
    return LedgerBusyError(
        f"ledger {ledger} is in use by process {holder} (one table per ledger; {where}): stop it first"
    )


def _holder(descriptor: int) -> str:
    try:
        text = os.pread(descriptor, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        text = ""
    return text if text.isdigit() else _file_holder(descriptor)


def _file_holder(descriptor: int) -> str:
    """The PID holding a ``flock`` on the file open at ``descriptor``, from the kernel's ``/proc/locks``."""
    try:
        found = os.fstat(descriptor)
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return "(unknown pid)"
    inode = f"{os.major(found.st_dev):02x}:{os.minor(found.st_dev):02x}:{found.st_ino}"
    for line in lines:
        fields = line.split()
        if "->" in fields:  # a waiter, not the holder
            continue
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == inode and fields[4].isdigit():
            return fields[4]
    return "(unknown pid)"
