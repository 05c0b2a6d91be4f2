"""``terminal keys``: the table's link keys, in ``[links] pki_dir`` and ``[seat] keys_path``.

- ``keys init [--force]``: a new table CA, a certificate for the controller and every client of
  ``[table] seats`` (seats, display, service), an empty revocation list, and the protocol's MAC keys.
  ``--force`` replaces an existing CA: every station then needs its new files.
- ``keys list``: every certificate with its serial, expiry and whether it is revoked.
- ``keys issue --client ID``: a new key and certificate for one client (after a revocation, a lost or
  expiring one); its MAC key is made if it has none.
- ``keys revoke --client ID``: add the client's certificate to the revocation list; the controller
  refuses that station from its next start (and a controller that sees the list change while it runs
  drops the link within a heartbeat).
- ``keys export --client ID --out DIR``: what that station's computer needs (the CA certificate, its
  certificate and key, its MAC key) in a folder to copy there.

Every action but ``list`` is an administrator's act, as ``terminal service users add`` is: ``--admin ID``
and that administrator's PIN (without echo from a terminal, else one line of standard input), counted
toward the service screen's lockout, and the act logged in the ledger as ``LINK_KEYS`` with their name
(:func:`terminal.desk.pin_guard.administrator_act`). Like ``service users`` it needs the table stopped:
one process writes a ledger. The one exception is the table's first CA: ``keys init`` on a table with no
CA yet and no service user yet (a fresh install, where the controller's first start would make it
anyway) needs nobody, and is logged without a name.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.config import Config
from terminal.desk.auth import LoginError
from terminal.desk.users import UserError, UsersFileError, UserStore
from terminal.ledger import Actor, EventCode, LedgerError
from terminal.ledger.lock import LedgerBusyError
from terminal.net.keys import KeyStoreError, client_ids, load_keys, provision_keys, write_keys
from terminal.net.links import pki_of
from terminal.net.pki import (
    CONTROLLER,
    PkiError,
    check_client,
    create,
    crl_number,
    list_state,
    load_cert,
    load_crl,
    reissue,
    revoke,
    revoked_serials,
)

PROG = "terminal keys"


def register(commands: Any) -> None:
    """Add the ``keys`` command and its actions."""
    parser = commands.add_parser(
        "keys",
        help="the table CA, certificates, revocation list and protocol keys of the links",
        description="TLS certificates of the controller and every station ([links] pki_dir) and the "
        "protocol's MAC keys ([seat] keys_path).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    init = _action(actions, "init", "make the table CA and every certificate and key")
    init.add_argument("--force", action="store_true", help="replace an existing CA (every station re-keyed)")
    _admin(init, required=False)
    _action(actions, "list", "every certificate: serial, expiry, revoked or not")
    for name, text in (
        ("issue", "a new key and certificate for one client"),
        ("revoke", "revoke one client"),
    ):
        acting = _action(actions, name, text)
        acting.add_argument("--client", required=True, metavar="ID", help="seat-N, display or service")
        _admin(acting)
    export = _action(actions, "export", "a folder with what one station's computer needs")
    _admin(export)
    export.add_argument("--client", required=True, metavar="ID", help="seat-N, display or service")
    export.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write")


def _admin(parser: argparse.ArgumentParser, required: bool = True) -> None:
    first = "" if required else "; not needed for the table's first CA before any service user exists"
    text = f"the administrator acting (PIN from the terminal or standard input){first}"
    parser.add_argument("--admin", required=required, metavar="ID", help=text)


def _action(actions: Any, name: str, text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = actions.add_parser(name, help=text)
    add_config_option(parser)
    parser.set_defaults(func=_run)
    return parser


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    now = datetime.now(UTC)  # the shell reads the clock
    try:
        lines = _list(loaded, args, now) if args.action == "list" else _as_administrator(loaded, args, now)
    except LedgerBusyError as busy:  # one process writes a ledger, and the act is logged in it
        print(f"{PROG} {args.action}: stop the table first: {busy}", file=sys.stderr)
        return 1
    except (PkiError, KeyStoreError, OSError, UserError, UsersFileError, LoginError, LedgerError) as refused:
        print(f"{PROG} {args.action}: {refused}", file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0


def _as_administrator(c: Config, args: argparse.Namespace, now: datetime) -> list[str]:
    """The action, by the administrator of ``--admin`` with their PIN, logged as ``LINK_KEYS``."""
    from terminal.commands.service_cmd import read_pin
    from terminal.desk.pin_guard import administrator_act

    store = UserStore.load(c.service.users_path)
    first = args.action == "init" and not store.users and not pki_of(c).ca_cert.exists()
    if args.admin is None and not first:
        raise UserError("an administrator's act: --admin ID, and their PIN (the terminal or standard input)")
    with administrator_act(c, store, args.admin, read_pin) as (admin, ledger):
        enforced = ledger.revocation_numbers()
        if args.action != "init":  # never revoke onto, issue beside or hand out a rolled-back list
            list_state(pki_of(c), enforced)
        lines = ACTIONS[args.action](c, args, now)
        ca, number = list_state(pki_of(c), enforced if args.action != "init" else {})
        detail: dict[str, object] = {"action": args.action, "client": getattr(args, "client", None) or "all",
                  "force": bool(getattr(args, "force", False)), "ca": ca, "number": number}  # fmt: skip
        if admin is None:
            detail["note"] = "the table's first CA, made before any service user existed"
        actor = None if admin is None else Actor(admin.user_id, admin.role_name)
        ledger.log_event(EventCode.LINK_KEYS, now=now, actor=actor, detail=detail)
    by = "nobody named: no service user exists yet" if admin is None else admin.user_id
    return [*lines, f"logged: LINK_KEYS {args.action} by {by}"]


def _init(c: Config, args: argparse.Namespace, now: datetime) -> list[str]:
    pki = pki_of(c)
    if args.force and pki.ca_cert.exists():
        shutil.rmtree(pki.folder)
    made = create(pki, c.table.table_id, client_ids(c.table.seats), now)
    provision_keys(c.seat.keys_path, client_ids(c.table.seats), os.urandom)
    return [
        f"table CA {pki.ca_cert} (its private key {pki.ca_key}: keep it on the controller, or offline)",
        f"certificates for {', '.join(made)}; revocation list {pki.crl} (empty)",
        f"protocol keys in {c.seat.keys_path}",
    ]


def _list(c: Config, args: argparse.Namespace, now: datetime) -> list[str]:
    pki = pki_of(c)
    ca = load_cert(pki.ca_cert)
    crl = load_crl(pki, ca)
    revoked = revoked_serials(crl)
    lines = [f"table CA {ca.subject.rfc4514_string()}; revocation list number {crl_number(crl)}"]
    for path in sorted(pki.folder.glob("*.crt")):
        if path == pki.ca_cert:
            continue
        cert = load_cert(path)
        state = "REVOKED" if cert.serial_number in revoked else "valid"
        if cert.not_valid_after_utc < now:
            state = "EXPIRED"
        until = cert.not_valid_after_utc.date().isoformat()
        lines.append(f"{path.stem:<12} serial {cert.serial_number:040x}  until {until}  {state}")
    return lines


def _issue(c: Config, args: argparse.Namespace, now: datetime) -> list[str]:
    name = _client(args.client)
    cert = reissue(pki_of(c), name, now)
    provision_keys(c.seat.keys_path, [name], os.urandom)  # a seat added since needs its MAC key too
    return [f"{name}: new certificate, serial {cert.serial_number:x}; export it to the station"]


def _revoke(c: Config, args: argparse.Namespace, now: datetime) -> list[str]:
    name = _client(args.client)
    serial, number = revoke(pki_of(c), name, now)
    return [
        f"{name}: certificate serial {serial:x} revoked (revocation list number {number}); the controller "
        f"refuses it from its next start. `terminal keys issue --client {name}` makes a new one"
    ]


def _export(c: Config, args: argparse.Namespace, now: datetime) -> list[str]:
    name, pki = _client(args.client), pki_of(c)
    key = load_keys(c.seat.keys_path).get(name)
    if key is None:
        raise KeyStoreError(f"{c.seat.keys_path} has no protocol key for {name}")
    out: Path = args.out
    target = out / "pki"
    target.mkdir(parents=True, exist_ok=True)
    for source in (pki.ca_cert, pki.cert(name), pki.key(name)):
        shutil.copy2(source, target / source.name)
    write_keys(out / "seat.keys", {name: key})
    return [
        f"{out}: pki/ (ca.crt, {name}.crt, {name}.key) and seat.keys for {name}; on that computer set "
        f"[links] pki_dir and [seat] keys_path to them, and [table] host to the controller's address"
    ]


def _client(name: str) -> str:
    if name == CONTROLLER:
        raise PkiError("the controller's certificate is made with the CA (terminal keys init --force)")
    return check_client(name)


ACTIONS = {"init": _init, "issue": _issue, "revoke": _revoke, "export": _export}
