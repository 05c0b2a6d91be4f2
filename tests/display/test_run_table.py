"""``terminal run`` with windows: every process stops when one dies, and the ledger stays consistent."""

from __future__ import annotations

import signal
import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.lab.supervisor import Child, Supervisor, free_port
from terminal.ledger.errors import StorageError
from terminal.ledger.schema import open_readonly
from tests.support.cli import run_cli
from tests.table.harness import make_config

PY = (sys.executable, "-m", "terminal")


def _table(tmp_path: Path) -> tuple[Path, int]:
    cfg = tmp_path / "kiosk.cfg"
    table = "[table]\nseats = 3\nbetting_seconds = 5\nresults_seconds = 1\nlocal_seats = none\n"
    make_config(tmp_path, table)
    return cfg, free_port("127.0.0.1")


def _rows(ledger: Path, table: str) -> int:
    """How many rows the running table's ledger holds in ``table`` (read-only, beside the writer)."""
    try:
        with open_readonly(ledger) as db:
            return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    except (StorageError, sqlite3.Error):  # not made yet, or its tables not yet created
        return 0


@pytest.mark.slow
def test_killing_one_child_stops_the_whole_table_and_the_ledger_verifies(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg, port = _table(tmp_path)
    controller = Child("controller", (*PY, "controller", "--config", str(cfg), "--port", str(port),
                                      "--bot-seats", "1,2,3"))  # fmt: skip
    fake_display = Child("display", (sys.executable, "-c", "import time; time.sleep(120)"))
    supervisor = Supervisor(controller, (fake_display,), host="127.0.0.1", port=port, log=lambda _: None)
    result: list[object] = []
    runner = threading.Thread(target=lambda: result.append(supervisor.run()))
    runner.start()
    deadline = time.monotonic() + 60
    while len(supervisor.procs) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(supervisor.procs) == 2, "the controller never listened"
    ledger = configuration.load(cfg).ledger.path
    # Killed as soon as the bots' first wagers are on the layout (the first round's betting window, 5 s, the
    # schema's least, not a whole round after it): the controller is stopped with money in play, and its
    # ledger must still verify and balance.
    while _rows(ledger, "wagers") < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _rows(ledger, "wagers") >= 1, "no wager was placed"
    display = supervisor.procs[1][1]
    display.send_signal(signal.SIGKILL)
    runner.join(60)
    assert not runner.is_alive()
    outcome = result[0]
    codes = dict(outcome.codes)  # type: ignore[attr-defined]
    assert outcome.first == "display" and not outcome.clean  # type: ignore[attr-defined]
    assert codes["controller"] == 0  # stopped by SIGTERM, cleanly
    assert all(proc.poll() is not None for _, proc in supervisor.procs)
    verify = run_cli(["ledger", "verify", "--config", str(cfg)], capsys)
    assert verify.status == 0, verify.out + verify.err
    report = run_cli(["ledger", "report", "--config", str(cfg)], capsys)
    assert report.status == 0, report.out + report.err  # the credit identity holds


def test_a_controller_that_cannot_start_stops_everything(tmp_path: Path) -> None:
    _cfg, port = _table(tmp_path)
    broken = Child("controller", (sys.executable, "-c", "raise SystemExit(3)"))
    screen = Child("display", (sys.executable, "-c", "import time; time.sleep(120)"))
    outcome = Supervisor(broken, (screen,), host="127.0.0.1", port=port, log=lambda _: None).run()
    assert outcome.first == "controller" and dict(outcome.codes) == {"controller": 3}
    assert not outcome.clean


def test_an_interrupt_stops_every_child_cleanly(tmp_path: Path) -> None:
    cfg, port = _table(tmp_path)
    controller = Child("controller", (*PY, "controller", "--config", str(cfg), "--port", str(port)))
    screen = Child("display", (sys.executable, "-c", "import time; time.sleep(120)"))
    supervisor = Supervisor(controller, (screen,), host="127.0.0.1", port=port, log=lambda _: None)
    result: list[object] = []
    runner = threading.Thread(target=lambda: result.append(supervisor.run(poll_s=0.01)))  # sees it at once
    runner.start()
    deadline = time.monotonic() + 60
    while len(supervisor.procs) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)  # the display starts as soon as the controller listens: interrupt then
    supervisor.interrupt()
    runner.join(60)
    outcome = result[0]
    assert outcome.first == "interrupt" and outcome.clean  # type: ignore[attr-defined]
    assert dict(outcome.codes)["controller"] == 0  # type: ignore[attr-defined]
