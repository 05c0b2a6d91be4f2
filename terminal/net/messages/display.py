"""The table as every screen shows it: the round, the result, tilts, what is offered, the game, the history.

The table display lives on these alone; seats show them too, beside their own (:mod:`.seat`).
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.net.messages.base import Direction, Family, Message
from terminal.net.schema import Amount, Count, CurrencyCode, Ident, Record, Spot, Text

FAMILY = Family("display")

# --- the round --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LimitsView:
    """The table limits a seat shows."""

    wager_min: Amount
    wager_max: Amount
    seat_max: Amount
    increment: Amount


@FAMILY.message("TableState", 3, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class TableState(Message):
    """The round as every screen shows it: game, phase, countdown, limits, chips, units and the table.

    ``variant`` is what the game's configuration changes on every screen (a wheel, a paytable), as the
    game names it; ``test_mode`` is lab mode: every screen shows a permanent TEST watermark; ``devices`` is
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
    variant: Ident
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


@FAMILY.message("Result", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Result(Message):
    """A round's persisted outcome (canonical text: ``17``, ``00``, ``4-3``) and its settlements.

    ``reveal_ms``: milliseconds from this message to the round's reveal time, when the display's ball, dice
    or wheel comes to rest (:mod:`terminal.games.reveal`); until then a seat shows the spin or roll in
    progress and nothing of the outcome. 0: show it at once.
    """

    round_id: Count
    outcome: Text
    settlements: tuple[SettlementView, ...]
    reveal_ms: Count = 0


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


@FAMILY.message("GameView", 2, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class GameView(Message):
    """The game's state that outlives a round, for every screen: ``state`` is the record its game
    declares (the game's ``view_type``), which each screen decodes with that type
    (:mod:`terminal.net.game_state`)."""

    game: Ident
    round_id: Count
    state: Record


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


@FAMILY.message("Tower", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Tower(Message):
    """The tower light and the alarm changed (:mod:`terminal.devices.tower`): each lamp's pattern
    (``off``, ``steady``, ``flash``, ``fast``, ``beep``) and the seats whose service call is waiting; a
    demo table's simulated panel shows them."""

    red: Ident
    yellow: Ident
    alarm: Ident
    calls: tuple[Count, ...]


@dataclass(frozen=True, slots=True)
class OutcomeCount:
    """How many times one outcome (as ``History`` writes it) came up in a window."""

    outcome: Text
    count: Count


@dataclass(frozen=True, slots=True)
class TallyWindow:
    """The outcomes of the table's last ``rounds`` valid results (voids left out), counted."""

    rounds: Count
    counts: tuple[OutcomeCount, ...]


@FAMILY.message("Tally", 1, Direction.SERVER)
@dataclass(frozen=True, slots=True)
class Tally(Message):
    """The statistics boards' counts (docs/statistics.md): the last 100 and the last 500 results, each
    window's outcomes counted, read from the ledger. Sent beside ``History``; it carries the outcome, so a
    seat holds it, and the display shows it, only from the round's reveal time."""

    windows: tuple[TallyWindow, ...]
