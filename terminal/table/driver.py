"""What the table needs from a game, whatever the game: the driver interface and its records.

A driver holds the game's live state (the engine's frozen records) between rounds and speaks the
table's language: a wager is a seat, a spot text and an amount; an outcome is a JSON-able record drawn
from the certified RNG; settling returns the engine's :class:`~terminal.games.base.Settlement` records
and a snapshot of the multi-round state that the ledger persists with them. The pure rule engines do
the deciding; a driver only keeps their state and turns it into and out of JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rng import Rng
from terminal.games.base import Settlement
from terminal.ledger import WagerSpec
from terminal.ledger.recall import WagerRecord


@dataclass(frozen=True, slots=True)
class Placement:
    """A wager the rules accepted: what the ledger records when it is placed."""

    ref: str
    seat: int
    kind: str
    spot: str
    paytable: str
    stake: int  # everything that leaves the seat's credits (craps vig collected with the bet included)

    def spec(self) -> WagerSpec:
        """The ledger's record of this placement."""
        return WagerSpec(self.ref, self.seat, self.kind, self.spot, self.paytable, self.stake)


@dataclass(frozen=True, slots=True)
class WagerLine:
    """One wager as a seat's screen lists it."""

    ref: str
    spot: str
    amount: int
    working: bool
    standing: bool  # placed in an earlier round (a craps point wager, a Touchdown game in progress)
    number: int | None = None  # a moved come / don't-come point, the Lucky Shooter point
    marks: tuple[int, ...] = ()  # the Lucky Shooter's numbers already rolled
    vig: int = 0  # commission collected with the wager


@dataclass(frozen=True, slots=True)
class Drawn:
    """An outcome drawn from the RNG: the record the ledger persists and the words the screens show."""

    outcome: dict[str, Any]
    text: str
    generator: str
    counter: int
    reseed_epoch: int


@dataclass(frozen=True, slots=True)
class Settled:
    """What a round's outcome did: settlements, whether the spin was void, and the state to persist."""

    settlements: tuple[Settlement, ...]
    void: bool
    state: dict[str, Any]
    notes: tuple[str, ...] = ()  # what the screens announce: a Touchdown started, a new shooter...


class GameDriver(Protocol):
    """The game a table runs, as the controller drives it."""

    game: str

    def validate(self, seat: int, ref: str, spot: str, amount: int) -> Placement:
        """Check a new wager against the rules and the seat's other wagers; raise ``IllegalBetError``."""
        ...

    def accept(self, placement: Placement) -> None:
        """Add a validated wager once the ledger has recorded it."""
        ...

    def removable(self, seat: int, spot: str | None) -> tuple[str, ...]:
        """Refs of the seat's wagers on ``spot`` (all its wagers for ``None``) that may come down now."""
        ...

    def remove(self, refs: Sequence[str]) -> None:
        """Drop wagers the ledger has withdrawn."""
        ...

    def set_working(self, seat: int, spot: str, working: bool) -> None:
        """Turn a wager ON or OFF (craps); raise ``ValueError`` where the game has no such toggle."""
        ...

    def choose_team(self, seat: int, team: str, assigned: bool) -> None:
        """A Touchdown team for ``seat``; raise ``ValueError`` where there is nothing to choose."""
        ...

    def awaiting_team(self) -> tuple[int, ...]:
        """Seats that must choose a Touchdown team before the next outcome."""
        ...

    def draw(self, rng: Rng) -> Drawn:
        """Draw the round's outcome from the certified RNG."""
        ...

    def settle(self, outcome: dict[str, Any]) -> Settled:
        """Settle every wager on a persisted ``outcome`` and move the game's state on."""
        ...

    def wagers_of(self, seat: int) -> tuple[WagerLine, ...]:
        """The seat's wagers, for its screen."""
        ...

    def snapshot(self) -> dict[str, Any]:
        """The multi-round state as JSON (wagers of earlier rounds, craps point, Touchdown game...)."""
        ...

    def restore(self, snapshot: dict[str, Any] | None, pending: Sequence[WagerRecord]) -> None:
        """Rebuild from the ledger: the last persisted snapshot and every wager still in play."""
        ...
