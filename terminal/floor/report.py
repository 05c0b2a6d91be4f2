"""The floor report: every table's meters of a gaming day (or of all days), and the floor's totals.

Per table: game, coin-in (wagered), coin-out (won, stakes returned included), win (coin-in − coin-out),
hold (win / coin-in), the PAR hold (theoretical win / coin-in, the theoretical win being each wager's
coin-in times its exact house edge from the table's PAR sheet), games, cash in, vouchers in and out,
hand-pays. Under them, the floor's alerts (forged vouchers refused, messages nobody accepted signed,
vouchers closed twice), newest first. The floor's line is the sum of the tables' lines, and each table's
line is the sum of the meters deltas its ledger published: the same numbers the table's own ledger holds.

>>> row = TableLine.of("T-01", "roulette", {"wagered": 1000, "won": 900, "wager:roulette:red:wagered": 1000},
...                    {"roulette:red": "1/19"})
>>> row.win, row.hold_pct(), row.par_pct()
(100, '10.00', '5.26')
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, fields
from fractions import Fraction
from pathlib import Path
from typing import Any

from terminal.ledger.floorstore import FloorStore
from terminal.money import find_currency, format_amount

#: The newest alerts the text report lists one by one.
SHOWN_ALERTS = 20
#: The meters a line shows, in its columns' order, and their headings.
COLUMNS = {
    "coin_in": "Coin-in", "coin_out": "Coin-out", "win": "Win", "games": "Games", "cash_in": "Cash in",
    "vouchers_in": "Vouchers in", "vouchers_out": "Vouchers out", "handpays": "Hand-pays",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table's (or the floor's) figures for the period, in minor units."""

    table: str
    game: str
    coin_in: int
    coin_out: int
    win: int
    theo: Fraction
    theo_coin_in: int  # coin-in of wagers whose house edge is known
    games: int
    cash_in: int
    vouchers_in: int
    vouchers_out: int
    handpays: int

    @classmethod
    def of(cls, table: str, game: str, meters: dict[str, int], par: dict[str, str]) -> TableLine:
        """A table's line from its meters of the period and its PAR edges (``game:wager`` → ``"p/q"``)."""
        theo, known = Fraction(0), 0
        for name, value in meters.items():
            scope, _, rest = name.partition(":")
            if scope == "wager" and rest.endswith(":wagered") and rest.removesuffix(":wagered") in par:
                theo += value * Fraction(par[rest.removesuffix(":wagered")])
                known += value
        coin_in, coin_out = meters.get("wagered", 0), meters.get("won", 0)
        return cls(table, game, coin_in, coin_out, coin_in - coin_out, theo, known,
                   meters.get("games_played", 0), meters.get("cash_in", 0), meters.get("vouchers_in", 0),
                   meters.get("vouchers_out", 0), meters.get("handpays", 0))  # fmt: skip

    def plus(self, other: TableLine) -> TableLine:
        """The sum of two lines (the floor's totals)."""
        summed: dict[str, Any] = {"table": "FLOOR", "game": ""}
        for f in fields(self)[2:]:
            summed[f.name] = getattr(self, f.name) + getattr(other, f.name)
        return TableLine(**summed)

    def hold_pct(self) -> str:
        """Actual hold, percent of coin-in (``-`` without play)."""
        return f"{self.win * 100 / self.coin_in:.2f}" if self.coin_in else "-"

    def par_pct(self) -> str:
        """PAR hold, percent of the coin-in whose house edge is known (``-`` without it)."""
        return f"{float(self.theo * 100 / self.theo_coin_in):.2f}" if self.theo_coin_in else "-"


@dataclass(frozen=True, slots=True)
class FloorReport:
    """The floor report of ``day`` (``None``: every day together)."""

    day: str | None
    lines: tuple[TableLine, ...]
    total: TableLine
    outstanding: tuple[dict[str, Any], ...]
    alerts: tuple[dict[str, Any], ...] = ()

    def text(self, currency: str) -> list[str]:
        """The report as lines of text for a terminal."""
        cur = find_currency(currency)
        head = f"{'table':<10}{'game':<10}" + "".join(f"{h:>15}" for h in COLUMNS.values())
        out = [f"floor report, gaming day {self.day or 'all days'}", head + f"{'hold %':>9}{'PAR %':>8}"]
        for line in (*self.lines, self.total):
            cells = [_cell(line, key, cur) for key in COLUMNS]
            out.append(f"{line.table:<10}{line.game:<10}" + "".join(f"{c:>15}" for c in cells)
                       + f"{line.hold_pct():>9}{line.par_pct():>8}")  # fmt: skip
        value = sum(int(v["amount"]) for v in self.outstanding)
        out.append(f"outstanding vouchers: {len(self.outstanding)}, {format_amount(value, cur)}")
        out.append(f"alerts: {len(self.alerts)}")
        for alert in self.alerts[:SHOWN_ALERTS]:
            out.append(f"  ALERT {alert['time'] or '-'} {alert['table']}: {alert['problem']}")
        if len(self.alerts) > SHOWN_ALERTS:
            out.append(f"  ... and {len(self.alerts) - SHOWN_ALERTS} older (the floor page lists them)")
        return out


def _cell(line: TableLine, key: str, cur: Any) -> str:
    value = getattr(line, key)
    return str(value) if key == "games" else format_amount(value, cur)


def build(store: FloorStore, day: str | None) -> FloorReport:
    """The report of gaming day ``day`` (``YYYY-MM-DD``) or, with ``None``, of every day together."""
    known = {t["table_id"]: t for t in store.tables()}
    metered = store.meters(day)
    lines = []
    for table, meters in sorted(metered.items()):
        about = known.get(table, {})
        lines.append(TableLine.of(table, str(about.get("game") or ""), meters, about.get("par", {})))
    total = TableLine.of("FLOOR", "", {}, {})
    for line in lines:
        total = total.plus(line)
    return FloorReport(day, tuple(lines), total, tuple(store.vouchers("outstanding")), tuple(store.alerts()))


def write_csv(report: FloorReport, target: Path) -> Path:
    """The report as CSV: one row per table and the floor's, amounts in minor units."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["day", "table", "game", *COLUMNS, "hold_pct", "par_pct"])
        for line in (*report.lines, report.total):
            writer.writerow([report.day or "all", line.table, line.game, *(getattr(line, k) for k in COLUMNS),
                             line.hold_pct(), line.par_pct()])  # fmt: skip
    return target


def write_pdf(report: FloorReport, target: Path, *, currency: str, venue: str) -> Path:
    """The report as a one-page PDF (A4 landscape): the table of lines and hold against PAR per table."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    cur = find_currency(currency)
    figure = Figure(figsize=(11.69, 8.27))
    figure.text(0.04, 0.95, f"{venue}: floor report, gaming day {report.day or 'all days'}", fontsize=15,
                weight="bold")  # fmt: skip
    rows = [[line.table, line.game, *(_cell(line, k, cur) for k in COLUMNS), line.hold_pct(), line.par_pct()]
            for line in (*report.lines, report.total)]  # fmt: skip
    grid = figure.add_axes((0.04, 0.45, 0.92, 0.45))
    grid.axis("off")
    table = grid.table(cellText=rows, colLabels=["Table", "Game", *COLUMNS.values(), "Hold %", "PAR %"],
                       loc="upper center", cellLoc="right")  # fmt: skip
    table.auto_set_font_size(False)
    table.set_fontsize(8)
    chart = figure.add_axes((0.08, 0.08, 0.86, 0.3))
    names = [line.table for line in report.lines]
    held = [line.win * 100 / line.coin_in if line.coin_in else 0.0 for line in report.lines]
    par = [float(line.theo * 100 / line.theo_coin_in) if line.theo_coin_in else 0.0 for line in report.lines]
    spots = range(len(names))
    chart.bar([x - 0.2 for x in spots], held, width=0.4, label="Hold %", color="#1d4e89")
    chart.bar([x + 0.2 for x in spots], par, width=0.4, label="PAR %", color="#d98c1f")
    chart.set_xticks(list(spots), names)
    chart.legend()
    value = sum(int(v["amount"]) for v in report.outstanding)
    figure.text(0.04, 0.41, f"Outstanding vouchers: {len(report.outstanding)}, {format_amount(value, cur)}")
    target.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(target, format="pdf")
    return target
