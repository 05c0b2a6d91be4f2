"""Start the table's processes together and stop them together.

``terminal run`` with a display runs the controller, the table display and each local seat window as
processes of their own, as on a real table whose seats are their own computers. Each child gets its own
session, so a Ctrl-C reaches only the supervisor, which then stops every child in order (screens first,
the controller last, so it sees ordinary link losses and closes its ledger cleanly): SIGTERM, a grace
period, then SIGKILL. When any child exits, for any reason, the others are stopped the same way.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType


@dataclass(frozen=True, slots=True)
class Child:
    """One process of the table: a name for messages and its command line."""

    name: str
    argv: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the table stopped: who stopped first and why, and every child's exit code."""

    first: str  # the child that ended first, or "interrupt"
    codes: tuple[tuple[str, int], ...]

    @property
    def clean(self) -> bool:
        """Stopped by the operator (or every child ended with 0)."""
        first_code = dict(self.codes).get(self.first, 0)
        return self.first == "interrupt" or first_code == 0


def wait_for_port(host: str, port: int, timeout_s: float, alive: Callable[[], bool]) -> bool:
    """Wait until something listens on ``host:port`` (False if ``alive`` turns false or time runs out)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and alive():
        with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=0.2):
            return True
        time.sleep(0.1)
    return False


def free_port(host: str) -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


class Supervisor:
    """Runs ``first`` (the controller), waits for its port, then the others; stops all together."""

    def __init__(self, first: Child, others: tuple[Child, ...], *, host: str, port: int,
                 grace_s: float = 8.0, log: Callable[[str], None] = print) -> None:  # fmt: skip
        self.first, self.others, self.host, self.port = first, others, host, port
        self.grace_s, self.log = grace_s, log
        self.procs: list[tuple[Child, subprocess.Popen[bytes]]] = []
        self._interrupted = False

    def _spawn(self, child: Child) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(child.argv, start_new_session=True)
        self.procs.append((child, proc))
        self.log(f"started {child.name} (pid {proc.pid})")
        return proc

    def _on_signal(self, _sig: int, _frame: FrameType | None) -> None:
        self._interrupted = True

    def interrupt(self) -> None:
        """What Ctrl-C does: stop every child (callable from any thread)."""
        self._interrupted = True

    def run(self, poll_s: float = 0.1) -> Outcome:
        """Run until a child ends or the operator interrupts; then stop every child."""
        main = threading.current_thread() is threading.main_thread()  # signals reach the main thread only
        sigs = (signal.SIGINT, signal.SIGTERM) if main else ()
        old = {sig: signal.signal(sig, self._on_signal) for sig in sigs}
        try:
            first = self._start(poll_s)
            while first is None:
                first = "interrupt" if self._interrupted else self._ended()
                if first is None:
                    time.sleep(poll_s)
            return self._stop_all(first)
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)

    def _start(self, poll_s: float) -> str | None:
        controller = self._spawn(self.first)
        if not wait_for_port(
            self.host, self.port, 30.0, lambda: controller.poll() is None and not self._interrupted
        ):
            return "interrupt" if self._interrupted else self.first.name
        for child in self.others:
            self._spawn(child)
        return None

    def _ended(self) -> str | None:
        for child, proc in self.procs:
            if proc.poll() is not None:
                self.log(f"{child.name} ended (exit {proc.returncode}): stopping the table")
                return child.name
        return None

    def _stop_all(self, first: str) -> Outcome:
        for _, proc in reversed(self.procs):  # screens first, the controller last
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                self._wait(proc)
        return Outcome(first, tuple((child.name, proc.returncode) for child, proc in self.procs))

    def _wait(self, proc: subprocess.Popen[bytes]) -> None:
        try:
            proc.wait(self.grace_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
