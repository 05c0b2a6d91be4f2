"""The messages of the protocol: every family, and the one registry every encoder and decoder uses.

Seats, bots, the table display and service screens are *clients*; the table controller is the *server*.
Each message says who may send it. The protocol only carries intents and facts; the controller gives
them meaning.

Read it in this order: :mod:`.base` (what a message is, a family, the registry), then one module per
family: :mod:`.link` (what every station says: handshake, heartbeats, acks and refusals, its hardware),
:mod:`.seat` (a player's wagers, meters and money), :mod:`.display` (the table as every screen shows it)
and :mod:`.service` (the technician's command and its replies), :mod:`.sas` (what the SAS process tells
the controller of the casino system). A family declares its messages and
registers nothing; :data:`PROTOCOL` below is the only registry, built from the families by name. The
link, seat and display messages are also reached from here (``messages.PlaceWager``); the service
replies through their module (``messages.service.MetersReport``).

>>> find_message("PlaceWager", 1)
<class 'terminal.net.messages.seat.PlaceWager'>
>>> body_to_json(PlaceWager("straight:17", 500))
{'spot': 'straight:17', 'amount': 500}
>>> body_from_json("PlaceWager", 1, {"spot": "straight:17", "amount": 5.0})
Traceback (most recent call last):
...
terminal.net.errors.FieldError: PlaceWager.amount: expected an integer, got 5.0
"""

from __future__ import annotations

from terminal.net.codec import JSONValue
from terminal.net.messages import display, link, sas, seat, service
from terminal.net.messages.base import Direction as Direction
from terminal.net.messages.base import Family as Family
from terminal.net.messages.base import Message as Message
from terminal.net.messages.base import Registry as Registry
from terminal.net.messages.base import body_to_json as body_to_json
from terminal.net.messages.display import (
    GameView as GameView,
)
from terminal.net.messages.display import (
    History as History,
)
from terminal.net.messages.display import (
    HistoryEntry as HistoryEntry,
)
from terminal.net.messages.display import (
    LimitsView as LimitsView,
)
from terminal.net.messages.display import (
    Offer as Offer,
)
from terminal.net.messages.display import (
    OfferedWager as OfferedWager,
)
from terminal.net.messages.display import (
    OutcomeCount as OutcomeCount,
)
from terminal.net.messages.display import (
    Result as Result,
)
from terminal.net.messages.display import (
    RuleView as RuleView,
)
from terminal.net.messages.display import (
    SettlementView as SettlementView,
)
from terminal.net.messages.display import (
    TableState as TableState,
)
from terminal.net.messages.display import (
    Tally as Tally,
)
from terminal.net.messages.display import (
    TallyWindow as TallyWindow,
)
from terminal.net.messages.display import (
    Tilt as Tilt,
)
from terminal.net.messages.display import (
    Tower as Tower,
)
from terminal.net.messages.link import (
    Ack as Ack,
)
from terminal.net.messages.link import (
    DeviceInput as DeviceInput,
)
from terminal.net.messages.link import (
    Error as Error,
)
from terminal.net.messages.link import (
    Heartbeat as Heartbeat,
)
from terminal.net.messages.link import (
    Hello as Hello,
)
from terminal.net.messages.link import (
    Ready as Ready,
)
from terminal.net.messages.link import (
    RequestState as RequestState,
)
from terminal.net.messages.link import (
    Welcome as Welcome,
)
from terminal.net.messages.sas import SasEnable as SasEnable
from terminal.net.messages.sas import SasHandpayReset as SasHandpayReset
from terminal.net.messages.sas import SasLink as SasLink
from terminal.net.messages.sas import SasLock as SasLock
from terminal.net.messages.sas import SasRedemption as SasRedemption
from terminal.net.messages.sas import SasTicket as SasTicket
from terminal.net.messages.sas import SasTransfer as SasTransfer
from terminal.net.messages.sas import SasValidation as SasValidation
from terminal.net.messages.seat import (
    BetsDone as BetsDone,
)
from terminal.net.messages.seat import (
    BuyIn as BuyIn,
)
from terminal.net.messages.seat import (
    CashedOut as CashedOut,
)
from terminal.net.messages.seat import (
    CashOut as CashOut,
)
from terminal.net.messages.seat import (
    ChooseTeam as ChooseTeam,
)
from terminal.net.messages.seat import (
    ClearWagers as ClearWagers,
)
from terminal.net.messages.seat import (
    DoubleWagers as DoubleWagers,
)
from terminal.net.messages.seat import (
    HandPay as HandPay,
)
from terminal.net.messages.seat import (
    PlaceWager as PlaceWager,
)
from terminal.net.messages.seat import (
    PlaceWagers as PlaceWagers,
)
from terminal.net.messages.seat import (
    RemoveWager as RemoveWager,
)
from terminal.net.messages.seat import (
    RepeatWagers as RepeatWagers,
)
from terminal.net.messages.seat import (
    SeatRounds as SeatRounds,
)
from terminal.net.messages.seat import (
    SeatRoundView as SeatRoundView,
)
from terminal.net.messages.seat import (
    SeatState as SeatState,
)
from terminal.net.messages.seat import (
    SeatWagerView as SeatWagerView,
)
from terminal.net.messages.seat import (
    SetWorking as SetWorking,
)
from terminal.net.messages.seat import (
    Stake as Stake,
)
from terminal.net.messages.seat import (
    TeamPrompt as TeamPrompt,
)
from terminal.net.messages.seat import (
    UndoWager as UndoWager,
)
from terminal.net.messages.seat import (
    WagerView as WagerView,
)
from terminal.net.messages.service import ServiceCommand as ServiceCommand

PROTOCOL = Registry.of(link.FAMILY, seat.FAMILY, display.FAMILY, service.FAMILY, sas.FAMILY)
"""Every message the table speaks. A new family is added here, and only here."""

MESSAGES = PROTOCOL.by_key
"""``(type name, version)`` → message class, read-only."""


def find_message(name: str, version: int) -> type[Message]:
    """The message class registered as ``name`` version ``version``."""
    return PROTOCOL.find(name, version)


def body_from_json(name: str, version: int, body: JSONValue) -> Message:
    """Decode a message body; raises :class:`UnknownMessageError` or :class:`FieldError`."""
    return PROTOCOL.decode(name, version, body)
