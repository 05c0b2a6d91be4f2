"""A production table has no back doors: the device set is a configuration choice and a hardware table
takes no device input from a screen; forced outcomes need lab mode entered through the logged two-person
change; a configuration edited behind the log's back tilts the table until an administrator accepts it.

Before, ``terminal run`` always wired the simulated devices (a seat's "Bill acceptor" could insert bills and
turn the service key), ``[lab] mode = true`` written into kiosk.cfg was enough for forced outcomes, and a
direct edit of kiosk.cfg between two boots took effect silently.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal import config
from terminal.desk.desk import ServiceDesk, ServiceRefused
from terminal.desk.users import ScryptParams, UserStore
from terminal.devices.events import Door, DoorClosed, DoorOpened, ServiceKeyTurned
from terminal.devices.gpio import HardwareDevices, hardware_table
from terminal.lab.live import devices_for
from terminal.ledger import EventCode
from terminal.net import messages as m
from terminal.net.messages import service as sm
from terminal.seat import hardware as seat_hardware
from terminal.seat import intents as i
from terminal.table.boot import boot
from terminal.table.cabinet import Cabinet
from terminal.table.clock import ManualClock
from terminal.table.controller import Controller
from terminal.table.refused import Refused
from terminal.table.tilts import Role, TiltKind
from tests.seat.seat_states import linked_app
from tests.table.harness import make_config
from tests.table.test_lab_mode import enter_lab_mode

FAST = ScryptParams(n=2**4)
CLOCK = 1_800_000_000.0


def _store() -> UserStore:
    store = UserStore().init("dan", "4444", lambda n: bytes(n), FAST)
    admin = store.find("dan")
    assert admin is not None
    store = store.add(admin, "ted", Role.TECHNICIAN, "6666", lambda n: bytes(n), FAST)
    return store.add(admin, "lia", Role.LAB, "3333", lambda n: bytes(n), FAST)


def _desk(table: object, user: str, pin: str) -> ServiceDesk:
    Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), True))  # type: ignore[arg-type]
    desk = ServiceDesk.for_table(table, _store())  # type: ignore[arg-type]
    desk.handle("service", m.ServiceCommand("login", (user, pin)))
    return desk


# -- the configuration's hash ----------------------------------------------------------------------
def test_a_direct_edit_between_two_boots_tilts_until_an_administrator_accepts_it(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[table]\nseats = 4\n")
    first = boot(c, ManualClock(CLOCK))
    first.start()
    assert first.tilts.active == ()
    baseline = first.ledger.events(EventCode.CONFIG_BASELINE)
    assert json.loads(baseline[0].detail)["config_sha256"] == hashlib.sha256(c.path.read_bytes()).hexdigest()
    first.ledger.close()
    c.path.write_text("[table]\nseats = 4\n[limits]\nwager_max = 400.00\n")  # nobody logged this
    second = boot(config.load(c.path), ManualClock(CLOCK + 60))
    second.start()
    assert [t.kind for t in second.tilts.active] == [TiltKind.CONFIG_UNLOGGED]
    with pytest.raises(Refused, match="config_unlogged"):
        second.wagers.place(1, "red", 100)
    (unlogged,) = second.ledger.events(EventCode.CONFIG_UNLOGGED)
    assert json.loads(unlogged.detail)["found_sha256"] == hashlib.sha256(c.path.read_bytes()).hexdigest()
    with pytest.raises(ServiceRefused, match="administrator role"):
        clear = m.ServiceCommand("clear_tilt", ("config_unlogged", ""))
        _desk(second, "ted", "6666").handle("service", clear)
    desk = _desk(second, "dan", "4444")
    desk.handle("service", m.ServiceCommand("clear_tilt", ("config_unlogged", "")))
    assert TiltKind.CONFIG_UNLOGGED not in {t.kind for t in second.tilts.active}
    (accepted,) = second.ledger.events(EventCode.CONFIG_ACCEPTED)
    assert accepted.user == "dan"
    second.ledger.close()
    third = boot(config.load(c.path), ManualClock(CLOCK + 120))  # the file is now the one recorded
    third.start()
    assert TiltKind.CONFIG_UNLOGGED not in {t.kind for t in third.tilts.active}
    third.ledger.close()


def test_a_logged_change_records_the_hash_the_next_boot_compares(tmp_path: Path) -> None:
    c = make_config(tmp_path, "[table]\nseats = 4\n")
    table = boot(c, ManualClock(CLOCK))
    table.start()
    desk = _desk(table, "ted", "6666")
    change = ("6666", "dan", "4444", "limits.wager_max=400.00")
    desk.handle("service", m.ServiceCommand("config_change", change))
    (change,) = table.ledger.events(EventCode.CONFIG_CHANGE)
    detail = json.loads(change.detail)
    assert detail["config_sha256"] == hashlib.sha256(c.path.read_bytes()).hexdigest()
    assert detail["after"] == {"limits.wager_max": "400.00"} and detail["second_user"] == "dan"
    table.ledger.close()
    again = boot(config.load(c.path), ManualClock(CLOCK + 60))
    again.start()
    assert TiltKind.CONFIG_UNLOGGED not in {t.kind for t in again.tilts.active}  # logged: no tilt
    again.ledger.close()


# -- forced outcomes -----------------------------------------------------------------------------------
def test_lab_mode_written_into_the_file_offers_no_forced_outcomes(tmp_path: Path) -> None:
    c = make_config(tmp_path, "")
    boot(c, ManualClock(CLOCK)).ledger.close()
    c.path.write_text("[lab]\nmode = true\n")  # an edit nobody logged
    table = boot(config.load(c.path), ManualClock(CLOCK + 60))
    table.start()
    assert TiltKind.CONFIG_UNLOGGED in {t.kind for t in table.tilts.active}
    with pytest.raises(Refused, match="logged two-person configuration change"):
        table.force_outcome(("pocket", "17"))
    _desk(table, "dan", "4444").handle("service", m.ServiceCommand("clear_tilt", ("config_unlogged", "")))
    with pytest.raises(Refused, match="logged two-person"):  # an administrator's acceptance is not two people
        table.force_outcome(("pocket", "17"))
    table.ledger.close()
    with pytest.raises(Refused, match="logged two-person"):  # nor after a restart
        again = boot(config.load(c.path), ManualClock(CLOCK + 120))
        try:
            again.start()
            again.force_outcome(("pocket", "17"))
        finally:
            again.ledger.close()


def test_lab_mode_entered_through_the_logged_change_forces_outcomes(tmp_path: Path) -> None:
    c = enter_lab_mode(tmp_path)
    table = boot(c, ManualClock(CLOCK))
    table.start()
    desk = _desk(table, "lia", "3333")
    reply = desk.handle("service", m.ServiceCommand("force_outcome", ("pocket", "17")))
    assert isinstance(reply, sm.ServiceDone)
    table.ledger.close()


# -- devices ------------------------------------------------------------------------------------------
def _hardware(tmp_path: Path) -> config.Config:
    gpio = tmp_path / "gpio"
    gpio.mkdir()
    for line in ("main", "key"):
        (gpio / line).write_text("0\n")
    return make_config(tmp_path, f"[devices]\nkind = hardware\nmain_door = {gpio / 'main'}\n"
                                 f"service_key = {gpio / 'key'}\n")  # fmt: skip


def test_a_hardware_table_refuses_device_input_from_every_screen(tmp_path: Path) -> None:
    c = _hardware(tmp_path)
    table = boot(c, ManualClock(CLOCK))
    table.start()
    cabinet = Cabinet(table)
    cabinet.attach(devices_for(c, cabinet, table.clock.wall))  # the switches, as the controller wires them
    controller = Controller(table, cabinet=cabinet)
    assert isinstance(cabinet.devices, HardwareDevices)
    assert controller.table_state().devices == "hardware"
    for client, message in (
        ("seat-1", m.DeviceInput("bill_acceptor", "insert", 2000, "")),
        ("seat-1", m.DeviceInput("service_key", "on", 0, "")),
        ("service", m.DeviceInput("service_key", "on", 0, "")),
    ):
        with pytest.raises(ValueError, match="devices are hardware"):
            asyncio.run(controller.on_message(client, message))
    assert table.cashier.credits(1) == 0 and table.tilts.active == ()
    table.ledger.close()


def test_the_simulated_panel_is_offered_only_on_a_simulated_table(tmp_path: Path) -> None:
    (tmp_path / "sim").mkdir()
    (tmp_path / "hw").mkdir()
    simulated = boot(make_config(tmp_path / "sim", ""), ManualClock(CLOCK))
    assert Controller(simulated).table_state().devices == "simulated"
    simulated.ledger.close()
    hard = boot(_hardware(tmp_path / "hw"), ManualClock(CLOCK))
    state = Controller(hard).table_state()
    hard.ledger.close()
    app, _ = linked_app()
    assert seat_hardware.shown(app.control)  # the sample table is simulated: the panel is in reach
    app.receive([state], 1.0)  # this table's devices are hardware
    assert not seat_hardware.shown(app.control)
    app.act(i.Intent(i.HARDWARE), 1.1)
    assert seat_hardware.keys(app.control, app.frame) == [] or not seat_hardware.shown(app.control)


def test_the_switches_are_read_from_their_gpio_lines(tmp_path: Path) -> None:
    lines = {name: tmp_path / name for name in ("main", "key")}
    for path in lines.values():
        path.write_text("0\n")
    events: list[object] = []
    devices = hardware_table({Door.MAIN: lines["main"]}, lines["key"], lambda seat, e: events.append(e),
                             lambda: datetime(2026, 1, 1, tzinfo=UTC))  # fmt: skip
    assert events == [] and devices.doors.open_doors() == frozenset() and not devices.key.is_on()
    lines["main"].write_text("1\n")
    lines["key"].write_text("1\n")
    devices.poll()
    assert [type(e) for e in events] == [DoorOpened, ServiceKeyTurned] and devices.key.is_on()
    lines["main"].write_text("0\n")
    devices.poll()
    assert isinstance(events[-1], DoorClosed)
    lines["main"].unlink()  # a cut wire reads as an open door: it must stop play, never hide one
    devices.poll()
    assert isinstance(events[-1], DoorOpened) and devices.doors.open_doors() == {Door.MAIN}


def test_a_hardware_table_needs_its_door_and_key_switches(tmp_path: Path) -> None:
    with pytest.raises(config.ConfigError, match="main_door"):
        make_config(tmp_path, "[devices]\nkind = hardware\n")


def test_a_seat_without_a_ticket_printer_refuses_a_cash_out_before_any_voucher_is_issued(
    tmp_path: Path,
) -> None:
    c = _hardware(tmp_path)
    table = boot(c, ManualClock(CLOCK))
    table.start()
    cabinet = Cabinet(table)
    cabinet.attach(devices_for(c, cabinet, table.clock.wall))
    table.cashier.bill_stacked(1, 5_000)  # as a bill validator's VEND VALID would
    controller = Controller(table, cabinet=cabinet)
    with pytest.raises(ValueError, match="no ticket printer"):
        asyncio.run(controller.on_message("seat-1", m.CashOut()))
    assert table.cashier.credits(1) == 5_000 and not table.ledger.events(EventCode.VOUCHER_ISSUE)
    table.ledger.close()
