"""The floor store: what ``terminal floor`` keeps of every table's stream, in SQLite (rebuilt at will).

The ``FLOOR`` stream is the record; this store is a view of it that can always be thrown away and rebuilt
(``terminal floor rebuild``). It keeps, per table, its game, the ledger and sequence it last heard and
its tilts; per table and gaming day, every meter the tables' deltas moved; the events; the vouchers and
where each stands; the alerts of reconciliation; and the stream sequence applied last (``cursor``), all
written in one transaction per message, so a crash of the floor service loses nothing and applies
nothing twice. It also keeps what is not in the stream: the wrong-PIN counts and lock-outs of the floor's
log-ins (``logins``), which survive a restart of the service and a rebuild. A table message whose
(table, ledger, sequence) is not past the last one applied is a duplicate and changes nothing.

>>> gaming_day("2026-03-02T05:59:59.000000Z", 6), gaming_day("2026-03-02T06:00:00.000000Z", 6)
('2026-03-01', '2026-03-02')
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from terminal.ledger import dayreport, schema
from terminal.ledger.events import EventCode

_TABLES = """
CREATE TABLE IF NOT EXISTS cursor (id INTEGER PRIMARY KEY CHECK (id = 1), stream_seq INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY, game TEXT, venue TEXT, ledger_id TEXT, epoch INTEGER, last_time TEXT,
    last_round INTEGER, tilts TEXT NOT NULL DEFAULT '[]', par TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS ledgers (
    table_id TEXT NOT NULL, ledger_id TEXT NOT NULL, epoch INTEGER NOT NULL, last_seq INTEGER NOT NULL,
    PRIMARY KEY (table_id, ledger_id)
);
CREATE TABLE IF NOT EXISTS day_meters (
    table_id TEXT NOT NULL, day TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL,
    PRIMARY KEY (table_id, day, name)
);
CREATE TABLE IF NOT EXISTS events (
    stream_seq INTEGER PRIMARY KEY, table_id TEXT NOT NULL, time TEXT NOT NULL, day TEXT NOT NULL,
    code INTEGER NOT NULL, name TEXT NOT NULL, seat INTEGER, user TEXT, detail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_day ON events(day);
CREATE TABLE IF NOT EXISTS vouchers (
    number TEXT PRIMARY KEY, issuer TEXT, seat INTEGER, amount INTEGER NOT NULL, issued_at TEXT,
    state TEXT NOT NULL, closed_at TEXT, closed_by TEXT
);
CREATE TABLE IF NOT EXISTS logins (
    user TEXT PRIMARY KEY, failures INTEGER NOT NULL, since REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS last_words (
    table_id TEXT PRIMARY KEY, stream_seq INTEGER NOT NULL, body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS alerts (
    stream_seq INTEGER PRIMARY KEY, table_id TEXT NOT NULL, time TEXT, number TEXT, problem TEXT NOT NULL
);
"""
_STATEMENTS = schema.statements(_TABLES)

#: The subject the floor service gives a message it did not apply because its signer did not sign it
#: (``terminal.floor.consumer``): never a NATS subject (those have no spaces), so nobody can publish one.
FORGED = "forged message"


def gaming_day(time: str, start_hour: int) -> str:
    """The gaming day (``YYYY-MM-DD``) a UTC time falls in, days starting at ``start_hour`` UTC: the rule
    the table's end-of-day report counts by (``dayreport.gaming_day_of``), so the two cannot disagree."""
    moment = datetime.fromisoformat(time.replace("Z", "+00:00"))
    return dayreport.gaming_day_of(moment.replace(tzinfo=moment.tzinfo or UTC), start_hour).isoformat()


class FloorStore:
    """The floor store at ``path``; one writer (the floor service), any number of readers."""

    def __init__(self, path: Path | str, gaming_day_hour: int) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite_utils.Database(str(path))
        if str(path) != ":memory:":
            self.db.enable_wal()
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA busy_timeout=5000")
        schema.run_script(self.db, _STATEMENTS)
        self.hour = gaming_day_hour

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    @contextmanager
    def _atomic(self) -> Iterator[None]:
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    # -- applying the stream ---------------------------------------------------------------------------
    def cursor(self) -> int:
        """The stream sequence applied last (0 for a new store)."""
        row = self.db.execute("SELECT stream_seq FROM cursor WHERE id = 1").fetchone()
        return int(row[0]) if row else 0

    def apply(self, stream_seq: int, subject: str, body: dict[str, Any]) -> bool:
        """Apply one stream message in one transaction; ``False`` if it was applied before (a duplicate),
        or is not a message this store reads (it is stepped over, never read again)."""
        return bool(self.apply_many([(stream_seq, subject, body)]))

    def apply_many(self, messages: list[tuple[int, str, dict[str, Any]]]) -> list[int]:
        """Apply a batch of stream messages (in stream order) in one transaction with the cursor, so a
        fetched batch costs one commit; returns the stream sequences applied (duplicates left out)."""
        applied: list[int] = []
        # BEGIN IMMEDIATE: a second writer (a report's catch-up) waits, then sees the cursor moved.
        with self._atomic():
            cursor = self.cursor()
            for stream_seq, subject, body in messages:
                if stream_seq <= cursor:
                    continue
                try:
                    if self._apply(stream_seq, subject.split(".")[-1], body):
                        applied.append(stream_seq)
                except (KeyError, TypeError, ValueError):  # not a message of ours: stepped over
                    pass
                cursor = stream_seq
            self.db.execute(
                "INSERT INTO cursor (id, stream_seq) VALUES (1, ?) "
                "ON CONFLICT(id) DO UPDATE SET stream_seq = excluded.stream_seq",
                [cursor],
            )
        return applied

    def _apply(self, stream_seq: int, kind: str, body: dict[str, Any]) -> bool:
        if kind == "info":
            self._info(body)
            return True
        if kind == FORGED:  # not applied: its signer did not sign it (an alert, and an event of the floor)
            self._forged(stream_seq, body)
            return True
        if kind == "alert":
            row = [stream_seq, body.get("table", "?"), body.get("time"), body.get("number"), body["problem"]]
            self.db.execute("INSERT INTO alerts VALUES (?, ?, ?, ?, ?)", row)
            return True
        if body.get("kind") == "cage":
            self._cage(stream_seq, body)
            return True
        if body.get("kind") == "command":  # the floor took a table out of service, or put it back
            self._command(stream_seq, body)
            return True
        if body.get("kind") == "accept":  # a reinstalled table accepted by two people (``floor.accept``)
            return self._accepted(stream_seq, body)
        if not self._fresh(body):
            return False
        if body.get("kind") == "round":  # the table's newest witness: the floor's last word on it
            self._said(stream_seq, str(body["table"]), body)
        table, time = str(body["table"]), str(body["time"])
        day = gaming_day(time, self.hour)
        self._meters(table, day, body.get("delta") or {})
        round_id = (body.get("round") or {}).get("round_id")
        game = (body.get("round") or {}).get("game")
        self.db.execute(
            "INSERT INTO tables (table_id, game, ledger_id, epoch, last_time, last_round) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(table_id) DO UPDATE SET "
            "game = coalesce(excluded.game, game), "
            "ledger_id = excluded.ledger_id, epoch = excluded.epoch, last_time = excluded.last_time, "
            "last_round = coalesce(excluded.last_round, last_round)",
            [table, game, body["ledger"], body["epoch"], time, round_id],
        )
        if body.get("kind") == "event":
            self._event(stream_seq, table, day, body["event"])
        return True

    def _fresh(self, body: dict[str, Any]) -> bool:
        """Whether a table message is past the last one applied of its ledger (and note it applied)."""
        table, ledger, seq = str(body["table"]), str(body["ledger"]), int(body["seq"])
        row = self.db.execute(
            "SELECT last_seq FROM ledgers WHERE table_id = ? AND ledger_id = ?", [table, ledger]
        ).fetchone()
        if row is not None and seq <= row[0]:
            return False
        self.db.execute(
            "INSERT INTO ledgers VALUES (?, ?, ?, ?) ON CONFLICT(table_id, ledger_id) "
            "DO UPDATE SET last_seq = excluded.last_seq",
            [table, ledger, int(body["epoch"]), seq],
        )
        return True

    def _meters(self, table: str, day: str, delta: dict[str, int]) -> None:
        self.db.conn.executemany(
            "INSERT INTO day_meters VALUES (?, ?, ?, ?) ON CONFLICT(table_id, day, name) "
            "DO UPDATE SET value = value + excluded.value",
            [(table, day, name, int(value)) for name, value in sorted(delta.items())],
        )

    def _info(self, body: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO tables (table_id, game, venue, par) VALUES (?, ?, ?, ?) ON CONFLICT(table_id) "
            "DO UPDATE SET game = excluded.game, venue = excluded.venue, par = excluded.par",
            [body["table"], body.get("game"), body.get("venue"), json.dumps(body.get("par") or {})],
        )

    def _event(self, stream_seq: int, table: str, day: str, event: dict[str, Any]) -> None:
        code, detail = int(event["code"]), event.get("detail") or {}
        self.db.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [stream_seq, table, event["time"], day, code, event["name"], event.get("seat"), event.get("user"),
             json.dumps(detail, sort_keys=True)],
        )  # fmt: skip
        if code in (EventCode.TILT, EventCode.TILT_CLEARED) and event.get("seat") is None:  # the table's own
            self._tilt(table, str(detail.get("tilt", "")), code == EventCode.TILT)
        elif code == EventCode.VOUCHER_ISSUE:
            number, amount = str(detail["number"]), int(detail["amount"])
            self._issued(number, table, event.get("seat"), amount, event["time"])
        elif code in (EventCode.VOUCHER_REDEEM, EventCode.VOUCHER_VOID):
            state = "redeemed" if code == EventCode.VOUCHER_REDEEM else "voided"
            where = f"{table} seat {event['seat']}" if event.get("seat") else table
            self._closed(str(detail["number"]), int(detail.get("amount", 0)), state, event["time"], where)
        elif code == EventCode.VOUCHER_FORGED:  # a table refused a forged voucher: the floor's alert
            problem = f"forged: {detail.get('problem', '')}"
            self.db.execute("INSERT INTO alerts VALUES (?, ?, ?, ?, ?)",
                            [stream_seq, table, event["time"], detail.get("number"), problem])  # fmt: skip
        elif code == EventCode.VOUCHER_PAID_ELSEWHERE:  # the issuer heard it from the bucket (the cage's too)
            state = "voided" if detail.get("voided") else "redeemed"
            number, amount = str(detail["number"]), int(detail["amount"])
            self._closed(number, amount, state, event["time"], str(detail["at"]))

    def _tilt(self, table: str, kind: str, raised: bool) -> None:
        row = self.db.execute("SELECT tilts FROM tables WHERE table_id = ?", [table]).fetchone()
        tilts = set(json.loads(row[0])) if row else set()
        tilts = tilts | {kind} if raised else tilts - {kind}
        self.db.execute("UPDATE tables SET tilts = ? WHERE table_id = ?", [json.dumps(sorted(tilts)), table])

    def _issued(self, number: str, table: str, seat: int | None, amount: int, time: str) -> None:
        self.db.execute(
            "INSERT INTO vouchers (number, issuer, seat, amount, issued_at, state) VALUES (?, ?, ?, ?, ?, "
            "'outstanding') ON CONFLICT(number) DO UPDATE SET issuer = excluded.issuer, "
            "seat = excluded.seat, "
            "issued_at = excluded.issued_at",
            [number, table, seat, amount, time],
        )

    def _closed(self, number: str, amount: int, state: str, time: str, where: str) -> None:
        # The first close wins (the bucket's compare-and-set let only one through); later ones are alerts.
        self.db.execute(
            "INSERT INTO vouchers (number, amount, state, closed_at, closed_by) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(number) DO UPDATE SET state = excluded.state, closed_at = excluded.closed_at, "
            "closed_by = excluded.closed_by WHERE vouchers.state = 'outstanding'",
            [number, amount, state, time, where],
        )

    def _cage(self, stream_seq: int, body: dict[str, Any]) -> None:
        time = str(body["time"])
        detail = {k: body[k] for k in ("number", "amount", "issuer", "reason", "second_user") if k in body}
        code = EventCode.VOUCHER_REDEEM if body["action"] == "redeemed" else EventCode.VOUCHER_VOID
        name = code.name
        self.db.execute(
            "INSERT INTO events VALUES (?, 'cage', ?, ?, ?, ?, NULL, ?, ?)",
            [stream_seq, time, gaming_day(time, self.hour), int(code), name, body.get("user"),
             json.dumps(detail, sort_keys=True)],
        )  # fmt: skip
        self._closed(str(body["number"]), int(body.get("amount", 0)), str(body["action"]), time, "cage")

    def _command(self, stream_seq: int, body: dict[str, Any]) -> None:
        time = str(body["time"])
        out = body["action"] == "out_of_service"
        code = EventCode.FLOOR_OUT_OF_SERVICE if out else EventCode.FLOOR_IN_SERVICE
        detail = {k: body[k] for k in ("reason", "role") if k in body}
        self.db.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)",
            [stream_seq, str(body["table"]), time, gaming_day(time, self.hour), int(code), code.name,
             str(body["user"]), json.dumps(detail, sort_keys=True)],
        )  # fmt: skip

    def _forged(self, stream_seq: int, body: dict[str, Any]) -> None:
        time, table, problem = str(body["time"]), str(body["table"]), str(body["problem"])
        self.db.execute("INSERT INTO alerts VALUES (?, ?, ?, NULL, ?)", [stream_seq, table, time,
                                                                         f"unsigned: {problem}"])  # fmt: skip
        self.db.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, 'FLOOR_FORGED', NULL, NULL, ?)",
            [stream_seq, table, time, gaming_day(time, self.hour), int(EventCode.FLOOR_FORGED),
             json.dumps({"problem": problem}, sort_keys=True)],
        )  # fmt: skip

    def _said(self, stream_seq: int, table: str, body: dict[str, Any]) -> None:
        self.db.execute(
            "INSERT INTO last_words VALUES (?, ?, ?) ON CONFLICT(table_id) DO UPDATE SET "
            "stream_seq = excluded.stream_seq, body = excluded.body",
            [table, stream_seq, json.dumps(body, sort_keys=True)],
        )

    def last_word(self, table: str) -> tuple[int, dict[str, Any]] | None:
        """The floor's last word on ``table`` as applied: its newest round (a replayed older one is not
        fresh and never counts) or an acceptance made since, with its stream sequence."""
        query = "SELECT stream_seq, body FROM last_words WHERE table_id = ?"
        row = self.db.execute(query, [table]).fetchone()
        return (int(row[0]), json.loads(row[1])) if row else None

    def _accepted(self, stream_seq: int, body: dict[str, Any]) -> bool:
        """Log an acceptance and make it the table's last word; ``False`` for one applied before (the
        same table, ledger and time: the floor's bytes published again)."""
        time = str(body["time"])
        seen = self.db.execute(
            "SELECT 1 FROM events WHERE code = ? AND table_id = ? AND time = ? "
            "AND json_extract(detail, '$.ledger') = ?",
            [int(EventCode.FLOOR_ACCEPTED), str(body["table"]), time, str(body["ledger"])],
        ).fetchone()
        if seen:
            return False
        self._said(stream_seq, str(body["table"]), body)
        detail = {k: body[k] for k in ("ledger", "second_user", "reason", "replaces") if k in body}
        self.db.execute(
            "INSERT INTO events VALUES (?, ?, ?, ?, ?, 'FLOOR_ACCEPTED', NULL, ?, ?)",
            [stream_seq, str(body["table"]), time, gaming_day(time, self.hour), int(EventCode.FLOOR_ACCEPTED),
             str(body["user"]), json.dumps(detail, sort_keys=True)],
        )  # fmt: skip
        return True

    # -- log-in lock-outs (not from the stream: kept across a rebuild) ---------------------------------
    def failures(self, user: str) -> tuple[int, float]:
        """``user``'s wrong PINs in a row and the (epoch) time of the last; ``(0, 0.0)`` without any."""
        row = self.db.execute("SELECT failures, since FROM logins WHERE user = ?", [user]).fetchone()
        return (int(row[0]), float(row[1])) if row else (0, 0.0)

    def set_failures(self, user: str, count: int, since: float) -> None:
        """Note ``user``'s wrong PINs in a row (0 clears them), committed at once."""
        with self._atomic():
            if count:
                self.db.execute(
                    "INSERT INTO logins VALUES (?, ?, ?) ON CONFLICT(user) DO UPDATE SET "
                    "failures = excluded.failures, since = excluded.since",
                    [user, count, since],
                )
            else:
                self.db.execute("DELETE FROM logins WHERE user = ?", [user])

    def pin_locked(self, user: str, now: float, attempts: int, seconds: float) -> bool:
        """Whether ``user`` is locked out at ``now`` (epoch seconds): ``attempts`` wrong PINs in a row, the
        last less than ``seconds`` ago."""
        count, since = self.failures(user)
        return count >= attempts and now - since < seconds

    def note_pin(self, user: str, right: bool, now: float, attempts: int) -> None:
        """Count a wrong PIN of ``user`` (a fresh count once a lock-out is over), or clear the count."""
        count, _ = self.failures(user)
        if right:
            if count:
                self.set_failures(user, 0, now)
            return
        self.set_failures(user, (0 if count >= attempts else count) + 1, now)

    def logins(self) -> list[tuple[str, int, float]]:
        """Every user's wrong-PIN count and time (to carry across a rebuild)."""
        rows = self.db.execute("SELECT user, failures, since FROM logins ORDER BY user")
        return [(str(user), int(count), float(since)) for user, count, since in rows]

    # -- reading ---------------------------------------------------------------------------------------
    def tables(self) -> list[dict[str, Any]]:
        """Every table heard of, with its game, tilts, PAR edges and last word."""
        rows = self.db.execute(
            "SELECT table_id, game, venue, ledger_id, epoch, last_time, last_round, tilts, par FROM tables "
            "ORDER BY table_id"
        ).fetchall()
        keys = ("table_id", "game", "venue", "ledger_id", "epoch", "last_time", "last_round", "tilts", "par")
        found = [dict(zip(keys, row, strict=True)) for row in rows]
        for table in found:
            table["tilts"], table["par"] = json.loads(table["tilts"]), json.loads(table["par"])
        return found

    def meters(self, day: str | None = None) -> dict[str, dict[str, int]]:
        """Table → meter → value, of one gaming day or of every day together."""
        query = "SELECT table_id, name, sum(value) FROM day_meters"
        query += " WHERE day = ? GROUP BY table_id, name" if day else " GROUP BY table_id, name"
        found: dict[str, dict[str, int]] = {}
        for table, name, value in self.db.execute(query, [day] if day else []):
            found.setdefault(table, {})[name] = int(value)
        return found

    def days(self) -> list[str]:
        """Every gaming day with meters, oldest first."""
        return [day for (day,) in self.db.execute("SELECT DISTINCT day FROM day_meters ORDER BY day")]

    def events(self, limit: int = 100, day: str | None = None) -> list[dict[str, Any]]:
        """The latest events (of ``day``), newest first."""
        query = "SELECT stream_seq, table_id, time, code, name, seat, user, detail FROM events"
        query += " WHERE day = ?" if day else ""
        rows = self.db.execute(query + " ORDER BY stream_seq DESC LIMIT ?", [*([day] if day else []), limit])
        keys = ("seq", "table", "time", "code", "name", "seat", "user", "detail")
        return [dict(zip(keys, row, strict=True)) | {"detail": json.loads(row[7])} for row in rows]

    def vouchers(self, state: str = "outstanding") -> list[dict[str, Any]]:
        """Vouchers in ``state``, oldest first."""
        rows = self.db.execute(
            "SELECT number, issuer, seat, amount, issued_at, state, closed_at, closed_by FROM vouchers "
            "WHERE state = ? ORDER BY issued_at",
            [state],
        )
        keys = ("number", "issuer", "seat", "amount", "issued_at", "state", "closed_at", "closed_by")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    def alerts(self) -> list[dict[str, Any]]:
        """Reconciliation alerts, newest first."""
        query = "SELECT stream_seq, table_id, time, number, problem FROM alerts ORDER BY stream_seq DESC"
        rows = self.db.execute(query)
        # newest first: the floor manager reads the latest clash first
        return [dict(zip(("seq", "table", "time", "number", "problem"), row, strict=True)) for row in rows]
