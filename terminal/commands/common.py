"""What every sub-command shares: the ``--config`` option and loading the configuration for it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from terminal import config
from terminal.config import Config, ConfigError


def add_config_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--config PATH`` (default ``kiosk.cfg``)."""
    parser.add_argument(
        "--config",
        type=Path,
        default=config.DEFAULT_PATH,
        metavar="PATH",
        help="configuration file (kiosk.cfg)",
    )


def load_config(args: argparse.Namespace) -> Config | None:
    """Load ``args.config``; on failure print every problem to stderr and return ``None``."""
    try:
        return config.load(args.config)
    except ConfigError as exc:
        print(f"terminal: {exc}", file=sys.stderr)
        return None
