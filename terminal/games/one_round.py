"""The engine of a game whose every wager lives exactly one round (Sic Bo, Big Six).

Such a game has no state between rounds beyond the wagers of the round now open, so its play is the
tuple of those wagers, each with its seat, and its snapshot is empty: the wagers in play are rebuilt from
the ledger's pending records. A subclass says how a wager is placed and how an outcome settles a round.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeVar

from terminal.games.base import Settlement
from terminal.games.seam import JSONObject, NoChoices, Outcome, Placement, Settled, WagerLine


class OneRoundWager(Protocol):
    """What a one-round game's wager record offers: its ref, stake, spot text, kind and paytable."""

    @property
    def ref(self) -> str: ...

    @property
    def stake(self) -> int: ...

    @property
    def paytable(self) -> str: ...


W = TypeVar("W", bound=OneRoundWager)
OutcomeT = TypeVar("OutcomeT", bound=Outcome)


@dataclass(frozen=True, slots=True)
class Seated(Generic[W]):
    """A wager with the seat it belongs to and its spot text."""

    seat: int
    spot: str
    kind: str
    wager: W


@dataclass(frozen=True, slots=True)
class RoundPlay(Generic[W]):
    """The wagers of the round now open, in the order placed."""

    wagers: tuple[Seated[W], ...] = ()


class OneRoundEngine(NoChoices["RoundPlay[W]"], ABC, Generic[W, OutcomeT]):
    """An :class:`~terminal.games.seam.Engine` for games whose wagers each live one round."""

    @abstractmethod
    def make_wager(self, ref: str, spot: str, amount: int, checked: bool) -> tuple[W, str, str]:
        """Validate and build a wager; (wager, canonical spot text, wager id). ``checked``: the limits
        were checked when it was placed (a wager rebuilt from the ledger), so only the rules apply."""

    @abstractmethod
    def settle_wagers(self, wagers: tuple[W, ...], outcome: OutcomeT) -> tuple[Settlement, ...]:
        """Settle the round's wagers on ``outcome``, one settlement per wager, in order."""

    def start(self) -> RoundPlay[W]:
        return RoundPlay()

    def place(
        self, play: RoundPlay[W], seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, RoundPlay[W]]:
        wager, text, kind = self.make_wager(ref, spot, amount, checked=False)
        placed = Placement(ref, seat, kind, text, wager.paytable, amount)
        return placed, RoundPlay((*play.wagers, Seated(seat, text, kind, wager)))

    def removable(self, play: RoundPlay[W], seat: int, spot: str | None) -> tuple[str, ...]:
        return tuple(s.wager.ref for s in play.wagers if s.seat == seat and spot in (None, s.spot))

    def remove(self, play: RoundPlay[W], refs: Sequence[str]) -> RoundPlay[W]:
        gone = set(refs)
        return replace(play, wagers=tuple(s for s in play.wagers if s.wager.ref not in gone))

    def settle(self, play: RoundPlay[W], outcome: OutcomeT) -> Settled[RoundPlay[W]]:
        settlements = self.settle_wagers(tuple(s.wager for s in play.wagers), outcome)
        return Settled(settlements, False, RoundPlay())

    def wagers_of(self, play: RoundPlay[W], seat: int) -> tuple[WagerLine, ...]:
        return tuple(
            WagerLine(s.wager.ref, s.spot, s.wager.stake, True, False) for s in play.wagers if s.seat == seat
        )

    def snapshot(self, play: RoundPlay[W]) -> JSONObject:
        return {}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> RoundPlay[W]:
        seated = []
        for record in pending:
            wager, text, kind = self.make_wager(record.ref, record.spot, record.stake, checked=True)
            seated.append(Seated(record.seat, text, kind, wager))
        return RoundPlay(tuple(seated))
