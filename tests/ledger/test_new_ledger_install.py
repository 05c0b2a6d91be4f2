"""A new ledger on a table that had one is an install act: two people (as ``terminal ledger adopt``).

Attack reproduced before the fix (the first test failed there): kiosk.cfg pointed at a new ledger folder
(``[ledger] path`` and ``key_path``) with a paytable edited in the same stroke; the table made a fresh
ledger, and its first boot took the edited file as the clean configuration baseline (``CONFIG_BASELINE``),
with no tilt and nobody named.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from terminal import config
from terminal.cli import main
from terminal.ledger import EventCode, LedgerError, adopt_pins, keyfile
from terminal.software import installs
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.ledger.two_people import PINS, make_users

MOVED = "[ledger]\npath = moved/ledger.sqlite\nkey_path = moved/ledger.key\n[touchdown]\npaytable = B\n"


def _boot(cfg: Path) -> list[str]:
    """Boot the table once (real ledger, lock and RNG self-test); the codes it logged, by name."""
    table = boot(config.load(cfg), ManualClock(1_800_000_000.0))
    try:
        return [e.code.name for e in table.ledger.events()]
    finally:
        table.ledger.close()


def _new_ledger(cfg: Path, monkeypatch: pytest.MonkeyPatch, admin: str = "ada", second: str = "tom") -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{PINS.get(admin, '0000')}\n{PINS.get(second, '0000')}\n"))
    return main(["ledger", "new", "--config", str(cfg), "--admin", admin, "--second", second])


def test_a_ledger_moved_to_a_new_folder_is_refused_in_one_line_saying_what_to_run(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    assert "CONFIG_BASELINE" in _boot(cfg)  # the table's first ledger: made freely
    cfg.write_text(MOVED, encoding="utf-8")
    with pytest.raises(LedgerError) as refused:
        _boot(cfg)
    said = str(refused.value)
    assert "terminal ledger new --admin ID --second ID" in said and "\n" not in said
    assert not (tmp_path / "moved" / "ledger.sqlite").exists()  # nothing was made


def test_the_two_person_act_makes_it_and_logs_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    _boot(cfg)
    cfg.write_text(MOVED, encoding="utf-8")
    make_users(cfg)
    assert _new_ledger(cfg, monkeypatch, "ada", "ada") == 1
    assert "two different people" in capsys.readouterr().err
    monkeypatch.setitem(PINS, "tom", "9999")
    assert _new_ledger(cfg, monkeypatch) == 1  # a wrong PIN: refused, and counted
    assert "wrong user or PIN for tom (2 tries left)" in capsys.readouterr().err
    assert not (tmp_path / "moved" / "ledger.sqlite").exists()
    moved = tmp_path / "moved"  # counted as adopt counts: sealed beside the mark until the ledger exists
    kept = adopt_pins.load(moved / "ledger.mark", keyfile.load(moved / "ledger.key"))
    assert kept["tom"]["failures"] == 1
    monkeypatch.setitem(PINS, "tom", "2222")
    assert _new_ledger(cfg, monkeypatch) == 0
    assert "LEDGER_INSTALL" in capsys.readouterr().out
    assert "CONFIG_BASELINE" in _boot(cfg)  # it opens now
    table = boot(config.load(cfg), ManualClock(1_800_000_100.0))
    act = table.ledger.events(EventCode.LEDGER_INSTALL)[-1]
    detail = json.loads(act.detail)
    pins = [json.loads(e.detail) for e in table.ledger.events(EventCode.SERVICE_PIN)]
    table.ledger.close()
    assert (act.user, detail["second_user"]) == ("ada", "tom")
    assert detail["previous"][0]["ledger"] == str(tmp_path / "var" / "ledger.sqlite")
    assert [p["user"] for p in pins] == ["tom"]  # its count chained in (back to 0 by the right PIN)
    assert not adopt_pins.pins_path(moved / "ledger.mark").exists()
    births = [e for e in installs.read(config.load(cfg).lab.install_log)[0] if e.kind == "ledger"]
    assert [b.who for b in births] == ["boot", "ada and tom"]


def test_a_fresh_checkout_with_no_install_log_makes_its_ledger_freely(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    log = config.load(cfg).lab.install_log
    assert not log.exists()
    assert "CONFIG_BASELINE" in _boot(cfg)
    entries, problem = installs.read(log)
    assert problem is None and [(e.kind, e.ledger) for e in entries] == [
        ("ledger", str(tmp_path / "var" / "ledger.sqlite"))
    ]
    assert _boot(cfg).count("CONFIG_BASELINE") == 1  # the same ledger again: nothing new
    assert len(installs.read(log)[0]) == 1


def test_a_new_ledger_where_one_exists_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    _boot(cfg)
    make_users(cfg)
    assert _new_ledger(cfg, monkeypatch) == 1
    err = capsys.readouterr().err
    assert "a ledger exists" in err and len(err.strip().splitlines()) == 1
