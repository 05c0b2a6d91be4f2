"""The tower light (candle) and the alarm: what each condition shows, and the devices that show it.

Four conditions light the tower and sound the alarm, each with its own pattern, so an attendant across
the floor knows what is wrong before walking over:

=============  ====================  =====================
condition      tower                 alarm
=============  ====================  =====================
door open      red, steady           continuous
tilt           red, flashing (1 Hz)  pulsing (1 Hz)
hand-pay       yellow, flashing      fast chirps (4 Hz)
service call   yellow, steady        a short beep every 2 s
=============  ====================  =====================

When several hold, each lamp shows the most urgent of its own (a door before a tilt, a hand-pay before a
service call) and the alarm the most urgent of all (door, tilt, hand-pay, service call). A tilt is any
table or seat tilt other than a door (its own condition), a hand-pay lock (its own) and the service key
(a technician at work, not a fault).

:class:`SimTower` keeps what it was told (a demo table's panel shows it); :class:`GpioTower` drives one
GPIO output line per lamp and one for the alarm (``[devices] tower_red``, ``tower_yellow``, ``alarm``:
value files, as the switches are read), writing ``1``/``0`` as each pattern turns on and off. A lamp or
alarm without a line is simply not driven: the cabinet does not have it.

>>> state = tower_state({Signal.HANDPAY, Signal.DOOR})
>>> state.red.name, state.yellow.name, state.alarm.name
('STEADY', 'FLASH', 'STEADY')
>>> FLASH.on_at(0.2), FLASH.on_at(0.7), OFF.on_at(0.2), STEADY.on_at(123.4)
(True, False, False, True)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class Pattern:
    """A lamp's or the alarm's pattern: on for ``on_s`` of every ``period_s`` (steady: always, off: never)."""

    name: str
    period_s: float
    on_s: float

    def on_at(self, seconds: float) -> bool:
        """Whether the line is on at ``seconds`` of a monotonic clock."""
        if self.on_s <= 0:
            return False
        if self.on_s >= self.period_s:
            return True
        return seconds % self.period_s < self.on_s


OFF = Pattern("OFF", 1.0, 0.0)
STEADY = Pattern("STEADY", 1.0, 1.0)
FLASH = Pattern("FLASH", 1.0, 0.5)
FAST = Pattern("FAST", 0.25, 0.125)
BEEP = Pattern("BEEP", 2.0, 0.2)
PATTERNS = {p.name: p for p in (OFF, STEADY, FLASH, FAST, BEEP)}


class Signal(enum.Enum):
    """What lights the tower, most urgent first."""

    DOOR = "door"
    TILT = "tilt"
    HANDPAY = "handpay"
    SERVICE_CALL = "service_call"


#: Each condition's lamp (``red`` or ``yellow``), its pattern and the alarm's pattern.
SHOWS: dict[Signal, tuple[str, Pattern, Pattern]] = {
    Signal.DOOR: ("red", STEADY, STEADY),
    Signal.TILT: ("red", FLASH, FLASH),
    Signal.HANDPAY: ("yellow", FLASH, FAST),
    Signal.SERVICE_CALL: ("yellow", STEADY, BEEP),
}
LINES = ("red", "yellow", "alarm")


@dataclass(frozen=True, slots=True)
class TowerState:
    """What the tower and the alarm show, and the conditions that make them."""

    red: Pattern = OFF
    yellow: Pattern = OFF
    alarm: Pattern = OFF
    signals: tuple[Signal, ...] = ()

    def pattern(self, line: str) -> Pattern:
        """The pattern of ``red``, ``yellow`` or ``alarm``."""
        found: Pattern = getattr(self, line)
        return found

    def to_json(self) -> dict[str, Any]:
        """As the event log records a change: the conditions, and each lamp's and the alarm's pattern."""
        lamps = {line: self.pattern(line).name.lower() for line in LINES}
        return {"signals": [s.value for s in self.signals], "tower": lamps}


DARK = TowerState()


def tower_state(signals: Iterable[Signal]) -> TowerState:
    """The tower for the conditions that hold (see the module docstring)."""
    held = tuple(s for s in Signal if s in set(signals))  # most urgent first
    lamps: dict[str, Pattern] = {}
    for signal in held:
        lamp, pattern, _ = SHOWS[signal]
        lamps.setdefault(lamp, pattern)
    alarm = SHOWS[held[0]][2] if held else OFF
    return TowerState(lamps.get("red", OFF), lamps.get("yellow", OFF), alarm, held)


@dataclass
class SimTower:
    """A simulated tower and alarm: keeps what it shows and every change, for a demo table's panel."""

    state: TowerState = DARK
    changes: list[TowerState] = field(default_factory=list)

    def show(self, state: TowerState) -> None:
        """Light the tower as ``state`` says."""
        self.state = state
        self.changes.append(state)

    def poll(self) -> None:
        """Nothing to drive: the panel draws the patterns itself."""

    @property
    def fault(self) -> str | None:
        """A simulated tower never fails."""
        return None


def write_line(path: Path, on: bool) -> None:
    """Set a GPIO output line through its value file."""
    path.write_text("1" if on else "0", encoding="ascii")


@dataclass
class GpioTower:
    """The cabinet's tower lamps and alarm on GPIO output lines (``None``: that part is not fitted)."""

    lines: dict[str, Path | None]
    clock: Callable[[], float]
    write: Callable[[Path, bool], None] = write_line
    state: TowerState = DARK
    fault: str | None = None  # the last line that could not be written, and why
    _levels: dict[str, bool] = field(default_factory=dict)

    def show(self, state: TowerState) -> None:
        """Light the tower as ``state`` says (the lines follow at once and at every :meth:`poll`)."""
        self.state = state
        self.poll()

    def poll(self) -> None:
        """Drive every fitted line to its pattern's level now (written only when it changes)."""
        now = self.clock()
        for name in LINES:
            path = self.lines.get(name)
            if path is None:
                continue
            level = self.state.pattern(name).on_at(now)
            if self._levels.get(name) == level:
                continue
            try:
                self.write(path, level)
            except OSError as failed:
                self.fault = f"{name} line {path}: {failed.strerror or failed}"
                continue
            self._levels[name] = level
