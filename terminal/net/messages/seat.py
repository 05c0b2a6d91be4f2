"""What a player's seat says and is told: its wagers and cash-out, its meters, money in and out, its rounds.

The controller gives the intents meaning (a spot is canonical text such as ``straight:17`` or ``place_6``;
amounts are integer minor units). Bots speak exactly these too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from terminal.net.messages.base import Direction, Family, Message
from terminal.net.schema import Amount, Count, CurrencyCode, Ident, Pattern, Spot, Text, Validation

FAMILY = Family("seat")

Source = Annotated[str, Pattern(r"bill|voucher|aft")]

# --- seat → controller: intents -------------------------------------------------------------------------


@FAMILY.message("PlaceWager", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class PlaceWager(Message):
    """Put ``amount`` on ``spot``."""

    spot: Spot
    amount: Amount


@FAMILY.message("RemoveWager", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class RemoveWager(Message):
    """Take the whole wager on ``spot`` back (long-press)."""

    spot: Spot


@FAMILY.message("UndoWager", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class UndoWager(Message):
    """Take back the last chip placed this round."""


@FAMILY.message("ClearWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class ClearWagers(Message):
    """Take back every wager placed this round."""


@FAMILY.message("RepeatWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class RepeatWagers(Message):
    """Place last round's wagers again."""


@FAMILY.message("DoubleWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class DoubleWagers(Message):
    """Double every wager placed this round."""


@FAMILY.message("SetWorking", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class SetWorking(Message):
    """Turn a wager ON or OFF, where the game lets it be off (a wager off on the come-out)."""

    spot: Spot
    working: bool


@FAMILY.message("ChooseTeam", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class ChooseTeam(Message):
    """The seat's choice the game asked for (one of its options: a team of the side game in progress)."""

    team: Ident


@FAMILY.message("BetsDone", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class BetsDone(Message):
    """The seat has finished betting for this window (its "ready" button); the window may close early."""


@dataclass(frozen=True, slots=True)
class Stake:
    """One wager of a set placed together: ``amount`` on ``spot``."""

    spot: Spot
    amount: Amount


@FAMILY.message("PlaceWagers", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class PlaceWagers(Message):
    """Put every stake on the layout, or none of them (a favourite replayed, a racetrack call bet):
    a refusal of any one takes back those placed before it."""

    stakes: tuple[Stake, ...]


@FAMILY.message("CashOut", 1, Direction.CLIENT)
@dataclass(frozen=True, slots=True)
class CashOut(Message):
    """Print a voucher for the seat's whole credit balance."""


# --- controller → seat: its meters, its money, its prompts ----------------------------------------------


@dataclass(frozen=True, slots=True)
class WagerView:
    """One wager standing on the layout.

    ``number`` is a number the wager moved to or chose (a come point, a side wager's point); ``marks`` are
    numbers the wager has collected so far; ``vig`` is commission collected with the wager; ``standing``
    says it was placed in an earlier round (a contract still in play: it cannot be taken back).
    """

    spot: Spot
    amount: Amount
    working: bool
    number: Count | None
    marks: tuple[Count, ...]
    vig: Amount
    standing: bool


@FAMILY.message("SeatState", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class SeatState(Message):
    """A seat's meters on screen; ``locked`` says why it takes no wagers (hand-pay, tilt, link), if so."""

    seat: Ident
    credits: Amount
    total_bet: Amount
    last_win: Amount
    wagers: tuple[WagerView, ...]
    locked: Text | None


@FAMILY.message("TeamPrompt", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class TeamPrompt(Message):
    """The game asks the seat to choose (a team) within ``countdown_ms``, or the RNG assigns an option."""

    seat: Ident
    round_id: Count
    countdown_ms: Count


@FAMILY.message("BuyIn", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class BuyIn(Message):
    """Credits added to a seat from a stacked bill or a redeemed voucher."""

    seat: Ident
    source: Source
    amount: Amount
    credits: Amount


@FAMILY.message("CashedOut", 2, Direction.SERVER)
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


@FAMILY.message("HandPay", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class HandPay(Message):
    """An award at or above the hand-pay limit: the seat is locked until an attendant pays it."""

    seat: Ident
    amount: Amount


@dataclass(frozen=True, slots=True)
class SeatWagerView:
    """One wager of a recalled round: its spot, its stake, what it paid (stake included) and its result."""

    spot: Text
    stake: Amount
    paid: Amount
    result: Ident  # win | lose | push


@dataclass(frozen=True, slots=True)
class SeatRoundView:
    """One of a seat's past rounds: what it wagered and what came back (stakes included), wager by wager."""

    round_id: Count
    outcome: Text
    wagered: Amount
    paid: Amount
    wagers: tuple[SeatWagerView, ...] = ()


@FAMILY.message("SeatRounds", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class SeatRounds(Message):
    """A seat's own last rounds, newest first (at most 10)."""

    seat: Ident
    rounds: tuple[SeatRoundView, ...]
