"""The refusals of the ledger: each a specific exception subclassing a builtin, naming the bad input.

A refused action changes nothing: the transaction that would have carried it is rolled back whole.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class LedgerError(Exception):
    """Base of every ledger refusal."""


class SchemaError(LedgerError, RuntimeError):
    """The database is not opened the way the ledger requires (WAL, synchronous=FULL, foreign keys)."""


class KeyFileError(LedgerError, PermissionError):
    """The chain key file is missing, malformed or readable by others."""


class UnbalancedTransactionError(LedgerError, ValueError):
    """A transaction whose postings do not sum to zero."""


class InsufficientCreditsError(LedgerError, ValueError):
    """An account would go below zero (a seat spending credits it does not have)."""


class WagerError(LedgerError, ValueError):
    """A wager that is unknown, placed twice, settled twice or settled with different terms."""


class RoundError(LedgerError, ValueError):
    """A round that is unknown, or an action out of order (settling before the outcome is persisted)."""


class VoucherError(LedgerError, ValueError):
    """A voucher that is unknown, expired, already redeemed or voided, or a void without two users."""


class BillError(LedgerError, ValueError):
    """A bill denomination the acceptor is not configured to take."""


class EpochError(LedgerError, ValueError):
    """A RAM clear refused: credits still on seats, wagers in play, or fewer than two distinct users."""


class ConstraintError(LedgerError, ValueError):
    """The database refused a row (a meter would pass 64 bits, a value broke a CHECK): nothing recorded."""


class StorageError(LedgerError, OSError):
    """The database could not be written: disk full, database locked, file corrupt. Nothing was recorded."""


class IntegrityError(LedgerError, RuntimeError):
    """The chain does not verify; ``finding`` names the first bad row."""

    def __init__(self, finding: str) -> None:
        self.finding = finding
        super().__init__(finding)


def storage_cause(failed: BaseException) -> str:
    """The cause of a storage failure in a person's words: disk full, read-only, not a database."""
    code = failed.errno if isinstance(failed, OSError) else None
    text = (failed.strerror if isinstance(failed, OSError) else None) or str(failed)
    lowered = text.lower()
    if code == errno.ENOSPC or "full" in lowered:
        return f"the disk is full ({text})"
    if code == errno.EROFS or "readonly" in lowered or "read-only" in lowered:
        return f"the file or its file system is read-only ({text})"
    if code == errno.EACCES:
        return f"permission denied ({text})"
    if "not a database" in lowered or "malformed" in lowered:
        return f"the file is not a ledger database: corrupt or garbage bytes ({text})"
    return text


def diagnose(path: Path | str, failed: BaseException) -> str:
    """:func:`storage_cause`, asking the file system first: SQLite often says only "disk I/O error"."""
    try:
        found = os.statvfs(Path(path).parent)
    except OSError:
        return storage_cause(failed)
    if found.f_flag & os.ST_RDONLY:
        return f"its file system is read-only ({failed})"
    if found.f_bavail == 0:
        return f"the disk is full ({failed})"
    return storage_cause(failed)


@contextmanager
def storage_errors(path: Path | str, doing: str) -> Iterator[None]:
    """Turn any SQLite or OS failure inside into one :class:`StorageError` naming ``path`` and the cause."""
    try:
        yield
    except LedgerError:
        raise
    except (sqlite3.Error, OSError) as failed:
        raise StorageError(f"ledger {path} could not be {doing}: {diagnose(path, failed)}") from None
