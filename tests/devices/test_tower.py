"""The tower light and the alarm (lab checklist item 39): a door, a tilt, a hand-pay and a service call
each light it with their own pattern, on a demo table's simulated tower and on a hardware table's GPIO
output lines, and every change is logged."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from terminal.devices.events import Door
from terminal.devices.gpio import hardware_table
from terminal.devices.simulated import SimDevices, simulated_table
from terminal.devices.tower import (
    BEEP,
    FAST,
    FLASH,
    OFF,
    STEADY,
    GpioTower,
    Signal,
    TowerState,
    tower_state,
)
from terminal.ledger import EventCode
from terminal.net import messages as m
from terminal.table.cabinet import Cabinet
from terminal.table.controller import Controller
from terminal.table.device_input import apply_input
from terminal.table.table import Table
from terminal.table.tilts import Role, Tilt, TiltKind
from tests.table.harness import make_config, scripted_table


def test_each_condition_has_its_own_pattern_and_the_most_urgent_wins() -> None:
    assert tower_state({Signal.DOOR}) == TowerState(STEADY, OFF, STEADY, (Signal.DOOR,))
    assert tower_state({Signal.TILT}) == TowerState(FLASH, OFF, FLASH, (Signal.TILT,))
    assert tower_state({Signal.HANDPAY}) == TowerState(OFF, FLASH, FAST, (Signal.HANDPAY,))
    assert tower_state({Signal.SERVICE_CALL}) == TowerState(OFF, STEADY, BEEP, (Signal.SERVICE_CALL,))
    both = tower_state({Signal.SERVICE_CALL, Signal.TILT, Signal.HANDPAY, Signal.DOOR})
    # a door before a tilt, a hand-pay before a call
    assert (both.red, both.yellow, both.alarm) == (STEADY, FLASH, STEADY)
    assert tower_state(()) == TowerState()
    # the patterns as lines see them over one second (sampled every 50 ms)
    ticks = [n / 20 for n in range(20)]
    assert sum(FLASH.on_at(t) for t in ticks) == 10 and sum(STEADY.on_at(t) for t in ticks) == 20
    assert sum(FAST.on_at(t) for t in ticks) == 12 and sum(OFF.on_at(t) for t in ticks) == 0
    assert sum(BEEP.on_at(t) for t in [n / 20 for n in range(40)]) == 4  # 0.2 s of every 2 s


def test_gpio_lines_follow_the_patterns_and_unfitted_parts_stay_untouched(tmp_path: Path) -> None:
    red, alarm = tmp_path / "red", tmp_path / "alarm"
    now = [0.2]
    tower = GpioTower({"red": red, "yellow": None, "alarm": alarm}, lambda: now[0])
    tower.show(tower_state({Signal.TILT}))
    assert (red.read_text(), alarm.read_text()) == ("1", "1")
    now[0] = 0.7
    tower.poll()
    assert (red.read_text(), alarm.read_text()) == ("0", "0")  # flashing: off half the second
    tower.show(tower_state({Signal.DOOR}))
    assert (red.read_text(), alarm.read_text()) == ("1", "1")  # steady
    tower.show(TowerState())
    assert (red.read_text(), alarm.read_text()) == ("0", "0")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["alarm", "red"]  # no yellow lamp fitted


def test_a_line_that_cannot_be_written_is_a_fault(tmp_path: Path) -> None:
    tower = GpioTower({"red": tmp_path / "no" / "such" / "line"}, lambda: 0.0)
    tower.show(tower_state({Signal.DOOR}))
    assert tower.fault is not None and "red line" in tower.fault


def _demo(tmp_path: Path) -> tuple[Table, Cabinet, Controller, SimDevices]:
    table = scripted_table(make_config(tmp_path))
    table.start()
    cabinet = Cabinet(table)
    devices = simulated_table(table.config.table.seats, table.config.money.bills, cabinet.on_event,
                              table.clock.wall)  # fmt: skip
    cabinet.attach(devices)
    return table, cabinet, Controller(table, cabinet=cabinet), devices


def _changes(table: Table) -> list[dict[str, object]]:
    return [json.loads(e.detail) for e in table.ledger.events(EventCode.TOWER_CHANGE)]


def test_a_demo_table_lights_its_simulated_tower_for_each_condition_and_logs_every_change(
    tmp_path: Path,
) -> None:
    table, cabinet, controller, devices = _demo(tmp_path)
    sync = lambda: asyncio.run(controller.sync_tilts())  # noqa: E731
    sync()
    assert devices.tower.state == TowerState() and _changes(table) == []  # a quiet table: dark, nothing

    devices.doors.open(Door.MAIN)
    sync()
    assert devices.tower.state == tower_state({Signal.DOOR})
    assert _changes(table)[-1] == {"signals": ["door"], "tower": {"red": "steady", "yellow": "off",
                                                                   "alarm": "steady"}}  # fmt: skip

    devices.doors.close(Door.MAIN)
    table.tilts.clear_tilt(TiltKind.DOOR_OPEN, None, Role.ATTENDANT, condition_over=True)
    sync()
    assert devices.tower.state == TowerState()

    table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 3, "hand-pay of 150000"))
    sync()
    assert _changes(table)[-1] == {"signals": ["handpay"], "tower": {"red": "off", "yellow": "flash",
                                                                      "alarm": "fast"}}  # fmt: skip

    apply_input(cabinet, 5, m.DeviceInput("call_button", "on", 0, ""))
    sync()
    assert devices.tower.state.signals == (Signal.HANDPAY, Signal.SERVICE_CALL)  # yellow still flashing
    table.tilts.clear_tilt(TiltKind.HANDPAY, 3, Role.ATTENDANT, condition_over=True)
    sync()
    assert _changes(table)[-1] == {"signals": ["service_call"], "tower": {"red": "off", "yellow": "steady",
                                                                           "alarm": "beep"}}  # fmt: skip
    apply_input(cabinet, 5, m.DeviceInput("call_button", "off", 0, ""))
    sync()
    assert devices.tower.state == TowerState()
    assert [e.seat for e in table.ledger.events(EventCode.SERVICE_CALL)] == [5]
    assert [e.seat for e in table.ledger.events(EventCode.SERVICE_CALL_ANSWERED)] == [5]

    table.tilts.raise_tilt(Tilt(TiltKind.LINK_LOST, 2, "seat link lost"))
    sync()
    assert _changes(table)[-1]["signals"] == ["tilt"] and devices.tower.state.red == FLASH

    signals = [tuple(c["signals"]) for c in _changes(table)]  # type: ignore[arg-type]
    assert signals == [("door",), (), ("handpay",), ("handpay", "service_call"), ("service_call",), (),
                       ("tilt",)]  # fmt: skip
    assert [s.signals for s in devices.tower.changes] == [tuple(Signal(x) for x in s) for s in signals]


def test_the_service_key_alone_does_not_light_the_tower(tmp_path: Path) -> None:
    table, _cabinet, controller, devices = _demo(tmp_path)
    devices.key.turn(True)
    asyncio.run(controller.sync_tilts())
    assert table.tilts.active and devices.tower.state == TowerState()


def test_a_call_from_the_service_station_is_refused(tmp_path: Path) -> None:
    _table, cabinet, _controller, _devices = _demo(tmp_path)
    with pytest.raises(ValueError, match="a seat's device"):
        apply_input(cabinet, None, m.DeviceInput("call_button", "on", 0, ""))


def test_a_hardware_door_lights_the_red_lamp_and_the_alarm_on_their_lines(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    cabinet = Cabinet(table)
    door, key = tmp_path / "door", tmp_path / "key"
    door.write_text("0")
    key.write_text("0")
    lines = {"red": tmp_path / "red", "yellow": tmp_path / "yellow", "alarm": tmp_path / "alarm"}
    tower = GpioTower(dict(lines), lambda: 0.1)
    devices = hardware_table({Door.MAIN: door}, key, cabinet.on_event, table.clock.wall, (), tower)
    cabinet.attach(devices)
    controller = Controller(table, cabinet=cabinet)
    door.write_text("1")  # the door opens
    devices.poll()
    asyncio.run(controller.sync_tilts())
    assert [lines[p].read_text() for p in ("red", "yellow", "alarm")] == ["1", "0", "1"]
    assert _changes(table)[-1]["signals"] == ["door"]
