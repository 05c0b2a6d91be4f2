"""``terminal run``: the table. Without a display (and until the screens exist) it runs headless.

Headless, the real controller, ledger and RNG play ``--rounds`` rounds against ``--seats`` bot players
that connect over the authenticated protocol. It prints progress and a summary, writes the summary as
JSON to ``[lab] output_dir``, and exits 1 if the ledger does not verify afterwards.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from rng import RngFailure
from terminal.commands.common import add_config_option, load_config
from terminal.commands.config_cmd import summary as config_summary
from terminal.config import Config
from terminal.lab.headless import HeadlessError, run_headless, write_summary
from terminal.ledger import IntegrityError, LedgerError
from terminal.table.table import RecoveryError


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def register(commands: Any) -> None:
    """Add the ``run`` command."""
    parser = commands.add_parser("run", help="run the table (headless without a display)")
    add_config_option(parser)
    parser.add_argument("--headless", action="store_true", help="run without windows, bots at the seats")
    parser.add_argument("--rounds", type=_positive, help="rounds to play (default: [table] headless_rounds)")
    parser.add_argument("--seats", type=_positive, help="bot seats (default: [table] seats)")
    parser.add_argument("--realtime", action="store_true", help="keep the configured window lengths")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bots' choices (0: a fresh one)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    seats = args.seats or loaded.table.seats
    if seats > loaded.table.seats:
        print(
            f"terminal run: --seats {seats} is more than the table's {loaded.table.seats} seats",
            file=sys.stderr,
        )
        return 2
    display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    print("\n".join(config_summary(loaded)))
    if not args.headless and display:
        print("the seat and display screens are not built yet: running headless")
    rounds = args.rounds or loaded.table.headless_rounds
    pace = "real" if args.realtime else "fast"
    print(f"mode           headless, {seats} bot seats, {rounds} rounds, {pace} time")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    try:
        result = run_headless(
            loaded, rounds=rounds, seats=seats, realtime=args.realtime, seed=args.seed, progress=progress
        )
    except IntegrityError as broken:
        print(f"terminal run: the ledger does not verify, the table stays closed: {broken}", file=sys.stderr)
        return 1
    except RngFailure as failed:
        print(f"terminal run: RNG self-test failed, the table stays closed: {failed}", file=sys.stderr)
        return 1
    except LedgerError as failed:
        print(f"terminal run: ledger error: {failed}", file=sys.stderr)
        return 1
    except (RecoveryError, HeadlessError) as failed:
        print(f"terminal run: {failed}", file=sys.stderr)
        return 1
    print("\n".join(result.lines(loaded.money.currency)))
    print(f"summary        {write_summary(result, loaded.lab.output_dir)}")
    if result.verified and not result.audit:
        _screenshots(loaded, seats)
    return 0 if result.verified and not result.audit else 1


def _screenshots(loaded: Config, seats: int) -> None:
    """One PNG per seat screen as the run left the table (separable: the seat screens are optional here)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from terminal.lab.screens import seat_screenshots  # pygame only when screenshots are taken

    try:
        shots = seat_screenshots(loaded, loaded.lab.output_dir, seats)
    except (OSError, RuntimeError) as failed:
        print(f"screenshots    not written: {failed}", file=sys.stderr)
        return
    print(f"screenshots    {len(shots)} seat screens in {loaded.lab.output_dir} (seat-1.png ...)")
