"""``terminal ledger verify|report|export`` end to end on a ledger written through the facade."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
import sqlite_utils

from terminal import config
from terminal.cli import main
from terminal.ledger import Ledger, report
from tests.ledger.ledger_scenario import START, Runner


@pytest.fixture
def table(tmp_path: Path) -> Path:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[ledger]\npath = var/ledger.sqlite\nkey_path = keys/ledger.key\n", encoding="utf-8")
    led = Ledger.from_config(config.load(cfg), now=START)
    Runner(led).run("""
        bill 1 20.00
        bill 2 100.00
        round roulette
        wager a 1 red red 5.00
        wager b 2 straight 17 10.00
        outcome {"pocket": 17}
        settle a lose 0
        settle b win 360.00
        end
        voucher 2 v
        redeem v 3
        handpay 3 400.00
    """)
    led.close()
    return cfg


def test_verify_passes_then_names_the_first_bad_row(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ledger", "verify", "--config", str(table)]) == 0
    assert capsys.readouterr().out.startswith("OK: ")
    db_path = table.parent / "var" / "ledger.sqlite"
    with sqlite_utils.Database(db_path) as db:
        db.execute("DROP TRIGGER wagers_no_update")
        db.execute("UPDATE wagers SET stake = 1 WHERE id = 2")
        db.execute(
            "CREATE TRIGGER wagers_no_update BEFORE UPDATE ON wagers BEGIN SELECT RAISE(ABORT, 'x'); END"
        )
    assert main(["ledger", "verify", "--config", str(table), "--db", str(db_path)]) == 1
    assert "wagers row 2: HMAC mismatch" in capsys.readouterr().out


def test_report_json_has_the_totals_and_the_identity(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ledger", "report", "--json", "--config", str(table)]) == 0
    totals = json.loads(capsys.readouterr().out)
    # by hand: in 2000 + 10000; wagered 1500; won 36000; voucher 2 = 10000 - 1000 + 36000 = 45000 out and in;
    # hand-pay 40000 from seat 3 leaves 5000; seat 1 has 1500
    expected = {"cash_in": 12000, "cash_out": 0, "vouchers_in": 45000, "vouchers_out": 45000, "wagered": 1500,
                "won": 36000, "in_play": 0, "seat_credits": 6500, "handpays": 40000}  # fmt: skip
    assert {k: totals[k] for k in report.KEYS} == expected
    assert totals["identity_holds"] is True
    assert main(["ledger", "report", "--config", str(table)]) == 0
    assert "holds" in capsys.readouterr().out


def test_export_writes_every_table(table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "audit"
    assert main(["ledger", "export", "--config", str(table), "--out", str(out)]) == 0
    names = {p.stem for p in out.glob("*.csv")}
    assert {"transactions", "postings", "events", "vouchers", "meters", "heads", "wagers"} <= names
    with (out / "postings.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert sum(int(r["amount"]) for r in rows) == 0 and len(rows[0]["tag"]) == 64


def test_a_missing_ledger_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ledger", "report", "--db", str(tmp_path / "none.sqlite")]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_export_to_a_folder_that_cannot_be_made_names_the_folder(
    table: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    out = blocker / "audit"
    assert main(["ledger", "export", "--config", str(table), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"cannot write CSV files to {out}" in err and "could not be exported" not in err
    assert err.count("\n") == 1


def test_a_bad_report_day_is_named_as_a_date(table: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["ledger", "report", "--config", str(table), "--day", "2026-13-45"])
    assert exited.value.code == 2
    assert "'2026-13-45' is not a date YYYY-MM-DD" in capsys.readouterr().err
