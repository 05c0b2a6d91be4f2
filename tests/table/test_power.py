"""POWER_DOWN: an orderly shutdown is logged as it happens; a cut is logged at the next boot.

The cut is real: a child process runs the table and is killed with SIGKILL, so nothing of its own could
have logged anything after the kill.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from terminal.ledger import EventCode
from terminal.table.clock import ManualClock

from .harness import make_config, reopen, scripted_table

CHILD = """
import sys, time
from tests.table.harness import make_config, scripted_table
from pathlib import Path
table = scripted_table(make_config(Path(sys.argv[1])), 17)
table.start()
print("up", flush=True)
time.sleep(60)
"""


def _power_events(table: object) -> list[tuple[str, dict[str, object]]]:
    ledger = table.ledger  # type: ignore[attr-defined]
    found = [e for e in ledger.events() if e.code in (EventCode.POWER_UP, EventCode.POWER_DOWN)]
    return [(e.code.name, json.loads(e.detail)) for e in found]


def test_an_orderly_shutdown_is_logged_and_not_taken_for_a_cut(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 17)
    table.start()
    table.power_down("controller stopped")
    restarted = reopen(table, 17)
    restarted.start()
    names = [(name, detail.get("orderly")) for name, detail in _power_events(restarted)]
    assert names == [("POWER_UP", None), ("POWER_DOWN", True), ("POWER_UP", None)]


@pytest.mark.slow
def test_a_process_killed_outright_is_logged_as_an_unclean_power_down_at_the_next_boot(
    tmp_path: Path,
) -> None:
    root = Path(__file__).resolve().parents[2]
    env = os.environ | {"PYTHONPATH": str(root)}
    argv = [sys.executable, "-c", CHILD, str(tmp_path)]
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, env=env, cwd=root)
    assert child.stdout is not None and child.stdout.readline().strip() == b"up"
    child.send_signal(signal.SIGKILL)
    child.wait(10)
    table = scripted_table(make_config(tmp_path), 17, clock=ManualClock(1_900_000_000.0))
    table.start()
    events = _power_events(table)
    assert [name for name, _ in events] == ["POWER_UP", "POWER_DOWN", "POWER_UP"]
    cut = events[1][1]
    assert cut["orderly"] is False and cut["found_at"] == "boot"
    cut_id = table.ledger.events(EventCode.POWER_DOWN)[0].id
    assert cut["last_event"] == [e.time for e in table.ledger.events() if e.id < cut_id][-1]
