"""The ledger: every credit, meter, voucher, round and event of the table, in a chained SQLite journal.

Only this package touches SQLite (through ``sqlite-utils``). :class:`~terminal.ledger.store.Ledger` is the
facade; the modules behind it each hold one concept: ``schema`` (tables, triggers, safe opening),
``chain`` and ``verify`` (the HMAC chain), ``journal`` and ``accounts`` (double entry), ``meters``,
``cashier`` (bills, hand-pays, cancelled credits), ``vouchers``, ``rounds`` and ``recall``, ``events``,
``epochs`` (RAM clear), ``report`` (report and audit export) and ``keyfile``.
"""

from __future__ import annotations

from terminal.ledger import lean  # noqa: F401  (first: sqlite-utils without numpy, see the module)
from terminal.ledger.errors import (
    BillError,
    ConstraintError,
    EpochError,
    InsufficientCreditsError,
    IntegrityError,
    KeyFileError,
    LedgerError,
    RoundError,
    SchemaError,
    StorageError,
    UnbalancedTransactionError,
    VoucherError,
    WagerError,
)
from terminal.ledger.events import EventCode
from terminal.ledger.records import Actor
from terminal.ledger.rounds import Draw, WagerSpec
from terminal.ledger.store import Ledger

__all__ = [
    "Actor",
    "BillError",
    "ConstraintError",
    "Draw",
    "EpochError",
    "EventCode",
    "InsufficientCreditsError",
    "IntegrityError",
    "KeyFileError",
    "Ledger",
    "LedgerError",
    "RoundError",
    "SchemaError",
    "StorageError",
    "UnbalancedTransactionError",
    "VoucherError",
    "WagerError",
    "WagerSpec",
]
