"""Hardware input a station reports (``DeviceInput``), handed to that station's simulated device.

On a lab table the bill acceptors, ticket readers and the service key are simulated in the controller
process (:mod:`terminal.devices.simulated`); a person at a seat window or at the service screen works them
through the protocol. The input goes to the device exactly as a real bill or ticket would, so money still
moves only on the device's own confirmation through the :class:`~terminal.table.cabinet.Cabinet` (escrow,
then stacked or returned). A bill or voucher the device or the table gave back is refused with the reason.
"""

from __future__ import annotations

from terminal.devices.events import DeviceStateError
from terminal.devices.simulated import SimDevices
from terminal.net import messages as m
from terminal.net.messages import DeviceInput
from terminal.table.cabinet import Cabinet
from terminal.table.cashier import OVER_LIMIT

SERVICE_KEY, BILL_ACCEPTOR, TICKET_READER = "service_key", "bill_acceptor", "ticket_reader"
CALL_BUTTON = "call_button"  # a seat's service call (lights the tower; pressed again: answered)
#: The code of a voucher of another table refused while the floor is unreachable (``floor_side``).
FLOOR_OFFLINE = "floor_offline"
#: The code of a voucher whose floor record no accepted table signed (``floor_side.FORGED_LINE``).
VOUCHER_FORGED = "voucher_forged"
INPUTS: dict[str, tuple[str, ...]] = {  # device -> the actions a person can take on it
    SERVICE_KEY: ("on", "off"),
    BILL_ACCEPTOR: ("insert",),
    TICKET_READER: ("insert",),
    CALL_BUTTON: ("on", "off"),
}


class DeviceInputRefused(ValueError):
    """A device input the table cannot take: no simulated devices, a device the station lacks, or money
    given back (the message starts with ``money:`` then)."""


def apply_input(cabinet: Cabinet, seat: int | None, message: DeviceInput) -> None:
    """Work ``seat``'s device (``None``: the service station, which has only the key) as ``message`` says.

    A player station never turns the service key, in any mode: the key stops the whole table."""
    device, action = message.device, message.action
    if action not in INPUTS.get(device, ()):
        raise DeviceInputRefused(f"rules: {device}/{action} is not a device input")
    devices = cabinet.devices
    if not isinstance(devices, SimDevices):  # a hardware table: only its real devices move anything
        raise DeviceInputRefused("rules: this table has no simulated devices; use the real hardware")
    if device == SERVICE_KEY:
        if seat is not None:  # the service station's key (a technician's, on hardware): never a player's
            raise DeviceInputRefused("rules: a player station never turns the service key")
        devices.key.turn(action == "on")
        return
    if seat is None or not 1 <= seat <= len(devices.acceptors):
        raise DeviceInputRefused(f"rules: {device} is a seat's device; this station has none")
    if device == CALL_BUTTON:
        cabinet.service_call(seat, action == "on")
        return
    cabinet.returned.pop(seat, None)
    try:
        if device == BILL_ACCEPTOR:
            devices.acceptors[seat - 1].insert_bill(message.value)
        else:
            devices.readers[seat - 1].insert_voucher(message.text)
    except DeviceStateError as busy:
        raise DeviceInputRefused(f"money: {busy}") from None
    reason = cabinet.returned.pop(seat, None)
    if reason is not None and OVER_LIMIT in reason:  # the reply says it: the cabinet's word to the seat goes
        told = (f"seat-{seat}", m.Error("refused", f"{OVER_LIMIT}: ", None))
        cabinet.outbox = [sent for sent in cabinet.outbox if sent != told]
    for code in (FLOOR_OFFLINE, VOUCHER_FORGED, OVER_LIMIT):
        if reason is not None and code in reason:  # one line the seat shows in the player's language
            raise DeviceInputRefused(f"{code}: ")
    if reason is not None:
        raise DeviceInputRefused(f"money: {reason}")
