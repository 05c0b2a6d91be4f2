"""``terminal ledger adopt`` counts its PINs toward the service lockout: wrong PINs there lock the user id as
at the service screen (``[service] pin_attempts``, ``lockout_seconds``), a user locked out at the screen is
refused there, the counts survive between attempts while the database cannot hold them (kept sealed beside
the mark) and are chained into the ledger by the adoption. Before, adopt checked PINs with no count at all:
every new attempt had fresh tries and a locked-out user adopted."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlite_utils

from terminal.ledger import EventCode, adopt_pins, highwater
from tests.ledger.test_ledger_guards import KEY, _cfg, _ledger, _play
from tests.ledger.two_people import PINS, adopt_as_two, forge_no_failures, make_users


def _behind(tmp_path: Path) -> tuple[Path, Path, highwater.Mark]:
    """A database restored from an older copy: behind its mark, as adopt finds it."""
    cfg = _cfg(tmp_path)
    make_users(cfg)  # with the right PINs, before a test tries wrong ones
    db, mark = tmp_path / "var" / "ledger.sqlite", tmp_path / "var" / "ledger.mark"
    _play(tmp_path)
    shutil.copy(db, tmp_path / "older.sqlite")
    _play(tmp_path)
    shutil.copy(tmp_path / "older.sqlite", db)
    before = highwater.load(mark, KEY)
    assert before is not None
    return cfg, mark, before


def _lost(db: Path, mark: highwater.Mark) -> int:
    with sqlite_utils.Database(db) as older:
        return mark.rows - sum(older.execute(f"SELECT count(*) FROM [{t}]").fetchone()[0] for t in mark.heads)


def _service_pins(db: Path) -> dict[str, dict[str, object]]:
    with sqlite_utils.Database(db) as found:
        rows = found.execute(
            "SELECT detail FROM events WHERE code = ? ORDER BY id", [int(EventCode.SERVICE_PIN)]
        )
        return {d["user"]: d for d in (json.loads(text) for (text,) in rows)}


def test_wrong_pins_at_adopt_lock_the_user_out_across_attempts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg, mark, before = _behind(tmp_path)
    lost = str(_lost(tmp_path / "var" / "ledger.sqlite", before))
    for left in ("2 tries left", "1 tries left", "locked out for 300 s"):  # three separate processes
        monkeypatch.setitem(PINS, "ada", "9999")
        assert adopt_as_two(cfg, monkeypatch, typed=lost) == 1
        assert left in capsys.readouterr().err
    monkeypatch.setitem(PINS, "ada", "1111")  # the right PIN now: still locked out
    assert adopt_as_two(cfg, monkeypatch, typed=lost) == 1
    assert "ada is locked out for" in capsys.readouterr().err
    assert highwater.load(mark, KEY) == before  # refused: nothing adopted
    assert adopt_as_two(cfg, monkeypatch, admin="liz", typed=lost) == 0  # another administrator may
    pins = _service_pins(tmp_path / "var" / "ledger.sqlite")  # ada's lockout went into the adopted ledger
    assert pins["ada"]["failures"] == 3 and pins["ada"]["locked_until"]
    assert not adopt_pins.pins_path(mark).exists()


def test_a_user_locked_out_at_the_service_screen_cannot_adopt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    make_users(cfg)
    led = _ledger(tmp_path)
    until = (datetime.now(UTC) + timedelta(minutes=4)).isoformat(timespec="seconds")
    detail = {"user": "tom", "client": "service", "failures": 3, "locked_until": until}
    led.log_event(EventCode.SERVICE_PIN, now=datetime.now(UTC), detail=detail)  # as the service desk logs it
    led.close()
    (tmp_path / "var" / "ledger.mark").unlink()  # a ledger the mark does not follow
    assert adopt_as_two(cfg, monkeypatch, "ada", "tom") == 1
    assert "tom is locked out for" in capsys.readouterr().err
    assert not (tmp_path / "var" / "ledger.mark").exists()


def test_an_edited_count_file_is_refused_not_taken_as_no_failures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg, mark, before = _behind(tmp_path)
    monkeypatch.setitem(PINS, "tom", "0000")
    assert adopt_as_two(cfg, monkeypatch) == 1  # tom: one wrong PIN, kept beside the mark
    forge_no_failures(mark, "tom", "0000")
    monkeypatch.setitem(PINS, "tom", "2222")
    capsys.readouterr()
    assert adopt_as_two(cfg, monkeypatch, typed=str(_lost(tmp_path / "var" / "ledger.sqlite", before))) == 1
    assert "HMAC mismatch" in capsys.readouterr().err
    assert highwater.load(mark, KEY) == before
