"""``terminal ledger verify|report|export``: integrity check, meters and end-of-day report, audit export."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.lab.progress import bar, interactive
from terminal.ledger import LedgerError, dayreport, highwater, keyfile, meters, report, schema
from terminal.ledger.errors import storage_errors
from terminal.ledger.verify import Verification, verify
from terminal.money import find_currency, format_amount

LARGE = 100_000  # rows from which ``ledger verify`` shows a progress bar


def register(commands: Any) -> None:
    """Add the ``ledger`` command and its actions."""
    parser = commands.add_parser("ledger", help="verify the ledger, report its meters, export it for audit")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    check = actions.add_parser(
        "verify", help="verify the whole chain: exit 0 intact, 1 naming the first bad row"
    )
    check.add_argument("--incremental", action="store_true", help="only rows after the last checkpoint")
    show = actions.add_parser("report", help="meters, balances and vouchers, with the credit identity")
    show.add_argument("--json", action="store_true", help="print the totals as JSON (minor units)")
    show.add_argument("--csv", type=Path, metavar="FILE", help="also write the end-of-day report as CSV")
    show.add_argument("--pdf", type=Path, metavar="FILE", help="also write the end-of-day report as PDF")
    show.add_argument("--day", type=_iso_day, metavar="YYYY-MM-DD",
                      help="the day (UTC) of the CSV and PDF report (default: today)")  # fmt: skip
    dump = actions.add_parser("export", help="write every table as CSV for auditors")
    dump.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the CSV files")
    bind = actions.add_parser(
        "adopt",
        help="bind the high-water mark to this database after a full verification (a ledger from "
        "before marks, or one restored on purpose)",
    )
    for sub, func in ((check, _verify), (show, _report), (dump, _export), (bind, _adopt)):
        add_config_option(sub)
        sub.add_argument("--db", type=Path, metavar="PATH", help="ledger database (default: [ledger] path)")
        sub.set_defaults(func=func)


def _open(args: argparse.Namespace) -> tuple[Config, Path] | None:
    loaded = load_config(args)
    if loaded is None:
        return None
    path: Path = args.db or loaded.ledger.path
    if not path.exists():
        print(f"terminal: no ledger at {path}", file=sys.stderr)
        return None
    return loaded, path


def _verify(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    try:
        key = keyfile.load(loaded.ledger.key_path)
        mark = highwater.mark_path(loaded.ledger.key_path)
        reached = highwater.load(mark, key)  # read before the database: never newer than what it follows
        with storage_errors(path, "read"), schema.open_database(path) as db:
            print(f"verifying {path} ...", file=sys.stderr)
            behind = highwater.examine(db, reached, mark)
            total = _rows(db) if interactive() and behind is None else 0
            with bar(total, "ledger verify", "rows") as advance:
                shown = advance if total > LARGE else None
                found = (
                    Verification(0, behind, args.incremental) if behind is not None
                    else verify(db, key, incremental=args.incremental, progress=shown)
                )  # fmt: skip
    except (LedgerError, OSError) as exc:
        print(f"terminal: {exc}", file=sys.stderr)
        return 1
    if not found.ok:
        print(f"FAILED after {found.rows} rows: {found.first_bad}")
        return 1
    print(f"OK: {found.rows} rows verified")
    return 0


def _rows(db: Any) -> int:
    """Rows in the chained tables (an upper bound on what verification walks)."""
    return sum(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in schema.CHAINED)


def _report(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    try:
        with storage_errors(path, "read"), schema.open_database(path) as db:
            totals = report.summary(db)
            rhs, holds = report.identity(totals)
            metered = meters.read(db)
            vouchers = report.vouchers_summary(db, datetime.now(UTC))  # the shell reads the clock
            if args.csv or args.pdf:
                _day_report(args, loaded, dayreport.build(db, *_day(args.day)))
    except (LedgerError, ImportError) as failed:
        print(f"terminal: {failed}", file=sys.stderr)
        return 1
    if args.json:
        print(
            json.dumps({**totals, "identity_holds": holds, "vouchers": vouchers, "meters": metered}, indent=1)
        )
        return 0 if holds else 1
    currency = find_currency(loaded.money.currency)
    for key in report.KEYS:
        print(f"{key:<14}{format_amount(totals[key], currency):>20}")
    verdict = "holds" if holds else "DOES NOT HOLD"
    print(
        f"identity: seat_credits {totals['seat_credits']} = cash_in + vouchers_in + won - wagered - cash_out"
        f" - vouchers_out - handpays = {rhs}: {verdict}"
    )
    print("vouchers: " + ", ".join(f"{k} {v}" for k, v in vouchers.items()))
    return 0 if holds else 1


def _iso_day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date YYYY-MM-DD") from None


def _export(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    _, path = opened
    try:  # the folder first, so a bad --out is named as such, not as a ledger that cannot be exported
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as bad:
        print(f"terminal: cannot write CSV files to {args.out}: {bad.strerror or bad}", file=sys.stderr)
        return 1
    try:
        with storage_errors(path, "exported"), schema.open_database(path) as db:
            files = report.export(db, args.out)
    except LedgerError as failed:
        print(f"terminal: {failed}", file=sys.stderr)
        return 1
    print(f"wrote {len(files)} CSV files to {args.out}")
    return 0


def _adopt(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    mark = highwater.mark_path(loaded.ledger.key_path)
    try:
        found = highwater.adopt(path, keyfile.load(loaded.ledger.key_path), mark)
    except LedgerError as failed:
        print(f"terminal: {failed}", file=sys.stderr)
        return 1
    if not found.ok:
        print(f"FAILED after {found.rows} rows: {found.first_bad}; the mark was not written")
        return 1
    print(f"OK: {found.rows} rows verified; high-water mark {mark} now follows {path}")
    return 0


def _day(day: date | None) -> tuple[datetime, datetime]:
    start = datetime.combine(day or datetime.now(UTC).date(), time(), tzinfo=UTC)  # the shell reads the clock
    return start, start + timedelta(days=1)


def _day_report(args: argparse.Namespace, loaded: Config, built: dayreport.DayReport) -> None:
    """Write the CSV and PDF end-of-day report the options ask for."""
    if args.csv:
        with storage_errors(args.csv, "written"):
            print(f"end-of-day CSV  {dayreport.write_csv(built, args.csv)}", file=sys.stderr)
    if args.pdf:
        from terminal.ledger import daypdf  # matplotlib (the lab extra) only when a PDF is asked for

        title = f"{loaded.table.venue}, table {loaded.table.table_id} ({loaded.table.game})"
        with storage_errors(args.pdf, "written"):
            written = daypdf.write_pdf(built, args.pdf, currency=loaded.money.currency, title=title)
        print(f"end-of-day PDF  {written}", file=sys.stderr)
