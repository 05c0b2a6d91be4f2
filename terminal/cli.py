"""``terminal``: one entry point with sub-commands; each lives in a module of ``terminal.commands``.

Every sub-command has ``--help``, takes ``--config PATH`` (default ``kiosk.cfg``) and exits non-zero with a
one-line message on bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from terminal.commands import COMMANDS
from terminal.theme import ThemeError


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``terminal <cmd>: error: …``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, with one sub-parser per command module."""
    parser = OneLineParser(prog="terminal", description="The automated gaming table.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True
    for module in COMMANDS:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        print("terminal: interrupted", file=sys.stderr)
        return 130
    except ThemeError as bad:  # a screen's looks (assets/theme.toml) unreadable: the file, table and key
        print(f"terminal: {bad}", file=sys.stderr)
        return 1
    return status
