"""The floor outbox: what the casino floor must hear, written in the same transaction as the journal.

With a ``[floor]`` section the ledger turns on its outbox. At the end of every transaction (inside it,
before the commit) :meth:`Outbox.collect` looks at the rows the transaction appended and writes one
outbox row per fact the floor needs: a settled round (with the chain heads as the floor's *witness*)
and every logged event (vouchers issued, redeemed or voided, bills stacked, hand-pays, tilts, doors,
configuration changes, power-up, ...). The first row of a transaction carries the meters it moved since
the previous outbox row (``delta``), so the floor's sums equal the table's meters whatever it drops; the
stakes of wagers not resolved yet are held back until the settlement that resolves them, so the floor
counts a round's coin-in on the gaming day of its settlement, with its coin-out.
The outbox commits with the journal or not at all: a crash can delay a fact, never lose or invent one.

A publisher (``terminal.floor``) reads the rows in order through its own read-only connection
(:class:`OutboxReader`; WAL readers never block the table), sends each with the message id
``<table>:<ledger id>:<seq>`` (the server drops a resend), and reports the last sequence the server
acknowledged in :attr:`Outbox.acked`. The table's next outbox transaction deletes acknowledged rows, so
the outbox holds only the backlog (and, after a crash, at most one transaction's rows sent already).

>>> message_id("T-01", "ab" * 32, 7)
'T-01:abababababababab:7'
>>> subject_of("T-01", "event", 611)
'floor.T-01.voucher'
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from terminal.ledger import epochs, meters, schema
from terminal.ledger.chain import Chain, Head
from terminal.ledger.events import EventCode
from terminal.ledger.highwater import identity

_TABLES = """
CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL, subject TEXT NOT NULL,
    msg_id TEXT NOT NULL, body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox_meters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS outbox_held (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
"""
_STATEMENTS = schema.statements(_TABLES)

#: The meters the floor keeps: every table-wide meter and the per-wager ones (coin-in by wager for PAR).
_FLOOR_METERS = "(m.name NOT LIKE '%:%' OR m.name LIKE 'wager:%')"

#: What the floor has not heard of yet: each floor meter less what is held back (the stakes of wagers not
#: resolved yet), less what the floor was sent.
_DELTA = (
    "SELECT m.name, m.value - coalesce(h.value, 0), m.value - coalesce(h.value, 0) - coalesce(o.value, 0) "
    "FROM meters m LEFT JOIN outbox_meters o ON o.name = m.name LEFT JOIN outbox_held h ON h.name = m.name "
    f"WHERE {_FLOOR_METERS} AND m.value - coalesce(h.value, 0) != coalesce(o.value, 0)"
)

#: Bookmarks of the held-back stakes (the last wager and result counted), kept in ``outbox_held`` too.
_PLACED, _RESOLVED = "@wagers", "@results"

_ROUND = (
    "SELECT s.round_id, r.game, o.outcome, t.memo, "
    "(SELECT coalesce(sum(staked), 0) FROM round_seats WHERE round_id = s.round_id), "
    "(SELECT coalesce(sum(returned), 0) FROM round_seats WHERE round_id = s.round_id) "
    "FROM settlements s JOIN rounds r ON r.id = s.round_id JOIN transactions t ON t.id = s.txn_id "
    "LEFT JOIN outcomes o ON o.round_id = s.round_id WHERE s.id > ? AND s.id <= ? ORDER BY s.id"
)

_EVENTS = (
    "SELECT id, time, code, name, seat, user, role, detail FROM events WHERE id > ? AND id <= ? ORDER BY id"
)

#: Claims of other tables' vouchers neither posted nor known lost (``OutboxReader.claimed``).
_CLAIM, _REPRINT = int(EventCode.VOUCHER_CLAIM), int(EventCode.VOUCHER_REPRINT)
_REFUSED, _LOST = int(EventCode.VOUCHER_REFUSED), int(EventCode.VOUCHER_CLAIM_LOST)
_CLAIMED = (
    "SELECT DISTINCT json_extract(e.detail, '$.number') AS number FROM events e "
    f"WHERE (e.code = {_CLAIM} OR (e.code = {_REPRINT} AND NOT EXISTS (SELECT 1 FROM vouchers v "
    "WHERE v.number = json_extract(e.detail, '$.number')))) "
    "AND NOT EXISTS (SELECT 1 FROM voucher_actions a WHERE a.number = json_extract(e.detail, '$.number') "
    "AND a.action IN ('redeem', 'void')) "
    f"AND NOT EXISTS (SELECT 1 FROM events l WHERE l.code IN ({_REFUSED}, {_LOST}) AND l.id > e.id "
    "AND json_extract(l.detail, '$.number') = json_extract(e.detail, '$.number') "
    f"AND (l.code = {_LOST} OR json_extract(l.detail, '$.claim') = 'lost'))"
)

#: Event codes 610-613 (voucher issue, redeem, refused, void) go on the voucher subject.
_VOUCHER_CODES = range(610, 620)


def message_id(table_id: str, ledger_id: str, seq: int) -> str:
    """The ``Nats-Msg-Id`` of outbox row ``seq``: unique per table, ledger (epoch) and row."""
    return f"{table_id}:{ledger_id[:16]}:{seq}"


def subject_of(table_id: str, kind: str, code: int | None = None) -> str:
    """``floor.<table>.round``, ``floor.<table>.voucher`` (voucher events) or ``floor.<table>.event``."""
    if kind == "event" and code is not None and code in _VOUCHER_CODES:
        kind = "voucher"
    return f"floor.{table_id}.{kind}"


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """One outbox row as the publisher reads it."""

    seq: int
    time: str
    subject: str
    msg_id: str
    body: str

    def payload(self) -> dict[str, Any]:
        """The body as JSON."""
        loaded: dict[str, Any] = json.loads(self.body)
        return loaded


class Outbox:
    """The ledger's side of the outbox: collects rows in transactions, prunes what the floor has."""

    def __init__(self, db: sqlite_utils.Database, table_id: str) -> None:
        self.db, self.table_id = db, table_id
        schema.run_script(db, _STATEMENTS)
        #: The highest sequence the floor acknowledged (set by the publisher's thread; an int is atomic).
        self.acked = 0
        self._ledger_id, self._epoch = "", 0
        self._wake: list[Callable[[], None]] = []
        self._closers: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def on_commit(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` after every commit that wrote outbox rows (the publisher's doorbell)."""
        with self._lock:
            self._wake.append(wake)

    def on_close(self, closer: Callable[[], None]) -> None:
        """Call ``closer`` when the ledger closes, before its database does (the publisher's last drain)."""
        self._closers.append(closer)

    def close(self) -> None:
        """The ledger is closing: its publisher drains what it can and stops."""
        closers, self._closers = self._closers, []
        for closer in closers:
            closer()

    def collect(self, chain: Chain, time: str) -> int:
        """Write the outbox rows of the transaction in progress (call it inside it); returns how many."""
        heads = chain.pending_heads()
        before = chain.heads
        settled = (before["settlements"].last_id, heads["settlements"].last_id)
        logged = (before["events"].last_id, heads["events"].last_id)
        if settled[0] == settled[1] and logged[0] == logged[1]:
            return 0
        if not self._ledger_id:  # both are fixed for a database (a RAM clear starts a new one)
            self._ledger_id, self._epoch = identity(self.db), epochs.current(self.db)
        if self.acked:
            self.db.execute("DELETE FROM outbox WHERE seq <= ?", [self.acked])
        bodies = [self._round(row, heads) for row in self.db.execute(_ROUND, list(settled)).fetchall()]
        bodies += [self._event(row) for row in self.db.execute(_EVENTS, list(logged)).fetchall()]
        bodies[0]["delta"] = self._delta()
        for body in bodies:
            self._write(body, time)
        return len(bodies)

    def committed(self) -> None:
        """The transaction that collected rows committed: ring the publisher's doorbell."""
        with self._lock:
            wakes = list(self._wake)
        for wake in wakes:
            wake()

    def _write(self, body: dict[str, Any], time: str) -> None:
        seq = self.last_seq() + 1
        body |= {"v": 1, "table": self.table_id, "ledger": self._ledger_id, "epoch": self._epoch, "seq": seq,
                 "time": time}  # fmt: skip
        body.setdefault("delta", {})
        kind = body["kind"]
        subject = subject_of(self.table_id, kind, body.get("event", {}).get("code"))
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        self.db.execute(
            "INSERT INTO outbox (seq, time, subject, msg_id, body) VALUES (?, ?, ?, ?, ?)",
            [seq, time, subject, message_id(self.table_id, self._ledger_id, seq), text],
        )

    def _hold(self) -> None:
        """Hold back the meters of wagers placed and not yet resolved, so a stake reaches the floor with
        the settlement that resolves it (and is counted on that settlement's gaming day, not on the day it
        was placed, whatever event happened to be sent in between): wagers placed since the last look are
        added, wagers resolved (or withdrawn) since are taken off."""
        marks = dict(self.db.execute("SELECT name, value FROM outbox_held WHERE name IN (?, ?)",
                                     [_PLACED, _RESOLVED]).fetchall())  # fmt: skip
        held: Counter[str] = Counter()
        placed = self.db.execute(
            "SELECT id, game, kind, paytable, stake FROM wagers WHERE id > ? ORDER BY id",
            [marks.get(_PLACED, 0)],
        ).fetchall()
        for _, game, kind, paytable, stake in placed:
            held.update(_stake_meters(game, kind, paytable, stake))
        resolved = self.db.execute(
            "SELECT r.id, w.game, w.kind, w.paytable, w.stake FROM results r "
            "JOIN wagers w ON w.id = r.wager_id WHERE r.id > ? ORDER BY r.id",
            [marks.get(_RESOLVED, 0)],
        ).fetchall()
        for _, game, kind, paytable, stake in resolved:
            held.subtract(_stake_meters(game, kind, paytable, stake))
        moved = [(name, value) for name, value in held.items() if value]
        if placed:
            moved.append((_PLACED, placed[-1][0] - marks.get(_PLACED, 0)))
        if resolved:
            moved.append((_RESOLVED, resolved[-1][0] - marks.get(_RESOLVED, 0)))
        self.db.conn.executemany(
            "INSERT INTO outbox_held (name, value) VALUES (?, ?) "
            "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value",
            moved,
        )

    def _delta(self) -> dict[str, int]:
        self._hold()
        moved = self.db.execute(_DELTA).fetchall()
        self.db.conn.executemany(
            "INSERT INTO outbox_meters (name, value) VALUES (?, ?) "
            "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            [(name, value) for name, value, _ in moved],
        )
        return {name: delta for name, _, delta in moved}

    @staticmethod
    def _round(row: tuple[Any, ...], heads: dict[str, Head]) -> dict[str, Any]:
        round_id, game, outcome, memo, staked, returned = row
        # The witness: every chain's head as this round leaves it (checkpoints follow from the others).
        witness = {t: [h.last_id, h.tag.hex()] for t, h in sorted(heads.items()) if h.last_id}
        witness.pop("checkpoints", None)
        body = {"round_id": round_id, "game": game, "outcome": json.loads(outcome) if outcome else None,
                "void": memo == "void", "staked": staked, "returned": returned,
                "witness": witness}  # fmt: skip
        return {"kind": "round", "round": body}

    @staticmethod
    def _event(row: tuple[Any, ...]) -> dict[str, Any]:
        event_id, time, code, name, seat, user, role, detail = row
        body = {"id": event_id, "time": time, "code": code, "name": name, "seat": seat, "user": user,
                "role": role, "detail": json.loads(detail)}  # fmt: skip
        return {"kind": "event", "event": body}

    def moved_to(self, db: sqlite_utils.Database) -> Outbox:
        """The outbox of the next epoch's new database (a RAM clear), keeping the publisher's doorbell."""
        fresh = Outbox(db, self.table_id)
        fresh._wake, fresh._closers = self._wake, self._closers
        return fresh

    def last_seq(self) -> int:
        """The sequence of the last row written (0 before the first)."""
        row = self.db.execute("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").fetchone()
        return int(row[0]) if row else 0

    def backlog(self) -> tuple[int, str | None]:
        """Rows the floor has not acknowledged yet, and the time of the oldest (``None`` when empty)."""
        count, oldest = self.db.execute(
            "SELECT count(*), min(time) FROM outbox WHERE seq > ?", [self.acked]
        ).fetchone()
        return int(count), oldest


def _stake_meters(game: str, kind: str, paytable: str, stake: int) -> dict[str, int]:
    """The floor meters a stake moves when placed: the floor's part of ``meters.wager_meters``."""
    moved = meters.wager_meters(game, kind, paytable, stake)
    return {name: value for name, value in moved.items() if ":" not in name or name.startswith("wager:")}


class OutboxReader:
    """The publisher's own read-only connection to the outbox (another thread, another connection)."""

    def __init__(self, path: Path | str) -> None:
        self._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._conn.execute("PRAGMA busy_timeout=5000")

    def after(self, seq: int, limit: int = 256) -> list[OutboxRow]:
        """Up to ``limit`` rows after ``seq``, in order."""
        rows = self._conn.execute(
            "SELECT seq, time, subject, msg_id, body FROM outbox WHERE seq > ? ORDER BY seq LIMIT ?",
            [seq, limit],
        ).fetchall()
        return [OutboxRow(*row) for row in rows]

    def backlog(self, acked: int) -> tuple[int, str | None]:
        """Rows after ``acked`` and the time of the oldest."""
        count, oldest = self._conn.execute(
            "SELECT count(*), min(time) FROM outbox WHERE seq > ?", [acked]
        ).fetchone()
        return int(count), oldest

    def voucher(self, number: str) -> tuple[int, int, str, str | None] | None:
        """A voucher this ledger printed: (seat, amount, issued at, expires at), or ``None``."""
        row = self._conn.execute(
            "SELECT seat, amount, issued_at, expires_at FROM vouchers WHERE number = ?", [number]
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]), str(row[2]), row[3])

    def outstanding(self, limit: int = 10_000) -> list[str]:
        """Numbers of the vouchers this ledger printed that it has not seen redeemed or voided."""
        rows = self._conn.execute(
            "SELECT v.number FROM vouchers v WHERE NOT EXISTS (SELECT 1 FROM voucher_actions a WHERE "
            "a.number = v.number AND a.action IN ('redeem', 'void')) ORDER BY v.id LIMIT ?",
            [limit],
        ).fetchall()
        return [str(number) for (number,) in rows]

    def claimed(self) -> list[str]:
        """Numbers of other tables' vouchers this table set out to claim and has not posted (a crash
        between the floor's compare-and-set and the ledger's posting leaves one), leaving out claims known
        lost: the floor refused them, or closed the voucher elsewhere (each is looked up once, not at every
        link start for ever). A reprint's code is a claim only for a voucher not printed here (older ledgers
        logged claims under the reprint's code)."""
        rows = self._conn.execute(_CLAIMED).fetchall()
        return [str(number) for (number,) in rows if number]

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()
