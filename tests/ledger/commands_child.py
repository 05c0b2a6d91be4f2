"""Run ``terminal`` command lines one after another in this one interpreter, as ``python -m terminal`` runs
each: ``python -m tests.ledger.commands_child 'ledger verify' 'ledger report' ...``.

For each it prints ``== COMMAND``, the last five lines the command wrote to stderr and ``rc=N`` (its exit
status; an uncaught exception prints its traceback and is 1, as the interpreter would). Stdout is shown
(before stderr) only after ``--stdout``. The storage-fault tests run it inside their private mount
namespace: one interpreter's imports instead of one per command; the commands, their one-line errors and
their exit codes are the same code.
"""

from __future__ import annotations

import contextlib
import io
import shlex
import sys
import traceback

from terminal.launch import main


def run(command: str) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of ``terminal COMMAND``."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(shlex.split(command))
        except SystemExit as exited:
            status = exited.code if isinstance(exited.code, int) else 0 if exited.code is None else 1
        except Exception:  # what the interpreter would print before it exits 1
            traceback.print_exc()
            status = 1
    return status, out.getvalue(), err.getvalue()


if __name__ == "__main__":
    show_stdout = sys.argv[1:2] == ["--stdout"]
    for line in sys.argv[1 + show_stdout :]:
        code, out, said = run(line)
        shown = out.splitlines() if show_stdout else []
        print(f"== {line}", *shown, *said.splitlines()[-5:], f"rc={code}", sep="\n")
