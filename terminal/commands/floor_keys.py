"""``terminal floor keys``: the floor's credentials in ``[floor] keys_dir`` and its NATS server's config.

- ``keys init --host NAME [--host NAME ...]``: a new floor CA, the server's certificate for the names and
  addresses the tables dial, and the floor service's own NKey and certificate.
- ``keys add TABLE`` / ``keys remove TABLE``: one table's NKey and TLS certificate (or forget them).
- ``keys list``: every identity with its NKey's public key and what it may do.
- ``keys server-config [--out FILE] [--listen ADDR] [--store DIR] [--name N --cluster ADDR --route ADDR
  ...]``: the server's configuration (TLS required with a client certificate of the floor CA, one NKey
  user per identity with its permissions; for a cluster node, routes over TLS with the cluster's secret);
  written again after every ``add`` or ``remove``, then the server reloads it.
- ``keys export TABLE --out DIR``: what that table's computer needs (the CA, its certificate, key and
  NKey seed), and the ``[floor]`` lines that point at them.

The files are the guard: seeds and private keys are mode 0600 and refused if others may read them; the
floor service's computer keeps the CA's key. These acts are not logged in any ledger (the floor service
has none); who may run them is whoever may write ``keys_dir``.
"""

from __future__ import annotations

import argparse
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from terminal.config import Config
from terminal.config.sections import FloorSection
from terminal.floor.errors import CredentialsError


def register(actions: Any, guarded: Any) -> None:
    """Add ``floor keys`` and its acts under ``floor``'s ``actions``; ``guarded`` wraps each act."""
    from terminal.commands.common import add_config_option

    keys = actions.add_parser("keys", help="the floor's credentials: NKeys, TLS and the NATS server config")
    acts = keys.add_subparsers(dest="keys_action", metavar="ACT", required=True)
    init = acts.add_parser("init", help="the floor CA, the server's certificate and the floor service's keys")
    init.add_argument("--host", action="append", required=True, metavar="NAME",
                      help="a name or address the tables dial the server by (repeat for each)")  # fmt: skip
    add = acts.add_parser("add", help="a table's NKey and TLS certificate")
    remove = acts.add_parser("remove", help="forget a table's credentials (then write the server config)")
    for parser in (add, remove):
        parser.add_argument("table", help="the table's id ([table] table_id)")
    listing = acts.add_parser("list", help="every identity, its public key and what it may do")
    conf = acts.add_parser("server-config", help="write the NATS server's configuration")
    conf.add_argument("--out", type=Path, metavar="FILE", help="default: nats-server.conf in keys_dir")
    conf.add_argument("--listen", metavar="HOST:PORT", help="the address the server listens on")
    conf.add_argument("--store", type=Path, metavar="DIR", help="the server's JetStream folder")
    conf.add_argument("--name", metavar="NODE", help="this node's name in a cluster (with --cluster)")
    conf.add_argument("--cluster", metavar="HOST:PORT", help="where this node's cluster port listens")
    conf.add_argument("--route", action="append", default=[], metavar="HOST:PORT",
                      help="another node's cluster port (repeat for each)")  # fmt: skip
    export = acts.add_parser("export", help="a folder with what one table's computer needs")
    export.add_argument("table", help="the table's id")
    export.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write")
    for parser, act in ((init, _init), (add, _add), (remove, _remove), (listing, _list), (conf, _conf),
                        (export, _export)):  # fmt: skip
        add_config_option(parser)
        parser.set_defaults(func=guarded(act), offline=True)


def _keys(section: FloorSection) -> Any:
    from terminal.floor.credentials import FloorKeys

    return FloorKeys(section.keys_dir)


def _init(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import credentials

    keys = _keys(section)
    credentials.init(keys, args.host, datetime.now(UTC), os.urandom)
    print(f"floor CA {keys.ca_cert} (its private key {keys.ca_key}: keep it here, or offline)")
    print(f"server certificate {keys.cert(credentials.SERVER)} for {', '.join(args.host)}")
    print(f"floor service: {keys.seed(credentials.FLOOR)}, {keys.cert(credentials.FLOOR)}")
    print("next: `terminal floor keys add TABLE` for each table, then `terminal floor keys server-config`")
    return 0


def _add(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import credentials

    keys = _keys(section)
    public = credentials.add(keys, args.table, datetime.now(UTC), os.urandom)
    print(f"{args.table}: NKey {public}; write the server config again and reload the server, then "
          f"`terminal floor keys export {args.table} --out DIR` for that table's computer")  # fmt: skip
    return 0


def _remove(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import credentials

    credentials.remove(_keys(section), args.table)
    print(f"{args.table}: credentials removed; the server refuses them once its config is written again "
          f"(terminal floor keys server-config) and reloaded")  # fmt: skip
    return 0


def _list(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import credentials

    keys = _keys(section)
    names = keys.identities()
    if not names:
        raise CredentialsError(f"{keys.folder} holds no credentials: terminal floor keys init")
    for name in names:
        public = credentials.public_key(credentials.read_seed(keys.seed(name)))
        role = "floor service: reads all" if name == credentials.FLOOR else "table: its own subjects, claims"
        print(f"{name:<16} {public}  {role}")
    return 0


def _conf(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import credentials

    keys = _keys(section)
    node = None
    if args.cluster or args.route or args.name:
        if not (args.cluster and args.route and args.name):
            raise CredentialsError("a cluster node needs --name, --cluster and a --route for each other node")
        node = credentials.ClusterNode(args.name, args.cluster, tuple(args.route))
    text = credentials.server_conf(keys, listen=args.listen, store=args.store, node=node)
    written = credentials.write_conf(keys, text, args.out)
    print(f"{written}: TLS with client certificates and {len(keys.identities())} NKey users; start the "
          f"server with `nats-server -c {written}` (and -js -sd DIR without --store here), or reload it "
          "with `nats-server --signal reload`")  # fmt: skip
    return 0


def _export(c: Config, section: FloorSection, args: argparse.Namespace) -> int:
    from terminal.floor import credentials

    keys, name = _keys(section), credentials.check_identity(args.table)
    if not keys.seed(name).exists():
        raise CredentialsError(f"{name} has no credentials in {keys.folder}")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for source in (keys.ca_cert, keys.cert(name), keys.key(name), keys.seed(name)):
        shutil.copy2(source, out / source.name)
    print(f"{out}: ca.crt, {name}.crt, {name}.key, {name}.nk; on that computer, in [floor]:")
    print(f"ca_path = {out / 'ca.crt'}\ncert_path = {out / (name + '.crt')}")
    print(f"key_path = {out / (name + '.key')}\nnkey_path = {out / (name + '.nk')}")
    return 0
