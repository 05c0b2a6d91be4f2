"""Hardware drivers for the cabinet's switches: door sensors and the service key on GPIO input lines.

A switch is read from its line's value file, as the Linux GPIO interface presents it (``/sys/class/gpio/
gpioN/value``, or any file a board's driver keeps the same way): ``1`` when the switch is closed — a door
open, the key turned to service — and ``0`` otherwise. The drivers implement
:class:`~terminal.devices.interfaces.DoorSensors` and :class:`~terminal.devices.interfaces.ServiceKey`
and report through the same event sink as the simulated devices (``DoorOpened``, ``DoorClosed``,
``ServiceKeyTurned``), so the cabinet cannot tell the two apart. :meth:`HardwareDevices.poll` reads every
line and reports what changed; the controller calls it every ``[devices] poll_ms``.

A line that cannot be read counts as a door *open* (and a key *on*): a cut wire must stop play, never hide
an open door. A hardware table has no simulated device, and no screen can work its devices (the
controller refuses ``DeviceInput``): money comes only through each seat's bill validator and ticket
reader (:mod:`terminal.devices.id003`), polled with the switches. Ticket printers have no driver yet: a
hardware seat's cash-out is refused before any voucher is issued (an attendant pays by hand).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from terminal.devices.events import Clock, DeviceEvent, DoorClosed, DoorOpened, EventSink, ServiceKeyTurned
from terminal.devices.events import Door as DoorName
from terminal.devices.id003 import Id003Unit, open_line
from terminal.devices.interfaces import BillAcceptor, TicketPrinter, TicketReader
from terminal.devices.simulated import TableSink
from terminal.devices.tower import GpioTower


def read_line(path: Path) -> bool:
    """Whether the switch on the line whose value file is ``path`` is closed (unreadable: closed)."""
    try:
        return path.read_text(encoding="ascii").strip() != "0"
    except (OSError, UnicodeDecodeError):
        return True


@dataclass
class GpioDoors:
    """The door switches (a door without a wired switch is never reported open)."""

    lines: dict[DoorName, Path]
    emit: EventSink
    now: Clock
    read: Callable[[Path], bool] = read_line
    _open: set[DoorName] = field(default_factory=set)

    def open_doors(self) -> frozenset[DoorName]:
        """The doors open at the last reading."""
        return frozenset(self._open)

    def poll(self) -> None:
        """Read every switch; report each door that opened or closed since the last reading."""
        for door, path in self.lines.items():
            opened = self.read(path)
            if opened and door not in self._open:
                self._open.add(door)
                self.emit(DoorOpened(self.now(), door))
            elif not opened and door in self._open:
                self._open.discard(door)
                self.emit(DoorClosed(self.now(), door))


@dataclass
class GpioServiceKey:
    """The service key switch."""

    line: Path
    emit: EventSink
    now: Clock
    read: Callable[[Path], bool] = read_line
    _on: bool = False

    def is_on(self) -> bool:
        """Whether the key was turned to service at the last reading."""
        return self._on

    def poll(self) -> None:
        """Read the switch; report a turn."""
        on = self.read(self.line)
        if on != self._on:
            self._on = on
            self.emit(ServiceKeyTurned(self.now(), on))


@dataclass
class HardwareDevices:
    """A hardware table's devices: the switches on GPIO, and no simulated money devices at all."""

    doors: GpioDoors
    key: GpioServiceKey
    acceptors: tuple[BillAcceptor, ...] = ()  # one per seat, in seat order (an ID-003 unit each)
    readers: tuple[TicketReader, ...] = ()  # the same units: each reads tickets too
    printers: tuple[TicketPrinter, ...] = ()
    units: tuple[Id003Unit, ...] = ()
    tower: GpioTower | None = None  # the tower lamps and alarm on output lines, where fitted

    def poll(self) -> None:
        """Read every switch and every money unit's line once; drive the tower's flashing lines."""
        self.doors.poll()
        self.key.poll()
        for unit in self.units:
            unit.poll()
        if self.tower is not None:
            self.tower.poll()


def hardware_table(
    doors: dict[DoorName, Path], key: Path, emit: TableSink, now: Clock, lines: tuple[Path, ...] = (),
    tower: GpioTower | None = None,
) -> HardwareDevices:
    """The switches of a hardware table and its seats' money units (``lines``: the serial line of each
    seat's ID-003 unit, in seat order), read once so they start as they are; ``tower``: its lamps and
    alarm (:mod:`terminal.devices.tower`)."""

    def cabinet(event: DeviceEvent) -> None:
        emit(None, event)

    units = tuple(
        Id003Unit(open_line(str(line)), functools.partial(emit, seat), now)
        for seat, line in enumerate(lines, 1)
    )
    devices = HardwareDevices(
        GpioDoors(dict(doors), cabinet, now), GpioServiceKey(key, cabinet, now), units, units, (), units,
        tower,
    )  # fmt: skip
    devices.poll()
    return devices
