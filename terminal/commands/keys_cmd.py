"""``terminal keys``: the table's link keys, in ``[links] pki_dir`` and ``[seat] keys_path``.

- ``keys init [--force]``: a new table CA, a certificate for the controller and every client of
  ``[table] seats`` (seats, display, service), an empty revocation list, and the protocol's MAC keys.
  ``--force`` replaces an existing CA: every station then needs its new files.
- ``keys list``: every certificate with its serial, expiry and whether it is revoked.
- ``keys issue --client ID``: a new key and certificate for one client (after a revocation, a lost or
  expiring one); its MAC key is made if it has none.
- ``keys revoke --client ID``: add the client's certificate to the revocation list. A running
  controller reads the list again within a heartbeat: the station's link drops and it cannot reconnect.
- ``keys export --client ID --out DIR``: what that station's computer needs (the CA certificate, its
  certificate and key, its MAC key) in a folder to copy there.
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
from terminal.net.keys import KeyStoreError, client_ids, load_keys, provision_keys, write_keys
from terminal.net.links import pki_of
from terminal.net.pki import (
    CONTROLLER,
    PkiError,
    check_client,
    create,
    crl_number,
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
    _action(actions, "list", "every certificate: serial, expiry, revoked or not")
    for name, text in (
        ("issue", "a new key and certificate for one client"),
        ("revoke", "revoke one client"),
    ):
        _action(actions, name, text).add_argument(
            "--client", required=True, metavar="ID", help="seat-N, display or service"
        )
    export = _action(actions, "export", "a folder with what one station's computer needs")
    export.add_argument("--client", required=True, metavar="ID", help="seat-N, display or service")
    export.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write")


def _action(actions: Any, name: str, text: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = actions.add_parser(name, help=text)
    add_config_option(parser)
    parser.set_defaults(func=_run)
    return parser


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        for line in ACTIONS[args.action](loaded, args, datetime.now(UTC)):
            print(line)
    except (PkiError, KeyStoreError, OSError) as refused:
        print(f"{PROG} {args.action}: {refused}", file=sys.stderr)
        return 1
    return 0


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
        f"{name}: certificate serial {serial:x} revoked (revocation list number {number}); a running "
        f"controller drops it within a heartbeat. `terminal keys issue --client {name}` makes a new one"
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


ACTIONS = {"init": _init, "list": _list, "issue": _issue, "revoke": _revoke, "export": _export}
