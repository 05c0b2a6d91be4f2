"""``terminal sas run`` (and ``terminal controller``) as its own process, forked from one that has already
imported the program.

Thirty tests here each start the SAS process beside a table; a fresh interpreter spent most of its start
(~0.35 s of CPU) importing the same modules every time. Here a ``multiprocessing`` fork server, started
once per test process, imports them (``PRELOAD``) and forks each SAS process from itself: the child runs
the very command line ``python -m terminal sas run --config CFG`` runs (``terminal.launch.main``: the
development start's check, argument parsing, ``serve``), in a process of its own with its own pid,
signals (SIGTERM stops it, SIGKILL kills it) and exit status; its output goes to a file, read when it is
stopped. A fresh interpreter's start of the SAS process is tested where the start is the subject:
``test_run_sas.py`` (``terminal run`` starting it through the isolated launcher, headless and windowed).
``test_aft_kill.py`` starts its controllers so too (:class:`Forked` with ``aft_kill.arm`` first or not).
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Protocol

PRELOAD = [
    "terminal.launch", "terminal.cli", "terminal.commands.sas_cmd", "terminal.sas.serve",
    "terminal.commands.controller_cmd", "terminal.lab.live", "tests.sas.aft_kill", __name__,
]  # fmt: skip
_CONTEXT = multiprocessing.get_context("forkserver")
_CONTEXT.set_forkserver_preload(PRELOAD)


class Started(Protocol):
    """What the tests do with a started process (a ``subprocess.Popen`` or a :class:`SasProcess`)."""

    pid: int

    @property
    def returncode(self) -> int | None: ...

    def poll(self) -> int | None: ...

    def send_signal(self, sig: int) -> None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def communicate(self, timeout: float | None = None) -> tuple[str, str | None]: ...

    def kill(self) -> None: ...


def _run(argv: list[str], log: str, kill: str | None) -> None:
    """The child: its output to ``log``, then the command line ``argv`` as ``python -m terminal`` runs it
    (``kill``: the controller's SIGKILL at an AFT commit armed first, ``tests.sas.aft_kill``)."""
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    if kill is not None:
        from tests.sas.aft_kill import arm

        arm(kill)
    from terminal.launch import main

    raise SystemExit(main(argv))


class Forked:
    """``terminal ARGV`` (its ``--config`` folder keeps its output) in a forked child; the
    ``subprocess.Popen`` calls the tests use."""

    def __init__(self, argv: list[str], folder: Path, kill: str | None = None) -> None:
        self._log = folder / f"forked-{len(list(folder.glob('forked-*.log')))}.log"
        self._log.touch()
        self._process = _CONTEXT.Process(target=_run, args=(argv, str(self._log), kill))
        self._process.start()
        assert self._process.pid is not None
        self.pid: int = self._process.pid
        self.args = ["terminal", *argv]

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

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


def sas_process(cfg: Path) -> Forked:
    """``terminal sas run --config cfg``."""
    return Forked(["sas", "run", "--config", str(cfg)], cfg.parent)
