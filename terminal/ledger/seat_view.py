"""One seat's part of the ledger, read-only and incrementally: what a seat's SAS machine reports.

The ledger keeps its meters for the whole table (``meters``); a seat on the casino's system is a machine
of its own, so this view derives the seat's meters from the same journal rows the table's meters come
from (a posting to the seat's own account for wagers and wins, the transaction's seat for money in and
out) and its games from ``round_seats``. Summed over every seat, each equals the table's meter.

It also reads, after a cursor, what the seat's exceptions come from: the events of the seat and of the
whole table, the first wager of the seat in a round (a game started) and the seat's line of a settled
round (a game ended). The cursor is the SAS machine's, kept in its own store: nothing here writes, and
nothing in how the ledger writes changed for it.

Every read is one snapshot of a read-only connection (``schema.open_readonly``), made in the thread that
uses it; :meth:`SeatView.changed` asks SQLite whether another connection committed since the last look
(``PRAGMA data_version``), so an idle ledger costs one pragma per poll.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from terminal.ledger import accounts, events, meters, schema
from terminal.ledger.events import EventCode

#: The sources of a seat's exceptions, in the order a tie in time is broken.
SOURCES = ("events", "wagers", "round_seats")


@dataclass(frozen=True, slots=True)
class Happening:
    """One thing the ledger recorded that a seat's host may hear of: ``source`` and ``row`` locate it."""

    source: str
    row: int
    time: str
    code: int  # an ``EventCode`` for events; 0 for a game started, 1 for a game ended
    detail: dict[str, Any]


GAME_STARTED, GAME_ENDED = 0, 1


class SeatView:
    """Seat ``seat`` of the ledger at ``path``, read-only (see the module docstring)."""

    def __init__(self, path: Path | str, seat: int) -> None:
        self.path, self.seat = Path(path), seat
        schema.check_header(self.path)  # a file that is no ledger is refused now, not at the first poll
        self._opened: AbstractContextManager[sqlite_utils.Database] | None = None
        self._db: sqlite_utils.Database | None = None
        self._version = -1
        self._counted: Counter[str] = Counter()
        self._after = {"transactions": 0, "round_seats": 0}
        self._width: int | None = None

    @property
    def db(self) -> sqlite_utils.Database:
        """The read-only connection, opened by the thread that first reads (SQLite's connections stay in
        the thread that made them)."""
        if self._db is None:
            self._opened = schema.open_readonly(self.path)
            self._db = self._opened.__enter__()
        return self._db

    @property
    def width(self) -> int:
        """Where the ledger's meters roll over (10 ** ``[ledger] meter_digits``)."""
        if self._width is None:
            self._width = meters.modulus(self.db)
        return self._width

    def close(self) -> None:
        """Close the connection (in the thread that reads); reading again opens another."""
        if self._opened is not None:
            self._opened.__exit__(None, None, None)
        self._opened, self._db = None, None
        self._version = -1  # a new connection counts its own data_version: the next look reads again

    def changed(self) -> bool:
        """Whether any connection committed since the last call (always true the first time)."""
        (version,) = self.db.execute("PRAGMA data_version").fetchone()
        fresh = version != self._version
        self._version = version
        return bool(fresh)

    # -- meters ---------------------------------------------------------------------------------------
    def meters(self) -> dict[str, int]:
        """The seat's meters by name (``wagered``, ``won``, ``cash_in``, ``bill:V:count``, ``games_played``,
        ``game:G:wagered`` ...), before any rollover, brought up to date from where the last call stopped."""
        with self.db.conn:  # one snapshot for both reads
            self._journal()
            self._games()
        found = dict(self._counted)
        found["credits"] = accounts.seat_balance(self.db, self.seat)
        return found

    def _journal(self) -> None:
        query = (
            "SELECT t.id, t.kind, t.seat, p.account, p.amount, r.game FROM postings p "
            "JOIN transactions t ON t.id = p.txn_id LEFT JOIN rounds r ON r.id = t.round_id "
            "WHERE t.id > ? ORDER BY p.id"
        )
        last, seat, found = self._after["transactions"], self.seat, self._counted
        for txn, kind, txn_seat, account, amount, game in self.db.execute(query, [last]):
            last = max(last, txn)
            what, owner = accounts.kind_of(account), accounts.seat_of(account)
            if owner == seat and kind in ("wager", "withdraw") and what == "in_play":
                found["wagered"] += amount
                found[f"game:{game}:wagered"] += amount
            elif owner == seat and kind == "settle" and what == "credits":
                found["won"] += amount
                found[f"game:{game}:won"] += amount
            elif txn_seat != seat or owner is not None:
                continue
            elif kind == "bill" and account == accounts.CASH_BOX:
                _count(found, "cash_in", -amount)
                found[f"bill:{-amount}:count"] += 1
            elif account == accounts.VOUCHER_LIABILITY and kind == "voucher_out":
                _count(found, "vouchers_out", amount)
            elif kind == "voucher_in" and account in (
                accounts.VOUCHER_LIABILITY, accounts.FLOOR_VOUCHERS, accounts.SAS_TICKETS
            ):  # fmt: skip
                _count(found, "vouchers_in", -amount)
            elif account == accounts.AFT and kind in ("aft_in", "aft_out"):
                _count(found, kind, abs(amount))
            elif account == accounts.HANDPAY:
                _count(found, "handpays", amount)
            elif account == accounts.CANCELLED:
                _count(found, "cash_out", amount)
        self._after["transactions"] = last

    def _games(self) -> None:
        query = (
            "SELECT rs.id, r.game, rs.staked, rs.returned FROM round_seats rs "
            "JOIN rounds r ON r.id = rs.round_id WHERE rs.seat = ? AND rs.id > ? ORDER BY rs.id"
        )
        last, found = self._after["round_seats"], self._counted
        for row, game, staked, returned in self.db.execute(query, [self.seat, last]):
            last = row
            if staked <= 0:
                continue
            outcome = "won" if returned > staked else "lost" if returned < staked else "pushed"
            for scope in ("", f"game:{game}:"):
                found[f"{scope}games_played"] += 1
                found[f"{scope}games_{outcome}"] += 1
        self._after["round_seats"] = last

    def games_since(self, code: EventCode) -> int:
        """Games the seat played since the newest event ``code`` (power up, door closed); all if none."""
        row = self.db.execute("SELECT max(time) FROM events WHERE code = ?", [int(code)]).fetchone()
        since = row[0] if row and row[0] else ""
        (count,) = self.db.execute(
            "SELECT count(*) FROM round_seats rs JOIN settlements s ON s.round_id = rs.round_id "
            "WHERE rs.seat = ? AND rs.staked > 0 AND s.time >= ?",
            [self.seat, since],
        ).fetchone()
        return int(count)

    def count_events(self, code: EventCode) -> int:
        """How many events ``code`` the table logged (door openings, power-ups: the cabinet is shared)."""
        (count,) = self.db.execute("SELECT count(*) FROM events WHERE code = ?", [int(code)]).fetchone()
        return int(count)

    def last_bill(self) -> int | None:
        """The value of the last bill stacked at this seat, or ``None``."""
        row = self.db.execute(
            "SELECT json_extract(detail, '$.value') FROM events WHERE code = ? AND seat = ? ORDER BY id DESC "
            "LIMIT 1",
            [int(EventCode.BILL_STACKED), self.seat],
        ).fetchone()
        return None if row is None else int(row[0])

    def pending_handpay(self) -> str | None:
        """The detail of this seat's hand-pay lock (``{"award", "wager"}``) while one waits, else ``None``."""
        with self.db.conn:
            found = events.active_tilts(self.db)
        return next((detail for kind, seat, detail in found if kind == "handpay" and seat == self.seat), None)

    def stopped(self) -> tuple[str, ...]:
        """The tilts that stop this seat now (its own and the table's), by kind: what refuses an AFT lock."""
        with self.db.conn:
            found = events.active_tilts(self.db)
        return tuple(kind for kind, seat, _ in found if seat is None or seat == self.seat)

    def in_play(self) -> int:
        """The seat's wagers in play (a round it staked on is not over)."""
        account = accounts.in_play(self.seat)
        return accounts.balances(self.db, [account])[account]

    # -- what exceptions come from --------------------------------------------------------------------
    def happenings(self, after: dict[str, int], limit: int) -> list[Happening]:
        """At most ``limit`` things recorded after ``after`` (source → last row taken), oldest first."""
        with self.db.conn:
            found = [*self._events(after.get("events", 0), limit)]
            found += self._starts(after.get("wagers", 0), limit)
            found += self._ends(after.get("round_seats", 0), limit)
        found.sort(key=lambda h: (h.time, SOURCES.index(h.source), h.row))
        return found[:limit]

    def _events(self, after: int, limit: int) -> Iterator[Happening]:
        rows = self.db.execute(
            "SELECT id, time, code, detail FROM events WHERE id > ? AND (seat = ? OR seat IS NULL) "
            "ORDER BY id LIMIT ?",
            [after, self.seat, limit],
        )
        for row, time, code, detail in rows:
            yield Happening("events", row, time, code, json.loads(detail or "{}"))

    def _starts(self, after: int, limit: int) -> Iterator[Happening]:
        rows = self.db.execute(
            "SELECT w.id, t.time, w.round_id, w.game FROM wagers w JOIN transactions t ON t.id = w.txn_id "
            "WHERE w.seat = ? AND w.id > ? AND NOT EXISTS (SELECT 1 FROM wagers e WHERE e.seat = w.seat "
            "AND e.round_id = w.round_id AND e.id < w.id) ORDER BY w.id LIMIT ?",
            [self.seat, after, limit],
        )
        for row, time, round_id, game in rows:
            yield Happening("wagers", row, time, GAME_STARTED, {"round": round_id, "game": game})

    def _ends(self, after: int, limit: int) -> Iterator[Happening]:
        rows = self.db.execute(
            "SELECT rs.id, s.time, rs.round_id, rs.staked, rs.returned FROM round_seats rs "
            "JOIN settlements s ON s.round_id = rs.round_id "
            "WHERE rs.seat = ? AND rs.id > ? AND rs.staked > 0 ORDER BY rs.id LIMIT ?",
            [self.seat, after, limit],
        )
        for row, time, round_id, staked, returned in rows:
            detail = {"round": round_id, "won": returned - staked}
            yield Happening("round_seats", row, time, GAME_ENDED, detail)


def _count(found: Counter[str], name: str, amount: int) -> None:
    found[name] += amount
    found[f"{name}_count"] += 1
