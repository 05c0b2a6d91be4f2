"""SIGKILL of the controller in the middle of an AFT transfer: applied once, and the host learns it.

Processes as a table runs them: the controller (``python -m tests.sas.aft_kill``: ``terminal controller``
with a hook that SIGKILLs it at the commit of the transfer, before or after it), ``terminal sas run``
beside it, the tests' host on a pty. The controller is killed mid-transfer and started again (plain
``terminal controller``); the SAS process, which never stopped, sends the transfer again; the table
applies it once. The ledger is read as an auditor would, from the file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from terminal.lab.supervisor import free_port
from terminal.ledger import EventCode, accounts, meters, report
from terminal.ledger.schema import open_readonly
from tests.sas.host_sim import Host, aft_answer, aft_request
from tests.sas.sas_child import Forked, Started
from tests.sas.test_table_link import start_sas, stop_sas, until

CONFIG = (
    "[table]\ngame = roulette\nseats = 2\nbetting_seconds = 30\nport = {port}\n"
    "[sas]\nenabled = true\nports = 1=pty:{pty}\naddresses = 1=1\nasset_numbers = 1=1001\n"
)


def _controller(cfg: Path, kill: str | None) -> Started:
    """``terminal controller`` as its own process (forked as the SAS process is: ``sas_child``), armed to
    SIGKILL itself at the AFT commit (``aft_kill.arm``) when ``kill`` says when."""
    return Forked(["controller", "--config", str(cfg)], cfg.parent, kill)


def _ledger(path: Path) -> dict[str, object]:
    with open_readonly(path) as db:
        applied = [json.loads(d) for (d,) in db.execute("SELECT detail FROM events WHERE code = ?",
                                                       [int(EventCode.AFT_TRANSFER)])]  # fmt: skip
        links = "SELECT detail FROM events WHERE code = ? AND seat IS NULL"
        process = [json.loads(d)["state"] for (d,) in db.execute(links, [int(EventCode.SAS_LINK)])]
        totals = report.summary(db)
        return {
            "applied": [(a["transaction"], a["direction"], a["amount"]) for a in applied],
            "credits": accounts.seat_balance(db, 1), "audit": meters.audit(db) + meters.audit_journal(db),
            "identity": report.identity(totals)[1], "aft_in": totals.get("aft_in", 0), "process": process,
        }  # fmt: skip


def _validations(path: Path) -> int:
    """The validation IDs the table logged (4C, which the SAS process says in order after what came first)."""
    with open_readonly(path) as db:
        found = db.execute("SELECT id FROM events WHERE code = ?", [int(EventCode.SAS_VALIDATION)])
        return len(found.fetchall())


def _linked(path: Path, times: int) -> bool:
    try:
        return _ledger(path)["process"].count("restored") >= times  # type: ignore[union-attr]
    except Exception:  # not yet a ledger
        return False


@pytest.mark.slow  # two controllers and a SAS process started, one killed: a kill test
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_controller_killed_mid_transfer_applies_it_once(tmp_path: Path, when: str) -> None:
    host_fd, machine_fd = os.openpty()
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(CONFIG.format(port=free_port("127.0.0.1"), pty=os.ttyname(machine_fd)), encoding="utf-8")
    ledger = tmp_path / "var" / "ledger.sqlite"
    running: list[Started] = []
    try:
        first = _controller(cfg, when)
        running.append(first)
        keys = tmp_path / "var" / "seat.keys"
        until(lambda: (ledger.exists() and keys.exists()) or first.poll() is not None,
              "the controller made its ledger", 60)  # fmt: skip
        sas = start_sas(cfg)
        running.append(sas)
        until(lambda: _linked(ledger, 1), "the SAS process linked to the table", 60)
        host = Host(host_fd, 1)
        asked = aft_answer(host.long_m(0x72, aft_request("KILL-1", 5000)))
        assert asked["status"] == 0x40  # pending: the table has it
        first.wait(30)
        assert first.returncode == -signal.SIGKILL, first.communicate()[0]
        pending = aft_answer(host.long_m(0x72, bytes((0xFF, 0x00))))
        assert pending["status"] in (0x40, 0x00)  # ("after": committed; the SAS process reads the ledger)
        second = _controller(cfg, None)
        running.append(second)
        deadline = time.monotonic() + 60
        while True:
            done = aft_answer(host.long_m(0x72, bytes((0xFF, 0x00))))
            if done["status"] != 0x40 or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert (done["status"], done["transaction"], done["cashable"]) == (0x00, "KILL-1", 5000)
        until(lambda: _linked(ledger, 2), "the SAS process linked to the new controller", 60)
        again = aft_answer(host.long_m(0x72, aft_request("KILL-1", 5000)))  # and the host sends it again
        assert again["status"] == 0x00
        # whatever the SAS process made of it reached the table: a 4C it says after it is in the ledger
        ident = bytes((7, 0, 0, 1, 0, 0))
        assert host.long_s(0x4C, ident, 6) == ident
        until(lambda: _validations(ledger) == 1, "the table heard the SAS process out", 60)
        found = _ledger(ledger)
        assert found["applied"] == [("KILL-1", "in", 5000)]
        assert found["credits"] == 5000 and found["aft_in"] == 5000
        assert found["audit"] == [] and found["identity"]
    finally:
        for process in reversed(running):
            if process.poll() is None:
                if len(running) > 1 and process is running[1]:
                    stop_sas(process)
                else:
                    process.send_signal(signal.SIGTERM)
                    try:
                        process.communicate(timeout=20)
                    except subprocess.TimeoutExpired:
                        process.kill()
                        process.communicate()
        os.close(host_fd)
        os.close(machine_fd)
