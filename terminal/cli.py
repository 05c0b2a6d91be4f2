"""``terminal``: one entry point with sub-commands; each lives in a module of ``terminal.commands``.

Every sub-command has ``--help``, takes ``--config PATH`` (default ``kiosk.cfg``) and exits non-zero with a
one-line message on bad input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from terminal.commands import OWNERS, every, owner
from terminal.theme import ThemeError


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``terminal <cmd>: error: …``, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line, with one sub-parser per command module.

    Given the arguments, only the module that owns the sub-command named first is imported and registered
    (a run of ``terminal seat`` builds the seat's few parsers, not all ~45); without them, or when the first
    word names no sub-command (``--help``, a typo), every module is, so the help and the "invalid choice"
    error list them all. The parser is built afresh at each call: nothing parsed once can leak into the
    next run.
    """
    first = next(iter(argv), None) if argv is not None else None
    return _parser((owner(first),) if first is not None and first in OWNERS else every())


def _parser(modules: Sequence[ModuleType]) -> argparse.ArgumentParser:
    parser = OneLineParser(prog="terminal", description="The automated gaming table.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True
    for module in modules:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(words).parse_args(words)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        print("terminal: interrupted", file=sys.stderr)
        return 130
    except ThemeError as bad:  # a screen's looks (assets/theme.toml) unreadable: the file, table and key
        print(f"terminal: {bad}", file=sys.stderr)
        return 1
    except OSError as failed:  # a full or read-only disk anywhere a command writes: one line, never a trace
        print(f"terminal {args.command}: {_storage_line(failed)}", file=sys.stderr)
        return 1
    return status


def _storage_line(failed: OSError) -> str:
    """What went wrong with the file system, in one line: the file and the cause in a person's words."""
    from terminal.ledger.errors import LedgerError, storage_cause

    if isinstance(failed, LedgerError):  # already says which file and why
        return str(failed).splitlines()[0] if str(failed) else type(failed).__name__
    if failed.filename is None:
        return f"storage error: {storage_cause(failed)}"
    return f"{failed.filename} could not be written or read: {storage_cause(failed)}"
