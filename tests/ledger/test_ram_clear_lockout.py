"""``terminal ledger ram-clear`` counts its PINs toward the service lockout, as ``ledger adopt`` does: wrong
PINs there lock the user id (``[service] pin_attempts``, ``lockout_seconds``) across attempts, kept sealed
beside the mark while the broken ledger cannot hold them, and the clear chains them into the new epoch,
where the service screen refuses the locked-out id. A user locked out before the ledger broke is refused
too. Before, ram-clear checked PINs with no count at all: every attempt had fresh tries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from terminal import config
from terminal.desk.auth import LoginError
from terminal.desk.pin_guard import guarded_auth
from terminal.desk.users import UserStore
from terminal.ledger import EventCode, IntegrityError, adopt_pins
from terminal.ledger.broken import stricter_states
from tests.ledger.test_broken_ram_clear import _break_the_chain, _clear
from tests.ledger.test_ledger_guards import _cfg, _events, _ledger, _play
from tests.ledger.two_people import PINS, forge_no_failures, make_users


def _broken(tmp_path: Path, locked: str | None = None) -> tuple[Path, Path, Path]:
    """A played ledger (with ``locked`` locked out at the service screen first) whose chain was broken."""
    cfg = _cfg(tmp_path)
    make_users(cfg)
    _play(tmp_path, rounds=2)
    if locked is not None:
        led = _ledger(tmp_path)
        until = (datetime.now(UTC) + timedelta(minutes=4)).isoformat(timespec="seconds")
        detail = {"user": locked, "client": "service", "failures": 3, "locked_until": until}
        led.log_event(EventCode.SERVICE_PIN, now=datetime.now(UTC), detail=detail)  # as the desk logs it
        led.close()
    db = tmp_path / "var" / "ledger.sqlite"
    _break_the_chain(db)
    return cfg, db, tmp_path / "var" / "ledger.mark"


def test_wrong_pins_at_ram_clear_lock_the_user_out_into_the_new_epoch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg, db, mark = _broken(tmp_path)
    for left in ("2 tries left", "1 tries left", "locked out for 300 s"):  # three separate attempts
        monkeypatch.setitem(PINS, "tom", "9999")
        assert _clear(cfg, monkeypatch, "tom", "ada") == 1
        assert left in capsys.readouterr().err
    monkeypatch.setitem(PINS, "tom", "2222")  # the right PIN now: still locked out
    assert _clear(cfg, monkeypatch, "tom", "ada") == 1
    assert "tom is locked out for" in capsys.readouterr().err
    assert not config.load(cfg).ledger.archive_dir.exists()  # refused: nothing archived
    assert _clear(cfg, monkeypatch, "ada", "liz") == 0  # two others may
    ((_, tom),) = [e for e in _events(db, EventCode.SERVICE_PIN) if e[1]["user"] == "tom"]
    assert tom["failures"] == 3 and tom["locked_until"]
    assert not adopt_pins.pins_path(mark).exists()
    loaded = config.load(cfg)
    store = UserStore.load(loaded.service.users_path)
    with guarded_auth(loaded, store) as auth, pytest.raises(LoginError, match="tom is locked out"):
        auth.check_pin("tom", PINS["tom"], "service")  # the service screen's lockout, from the new epoch


def test_a_user_locked_out_before_the_ledger_broke_cannot_ram_clear(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg, _, _ = _broken(tmp_path, locked="ada")
    assert _clear(cfg, monkeypatch, "tom", "ada") == 1
    assert "ada is locked out for" in capsys.readouterr().err
    with pytest.raises(IntegrityError):
        _ledger(tmp_path)  # still the broken ledger
    assert _clear(cfg, monkeypatch, "tom", "liz") == 0


def test_an_edited_count_file_stops_the_clear(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg, db, mark = _broken(tmp_path)
    monkeypatch.setitem(PINS, "ada", "0000")
    assert _clear(cfg, monkeypatch, "tom", "ada") == 1  # ada: one wrong PIN, kept beside the mark
    forge_no_failures(mark, "ada", "0000")
    monkeypatch.setitem(PINS, "ada", "1111")
    capsys.readouterr()
    before = db.read_bytes()
    assert _clear(cfg, monkeypatch, "tom", "ada") == 1
    assert "HMAC mismatch" in capsys.readouterr().err
    assert db.read_bytes() == before and not config.load(cfg).ledger.archive_dir.exists()


def test_a_lockout_only_the_broken_ledger_holds_is_carried_into_the_new_epoch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """liz was locked out at the service screen before the ledger broke, and nobody types her id at the
    clear: the new epoch still locks her out (it used to start her with fresh tries)."""
    cfg, db, _ = _broken(tmp_path, locked="liz")
    assert _clear(cfg, monkeypatch, "tom", "ada") == 0
    ((_, liz),) = [e for e in _events(db, EventCode.SERVICE_PIN) if e[1]["user"] == "liz"]
    assert liz["failures"] == 3 and liz["locked_until"]
    loaded = config.load(cfg)
    store = UserStore.load(loaded.service.users_path)
    with guarded_auth(loaded, store) as auth, pytest.raises(LoginError, match="liz is locked out"):
        auth.check_pin("liz", PINS["liz"], "service")


def test_the_stricter_of_two_states_keeps_the_most_failures_and_the_latest_lockout() -> None:
    early, late = "2026-11-25T10:00:00+00:00", "2026-11-25T10:05:00"  # the second without an offset: UTC
    kept = {"tom": {"user": "tom", "client": "cli", "failures": 1, "locked_until": late}}
    broken = {
        "tom": {"user": "tom", "client": "service", "failures": 3, "locked_until": early},
        "ada": {"user": "ada", "client": "service", "failures": 2, "locked_until": None},
    }
    merged = stricter_states(broken, kept)
    assert merged["tom"] == {"user": "tom", "client": "cli", "failures": 3, "locked_until": late}
    assert merged["ada"] == broken["ada"]
    assert stricter_states({}, {}) == {}
