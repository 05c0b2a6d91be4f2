"""AFT in the books: the service meters screen and the end-of-day report list the casino system's transfers.

The host (``host_sim``) moves 5,000 in and 2,000 out through 72; the meters screen's report
(``desk.views.meters_report``), the day report (``dayreport.build``, its CSV and the service screen's
figures) must show those very amounts, named in English and Spanish.
"""

from __future__ import annotations

import csv
from datetime import timedelta
from pathlib import Path

from terminal import config as configuration
from terminal.desk import views
from terminal.i18n import load_catalogue
from terminal.lab.live_table import LiveTable
from terminal.ledger import dayreport
from terminal.service import labels
from tests.sas.test_aft import ASSET, final, transfer
from tests.sas.test_table_link import BASE, sas_table


def test_the_meters_screen_and_the_day_report_list_aft_in_and_out(tmp_path: Path) -> None:
    with sas_table(tmp_path, extra=ASSET) as (live, host, _):
        before = live.call(lambda: views.meters_report(live.table.ledger, live.config))
        shown = {mv.name: mv.value for mv in before.meters}
        assert {k: shown[k] for k in ("aft_in", "aft_out")} == {"aft_in": 0, "aft_out": 0}  # listed at 0
        live.insert_bills(1, 10_000)
        transfer(host, "BOOK-IN", 5000)
        assert final(host)["status"] == 0x00
        transfer(host, "BOOK-OUT", 2000, kind=0x80)
        assert final(host)["status"] == 0x00
        report = live.call(lambda: views.meters_report(live.table.ledger, live.config))
        shown = {mv.name: mv.value for mv in report.meters}
        assert (shown["aft_in"], shown["aft_in_count"], shown["aft_out"], shown["aft_out_count"]) == (
            5000,
            1,
            2000,
            1,
        )
        names = [mv.name for mv in report.meters]
        assert (
            names.index("handpays") < names.index("aft_in") < names.index("aft_out") < names.index("cash_out")
        )
        now = live.clock.wall()
        start, end = now - timedelta(hours=1), now + timedelta(hours=1)
        day = live.call(lambda: live.table.ledger.day_report(start, end))
        money = dict(day.money)
        assert (money["aft_in"], money["aft_out"], money["aft_in_count"], money["aft_out_count"]) == (
            5000,
            2000,
            1,
            1,
        )
        assert money["cash_in"] == 10_000  # the other lines as before
        written = dayreport.write_csv(day, tmp_path / "day.csv")
        rows = {(r["name"], r["value"]) for r in csv.DictReader(written.open(encoding="utf-8"))}
        assert ("aft_in", "5000") in rows and ("aft_out", "2000") in rows
        figures = {
            f.name: f.value
            for f in live.call(lambda: views.day_report(live.table.ledger, start, end)).figures
        }
        assert figures["period aft_in"] == 5000 and figures["period aft_out"] == 2000
    en, es = load_catalogue("en"), load_catalogue("es")
    assert labels.meter_name(en, "USD", "aft_in") == "AFT in (casino system)"
    assert labels.meter_name(es, "USD", "aft_out") == "AFT salida (sistema del casino)"
    assert labels.meter_value(en, "USD", "aft_in", 5000) == "$50.00"  # money, not a count
    assert labels.meter_value(en, "USD", "aft_in_count", 1) == "1"
    assert labels.figure_name(es, "period aft_in") == "AFT entrada hoy"
    assert labels.figure_value(en, "USD", "period aft_out", 2000) == "$20.00"


def test_a_table_without_aft_reads_as_before(tmp_path: Path) -> None:
    """No SAS and no transfer: neither the meters screen nor the day report grow AFT lines."""
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(BASE.format(port=0), encoding="utf-8")
    with LiveTable(configuration.load(cfg)) as live:
        live.insert_bills(1, 10_000)
        shown = [
            mv.name for mv in live.call(lambda: views.meters_report(live.table.ledger, live.config)).meters
        ]
        assert not [n for n in shown if n.startswith("aft")]
        now = live.clock.wall()
        day = live.call(
            lambda: live.table.ledger.day_report(now - timedelta(hours=1), now + timedelta(hours=1))
        )
        assert [n for n, _ in day.money] == [*dayreport.MONEY, "hold"]
