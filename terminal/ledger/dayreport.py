"""The end-of-day report: money moved, games, vouchers, hand-pays and events of a period, and the meters.

:func:`build` reads everything from the ledger in one pass of queries and returns a frozen
:class:`DayReport` (plain values, no database), which :func:`write_csv` writes as one CSV file of
``section,name,value`` rows and :mod:`terminal.ledger.daypdf` lays out as a PDF. Both carry the
:class:`Provenance` an auditor signs against: venue and table, currency and units, the gaming day, when the
report was made, the software version and manifest fingerprint, and the ledger's verification result. The
CSV holds every event of the period; the PDF lists them up to a limit and says how many more the CSV has.
The money of the period is classified from the journal exactly as the meters are (``meters.money_between``),
except coin-in: a stake counts in the period of the settlement that resolves it, with what it paid and its
game, as the casino floor counts it (``terminal.ledger.outbox`` holds unresolved stakes back), so a table's
report of a gaming day equals the floor's row of that table and day; over a whole epoch with every wager
resolved, the report's totals are the meters'. The period is a *gaming day*: from ``gaming_day_hour`` UTC
(``[table] gaming_day_hour``, the floor's ``[floor] gaming_day_hour``) to the same hour the next day.

>>> [f"{t:%Y-%m-%d %H:%M}" for t in gaming_day_bounds(date(2026, 11, 25), 6)]
['2026-11-25 06:00', '2026-11-26 06:00']
>>> [str(gaming_day_of(datetime(2026, 11, 26, h, 59, tzinfo=UTC), 6)) for h in (5, 6)]
['2026-11-25', '2026-11-26']
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import sqlite_utils

from terminal.ledger import epochs, meters, vouchers
from terminal.ledger.events import EventCode
from terminal.ledger.records import stamp

#: The money lines of the report, in the order printed.
MONEY = ("cash_in", "vouchers_in", "wagered", "won", "vouchers_out", "handpays", "cash_out")
#: The casino system's transfers (SAS AFT), after MONEY, once the ledger has had one (0 in a quiet day).
AFT = ("aft_in", "aft_out")


@dataclass(frozen=True, slots=True)
class Handpay:
    """One hand-pay of the period."""

    time: str
    seat: int
    amount: int
    user: str
    reason: str


@dataclass(frozen=True, slots=True)
class WagerLine:
    """One wager kind's play in the period: stakes settled and what they returned."""

    game: str
    kind: str
    wagered: int
    won: int


@dataclass(frozen=True, slots=True)
class EventLine:
    """One logged event of the period."""

    id: int
    time: str
    name: str
    seat: int | None
    user: str
    detail: str


@dataclass(frozen=True, slots=True)
class SoftwareRun:
    """A program that ran in the period, as the ledger recorded it: each boot's check, an on-demand
    check, an install accepted; the first line is the program already running when the period began."""

    time: str  # when the ledger recorded it (before the period's start: the one running at its start)
    check: str  # ``pass``, ``skipped`` (a development build), ``fail``, ``trusted`` or ``install``
    manifest_sha256: str  # the signed manifest's SHA-256 ("" when none vouched for the program)
    key: str  # the trusted key's fingerprint ("" when none)
    version: str

    def text(self) -> str:
        """One line: what ran and how it was checked."""
        manifest = f"manifest SHA-256 {self.manifest_sha256}" if self.manifest_sha256 else "no manifest"
        key = f", key {self.key[:16]}" if self.key else ""
        version = f"version {self.version}, " if self.version else ""
        return f"{version}{manifest}{key} ({self.check})"


#: The events that say which program runs, and the word each gives its check.
SOFTWARE_EVENTS = {
    EventCode.SOFTWARE_VERIFY_PASS: "pass", EventCode.SOFTWARE_VERIFY_SKIPPED: "skipped",
    EventCode.SOFTWARE_VERIFY_FAIL: "fail", EventCode.SOFTWARE_TRUSTED: "trusted",
    EventCode.SOFTWARE_INSTALL: "install",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Provenance:
    """What the report is of and how far it can be trusted, printed on every page and in the CSV."""

    venue: str
    table_id: str
    currency: str  # ISO code; amounts are integers of its minor unit
    generated: str  # ISO 8601 UTC
    software: str  # the program's version
    manifest: str  # SHA-256 of the signed manifest, or why there is none
    verification: str  # "OK: ..." or "FAILED ...": the ledger verified before the report was made
    games: str = ""  # the game this table runs: its identifier and paytable ids (``terminal.table.identity``)

    @property
    def verified(self) -> bool:
        """Whether the ledger verified."""
        return self.verification.startswith("OK")


@dataclass(frozen=True, slots=True)
class DayReport:
    """The report of ``[start, end)`` (ISO 8601 UTC; a gaming day); amounts in minor units."""

    start: str
    end: str
    epoch: int
    money: tuple[tuple[str, int], ...]  # MONEY names → totals (stakes by settlement), then "hold"
    games: tuple[tuple[str, int], ...]  # game → games played in the period (void spins apart)
    vouchers: tuple[tuple[str, int], ...]  # ``vouchers.end_of_day`` counts and values
    handpays: tuple[Handpay, ...]
    wagers: tuple[WagerLine, ...]
    events: tuple[tuple[str, int], ...]  # event name → how many in the period
    meters: tuple[tuple[str, int], ...]  # every meter of the epoch when the report was made
    event_log: tuple[EventLine, ...] = ()  # every event of the period, oldest first
    in_play: int = 0  # stakes placed by the end and not resolved by then: the next day's coin-in, if settled
    software: tuple[SoftwareRun, ...] = ()  # the programs that ran in the period (``SoftwareRun``)

    def total(self, name: str) -> int:
        """One money line (``cash_in``, ``hold``...)."""
        return dict(self.money)[name]


def gaming_day_bounds(day: date, hour: int) -> tuple[datetime, datetime]:
    """Gaming day ``day``: from ``hour`` UTC that day to ``hour`` UTC the next (the floor's day)."""
    start = datetime.combine(day, time(hour), tzinfo=UTC)
    return start, start + timedelta(days=1)


def gaming_day_of(when: datetime, hour: int) -> date:
    """The gaming day ``when`` falls in, days starting at ``hour`` UTC (the floor store's too)."""
    return (when.astimezone(UTC) - timedelta(hours=hour)).date()


def period_text(report: DayReport) -> str:
    """``gaming day 2026-11-25, 06:00 to 06:00 UTC``: what the report covers, as its headers say it."""
    return f"gaming day {report.start[:10]}, {report.start[11:16]} to {report.end[11:16]} UTC"


def build(db: sqlite_utils.Database, start: datetime, end: datetime) -> DayReport:
    """The end-of-day report of ``[start, end)``."""
    first, last = stamp(start), stamp(end)
    moved = meters.money_between(db, first, last)
    # Coin-in by settlement, as the floor counts it: a stake placed before the roll-over and resolved
    # after it is the new day's, with its payout (placement-time would split one wager over two days).
    moved["wagered"] = _settled_stakes(db, first, last)
    money = [(name, moved.get(name, 0)) for name in MONEY]
    if any(meters.read(db).get(name) for name in AFT):  # a table the casino system moves credits at
        money += [(name, moved.get(name, 0)) for name in (*AFT, *(f"{name}_count" for name in AFT))]
    money.append(("hold", moved.get("wagered", 0) - moved.get("won", 0)))
    games = db.execute(
        "SELECT r.game, sum(t.memo != 'void'), sum(t.memo = 'void') FROM settlements s "
        "JOIN rounds r ON r.id = s.round_id JOIN transactions t ON t.id = s.txn_id "
        "WHERE t.time >= ? AND t.time < ? GROUP BY r.game ORDER BY r.game",
        [first, last],
    ).fetchall()
    played = [(g, int(n)) for g, n, _ in games] + [(f"{g} void spins", int(v)) for g, _, v in games if v]
    handpays = tuple(
        Handpay(time, seat, -amount, user or "", memo or "")
        for time, seat, amount, user, memo in db.execute(
            "SELECT t.time, t.seat, p.amount, t.user, t.memo FROM transactions t JOIN postings p "
            "ON p.txn_id = t.id WHERE t.kind = 'handpay' AND p.amount < 0 AND t.time >= ? AND t.time < ? "
            "ORDER BY t.id",
            [first, last],
        )
    )
    return DayReport(
        first, last, epochs.current(db), tuple(money), tuple(played),
        tuple(vouchers.end_of_day(db, first, last).items()), handpays, _wagers(db, first, last),
        _events(db, first, last), tuple(sorted(meters.read(db).items())), _event_log(db, first, last),
        _in_play(db, last), _software(db, first, last),
    )  # fmt: skip


def _software(db: sqlite_utils.Database, first: str, last: str) -> tuple[SoftwareRun, ...]:
    """The program running at ``first`` (the last record before it) and every one recorded until
    ``last``. A passed check that names no manifest of its own (an on-demand check, a record older than
    the manifest in boot records) names the one the ledger trusted then; a line repeating the one before it
    is left out."""
    codes = [int(code) for code in SOFTWARE_EVENTS]
    marks = ",".join("?" * len(codes))
    runs: list[SoftwareRun] = []
    trusted = ("", "")
    for time_, code, text in db.execute(
        f"SELECT time, code, detail FROM events WHERE code IN ({marks}) AND time < ? ORDER BY id",
        [*codes, last],
    ):
        detail = _loads(text)
        sha, key = str(detail.get("manifest_sha256", "")), str(detail.get("fingerprint", ""))
        if code in (EventCode.SOFTWARE_TRUSTED, EventCode.SOFTWARE_INSTALL):
            trusted = (sha, key)
        elif code == EventCode.SOFTWARE_VERIFY_PASS and not sha:
            sha, key = trusted[0], key or trusted[1]
        version = str(detail.get("version", ""))
        runs.append(SoftwareRun(time_, SOFTWARE_EVENTS[EventCode(code)], sha, key, version))
    kept: list[SoftwareRun] = []
    for run in [r for r in runs if r.time < first][-1:] + [r for r in runs if r.time >= first]:
        if not kept or (kept[-1].check, kept[-1].manifest_sha256, kept[-1].key) != (
            run.check, run.manifest_sha256, run.key
        ):
            kept.append(run)
    return tuple(kept)


def _loads(text: str) -> dict[str, Any]:
    try:
        loaded = json.loads(text)
    except ValueError:
        return {}
    return loaded if isinstance(loaded, dict) else {}


def _settled_stakes(db: sqlite_utils.Database, first: str, last: str) -> int:
    row = db.execute(
        "SELECT coalesce(sum(w.stake), 0) FROM results r JOIN wagers w ON w.id = r.wager_id "
        "JOIN transactions t ON t.id = r.txn_id WHERE r.result != 'withdrawn' AND t.time >= ? AND t.time < ?",
        [first, last],
    ).fetchone()
    return int(row[0])


def _in_play(db: sqlite_utils.Database, last: str) -> int:
    row = db.execute(
        "SELECT coalesce(sum(w.stake), 0) FROM wagers w JOIN transactions t ON t.id = w.txn_id "
        "WHERE t.time < ? AND NOT EXISTS (SELECT 1 FROM results r JOIN transactions u ON u.id = r.txn_id "
        "WHERE r.wager_id = w.id AND u.time < ?)",
        [last, last],
    ).fetchone()
    return int(row[0])


def _wagers(db: sqlite_utils.Database, first: str, last: str) -> tuple[WagerLine, ...]:
    rows = db.execute(
        "SELECT w.game, w.kind, sum(w.stake), sum(r.returned) FROM results r "
        "JOIN wagers w ON w.id = r.wager_id JOIN transactions t ON t.id = r.txn_id "
        "WHERE r.result != 'withdrawn' AND t.time >= ? AND t.time < ? "
        "GROUP BY w.game, w.kind ORDER BY w.game, sum(w.stake) DESC",
        [first, last],
    )
    return tuple(WagerLine(game, kind, int(staked), int(won)) for game, kind, staked, won in rows)


def _events(db: sqlite_utils.Database, first: str, last: str) -> tuple[tuple[str, int], ...]:
    rows = db.execute(
        "SELECT name, count(*) FROM events WHERE time >= ? AND time < ? GROUP BY name ORDER BY min(code)",
        [first, last],
    )
    return tuple((str(name), int(count)) for name, count in rows)


def _event_log(db: sqlite_utils.Database, first: str, last: str) -> tuple[EventLine, ...]:
    rows = db.execute(
        "SELECT id, time, name, seat, user, detail FROM events WHERE time >= ? AND time < ? ORDER BY id",
        [first, last],
    )
    return tuple(EventLine(i, t, n, s, u or "", d) for i, t, n, s, u, d in rows)


def provenance_rows(origin: Provenance) -> list[tuple[str, str, str | int]]:
    """The CSV's first rows: what it is of, in which units, and whether the ledger verified."""
    return [
        ("report", "venue", origin.venue), ("report", "table_id", origin.table_id),
        ("report", "currency", origin.currency),
        ("report", "units", f"amounts are integers of the minor unit of {origin.currency} (100 = 1.00)"),
        ("report", "generated", origin.generated), ("report", "software", origin.software),
        ("report", "manifest", origin.manifest), ("report", "game", origin.games),
        ("report", "ledger_verify", origin.verification),
    ]  # fmt: skip


def rows(report: DayReport, origin: Provenance | None = None) -> list[tuple[str, str, str | int]]:
    """The report as ``(section, name, value)`` rows, the CSV's body."""
    out: list[tuple[str, str, str | int]] = provenance_rows(origin) if origin is not None else []
    out += [
        ("period", "gaming_day", period_text(report)), ("period", "start", report.start),
        ("period", "end", report.end), ("period", "epoch", report.epoch),
        ("period", "in_play_at_end", report.in_play),
    ]  # fmt: skip
    out += [("money", name, value) for name, value in report.money]
    out += [("games", name, value) for name, value in report.games]
    out += [("vouchers", name, value) for name, value in report.vouchers]
    for n, h in enumerate(report.handpays, 1):
        out.append(("handpay", f"{n}", f"{h.time} seat {h.seat} {h.amount} by {h.user}: {h.reason}"))
    for w in report.wagers:
        name = f"{w.game}:{w.kind}"
        out += [("wager", f"{name}:wagered", w.wagered), ("wager", f"{name}:won", w.won)]
    for run in report.software:
        out.append(("software", run.time, run.text()))
    out += [("events", name, value) for name, value in report.events]
    out += [("meters", name, value) for name, value in report.meters]
    for e in report.event_log:
        seat = f" seat {e.seat}" if e.seat is not None else ""
        user = f" by {e.user}" if e.user else ""
        out.append(("event", f"{e.id} {e.time}", f"{e.name}{seat}{user} {e.detail}"))
    return out


def write_csv(report: DayReport, target: Path, origin: Provenance | None = None) -> Path:
    """The report as CSV (``section,name,value``): first the provenance rows (currency, table, units),
    then every figure (amounts in minor units) and every event of the period."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(("section", "name", "value"))
        writer.writerows(rows(report, origin))
    return target
