"""The high-water mark: a record outside the database of how far the ledger has committed.

A whole older copy of the database verifies on its own (every row in it is genuine), and so does a copy
from another table that shares the key. The mark, a small file beside the chain key, remembers the last
committed head of every chain (row id and tag), the row count, and the ledger's identity: the tag of the
database's first ``epochs`` row, which no other database (of this or another table) has. It is written
after every committed transaction, durably (a temporary file, fsync, rename, fsync of the folder) and
sealed with an HMAC under a key derived from the chain key, so it cannot be edited back either. The writes
run on a :class:`MarkWriter` thread, newest first, so a transaction never waits for the mark's fsyncs; the
mark lags the database by at most the write in flight, exactly the lag a crash can leave anyway.

At start-up and in ``terminal ledger verify`` the database must reach the mark: the same identity, and
every chain at least as long, holding the mark's tag at the mark's row. A database *ahead* of the mark is
what a crash between the commit and the mark's write leaves; it is accepted when its rows verify, and the
mark is then advanced. A new ledger's mark is written (unbound, no rows) before the database's first
commit, so a ledger with rows and no mark is never the result of a crash: it is refused.

>>> mark = Mark("", 0, {"events": (2, "ab")})
>>> mark.rows
2
>>> Mark.parse(mark.render(bytes(32)), bytes(32)) == mark
True
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from terminal.ledger import schema
from terminal.ledger.chain import Head, load_heads
from terminal.ledger.epochs import current as current_epoch
from terminal.ledger.errors import IntegrityError, StorageError, storage_cause, storage_errors
from terminal.ledger.verify import Verification, verify

VERSION = 1


class RollbackError(IntegrityError):
    """The database is behind its high-water mark, or is another ledger than the one the mark names."""


def mark_path(key_path: Path) -> Path:
    """Where the mark lives: beside the key file (``ledger.key`` → ``ledger.mark``)."""
    return key_path.with_suffix(".mark")


def _mark_key(key: bytes) -> bytes:
    return hmac.digest(key, b"terminal high-water mark v1", "sha256")


@dataclass(frozen=True, slots=True)
class Mark:
    """How far the ledger had committed: its identity (``""`` until the first commit), epoch, heads."""

    ledger_id: str
    epoch: int
    heads: dict[str, tuple[int, str]]  # chain → (last id, tag in hex)

    @property
    def rows(self) -> int:
        """Rows in every chain together."""
        return sum(last for last, _ in self.heads.values())

    def _body(self) -> bytes:
        heads = {t: list(h) for t, h in sorted(self.heads.items())}
        fields = {"version": VERSION, "ledger_id": self.ledger_id, "epoch": self.epoch, "rows": self.rows,
                  "heads": heads}  # fmt: skip
        return json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()

    def render(self, key: bytes) -> bytes:
        """The file's bytes: the body and its HMAC."""
        body = self._body()
        seal = hmac.digest(_mark_key(key), body, "sha256").hex()
        return b'{"body":' + body + b',"mac":"' + seal.encode() + b'"}\n'

    @classmethod
    def parse(cls, data: bytes, key: bytes) -> Mark:
        """The mark in ``data``; ``ValueError`` if it is malformed or its HMAC does not match."""
        try:
            outer = json.loads(data)
            body = json.dumps(outer["body"], sort_keys=True, separators=(",", ":")).encode()
            given = bytes.fromhex(outer["mac"])
            fields = outer["body"]
            heads = {str(t): (int(v[0]), str(v[1])) for t, v in fields["heads"].items()}
            mark = cls(str(fields["ledger_id"]), int(fields["epoch"]), heads)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as bad:
            raise ValueError(f"malformed ({bad})") from None
        if not hmac.compare_digest(given, hmac.digest(_mark_key(key), body, "sha256")):
            raise ValueError("HMAC mismatch (the mark was edited or made with another key)")
        return mark


def load(path: Path, key: bytes) -> Mark | None:
    """The mark at ``path`` (``None`` if there is none); an unreadable or forged one is refused."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as failed:
        raise StorageError(f"high-water mark {path} could not be read: {storage_cause(failed)}") from None
    try:
        return Mark.parse(data, key)
    except ValueError as bad:
        raise IntegrityError(f"high-water mark {path} is not valid: {bad}") from None


def write(path: Path, mark: Mark, key: bytes) -> None:
    """Replace the mark durably: temporary file, fsync, rename over, fsync of the folder."""
    write_durably(path, mark.render(key), "high-water mark")


def write_durably(path: Path, data: bytes, what: str) -> None:
    """Replace ``path`` with ``data`` (mode 0600): temporary file, fsync, rename over, fsync of the folder."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")  # one per writer
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            while data:  # a short write (a file-size limit, a nearly full disk) is never taken for the whole
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError as failed:
        with contextlib.suppress(OSError):  # a full disk must not leave the half-written copy behind
            temporary.unlink()
        raise StorageError(f"{what} {path} could not be written: {storage_cause(failed)}") from None


class MarkWriter:
    """Writes marks on a background thread, always the newest.

    ``failure`` is the oldest refusal not yet taken (:meth:`take_failure`): a mark that could not be written
    stays reported even when the marks after it are written, so a storage fault between two looks of the
    tilt board still tilts the table."""

    def __init__(self, path: Path, key: bytes) -> None:
        self.path, self.key = path, key
        self.failure: StorageError | None = None
        self._wake = threading.Condition()
        self._next: Mark | None = None
        self._busy = self._closed = False
        self._thread = threading.Thread(target=self._run, name=f"mark {path.name}", daemon=True)
        self._thread.start()

    def submit(self, mark: Mark) -> None:
        """Write ``mark`` soon (a newer one submitted before it is written replaces it)."""
        with self._wake:
            self._next = mark
            self._wake.notify_all()

    def take_failure(self) -> StorageError | None:
        """The oldest refusal since the last call (``None`` if every write since then succeeded)."""
        with self._wake:
            failure, self.failure = self.failure, None
        return failure

    def flush(self) -> None:
        """Wait until every submitted mark is written (or refused)."""
        with self._wake:
            while self._next is not None or self._busy:
                self._wake.wait()

    def close(self) -> None:
        """Write what is pending and stop the thread."""
        with self._wake:
            self._closed = True
            self._wake.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._next is None and not self._closed:
                    self._wake.wait()
                if self._next is None:
                    return
                mark, self._next, self._busy = self._next, None, True
            try:
                write(self.path, mark, self.key)
                failure = None
            except StorageError as refused:
                failure = refused
            with self._wake:
                self.failure, self._busy = self.failure or failure, False  # kept until taken
                self._wake.notify_all()


def identity(db: sqlite_utils.Database) -> str:
    """The ledger's identity: the tag of its first ``epochs`` row in hex (``""`` before it exists)."""
    row = db.execute("SELECT tag FROM epochs WHERE id = 1").fetchone()
    return bytes(row[0]).hex() if row else ""


def current(db: sqlite_utils.Database, heads: dict[str, Head], epoch: int) -> Mark:
    """The mark of the database as it stands (``heads`` as the chain holds them)."""
    return Mark(identity(db), epoch, {t: (h.last_id, h.tag.hex()) for t, h in heads.items() if h.last_id})


def shortfall(db: sqlite_utils.Database, mark: Mark) -> str | None:
    """What the database lacks to reach ``mark``, in one sentence; ``None`` when it reaches it."""
    found = identity(db)
    if mark.ledger_id and found and found != mark.ledger_id:
        return (
            f"it is another ledger (identity {found[:16]}…, the mark names {mark.ledger_id[:16]}…): "
            "a copy from another table or another epoch"
        )
    missing: list[str] = []
    count = 0
    for table, (last_id, tag) in sorted(mark.heads.items()):
        have = db.execute(f"SELECT max(id) FROM [{table}]").fetchone()[0] or 0
        if have < last_id:
            missing.append(f"{table} {have + 1}-{last_id}" if have + 1 < last_id else f"{table} {last_id}")
            count += last_id - have
            continue
        row = db.execute(f"SELECT tag FROM [{table}] WHERE id = ?", [last_id]).fetchone()
        if bytes(row[0]).hex() != tag:
            return f"{table} row {last_id} differs from the mark (another history: a swapped database)"
    if missing:
        return f"{count} rows missing ({', '.join(missing)}): an older copy of the database"
    return None


def missing(database: Path | str, mark: Mark | None, path: Path) -> str | None:
    """Why a ledger whose database file is absent (or empty) may not start anew: its mark records rows.

    A deleted database is *missing*, not an older copy; saying so before anything creates the file means
    a refused start leaves no empty ledger behind."""
    target = Path(database)
    if str(database) == ":memory:" or mark is None or not mark.rows:
        return None
    if target.exists() and target.stat().st_size > 0:
        return None
    return (
        f"the ledger database {target} is missing: its high-water mark {path} records {mark.rows} rows of "
        f"ledger {mark.ledger_id[:16]}… (restore the database; a new ledger needs the mark moved away)"
    )


def examine(db: sqlite_utils.Database, mark: Mark | None, path: Path) -> str | None:
    """Why the database may not be used with the mark at ``path`` (one sentence), or ``None``."""
    if mark is None:
        rows = sum(last for (last,) in db.execute("SELECT last_id FROM heads"))
        if rows:
            return (
                f"no high-water mark at {path}, yet the database holds {rows} rows: the mark was removed or "
                "the database was brought here (check it, then `terminal ledger adopt`)"
            )
        return None
    problem = shortfall(db, mark)
    return None if problem is None else f"behind its high-water mark {path}: {problem}"


def adopt(path: Path, key: bytes, mark_file: Path) -> Verification:
    """Bind the mark to the database at ``path`` after a full verification (a person checked it first)."""
    with storage_errors(path, "read"), schema.open_database(path) as db:
        found = verify(db, key)
        if found.ok:
            write(mark_file, current(db, load_heads(db, key), current_epoch(db)), key)
        return found
