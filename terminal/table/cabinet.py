"""The cabinet: what the table does with every device event.

Money moves only on the device's own confirmation: a bill escrowed is stacked only if its seat may take
money and has room for it under ``[money] credit_limit`` (else it is returned), and only ``BillStacked``
credits the seat; a voucher is checked against the ledger while it sits in the reader, stacked if it is
outstanding and the seat has room for its amount, and only ``VoucherStacked`` redeems it. Money given back
for the limit is logged (``OVER_CREDIT_LIMIT``) and the seat is told why (an ``Error`` whose code,
``over_limit``, it shows in the player's words: a hardware seat asked nothing, so nothing else would).
Doors, the service key and device faults raise their tilts and write the event log. The cabinet is also
the table's sensor: a door or device tilt clears only while the devices report its cause gone
(:meth:`Cabinet.condition_over`), and devices attached at start-up are read once (:meth:`Cabinet.attach`)
so a key turned back or a door opened while the controller was down counts.

The cabinet also lights the tower and sounds the alarm (:mod:`terminal.devices.tower`): after every change
the controller tells the screens about (:meth:`Cabinet.update_tower`), a door open, a tilt, a hand-pay lock
or a seat's service call each show their pattern; each change is logged (``TOWER_CHANGE``), and so is
each call and its answer (``SERVICE_CALL``, ``SERVICE_CALL_ANSWERED``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from terminal.devices.events import (
    BillEscrowed,
    BillReturned,
    BillStacked,
    DeviceEvent,
    DeviceFault,
    DoorClosed,
    DoorOpened,
    FaultCleared,
    ServiceKeyTurned,
    VoucherInserted,
    VoucherPrinted,
    VoucherReturned,
    VoucherStacked,
)
from terminal.devices.gpio import HardwareDevices
from terminal.devices.interfaces import BillAcceptor, TicketReader
from terminal.devices.simulated import SimDevices
from terminal.devices.tower import DARK, Signal, TowerState, tower_state
from terminal.ledger import EventCode, LedgerError, sas_tickets
from terminal.net import messages as m
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tilts import Role, Tilt, TiltKind

#: What the seat is told of a ticket the casino system validates (the code's entry in the player's words).
SAS_WAIT = "sas_ticket_wait: checking the ticket with the casino system"
SAS_REFUSED = "sas_ticket: the ticket was not accepted and was given back"


@dataclass
class Cabinet:
    """Routes device events to the table; ``outbox`` holds what the seats must be told."""

    table: Table
    devices: SimDevices | HardwareDevices | None = None
    outbox: list[tuple[str, m.Message]] = field(default_factory=list)
    pockets: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))  # vouchers printed
    returned: dict[int, str] = field(default_factory=dict)  # seat -> why its last bill or voucher came back
    sas_held: dict[int, str] = field(default_factory=dict)  # seat -> a ticket not ours awaiting the host (71)
    sas_approved: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat -> (ticket, amount)
    sas_since: dict[int, float] = field(default_factory=dict)  # seat -> when its held ticket went in
    calls: set[int] = field(default_factory=set)  # seats whose call button asks for an attendant
    calls_changed: bool = False  # a call came or was answered since the screens were last told
    tower: TowerState = DARK  # what the tower shows now
    tower_fault: str | None = None  # the output line fault last logged

    def attach(self, devices: SimDevices | HardwareDevices) -> None:
        """Wire the devices (their sink is :meth:`on_event`) and make them the table's sensors; then read
        them once: what changed while nothing listened (the controller down) counts as it is now."""
        self.devices = devices
        self.table.tilts.sensors = self.condition_over
        if not devices.key.is_on():
            self._clear(TiltKind.SERVICE_MODE, None, None)  # the key was turned back meanwhile
        elif not any(t.kind is TiltKind.SERVICE_MODE for t in self.table.tilts.active):
            self.table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))
        open_doors = sorted(door.value for door in devices.doors.open_doors())
        if open_doors:
            self.table.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, f"{open_doors[0]} door open"))

    def condition_over(self, kind: TiltKind, seat: int | None) -> bool:
        """What the sensors say: every door shut, the seat's devices without a fault, the key off."""
        devices = self.devices
        if devices is None:
            return False
        if kind is TiltKind.DOOR_OPEN:
            return not devices.doors.open_doors()
        if kind is TiltKind.SERVICE_MODE:
            return not devices.key.is_on()
        if kind is TiltKind.DEVICE_FAULT and seat is not None:
            index = seat - 1
            kinds: tuple[tuple[object, ...], ...] = (devices.acceptors, devices.readers, devices.printers)
            return all(getattr(part[index], "fault", None) is None for part in kinds if index < len(part))
        return kind is not TiltKind.DEVICE_FAULT

    def on_event(self, seat: int | None, event: DeviceEvent) -> None:
        """The sink every device reports to (``seat`` is ``None`` for the cabinet's doors and key)."""
        match event:
            case BillEscrowed(value=value) if seat is not None:
                self._escrowed(seat, value)
            case BillStacked(value=value) if seat is not None:
                credits = self.table.cashier.bill_stacked(seat, value)
                self.outbox.append((f"seat-{seat}", m.BuyIn(f"seat-{seat}", "bill", value, credits)))
            case VoucherInserted(validation=number) if seat is not None:
                self._voucher_inserted(seat, number)
            case VoucherStacked(validation=number) if seat is not None:
                self._voucher_stacked(seat, number)
            case BillReturned(value=value, reason=reason) if seat is not None:
                self.returned[seat] = f"bill of {value} returned: {reason}"
            case VoucherReturned(validation=number, reason=reason) if seat is not None:
                self.returned[seat] = f"voucher {number} returned: {reason}"
            case VoucherPrinted(validation=number) if seat is not None:
                self.pockets[seat].append(number)
            case DeviceFault(device=device, fault=fault) if seat is not None:
                self.table.tilts.raise_tilt(Tilt(TiltKind.DEVICE_FAULT, seat, f"{device.value}: {fault}"))
            case FaultCleared() if seat is not None:
                if self.condition_over(TiltKind.DEVICE_FAULT, seat):  # every device of the seat is well
                    self._clear(TiltKind.DEVICE_FAULT, seat, Role.ATTENDANT)
            case DoorOpened(door=door):
                self.table.ledger.log_event(
                    EventCode.DOOR_OPEN, now=self.table.clock.wall(), detail={"door": door.value}
                )
                self.table.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, f"{door.value} door open"))
            case DoorClosed(door=door):
                self.table.ledger.log_event(
                    EventCode.DOOR_CLOSE, now=self.table.clock.wall(), detail={"door": door.value}
                )
                self.table.auditor.after_door_close()  # a door was open: check the memory again
            case ServiceKeyTurned(on=on):
                self._service_key(on)
            case _:
                pass

    # -- the tower light and the alarm -----------------------------------------------------------------
    def service_call(self, seat: int, on: bool) -> None:
        """A seat's call button: the player asks for an attendant (``on``), or the call was answered."""
        if on == (seat in self.calls):
            return
        code = EventCode.SERVICE_CALL if on else EventCode.SERVICE_CALL_ANSWERED
        self.table.tilts.log_event(code, seat=seat)
        (self.calls.add if on else self.calls.discard)(seat)
        self.calls_changed = True

    def signals(self) -> set[Signal]:
        """The conditions that light the tower now: the table's tilts and the seats' calls."""
        found = {Signal.SERVICE_CALL} if self.calls else set()
        for tilt in self.table.tilts.active:
            if tilt.kind is TiltKind.DOOR_OPEN:
                found.add(Signal.DOOR)
            elif tilt.kind is TiltKind.HANDPAY:
                found.add(Signal.HANDPAY)
            elif tilt.kind is not TiltKind.SERVICE_MODE:  # the key: a technician at work, not a fault
                found.add(Signal.TILT)
        return found

    def tower_message(self) -> m.Tower:
        """What every screen is told of the tower (a demo table's panel shows it)."""
        state = self.tower
        return m.Tower(state.red.name.lower(), state.yellow.name.lower(), state.alarm.name.lower(),
                       tuple(sorted(self.calls)))  # fmt: skip

    def update_tower(self) -> bool:
        """Show the tower the conditions call for; log a change (True when it changed)."""
        state = tower_state(self.signals())
        tower = getattr(self.devices, "tower", None)
        fault = getattr(tower, "fault", None)
        if fault is not None and fault != self.tower_fault:
            self.tower_fault = fault
            self.table.tilts.log_event(EventCode.TOWER_FAULT, detail={"fault": fault})
        if state == self.tower:
            return False
        self.tower = state
        if tower is not None:
            tower.show(state)
        self.table.tilts.log_event(EventCode.TOWER_CHANGE, detail=state.to_json())
        return True

    def _escrowed(self, seat: int, value: int) -> None:
        acceptor = self._acceptor(seat)
        if self.table.tilts.blocks_seat(seat):
            acceptor.return_bill("the seat takes no money now")
            return
        over = self.table.cashier.room_for(seat, "bill", value)
        if over is not None:
            self._tell(seat, over)
            acceptor.return_bill(over)
            return
        acceptor.stack()

    def _tell(self, seat: int, line: str) -> None:
        """Tell the seat why its money came back (``line`` is ``code: words``; it shows the code's entry)."""
        code = line.partition(":")[0]
        self.outbox.append((f"seat-{seat}", m.Error("refused", f"{code}: ", None)))

    def _voucher_inserted(self, seat: int, number: str) -> None:
        reader = self._reader(seat)
        if self.table.tilts.blocks_seat(seat):
            reader.reject("the seat takes no money now")
            return

        def room(amount: int) -> str | None:
            over = self.table.cashier.room_for(seat, "voucher", amount, number)
            if over is not None:
                self._tell(seat, over)
            return over

        if self.table.floor is not None:  # the floor's bucket knows every table's vouchers
            from terminal.table import floor_side

            refusal = floor_side.reader_refusal(self.table, number, room)
            if refusal == floor_side.unknown_line(number) and self._on_sas(seat):
                self._hold_for_sas(seat, number, reader)  # no table of ours printed it: the casino system's?
                return
            reader.reject(refusal) if refusal is not None else reader.accept()
            return
        try:
            voucher = self.table.ledger.voucher(number, now=self.table.clock.wall())
        except LedgerError as unknown:
            if self._on_sas(seat):  # not ours: the casino system validates it (SAS 70/71)
                self._hold_for_sas(seat, number, reader)
                return
            reader.reject(str(unknown))
            return
        if voucher.state != "outstanding":
            reader.reject(f"voucher is {voucher.state}")
            return
        over = room(voucher.amount)
        reader.reject(over) if over is not None else reader.accept()

    # -- tickets the casino system validates (SAS 70/71) ----------------------------------------------------
    def _on_sas(self, seat: int) -> bool:
        sas = self.table.config.sas
        return sas.enabled and seat in dict(sas.ports)

    def _hold_for_sas(self, seat: int, number: str, reader: TicketReader) -> None:
        """Keep the ticket in the reader and log it: the seat's SAS machine offers it to the host (unless
        the host turned ticket redemption at the seat off, 7B: then it goes back at once)."""
        if not sas_tickets.redemption_on(self.table.ledger.db, seat):
            reader.reject("the casino system has turned ticket redemption off at this seat")
            self._tell(seat, SAS_REFUSED)
            return
        before = sas_tickets.paid(self.table.ledger.db, number)
        if before is not None:  # the same ticket again: never paid twice, whatever the host would say
            reader.reject(f"ticket {number} was {before}")
            self._tell(seat, SAS_REFUSED)
            return
        self.table.ledger.sas_ticket_inserted(seat, number, now=self.table.clock.wall())
        self.sas_held[seat] = number
        self.sas_since[seat] = self.table.clock.monotonic()
        self._tell(seat, SAS_WAIT)

    def sas_expire(self) -> None:
        """Give back every held ticket the host left unanswered past ``[sas] ticket_timeout_ms`` (logged
        refused, ``87``; the seat shows the refusal): a word that comes later finds no ticket."""
        limit = self.table.config.sas.ticket_timeout_ms / 1000
        now = self.table.clock.monotonic()
        for seat, number in list(self.sas_held.items()):
            waited = now - self.sas_since.get(seat, now)
            if waited >= limit:
                why = f"no answer from the casino system within {limit:g} s; the ticket was given back"
                self._sas_refuse(seat, number, 0x87, why)

    def sas_decide(self, seat: int, number: str, amount: int, code: int) -> None:
        """The host's word on the ticket held at ``seat`` (71): stacked (then credited once, in
        :meth:`_voucher_stacked`) or given back with the reason logged; ``ValueError`` when no such ticket
        waits (a replay, a word after the ticket's timeout, or a controller restarted since)."""
        self.sas_expire()  # a word past the timeout finds the ticket given back, whenever the look came
        if self.sas_held.get(seat) != number:
            raise ValueError(f"rules: no ticket {number} waits for the casino system at seat {seat}")
        if code != 0:
            why = f"the casino system refused the ticket (71 code {code:02X})"
            return self._sas_refuse(seat, number, 0x80, why)
        if amount <= 0:
            return self._sas_refuse(seat, number, 0x83, "the casino system gave the ticket no amount")
        if self.table.tilts.blocks_seat(seat):
            return self._sas_refuse(seat, number, 0x87, "the seat takes no money now")
        over = self.table.cashier.room_for(seat, "voucher", amount, number)
        if over is not None:
            return self._sas_refuse(seat, number, 0x84, over)
        del self.sas_held[seat]
        self.sas_since.pop(seat, None)
        self.sas_approved[seat] = (number, amount)
        self._reader(seat).accept()

    def _sas_refuse(self, seat: int, number: str, status: int, reason: str) -> None:
        del self.sas_held[seat]
        self.sas_since.pop(seat, None)
        self.table.ledger.sas_ticket_refuse(seat, number, status, reason, now=self.table.clock.wall())
        self._reader(seat).reject(reason)
        self._tell(seat, SAS_REFUSED)

    def _voucher_stacked(self, seat: int, number: str) -> None:
        approved = self.sas_approved.pop(seat, None)
        if approved is not None and approved[0] == number:
            self._sas_stacked(seat, number, approved[1])
            return
        before = self.table.cashier.credits(seat)
        try:
            credits = self.table.cashier.redeem(seat, number)
        except Refused as refused:  # stacked but refused: the ticket is in the box, an attendant decides
            self.table.tilts.raise_tilt(
                Tilt(TiltKind.DEVICE_FAULT, seat, f"voucher {number} stacked but {refused}")
            )
            return
        amount = credits - before  # another table's voucher is not in this ledger's vouchers
        self.outbox.append((f"seat-{seat}", m.BuyIn(f"seat-{seat}", "voucher", amount, credits)))

    def _sas_stacked(self, seat: int, number: str, amount: int) -> None:
        try:
            credits = self.table.cashier.redeem_sas_ticket(seat, number, amount)
        except Refused as refused:  # in the box and not paid (paid before, or the ledger refused): logged
            self.table.ledger.sas_ticket_refuse(seat, number, 0x87, str(refused), now=self.table.clock.wall())
            fault = Tilt(TiltKind.DEVICE_FAULT, seat, f"ticket {number} stacked but {refused}")
            self.table.tilts.raise_tilt(fault)
            return
        self.outbox.append((f"seat-{seat}", m.BuyIn(f"seat-{seat}", "voucher", amount, credits)))

    def _service_key(self, on: bool) -> None:
        code = EventCode.MODE_CHANGE
        self.table.ledger.log_event(code, now=self.table.clock.wall(), detail={"service_key": on})
        if on:
            self.table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))
        else:
            self._clear(TiltKind.SERVICE_MODE, None, None)

    def _clear(self, kind: TiltKind, seat: int | None, role: Role | None) -> None:
        if any(t.kind is kind and t.seat == seat for t in self.table.tilts.active):
            self.table.tilts.clear_tilt(kind, seat, role, condition_over=True)

    def _acceptor(self, seat: int) -> BillAcceptor:
        if self.devices is None:
            raise RuntimeError("the cabinet has no devices")
        return self.devices.acceptors[seat - 1]

    def _reader(self, seat: int) -> TicketReader:
        if self.devices is None:
            raise RuntimeError("the cabinet has no devices")
        return self.devices.readers[seat - 1]
