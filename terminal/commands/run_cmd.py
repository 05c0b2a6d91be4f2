"""``terminal run``: the table. Until the table controller exists it validates and summarises the config."""

from __future__ import annotations

import argparse
import os
from typing import Any

from terminal.commands.common import add_config_option, load_config
from terminal.commands.config_cmd import summary


def register(commands: Any) -> None:
    """Add the ``run`` command."""
    parser = commands.add_parser("run", help="run the table (headless without a display)")
    add_config_option(parser)
    parser.add_argument("--headless", action="store_true", help="run without windows, bots at the seats")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    headless = args.headless or not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    print("\n".join(summary(loaded)))
    print(f"mode           {'headless' if headless else 'windowed'}")
    print("The configuration is valid. The table controller is not built yet: no rounds are played.")
    return 0
