"""The end-of-day report as a PDF (A4): money table and a chart of play by wager, then vouchers, hand-pays,
games and events. Drawn with matplotlib's PDF backend (the ``lab`` extra); amounts in the table's currency.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from terminal.ledger.dayreport import DayReport
from terminal.money import find_currency, format_amount

A4 = (8.27, 11.69)
_LABELS = {
    "cash_in": "Cash in (bills)", "vouchers_in": "Vouchers in", "wagered": "Wagered",
    "won": "Won (paid back)", "vouchers_out": "Vouchers out", "handpays": "Hand-pays",
    "cash_out": "Credits cancelled", "hold": "Hold",
}  # fmt: skip
_ROW = 0.026  # a table row's height, as a fraction of the page
_INK, _LIGHT, _ACCENT, _WON = "#1f2933", "#eef2f6", "#1d4e89", "#d98c1f"


def write_pdf(
    report: DayReport, target: Path, *, currency: str = "USD", title: str = "", verification: str = ""
) -> Path:
    """Write ``report`` to ``target`` as a two-page PDF; ``title`` names the venue and table."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    cur = find_currency(currency)

    def money(value: int) -> str:
        return format_amount(value, cur)

    target.parent.mkdir(parents=True, exist_ok=True)
    with PdfPages(target, metadata={"Title": f"End-of-day report {title}".strip()}) as pdf:
        first = Figure(figsize=A4)
        _header(first, report, title)
        rows = [(_LABELS[n], money(v)) for n, v in report.money]
        bottom = _table(first, 0.87, ("Money", "Amount"), rows, (0.6, 0.4), bold_last=True)
        _chart(first, report, money, bottom - 0.08)
        pdf.savefig(first)
        second = Figure(figsize=A4)
        _header(second, report, title, page=2)
        vouchers = _voucher_rows(dict(report.vouchers), money)
        top = _table(second, 0.87, ("Vouchers", "Count", "Value"), vouchers)
        games = [(g, f"{n:,}") for g, n in report.games] or [("no games", "0")]
        top = _table(second, top - 0.03, ("Games played", "Count"), games, (0.6, 0.4))
        pays = [(h.time[:19].replace("T", " "), f"seat {h.seat}", money(h.amount), h.user or "-")
                for h in report.handpays] or [("none", "", "", "")]  # fmt: skip
        heads = ("Hand-pay time (UTC)", "Seat", "Amount", "Paid by")
        if len(pays) > 10:
            pays = [*pays[:9], (f"... and {len(pays) - 9} more (see the CSV)", "", "", "")]
        top = _table(second, top - 0.03, heads, pays)
        events = [(name.replace("_", " ").lower(), f"{n:,}") for name, n in report.events] or [("none", "0")]
        room = max(1, int((top - 0.09) / _ROW) - 1)
        _table(second, top - 0.03, ("Events", "Count"), events[:room], (0.6, 0.4))
        pdf.savefig(second)
    return target


def _header(fig: Any, report: DayReport, title: str, page: int = 1) -> None:
    fig.text(0.08, 0.95, "End-of-day report", fontsize=20, weight="bold", color=_INK)
    fig.text(0.08, 0.925, title, fontsize=11, color=_INK)
    period = f"{report.start[:19].replace('T', ' ')}  to  {report.end[:19].replace('T', ' ')} UTC"
    fig.text(0.08, 0.905, f"Period {period}    ledger epoch {report.epoch}", fontsize=9, color="#52606d")
    fig.text(0.92, 0.95, f"page {page} of 2", fontsize=9, color="#52606d", ha="right")


def _voucher_rows(v: dict[str, int], money: Any) -> list[tuple[str, ...]]:
    return [
        ("Issued", f"{v.get('issued_count', 0):,}", money(v.get("issued_value", 0))),
        ("Redeemed", f"{v.get('redeem_count', 0):,}", money(v.get("redeem_value", 0))),
        ("Voided", f"{v.get('void_count', 0):,}", money(v.get("void_value", 0))),
        ("Refused at a reader", f"{v.get('refused_count', 0):,}", ""),
        ("Outstanding at end", f"{v.get('outstanding_count', 0):,}", money(v.get("outstanding_value", 0))),
        ("  of which expired", f"{v.get('expired_count', 0):,}", ""),
    ]


def _table(fig: Any, top: float, head: Sequence[str], body: Sequence[Sequence[str]],
           widths: Sequence[float] = (), *, bold_last: bool = False) -> float:  # fmt: skip
    """A table with its top at ``top`` (figure fraction), a fixed height per row; returns its bottom."""
    height = _ROW * (len(body) + 1)
    ax = fig.add_axes((0.08, top - height, 0.84, height))
    ax.axis("off")
    columns = list(widths) or [0.4] + [0.6 / (len(head) - 1)] * (len(head) - 1)
    table = ax.table(cellText=[list(r) for r in body], colLabels=list(head), colWidths=columns,
                     cellLoc="left", colLoc="left", bbox=(0, 0, 1, 1))  # fmt: skip
    table.auto_set_font_size(False)
    table.set_fontsize(9.5)
    for (row, col), cell in table.get_celld().items():
        cell.set_edgecolor("#cbd2d9")
        if col > 0:
            cell.get_text().set_horizontalalignment("right")
        if row == 0:
            cell.set_facecolor(_ACCENT)
            cell.get_text().set_color("white")
            cell.get_text().set_weight("bold")
        elif row % 2 == 0:
            cell.set_facecolor(_LIGHT)
        if bold_last and row == len(body):
            cell.get_text().set_weight("bold")
    return top - height


def _chart(fig: Any, report: DayReport, money: Any, top: float) -> None:
    ax = fig.add_axes((0.30, 0.08, 0.62, top - 0.08))
    lines = sorted(report.wagers, key=lambda w: w.wagered)[-12:]
    if not lines:
        ax.axis("off")
        ax.text(0.5, 0.5, "no wagers settled in this period", ha="center", color="#52606d")
        return
    names = [f"{w.kind} ({w.game})" for w in lines]
    spots = range(len(lines))
    ax.barh([y + 0.2 for y in spots], [w.wagered for w in lines], 0.4, color=_ACCENT, label="wagered")
    ax.barh([y - 0.2 for y in spots], [w.won for w in lines], 0.4, color=_WON, label="won (paid back)")
    ax.set_yticks(list(spots), names, fontsize=9)
    ax.xaxis.set_major_formatter(lambda value, _: money(int(value)))
    ax.tick_params(axis="x", labelsize=8, rotation=30)
    ax.set_title("Play by wager in the period", fontsize=12, loc="left", color=_INK)
    ax.set_xlim(0, 1.22 * max(max(w.wagered, w.won) for w in lines))
    ax.legend(fontsize=9, loc="lower right", frameon=True, framealpha=0.9, edgecolor="#cbd2d9")
    ax.spines[["top", "right"]].set_visible(False)
    for y, w in zip(spots, lines, strict=True):
        rtp = f"{100 * w.won / w.wagered:.1f}%" if w.wagered else "-"
        ax.text(max(w.wagered, w.won), y, f"  RTP {rtp}", va="center", fontsize=8, color="#52606d")
