"""What every sub-command shares: the ``--config`` option, loading the configuration, and the arguments
whose spelling must be the same in every command (``--seed``).

Exit statuses, the same for the same mistake in every command: 2 when the command line itself is wrong
(argparse's usage errors, a ``--seed`` that is not hexadecimal, a seat or bot count the table does not
have), 1 when the command ran and failed (a bad configuration file, a ledger that does not verify...).

>>> seed_arg("5eed").hex(), seed_arg("0x5EED").hex(), seed_arg("abc").hex()
('5eed', '5eed', '0abc')
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from terminal import config
from terminal.config import Config, ConfigError
from terminal.windows import Monitor, WindowPlan, machine_windows, plan_window


def add_config_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--config PATH`` (default ``kiosk.cfg``)."""
    parser.add_argument(
        "--config",
        type=Path,
        default=config.DEFAULT_PATH,
        metavar="PATH",
        help="configuration file (kiosk.cfg)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="folder of the table's data (ledgers, keys, logs); overrides [table] data_dir",
    )


def load_config(args: argparse.Namespace) -> Config | None:
    """Load ``args.config``; on failure print every problem to stderr and return ``None``."""
    try:
        return config.load(args.config, getattr(args, "data", None))
    except ConfigError as exc:
        print(f"terminal: {exc}", file=sys.stderr)
        return None


USAGE = 2
"""Exit status of a command line that is wrong (argparse's own, for every mistake it finds)."""

SEED_HELP = (
    "hexadecimal digits, 0x optional, at most 64; the seed is the bytes they spell (an odd count gets a "
    "leading 0)"
)
_HEX = re.compile(r"(?:0[xX])?(?P<digits>[0-9a-fA-F]{1,64})")


def placer(c: Config, window: str, design: tuple[int, int]) -> Callable[[Sequence[Monitor]], WindowPlan]:
    """Where ``window`` (``display``, ``seat_N``) opens, given the monitors its toolkit finds: its
    ``[windows]`` placement among this machine's windows (the display and ``[table] local_seats``)."""
    windows = machine_windows(c.table.local_seats, own=window)

    def place(monitors: Sequence[Monitor]) -> WindowPlan:
        return plan_window(window, c.windows.placements(), windows, monitors, design)

    return place


def seed_arg(text: str) -> bytes:
    """``--seed`` in every command: hexadecimal digits (``0x`` optional) read as the bytes they spell.

    One rule for ``run``, ``simulate`` and ``verify``: ``5eed``, ``0x5eed`` and ``5EED`` are one seed.
    """
    match = _HEX.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not hexadecimal: {SEED_HELP}")
    digits = match["digits"]
    return bytes.fromhex(digits.rjust(len(digits) + len(digits) % 2, "0"))


def positive_arg(text: str) -> int:
    """A whole number of at least 1 on the command line (``10_000``, ``10,000`` and ``10000`` alike)."""
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def confidence_arg(text: str) -> float:
    """A confidence level on the command line, in [0.5, 1)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.5 <= value < 1:
        raise argparse.ArgumentTypeError(f"confidence {value} must be in [0.5, 1)")
    return value
