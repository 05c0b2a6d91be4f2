"""``terminal service``: the service screen, and ``terminal service users ...`` to manage service users.

``terminal service`` opens the pygame service application, which speaks the protocol to the running
table (``[table] host``/``port``, the ``service`` key of ``[seat] keys_path``). ``users init`` creates the
first administrator; ``users add|passwd|remove`` need an administrator's id and PIN; ``users list`` shows
ids and roles (never hashes). PINs are read without echo from a terminal, or one per line from standard
input when it is not a terminal (scripts and tests): the administrator's PIN first, then the new PIN.
The administrator's PIN counts towards the same lockout as at the service screen (``[service]
pin_attempts``, ``lockout_seconds``), kept in the ledger's event log (:mod:`terminal.desk.pin_guard`).
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Callable
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.desk.auth import LoginError
from terminal.desk.pin_guard import guarded_auth
from terminal.desk.users import (
    ScryptParams,
    User,
    UserError,
    UsersFileError,
    UserStore,
    parse_role,
)
from terminal.ledger import LedgerError
from terminal.ledger.lock import LedgerBusyError

ReadPin = Callable[[str], str]


def register(commands: Any) -> None:
    """Add the ``service`` command and its ``users`` sub-commands."""
    parser = commands.add_parser("service", help="the service screen; manage service users")
    add_config_option(parser)
    parser.add_argument(
        "--lang", choices=("en", "es"), help="language of the screen (default [seat] language)"
    )
    parser.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    parser.set_defaults(func=_screen)
    sub = parser.add_subparsers(dest="service_command", metavar="users", parser_class=type(parser))
    users = sub.add_parser("users", help="create, change, remove and list service users")
    actions = users.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    _action(actions, "init", "create the first administrator", ("--user",))
    add = _action(actions, "add", "add a user (an administrator's id and PIN)", ("--admin", "--user"))
    add.add_argument(
        "--role",
        default="attendant",
        choices=("attendant", "technician", "lab", "administrator"),
        help="the new user's role (default: attendant, the fewest rights)",
    )
    _action(actions, "passwd", "set a user's PIN (an administrator's id and PIN)", ("--admin", "--user"))
    _action(actions, "remove", "remove a user (an administrator's id and PIN)", ("--admin", "--user"))
    _action(actions, "list", "list users and roles", ())


def _action(actions: Any, name: str, text: str, required: tuple[str, ...]) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = actions.add_parser(name, help=text)
    add_config_option(parser)
    for option in required:
        parser.add_argument(option, required=True, metavar="ID")
    parser.set_defaults(func=_users)
    return parser


def read_pin(prompt: str) -> str:
    """A PIN without echo from a terminal, else the next line of standard input."""
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    line = sys.stdin.readline()
    if not line:
        raise UserError(f"no PIN on standard input for: {prompt.strip()}")
    return line.rstrip("\n")


def _users(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        print(users_command(loaded, args, read_pin))
    except LedgerBusyError as busy:  # the table runs: it reads the users file only when it starts anyway
        print(f"terminal service users {args.action}: stop the table first: {busy}", file=sys.stderr)
        return 1
    except (UserError, UsersFileError, LedgerError) as refused:
        print(f"terminal service users {args.action}: {refused}", file=sys.stderr)
        return 1
    return 0


def users_command(c: Config, args: argparse.Namespace, pin: ReadPin) -> str:
    """Carry out one ``users`` action; returns the line to print. Refusals raise :class:`UserError`."""
    path, params = c.service.users_path, ScryptParams()
    store = UserStore.load(path)
    if args.action == "list":
        return "\n".join(f"{u.user_id:<32} {u.role_name}" for u in store.users) or f"no users in {path}"
    if args.action == "init":
        changed = store.init(args.user, _new_pin(pin, args.user), os.urandom, params)
        changed.save(path)
        return f"administrator {args.user} created in {path}"
    admin = _administrator(c, store, args.admin, pin)
    if args.action == "add":
        role = parse_role(args.role)
        changed = store.add(admin, args.user, role, _new_pin(pin, args.user), os.urandom, params)
        done = f"{args.role} {args.user} added"
    elif args.action == "passwd":
        changed = store.passwd(admin, args.user, _new_pin(pin, args.user), os.urandom, params)
        done = f"PIN of {args.user} changed"
    else:
        changed = store.remove(admin, args.user)
        done = f"{args.user} removed"
    changed.save(path)
    return f"{done} by {admin.user_id}"


def _administrator(c: Config, store: UserStore, user_id: str, pin: ReadPin) -> User:
    """The administrator whose PIN this is, under the service screen's lockout (kept in the ledger)."""
    with guarded_auth(c, store) as auth:
        try:
            admin = auth.check_pin(user_id, pin(f"PIN of administrator {user_id}: "), "cli")
        except LoginError as refused:
            raise UserError(str(refused)) from None
    return admin


def _new_pin(pin: ReadPin, user_id: str) -> str:
    first = pin(f"new PIN for {user_id} (4-12 digits): ")
    if sys.stdin.isatty() and pin(f"new PIN for {user_id} again: ") != first:
        raise UserError("the two PINs differ")
    return first


def _screen(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from terminal.service.app import run_service  # pygame loads only for the screen

    return run_service(loaded, lang=args.lang or loaded.seat.language, windowed=args.windowed)
