"""The messages of the seat protocol: frozen records in a registry by (type name, version).

Seats, bots, the table display and service screens are *clients*; the table controller is the *server*.
Each message says who may send it. The protocol only carries intents and facts; the controller gives
them meaning (a spot is canonical text such as ``straight:17`` or ``place_6``; amounts are integer minor
units).

>>> find_message("PlaceWager", 1)
<class 'terminal.net.messages.PlaceWager'>
>>> body_to_json(PlaceWager("straight:17", 500))
{'spot': 'straight:17', 'amount': 500}
>>> body_from_json("PlaceWager", 1, {"spot": "straight:17", "amount": 5.0})
Traceback (most recent call last):
...
terminal.net.errors.FieldError: PlaceWager.amount: expected an integer, got 5.0
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, ClassVar, TypeVar

from terminal.net.codec import JSONValue
from terminal.net.errors import UnknownMessageError
from terminal.net.schema import (
    Amount,
    Count,
    Ident,
    IntRange,
    Nonce,
    Pattern,
    Spot,
    Text,
    Validation,
    fields_of,
    record_from_json,
    to_json,
)


class Direction(enum.Enum):
    """Who may send a message."""

    CLIENT = "client"  # seat, bot, display or service screen → controller
    SERVER = "server"  # controller → clients
    BOTH = "both"


class Message:
    """Base of every protocol message; subclasses are frozen dataclasses registered with :func:`message`."""

    __slots__ = ()
    TYPE: ClassVar[str]
    VERSION: ClassVar[int]
    DIRECTION: ClassVar[Direction]


MESSAGES: dict[tuple[str, int], type[Message]] = {}
M = TypeVar("M", bound=type[Message])


def message(name: str, version: int, direction: Direction) -> Callable[[M], M]:
    """Register a message class under ``(name, version)``."""

    def register(cls: M) -> M:
        if (name, version) in MESSAGES:
            raise ValueError(f"message {name} v{version} registered twice")
        cls.TYPE, cls.VERSION, cls.DIRECTION = name, version, direction
        fields_of(cls)  # resolve the schema now, so a bad annotation fails at import, not on the wire
        MESSAGES[(name, version)] = cls
        return cls

    return register


def find_message(name: str, version: int) -> type[Message]:
    """The message class registered as ``name`` version ``version``."""
    try:
        return MESSAGES[(name, version)]
    except KeyError:
        raise UnknownMessageError(f"unknown message type {name!r} version {version!r}") from None


def body_to_json(msg: Message) -> dict[str, JSONValue]:
    """The JSON object of a message's fields (checked, so an invalid message is never sent)."""
    hints = fields_of(type(msg))
    return {name: to_json(getattr(msg, name), hint, f"{msg.TYPE}.{name}") for name, hint in hints}


def body_from_json(name: str, version: int, body: JSONValue) -> Message:
    """Decode a message body; raises :class:`UnknownMessageError` or :class:`FieldError`."""
    cls = find_message(name, version)
    built: Message = record_from_json(body, cls, cls.TYPE)
    return built


Team = Annotated[str, Pattern(r"red|black")]
Source = Annotated[str, Pattern(r"bill|voucher")]
CurrencyCode = Annotated[str, Pattern(r"[A-Z]{3}")]

# --- handshake (see terminal.net.session) -------------------------------------------------------------


@message("Hello", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class Hello(Message):
    """First frame of a connection: the client's fresh nonce, MAC'd with the seat's long-term key."""

    nonce: Nonce


@message("Welcome", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """The server's fresh nonce; the first frame under the session key, so it proves the server's key."""

    nonce: Nonce
    table_id: Text
    heartbeat_ms: Count


@message("Ready", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class Ready(Message):
    """The client's first frame under the session key: it proves the client's key; the link is up."""


@message("Heartbeat", 1, Direction.BOTH)
@dataclass(frozen=True, slots=True)
class Heartbeat(Message):
    """Sent every heartbeat period by both sides; silence longer than the timeout means a lost link."""


# --- client → controller: intents ---------------------------------------------------------------------


@message("PlaceWager", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class PlaceWager(Message):
    """Put ``amount`` on ``spot``."""

    spot: Spot
    amount: Amount


@message("RemoveWager", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class RemoveWager(Message):
    """Take the whole wager on ``spot`` back (long-press)."""

    spot: Spot


@message("UndoWager", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class UndoWager(Message):
    """Take back the last chip placed this round."""


@message("ClearWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class ClearWagers(Message):
    """Take back every wager placed this round."""


@message("RepeatWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class RepeatWagers(Message):
    """Place last round's wagers again."""


@message("DoubleWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class DoubleWagers(Message):
    """Double every wager placed this round."""


@message("SetWorking", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SetWorking(Message):
    """Turn a craps wager ON or OFF (for wagers that may be off on the come-out)."""

    spot: Spot
    working: bool


@message("ChooseTeam", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class ChooseTeam(Message):
    """The Touchdown team of the seat's current game."""

    team: Team


@message("BetsDone", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class BetsDone(Message):
    """The seat has finished betting for this window (its "ready" button); the window may close early."""


@message("CashOut", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class CashOut(Message):
    """Print a voucher for the seat's whole credit balance."""


@message("RequestState", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class RequestState(Message):
    """Ask for fresh TableState and SeatState (after a reconnect)."""


@message("ServiceCommand", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class ServiceCommand(Message):
    """A service-screen request (``login``, ``meters``, ``clear_tilt``...); the controller checks roles."""

    command: Ident
    args: tuple[Text, ...]


@message("DeviceInput", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class DeviceInput(Message):
    """Hardware attached to the sending station did something (simulated on a lab table).

    ``device`` and ``action``: ``bill_acceptor``/``insert`` (``value`` is the bill in minor units),
    ``ticket_reader``/``insert`` (``text`` is the voucher's validation number), ``service_key``/``on`` or
    ``off``. The controller hands it to that station's device; money then moves only on the device's
    own confirmation, exactly as for real hardware.
    """

    device: Ident
    action: Ident
    value: Amount
    text: Text


# --- controller → clients: replies and pushes ---------------------------------------------------------


@message("Ack", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Ack(Message):
    """The client message with sequence number ``ref`` was accepted."""

    ref: Count


@message("Error", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Error(Message):
    """A refusal: ``code`` for programs, ``message`` for people; ``ref`` is the refused frame if known."""

    code: Ident
    message: Text
    ref: Count | None


@dataclass(frozen=True, slots=True)
class LimitsView:
    """The table limits a seat shows."""

    wager_min: Amount
    wager_max: Amount
    seat_max: Amount
    increment: Amount


@message("TableState", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class TableState(Message):
    """The round as every screen shows it: game, phase, countdown, limits, chips, units and the table.

    ``wheel`` is the roulette wheel (``double_zero``, ``single_zero``, ``double_as_single``) or ``none`` at
    craps; ``test_mode`` is lab mode: every screen shows a permanent TEST watermark; ``devices`` is
    ``simulated`` (a seat may offer its simulated bill acceptor, marked as such) or ``hardware`` (it may not).
    """

    game: Ident
    round_id: Count
    phase: Ident
    countdown_ms: Count
    limits: LimitsView
    chip_values: tuple[Amount, ...]
    currency: CurrencyCode
    denomination: Amount
    venue: Text
    table_id: Text
    seats: Count
    wheel: Ident
    test_mode: bool
    devices: Ident = "simulated"


@dataclass(frozen=True, slots=True)
class WagerView:
    """One wager standing on the layout.

    ``number`` is a come or don't-come bet's moved point, or the Lucky Shooter's point; ``marks`` are the
    Lucky Shooter's numbers already rolled; ``vig`` is commission collected with the wager; ``standing``
    says it was placed in an earlier round (a craps contract or a Touchdown game: it cannot be taken back).
    """

    spot: Spot
    amount: Amount
    working: bool
    number: Count | None
    marks: tuple[Count, ...]
    vig: Amount
    standing: bool


@message("SeatState", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class SeatState(Message):
    """A seat's meters on screen; ``locked`` says why it takes no wagers (hand-pay, tilt, link), if so."""

    seat: Ident
    credits: Amount
    total_bet: Amount
    last_win: Amount
    wagers: tuple[WagerView, ...]
    locked: Text | None


@dataclass(frozen=True, slots=True)
class SettlementView:
    """How one wager of one seat was settled: ``paid`` is everything returned, stake included."""

    seat: Ident
    spot: Spot
    wagered: Amount
    paid: Amount
    result: Ident


@message("Result", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Result(Message):
    """A round's persisted outcome (canonical text: ``17``, ``00``, ``4-3``) and its settlements."""

    round_id: Count
    outcome: Text
    settlements: tuple[SettlementView, ...]


@message("TeamPrompt", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class TeamPrompt(Message):
    """Touchdown: choose red or black within ``countdown_ms`` or the RNG assigns a team."""

    seat: Ident
    round_id: Count
    countdown_ms: Count


@message("Tilt", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Tilt(Message):
    """A tilt raised (``active``) or cleared: wagers and money stop while any tilt is active.

    ``reason`` is the tilt's kind; ``seat`` the seat it stops (None: the whole table). Players are told
    ``code`` only: each face shows the catalogue's ``tilt.<code>`` message (see
    :mod:`terminal.net.tilt_codes`). ``detail`` is the technician's text, for service and logs, never
    for a player's screen.
    """

    reason: Ident
    active: bool
    seat: Count | None
    code: Ident
    detail: Text


@message("BuyIn", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class BuyIn(Message):
    """Credits added to a seat from a stacked bill or a redeemed voucher."""

    seat: Ident
    source: Source
    amount: Amount
    credits: Amount


@message("CashedOut", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class CashedOut(Message):
    """A voucher was printed for ``amount``: everything the seat's screen needs to show it as printed.

    ``issued_at`` is ISO 8601 local time; ``expires`` is an ISO date, or empty when vouchers never expire.
    """

    seat: Ident
    amount: Amount
    validation: Validation
    venue: Text
    table_id: Text
    issued_at: Text
    expires: Text
    currency: CurrencyCode


@message("HandPay", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class HandPay(Message):
    """An award at or above the hand-pay limit: the seat is locked until an attendant pays it."""

    seat: Ident
    amount: Amount


# --- controller → clients: what the screens show beside the round ------------------------------------

SignedYards = Annotated[int, IntRange(-50, 50)]
"""Touchdown yards toward the red end zone (negative: toward black)."""


@dataclass(frozen=True, slots=True)
class OfferedWager:
    """A wager the table offers, with the paytable it settles under and its own limits."""

    wager: Ident
    paytable: Text  # as configured: ``standard``, ``A``...
    minimum: Amount
    maximum: Amount
    increment: Amount


@dataclass(frozen=True, slots=True)
class RuleView:
    """One house rule as text (``vig_percent`` = ``5``, ``buy_vig`` = ``on_win``...)."""

    key: Ident
    value: Text


@message("Offer", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Offer(Message):
    """What the table offers: every wager with its paytable and limits, and the house rules."""

    game: Ident
    wagers: tuple[OfferedWager, ...]
    rules: tuple[RuleView, ...]


@dataclass(frozen=True, slots=True)
class TeamView:
    """A seat's Touchdown team (``none`` until chosen); ``assigned`` when the RNG picked it."""

    seat: Ident
    team: Annotated[str, Pattern(r"red|black|none")]
    assigned: bool


@dataclass(frozen=True, slots=True)
class TouchdownView:
    """The table's Touchdown game: ``downs`` are the pockets spun (37 is 00), ``gains`` their yards."""

    phase: Annotated[str, Pattern(r"open|game")]
    downs: tuple[Count, ...]
    gains: tuple[SignedYards, ...]
    ball: SignedYards
    teams: tuple[TeamView, ...]


@dataclass(frozen=True, slots=True)
class CrapsView:
    """The craps table: point (None on the come-out), shooter, rolls, Fire points and Bonus numbers."""

    point: Count | None
    shooter: Count
    rolls: Count
    new_shooter: bool
    fire_points: tuple[Count, ...]
    bonus_marks: tuple[Count, ...]
    last_roll: Text


@message("GameView", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class GameView(Message):
    """The game's state that outlives a round, for every screen."""

    game: Ident
    round_id: Count
    touchdown: TouchdownView | None
    craps: CrapsView | None


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One past outcome (``17``, ``00``, ``4-3``); ``void`` for a voided spin."""

    round_id: Count
    outcome: Text
    void: bool


@message("History", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class History(Message):
    """The table's last outcomes, newest first (at most 100)."""

    results: tuple[HistoryEntry, ...]


@dataclass(frozen=True, slots=True)
class SeatRoundView:
    """One of a seat's past rounds: what it wagered and what came back (stakes included)."""

    round_id: Count
    outcome: Text
    wagered: Amount
    paid: Amount


@message("SeatRounds", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class SeatRounds(Message):
    """A seat's own last rounds, newest first (at most 10)."""

    seat: Ident
    rounds: tuple[SeatRoundView, ...]


# The service screen's replies live in their own module; importing it here registers them with every
# decoder that imports this module.
from terminal.net.messages import service as service  # noqa: E402
