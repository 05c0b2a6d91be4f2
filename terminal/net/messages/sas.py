"""What the SAS process (``terminal sas run``, client id ``sas``) tells the controller about each seat.

The casino system speaks SAS to each seat's machine; the machine reads the ledger and never writes it
(one writer). What the table itself must act on reaches the controller here, over the same authenticated
link every station uses, from the ``sas`` client alone: the host disabled or enabled a seat (long polls
01 and 02), the host stopped or resumed polling a seat, and the host reset a seat's hand-pay (94). The
controller logs each change in the ledger and raises or clears that seat's tilt (``sas_disabled``;
``sas_link`` where ``[sas] required``; ``handpay`` cleared by 94, the credits paid by hand).
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.net.messages.base import Direction, Family, Message
from terminal.net.schema import Count, Ident, Text, Validation

FAMILY = Family("sas")


@FAMILY.message("SasEnable", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasEnable(Message):
    """The host sent seat ``seat`` shutdown (``enabled`` false: long poll 01) or startup (true: 02)."""

    seat: Count
    enabled: bool
    address: Count  # the seat's SAS address, for the ledger entry


@FAMILY.message("SasLink", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasLink(Message):
    """The host polls seat ``seat`` again (``state`` ``restored``) or has been silent past
    ``[sas] host_timeout_ms`` (``lost``); ``detail`` says since when, for the technician."""

    seat: Count
    state: Ident
    detail: Text


@FAMILY.message("SasHandpayReset", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasHandpayReset(Message):
    """The host reset seat ``seat``'s hand-pay (long poll 94): the attendant paid it, the casino system
    says so; the controller pays the seat's credits by hand in the ledger and unlocks the seat."""

    seat: Count
    address: Count


@FAMILY.message("SasTransfer", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasTransfer(Message):
    """The host asked seat ``seat`` for AFT transfer ``transaction`` (long poll 72): ``direction`` ``in``
    (credits from a player account to the seat) or ``out`` (the seat's credits to the account) of
    ``amount`` cents; or, with ``abandon``, the SAS process lost it before the table heard (a restart): the
    table records it refused unless it was applied. The controller applies or refuses it once (the
    transaction id is the idempotency key) and the ledger says which; the SAS process reads it there."""

    seat: Count
    transaction: Text
    direction: Ident
    amount: Count
    abandon: bool


@FAMILY.message("SasTicket", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasTicket(Message):
    """The host's word (long poll 71) on ticket ``number`` held in seat ``seat``'s reader: ``code`` 0 a
    cashable ticket worth ``amount`` cents (the table stacks it and credits the seat once), any other code
    refused (the ticket goes back to the player)."""

    seat: Count
    number: Validation
    amount: Count
    code: Count


@FAMILY.message("SasValidation", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasValidation(Message):
    """The host set seat ``seat``'s secure-enhanced validation (long poll 4C): its machine validation ID
    and the sequence number of its next ticket; the seat's vouchers are numbered from them."""

    seat: Count
    machine_id: Count
    sequence: Count


@FAMILY.message("SasLock", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasLock(Message):
    """The host locked seat ``seat`` for an AFT transfer (long poll 74 code 00) for ``timeout_ms``, or ended
    the lock (``timeout_ms`` 0: a 74 cancel); the table takes no wager at the seat while the lock holds."""

    seat: Count
    timeout_ms: Count


@FAMILY.message("SasRedemption", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SasRedemption(Message):
    """The host turned ticket redemption at seat ``seat`` off or on (long poll 7B, control bit 5): off, a
    ticket not ours inserted there goes back at once instead of waiting for the host."""

    seat: Count
    enabled: bool
