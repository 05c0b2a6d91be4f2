"""Memory checks at boot, after a door closes and after every settlement, and door openings per door.

The planted damage goes around the ledger, as a fault or a tamperer would: an UPDATE of the meters or
balances cache (those tables are mutable by design), or bytes overwritten in the database file.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from terminal.devices.events import DoorClosed, DoorOpened
from terminal.devices.interfaces import Door
from terminal.ledger import EventCode, audit
from terminal.table.cabinet import Cabinet
from terminal.table.table import Table
from terminal.table.tilts import TiltKind

from .harness import make_config, reopen, scripted_table

NOW = datetime(2027, 1, 1, tzinfo=UTC)


def _played(tmp_path: Path, rounds: int = 2) -> Table:
    table = scripted_table(make_config(tmp_path), *([17] * (rounds + 5)))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    for _ in range(rounds):
        table.wagers.place(1, "red", 500)
        table.wagers.place(1, "straight:17", 100)
        table.play_round()
        table.open_round()
    return table


def _tamper(table: Table, sql: str) -> None:
    """Change the ledger's file from outside the ledger (another connection, as an intruder would)."""
    outside = sqlite3.connect(table.ledger.path)
    outside.execute(sql)
    outside.commit()
    outside.close()


def _integrity_tilt(table: Table) -> str:
    found = [t for t in table.tilts.active if t.kind is TiltKind.LEDGER_INTEGRITY]
    assert found, table.tilts.active
    return found[0].detail


def test_a_clean_table_passes_every_check_and_persists_its_mark(tmp_path: Path) -> None:
    table = _played(tmp_path)
    assert not table.tilts.active and table.auditor.findings == []
    marks = table.ledger.events(EventCode.METER_AUDIT)
    assert [m.detail.count('"on":"boot"') for m in marks] == [1]  # boot's mark; rounds persist every 100
    assert table.auditor.mark is not None and table.auditor.mark.meters == table.ledger.meters()


def test_a_meter_changed_behind_the_ledger_tilts_at_the_next_settlement(tmp_path: Path) -> None:
    table = _played(tmp_path)
    _tamper(table, "UPDATE meters SET value = value + 500 WHERE name = 'won'")
    table.wagers.place(1, "red", 500)
    table.play_round()
    assert "meter won: moved" in _integrity_tilt(table) and "settlement check" in _integrity_tilt(table)
    failure = table.ledger.events(EventCode.LEDGER_VERIFY_FAIL)[-1]
    assert '"on":"settlement"' in failure.detail


def test_a_balance_changed_behind_the_ledger_tilts_at_the_next_settlement(tmp_path: Path) -> None:
    table = _played(tmp_path)
    _tamper(table, "UPDATE balances SET balance = balance + 100 WHERE account = 'seat:1:credits'")
    table.wagers.place(1, "red", 500)
    table.play_round()
    assert "balance seat:1:credits: moved" in _integrity_tilt(table)


def test_a_meter_changed_while_the_table_was_off_tilts_at_boot(tmp_path: Path) -> None:
    table = _played(tmp_path)
    _tamper(table, "UPDATE meters SET value = value + 1 WHERE name = 'games_played'")
    restarted = reopen(table, 17)
    restarted.start()
    assert "boot check: meter games_played" in _integrity_tilt(restarted)


def test_a_meter_changed_while_a_door_was_open_tilts_when_it_closes(tmp_path: Path) -> None:
    table = _played(tmp_path)
    cabinet = Cabinet(table)
    cabinet.on_event(None, DoorOpened(NOW, Door.MAIN))
    _tamper(table, "UPDATE meters SET value = value - 1 WHERE name = 'bills_in_count'")
    cabinet.on_event(None, DoorClosed(NOW, Door.MAIN))
    assert "door_close check: meter bills_in_count" in _integrity_tilt(table)


def test_doors_are_counted_per_door_and_the_audit_agrees(tmp_path: Path) -> None:
    table = _played(tmp_path)
    cabinet = Cabinet(table)
    for door in (Door.MAIN, Door.CASH_BOX, Door.MAIN):
        cabinet.on_event(None, DoorOpened(NOW, door))
        cabinet.on_event(None, DoorClosed(NOW, door))
    metered = table.ledger.meters()
    assert metered["door_opens"] == 3
    assert metered[f"door:{Door.MAIN.value}:opens"] == 2 and metered[f"door:{Door.CASH_BOX.value}:opens"] == 1
    assert table.ledger.audit() == [] and table.auditor.findings == []


def test_the_incremental_audit_agrees_with_the_full_one(tmp_path: Path) -> None:
    """Withdrawn wagers, vouchers and settlements since a mark: nothing to find, and a change is found."""
    table = _played(tmp_path)
    mark = table.auditor.mark
    table.wagers.place(1, "red", 500)
    table.wagers.undo(1)  # withdrawn: off every meter it moved
    table.wagers.place(1, "black", 300)
    table.play_round()
    table.open_round()
    table.cashier.cash_out(1)
    findings, _ = table.ledger.audit_since(mark)
    assert findings == [] and table.ledger.audit() == []
    _tamper(table, "UPDATE meters SET value = value + 7 WHERE name = 'vouchers_out'")
    findings, _ = table.ledger.audit_since(mark)
    assert findings == [f"meter vouchers_out: moved {table.ledger.meters()['vouchers_out']} since the last "
                        f"audit, the journal gives {table.ledger.meters()['vouchers_out'] - 7}"]  # fmt: skip


def test_integrity_check_finds_a_damaged_page(tmp_path: Path) -> None:
    """SQLite's own check, on a database whose index page was overwritten on disk."""
    path = tmp_path / "damaged.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
    db.execute("CREATE INDEX t_v ON t(v)")
    db.executemany("INSERT INTO t (v) VALUES (?)", [(f"value {i:05d}",) for i in range(3000)])
    db.commit()
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 't_v'").fetchone()
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    with path.open("r+b") as raw:
        raw.seek((root - 1) * size)  # the index's root page: its header and first cell pointers
        raw.write(b"\x07" * 16)
    import sqlite_utils

    found = audit.integrity(sqlite_utils.Database(path))
    assert found and all(line.startswith("integrity_check: ") for line in found)
