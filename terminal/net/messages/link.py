"""What every station says on its link, whatever it is: the handshake, heartbeats, acknowledgements and
refusals, a request for fresh state, and the station's own hardware.

Seats, bots, the table display and the service screen all speak these; the handshake itself is worked by
:mod:`terminal.net.session`.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.net.messages.base import Direction, Family, Message
from terminal.net.schema import Amount, Count, Ident, Nonce, Text

FAMILY = Family("link")

# --- handshake (see terminal.net.session) -------------------------------------------------------------


@FAMILY.message("Hello", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class Hello(Message):
    """First frame of a connection: the client's fresh nonce, MAC'd with the seat's long-term key."""

    nonce: Nonce


@FAMILY.message("Welcome", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """The server's fresh nonce; the first frame under the session key, so it proves the server's key."""

    nonce: Nonce
    table_id: Text
    heartbeat_ms: Count


@FAMILY.message("Ready", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class Ready(Message):
    """The client's first frame under the session key: it proves the client's key; the link is up."""


@FAMILY.message("Heartbeat", 1, Direction.BOTH)
@dataclass(frozen=True, slots=True)
class Heartbeat(Message):
    """Sent every heartbeat period by both sides; silence longer than the timeout means a lost link."""


# --- any station → controller --------------------------------------------------------------------------


@FAMILY.message("RequestState", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class RequestState(Message):
    """Ask for fresh TableState and SeatState (after a reconnect)."""


@FAMILY.message("DeviceInput", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class DeviceInput(Message):
    """Hardware attached to the sending station did something (simulated on a lab table).

    ``device`` and ``action``: ``bill_acceptor``/``insert`` (``value`` is the bill in minor units),
    ``ticket_reader``/``insert`` (``text`` is the voucher's validation number), ``service_key``/``on`` or
    ``off``, ``call_button``/``on`` or ``off`` (a seat's service call, and its answer). The controller
    hands it to that station's device; money then moves only on the device's own confirmation, exactly
    as for real hardware.
    """

    device: Ident
    action: Ident
    value: Amount
    text: Text


# --- controller → a station: the answer to each frame --------------------------------------------------


@FAMILY.message("Ack", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Ack(Message):
    """The client message with sequence number ``ref`` was accepted."""

    ref: Count


@FAMILY.message("Error", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Error(Message):
    """A refusal: ``code`` for programs, ``message`` for people; ``ref`` is the refused frame if known."""

    code: Ident
    message: Text
    ref: Count | None
