"""``terminal ledger verify|report|export|adopt``: integrity check, meters and end-of-day report, audit
export, and binding the high-water mark to a database (two people).

``verify``, ``report`` and ``export`` only read: they open the database read-only (beside a live table, or
from read-only media) and take no lock. ``report`` verifies first and says so on its first line.
``adopt`` writes: it takes the ledger folder's lock, so it is refused while a table runs on the ledger.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.desk.users import UserError, UsersFileError, UserStore
from terminal.lab.progress import bar, interactive
from terminal.ledger import Actor, LedgerError, adopt, dayreport, highwater, keyfile, meters, report, schema
from terminal.ledger.errors import storage_errors
from terminal.ledger.lock import FolderLock
from terminal.ledger.verify import Verification, snapshot, verify
from terminal.money import find_currency, format_amount
from terminal.table.tilts import Role

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
                      help="the gaming day of the CSV and PDF report, from [table] gaming_day_hour UTC "
                      "(default: the gaming day now)")  # fmt: skip
    dump = actions.add_parser("export", help="write every table as CSV for auditors")
    dump.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the CSV files")
    bind = actions.add_parser(
        "adopt",
        help="bind the high-water mark to this database after a full verification: two people (an "
        "administrator and another user), logged; behind its mark only when the rows given up are typed",
    )
    bind.add_argument("--admin", required=True, metavar="ID", help="the administrator")
    bind.add_argument("--second", required=True, metavar="ID", help="a second user (any role)")
    wipe = actions.add_parser(
        "ram-clear",
        help="RAM clear a ledger that does not verify (the table refuses to open it): two "
        "people (technician or administrator), the broken file archived as it is, the next epoch started",
    )
    wipe.add_argument("--user", required=True, metavar="ID", help="a technician or administrator")
    wipe.add_argument("--second", required=True, metavar="ID", help="a second technician or administrator")
    fresh = actions.add_parser(
        "new", help="make a new ledger on a table that had one (an install act): an administrator and a "
        "technician, logged as LEDGER_INSTALL in it; without it the table refuses to start",
    )  # fmt: skip
    fresh.add_argument("--admin", required=True, metavar="ID", help="the administrator")
    fresh.add_argument("--second", required=True, metavar="ID", help="a technician (or an administrator)")
    add_config_option(fresh)
    fresh.set_defaults(func=_new)
    for sub, func in ((check, _verify), (show, _report), (dump, _export), (bind, _adopt), (wipe, _ram_clear)):
        add_config_option(sub)
        sub.add_argument("--db", type=Path, metavar="PATH", help="ledger database (default: [ledger] path)")
        sub.set_defaults(func=func)


def _open(args: argparse.Namespace) -> tuple[Config, Path] | None:
    loaded = load_config(args)
    if loaded is None:
        return None
    path: Path = args.db or loaded.ledger.path
    if not path.exists():
        print(f"terminal: no ledger at {path}{_mark_says(loaded)}", file=sys.stderr)
        return None
    return loaded, path


def _mark_says(loaded: Config) -> str:
    """What the high-water mark says of a ledger whose database is gone ("" when there is none)."""
    try:
        key_path = loaded.ledger.key_path
        mark = highwater.load(highwater.mark_path(key_path), keyfile.load(key_path))
    except (LedgerError, OSError):
        return ""
    if mark is None or not mark.rows:
        return ""
    return f": the database is missing (its high-water mark records {mark.rows} rows)"


def _verified(db: Any, key: bytes, mark_file: Path, incremental: bool = False) -> Verification:
    """The database verified and held against its high-water mark, in one read transaction."""
    reached = highwater.load(mark_file, key)  # read before the database: never newer than what it follows
    with snapshot(db):
        if "heads" not in db.table_names():
            return Verification(0, "the file holds no ledger (an empty database)", incremental)
        behind = highwater.examine(db, reached, mark_file)
        if behind is not None:
            return Verification(0, behind, incremental)
        total = _rows(db) if interactive() else 0
        with bar(total, "ledger verify", "rows") as advance:
            return verify(db, key, incremental=incremental, progress=advance if total > LARGE else None)


def _verify(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    try:
        schema.check_header(path)
        key = keyfile.load(loaded.ledger.key_path)
        with storage_errors(path, "read"), schema.open_readonly(path) as db:
            print(f"verifying {path} ...", file=sys.stderr)
            found = _verified(db, key, highwater.mark_path(loaded.ledger.key_path), args.incremental)
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
        schema.check_header(path)
        with storage_errors(path, "read"), schema.open_readonly(path) as db, snapshot(db):
            verdict = _verdict(db, loaded)
            if "heads" not in db.table_names():
                print(f"ledger verify {verdict}")
                return 1
            totals = report.summary(db)
            metered, width = meters.read(db), meters.modulus(db)
            vouchers = report.vouchers_summary(db, datetime.now(UTC))  # the shell reads the clock
            bounds = _day(args.day, loaded.table.gaming_day_hour)
            built = dayreport.build(db, *bounds) if args.csv or args.pdf else None
    except LedgerError as failed:
        print(f"terminal: {failed}", file=sys.stderr)
        return 1
    rhs, holds = report.identity(totals, width)
    verified = verdict.startswith("OK")
    try:
        if built is not None:
            _day_report(args, loaded, built, verdict)
    except (LedgerError, ImportError) as failed:
        print(f"terminal: {failed}", file=sys.stderr)
        return 1
    status = 0 if holds and verified else 1
    if args.json:
        body = {**totals, "identity_holds": holds, "verified": verified, "verify": verdict,
                "vouchers": vouchers, "meters": metered}  # fmt: skip
        print(json.dumps(body, indent=1))
        return status
    print(f"ledger verify {verdict}")
    currency = find_currency(loaded.money.currency)

    def money(value: int) -> str:
        return format_amount(value, currency)

    for key in (*report.KEYS, *(k for k in report.AFT_KEYS if k in totals)):
        print(f"{key:<14}{money(totals[key]):>20}")
    aft = " + AFT in - AFT out" if any(k in totals for k in report.AFT_KEYS) else ""
    print(
        f"identity: seat credits {money(totals['seat_credits'])} = cash in + vouchers in + won - wagered - "
        f"cash out - vouchers out - hand-pays{aft} = {money(rhs)}: {'holds' if holds else 'DOES NOT HOLD'}"
    )
    print("vouchers: " + ", ".join(f"{k} {v}" for k, v in vouchers.items()))
    return status


def _verdict(db: Any, loaded: Config) -> str:
    """``OK: …`` or ``FAILED: …``: the whole chain against its sealed heads and high-water mark."""
    try:
        key = keyfile.load(loaded.ledger.key_path)
        found = _verified(db, key, highwater.mark_path(loaded.ledger.key_path))
    except LedgerError as failed:
        return f"FAILED: cannot verify: {failed}"
    if not found.ok:
        return f"FAILED after {found.rows} rows: {found.first_bad}; the figures below are not to be trusted"
    return f"OK: {found.rows} rows verified up to the high-water mark"


def _iso_day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date YYYY-MM-DD") from None


def _export(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    try:  # the folder first, so a bad --out is named as such, not as a ledger that cannot be exported
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as bad:
        print(f"terminal: cannot write CSV files to {args.out}: {bad.strerror or bad}", file=sys.stderr)
        return 1
    try:
        with storage_errors(path, "exported"), schema.open_readonly(path) as db, snapshot(db):
            verdict = _verdict(db, loaded)  # the files are what was verified: one snapshot for both
            files = report.export(db, args.out)
    except LedgerError as failed:
        print(f"terminal: {failed}", file=sys.stderr)
        return 1
    if not verdict.startswith("OK"):  # written for the investigation, never passed off as sound
        shown = verdict.removeprefix("FAILED: ").removesuffix("; the figures below are not to be trusted")
        print(f"terminal: ledger {path} does not verify ({shown}): the {len(files)} CSV files in "
              f"{args.out} are not to be trusted", file=sys.stderr)  # fmt: skip
        return 1
    print(f"wrote {len(files)} CSV files to {args.out}")
    return 0


def _adopt(args: argparse.Namespace) -> int:
    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    mark = highwater.mark_path(loaded.ledger.key_path)
    lock: FolderLock | None = None
    try:
        schema.check_header(path)
        lock = FolderLock.acquire(path)  # never beside a running table
        key = keyfile.load(loaded.ledger.key_path)
        seen = adopt.examine(path, key, mark)  # first: the lockouts the PINs count toward are in it
        if seen.first_bad is not None:
            print(f"FAILED after {seen.rows} rows: {seen.first_bad}; the mark was not written")
            return 1
        first, second = _two_people(loaded, args.admin, args.second, key, mark, seen)
        if seen.given_up and not _confirmed(seen):
            return 1
        adopt.bind(path, key, mark, seen, first, second, now=datetime.now(UTC))  # the shell reads the clock
    except (LedgerError, UserError, UsersFileError) as failed:
        print(f"terminal ledger adopt: {failed}", file=sys.stderr)
        return 1
    finally:
        if lock is not None:
            lock.release()
    given = f"; {seen.given_up} rows given up" if seen.given_up else ""
    print(f"OK: {seen.rows} rows verified{given}; high-water mark {mark} now follows {path} "
          f"(logged: LEDGER_ADOPT by {first.name} and {second.name})")  # fmt: skip
    return 0


def _new(args: argparse.Namespace) -> int:
    """The install act of a new ledger (``terminal.desk.install_act.new_ledger``): one line either way."""
    from terminal.commands.service_cmd import read_pin
    from terminal.desk import install_act
    from terminal.desk.auth import LoginError

    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        store = UserStore.load(loaded.service.users_path)
        path = install_act.new_ledger(loaded, store, args.admin, args.second, read_pin)
    except (install_act.InstallRefused, LoginError, UserError, UsersFileError, LedgerError, OSError) as no:
        print(f"terminal ledger new: {no}", file=sys.stderr)
        return 1
    print(f"OK: new ledger {path} (logged: LEDGER_INSTALL by {args.admin} and {args.second})")
    return 0


def _ram_clear(args: argparse.Namespace) -> int:
    """The two-person RAM clear of a ledger the table cannot open (``terminal.ledger.broken``)."""
    from terminal.ledger import broken

    opened = _open(args)
    if opened is None:
        return 1
    loaded, path = opened
    lock: FolderLock | None = None
    try:
        lock = FolderLock.acquire(path)  # never beside a running table
        key = keyfile.load(loaded.ledger.key_path)
        mark = highwater.mark_path(loaded.ledger.key_path)
        finding = broken.finding(path, key, mark)
        if finding is None:
            print("terminal ledger ram-clear: the ledger verifies; RAM clear it from service mode, which "
                  "checks no money is held", file=sys.stderr)  # fmt: skip
            return 1
        print(f"the ledger does not verify: {finding}")
        users = _clearing_people(loaded, args.user, args.second, key, mark, broken.pin_states(path))
        if not _typed("type CLEAR to archive it and start a new epoch: ", "CLEAR"):
            return 1
        section = loaded.ledger
        archive = broken.clear(path, key, section.archive_dir, mark, finding, users, now=datetime.now(UTC),
                               checkpoint_rows=section.checkpoint_rows)  # fmt: skip
    except (LedgerError, UserError, UsersFileError, OSError) as failed:
        print(f"terminal ledger ram-clear: {failed}", file=sys.stderr)
        return 1
    finally:
        if lock is not None:
            lock.release()
    print(f"OK: broken ledger archived as {archive}; a new epoch started at {path} "
          f"(logged: RAM_CLEAR by {users[0].name} and {users[1].name})")  # fmt: skip
    return 0


def _clearing_people(loaded: Config, user_id: str, second_id: str, key: bytes, mark: Path,
                     pins: Mapping[str, Any]) -> tuple[Actor, Actor]:  # fmt: skip
    """Two different users, each a technician or an administrator (``ram_clear``'s roles), with PINs,
    under the service lockout as ``ledger adopt`` counts it: the broken ledger cannot record the counts,
    so they are kept sealed beside the mark (``pins``: what it still says, only ever stricter)."""
    from terminal.commands.service_cmd import read_pin
    from terminal.desk.auth import LoginError
    from terminal.desk.pin_guard import adopt_auth
    from terminal.desk.roles import ROLE_ACTS

    if user_id == second_id:
        raise UserError(f"a RAM clear needs two different people, not {user_id} twice")
    store = UserStore.load(loaded.service.users_path)
    auth = adopt_auth(loaded, store, key, mark, pins)
    people = []
    for who in (user_id, second_id):
        try:
            found = auth.check_pin(who, read_pin(f"PIN of {who}: "), "cli")
        except LoginError as refused:
            raise UserError(str(refused)) from None
        if found.role not in ROLE_ACTS["ram_clear"]:
            raise UserError(f"{who} may not RAM clear (technician or administrator)")
        people.append(Actor(found.user_id, found.role_name))
    return people[0], people[1]


def _typed(prompt: str, word: str) -> bool:
    """The operator types ``word`` to go on (from a terminal, or one line of standard input)."""
    if sys.stdin.isatty():
        typed = input(prompt)
    else:
        print(prompt)
        typed = sys.stdin.readline()
    if typed.strip() != word:
        print(f"terminal ledger: refused: typed {typed.strip()!r}, not {word}", file=sys.stderr)
        return False
    return True


def _two_people(loaded: Config, admin_id: str, second_id: str, key: bytes, mark: Path,
                seen: adopt.Examination) -> tuple[Actor, Actor]:  # fmt: skip
    """The administrator and a second, different user, each with their PIN, under the service lockout."""
    from terminal.commands.service_cmd import read_pin
    from terminal.desk.auth import LoginError
    from terminal.desk.pin_guard import adopt_auth

    if admin_id == second_id:
        raise UserError(f"adopting needs two different people, not {admin_id} twice")
    store = UserStore.load(loaded.service.users_path)
    auth = adopt_auth(loaded, store, key, mark, seen.pins)
    try:
        admin = auth.check_pin(admin_id, read_pin(f"PIN of administrator {admin_id}: "), "cli")
        if admin.role is not Role.ADMINISTRATOR:
            raise UserError(f"{admin_id} is not an administrator")
        second = auth.check_pin(second_id, read_pin(f"PIN of {second_id}: "), "cli")
    except LoginError as refused:
        raise UserError(str(refused)) from None
    return Actor(admin.user_id, admin.role_name), Actor(second.user_id, second.role_name)


def _confirmed(seen: adopt.Examination) -> bool:
    """The operator types the number of rows given up (a database behind its mark)."""
    reused = seen.rounds_reused
    rounds = f"; round ids {reused[0]}-{reused[1]} will be used again" if reused else ""
    print(f"the database is behind its mark: {seen.finding}{rounds}")
    prompt = f"adopting gives up {seen.given_up} rows; type that number to go on: "
    if sys.stdin.isatty():
        typed = input(prompt)
    else:
        print(prompt)
        typed = sys.stdin.readline()
    if typed.strip() != str(seen.given_up):
        refused = f"refused: typed {typed.strip()!r}, not {seen.given_up}"
        print(f"terminal ledger adopt: {refused}", file=sys.stderr)
        return False
    return True


def _day(day: date | None, hour: int) -> tuple[datetime, datetime]:
    """Gaming day ``day`` (default: the one now), from ``hour`` UTC to ``hour`` the next day."""
    now = datetime.now(UTC)  # the shell reads the clock
    return dayreport.gaming_day_bounds(day or dayreport.gaming_day_of(now, hour), hour)


def _day_report(args: argparse.Namespace, loaded: Config, built: dayreport.DayReport, verdict: str) -> None:
    """Write the CSV and PDF end-of-day report the options ask for."""
    from terminal.desk.report_origin import provenance

    origin = provenance(loaded, verdict, datetime.now(UTC))  # the shell reads the clock
    if args.csv:
        with storage_errors(args.csv, "written"):
            print(f"end-of-day CSV  {dayreport.write_csv(built, args.csv, origin)}", file=sys.stderr)
    if args.pdf:
        from terminal.ledger import daypdf  # fpdf2 (and matplotlib for the chart) only for a PDF

        title = f"{loaded.table.venue}, table {loaded.table.table_id} ({loaded.table.game})"
        with storage_errors(args.pdf, "written"):
            written = daypdf.write_pdf(built, args.pdf, origin=origin, title=title)
        print(f"end-of-day PDF  {written}", file=sys.stderr)
