"""``terminal controller``: the table controller alone, the process a real table runs.

It opens the ledger, self-tests the RNG and serves the authenticated protocol on ``[table] host`` and
``port`` (``--port`` overrides it; 0 picks a free port), printing where it listens. Seats, the table
display and service screens (``terminal seat``, ``terminal display``, ``terminal service``) connect to it
from other terminals or machines. Rounds run on the real clock with the configured window lengths until
SIGTERM or Ctrl-C; a stop at any instant resumes from the ledger on the next start. ``--bot-seats`` puts
bots at some seats, for a demonstration table (``terminal run`` uses it for the seats without a window).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rng import RngFailure
from terminal.commands.common import USAGE, add_config_option, load_config
from terminal.config.show import summary
from terminal.floor.errors import CredentialsError
from terminal.ledger import IntegrityError, LedgerError
from terminal.net.pki import PkiError
from terminal.table.table import RecoveryError


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535; 0 picks a free one)")
    return int(text)


def register(commands: Any) -> None:
    """Add the ``controller`` command."""
    parser = commands.add_parser(
        "controller",
        help="run the table controller alone (seats, display and service connect to it)",
        description="The table controller alone, as a real table runs it: prints where it listens; stop "
        "it with Ctrl-C or SIGTERM.",
    )
    add_config_option(parser)
    parser.add_argument("--port", type=_port, help="port to listen on (default: [table] port; 0: any free)")
    parser.add_argument(
        "--bot-seats", default="", metavar="LIST", help="seats a bot plays, e.g. 2,3 (default: none)"
    )
    parser.set_defaults(func=_run)


def bot_seats(text: str, seats: int) -> tuple[int, ...]:
    """``"2,3"`` → ``(2, 3)``; a ValueError names anything that is not one of the table's seats."""
    chosen = tuple(int(part) for part in text.split(",") if part.strip())
    wrong = [seat for seat in chosen if not 1 <= seat <= seats]
    if wrong:
        raise ValueError(f"seat {wrong[0]} is not one of the table's {seats}")
    return chosen


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        seats = bot_seats(args.bot_seats, loaded.table.seats)
    except ValueError as bad:
        print(f"terminal controller: --bot-seats {args.bot_seats!r}: {bad}", file=sys.stderr)
        return USAGE
    from terminal.lab.live import serve_live  # the table's pieces load only for this command

    port = args.port if args.port is not None else loaded.table.port
    print("\n".join(summary(loaded)), flush=True)
    try:
        serve_live(loaded, port=port, bot_seats=seats, progress=lambda line: print(line, flush=True))
    except OSError as failed:  # the port is taken, or the address is not this machine's
        print(f"terminal controller: cannot listen on {loaded.table.host}:{port}: {failed}", file=sys.stderr)
        return 1
    except (IntegrityError, RngFailure, LedgerError, RecoveryError, PkiError, CredentialsError) as failed:
        print(f"terminal controller: the controller stopped: {failed}", file=sys.stderr)
        return 1
    return 0
