"""A child process forked from the test process, for a test that needs a process of its own (a resource
limit, a concurrent writer) but not a fresh interpreter: the child starts with every module the test
already loaded, where a ``python -c`` child spent most of its time starting up and importing them again.

The child runs one function and leaves with ``os._exit`` (no cleanup of the parent's state: its pytest,
its open files); what it prints reaches the parent through a pipe, a line at a time.
"""

from __future__ import annotations

import faulthandler
import gc
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO


@dataclass
class Child:
    """The forked child: its pid and the read end of its standard output."""

    pid: int
    stdout: IO[str]
    status: int | None = None

    def poll(self) -> int | None:
        """Its exit status, or ``None`` while it runs."""
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def wait(self, timeout_s: float = 60.0) -> int:
        """Its exit status; killed (and the test failed) if it runs past ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while (status := self.poll()) is None:
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"forked child {self.pid} still running after {timeout_s} s")
            time.sleep(0.002)
        return status

    def kill(self) -> None:
        """SIGKILL, then reap it."""
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.status = -signal.SIGKILL

    def output(self) -> str:
        """Everything it printed (read after it exited)."""
        return self.stdout.read()


def fork(job: Callable[[], None], watchdog_s: float | None = None) -> Child:
    """Run ``job`` in a forked child; it exits 0 if ``job`` returns, 1 (traceback printed) if it raises.

    The child collects no garbage: what it inherits of earlier tests (their connections, event loops,
    threads' state) is not finalised in it, where a finaliser could wait on a lock that a thread of the
    parent held at the fork. ``watchdog_s``: a child still running then prints every thread's stack and
    exits 1 (a child that hangs says where), so give it less than the parent's wait."""
    read, write = os.pipe()
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 1
        try:
            gc.disable()
            os.close(read)
            sys.stdout = os.fdopen(write, "w", buffering=1)  # line-buffered: the parent reads lines
            if watchdog_s is not None:
                faulthandler.dump_traceback_later(watchdog_s, exit=True, file=sys.stdout)
            job()
            status = 0
        except BaseException:
            traceback.print_exc(file=sys.stdout)
        finally:
            sys.stdout.flush()
            os._exit(status)
    os.close(write)
    return Child(pid, os.fdopen(read, "r"))
