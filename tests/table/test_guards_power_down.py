"""An unclean power-down names the killed run's last event, not this boot's first (issue 28 §3).

Attack: a table booted through ``boot`` (which logs the RNG self-test, the software check and more before
``Table.start``) and cut without its orderly ``POWER_DOWN``: the next boot's unclean ``POWER_DOWN`` named
the new boot's own ``RNG_SELFTEST_PASS`` as "the last event before the cut", so the log said the power
went after the table came back.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from terminal import config
from terminal.ledger import EventCode
from terminal.table.boot import boot
from terminal.table.clock import ManualClock


def _last_row(db: Path) -> tuple[int, str, str]:
    with sqlite3.connect(db) as found:
        row = found.execute("SELECT id, time, code FROM events ORDER BY id DESC LIMIT 1").fetchone()
    return int(row[0]), str(row[1]), EventCode(row[2]).name


def test_the_unclean_power_down_names_the_killed_runs_last_event(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 2\n")
    table = boot(config.load(cfg), ManualClock(1_800_000_000.0))
    table.start()
    table.cashier.bill_stacked(1, 2_000)  # the killed run's last act
    table.ledger.close()  # the process dies: no orderly POWER_DOWN
    last_id, last_time, last_code = _last_row(tmp_path / "var" / "ledger.sqlite")
    assert last_code == "BILL_STACKED"

    again = boot(config.load(cfg), ManualClock(1_800_003_600.0))  # an hour later
    try:
        again.start()
        cuts = [e for e in again.ledger.events(EventCode.POWER_DOWN) if e.id > last_id]
        assert len(cuts) == 1
        detail = json.loads(cuts[0].detail)
        assert detail["orderly"] is False
        assert (detail["last_event"], detail["last_code"]) == (last_time, last_code)
        assert detail["last_id"] == last_id
    finally:
        again.ledger.close()
