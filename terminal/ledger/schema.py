"""The ledger's tables, their append-only triggers, and opening the database the one safe way.

Chained tables are append-only: a trigger refuses every UPDATE and DELETE, and each row carries ``tag``,
the HMAC chaining it to the row before (``terminal.ledger.chain``). Three small tables are mutable caches
kept in the same transaction as the rows that move them, and each is checked against the chain:
``heads`` (last row and tag of every chain, MAC-protected), ``meters`` and ``balances``.

The database is refused unless it runs with WAL, ``synchronous=FULL`` and foreign keys on. Commands that
only read (``ledger verify|report|export``) open it read-only (:func:`open_readonly`), so they run beside a
live table and from read-only media.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from terminal.ledger.errors import SchemaError, StorageError

#: The first bytes of every SQLite database file.
HEADER = b"SQLite format 3\x00"

#: Every chained table and its columns in canonical order (``id`` first; ``tag`` is not listed).
CHAINED: dict[str, tuple[str, ...]] = {
    "accounts": ("id", "name", "kind", "seat"),
    "transactions": ("id", "time", "kind", "seat", "round_id", "ref", "user", "role", "memo"),
    "postings": ("id", "txn_id", "account", "amount"),
    "events": ("id", "time", "code", "name", "seat", "user", "role", "detail"),
    "rounds": ("id", "time", "game", "detail"),
    "wagers": (
        "id", "ref", "round_id", "seat", "game", "kind", "spot", "paytable", "stake", "credits_before",
        "txn_id",
    ),
    "outcomes": ("id", "round_id", "time", "outcome", "generator", "draw_counter", "reseed_epoch"),
    "results": ("id", "wager_id", "round_id", "result", "returned", "entry", "txn_id"),
    "settlements": ("id", "round_id", "time", "txn_id"),
    "round_seats": ("id", "round_id", "seat", "credits_before", "staked", "returned", "credits_after"),
    "states": ("id", "round_id", "game", "state"),
    "vouchers": ("id", "number", "seat", "amount", "issued_at", "expires_at", "txn_id"),
    "voucher_actions": (
        "id", "number", "action", "seat", "time", "user", "role", "second_user", "second_role", "reason",
        "txn_id",
    ),
    "epochs": ("id", "number", "time", "previous_archive", "previous_heads", "user", "role",
               "second_user", "second_role"),
    "checkpoints": ("id", "time", "heads"),
}  # fmt: skip

_TABLES = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, seat INTEGER, tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS transactions (
    id INTEGER PRIMARY KEY, time TEXT NOT NULL, kind TEXT NOT NULL, seat INTEGER,
    round_id INTEGER REFERENCES rounds(id), ref TEXT, user TEXT, role TEXT, memo TEXT, tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS postings (
    id INTEGER PRIMARY KEY, txn_id INTEGER NOT NULL REFERENCES transactions(id),
    account TEXT NOT NULL REFERENCES accounts(name),
    amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer'), tag BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS postings_txn ON postings(txn_id);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY, time TEXT NOT NULL, code INTEGER NOT NULL, name TEXT NOT NULL, seat INTEGER,
    user TEXT, role TEXT, detail TEXT NOT NULL, tag BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS events_code ON events(code);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY, time TEXT NOT NULL, game TEXT NOT NULL, detail TEXT NOT NULL,
    tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS wagers (
    id INTEGER PRIMARY KEY, ref TEXT NOT NULL UNIQUE, round_id INTEGER NOT NULL REFERENCES rounds(id),
    seat INTEGER NOT NULL, game TEXT NOT NULL, kind TEXT NOT NULL, spot TEXT NOT NULL,
    paytable TEXT NOT NULL, stake INTEGER NOT NULL CHECK (stake > 0), credits_before INTEGER NOT NULL,
    txn_id INTEGER NOT NULL REFERENCES transactions(id), tag BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS wagers_round ON wagers(round_id);
CREATE INDEX IF NOT EXISTS wagers_seat ON wagers(seat);
CREATE TABLE IF NOT EXISTS outcomes (
    id INTEGER PRIMARY KEY, round_id INTEGER NOT NULL UNIQUE REFERENCES rounds(id), time TEXT NOT NULL,
    outcome TEXT NOT NULL, generator TEXT NOT NULL, draw_counter INTEGER NOT NULL,
    reseed_epoch INTEGER NOT NULL, tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY, wager_id INTEGER NOT NULL UNIQUE REFERENCES wagers(id),
    round_id INTEGER NOT NULL REFERENCES rounds(id), result TEXT NOT NULL, returned INTEGER NOT NULL,
    entry TEXT NOT NULL, txn_id INTEGER NOT NULL REFERENCES transactions(id), tag BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS results_round ON results(round_id);
CREATE TABLE IF NOT EXISTS settlements (
    id INTEGER PRIMARY KEY, round_id INTEGER NOT NULL UNIQUE REFERENCES rounds(id), time TEXT NOT NULL,
    txn_id INTEGER NOT NULL REFERENCES transactions(id), tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS round_seats (
    id INTEGER PRIMARY KEY, round_id INTEGER NOT NULL REFERENCES rounds(id), seat INTEGER NOT NULL,
    credits_before INTEGER NOT NULL, staked INTEGER NOT NULL, returned INTEGER NOT NULL,
    credits_after INTEGER NOT NULL, tag BLOB NOT NULL, UNIQUE (round_id, seat)
);
CREATE INDEX IF NOT EXISTS round_seats_seat ON round_seats(seat);
CREATE TABLE IF NOT EXISTS states (
    id INTEGER PRIMARY KEY, round_id INTEGER REFERENCES rounds(id), game TEXT NOT NULL,
    state TEXT NOT NULL, tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS vouchers (
    id INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE, seat INTEGER NOT NULL,
    amount INTEGER NOT NULL CHECK (amount > 0), issued_at TEXT NOT NULL, expires_at TEXT,
    txn_id INTEGER NOT NULL REFERENCES transactions(id), tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS voucher_actions (
    id INTEGER PRIMARY KEY, number TEXT NOT NULL, action TEXT NOT NULL, seat INTEGER, time TEXT NOT NULL,
    user TEXT, role TEXT, second_user TEXT, second_role TEXT, reason TEXT,
    txn_id INTEGER REFERENCES transactions(id), tag BLOB NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS voucher_once ON voucher_actions(number) WHERE action IN ('redeem', 'void');
CREATE TABLE IF NOT EXISTS epochs (
    id INTEGER PRIMARY KEY, number INTEGER NOT NULL, time TEXT NOT NULL, previous_archive TEXT,
    previous_heads TEXT, user TEXT, role TEXT, second_user TEXT, second_role TEXT, tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS checkpoints (
    id INTEGER PRIMARY KEY, time TEXT NOT NULL, heads TEXT NOT NULL, tag BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS heads (
    tbl TEXT PRIMARY KEY, last_id INTEGER NOT NULL, tag BLOB NOT NULL, mac BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS meters (
    name TEXT PRIMARY KEY, value INTEGER NOT NULL CHECK (typeof(value) = 'integer' AND value >= 0)
);
CREATE TABLE IF NOT EXISTS meter_width (
    id INTEGER PRIMARY KEY CHECK (id = 1), modulus INTEGER NOT NULL CHECK (modulus >= 1000000)
);
CREATE TABLE IF NOT EXISTS balances (
    account TEXT PRIMARY KEY REFERENCES accounts(name),
    balance INTEGER NOT NULL CHECK (typeof(balance) = 'integer')
);
"""

_GUARD = """
CREATE TRIGGER IF NOT EXISTS {table}_no_update BEFORE UPDATE ON {table}
BEGIN SELECT RAISE(ABORT, '{table} is append-only: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS {table}_no_delete BEFORE DELETE ON {table}
BEGIN SELECT RAISE(ABORT, '{table} is append-only: DELETE refused'); END;
"""


def open_database(path: Path | str) -> sqlite_utils.Database:
    """Open (creating if needed) the ledger at ``path`` (``":memory:"`` for tests) and check its settings."""
    memory = str(path) == ":memory:"
    if not memory:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = sqlite_utils.Database(str(path), execute_plugins=False)
    if not memory:
        db.enable_wal()
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA busy_timeout=5000")
    check_settings(db, memory=memory)
    create(db)
    return db


def check_header(path: Path | str) -> None:
    """Raise :class:`StorageError` unless the file at ``path`` is an SQLite database (or empty, or absent)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(HEADER))
    except FileNotFoundError:
        return
    except OSError as failed:
        raise StorageError(f"ledger {path} could not be read: {failed.strerror or failed}") from None
    if head and head != HEADER:
        raise StorageError(f"ledger {path} is not a ledger database: corrupt or garbage bytes")


def _uri(path: Path, immutable: bool = False) -> str:
    return path.resolve().as_uri() + ("?mode=ro&immutable=1" if immutable else "?mode=ro")


def _writable(folder: Path) -> bool:
    """Whether SQLite may make its shared-memory file beside the database (a read-only medium: no)."""
    try:
        return os.access(folder, os.W_OK) and not os.statvfs(folder).f_flag & os.ST_RDONLY
    except OSError:
        return False


@contextmanager
def open_readonly(path: Path | str) -> Iterator[sqlite_utils.Database]:
    """The ledger at ``path`` opened read-only: nothing is ever written to it.

    Beside a live table (its folder writable) SQLite reads through the write-ahead log as usual. On a
    read-only medium it cannot, so the file is opened *immutable* when no log is pending, and otherwise a
    copy of the database and its log in a temporary folder is read: either way every committed row.
    """
    target = Path(path)
    check_header(target)
    log = target.with_name(target.name + "-wal")
    if _writable(target.parent):
        with _connected(_uri(target)) as db:
            yield db
    elif not log.exists() or log.stat().st_size == 0:
        with _connected(_uri(target, immutable=True)) as db:
            yield db
    else:
        with tempfile.TemporaryDirectory(prefix="ledger-read-") as folder:
            copy = Path(folder) / target.name
            shutil.copyfile(target, copy)
            shutil.copyfile(log, copy.with_name(copy.name + "-wal"))
            with _connected(_uri(copy)) as db:
                yield db


@contextmanager
def _connected(uri: str) -> Iterator[sqlite_utils.Database]:
    connection = sqlite3.connect(uri, uri=True)
    try:
        connection.execute("PRAGMA query_only=ON")
        yield sqlite_utils.Database(connection, execute_plugins=False)
    finally:
        connection.close()


def statements(script: str) -> tuple[str, ...]:
    """``script`` cut into its statements (a trigger's body keeps its own semicolons).

    >>> statements("CREATE TABLE a (x); CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;")
    ('CREATE TABLE a (x);', 'CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;')
    """
    found: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if pending.strip() == ";":  # nothing between two semicolons, or after the last one
            pending = ""
        elif sqlite3.complete_statement(pending):
            found.append(pending.strip())
            pending = ""
    return tuple(found)


def run_script(db: sqlite_utils.Database, script: tuple[str, ...]) -> None:
    """Run ``script``'s statements (from :func:`statements`) in one transaction. ``db.executescript`` would
    cut the script up again at every call, a character at a time (a ledger opens in every table boot)."""
    with db.atomic():
        for statement in script:
            db.conn.execute(statement)


_SCRIPT = statements(_TABLES + "".join(_GUARD.format(table=table) for table in CHAINED))


def create(db: sqlite_utils.Database) -> None:
    """Create every table and trigger that is missing (idempotent)."""
    run_script(db, _SCRIPT)


def check_settings(db: sqlite_utils.Database, *, memory: bool = False) -> None:
    """Raise :class:`SchemaError` unless WAL, ``synchronous=FULL`` (2) and foreign keys are in force."""
    found = {
        "journal_mode": db.journal_mode,
        "synchronous": db.execute("PRAGMA synchronous").fetchone()[0],
        "foreign_keys": db.execute("PRAGMA foreign_keys").fetchone()[0],
    }
    wanted: dict[str, object] = {
        "journal_mode": "memory" if memory else "wal",
        "synchronous": 2,
        "foreign_keys": 1,
    }
    wrong = [
        f"{name}={found[name]!r} (needs {value!r})" for name, value in wanted.items() if found[name] != value
    ]
    if wrong:
        raise SchemaError("ledger database not safe to use: " + ", ".join(wrong))


def missing_guards(db: sqlite_utils.Database) -> list[str]:
    """Names of append-only triggers that are missing (a tampered database)."""
    present = set(db.triggers_dict)
    wanted = [f"{t}_no_{op}" for t in CHAINED for op in ("update", "delete")]
    return [name for name in wanted if name not in present]
