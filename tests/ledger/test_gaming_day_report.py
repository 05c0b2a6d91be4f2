"""The end-of-day report covers a gaming day (``[table] gaming_day_hour`` UTC to the same hour the next day)
and counts a stake on the day of the settlement that resolves it, as the floor does: a craps pass line
placed at 05:59 and made at 06:00:45 is the new gaming day's, with its payout and its rolls there.
The expected figures are worked out by hand in ``tests/ledger/roll_over.py``.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from pypdf import PdfReader

from terminal.cli import main
from terminal.desk import acts
from terminal.desk.acts import ActError
from terminal.ledger import dayreport
from terminal.net.messages import service as sm
from terminal.table.clock import ManualClock
from terminal.table.table import Table
from tests.ledger.roll_over import BY_PLACEMENT_UTC, EXPECTED, NEW, OLD, ROLLS, START, play
from tests.ledger.test_ledger_audit_report import ORIGIN
from tests.table.harness import make_config, scripted_table


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Table:
    c = make_config(tmp_path_factory.mktemp("table"), "[table]\ngame = craps\ngaming_day_hour = 6\n")
    clock = ManualClock(START.timestamp())
    table = scripted_table(c, *ROLLS, clock=clock)
    play(table, clock)
    return table


def _figures(reply: sm.DayReport) -> dict[str, int]:
    shown = {f.name: f.value for f in reply.figures}
    return {"cash_in": shown["period cash_in"], "wagered": shown["period wagered"],
            "won": shown["period won"], "games": shown.get("games craps", 0)}  # fmt: skip


def _built(report: dayreport.DayReport) -> dict[str, int]:
    return {"cash_in": report.total("cash_in"), "wagered": report.total("wagered"),
            "won": report.total("won"), "games": dict(report.games).get("craps", 0)}  # fmt: skip


def test_each_gaming_day_counts_the_rounds_settled_in_it(played: Table) -> None:
    for day in (OLD, NEW):
        reply = acts.report(played, (day.isoformat(),))  # the service screen's End of day
        assert isinstance(reply, sm.DayReport) and reply.day == day.isoformat()
        assert _figures(reply) == EXPECTED[day], day
    now = acts.report(played, ("",))  # no day: the gaming day the table's clock is in (06:00:45: the new)
    assert isinstance(now, sm.DayReport) and now.day == NEW.isoformat()
    with pytest.raises(ActError, match="is not YYYY-MM-DD"):
        acts.report(played, ("25/11/2026",))


def test_the_two_days_add_up_to_the_meters_and_utc_midnight_would_count_otherwise(played: Table) -> None:
    days = [_built(played.ledger.day_report(*dayreport.gaming_day_bounds(d, 6))) for d in (OLD, NEW)]
    metered = played.ledger.meters()  # every wager is resolved: the two days together are the epoch
    assert {k: days[0][k] + days[1][k] for k in days[0]} == {
        "cash_in": metered["cash_in"], "wagered": metered["wagered"], "won": metered["won"],
        "games": metered["games_played"],
    }  # fmt: skip
    # The pass line rode over the roll-over: in play at the old day's end, its stake the new day's coin-in.
    ends = [played.ledger.day_report(*dayreport.gaming_day_bounds(d, 6)).in_play for d in (OLD, NEW)]
    assert ends == [1_000, 0]
    utc = _built(played.ledger.day_report(*dayreport.gaming_day_bounds(NEW, 0)))  # hour 0: the UTC day
    assert utc == BY_PLACEMENT_UTC  # the whole story happened on 2026-11-25 UTC
    assert utc != EXPECTED[NEW]


def test_the_csv_says_which_gaming_day_it_covers(played: Table, tmp_path: Path) -> None:
    cfg, out = str(played.config.path), tmp_path / "day"
    command = ["ledger", "report", "--config", cfg, "--day", NEW.isoformat(), "--csv", f"{out}.csv"]
    assert main(command) == 0
    with open(f"{out}.csv", encoding="utf-8") as handle:
        rows = {(r["section"], r["name"]): r["value"] for r in csv.DictReader(handle)}
    assert rows["period", "gaming_day"] == "gaming day 2026-11-25, 06:00 to 06:00 UTC"
    assert rows["period", "start"].startswith("2026-11-25T06:00:00")
    assert rows["period", "end"].startswith("2026-11-26T06:00:00")
    assert int(rows["money", "wagered"]) == EXPECTED[NEW]["wagered"]
    assert int(rows["money", "won"]) == EXPECTED[NEW]["won"]
    assert rows["period", "in_play_at_end"] == "0"  # the pass line was resolved before the day ended


@pytest.mark.slow  # a second of fpdf2 and matplotlib; the audit report's tests check the header in make check
def test_the_pdf_says_which_gaming_day_it_covers(played: Table, tmp_path: Path) -> None:
    from terminal.ledger import daypdf

    built = played.ledger.day_report(*dayreport.gaming_day_bounds(NEW, 6))
    written = daypdf.write_pdf(built, tmp_path / "day.pdf", origin=ORIGIN)
    first = PdfReader(written).pages[0].extract_text()
    assert "gaming day 2026-11-25, 06:00 to 06:00 UTC" in first
    assert "$0.00 staked and not resolved at the end of the period" in " ".join(first.split())  # justified
