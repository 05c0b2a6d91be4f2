"""Game recall and resumption: any past round read back whole, and where the table left off.

A round record carries the game, the outcome with the audit record of its RNG draw, every wager with its
spot, paytable, stake and result, and each seat's credits before and after. After a restart the table asks
:func:`resume` for the last round: if it is ``drawn`` it settles with the persisted outcome (never draws
again); if ``open`` its wagers are still in play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from terminal.ledger.errors import RoundError
from terminal.ledger.rounds import Draw


@dataclass(frozen=True, slots=True)
class WagerRecord:
    """One wager and, once settled, its result and the amount returned (stake included)."""

    ref: str
    round_id: int
    seat: int
    kind: str
    spot: str
    paytable: str
    stake: int
    result: str | None
    returned: int | None
    entry: str | None
    settled_in: int | None


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat's credits across a round."""

    seat: int
    credits_before: int
    staked: int
    returned: int
    credits_after: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """Everything recall shows about one round."""

    id: int
    time: str
    game: str
    detail: Any
    outcome: Any
    draw: Draw | None
    settled_at: str | None
    wagers: tuple[WagerRecord, ...]
    seats: tuple[SeatRecord, ...]

    @property
    def phase(self) -> str:
        """``open``, ``drawn`` or ``settled``."""
        return "settled" if self.settled_at else "drawn" if self.draw else "open"


_WAGERS = (
    "SELECT w.ref, w.round_id, w.seat, w.kind, w.spot, w.paytable, w.stake, r.result, r.returned, r.entry, "
    "r.round_id FROM wagers w LEFT JOIN results r ON r.wager_id = w.id "
)


_ROUND_WAGERS = (  # placed in the round, or settled by it: two index searches, never a scan of every wager
    "SELECT ref, placed, seat, kind, spot, paytable, stake, result, returned, entry, settled FROM ("
    "SELECT w.id, w.ref, w.round_id AS placed, w.seat, w.kind, w.spot, w.paytable, w.stake, r.result, "
    "r.returned, r.entry, r.round_id AS settled FROM wagers w LEFT JOIN results r ON r.wager_id = w.id "
    "WHERE w.round_id = :round "
    "UNION ALL "
    "SELECT w.id, w.ref, w.round_id, w.seat, w.kind, w.spot, w.paytable, w.stake, r.result, r.returned, "
    "r.entry, r.round_id FROM results r JOIN wagers w ON w.id = r.wager_id "
    "WHERE r.round_id = :round AND w.round_id != :round) ORDER BY id"
)


def recall(db: sqlite_utils.Database, round_id: int) -> RoundRecord:
    """The record of round ``round_id``: wagers placed in it and wagers settled by it."""
    row = db.execute("SELECT id, time, game, detail FROM rounds WHERE id = ?", [round_id]).fetchone()
    if row is None:
        raise RoundError(f"round {round_id} does not exist")
    drawn = db.execute(
        "SELECT outcome, generator, draw_counter, reseed_epoch FROM outcomes WHERE round_id = ?", [round_id]
    ).fetchone()
    settled = db.execute("SELECT time FROM settlements WHERE round_id = ?", [round_id]).fetchone()
    wagers = db.execute(_ROUND_WAGERS, {"round": round_id})
    seats = db.execute(
        "SELECT seat, credits_before, staked, returned, credits_after FROM round_seats WHERE round_id = ? "
        "ORDER BY seat",
        [round_id],
    )
    return RoundRecord(
        id=row[0],
        time=row[1],
        game=row[2],
        detail=json.loads(row[3]),
        outcome=json.loads(drawn[0]) if drawn else None,
        draw=Draw(drawn[1], drawn[2], drawn[3]) if drawn else None,
        settled_at=settled[0] if settled else None,
        wagers=tuple(WagerRecord(*w) for w in wagers),
        seats=tuple(SeatRecord(*s) for s in seats),
    )


def recent(db: sqlite_utils.Database, seat: int, limit: int = 100) -> list[RoundRecord]:
    """The last ``limit`` rounds ``seat`` took part in, newest first."""
    query = (
        "SELECT round_id FROM round_seats WHERE seat = ? UNION SELECT round_id FROM wagers WHERE seat = ? "
        "ORDER BY round_id DESC LIMIT ?"
    )
    return [recall(db, r[0]) for r in db.execute(query, [seat, seat, limit]).fetchall()]


def resume(db: sqlite_utils.Database) -> RoundRecord | None:
    """The last round, or ``None`` on a fresh ledger."""
    row = db.execute("SELECT max(id) FROM rounds").fetchone()
    return recall(db, row[0]) if row[0] is not None else None


def latest_state(db: sqlite_utils.Database, game: str) -> Any:
    """The last persisted multi-round state of ``game`` (``None`` if there is none)."""
    row = db.execute("SELECT state FROM states WHERE game = ? ORDER BY id DESC LIMIT 1", [game]).fetchone()
    return json.loads(row[0]) if row else None


def pending(db: sqlite_utils.Database, seat: int | None = None) -> list[WagerRecord]:
    """Wagers placed and not yet settled (of ``seat`` if given), oldest first."""
    where = "WHERE r.id IS NULL" + (" AND w.seat = ?" if seat is not None else "")
    params = [seat] if seat is not None else []
    return [WagerRecord(*w) for w in db.execute(_WAGERS + where + " ORDER BY w.id", params)]


def outcomes(db: sqlite_utils.Database, limit: int, after: int = 0) -> list[tuple[int, Any]]:
    """The last ``limit`` outcomes of rounds after ``after`` as (round id, outcome), newest first."""
    rows = db.execute(
        "SELECT round_id, outcome FROM outcomes WHERE round_id > ? ORDER BY round_id DESC LIMIT ?",
        [after, limit],
    )
    return [(r[0], json.loads(r[1])) for r in rows.fetchall()]


SeatWager = tuple[str, int, int, str]  # spot, stake, returned (stake included), result


_SEAT_WAGERS = (  # settled by the round, or placed in it and carried on (a drive, a point): never withdrawn
    # Two index searches (results, wagers by round; "+w.seat": not by seat), never a scan of all the
    # wagers a seat ever placed: a push of the seat's rounds stays as quick on a ledger of a million rows
    "SELECT spot, stake, returned, result FROM ("
    "SELECT w.id, w.spot, w.stake, r.returned, r.result FROM results r JOIN wagers w ON w.id = r.wager_id "
    "WHERE r.round_id = :round AND +w.seat = :seat AND r.result != 'withdrawn' "
    "UNION ALL "
    "SELECT w.id, w.spot, w.stake, 0, 'carried' FROM wagers w LEFT JOIN results r ON r.wager_id = w.id "
    "WHERE w.round_id = :round AND +w.seat = :seat AND (r.round_id IS NULL OR r.round_id != :round) "
    "AND coalesce(r.result, '') != 'withdrawn') ORDER BY id"
)


def seat_rounds(
    db: sqlite_utils.Database, seat: int, limit: int
) -> list[tuple[int, Any, int, int, list[SeatWager]]]:
    """A seat's last ``limit`` settled rounds as (round id, outcome, staked, returned, its wagers), newest
    first. A round's wagers are those it settled (``win``, ``lose``, ``push``) and those placed in it that
    it did not settle (``carried``: a Touchdown drive, a craps point), so every stake counted is named."""
    query = (
        "SELECT s.round_id, o.outcome, s.staked, s.returned FROM round_seats s "
        "JOIN outcomes o ON o.round_id = s.round_id WHERE s.seat = ? ORDER BY s.round_id DESC LIMIT ?"
    )
    return [
        (r[0], json.loads(r[1]), r[2], r[3], _seat_wagers(db, seat, r[0]))
        for r in db.execute(query, [seat, limit]).fetchall()
    ]


def _seat_wagers(db: sqlite_utils.Database, seat: int, round_id: int) -> list[SeatWager]:
    rows = db.execute(_SEAT_WAGERS, {"round": round_id, "seat": seat}).fetchall()
    return [(spot, stake, returned, result) for spot, stake, returned, result in rows]
