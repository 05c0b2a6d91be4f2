"""The general poll: exceptions from the ledger's record in order, for this seat and the table, none lost
across a restart of the SAS machine, and the overflow a full buffer reports."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.config import Config
from terminal.ledger import EventCode, Ledger
from tests.sas.conftest import on_pty

T0 = datetime(2026, 11, 29, 6, 0, tzinfo=UTC)


@pytest.fixture
def table(tmp_path: Path) -> Config:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(
        "[table]\nseats = 2\n[money]\nbills = 1, 5, 20, 100\n"
        "[sas]\nports = 1=pty:/dev/null, 2=pty:/dev/null\naddresses = 1=1, 2=2\nexception_queue = 20\n",
        encoding="utf-8",
    )
    return configuration.load(cfg)


def write(c: Config, *acts: tuple[str, object]) -> None:
    """Open the ledger as the controller would, do ``acts`` one transaction each, close it."""
    ledger = Ledger.from_config(c, now=T0)
    try:
        for step, (what, arg) in enumerate(acts):
            now = T0 + timedelta(seconds=step + 1)
            if what == "event":
                code, seat, detail = arg  # type: ignore[misc]
                ledger.log_event(code, now=now, seat=seat, detail=detail)
            elif what == "bill":
                seat, value = arg  # type: ignore[misc]
                ledger.bill_stacked(seat, value, now=now)
    finally:
        ledger.close()


def drain(host, limit: int = 200) -> list[int]:  # type: ignore[no-untyped-def]
    codes = []
    for _ in range(limit):
        code = host.general()
        if code == 0:
            return codes
        codes.append(code)
    raise AssertionError("the machine never ran out of exceptions")


def test_exceptions_come_in_the_ledgers_order_for_this_seat_and_the_table(table: Config) -> None:
    write(
        table,
        ("event", (EventCode.POWER_UP, None, {})),
        ("event", (EventCode.DOOR_OPEN, None, {"door": "main"})),
        ("bill", (1, 2000)),
        ("bill", (2, 500)),  # another seat's: not this machine's
        ("event", (EventCode.DOOR_CLOSE, None, {"door": "main"})),
        ("event", (EventCode.DOOR_OPEN, None, {"door": "cash_box"})),
        ("event", (EventCode.TILT, 1, {"tilt": "handpay", "detail": "award"})),
        ("event", (EventCode.TILT_CLEARED, 1, {"tilt": "handpay", "role": "ATTENDANT"})),
        ("event", (EventCode.SERVICE_LOGIN, None, {})),  # no SAS exception
    )
    with on_pty(table, 1) as line:
        assert drain(line.host) == [0x17, 0x11, 0x4F, 0x12, 0x19, 0x51, 0x52]
    with on_pty(table, 2) as line:
        assert drain(line.host) == [0x17, 0x11, 0x4F, 0x12, 0x19]


def test_an_exception_is_taken_only_when_the_host_polls_again_and_survives_a_restart(table: Config) -> None:
    write(table, *(("event", (EventCode.DOOR_OPEN if i % 2 == 0 else EventCode.DOOR_CLOSE, None,
                               {"door": "main"})) for i in range(6)))  # fmt: skip
    with on_pty(table, 1) as line:
        assert line.host.general() == 0x11  # offered, not yet acknowledged
    with on_pty(table, 1) as line:  # the SAS machine restarted: the unacknowledged one comes again
        assert line.host.general() == 0x11
        assert line.host.general() == 0x12  # this poll acknowledged the first
        assert line.host.general() == 0x11  # and this one the second
    with on_pty(table, 1) as line:  # two taken; the third was offered, never taken
        assert drain(line.host) == [0x11, 0x12, 0x11, 0x12]
    write(table, ("event", (EventCode.POWER_DOWN, None, {})))  # the table wrote more while SAS was away
    with on_pty(table, 1) as line:
        assert drain(line.host) == [0x18]


def test_a_full_buffer_reports_overflow_then_the_newest(table: Config) -> None:
    # 30 door events for a buffer of 20: the host hears 70, then the newest 19 (the ledger keeps all 30).
    doors = [EventCode.DOOR_OPEN if i % 2 == 0 else EventCode.DOOR_CLOSE for i in range(30)]
    write(table, *(("event", (code, None, {"door": "logic"})) for code in doors))
    expected = [0x15 if code == EventCode.DOOR_OPEN else 0x16 for code in doors][-19:]
    with on_pty(table, 1) as line:
        assert drain(line.host) == [0x70, *expected]


def test_an_event_written_while_the_host_polls_arrives_without_a_restart(table: Config) -> None:
    write(table, ("event", (EventCode.POWER_UP, None, {})))
    with on_pty(table, 1) as line:
        assert drain(line.host) == [0x17]
        write(table, ("event", (EventCode.DOOR_OPEN, None, {"door": "main"})))
        assert drain(line.host) == [0x11]


def test_a_broadcast_acknowledges_nothing(table: Config) -> None:
    from tests.sas.host_sim import bcd, with_crc

    write(
        table,
        *(("event", (code, None, {"door": "main"})) for code in (EventCode.DOOR_OPEN, EventCode.DOOR_CLOSE)),
    )
    with on_pty(table, 1) as line:
        assert line.host.general() == 0x11
        line.host.send(with_crc(bytes((0x00, 0x7F)) + bcd(1012027, 4) + bcd(120000, 3)))  # to every machine
        assert line.host.silent()  # a broadcast is never answered
    with on_pty(table, 1) as line:  # so the door opening was not taken by it
        assert line.host.general() == 0x11
