"""Verification of the chain: finds any edited, deleted, inserted or reordered row and names the first.

A full verification walks every chain from its genesis tag. The incremental one, run at start-up, first
walks the (short) chain of checkpoints, then walks each table only from the head recorded by the last
checkpoint, so its cost follows the rows written since then, not the size of the ledger. Both end by
checking each chain's last row against its MAC-sealed head (a row cut from the end is found) and that the
append-only triggers are still in place.

Everything is read inside one read transaction (:func:`snapshot`): the sealed heads and the rows they seal
are of the same instant, so a verification beside a live table never mistakes a row committed meanwhile
for an inserted one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

import sqlite_utils

from terminal.ledger.chain import Head, Mac, canonical_sql, genesis, head_mac, last_checkpoint
from terminal.ledger.schema import CHAINED, missing_guards

PROGRESS_ROWS = 10_000  # rows between two progress reports


@dataclass(frozen=True, slots=True)
class Verification:
    """What a verification found: ``first_bad`` names the first bad row, ``None`` when intact."""

    rows: int
    first_bad: str | None
    incremental: bool

    @property
    def ok(self) -> bool:
        """True when the whole chain verified."""
        return self.first_bad is None


class _Bad(Exception):
    """Internal: stops the walk at the first finding."""


def verify(
    db: sqlite_utils.Database,
    key: bytes,
    *,
    incremental: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Verification:
    """Verify the ledger with ``key``; ``incremental`` starts each chain at the last checkpoint.

    ``progress(n)`` is told every :data:`PROGRESS_ROWS` rows walked (for a progress bar).
    """
    with snapshot(db):
        return _verify(db, key, incremental, progress)


@contextmanager
def snapshot(db: sqlite_utils.Database) -> Iterator[None]:
    """One read transaction around everything read inside (nested: the outer one's)."""
    if db.conn.in_transaction:
        yield
        return
    db.execute("BEGIN")
    try:
        yield
    finally:
        db.execute("ROLLBACK")  # nothing was written: a read transaction ends the same either way


def _verify(
    db: sqlite_utils.Database, key: bytes, incremental: bool, progress: Callable[[int], None] | None
) -> Verification:
    mac = Mac(key)
    rows = 0
    try:
        heads = _sealed_heads(db, key, mac)
        rows += _walk(db, mac, "checkpoints", Head(0, genesis(key, "checkpoints")), heads["checkpoints"])
        starts = _starts(db, key, incremental)
        for table in CHAINED:
            if table != "checkpoints":
                rows += _walk(db, mac, table, starts[table], heads[table], progress)
        if not incremental:
            _check_checkpoints(db)
        missing = missing_guards(db)
        if missing:
            raise _Bad(f"append-only trigger {missing[0]} is missing")
    except _Bad as bad:
        return Verification(rows, str(bad), incremental)
    return Verification(rows, None, incremental)


def _sealed_heads(db: sqlite_utils.Database, key: bytes, mac: Mac) -> dict[str, Head]:
    heads = {table: Head(0, genesis(key, table)) for table in CHAINED}
    for table, last_id, tag, seal in db.execute("SELECT tbl, last_id, tag, mac FROM heads ORDER BY tbl"):
        if table not in heads:
            raise _Bad(f"heads row {table!r} names no chained table")
        if head_mac(mac, table, last_id, bytes(tag)) != bytes(seal):
            raise _Bad(f"heads row {table!r}: MAC mismatch (chain head edited)")
        heads[table] = Head(last_id, bytes(tag))
    return heads


def _starts(db: sqlite_utils.Database, key: bytes, incremental: bool) -> dict[str, Head]:
    starts = {table: Head(0, genesis(key, table)) for table in CHAINED}
    if incremental:
        checkpoint_id, recorded = last_checkpoint(db)
        for table, head in recorded.items():
            _check_recorded(db, checkpoint_id, table, head)
            starts[table] = head
    return starts


def _check_recorded(db: sqlite_utils.Database, checkpoint_id: int, table: str, head: Head) -> None:
    if table not in CHAINED:
        raise _Bad(f"checkpoints row {checkpoint_id} names an unknown table {table!r}")
    if head.last_id == 0:
        return
    row = db.execute(f"SELECT tag FROM {table} WHERE id = ?", [head.last_id]).fetchone()
    if row is None:
        raise _Bad(f"{table} row {head.last_id} missing (deleted; recorded by checkpoint {checkpoint_id})")
    if bytes(row[0]) != head.tag:
        raise _Bad(f"{table} row {head.last_id}: tag differs from checkpoint {checkpoint_id} (edited)")


def _check_checkpoints(db: sqlite_utils.Database) -> None:
    for checkpoint_id, text in db.execute("SELECT id, heads FROM checkpoints ORDER BY id"):
        for table, (last_id, tag_hex) in json.loads(text).items():
            _check_recorded(db, checkpoint_id, table, Head(int(last_id), bytes.fromhex(tag_hex)))


def _walk(
    db: sqlite_utils.Database,
    mac: Mac,
    table: str,
    start: Head,
    head: Head,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Walk ``table`` after ``start`` up to ``head``; returns the rows checked."""
    body = canonical_sql(CHAINED[table])  # SQLite writes the canonical form: no Python per column
    cursor = db.execute(f"SELECT id, {body}, tag FROM {table} WHERE id > ? ORDER BY id", [start.last_id])
    inner, outer = mac._inner, mac._outer  # inlined Mac.__call__: this loop is the verification speed
    tag, expected = start.tag, start.last_id + 1
    for row_id, canonical, stored in cursor:
        if row_id != expected:
            raise _Bad(f"{table} row {expected} missing (deleted), next row is {row_id}")
        step = inner.copy()
        step.update(tag)
        step.update(canonical)
        seal = outer.copy()
        seal.update(step.digest())
        tag = seal.digest()
        if tag != stored:
            raise _Bad(f"{table} row {expected}: HMAC mismatch (row edited, inserted or moved here)")
        expected += 1
        if progress is not None and not expected % PROGRESS_ROWS:
            progress(PROGRESS_ROWS)
    last = expected - 1
    if last > head.last_id:
        raise _Bad(f"{table} row {head.last_id + 1}: beyond the sealed chain head {head.last_id} (inserted)")
    if last < head.last_id:
        raise _Bad(f"{table} row {last + 1} missing (deleted): the sealed chain head is row {head.last_id}")
    if tag != head.tag:
        raise _Bad(f"{table} row {last}: differs from the sealed chain head (edited)")
    return last - start.last_id


def since(
    db: sqlite_utils.Database, key: bytes, starts: Mapping[str, Head]
) -> tuple[str | None, dict[str, Head], int]:
    """The check before each game and after each settlement: every chain from ``starts`` (heads verified
    earlier, kept in the table's memory, never read back from the file) to its sealed head.

    Each start row must still carry the tag it was verified with (a rewritten last row, or one cut, is
    found), every row after it must chain to it, each sealed head's MAC must hold and the append-only
    triggers must be in place. Its cost follows the rows written since ``starts``, not the ledger's size.
    Returns the first finding (``None``: intact), the heads it verified up to (``starts`` on a finding)
    and how many rows it walked.
    """
    mac, rows = Mac(key), 0
    with snapshot(db):
        try:
            heads = _sealed_heads(db, key, mac)
            for table in CHAINED:
                start, head = starts.get(table) or Head(0, genesis(key, table)), heads[table]
                if start.last_id:
                    _check_start(db, table, start)
                if head.last_id != start.last_id or head.tag != start.tag:
                    rows += _walk(db, mac, table, start, head)
            missing = missing_guards(db)
            if missing:
                raise _Bad(f"append-only trigger {missing[0]} is missing")
        except _Bad as bad:
            return str(bad), dict(starts), rows
    return None, heads, rows


def _check_start(db: sqlite_utils.Database, table: str, start: Head) -> None:
    row = db.execute(f"SELECT tag FROM {table} WHERE id = ?", [start.last_id]).fetchone()
    if row is None:
        raise _Bad(f"{table} row {start.last_id} missing (deleted since it was verified)")
    if bytes(row[0]) != start.tag:
        raise _Bad(f"{table} row {start.last_id}: HMAC mismatch (edited since it was verified)")
