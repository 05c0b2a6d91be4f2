"""Service lockouts live in the ledger's event log: a restart neither forgets a lockout nor resets a
wrong-PIN count, and ``terminal service users`` on the command line goes by the same lockout as the
service screen, in both directions; while the table runs the command line is refused."""

from __future__ import annotations

import io
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.desk.desk import ServiceDesk, ServiceRefused
from terminal.devices.events import ServiceKeyTurned
from terminal.ledger import EventCode
from terminal.net.messages import ServiceCommand
from terminal.net.messages import service as sm
from terminal.table.boot import boot
from terminal.table.cabinet import Cabinet
from terminal.table.clock import ManualClock
from terminal.table.table import Table
from tests.table.harness import make_config, scripted_table

from .test_service import CONFIG, PINS, _store


def _table(tmp_path: Path, clock: ManualClock) -> Table:
    table = scripted_table(make_config(tmp_path, CONFIG), clock=clock)
    table.start()
    return table


def _desk(table: Table) -> ServiceDesk:
    """The service desk as a controller builds it at start-up (its lockouts restored from the ledger)."""
    Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), True))
    return ServiceDesk.for_table(table, _store())


def _login(desk: ServiceDesk, user: str, pin: str) -> object:
    return desk.handle("service", ServiceCommand("login", (user, pin)))


def _restart(table: Table, clock: ManualClock) -> ServiceDesk:
    table.ledger.close()
    return _desk(_table(table.config.path.parent, clock))


def test_a_lockout_survives_a_restart(tmp_path: Path) -> None:
    clock = ManualClock(1_800_000_000.0)
    table = _table(tmp_path, clock)
    desk = _desk(table)
    for _ in range(3):
        with pytest.raises(ServiceRefused, match=r"tries left|locked out for 60 s"):
            _login(desk, "tom", "0000")
    clock.advance(10)
    desk = _restart(table, clock)  # a power cycle does not lift it ...
    with pytest.raises(ServiceRefused, match="tom is locked out for 50 s more"):
        _login(desk, "tom", PINS["tom"])
    clock.advance(51)  # ... its time running out does
    assert isinstance(_login(desk, "tom", PINS["tom"]), sm.ServiceSession)


def test_a_wrong_pin_count_survives_a_restart(tmp_path: Path) -> None:
    clock = ManualClock(1_800_000_000.0)
    table = _table(tmp_path, clock)
    desk = _desk(table)
    for left in (2, 1):
        with pytest.raises(ServiceRefused, match=f"{left} tries left"):
            _login(desk, "ann", "9999")
    desk = _restart(table, clock)
    with pytest.raises(ServiceRefused, match="locked out for 60 s"):  # the third try, not a fresh first
        _login(desk, "ann", "9999")
    details = [e.detail for e in desk.table.ledger.events(EventCode.SERVICE_PIN)]
    assert len(details) == 3 and all("9999" not in d and PINS["ann"] not in d for d in details)


def test_a_right_pin_after_wrong_ones_starts_the_count_again_after_a_restart(tmp_path: Path) -> None:
    clock = ManualClock(1_800_000_000.0)
    table = _table(tmp_path, clock)
    desk = _desk(table)
    for _ in range(2):
        with pytest.raises(ServiceRefused, match="tries left"):
            _login(desk, "lia", "0000")
    assert isinstance(_login(desk, "lia", PINS["lia"]), sm.ServiceSession)
    desk = _restart(table, clock)
    with pytest.raises(ServiceRefused, match="2 tries left"):
        _login(desk, "lia", "0000")


def _cli(cfg: Path, stdin: str, *argv: str) -> int:
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return main(["service", "users", *argv, "--config", str(cfg)])
    finally:
        sys.stdin = old


def _now_table(tmp_path: Path) -> tuple[Table, ManualClock]:
    """A table on the real time of day (the command line reads the real clock), its users file saved."""
    clock = ManualClock(time.time())
    table = _table(tmp_path, clock)
    _store().save(table.config.service.users_path)
    return table, clock


def test_the_command_line_honours_a_lockout_made_at_the_service_screen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, _ = _now_table(tmp_path)
    desk = _desk(table)
    for _ in range(3):
        with pytest.raises(ServiceRefused):
            _login(desk, "dan", "0000")
    table.ledger.close()  # the table stops
    cfg = table.config.path
    args = ("passwd", "--admin", "dan", "--user", "ann")
    assert _cli(cfg, f"{PINS['dan']}\n7777\n", *args) == 1  # the right PIN, still locked
    assert "dan is locked out for" in capsys.readouterr().err


def test_the_service_screen_honours_a_lockout_made_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, clock = _now_table(tmp_path)
    table.ledger.close()
    cfg = table.config.path
    args = ("add", "--admin", "dee", "--user", "newbie")
    for answer in ("2 tries left", "1 tries left", "locked out for 60 s"):
        assert _cli(cfg, "0000\n8888\n", *args) == 1
        assert answer in capsys.readouterr().err
    desk = _desk(_table(tmp_path, clock))  # the table starts again
    with pytest.raises(ServiceRefused, match="dee is locked out for"):
        _login(desk, "dee", PINS["dee"])
    pins = desk.table.ledger.events(EventCode.SERVICE_PIN)
    assert [e.detail.count('"client":"cli"') for e in pins] == [1, 1, 1]


def test_the_command_line_is_refused_while_the_table_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(CONFIG, encoding="utf-8")
    from terminal import config

    c = config.load(cfg)
    _store().save(c.service.users_path)
    running = boot(c, ManualClock(time.time()))  # holds the ledger folder's lock, as a live table does
    try:
        assert _cli(cfg, f"{PINS['dan']}\n7777\n", "passwd", "--admin", "dan", "--user", "ann") == 1
        err = capsys.readouterr().err
        assert "stop the table first" in err and "in use by process" in err and err.count("\n") == 1
    finally:
        running.ledger.close()
    assert _cli(cfg, f"{PINS['dan']}\n7777\n", "passwd", "--admin", "dan", "--user", "ann") == 0
