"""Locks that survive a restart: every tilt raised and cleared is a chained event, ``Table.start`` restores
the active ones, door and device tilts clear only when their sensor says so, and an award over the
hand-pay limit never reaches the cash-out path until it is paid by hand.

Before this, tilts lived only in memory: a $1,750 win on a seat with a $1,200 hand-pay limit locked the
seat and an open door tilted the table; after a restart both were gone and the seat cashed out a $1,850
voucher. A door tilt also cleared while the door was still open.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.desk.desk import ServiceDesk, ServiceRefused
from terminal.desk.users import ScryptParams, UserStore
from terminal.devices.events import Door, ServiceKeyTurned
from terminal.devices.simulated import SimDevices, simulated_table
from terminal.ledger import EventCode
from terminal.net.messages import ServiceCommand
from terminal.net.messages import service as sm
from terminal.table.cabinet import Cabinet
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tilts import RULES, Role, Tilt, TiltKind

from .harness import make_config, reopen, scripted_table

FAST = ScryptParams(n=2**4, r=8, p=1)
CONFIG = "[table]\nseats = 4\n[money]\nhandpay_limit = 1200.00\n"


def _table(tmp_path: Path, *outcomes: object) -> Table:
    table = scripted_table(make_config(tmp_path, CONFIG), *outcomes)
    table.start()
    return table


def _restart(table: Table, *outcomes: object) -> Table:
    table.ledger.close()  # the process ends; a new one starts from the files
    again = reopen(table, *outcomes)
    again.start()
    return again


def _devices(table: Table) -> tuple[Cabinet, SimDevices]:
    cabinet = Cabinet(table)
    devices = simulated_table(table.config.table.seats, table.config.money.bills, cabinet.on_event,
                              table.clock.wall)  # fmt: skip
    cabinet.attach(devices)
    return cabinet, devices


def _desk(table: Table) -> ServiceDesk:
    store = UserStore().init("dan", "4444", lambda n: bytes(n), FAST)
    admin = store.find("dan")
    assert admin is not None
    store = store.add(admin, "ann", Role.ATTENDANT, "1111", lambda n: bytes(n), FAST)
    desk = ServiceDesk.for_table(table, store)
    if not desk.key_on():
        Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), True))
    desk.handle("service", ServiceCommand("login", ("ann", "1111")))
    return desk


@pytest.mark.parametrize("kind", list(TiltKind), ids=[k.value for k in TiltKind])
def test_every_kind_of_tilt_is_restored_by_a_restart(tmp_path: Path, kind: TiltKind) -> None:
    table = _table(tmp_path)
    seat = None if RULES[kind].table_wide else 2
    tilt = Tilt(kind, seat, f"{kind.value} raised before the restart")
    table.tilts.raise_tilt(tilt)
    again = _restart(table)
    assert again.tilts.active == (tilt,)
    with pytest.raises(Refused, match="takes no wagers"):
        again.wagers.place(2, "red", 100)
    if not RULES[kind].automatic:  # and its rule holds after the restart as before it
        with pytest.raises(PermissionError, match=r"role or higher|install act"):
            again.tilts.clear_tilt(kind, seat, None, condition_over=True)
    if RULES[kind].act:  # the ratchet's: no role clears it (the install act does: tests/software)
        with pytest.raises(PermissionError, match="install act"):
            again.tilts.clear_tilt(kind, seat, Role.ADMINISTRATOR, condition_over=True)
        return
    again.tilts.clear_tilt(kind, seat, Role.ADMINISTRATOR, condition_over=True)
    third = _restart(again)
    assert third.tilts.active == ()  # a cleared tilt stays cleared
    codes = [(e.code, json.loads(e.detail).get("tilt")) for e in third.ledger.events()]
    assert (EventCode.TILT, kind.value) in codes and (EventCode.TILT_CLEARED, kind.value) in codes


def test_a_hand_pay_lock_survives_a_restart_and_no_voucher_pays_the_award(tmp_path: Path) -> None:
    table = _table(tmp_path, 17)
    _, devices = _devices(table)
    devices.acceptors[0].insert_bill(10_000)  # $100
    table.wagers.place(1, "straight:17", 5_000)  # $50 straight up: 35 to 1 is a $1,750 award
    report = table.play_round()
    assert report.handpays == (1,) and table.cashier.credits(1) == 185_000  # $50 left + $1,800 back: $1,850
    again = _restart(table)
    assert [(t.kind, t.seat) for t in again.tilts.active] == [(TiltKind.HANDPAY, 1)]
    with pytest.raises(Refused, match="pays no money"):
        again.cashier.cash_out(1)  # the $1,850 voucher of the report: refused
    assert not again.ledger.events(EventCode.VOUCHER_ISSUE)
    desk = _desk(again)
    done = desk.handle("service", ServiceCommand("handpay", ("1",)))
    assert isinstance(done, sm.ServiceDone) and again.cashier.credits(1) == 0
    assert again.tilts.active == ((Tilt(TiltKind.SERVICE_MODE, None, "service key on")),)


def test_the_lock_is_written_with_the_settlement_itself(tmp_path: Path) -> None:
    """The award and its lock are one transaction: no instant has the award on the books unlocked."""
    table = _table(tmp_path, 17)
    _, devices = _devices(table)
    devices.acceptors[0].insert_bill(10_000)
    table.wagers.place(1, "straight:17", 5_000)
    table.play_round()
    with table.ledger.db.conn as conn:
        query = "SELECT time FROM transactions WHERE kind = 'settle' ORDER BY id DESC"
        settled = conn.execute(query).fetchone()
        (locked,) = conn.execute(
            "SELECT time FROM events WHERE code = ? AND json_extract(detail, '$.tilt') = 'handpay'",
            [int(EventCode.TILT)],
        ).fetchall()
    assert locked[0] == settled[0]


def test_an_open_door_tilt_clears_only_when_the_door_is_shut(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _, devices = _devices(table)
    devices.doors.open(Door.MAIN)
    desk = _desk(table)
    with pytest.raises(ServiceRefused, match="the condition is still present"):
        desk.handle("service", ServiceCommand("clear_tilt", ("door_open", "")))
    again = _restart(table)  # the door is still open across the restart
    assert TiltKind.DOOR_OPEN in {t.kind for t in again.tilts.active}
    _, devices = _devices(again)
    devices.doors.open(Door.MAIN)  # the sensor reports the door as it is
    desk = _desk(again)
    with pytest.raises(ServiceRefused, match="the condition is still present"):
        desk.handle("service", ServiceCommand("clear_tilt", ("door_open", "")))
    devices.doors.close(Door.MAIN)
    desk.handle("service", ServiceCommand("clear_tilt", ("door_open", "")))
    assert TiltKind.DOOR_OPEN not in {t.kind for t in again.tilts.active}


def test_a_door_with_no_sensor_wired_never_clears(tmp_path: Path) -> None:
    table = _table(tmp_path)
    table.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, "main door open"))
    with pytest.raises(ServiceRefused, match="the condition is still present"):
        _desk(table).handle("service", ServiceCommand("clear_tilt", ("door_open", "")))


def test_a_device_fault_clears_only_when_the_device_reports_it_gone(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _, devices = _devices(table)
    devices.acceptors[1].raise_fault("stacker full")
    devices.printers[1].raise_fault("paper out")
    desk = _desk(table)
    with pytest.raises(ServiceRefused, match="the condition is still present"):
        desk.handle("service", ServiceCommand("clear_tilt", ("device_fault", "2")))
    devices.acceptors[1].clear_fault()  # the printer still has no paper: the tilt stays
    assert (TiltKind.DEVICE_FAULT, 2) in {(t.kind, t.seat) for t in table.tilts.active}
    again = _restart(table)
    assert (TiltKind.DEVICE_FAULT, 2) in {(t.kind, t.seat) for t in again.tilts.active}
    _devices(again)  # after the restart the printer reports no fault: an attendant may clear it
    _desk(again).handle("service", ServiceCommand("clear_tilt", ("device_fault", "2")))
    assert (TiltKind.DEVICE_FAULT, 2) not in {(t.kind, t.seat) for t in again.tilts.active}


def test_service_mode_restored_then_cleared_by_the_key_as_the_devices_report_it(tmp_path: Path) -> None:
    table = _table(tmp_path)
    _, devices = _devices(table)
    devices.key.turn(True)
    again = _restart(table)
    assert [t.kind for t in again.tilts.active] == [TiltKind.SERVICE_MODE]  # restored, before any device
    _devices(again)  # the key was turned back while the controller was down
    assert again.tilts.active == ()
    cleared = [json.loads(e.detail)["tilt"] for e in again.ledger.events(EventCode.TILT_CLEARED)]
    assert cleared[-1] == "service_mode"


def test_a_lost_link_is_restored_and_clears_when_the_seat_links_again(tmp_path: Path) -> None:
    table = _table(tmp_path)
    table.link_up(3)
    table.link_lost(3)
    again = _restart(table)
    assert [(t.kind, t.seat) for t in again.tilts.active] == [(TiltKind.LINK_LOST, 3)]
    again.link_up(3)
    assert again.tilts.active == ()
