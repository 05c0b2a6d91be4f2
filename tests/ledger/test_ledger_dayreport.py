"""The end-of-day report: its totals are the ledger's. Expected figures are worked out by hand from the
story below (comments show the arithmetic), then checked against the meters the ledger keeps itself.
"""

from __future__ import annotations

import csv
from datetime import timedelta
from pathlib import Path

from terminal.ledger import dayreport
from tests.ledger.ledger_scenario import START, open_ledger, scenario

DAY = """
bill 1 20.00
bill 2 50.00
round roulette
wager a 1 straight 17 1.00
wager b 1 red red 2.00
wager c 2 black black 5.00
outcome {"pocket": 17}
settle a win 36.00       # seat 1: 20 - 3 + 36 = 53.00
settle b lose 0.00
settle c win 10.00       # seat 2: 50 - 5 + 10 = 55.00
end
voucher 1 v1             # 53.00 out
redeem v1 3              # 53.00 in, at seat 3
handpay 2 15.00          # seat 2: 40.00 left
voucher 2 v2             # 40.00 out
void v2
cancel 3                 # seat 3's 53.00 paid by an attendant
"""

EXPECTED = {
    "cash_in": 7_000, "vouchers_in": 5_300, "wagered": 800, "won": 4_600, "vouchers_out": 9_300,
    "handpays": 1_500, "cash_out": 5_300, "hold": 800 - 4_600,
}  # fmt: skip


def _report() -> dayreport.DayReport:
    led = scenario(DAY, open_ledger())
    built = led.day_report(START, START + timedelta(days=1))
    metered = led.meters()
    for name in dayreport.MONEY:  # the report's money is the ledger's own meters over the epoch
        assert built.total(name) == metered.get(name, 0), name
    return built


def test_the_totals_are_the_ledgers() -> None:
    built = _report()
    assert dict(built.money) == EXPECTED
    vouchers = dict(built.vouchers)
    assert (vouchers["issued_count"], vouchers["issued_value"]) == (2, 9_300)
    assert (vouchers["redeem_count"], vouchers["redeem_value"]) == (1, 5_300)
    assert (vouchers["void_count"], vouchers["void_value"]) == (1, 4_000)
    assert vouchers["outstanding_count"] == 0
    (pay,) = built.handpays
    assert (pay.seat, pay.amount, pay.user, pay.reason) == (2, 1_500, "ann", "jackpot")
    assert dict(built.games) == {"roulette": 1}
    wagers = {w.kind: (w.wagered, w.won) for w in built.wagers}
    assert wagers == {"straight": (100, 3_600), "red": (200, 0), "black": (500, 1_000)}
    events = dict(built.events)
    assert events["BILL_STACKED"] == 2 and events["HANDPAY"] == 1


def test_a_period_with_nothing_in_it_is_all_zero() -> None:
    led = scenario(DAY, open_ledger())
    built = led.day_report(START - timedelta(days=1), START)
    assert all(value == 0 for _, value in built.money) and built.handpays == () and built.games == ()


def test_the_csv_holds_the_same_figures(tmp_path: Path) -> None:
    built = _report()
    target = dayreport.write_csv(built, tmp_path / "day.csv")
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    money = {r["name"]: int(r["value"]) for r in rows if r["section"] == "money"}
    assert money == EXPECTED
    sections = {"period", "money", "games", "vouchers", "handpay", "events", "meters"}
    assert {r["section"] for r in rows} >= sections
