"""The headless table in a forked process that SIGKILLs itself at one named commit window of the ledger.

``python -m tests.table.kill_child`` imports the table once, then for each line it reads (JSON:
``[config, rounds, seed, kill or null, note]``) forks a child that runs the real headless table
(:func:`terminal.lab.headless.run_headless`: controller, ledger, RNG, bots over the authenticated TLS
protocol), waits for it, and writes its exit status as a line (``-9``: killed). A kill so costs the
table's own boot (ledger open and verify, DRBG self-tests, TLS, bots linking), not a fresh interpreter
and its imports every time; before the first child of each configuration the process plays one round
of it on a ledger of its own (:func:`warm`), so what is imported or worked out on first use is not
redone in every child either.

A *window* is one kind of ledger transaction, named by the table code that opened it (the first frame
outside ``terminal/ledger`` when it commits, e.g. ``table/table.py:_draw``: the outcome being
persisted). The hook (injected here, not in the product: an SQLite trace callback on the ledger's
connection) counts each window's ``COMMIT`` statements and kills the process

* ``before`` the ``n``-th commit of the window: the transaction is written but not committed (rolled
  back at the next open), or
* ``after`` it: at the ledger's next statement, the transaction committed and nothing after it.

Between two statements the database holds the same committed state, so these two points per window
cover every state a kill at any instant can leave. A run without a kill plays to the end and notes each
window's commits at boot (before the first round opens) and in the rounds.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sqlite3
import sys
import tempfile
import threading
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from terminal import config as configuration
from terminal.lab.headless import run_headless

OPEN_ROUND = "table/table.py:open_round"  # the window that opens a round: the boot is over
DEADLINE_S = 120  # a child that has not ended by then is stopped (SIGALRM): the test fails, not hangs


@dataclass(frozen=True, slots=True)
class Kill:
    """Kill at the ``n``-th commit of ``window`` (``before`` it, or at the statement ``after`` it)."""

    window: str
    n: int
    after: bool


def window_of(frame: FrameType | None) -> str:
    """The table code that opened the transaction: the first frame outside the ledger and SQLite."""
    here, ledger = f"{os.sep}terminal{os.sep}", f"{os.sep}terminal{os.sep}ledger{os.sep}"
    while frame is not None:
        name = frame.f_code.co_filename
        if here in name and ledger not in name:
            return f"{name.rsplit(here, 1)[1]}:{frame.f_code.co_name}"
        frame = frame.f_back
    return "?"


def _hook(kill: Kill | None, commits: dict[str, Counter[str]], note: Path) -> Callable[[str], None]:
    armed = False
    phase = commits["boot"]  # until the first round opens; then commits["rounds"]

    def die(where: str) -> None:
        assert kill is not None
        note.write_text(json.dumps([kill.window, kill.n, kill.after, where]), "utf-8")
        os.kill(os.getpid(), signal.SIGKILL)  # the power goes: no finaliser, no flush, no mark thread

    def trace(statement: str) -> None:
        nonlocal armed, phase
        if armed:
            die(statement.split(None, 1)[0])
        if statement.strip().upper() != "COMMIT":
            return
        window = window_of(sys._getframe(1))
        if window == OPEN_ROUND:
            phase = commits["rounds"]
        phase[window] += 1
        if kill is None or window != kill.window:
            return
        if commits["boot"][window] + commits["rounds"][window] == kill.n:
            if not kill.after:
                die("COMMIT")
            armed = True

    return trace


def play(cfg: str, rounds: int, seed: int, kill: Kill | None, note: str) -> int:
    """Run the headless table as ``terminal run --headless`` does (in the forked child).

    Returns 0 when the run ends verified and audited clean (without a kill, the commit counts are
    written to ``note``), 1 otherwise; a kill ends it with SIGKILL (what it was is written to ``note``).
    """
    commits: dict[str, Counter[str]] = {"boot": Counter(), "rounds": Counter()}
    trace = _hook(kill, commits, Path(note))
    connect = sqlite3.connect

    def traced(*args: object, **kwargs: object) -> sqlite3.Connection:
        connection = connect(*args, **kwargs)  # type: ignore[arg-type]
        if str(args[0]).endswith(f"{os.sep}ledger.sqlite"):
            connection.set_trace_callback(trace)
        return connection

    sqlite3.connect = traced  # type: ignore[assignment]
    summary = run_headless(
        configuration.load(Path(cfg)), rounds=rounds, seats=4, seed=seed, progress=lambda _: None
    )
    if kill is None:
        Path(note).write_text(json.dumps(commits), "utf-8")
    return 0 if summary.verified and not summary.audit else 1


def warm(cfg: str) -> None:
    """Play one round of the table ``cfg`` sets up on a ledger of its own, in this process: what the
    table imports or works out once per process (a module imported on first use, the protocol's compiled
    record checks, the game's tables) is then inherited by every child instead of redone in each."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "kiosk.cfg"
        copy.write_text(Path(cfg).read_text(encoding="utf-8"), encoding="utf-8")
        summary = run_headless(configuration.load(copy), rounds=1, seats=4, seed=0, progress=lambda _: None)
    assert summary.verified and not summary.audit
    assert threading.active_count() == 1, threading.enumerate()  # nothing left running across a fork


def main() -> None:
    """Fork a child for each request line; answer with its exit status (a signal's as its negative)."""
    warmed: set[str] = set()
    for line in sys.stdin:
        cfg, rounds, seed, kill, note = json.loads(line)
        if cfg not in warmed:  # each test's table (its game and side wagers), once
            warm(cfg)
            warmed.add(cfg)
        gc.freeze()  # the imported objects out of the collector's reach: a child does not copy their pages
        pid = os.fork()
        if pid == 0:  # the child: the table, then out without the parent's clean-up
            code = 1
            try:
                signal.alarm(DEADLINE_S)
                os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # the table's progress is not the answer
                code = play(cfg, rounds, seed, Kill(*kill) if kill else None, note)
            except BaseException:  # the test reads the log when the answer is not what it expected
                traceback.print_exc()
                sys.stderr.flush()
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status), flush=True)


if __name__ == "__main__":
    main()
