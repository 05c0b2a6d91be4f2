"""Integrity before every game and after every settlement (lab checklist items 34 and 45).

The attacks go around the running table, as an intruder with the database file would: another connection
drops a chained table's append-only trigger, rewrites a row and puts the trigger back, or updates the
meters cache. Between two rounds: the next game must not open (the table is tilted ``ledger_integrity``,
which only an administrator clears, and the finding is logged as ``GAME_CHECK_FAIL``). During a round:
the settlement's check finds the rows it covers (logged as ``LEDGER_VERIFY_FAIL``, as its audit was).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from terminal.ledger import EventCode
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tilts import Role, TiltClearError, TiltKind

from .harness import make_config, scripted_table


def _table(tmp_path: Path) -> Table:
    table = scripted_table(make_config(tmp_path), *([17, 4, 29, 0] * 5))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    return table


def _round(table: Table) -> None:
    table.wagers.place(1, "red", 500)
    table.wagers.place(1, "straight:17", 100)
    table.play_round()


def _tamper(table: Table, sql: str, chained: str | None = None) -> None:
    """Change the ledger's file from another connection; a chained table's guard is dropped and restored."""
    outside = sqlite3.connect(table.ledger.path)
    if chained is not None:
        outside.execute(f"DROP TRIGGER {chained}_no_update")
    outside.execute(sql)
    if chained is not None:
        outside.execute(
            f"CREATE TRIGGER {chained}_no_update BEFORE UPDATE ON {chained} "
            f"BEGIN SELECT RAISE(ABORT, '{chained} is append-only: UPDATE refused'); END"
        )
    outside.commit()
    outside.close()


def _closed(table: Table) -> str:
    """The table is tilted for integrity and no game can go on: returns the tilt's detail."""
    found = [t for t in table.tilts.active if t.kind is TiltKind.LEDGER_INTEGRITY]
    assert found, table.tilts.active
    assert table.tilts.blocks_table() and not table.window_over()
    with pytest.raises(Refused):
        table.wagers.place(1, "red", 500)
    return found[0].detail


def _logged(table: Table, on: str, code: EventCode = EventCode.GAME_CHECK_FAIL) -> dict[str, object]:
    failures = table.ledger.events(code)
    assert failures, f"no {code.name} logged"
    detail: dict[str, object] = json.loads(failures[-1].detail or "{}")
    assert detail["on"] == on
    return detail


def test_clean_rounds_pass_every_check_and_log_nothing(tmp_path: Path) -> None:
    table = _table(tmp_path)
    for _ in range(4):
        _round(table)
        table.open_round()
    assert not table.tilts.active and table.auditor.findings == []
    assert table.ledger.events(EventCode.GAME_CHECK_FAIL) == []


def test_a_settled_result_rewritten_between_two_rounds_keeps_the_next_game_closed(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _round(table)
    table.open_round()
    _round(table)  # settled and checked: its rows verified once already
    _tamper(table, "UPDATE results SET returned = returned + 5000 WHERE id = (SELECT max(id) FROM results)",
            chained="results")  # fmt: skip
    table.open_round()
    detail = _closed(table)
    assert "results row" in detail and "HMAC mismatch" in detail
    assert "results row" in str(_logged(table, "before_game")["finding"])


def test_an_older_row_of_the_last_round_rewritten_keeps_the_next_game_closed(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _round(table)
    table.open_round()
    _round(table)
    first = "(SELECT min(id) FROM wagers WHERE round_id = (SELECT max(round_id) FROM wagers))"
    _tamper(table, f"UPDATE wagers SET stake = 1 WHERE id = {first}", chained="wagers")
    table.open_round()
    assert "wagers row" in _closed(table)


def test_a_meter_changed_between_two_rounds_keeps_the_next_game_closed(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _round(table)
    _tamper(table, "UPDATE meters SET value = value - 500 WHERE name = 'won'")
    table.open_round()
    assert "meter won: moved" in _closed(table)
    _logged(table, "before_game")


def test_a_sealed_head_rolled_back_between_two_rounds_keeps_the_next_game_closed(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _round(table)
    _tamper(table, "UPDATE heads SET last_id = last_id - 1 WHERE tbl = 'events'")
    table.open_round()
    assert "heads row 'events'" in _closed(table)


def test_a_row_of_the_round_in_play_rewritten_is_found_by_the_settlements_check(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _round(table)
    table.open_round()
    table.wagers.place(1, "red", 500)
    _tamper(table, "UPDATE rounds SET detail = '{\"forged\":1}' WHERE id = (SELECT max(id) FROM rounds)",
            chained="rounds")  # fmt: skip
    table.play_round()
    assert "rounds row" in _closed(table)
    _logged(table, "settlement", EventCode.LEDGER_VERIFY_FAIL)


def test_only_an_administrator_clears_it_and_only_once_the_ledger_verifies(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _round(table)
    _tamper(table, "UPDATE results SET returned = 0 WHERE id = (SELECT max(id) FROM results)", "results")
    table.open_round()
    _closed(table)
    with pytest.raises(TiltClearError):
        table.tilts.clear_tilt(TiltKind.LEDGER_INTEGRITY, None, Role.TECHNICIAN, condition_over=True)
    with pytest.raises(TiltClearError):  # the chain is still broken: not even the administrator
        table.tilts.clear_tilt(TiltKind.LEDGER_INTEGRITY, None, Role.ADMINISTRATOR,
                               condition_over=table.ledger.verify().ok)  # fmt: skip
    assert table.tilts.blocks_table()
