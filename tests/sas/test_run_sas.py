"""``terminal run`` starts ``terminal sas run`` beside the controller when ``[sas] enabled = true``."""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.commands.run_cmd import launcher_command, table_children
from terminal.lab.supervisor import Supervisor, free_port
from terminal.ledger import EventCode
from terminal.ledger.errors import StorageError
from terminal.ledger.schema import open_readonly
from tests.table.harness import make_config

PY = (sys.executable, "-m", "terminal")
TABLE = "[table]\nseats = 2\nbetting_seconds = 5\nresults_seconds = 1\nlocal_seats = 1\n"


def _config(tmp_path: Path, sas: str) -> Path:
    make_config(tmp_path, TABLE + sas)
    return tmp_path / "kiosk.cfg"


def test_the_sas_process_is_a_child_only_where_sas_is_enabled(tmp_path: Path) -> None:
    args = argparse.Namespace(config=tmp_path / "kiosk.cfg", data=None)
    off = configuration.load(_config(tmp_path, ""))
    _, children = table_children(off, args, launcher_command(), 7800, (1,), [2])
    assert [child.name for child in children] == ["display", "seat 1"]
    sas = "[sas]\nenabled = true\nports = 1=pty:/dev/null\naddresses = 1=3\n"
    on = configuration.load(_config(tmp_path, sas))
    _, children = table_children(on, args, launcher_command(), 7800, (1,), [2])
    child = children[-1]
    assert child.name == "sas"
    assert child.argv == (*launcher_command(), "sas", "run", "--config", str(args.config), "--port", "7800")
    assert launcher_command()[1:4] == ("-I", "-S", "-B")  # through the isolated launcher, like the others


def _process_links(ledger: Path) -> list[dict[str, object]]:
    try:
        with open_readonly(ledger) as db:
            rows = db.execute("SELECT seat, detail FROM events WHERE code = ?", (int(EventCode.SAS_LINK),))
            return [json.loads(detail) for seat, detail in rows.fetchall() if seat is None]
    except (StorageError, sqlite3.Error):
        return []


def test_the_table_started_with_sas_links_the_sas_process_to_its_controller(tmp_path: Path) -> None:
    host_fd, machine_fd = os.openpty()
    try:
        sas = f"[sas]\nenabled = true\nports = 1=pty:{os.ttyname(machine_fd)}\naddresses = 1=1\n"
        cfg = _config(tmp_path, sas)
        c = configuration.load(cfg)
        port = free_port("127.0.0.1")
        args = argparse.Namespace(config=cfg, data=None)
        controller, children = table_children(c, args, PY, port, (), [1, 2])
        started = tuple(child for child in children if child.name == "sas")  # no display window in a test
        supervisor = Supervisor(controller, started, host="127.0.0.1", port=port, log=lambda _: None)
        result: list[object] = []
        runner = threading.Thread(target=lambda: result.append(supervisor.run()))
        runner.start()
        deadline = time.monotonic() + 60
        while not _process_links(c.ledger.path) and time.monotonic() < deadline:
            time.sleep(0.2)
        supervisor.interrupt()
        runner.join(60)
        assert {"state": "restored", "detail": "the SAS process"} in _process_links(c.ledger.path)
        codes = dict(result[0].codes)  # type: ignore[attr-defined]
        assert codes == {"controller": 0, "sas": 0}  # both ran until the operator stopped the table
    finally:
        os.close(host_fd)
        os.close(machine_fd)


@pytest.mark.slow  # a whole headless run in its own process
def test_a_headless_run_starts_the_sas_process_beside_the_table(tmp_path: Path) -> None:
    """`terminal run --headless` with [sas] enabled: the SAS process links to the table before the first
    round (the ledger logs the process's link restored before round 1 starts, however short the run) and
    is stopped with the run (the pipes close only once it exited too)."""
    host_fd, machine_fd = os.openpty()
    try:
        sas = f"[sas]\nenabled = true\nports = 1=pty:{os.ttyname(machine_fd)}\naddresses = 1=1\n"
        cfg = _config(tmp_path, sas)
        c = configuration.load(cfg)
        argv = [*PY, "run", "--headless", "--config", str(cfg), "--rounds", "3", "--seats", "1"]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "DISPLAY": "", "WAYLAND_DISPLAY": ""})  # fmt: skip
        assert "terminal sas run started beside the table" in done.stderr, done.stderr[-2000:]
        assert {"state": "restored", "detail": "the SAS process"} in _process_links(c.ledger.path)
        assert _linked_before_round_one(c.ledger.path)
    finally:
        os.close(host_fd)
        os.close(machine_fd)


def _linked_before_round_one(ledger: Path) -> bool:
    """The process's link is in the ledger before the first bill a bot fed (before round 1's window)."""
    with open_readonly(ledger) as db:
        first = "SELECT min(id) FROM events WHERE code = ?"
        linked = db.execute(first + " AND seat IS NULL", (int(EventCode.SAS_LINK),)).fetchone()[0]
        fed = db.execute(first, (int(EventCode.BILL_STACKED),)).fetchone()[0]
        return linked is not None and fed is not None and linked < fed
