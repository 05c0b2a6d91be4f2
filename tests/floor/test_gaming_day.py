"""A round that spans the gaming day's roll-over, on a real ``nats-server -js`` with the table's clock
injected: its stakes and what it paid are the floor's on the gaming day of its settlement (the spec is
silent; the README says so), while a bill stacked before the roll-over stays on the day before."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from terminal.ledger.floorstore import FloorStore
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.floor.servers import Server, stream_messages
from tests.floor.tables import floor_config
from tests.floor.test_vouchers import wait_for

BEFORE = datetime(2026, 3, 2, 5, 59, 45, tzinfo=UTC).timestamp()  # 15 s before 06:00, the day's start


def test_a_round_settled_after_the_roll_over_counts_on_the_new_gaming_day(
    tmp_path: Path, server: Server
) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    clock = ManualClock(BEFORE)
    table = boot(c, clock)
    try:
        table.start()  # power-up, the first round open
        table.cashier.bill_stacked(1, 10_000)  # 05:59:45, the old day
        clock.advance(2)
        table.wagers.place(1, "red", 500)  # 05:59:47: placed on the old day (the window is 25 s)
        table.wagers.place(1, "straight:17", 100)
        clock.advance(8)
        table.cashier.bill_stacked(2, 5_000)  # 05:59:55: an event sent before the round settles
        clock.advance(15)
        report = table.play_round()  # 06:00:10: settled on the new day
        returned = sum(r for (r,) in table.ledger.db.execute(
            "SELECT returned FROM results WHERE round_id = ?", [report.round_id]))  # fmt: skip
        settled = table.ledger.db.execute("SELECT time FROM settlements").fetchone()[0]
        assert settled.startswith("2026-03-02T06:00:10")
        link = table.floor
        assert link is not None
        wait_for(lambda: link.status().backlog == 0 and link.status().online)
    finally:
        table.ledger.close()
    store = FloorStore(":memory:", 6)
    for seq, message in enumerate(stream_messages(server.url), start=1):
        store.apply(seq, message["subject"], message["body"])
    old, new = store.meters("2026-03-01")["T-01"], store.meters("2026-03-02")["T-01"]
    assert old["cash_in"] == 15_000 and "wagered" not in old and "games_played" not in old
    assert (new["wagered"], new.get("won", 0), new["games_played"]) == (600, returned, 1)
    assert (new["wager:roulette:red:wagered"], new["wager:roulette:straight:count"]) == (500, 1)
    assert "cash_in" not in new
    days = ("2026-03-01", "2026-03-02")
    stacked = [sum(e["name"] == "BILL_STACKED" for e in store.events(day=day)) for day in days]
    assert stacked == [2, 0]
