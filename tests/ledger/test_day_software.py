"""The end-of-day report names the software that ran that day (GLI-11 item 57), from the ledger's records:
the program running when the gaming day began, then each boot's check and each install in it, and not
the program on disk when the report is made (after an upgrade the next morning, that is another one).
"""

from __future__ import annotations

import csv
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from terminal.ledger import EventCode, Ledger, dayreport
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.ledger.test_ledger_audit_report import ORIGIN
from tests.table.harness import make_config

A, B, C = "a1" * 32, "b2" * 32, "c3" * 32
KEY = "f0" * 32
DAY = datetime(2026, 11, 25, 6, tzinfo=UTC), datetime(2026, 11, 26, 6, tzinfo=UTC)


def _at(hour: int, day: int = 25) -> datetime:
    return datetime(2026, 11, day, hour, 30, tzinfo=UTC)


def _ran(sha: str, version: str) -> dict[str, str]:
    return {"manifest_sha256": sha, "fingerprint": KEY, "version": version}


@pytest.fixture
def ledger(tmp_path: Path) -> Ledger:
    """Boots and an install as the ledger records them: A the day before, B installed at 14:30 and booted,
    an on-demand check, then C installed the next morning (after the day), when the report is made."""
    made = Ledger(tmp_path / "ledger.sqlite", bytes(32), now=_at(0, 24))
    records = [
        (_at(20, 24), EventCode.SOFTWARE_VERIFY_PASS, _ran(A, "1.0")),
        (_at(5), EventCode.SOFTWARE_VERIFY_PASS, _ran(A, "1.0")),
        (_at(14), EventCode.SOFTWARE_INSTALL, _ran(B, "1.1")),
        (_at(15), EventCode.SOFTWARE_VERIFY_PASS, _ran(B, "1.1")),
        (_at(16), EventCode.SOFTWARE_VERIFY_PASS, {"detail": "ok", "on_demand": True}),  # names no manifest
        (_at(17), EventCode.SOFTWARE_VERIFY_SKIPPED, {"detail": "no manifest", "version": "dev"}),
        (_at(7, 26), EventCode.SOFTWARE_INSTALL, _ran(C, "1.2")),
    ]
    for when, code, detail in records:
        made.log_event(code, now=when, detail=detail)
    return made


def test_the_day_report_names_the_programs_that_ran_that_day(ledger: Ledger, tmp_path: Path) -> None:
    report = ledger.day_report(*DAY)
    seen = [(run.check, run.manifest_sha256, run.version) for run in report.software]
    assert seen == [
        ("pass", A, "1.0"),  # running when the day began (booted at 05:30)
        ("install", B, "1.1"),
        ("pass", B, "1.1"),  # the 16:30 on-demand check repeats it: names the trusted B, left out
        ("skipped", "", "dev"),  # a development build ran at 17:30: said so
    ], seen
    assert report.software[0].time.startswith("2026-11-25T05:30")
    assert all(C not in run.text() for run in report.software)  # the next morning's install is not the day's
    written = dayreport.write_csv(report, tmp_path / "day.csv", ORIGIN)
    with written.open(encoding="utf-8") as handle:
        software = [row for row in csv.DictReader(handle) if row["section"] == "software"]
    assert [row["value"] for row in software] == [run.text() for run in report.software]
    assert f"manifest SHA-256 {A}, key {KEY[:16]} (pass)" in software[0]["value"]
    assert software[-1]["value"] == "version dev, no manifest (skipped)"


@pytest.mark.slow  # a second of fpdf2
def test_the_pdf_lists_the_software_that_ran(ledger: Ledger, tmp_path: Path) -> None:
    from terminal.ledger import daypdf

    written = daypdf.write_pdf(ledger.day_report(*DAY), tmp_path / "day.pdf", origin=ORIGIN)
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(written).pages).split())
    assert "Software that ran" in text and "none (not verified)" in text
    squeezed = text.replace(" ", "")
    assert A in squeezed and B in squeezed and C not in squeezed


def test_a_boot_records_the_manifest_and_version_it_ran(tmp_path: Path) -> None:
    table = boot(make_config(tmp_path, ""), ManualClock(DAY[0].timestamp() + 60))
    (event,) = table.ledger.events(EventCode.SOFTWARE_VERIFY_SKIPPED)  # a checkout: no manifest
    detail = json.loads(event.detail)
    assert detail["manifest_sha256"] == "" and detail["version"]
    (run,) = table.ledger.day_report(*DAY).software
    assert run.check == "skipped" and run.version == detail["version"]
    table.ledger.close()
