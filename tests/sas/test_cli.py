"""``terminal sas host``: a technician polls a seat's line and reads its identity, meters and events."""

from __future__ import annotations

import os
import threading

import pytest

from terminal.config import Config
from terminal.ledger import accounts, schema
from terminal.sas.ports import FdPort
from terminal.sas.serve import SeatServer, machine_for
from tests.support.cli import run_cli


def test_the_technicians_host_prints_the_seats_meters_and_events(
    played: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    machine_end, host_end = os.openpty()
    server = SeatServer(machine_for(played, 1), FdPort(machine_end, owned=False), host_timeout=5)
    stop = threading.Event()
    thread = threading.Thread(target=server.run, args=(stop,), daemon=True)
    thread.start()
    try:
        ran = run_cli(
            ["sas", "host", "--port", f"pty:{os.ttyname(host_end)}", "--address", "1", "--events", "5",
             "--config", str(played.path)],
            capsys,
        )  # fmt: skip
    finally:
        stop.set()
        thread.join(5)
        os.close(machine_end)
        os.close(host_end)
    assert ran.status == 0, ran.err
    with schema.open_readonly(played.ledger.path) as db:
        credits = accounts.seat_balance(db, 1)
    assert "SAS 602, serial TBL-0001" in ran.out
    assert "meter 0C current credits" in ran.out and ran.out.split("meter 0C current credits")[1].split()[
        0
    ] == str(credits)
    assert ran.out.count("exception ") == 5  # a played table has more than five waiting


def test_a_machine_that_does_not_answer_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    quiet, other = os.openpty()
    try:
        argv = ["sas", "host", "--port", f"pty:{os.ttyname(other)}", "--address", "9", "--timeout", "0.2"]
        ran = run_cli(argv, capsys)
    finally:
        os.close(quiet)
        os.close(other)
    assert ran.status == 1 and ran.err.strip().count("\n") == 0 and "no answer from address 9" in ran.err


def test_sas_run_without_a_ledger_is_one_line_and_exit_1(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:  # type: ignore[no-untyped-def]
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[sas]\nenabled = true\nports = 1=/dev/ttyS0\naddresses = 1=1\n", encoding="utf-8")
    ran = run_cli(["sas", "run", "--config", str(cfg)], capsys)
    assert ran.status == 1 and ran.err.count("\n") == 1 and "no ledger at" in ran.err
    off = tmp_path / "off.cfg"
    off.write_text("", encoding="utf-8")
    ran = run_cli(["sas", "run", "--config", str(off)], capsys)
    assert ran.status == 1 and "[sas] enabled = false" in ran.err
