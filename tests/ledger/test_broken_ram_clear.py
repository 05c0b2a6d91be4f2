"""A ledger that cannot verify is still cleared by the two-person RAM clear, which archives the broken file.

The table refuses to open such a ledger (so service mode cannot reach it): ``terminal ledger ram-clear``
is the same act from the command line, two technicians or administrators with their PINs.
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from terminal import config
from terminal.cli import main
from terminal.ledger import EventCode, IntegrityError
from tests.ledger.test_ledger_guards import _cfg, _events, _ledger, _play
from tests.ledger.two_people import PINS, make_users


def _clear(cfg: Path, monkeypatch: pytest.MonkeyPatch, user: str, second: str, typed: str = "CLEAR") -> int:
    lines = f"{PINS.get(user, '0000')}\n{PINS.get(second, '0000')}\n{typed}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    return main(["ledger", "ram-clear", "--config", str(cfg), "--user", user, "--second", second])


def _break_the_chain(db: Path) -> None:  # (two rounds played: a checkpoint exists)
    """The last checkpoint rewritten from outside, past the append-only trigger: the start-up verification
    fails, so the table refuses to open the ledger."""
    outside = sqlite3.connect(db)
    outside.execute("DROP TRIGGER checkpoints_no_update")
    last = "(SELECT max(id) FROM checkpoints)"
    outside.execute(f"UPDATE checkpoints SET heads = heads || ' ' WHERE id = {last}")
    outside.commit()
    outside.close()


def test_a_ledger_that_does_not_verify_is_archived_and_a_new_epoch_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    make_users(cfg)
    _play(tmp_path, rounds=2)
    db = tmp_path / "var" / "ledger.sqlite"
    _break_the_chain(db)
    with pytest.raises(IntegrityError):
        _ledger(tmp_path)  # the table cannot open it
    broken_bytes = db.read_bytes() + (db.with_name(db.name + "-wal").read_bytes()
                                      if db.with_name(db.name + "-wal").exists() else b"")  # fmt: skip
    assert _clear(cfg, monkeypatch, "tom", "ada") == 0
    out = capsys.readouterr().out
    assert "does not verify" in out and "RAM_CLEAR by tom and ada" in out
    archive = config.load(cfg).ledger.archive_dir
    (copy,) = archive.glob("ledger-epoch-0001-*-broken.sqlite")
    wal = copy.with_name(copy.name + "-wal")
    assert copy.read_bytes() + (wal.read_bytes() if wal.exists() else b"") == broken_bytes  # byte for byte
    note = json.loads(copy.with_suffix(".broken.json").read_text())
    assert note["user"] == "tom" and note["second_user"] == "ada" and note["epoch"] == 1
    assert note["files"][copy.name] == hashlib.sha256(copy.read_bytes()).hexdigest() and note["finding"]
    fresh = _ledger(tmp_path)  # opens, verifies, reaches its mark
    assert fresh.epoch() == 2 and fresh.verify().ok and fresh.meters() == {}
    fresh.close()
    ((user, detail),) = _events(db, EventCode.RAM_CLEAR)
    assert user == "tom" and detail["broken"] is True and detail["second_user"] == "ada"
    assert detail["archive"] == str(copy) and detail["previous_epoch"] == 1


def test_garbage_in_place_of_the_ledger_is_cleared_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = _cfg(tmp_path)
    make_users(cfg)
    _play(tmp_path)
    db = tmp_path / "var" / "ledger.sqlite"
    db.write_bytes(b"\x00garbage" * 500)
    for suffix in ("-wal", "-shm"):
        db.with_name(db.name + suffix).unlink(missing_ok=True)
    assert _clear(cfg, monkeypatch, "ada", "liz") == 0
    assert _ledger(tmp_path).epoch() == 2  # the mark remembered epoch 1


def test_it_is_refused_for_a_ledger_that_verifies_one_person_wrong_pins_or_no_confirmation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path)
    make_users(cfg)
    _play(tmp_path, rounds=2)
    assert _clear(cfg, monkeypatch, "tom", "ada") == 1
    assert "the ledger verifies" in capsys.readouterr().err
    db = tmp_path / "var" / "ledger.sqlite"
    _break_the_chain(db)
    before = db.read_bytes()
    assert _clear(cfg, monkeypatch, "tom", "tom") == 1  # one person twice
    monkeypatch.setitem(PINS, "ada", "9999")
    assert _clear(cfg, monkeypatch, "tom", "ada") == 1  # a wrong PIN
    monkeypatch.undo()
    assert _clear(cfg, monkeypatch, "tom", "ada", typed="yes") == 1  # not confirmed
    assert db.read_bytes() == before and not config.load(cfg).ledger.archive_dir.exists()
    with pytest.raises(IntegrityError):
        _ledger(tmp_path)  # still the broken ledger
