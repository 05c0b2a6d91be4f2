"""An end-of-day report an auditor signs: every wager in a table of numbers, every event or an explicit
"N more in the CSV", a header and footer on every page (table, gaming day, time generated, software and
manifest fingerprint, ledger verify result, page N of M), signature lines; a CSV that says its currency,
table and units. The PDF's text is read back with pypdf.

Before, the PDF was two matplotlib figures: the chart kept only the 12 largest wagers, events were cut
without a word, and neither page said when it was made, by which software, or whether the ledger verified.
"""

from __future__ import annotations

import csv
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from pypdf import PdfReader

from terminal.ledger import EventCode, daypdf, dayreport
from tests.ledger.ledger_scenario import START, open_ledger, scenario

KINDS = [f"kind_{n:02d}" for n in range(1, 17)]  # sixteen wager kinds: more than any chart shows
ORIGIN = dayreport.Provenance(
    "Test venue",
    "T-07",
    "USD",
    "2026-03-02T06:00:00.000000Z",
    "9.8.7",
    "SHA-256 ab12 cd34 …",
    "OK: 1234 rows verified up to the high-water mark",
)


def _story() -> str:
    lines = ["bill 1 100.00", "bill 1 100.00", "round roulette"]
    for n, kind in enumerate(KINDS, 1):
        lines.append(f"wager w{n} 1 {kind} spot{n} {n}.00")
    lines.append('outcome {"pocket": 17}')
    for n in range(1, len(KINDS) + 1):
        lines.append(f"settle w{n} {'win' if n % 2 else 'lose'} {2 * n if n % 2 else 0}.00")
    lines.append("end")
    return "\n".join(lines)


def _built(events: int = 0) -> dayreport.DayReport:
    led = scenario(_story(), open_ledger())
    for _ in range(events):
        led.log_event(EventCode.COMMS_LOSS, now=START, seat=2)
    return led.day_report(START - timedelta(hours=12), START + timedelta(hours=12))


def _pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


FAILED = replace(ORIGIN, verification="FAILED after 3 rows: wagers row 2: HMAC mismatch")


@pytest.fixture(scope="module")
def short_day(tmp_path_factory: pytest.TempPathFactory) -> tuple[dayreport.DayReport, list[str]]:
    """The day with 3 events, all of which the PDF lists, and its PDF's pages as text (read only).

    Made of a ledger that did not verify (:data:`FAILED`): the tests of its figures do not depend on the
    verification result, and the test of the failed first page reads the same PDF instead of a third one
    (the long day's PDF is of a ledger that verified)."""
    built = _built(events=3)
    return built, _pages(daypdf.write_pdf(built, tmp_path_factory.mktemp("pdf") / "small.pdf", origin=FAILED))


def test_every_wager_is_in_a_table_with_its_figures(short_day: tuple[dayreport.DayReport, list[str]]) -> None:
    text = "\n".join(short_day[1])
    for n, kind in enumerate(KINDS, 1):
        won = f"${2 * n}.00" if n % 2 else "$0.00"
        row = next(line for line in text.splitlines() if f" {kind} " in f" {line} ")
        assert f"${n}.00" in row and won in row, row  # wagered n.00, won 2n.00 or nothing
    # all 16: wagered 1 + ... + 16 = 136.00; won 2 * (1 + 3 + ... + 15) = 128.00
    total = next(line for line in text.splitlines() if line.startswith("all every wager"))
    assert "$136.00" in total and "$128.00" in total
    assert "the 12 largest of 16 wagers by amount wagered; the table above is the record" in text


@pytest.fixture(scope="module")
def long_day(tmp_path_factory: pytest.TempPathFactory) -> tuple[dayreport.DayReport, list[str]]:
    """A day of 450 events, more than the PDF lists, and its PDF's pages as text (read only by the tests;
    the two that need a PDF of many pages share it: fpdf2 lays it out in about a second)."""
    built = _built(events=450)
    return built, _pages(daypdf.write_pdf(built, tmp_path_factory.mktemp("pdf") / "day.pdf", origin=ORIGIN))


def test_every_page_has_the_header_and_footer_and_page_numbers(
    long_day: tuple[dayreport.DayReport, list[str]],
) -> None:
    _, pages = long_day
    assert len(pages) > 3
    for number, text in enumerate(pages, 1):
        assert "End-of-day report" in text and "table T-07" in text and "gaming day 2026-03-01" in text
        assert "gaming day 2026-03-01, 00:00 to 00:00 UTC" in text  # the period it covers, in the header
        assert "generated 2026-03-02 06:00:00 UTC" in text
        assert "software 9.8.7" in text and "manifest SHA-256 ab12 cd34" in text
        assert "ledger verify OK: 1234 rows verified up to the high-water mark" in text
        assert f"page {number} of {len(pages)}" in text
    last = pages[-1]
    assert "Prepared by" in last and "Reviewed by (administrator)" in last and "Signature" in last


def test_events_are_all_there_or_the_pdf_says_how_many_more_the_csv_has(
    tmp_path: Path,
    long_day: tuple[dayreport.DayReport, list[str]],
    short_day: tuple[dayreport.DayReport, list[str]],
) -> None:
    built, pages = long_day
    logged = len(built.event_log)
    assert logged > daypdf.EVENT_ROWS
    text = "\n".join(pages)
    more = logged - daypdf.EVENT_ROWS
    assert f"{more} more events in the CSV" in text
    target = dayreport.write_csv(built, tmp_path / "day.csv", ORIGIN)
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert sum(r["section"] == "event" for r in rows) == logged  # the CSV has every one
    small, pages = short_day
    text = "\n".join(pages)
    assert f"all {len(small.event_log)} events of the period" in text and "more events" not in text


def test_the_first_page_says_whether_the_ledger_verified(
    short_day: tuple[dayreport.DayReport, list[str]], long_day: tuple[dayreport.DayReport, list[str]]
) -> None:
    first = short_day[1][0]
    assert "LEDGER DOES NOT VERIFY" in first and "wagers row 2: HMAC mismatch" in first
    assert "Ledger verified" not in "\n".join(short_day[1])
    assert "Ledger verified" in long_day[1][0]  # (test_ledger_dayreport wrote a PDF of its own for this)
    assert "DOES NOT VERIFY" not in "\n".join(long_day[1])  # said only of the ledger that failed


def test_the_csv_says_its_currency_table_and_units(tmp_path: Path) -> None:
    target = dayreport.write_csv(_built(), tmp_path / "day.csv", ORIGIN)
    with target.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    head = {r["name"]: r["value"] for r in rows if r["section"] == "report"}
    assert head["currency"] == "USD" and head["table_id"] == "T-07" and head["venue"] == "Test venue"
    assert head["units"] == "amounts are integers of the minor unit of USD (100 = 1.00)"
    assert head["ledger_verify"] == ORIGIN.verification and head["software"] == "9.8.7"
    assert rows[0]["section"] == "report"  # before any figure
