"""The table as every screen shows it: the round, the result, tilts, what is offered, the game, the history.

The table display lives on these alone; seats show them too, beside their own (:mod:`.seat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from terminal.net.messages.base import Direction, Family, Message
from terminal.net.schema import Amount, Count, CurrencyCode, Ident, IntRange, Pattern, Spot, Text

FAMILY = Family("display")

SignedYards = Annotated[int, IntRange(-50, 50)]
"""Touchdown yards toward the red end zone (negative: toward black)."""

# --- the round --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LimitsView:
    """The table limits a seat shows."""

    wager_min: Amount
    wager_max: Amount
    seat_max: Amount
    increment: Amount


@FAMILY.message("TableState", 2, Direction.SERVER)
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
class SettlementView:
    """How one wager of one seat was settled: ``paid`` is everything returned, stake included."""

    seat: Ident
    spot: Spot
    wagered: Amount
    paid: Amount
    result: Ident


@FAMILY.message("Result", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Result(Message):
    """A round's persisted outcome (canonical text: ``17``, ``00``, ``4-3``) and its settlements."""

    round_id: Count
    outcome: Text
    settlements: tuple[SettlementView, ...]


@FAMILY.message("Tilt", 2, Direction.SERVER)
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


# --- beside the round: what is offered, the game's state, the history -----------------------------------


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


@FAMILY.message("Offer", 1, Direction.SERVER)
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


@FAMILY.message("GameView", 1, Direction.SERVER)
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


@FAMILY.message("History", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class History(Message):
    """The table's last outcomes, newest first (at most 100)."""

    results: tuple[HistoryEntry, ...]
