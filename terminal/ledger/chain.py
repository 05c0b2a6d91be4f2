"""The HMAC chain: every appended row is tagged over its canonical form and the previous row's tag.

Canonical form of a row: its values in the column order of ``schema.CHAINED`` (``id`` first), each as an
SQL string literal (integers in decimal, text as is, in single quotes with quotes doubled; ``NULL`` bare),
joined by commas, in UTF-8 -- exactly what SQLite's ``printf('%Q,%Q,...', ...)`` writes. Values are only
``int``, ``str`` or ``None`` and every column has a declared type, so a literal means one value. SQLite
therefore writes the canonical form itself when verifying (in C, fast), and an auditor can recompute it
with any SQL tool. Each table is its own chain, starting from a genesis tag that names the table::

    tag[0] = HMAC(key, b"genesis|" + table)
    tag[n] = HMAC(key, tag[n-1] + canonical(row n))

The head of each chain (last id, last tag) is kept in ``heads`` with a MAC, so a row cut from the end is
found too. Every ``checkpoint_rows`` appended rows a ``checkpoints`` row (itself chained) records every
head; start-up verification then checks only rows after the last checkpoint.

>>> chain_key = bytes(32)
>>> genesis(chain_key, "events") == genesis(chain_key, "events") != genesis(chain_key, "rounds")
True
>>> canonical((1, "Bob's door", None))
b"'1','Bob''s door',NULL"
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import sqlite_utils

from terminal.ledger.schema import CHAINED

Value = int | str | None
Row = tuple[Value, ...]


def quote(value: Value) -> str:
    """One value as SQLite's ``printf('%Q')`` writes it."""
    if value is None:
        return "NULL"
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError(f"chained rows hold only int, str or None, not {value!r}")
    return "'" + str(value).replace("'", "''") + "'"


def canonical(row: Row) -> bytes:
    """The bytes a row's tag covers."""
    return ",".join(map(quote, row)).encode()


def canonical_sql(columns: Sequence[str]) -> str:
    """The SQL expression that makes SQLite write the canonical form of a row itself (as a blob)."""
    pattern = ",".join("%Q" for _ in columns)
    return f"CAST(printf('{pattern}', {', '.join(columns)}) AS BLOB)"


class Mac:
    """HMAC-SHA256 with the key's pads hashed once: the same tags as ``hmac``, several times faster."""

    __slots__ = ("_inner", "_outer")

    def __init__(self, key: bytes) -> None:
        block = key.ljust(64, b"\0") if len(key) <= 64 else hashlib.sha256(key).digest().ljust(64, b"\0")
        self._inner = hashlib.sha256(bytes(b ^ 0x36 for b in block))
        self._outer = hashlib.sha256(bytes(b ^ 0x5C for b in block))

    def __call__(self, *parts: bytes) -> bytes:
        inner = self._inner.copy()
        for part in parts:
            inner.update(part)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()


def genesis(key: bytes, table: str) -> bytes:
    """The tag the first row of ``table`` chains from."""
    return hmac.digest(key, b"genesis|" + table.encode(), "sha256")


def head_mac(mac: Mac, table: str, last_id: int, tag: bytes) -> bytes:
    """The MAC sealing one chain head, so ``heads`` cannot be rolled back to hide a cut row."""
    return mac(b"head|", table.encode(), b"|", str(last_id).encode(), b"|", tag)


@dataclass(slots=True)
class Head:
    """The last row of one chain."""

    last_id: int
    tag: bytes


@dataclass(slots=True)
class Chain:
    """Appends chained rows inside transactions and keeps the heads and checkpoints.

    One process writes a ledger; the heads are cached here and the cache is advanced only when the
    transaction that moved them has committed.
    """

    db: sqlite_utils.Database
    key: bytes
    checkpoint_rows: int
    mac: Mac = field(init=False)
    heads: dict[str, Head] = field(init=False)
    _pending: dict[str, Head] | None = field(init=False, default=None)
    _since_checkpoint: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.mac = Mac(self.key)
        self.heads = load_heads(self.db, self.key)
        self._since_checkpoint = rows_since_checkpoint(self.db, self.heads)

    @contextlib.contextmanager
    def transaction(self, time: str) -> Iterator[None]:
        """One atomic, durable transaction at ``time``; rows appended inside are chained and sealed."""
        if self._pending is not None:
            raise RuntimeError("ledger transactions do not nest")
        pending: dict[str, Head] = {}
        self._pending = pending
        appended = 0
        try:
            with self.db.atomic():
                yield
                appended = sum(h.last_id - self.heads[t].last_id for t, h in pending.items())
                if self._since_checkpoint + appended >= self.checkpoint_rows:
                    self._checkpoint_now(time, pending)
                self._seal(pending)
            self.heads.update(pending)
            self._since_checkpoint = 0 if "checkpoints" in pending else self._since_checkpoint + appended
        finally:
            self._pending = None

    def pending_heads(self) -> dict[str, Head]:
        """Every chain's head as the transaction in progress leaves it so far (the floor's witness)."""
        if self._pending is None:
            raise RuntimeError("pending heads outside a ledger transaction")
        return {**self.heads, **self._pending}

    def append(self, table: str, rows: Sequence[Row]) -> list[int]:
        """Insert ``rows`` (values after ``id``) into ``table``, chained; returns their ids."""
        if self._pending is None:
            raise RuntimeError(f"append to {table} outside a ledger transaction")
        head = self._pending.get(table) or self.heads[table]
        columns = CHAINED[table]
        if any(len(row) != len(columns) - 1 for row in rows):
            raise ValueError(f"{table} rows need {len(columns) - 1} values: {columns[1:]}")
        tag, next_id, stored = head.tag, head.last_id, []
        for row in rows:
            next_id += 1
            full = (next_id, *row)
            tag = self.mac(tag, canonical(full))
            stored.append((*full, tag))
        marks = ", ".join("?" * (len(columns) + 1))
        self.db.conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}, tag) VALUES ({marks})", stored)
        self._pending[table] = Head(next_id, tag)
        return list(range(head.last_id + 1, next_id + 1))

    def _seal(self, pending: dict[str, Head]) -> None:
        rows = [(t, h.last_id, h.tag, head_mac(self.mac, t, h.last_id, h.tag)) for t, h in pending.items()]
        self.db.conn.executemany(
            "INSERT INTO heads (tbl, last_id, tag, mac) VALUES (?, ?, ?, ?) ON CONFLICT(tbl) DO UPDATE SET "
            "last_id = excluded.last_id, tag = excluded.tag, mac = excluded.mac",
            rows,
        )

    def _checkpoint_now(self, time: str, pending: dict[str, Head]) -> None:
        merged = {**self.heads, **pending}
        heads = {t: [h.last_id, h.tag.hex()] for t, h in merged.items() if t != "checkpoints"}
        self.append("checkpoints", [(time, json.dumps(heads, sort_keys=True))])


def load_heads(db: sqlite_utils.Database, key: bytes) -> dict[str, Head]:
    """Every chain's head as stored (genesis for an empty chain); :mod:`verify` checks them."""
    heads = {table: Head(0, genesis(key, table)) for table in CHAINED}
    for table, last_id, tag in db.execute("SELECT tbl, last_id, tag FROM heads"):
        if table in heads:
            heads[table] = Head(last_id, bytes(tag))
    return heads


def last_checkpoint(db: sqlite_utils.Database) -> tuple[int, dict[str, Head]]:
    """The id of the last checkpoint and the heads it recorded (id 0 and no heads if there is none)."""
    row = db.execute("SELECT id, heads FROM checkpoints ORDER BY id DESC LIMIT 1").fetchone()
    if row is None:
        return 0, {}
    recorded = json.loads(row[1])
    return row[0], {t: Head(int(v[0]), bytes.fromhex(v[1])) for t, v in recorded.items()}


def rows_since_checkpoint(db: sqlite_utils.Database, heads: dict[str, Head]) -> int:
    """How many rows have been appended since the last checkpoint."""
    _, recorded = last_checkpoint(db)
    return sum(
        h.last_id - (recorded[t].last_id if t in recorded else 0)
        for t, h in heads.items()
        if t != "checkpoints"
    )
