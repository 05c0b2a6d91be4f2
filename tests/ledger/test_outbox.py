"""The floor outbox: one row per fact the floor needs, written in the same transaction as the journal.

Checked against the ledger itself, never against what the outbox wrote: every event row has its outbox
message; the meters deltas add up to the ledger's own meters; a round's witness is reached by the
database and not by an older copy; a refused transaction leaves no row; acknowledged rows are pruned.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from terminal.ledger import Ledger, VoucherError, highwater, meters
from terminal.ledger.outbox import OutboxReader
from tests.ledger.ledger_scenario import START, Runner

KEY = bytes(range(32))
BILLS = (100, 500, 1000, 2000, 5000, 10000)
STORY = """
bill 1 20.00
bill 2 50.00
round roulette
wager a1 1 straight 17 1.00
wager b1 2 red red 2.00
outcome {"pocket": 17}
settle a1 win 36.00
settle b1 lose 0.00
end
voucher 1 v1
redeem v1 2
handpay 2 10.00
round roulette
wager a2 2 straight 5 1.00
withdraw a2
wager c2 2 black black 5.00
outcome {"pocket": 2}
settle c2 win 10.00
end
"""


def open_floor_ledger(path: Path) -> Ledger:
    return Ledger(path, KEY, now=START, bills=BILLS, checkpoint_rows=100, outbox_table="T-07",
                  mark_path=path.with_suffix(".mark"))  # fmt: skip


def bodies(path: Path) -> list[dict[str, object]]:
    reader = OutboxReader(path)
    try:
        return [row.payload() for row in reader.after(0, 10_000)]
    finally:
        reader.close()


def test_every_event_and_settled_round_has_its_message(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = open_floor_ledger(path)
    Runner(ledger).run(STORY)
    events = ledger.db.execute("SELECT id, code FROM events ORDER BY id").fetchall()
    rounds = [r for (r,) in ledger.db.execute("SELECT round_id FROM settlements ORDER BY id")]
    ledger.close()
    sent = bodies(path)
    assert [b["seq"] for b in sent] == list(range(1, len(sent) + 1))
    got_events = [(b["event"]["id"], b["event"]["code"]) for b in sent if b["kind"] == "event"]  # type: ignore[index]
    assert got_events == [tuple(e) for e in events]
    assert [b["round"]["round_id"] for b in sent if b["kind"] == "round"] == rounds  # type: ignore[index]
    assert {b["table"] for b in sent} == {"T-07"}


def test_deltas_add_up_to_the_ledgers_meters(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = open_floor_ledger(path)
    Runner(ledger).run(STORY)
    stored = meters.read(ledger.db)
    ledger.close()
    total: dict[str, int] = {}
    for body in bodies(path):
        for name, delta in body["delta"].items():  # type: ignore[attr-defined]
            total[name] = total.get(name, 0) + delta
    floor_meters = {n: v for n, v in stored.items() if ":" not in n or n.startswith("wager:")}
    assert {n: v for n, v in total.items() if v} == floor_meters
    # By hand: 1 + 2 + 5 wagered (the withdrawn 1.00 is off); the voucher is seat 1's 20 - 1 + 36.
    assert floor_meters["wagered"] == 800 and floor_meters["vouchers_in"] == 5500


def test_a_refused_transaction_leaves_no_message(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = open_floor_ledger(path)
    runner = Runner(ledger)
    runner.run("bill 1 20.00\nvoucher 1 v1\nredeem v1 2")
    before = len(bodies(path))
    number = runner.vouchers["v1"]
    with pytest.raises(VoucherError):
        ledger.redeem_voucher(number, 3, now=runner.now())  # redeemed already: refused, the refusal logged
    after = bodies(path)
    ledger.close()
    # The refusal is its own committed transaction (an event the floor hears); the failed redemption is not.
    assert [b["event"]["name"] for b in after[before:]] == ["VOUCHER_REFUSED"]  # type: ignore[index]


def test_the_witness_is_reached_by_the_database_and_not_by_an_older_copy(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = open_floor_ledger(path)
    runner = Runner(ledger)
    runner.run("bill 1 20.00\nround roulette\nwager a1 1 red red 1.00\noutcome {\"pocket\": 1}\n"
               "settle a1 win 2.00\nend")  # fmt: skip
    ledger.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(path, tmp_path / "old.sqlite")
    runner.run("round roulette\nwager a2 1 red red 1.00\noutcome {\"pocket\": 2}\nsettle a2 lose 0\nend")
    ledger.close()
    last = [b for b in bodies(path) if b["kind"] == "round"][-1]
    witness = highwater.Mark(str(last["ledger"]), int(last["epoch"]),  # type: ignore[call-overload]
                             {t: (h[0], h[1]) for t, h in last["round"]["witness"].items()})  # type: ignore[index]
    with closing(sqlite3.connect(path)) as conn:
        assert highwater.shortfall(_Db(conn), witness) is None
    with closing(sqlite3.connect(tmp_path / "old.sqlite")) as conn:
        assert "rows missing" in (highwater.shortfall(_Db(conn), witness) or "")


class _Db:
    """The one method ``highwater.shortfall`` calls, on a plain connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, params: list[object] | None = None) -> sqlite3.Cursor:
        return self.conn.execute(sql, params or [])


def test_acknowledged_rows_are_pruned_by_the_next_transaction(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = open_floor_ledger(path)
    runner = Runner(ledger)
    runner.run("bill 1 20.00\nbill 1 5.00")
    assert ledger.outbox is not None
    sent = bodies(path)
    ledger.outbox.acked = int(sent[-1]["seq"])  # type: ignore[call-overload]
    assert ledger.outbox.backlog() == (0, None)
    runner.run("bill 1 1.00")
    left = bodies(path)
    ledger.close()
    assert [b["seq"] for b in left] == [sent[-1]["seq"] + 1]  # type: ignore[operator]
    assert json.loads(json.dumps(left[0]["delta"])) == {"bills_in_count": 1, "cash_in": 100}


def test_without_a_floor_there_is_no_outbox(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite"
    ledger = Ledger(path, KEY, now=START, bills=BILLS)
    Runner(ledger).run("bill 1 20.00")
    assert ledger.outbox is None
    assert "outbox" not in ledger.db.table_names()
    ledger.close()
