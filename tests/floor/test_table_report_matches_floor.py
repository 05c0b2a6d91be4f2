"""A table's end-of-day report and the floor's row of that table agree for the same gaming day, figure for
figure: a craps pass line placed at 05:59:05 and made at 06:00:45, played on a real table (scripted dice,
injected clock). Both count the pass line's stake with its payout on the gaming day of its settlement, each
from 06:00 UTC (``[table] gaming_day_hour`` and the floor's ``gaming_day_hour``).

The quick test feeds the floor store the table's own outbox rows, the messages it would send; the slow one
plays on a table that sends them to a real ``nats-server -js`` and reads the stream (slow only because a
craps table tells the floor its PAR sheet on connect, about 1.5 s of exact arithmetic)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from rng import EntropySource, HealthParameters, Rng
from terminal import config as configuration
from terminal.ledger import Ledger, dayreport, highwater, keyfile
from terminal.ledger.floorstore import FloorStore
from terminal.table.boot import boot, driver_for
from terminal.table.clock import ManualClock
from terminal.table.table import Table
from tests.floor.servers import Server, stream_messages
from tests.floor.tables import floor_config
from tests.floor.test_vouchers import wait_for
from tests.ledger.roll_over import EXPECTED, NEW, OLD, ROLLS, START, play
from tests.table.harness import KEY, ScriptedRng, make_config


def _agree(reports: dict[date, dayreport.DayReport], store: FloorStore) -> None:
    for day, report in reports.items():
        row = store.meters(day.isoformat())["T-01"]
        floor = {"cash_in": row.get("cash_in", 0), "wagered": row.get("wagered", 0), "won": row.get("won", 0),
                 "games": row.get("games_played", 0)}  # fmt: skip
        own = {"cash_in": report.total("cash_in"), "wagered": report.total("wagered"),
               "won": report.total("won"), "games": dict(report.games).get("craps", 0)}  # fmt: skip
        assert own == floor == EXPECTED[day], day


def _reports(ledger: Ledger) -> dict[date, dayreport.DayReport]:
    return {day: ledger.day_report(*dayreport.gaming_day_bounds(day, 6)) for day in (OLD, NEW)}


def test_the_tables_report_of_a_gaming_day_is_what_its_floor_messages_count(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[table]\ngame = craps\ngaming_day_hour = 6\n")
    clock = ManualClock(START.timestamp())
    key = keyfile.load_or_create(c.ledger.key_path, lambda size: KEY[:size])
    # The outbox a [floor] section turns on, with no link to send it: the messages stay for the test.
    ledger = Ledger(c.ledger.path, key, now=clock.wall(), bills=c.money.bills, outbox_table="T-01",
                    mark_path=highwater.mark_path(c.ledger.key_path))  # fmt: skip
    rng = Rng(EntropySource(HealthParameters(min_entropy=7)), clock=clock.monotonic, name="test")
    table = Table(c, ledger, rng, clock, driver_for(c))
    table.rng = ScriptedRng(rng, *ROLLS)  # type: ignore[assignment]
    play(table, clock)
    store = FloorStore(":memory:", 6)
    rows = table.ledger.db.execute("SELECT seq, subject, body FROM outbox ORDER BY seq").fetchall()
    for seq, subject, body in rows:  # nothing acknowledged them: every message is still there
        store.apply(seq, subject, json.loads(body))
    _agree(_reports(table.ledger), store)


@pytest.mark.slow  # the craps table's PAR sheet for the floor (see above); the test before covers the same
def test_the_tables_report_of_a_gaming_day_is_the_floors_row(tmp_path: Path, server: Server) -> None:
    made = floor_config(tmp_path / "t1", server.url, game="craps")
    text = made.path.read_text(encoding="utf-8")  # [table] and [floor]: the day from 06:00 UTC for both
    made.path.write_text(text.replace("gaming_day_hour = 0", "gaming_day_hour = 6"), encoding="utf-8")
    c = configuration.load(made.path)
    clock = ManualClock(START.timestamp())
    table = boot(c, clock)
    table.rng = ScriptedRng(table.rng, *ROLLS)  # type: ignore[assignment]
    try:
        play(table, clock)
        link = table.floor
        assert link is not None
        wait_for(lambda: link.status().backlog == 0 and link.status().online)
        reports = _reports(table.ledger)
    finally:
        table.ledger.close()
    store = FloorStore(":memory:", 6)
    for seq, message in enumerate(stream_messages(server.url), start=1):
        store.apply(seq, message["subject"], message["body"])
    _agree(reports, store)
