"""Meters roll over at a defined width (``[ledger] meter_digits``, 10 digits by default).

A table with 6-digit meters ($9,999.99 in cents) takes bills past the roll-over: the meter reads the sum
modulo 10^6, the audits (whole journal, and since a mark) still agree with the journal, a withdrawn wager
goes back across the roll-over, and the report's credit identity holds modulo the width.
"""

from __future__ import annotations

from pathlib import Path

from terminal.ledger import meters, report
from tests.table.harness import make_config, scripted_table


def test_the_default_width_is_ten_digits(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    assert table.config.ledger.meter_digits == 10 and meters.modulus(table.ledger.db) == 10**10


def test_meters_roll_over_at_six_digits_and_still_audit(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[ledger]\nmeter_digits = 6\n[money]\ncredit_limit = 100000.00\n")
    table = scripted_table(c, 17, 17)
    table.start()
    mark = table.auditor.mark
    for _ in range(11):  # 101 bills of $100: 1,010,000 cents, past the 6-digit roll-over ($10,000.00)
        table.cashier.bill_stacked(1, 10_000)
    for _ in range(90):
        table.cashier.bill_stacked(2, 10_000)
    taken = 11 * 10_000 + 90 * 10_000  # 1,010,000 cents
    assert table.ledger.meters()["cash_in"] == taken % 10**6 == 10_000  # rolled over once
    assert table.ledger.meters()["bills_in_count"] == 101
    assert table.ledger.audit() == []
    assert table.ledger.audit_since(mark)[0] == []
    totals = report.summary(table.ledger.db)
    rhs, holds = report.identity(totals, meters.modulus(table.ledger.db))
    assert holds and rhs != totals["seat_credits"]  # it holds modulo the width only
    assert not report.identity(totals)[1]


def test_a_withdrawn_wager_goes_back_across_the_roll_over(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[ledger]\nmeter_digits = 6\n[money]\ncredit_limit = 100000.00\n")
    table = scripted_table(c, 17)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    with table.ledger.db.conn:  # the wagered meter 4,000 short of its roll-over, as years of play leave it
        table.ledger.db.execute("INSERT INTO meters (name, value) VALUES ('wagered', 996000)")
    table.wagers.place(1, "black", 5_000)
    assert table.ledger.meters()["wagered"] == 1_000  # 996,000 + 5,000 rolled over
    table.wagers.undo(1)
    assert table.ledger.meters()["wagered"] == 996_000  # back across the roll-over, never below zero
