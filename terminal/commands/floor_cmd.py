"""``terminal floor``: the casino floor's service, its store, report, cage and web page.

``terminal floor`` (or ``floor run``) follows the ``FLOOR`` stream into the floor store until stopped;
``rebuild`` throws the store away and rebuilds it from the stream; ``report`` prints a gaming day's (or
every day's) meters per table and the floor's totals, as CSV and PDF too; ``cage redeem|void NUMBER``
is the cashier's compare-and-set on the voucher bucket; ``serve`` follows the stream and serves the
floor manager's page; ``accept-table TABLE --key HEX`` registers a table's signing key (two people), and
``table-key`` prints this table's (made on first use); ``service TABLE --out|--in`` signs an order to take a
table out of service and back; ``keys`` makes the floor's credentials and its NATS server's configuration
(:mod:`terminal.commands.floor_keys`). All read ``[floor]`` (a config without it is refused in one
line; one without credentials or TLS too, before anything connects) and log users in with the service
users of ``[service] users_path``. NATS and aiohttp load only when a command runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from terminal.commands import floor_keys
from terminal.commands.common import add_config_option, load_config
from terminal.commands.service_cmd import read_pin
from terminal.config import Config
from terminal.config.sections import FloorSection
from terminal.desk.roles import ROLE_ACTS
from terminal.desk.users import UserError, UsersFileError, UserStore
from terminal.floor.errors import CredentialsError
from terminal.table.tilts import Role


class FloorCommandError(ValueError):
    """A floor command cannot run; the message is its one line."""


def register(commands: Any) -> None:
    """Add ``floor`` and its actions."""
    parser = commands.add_parser("floor", help="the casino floor: stream to store, report, cage, web page")
    add_config_option(parser)
    parser.set_defaults(func=_guarded(_run))
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    run = actions.add_parser("run", help="follow the floor stream into the floor store (the default)")
    add_config_option(run)
    run.set_defaults(func=_guarded(_run))
    rebuild = actions.add_parser("rebuild", help="rebuild the floor store from the stream")
    add_config_option(rebuild)
    rebuild.set_defaults(func=_guarded(_rebuild))
    report = actions.add_parser("report", help="meters per table and the floor's totals for a gaming day")
    add_config_option(report)
    report.add_argument("--day", help="gaming day YYYY-MM-DD, or 'all' (default: today's gaming day)")
    report.add_argument("--csv", type=Path, metavar="FILE", help="also write the report as CSV")
    report.add_argument("--pdf", type=Path, metavar="FILE", help="also write the report as PDF")
    report.add_argument("--offline", action="store_true", help="read the store as it is (no catch-up)")
    report.set_defaults(func=_guarded(_report))
    _cage(actions)
    _accept_table(actions)
    _service(actions)
    serve = actions.add_parser("serve", help="follow the stream and serve the floor manager's web page")
    add_config_option(serve)
    serve.add_argument("--host", help="address to listen on (default [floor] serve_host)")
    serve.add_argument("--port", type=int, help="port to listen on (default [floor] serve_port)")
    serve.set_defaults(func=_guarded(_serve))
    floor_keys.register(actions, _guarded)


def _cage(actions: Any) -> None:
    cage = actions.add_parser("cage", help="the cashier: redeem or void any table's voucher")
    acts = cage.add_subparsers(dest="cage_action", metavar="ACT", required=True)
    redeem = acts.add_parser("redeem", help="pay a voucher at the cage")
    void = acts.add_parser("void", help="void a voucher (two people and a reason)")
    for parser in (redeem, void):
        add_config_option(parser)
        parser.add_argument("number", help="the voucher's 18-digit validation number")
        parser.add_argument("--user", required=True, metavar="ID", help="the cashier's user id (PIN asked)")
    void.add_argument("--second", required=True, metavar="ID", help="the second person's user id (PIN asked)")
    void.add_argument("--reason", required=True, help="why the voucher is voided")
    redeem.set_defaults(func=_guarded(_cage_redeem))
    void.set_defaults(func=_guarded(_cage_void))


def _accept_table(actions: Any) -> None:
    accept = actions.add_parser(
        "accept-table",
        help="register a table's signing key, or accept a reinstalled table's ledger: two people, logged",
    )
    add_config_option(accept)
    accept.add_argument("table", help="the table's id ([table] table_id)")
    accept.add_argument("--ledger", metavar="ID", help="the new ledger's identity as the refusal printed it")
    accept.add_argument("--key", metavar="HEX", help="the table's public key as `terminal floor table-key` "
                        "printed it at the table (64 hex digits)")  # fmt: skip
    accept.add_argument("--admin", required=True, metavar="ID", help="the administrator (PIN asked)")
    accept.add_argument("--second", required=True, metavar="ID", help="a second user, any role (PIN asked)")
    accept.add_argument("--reason", required=True, help="why the ledger was replaced")
    accept.set_defaults(func=_guarded(_accept))
    key = actions.add_parser("table-key", help="this table's public signing key, for accept-table --key")
    add_config_option(key)
    key.set_defaults(func=_guarded(_table_key))


def _service(actions: Any) -> None:
    order = actions.add_parser("service", help="take a table out of service, or put it back: signed, logged")
    add_config_option(order)
    order.add_argument("table", help="the table's id ([table] table_id)")
    which = order.add_mutually_exclusive_group(required=True)
    which.add_argument("--out", action="store_true", help="out of service: the table stops taking wagers")
    which.add_argument("--in", dest="back", action="store_true", help="back in service")
    order.add_argument("--user", required=True, metavar="ID", help="the floor user ordering it (PIN asked)")
    order.add_argument("--reason", required=True, help="why")
    order.set_defaults(func=_guarded(_order))


def _guarded(action: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        c = load_config(args)
        if c is None:
            return 1
        if c.floor is None:
            print(f"terminal floor: {c.path} has no [floor] section: set url there first", file=sys.stderr)
            return 1
        try:
            if not getattr(args, "offline", False):  # every act that connects: credentials and TLS first
                from terminal.floor.connect import require_auth

                require_auth(c.floor)
            status: int = action(c, c.floor, args)
        except (FloorCommandError, UserError, UsersFileError, OSError, CredentialsError) as failed:
            print(f"terminal floor: {failed}", file=sys.stderr)
            return 1
        return status

    return run


def _store(c: Config, section: FloorSection) -> Any:
    from terminal.ledger.floorstore import FloorStore

    return FloorStore(section.store_path, section.gaming_day_hour)


def _stop_on_signals(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)


def _run(c: Config, section: FloorSection, _: argparse.Namespace) -> int:
    from terminal.floor.consumer import follow

    store = _store(c, section)
    counted = [0]

    def applied(seq: int, subject: str, body: dict[str, Any]) -> None:
        counted[0] += 1
        if counted[0] % 1000 == 0:
            print(f"applied {counted[0]} messages (stream sequence {seq})", flush=True)

    async def main() -> None:
        stop = asyncio.Event()
        _stop_on_signals(stop)
        print(f"floor service: {', '.join(section.url)} -> {section.store_path}", flush=True)
        await follow(section, store, stop, applied=applied)

    try:
        asyncio.run(main())
    finally:
        store.close()
    print(f"floor service stopped after {counted[0]} messages; cursor {_cursor(c, section)}")
    return 0


def _cursor(c: Config, section: FloorSection) -> int:
    store = _store(c, section)
    try:
        return int(store.cursor())
    finally:
        store.close()


async def _catch_up(section: FloorSection, store: Any) -> int:
    from terminal.floor import connect
    from terminal.floor.consumer import Verifier, catch_up

    try:
        timeout = section.request_ms / 1000
        nc = await connect.connect(section, "floor report", timeout_s=timeout, reconnect=False)
    except Exception as failed:
        raise FloorCommandError(f"the floor is unreachable at {', '.join(section.url)}: {failed}") from None
    try:
        js = nc.jetstream(timeout=section.request_ms / 1000)
        await connect.ensure_stream(js, section.replicas)
        return await catch_up(js, store, await Verifier.of(js, section))
    finally:
        await nc.close()


def _rebuild(c: Config, section: FloorSection, _: argparse.Namespace) -> int:
    old = _store(c, section)
    try:
        logins = old.logins()  # not from the stream: the log-in lock-outs are carried over
    finally:
        old.close()
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{section.store_path}{suffix}").unlink()
    store = _store(c, section)
    try:
        for user, failures, since in logins:
            store.set_failures(user, failures, since)
        count = asyncio.run(_catch_up(section, store))
        print(f"floor store {section.store_path} rebuilt from {count} messages (cursor {store.cursor()})")
    finally:
        store.close()
    return 0


def _report(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import report
    from terminal.ledger.floorstore import gaming_day

    day = args.day or gaming_day(datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ"), section.gaming_day_hour)
    if day != "all":
        try:
            datetime.strptime(day, "%Y-%m-%d")
        except ValueError:
            raise FloorCommandError(f"--day {day!r} is not a date YYYY-MM-DD or 'all'") from None
    store = _store(c, section)
    try:
        if not args.offline:
            asyncio.run(_catch_up(section, store))
        built = report.build(store, None if day == "all" else day)
    finally:
        store.close()
    print("\n".join(built.text(c.money.currency)))
    if args.csv:
        print(f"csv            {report.write_csv(built, args.csv)}")
    if args.pdf:
        written = report.write_pdf(built, args.pdf, currency=c.money.currency, venue=c.table.venue)
        print(f"pdf            {written}")
    return 0


def login(c: Config, user_id: str, act: str | None) -> str:
    """The user's PIN read and checked under the floor's lock-out (the page's, kept in the floor store);
    the user's role name if they may do ``act`` (``None``: only an administrator may)."""
    from terminal.ledger.floorstore import FloorStore

    assert c.floor is not None
    store = UserStore.load(c.service.users_path)
    guard = FloorStore(c.floor.store_path, c.floor.gaming_day_hour)
    try:
        attempts, seconds = c.service.pin_attempts, c.service.lockout_seconds
        if guard.pin_locked(user_id, time.time(), attempts, seconds):
            raise FloorCommandError(f"user {user_id} is locked out: too many wrong PINs, try again later")
        user = store.authenticate(user_id, read_pin(f"PIN for {user_id}: "))
        guard.note_pin(user_id, user is not None, time.time(), attempts)
    finally:
        guard.close()
    if user is None:
        raise FloorCommandError(f"user {user_id}: unknown user or wrong PIN")
    if act is None and user.role is not Role.ADMINISTRATOR:
        raise FloorCommandError(f"user {user_id} ({user.role_name}) is not an administrator")
    if act is not None and user.role not in ROLE_ACTS[act]:
        raise FloorCommandError(f"user {user_id} ({user.role_name}) may not {act.replace('_', ' ')}")
    return user.role_name


def _accept(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import accept, signing

    if args.ledger is None and args.key is None:
        raise FloorCommandError("accept-table needs --key (a table's signing key), --ledger, or both")
    try:
        table = accept.check_table(args.table)
        ledger = None if args.ledger is None else accept.check_prefix(args.ledger)
        key = None if args.key is None else signing.public_of(args.key)
    except (accept.AcceptError, signing.SigningKeyError) as bad:
        raise FloorCommandError(str(bad)) from None
    if args.second == args.admin:
        raise FloorCommandError(f"accepting a table needs two different people, not {args.admin} twice")
    if not args.reason.strip():
        raise FloorCommandError("accepting a table needs a reason")
    login(c, args.admin, None)
    login(c, args.second, "events")  # any role
    when = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")  # the shell reads the clock
    try:
        who = {"user": args.admin, "second_user": args.second, "reason": args.reason.strip()}
        replaced = asyncio.run(accept.publish(section, table, ledger, key, time=when, **who))
    except (accept.AcceptError, signing.SigningKeyError) as refused:
        raise FloorCommandError(f"refused: {refused}") from None
    except Exception as failed:
        raise FloorCommandError(f"the floor is unreachable at {', '.join(section.url)}: {failed}") from None
    if key is not None:
        print(f"{table} registered with signing key {args.key.strip()[:16]}… by {args.admin} and "
              f"{args.second}: the floor and the other tables trust what it signs")  # fmt: skip
    if ledger is not None:
        print(f"{table} accepted with ledger {ledger} by {args.admin} and {args.second}: its next start "
              f"opens that ledger (replacing {accept.replaced(replaced)}); logged as FLOOR_ACCEPTED")
    return 0


def _order(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import accept, orders, signing

    try:
        table = accept.check_table(args.table)
    except accept.AcceptError as bad:
        raise FloorCommandError(str(bad)) from None
    if not args.reason.strip():
        raise FloorCommandError("an order to a table needs a reason")
    role = login(c, args.user, "clear_tilt")
    when = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")  # the shell reads the clock
    action = orders.OUT if args.out else orders.IN
    body = orders.body(table, action, user=args.user, role=role, reason=args.reason.strip(), time=when)
    try:
        seq = asyncio.run(orders.publish(section, body))
    except signing.SigningKeyError as bad:
        raise FloorCommandError(str(bad)) from None
    except Exception as failed:
        raise FloorCommandError(f"the floor is unreachable at {', '.join(section.url)}: {failed}") from None
    done = "out of service" if args.out else "back in service"
    print(f"{table} ordered {done} by {args.user} (signed, stream sequence {seq}); the table obeys when its "
          f"link next looks and logs who asked")  # fmt: skip
    return 0


def _table_key(c: Config, section: FloorSection, _: argparse.Namespace) -> int:
    from terminal.floor import signing

    try:
        signer = signing.table_signer(section, c.table.table_id)
        floor = signing.floor_public(section)
    except signing.SigningKeyError as bad:
        raise FloorCommandError(str(bad)) from None
    key = signing.public_hex(signer.public)
    print(f"{c.table.table_id} signing key {key} ({section.sign_key_path})")
    print(f"register it at the floor: terminal floor accept-table {c.table.table_id} --key {key} "
          "--admin ID --second ID --reason TEXT")  # fmt: skip
    if floor is None:
        print(f"no floor key at {section.floor_pub_path}: copy floor.pub there from the floor computer; "
              "until then this table trusts no other table's voucher")
    return 0


def _cage_redeem(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    return _cage_act(c, section, args, "redeemed", "voucher_lookup", "")


def _cage_void(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    if args.second == args.user:
        raise FloorCommandError(f"a void needs two different people, not {args.user} twice")
    if not args.reason.strip():
        raise FloorCommandError("a void needs a reason")
    login(c, args.second, "voucher_void")
    return _cage_act(c, section, args, "voided", "voucher_void", args.reason)


def _cage_act(c: Config, section: FloorSection, args: argparse.Namespace, action: str, act: str,
              reason: str) -> int:  # fmt: skip
    from terminal.floor import cage, vouchers
    from terminal.ledger.errors import VoucherError
    from terminal.ledger.vouchers import check_number
    from terminal.money import find_currency, format_amount

    try:
        number = check_number(args.number)
    except VoucherError as bad:
        raise FloorCommandError(str(bad)) from None
    login(c, args.user, act)
    second = getattr(args, "second", "") or ""
    try:
        record = asyncio.run(cage.close(section, number, action, user=args.user, now=datetime.now(UTC),
                                        reason=reason, second_user=second))  # fmt: skip
    except vouchers.FloorVoucherError as refused:
        raise FloorCommandError(f"refused: {refused}") from None
    except Exception as failed:
        raise FloorCommandError(f"the floor is unreachable at {', '.join(section.url)}: {failed}") from None
    amount = format_amount(int(record["amount"]), find_currency(c.money.currency))
    verb = "paid" if action == "redeemed" else "voided"
    print(f"voucher {number} {verb}: {amount} (printed at {record['issuer']} seat {record['seat']})")
    return 0


def _serve(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor.web import serve

    store = _store(c, section)
    host = args.host or section.serve_host
    port = section.serve_port if args.port is None else args.port

    def authenticate(user_id: str, pin: str) -> tuple[str, str] | None:
        users = UserStore.load(c.service.users_path)
        user = users.authenticate(user_id, pin)
        return None if user is None else (user.user_id, user.role_name)

    async def main() -> None:
        stop = asyncio.Event()
        _stop_on_signals(stop)
        await serve(section, store, authenticate, host=host, port=port, stop=stop, currency=c.money.currency,
                    ready=lambda where: print(f"floor page on http://{where}/", flush=True),
                    lockout=(c.service.pin_attempts, c.service.lockout_seconds),
                    language=c.seat.language)  # fmt: skip

    try:
        asyncio.run(main())
    finally:
        store.close()
    return 0
