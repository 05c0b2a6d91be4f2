"""``terminal sas``: each seat a SAS 6.02 gaming machine on the casino's system (docs/sas.md).

``terminal sas run`` serves every seat of ``[sas] ports`` in this process, one thread per seat, reading
the ledger read-only beside the running controller; ``terminal sas host`` is a technician's host that
polls one machine and prints what it says.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from dataclasses import replace
from typing import Any

from terminal.commands.common import add_config_option, load_config


def register(commands: Any) -> None:
    """Add the ``sas`` command."""
    parser = commands.add_parser(
        "sas", help="SAS 6.02: each seat a machine on the casino's system",
        description="SAS 6.02, the machine side: serve the seats' lines, or poll one as a host would.",
    )  # fmt: skip
    actions = parser.add_subparsers(dest="action", required=True, metavar="{run,host}")
    run = actions.add_parser("run", help="serve every seat of [sas] ports until Ctrl-C")
    add_config_option(run)
    run.add_argument("--port", type=int, help="the controller's port (default [table] port)")
    run.set_defaults(func=_run)
    host = actions.add_parser("host", help="poll one machine: who it is, its meters, its exceptions")
    host.add_argument("--port", required=True, help="the line: a serial device, pty:PATH or tcp:HOST:PORT")
    host.add_argument("--address", type=_address, required=True, help="the machine's SAS address, 1-127")
    host.add_argument("--events", type=int, default=20, help="exceptions to read at most (default 20)")
    host.add_argument("--timeout", type=float, default=1.0, help="seconds an answer may take (default 1)")
    add_config_option(host)
    host.set_defaults(func=_host)


def _address(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 127:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address 1 to 127")
    return int(text)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    if not loaded.sas.enabled:
        print("terminal sas run: [sas] enabled = false in the configuration", file=sys.stderr)
        return 1
    if args.port is not None:
        if not 1 <= args.port <= 65535:
            print(f"terminal sas run: --port {args.port} is not a port 1 to 65535", file=sys.stderr)
            return 2
        loaded = replace(loaded, table=replace(loaded.table, port=args.port))
    if not loaded.ledger.path.exists():
        print(f"terminal sas run: no ledger at {loaded.ledger.path}; start the table first", file=sys.stderr)
        return 1
    from terminal.sas.serve import serve

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        serve(loaded, stop)
    except KeyboardInterrupt:
        stop.set()
    except (OSError, ValueError) as failed:
        print(f"terminal sas run: {failed}", file=sys.stderr)
        return 1
    return 0


def _host(args: argparse.Namespace) -> int:
    from terminal.config.sas_keys import check_spec
    from terminal.sas.host import HostLink, NoAnswer, report
    from terminal.sas.ports import PortError, open_port

    try:
        port = open_port(check_spec(args.port))
    except (PortError, ValueError) as failed:
        print(f"terminal sas host: {failed}", file=sys.stderr)
        return 1
    try:
        report(HostLink(port, args.address, args.timeout), print, events=args.events)
    except NoAnswer as silent:
        print(f"terminal sas host: {silent}", file=sys.stderr)
        return 1
    finally:
        port.close()
    return 0
