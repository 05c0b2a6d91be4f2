"""``terminal sas run`` as its own process, forked from one that has already imported the program.

Thirty tests here each start the SAS process beside a table; a fresh interpreter spent most of its start
(~0.35 s of CPU) importing the same modules every time. Here a ``multiprocessing`` fork server, started
once per test process, imports them (``PRELOAD``) and forks each SAS process from itself: the child runs
the very command line ``python -m terminal sas run --config CFG`` runs (``terminal.launch.main``: the
development start's check, argument parsing, ``serve``), in a process of its own with its own pid,
signals (SIGTERM stops it, SIGKILL kills it) and exit status; its output goes to a file, read when it is
stopped. A fresh interpreter's start of the SAS process is tested where the start is the subject:
``test_run_sas.py`` (``terminal run`` starting it through the isolated launcher, headless and windowed).
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Protocol

PRELOAD = ["terminal.launch", "terminal.cli", "terminal.commands.sas_cmd", "terminal.sas.serve", __name__]
_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(PRELOAD)


class Started(Protocol):
    """What the tests do with a started process (a ``subprocess.Popen`` or a :class:`SasProcess`)."""

    pid: int

    def poll(self) -> int | None: ...

    def send_signal(self, sig: int) -> None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def communicate(self, timeout: float | None = None) -> tuple[str, str | None]: ...

    def kill(self) -> None: ...


def _run(cfg: str, log: str) -> None:
    """The child: its output to ``log``, then the command line as ``python -m terminal`` runs it."""
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    from terminal.launch import main

    raise SystemExit(main(["sas", "run", "--config", cfg]))


class SasProcess:
    """``terminal sas run --config cfg`` in a forked child; the ``subprocess.Popen`` calls the tests use."""

    def __init__(self, cfg: Path) -> None:
        self._log = cfg.parent / f"sas-run-{len(list(cfg.parent.glob('sas-run-*.log')))}.log"
        self._log.touch()
        self._process = _CONTEXT.Process(target=_run, args=(str(cfg), str(self._log)))
        self._process.start()
        assert self._process.pid is not None
        self.pid: int = self._process.pid
        self.args = ["terminal", "sas", "run", "--config", str(cfg)]

    def poll(self) -> int | None:
        return self._process.exitcode

    def send_signal(self, sig: int) -> None:
        if self._process.exitcode is None:
            os.kill(self.pid, sig)

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        return self._process.exitcode

    def communicate(self, timeout: float | None = None) -> tuple[str, str | None]:
        self.wait(timeout)
        return self._log.read_text(encoding="utf-8", errors="replace"), None

    def kill(self) -> None:
        self._process.kill()
