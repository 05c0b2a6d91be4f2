"""The end-of-day report as a PDF an auditor signs (A4, fpdf2; the chart alone is drawn by matplotlib).

Every page carries a header (venue, table, gaming day, when the report was made) and a footer (software
version, manifest fingerprint, the ledger's verification result, page N of M). The body: the verification
result in a box, money, games, vouchers, every hand-pay, play by wager (every wager, with hold and RTP, in
a table of numbers), a chart of the largest wagers (extra: the table is the record), events by kind, the
event log up to :data:`EVENT_ROWS` lines and then how many more the CSV holds, every meter, and lines for
the signatures. Amounts are in the table's currency; a money meter too, a count as a count.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

from terminal.assets import AssetNotFoundError, resolve_first
from terminal.ledger.dayreport import DayReport, Provenance, period_text
from terminal.money import find_currency, format_amount

EVENT_ROWS = 200  # event lines in the PDF; every event is in the CSV
CHART_WAGERS = 12  # the chart's bars: the largest by amount wagered (the table lists them all)
_REGULAR = ("assets:fonts/DejaVuSans.ttf", "package:matplotlib/mpl-data/fonts/ttf/DejaVuSans.ttf")
_BOLD = ("assets:fonts/DejaVuSans-Bold.ttf", "package:matplotlib/mpl-data/fonts/ttf/DejaVuSans-Bold.ttf")
_LABELS = {
    "cash_in": "Cash in (bills)", "vouchers_in": "Vouchers in", "wagered": "Wagered",
    "won": "Won (paid back)", "vouchers_out": "Vouchers out", "handpays": "Hand-pays",
    "cash_out": "Credits cancelled", "hold": "Hold (wagered - won)",
    "aft_in": "AFT in (casino system)", "aft_out": "AFT out (casino system)",
    "aft_in_count": "AFT in (count)", "aft_out_count": "AFT out (count)",
}  # fmt: skip
_COUNTS = ("games_played", "door_opens", "void_spins")
_INK, _GREY, _ACCENT, _LIGHT = (31, 41, 51), (82, 96, 109), (29, 78, 137), (238, 242, 246)
_OK, _BAD = ((225, 243, 230), (27, 94, 32)), ((253, 226, 226), (155, 28, 28))
Money = Callable[[int], str]


class _Document(FPDF):
    """The report's pages: the header and footer every page repeats."""

    def __init__(self, report: DayReport, origin: Provenance, title: str) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.report, self.origin, self.title_line = report, origin, title
        self.face = _fonts(self)
        self.set_auto_page_break(auto=True, margin=22)
        self.set_margins(15, 15, 15)
        self.set_title(f"End-of-day report {origin.table_id} {report.start[:10]}")
        self.set_author(origin.venue)
        self.set_creator(f"automated gaming table {origin.software}")

    def header(self) -> None:
        self.set_text_color(*_INK)
        self.set_font(self.face, "B", 15)
        self.cell(0, 7, "End-of-day report", new_x="LMARGIN", new_y="NEXT")
        self.set_font(self.face, "", 9)
        self.cell(0, 5, f"{self.title_line}  ·  {period_text(self.report)}", new_x="LMARGIN", new_y="NEXT")
        self.set_text_color(*_GREY)
        generated = self.origin.generated[:19].replace("T", " ")
        self.cell(0, 5, f"generated {generated} UTC  ·  ledger epoch {self.report.epoch}",
                  new_x="LMARGIN", new_y="NEXT")  # fmt: skip
        if self.origin.games:
            self.cell(0, 5, f"game {self.origin.games}", new_x="LMARGIN", new_y="NEXT")
        self.set_draw_color(*_ACCENT)
        self.line(15, self.get_y() + 1, 195, self.get_y() + 1)
        self.ln(4)

    def footer(self) -> None:
        self.set_y(-17)
        self.set_draw_color(203, 210, 217)
        self.line(15, self.get_y(), 195, self.get_y())
        self.set_font(self.face, "", 7.5)
        self.set_text_color(*_GREY)
        verify = self.origin.verification
        verify = verify if len(verify) <= 90 else verify[:89] + "…"
        self.cell(0, 4.5, f"software {self.origin.software}  ·  manifest {self.origin.manifest}",
                  new_x="LMARGIN", new_y="NEXT")  # fmt: skip
        self.cell(0, 4.5, f"ledger verify {verify}", new_x="LMARGIN", new_y="NEXT")
        self.cell(120, 4.5, f"table {self.origin.table_id}  ·  gaming day {self.report.start[:10]}")
        self.cell(0, 4.5, f"page {self.page_no()} of {{nb}}", align="R")


def _fonts(pdf: FPDF) -> str:
    """DejaVu Sans (every currency sign and accent) where installed, else the PDF core Helvetica."""
    try:
        pdf.add_font("DejaVu", "", str(resolve_first(_REGULAR)))
        pdf.add_font("DejaVu", "B", str(resolve_first(_BOLD)))
    except (AssetNotFoundError, OSError):
        return "helvetica"
    return "DejaVu"


def write_pdf(
    report: DayReport, target: Path, *, origin: Provenance, title: str = ""
) -> Path:
    """Write ``report`` to ``target``; ``origin`` says what it is of and whether the ledger verified."""
    cur = find_currency(origin.currency)

    def money(value: int) -> str:
        return format_amount(value, cur)

    pdf = _Document(report, origin, title or f"{origin.venue}, table {origin.table_id}")
    pdf.add_page()
    _verification(pdf, origin)
    _money_and_games(pdf, report, money)
    _handpays(pdf, report, money)
    _wagers(pdf, report, money)
    _chart(pdf, report, money)
    _software(pdf, report)
    _events(pdf, report)
    _meters(pdf, report, money)
    _signatures(pdf)
    target.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(target))
    return target


def _heading(pdf: _Document, text: str, note: str = "") -> None:
    if pdf.will_page_break(24):
        pdf.add_page()
    pdf.ln(3)
    pdf.set_font(pdf.face, "B", 11.5)
    pdf.set_text_color(*_INK)
    pdf.cell(0, 7, text, new_x="LMARGIN", new_y="NEXT")
    if note:
        pdf.set_font(pdf.face, "", 8.5)
        pdf.set_text_color(*_GREY)
        pdf.multi_cell(0, 4.5, note, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(*_INK)


def _table(pdf: _Document, head: Sequence[str], body: Sequence[Sequence[str]], widths: Sequence[float],
           align: Sequence[str], *, bold_last: bool = False) -> None:  # fmt: skip
    """A table of text; headings repeat on every page it spans."""
    pdf.set_font(pdf.face, "", 8.5)
    style = FontFace(emphasis="BOLD", color=(255, 255, 255), fill_color=_ACCENT)
    with pdf.table(col_widths=tuple(widths), text_align=tuple(align), headings_style=style, line_height=5.2,
                   width=sum(widths), align="LEFT", cell_fill_color=_LIGHT, cell_fill_mode="ROWS",
                   borders_layout="HORIZONTAL_LINES", repeat_headings=1) as table:  # fmt: skip
        table.row(list(head))
        for number, line in enumerate(body, 1):
            emphasis = FontFace(emphasis="BOLD") if bold_last and number == len(body) else None
            row = table.row()
            for text in line:
                row.cell(text, style=emphasis)


def _verification(pdf: _Document, origin: Provenance) -> None:
    fill, ink = _OK if origin.verified else _BAD
    pdf.set_fill_color(*fill)
    pdf.set_text_color(*ink)
    pdf.set_font(pdf.face, "B", 10)
    verdict = "Ledger verified" if origin.verified else (
        "LEDGER DOES NOT VERIFY: these figures are not to be trusted"
    )  # fmt: skip
    pdf.cell(0, 7, f"  {verdict}", fill=True, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(pdf.face, "", 8.5)
    pdf.multi_cell(0, 4.5, f"  ledger verify {origin.verification}", fill=True, new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(*_INK)
    pdf.set_fill_color(255, 255, 255)  # the tables' plain rows are white


def _money_and_games(pdf: _Document, report: DayReport, money: Money) -> None:
    _heading(pdf, "Money of the period", f"amounts in {pdf.origin.currency}; a stake counts when the round "
             f"that resolves it settles (as on the floor); {money(report.in_play)} staked and not resolved "
             "at the end of the period")  # fmt: skip
    rows = [(_LABELS.get(name, name), f"{value:,}" if name.endswith("_count") else money(value))
            for name, value in report.money]  # fmt: skip
    _table(pdf, ("Item", "Amount"), rows, (90, 45), ("LEFT", "RIGHT"), bold_last=True)
    _heading(pdf, "Games played")
    games = [(g, f"{n:,}") for g, n in report.games] or [("no games in this period", "0")]
    _table(pdf, ("Game", "Rounds"), games, (90, 45), ("LEFT", "RIGHT"))
    _heading(pdf, "Vouchers")
    v = dict(report.vouchers)
    vouchers = [
        ("Issued", f"{v.get('issued_count', 0):,}", money(v.get("issued_value", 0))),
        ("Redeemed", f"{v.get('redeem_count', 0):,}", money(v.get("redeem_value", 0))),
        ("Voided", f"{v.get('void_count', 0):,}", money(v.get("void_value", 0))),
        ("Refused at a reader", f"{v.get('refused_count', 0):,}", ""),
        ("Outstanding at the end of the day", f"{v.get('outstanding_count', 0):,}",
         money(v.get("outstanding_value", 0))),
        ("  of which expired", f"{v.get('expired_count', 0):,}", ""),
    ]  # fmt: skip
    _table(pdf, ("Vouchers", "Count", "Value"), vouchers, (90, 30, 45), ("LEFT", "RIGHT", "RIGHT"))


def _handpays(pdf: _Document, report: DayReport, money: Money) -> None:
    count = len(report.handpays)
    _heading(pdf, "Hand-pays", f"{count} in the period, every one listed" if count else "none in the period")
    rows = [(h.time[:19].replace("T", " "), str(h.seat), money(h.amount), h.user or "-", h.reason or "-")
            for h in report.handpays] or [("none", "", "", "", "")]  # fmt: skip
    _table(pdf, ("Time (UTC)", "Seat", "Amount", "Paid by", "Reason"), rows, (34, 12, 28, 28, 78),
           ("LEFT", "RIGHT", "RIGHT", "LEFT", "LEFT"))  # fmt: skip


def _wagers(pdf: _Document, report: DayReport, money: Money) -> None:
    _heading(pdf, "Play by wager", f"every wager settled in the period ({len(report.wagers)} kinds)")
    rows = [(w.game, w.kind, money(w.wagered), money(w.won), money(w.wagered - w.won), _rtp(w.won, w.wagered))
            for w in report.wagers]  # fmt: skip
    staked, won = sum(w.wagered for w in report.wagers), sum(w.won for w in report.wagers)
    rows.append(("all", "every wager", money(staked), money(won), money(staked - won), _rtp(won, staked)))
    _table(pdf, ("Game", "Wager", "Wagered", "Won", "Hold", "RTP"), rows, (22, 50, 30, 30, 28, 20),
           ("LEFT", "LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT"), bold_last=True)  # fmt: skip


def _rtp(won: int, wagered: int) -> str:
    return f"{100 * won / wagered:.1f}%" if wagered else "-"


def _chart(pdf: _Document, report: DayReport, money: Money) -> None:
    """The largest wagers as bars (matplotlib, the lab extra); without it the table above stands alone."""
    if not report.wagers:
        return
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure
    except ImportError:
        return
    lines = sorted(report.wagers, key=lambda w: w.wagered)[-CHART_WAGERS:]
    shown = f"the {len(lines)} largest of {len(report.wagers)} wagers" if len(lines) < len(report.wagers) \
        else f"all {len(lines)} wagers"  # fmt: skip
    _heading(pdf, "Chart: play by wager", f"{shown} by amount wagered; the table above is the record")
    figure = Figure(figsize=(7.2, 0.32 * len(lines) + 1.1), dpi=150)
    ax = figure.add_axes((0.3, 0.16, 0.66, 0.8))
    spots = range(len(lines))
    ax.barh([y + 0.2 for y in spots], [w.wagered for w in lines], 0.4, color="#1d4e89", label="wagered")
    ax.barh([y - 0.2 for y in spots], [w.won for w in lines], 0.4, color="#d98c1f", label="won (paid back)")
    ax.set_yticks(list(spots), [f"{w.kind} ({w.game})" for w in lines], fontsize=8)
    ax.xaxis.set_major_formatter(lambda value, _: money(int(value)))
    ax.tick_params(axis="x", labelsize=7)
    ax.legend(fontsize=7, loc="lower right")
    ax.spines[["top", "right"]].set_visible(False)
    image = io.BytesIO()
    figure.savefig(image, format="png")
    if pdf.will_page_break(figure.get_figheight() * 25.4 * 0.5):
        pdf.add_page()
    pdf.image(image, w=165)


def _software(pdf: _Document, report: DayReport) -> None:
    """The programs that ran in the period, from the ledger's records (not the files of today)."""
    runs = report.software
    note = (
        "the program running when the period began, then each boot's check and each install, as the ledger "
        "recorded them" if runs else "the ledger records no software check up to the period's end"
    )
    _heading(pdf, "Software that ran", note)
    if runs:
        body = [
            (run.time[:19].replace("T", " "), run.check, run.version or "-",
             run.manifest_sha256 or "none (not verified)", run.key[:16] or "-")
            for run in runs
        ]  # fmt: skip
        _table(pdf, ("recorded (UTC)", "check", "version", "manifest SHA-256", "key"), body,
               (30, 14, 16, 94, 26), ("LEFT", "LEFT", "LEFT", "LEFT", "LEFT"))  # fmt: skip


def _events(pdf: _Document, report: DayReport) -> None:
    _heading(pdf, "Events by kind")
    kinds = [(name.replace("_", " ").lower(), f"{n:,}") for name, n in report.events] or [("none", "0")]
    _table(pdf, ("Event", "Count"), kinds, (90, 30), ("LEFT", "RIGHT"))
    log = report.event_log
    more = len(log) - EVENT_ROWS
    note = f"all {len(log)} events of the period" if more <= 0 else (
        f"the first {EVENT_ROWS} of {len(log)} events; {more} more in the CSV"
    )  # fmt: skip
    _heading(pdf, "Event log", note)
    rows = [(e.time[11:19], e.name.replace("_", " ").lower(), "" if e.seat is None else str(e.seat),
             e.user or "", _short(e.detail)) for e in log[:EVENT_ROWS]]  # fmt: skip
    rows = rows or [("", "none", "", "", "")]
    _table(pdf, ("Time", "Event", "Seat", "User", "Detail"), rows, (16, 40, 11, 20, 93),
           ("LEFT", "LEFT", "RIGHT", "LEFT", "LEFT"))  # fmt: skip
    if more > 0:
        pdf.set_font(pdf.face, "B", 9)
        pdf.cell(0, 7, f"{more} more events in the CSV (section 'event').", new_x="LMARGIN", new_y="NEXT")


def _short(detail: str, limit: int = 140) -> str:
    text = "" if detail in ("{}", "") else detail
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _meters(pdf: _Document, report: DayReport, money: Money) -> None:
    _heading(pdf, "Meters", "every meter of the epoch when the report was made (never reset)")
    rows = [(name, f"{value:,}" if _is_count(name) else money(value)) for name, value in report.meters]
    _table(pdf, ("Meter", "Value"), rows or [("none", "")], (125, 45), ("LEFT", "RIGHT"))


def _is_count(name: str) -> bool:
    last = name.rsplit(":", 1)[-1]
    return last.endswith("count") or last in _COUNTS


def _signatures(pdf: _Document) -> None:
    if pdf.will_page_break(100):  # the three blocks below, never split across pages
        pdf.add_page()
    _heading(pdf, "Sign-off", "I have checked this report against the table's meters and the ledger's "
             "verification result above.")  # fmt: skip
    pdf.set_draw_color(*_INK)
    for role in ("Prepared by (attendant or technician)", "Reviewed by (administrator)", "Audited by"):
        pdf.ln(5)
        pdf.set_font(pdf.face, "B", 9)
        pdf.cell(0, 5, role, new_x="LMARGIN", new_y="NEXT")
        y = pdf.get_y() + 11  # room to write above the line
        pdf.set_font(pdf.face, "", 8)
        pdf.set_text_color(*_GREY)
        for x, width, label in ((15, 62, "Name"), (82, 62, "Signature"), (149, 46, "Date")):
            pdf.line(x, y, x + width, y)
            pdf.set_xy(x, y + 0.5)
            pdf.cell(width, 4, label)
        pdf.set_text_color(*_INK)
        pdf.set_xy(15, y + 5)
