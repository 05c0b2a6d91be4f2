"""Run ``terminal`` in this process, as its entry point would: status, stdout and stderr.

Starting an interpreter per bad-input case costs half a second of imports each; the argument parsing and
the one-line errors are the same code either way. The entry point itself keeps its own subprocess tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from terminal.cli import main


@dataclass(frozen=True, slots=True)
class Ran:
    """What a person at a shell would see: the exit status and both streams."""

    status: int
    out: str
    err: str


def run_cli(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> Ran:
    """``terminal ARGV`` in-process: argparse's ``SystemExit`` becomes the status, as ``sys.exit`` would."""
    capsys.readouterr()  # only this command's output
    try:
        status = main(list(argv))
    except SystemExit as exited:
        code = exited.code
        status = code if isinstance(code, int) else 0 if code is None else 1
    captured = capsys.readouterr()
    return Ran(status, captured.out, captured.err)
