"""The seats' wagers: placed as the chip lands, taken back, repeated, doubled, turned on or off.

Every wager is written to the ledger before the game's driver holds it, and refused (:class:`Refused`)
with nothing changed while the seat is tilted (``tilt``), the round is locked (``locked``), it would pass
``[limits] seat_max`` (``limit``), the seat's credits do not cover it (``credits``) or the game does not
take it (``rules``). The book keeps, per seat, the order of the open round's chips (for undo and double),
last round's wagers (for repeat), its last win and whether it pressed ready.

The round engine (:class:`~terminal.table.table.Table`) owns the round: the book reads its number and
phase through :class:`Round` and hears of it through three calls: a new window (:meth:`Wagering.opened`),
a round recovered with its wagers standing (:meth:`Wagering.recovered`), a round settled
(:meth:`Wagering.settled`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from terminal.config import Config
from terminal.games.base import IllegalBetError, Settlement
from terminal.ledger import EventCode, InsufficientCreditsError, Ledger
from terminal.ledger.recall import WagerRecord
from terminal.table.aft_locks import AftLocks
from terminal.table.clock import Clock
from terminal.table.driver import GameDriver, WagerLine, spec_of
from terminal.table.phases import BETTING_PHASES, Phase
from terminal.table.refused import Refused
from terminal.table.tilt_board import TiltBoard
from terminal.table.wager_refs import make_ref, seat_of


class Round(Protocol):
    """What the wager book reads of the round engine."""

    @property
    def round_id(self) -> int:
        """The round new wagers go into."""
        ...

    @property
    def phase(self) -> Phase:
        """Where the round is: wagers are taken only in its betting phases."""
        ...


@dataclass
class _SeatRound:
    """A seat's wagers of the round now open, in the order placed (for undo, double and repeat)."""

    placed: list[tuple[str, str, int]] = field(default_factory=list)  # (ref, spot, amount)


class Wagering:
    """A table's wager book; see the module docstring."""

    def __init__(
        self, config: Config, ledger: Ledger, clock: Clock, driver: GameDriver, tilts: TiltBoard, now: Round,
        locks: AftLocks | None = None,
    ) -> None:  # fmt: skip
        self.config, self.ledger, self.clock, self.driver = config, ledger, clock, driver
        self._tilts, self._round = tilts, now
        self._locks = locks if locks is not None else AftLocks(clock)  # the casino system's AFT locks
        self.ready: set[int] = set()  # seats that pressed ready this window
        self.last_win: dict[int, int] = defaultdict(int)
        self.previous: dict[int, tuple[tuple[str, int], ...]] = {}
        self.seats: dict[int, _SeatRound] = defaultdict(_SeatRound)
        self._serial = int(clock.wall().timestamp() * 1_000_000)  # refs never repeat across restarts

    # -- a seat's intents ------------------------------------------------------------------------------
    def place(self, seat: int, spot: str, amount: int) -> str:
        """Validate and record a wager as the chip lands; returns its ref. Raises :class:`Refused`."""
        self._check_betting(seat)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise Refused("rules", f"amount {amount!r} must be a positive number of minor units")
        staked = sum(line.amount for line in self.driver.wagers_of(seat) if not line.standing)
        if staked + amount > self.config.limits.seat_max:
            raise Refused(
                "limit", f"the seat's wagers this round would pass the limit {self.config.limits.seat_max}"
            )
        self._serial += 1
        ref = make_ref(self._round.round_id, seat, self._serial)
        try:
            placement = self.driver.validate(seat, ref, spot, amount)
        except (IllegalBetError, ValueError) as refused:
            raise Refused("rules", str(refused)) from None
        with self._tilts.ledger_write():
            try:
                self.ledger.place_wager(self._round.round_id, spec_of(placement), now=self.clock.wall())
            except InsufficientCreditsError:
                raise Refused("credits", f"not enough credits for {amount}") from None
        self.driver.accept(placement)
        self.seats[seat].placed.append((ref, placement.spot, amount))
        self.ready.discard(seat)
        return ref

    def place_set(self, seat: int, stakes: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
        """Place every (spot, amount) of ``stakes`` or none (a favourite replayed, a racetrack call bet):
        the set's total is checked against ``seat_max`` and the credits first, then each wager as
        :meth:`place` checks it; a refusal takes back those of the set already placed and is raised,
        naming the spot. Returns the refs placed."""
        self._check_betting(seat)
        if not stakes:
            raise Refused("rules", "no wagers to place")
        if any(isinstance(a, bool) or not isinstance(a, int) or a <= 0 for _, a in stakes):
            raise Refused("rules", "every amount must be a positive number of minor units")
        total = sum(amount for _, amount in stakes)
        staked = sum(line.amount for line in self.driver.wagers_of(seat) if not line.standing)
        if staked + total > self.config.limits.seat_max:
            raise Refused(
                "limit", f"these wagers ({total}) would pass the seat's limit {self.config.limits.seat_max}"
            )
        if total > self.ledger.credits(seat):
            raise Refused("credits", f"not enough credits for {total}")
        placed: list[str] = []
        for spot, amount in stakes:
            try:
                placed.append(self.place(seat, spot, amount))
            except Refused as refused:
                if placed:
                    self._withdraw(seat, tuple(placed))
                raise Refused(refused.code, f"{spot}: {refused}") from None
        return tuple(placed)

    def remove(self, seat: int, spot: str | None = None) -> int:
        """Take down the seat's wager on ``spot`` (all of this round's for ``None``); returns how many."""
        self._check_betting(seat)
        refs = self.driver.removable(seat, spot)
        if not refs:
            raise Refused("rules", f"nothing on {spot or 'the layout'} may be taken down now")
        self._withdraw(seat, refs)
        return len(refs)

    def undo(self, seat: int) -> None:
        """Take back the last chip the seat placed this round."""
        self._check_betting(seat)
        removable = set(self.driver.removable(seat, None))
        last = next((ref for ref, _, _ in reversed(self.seats[seat].placed) if ref in removable), None)
        if last is None:
            raise Refused("rules", "no wager of this round to take back")
        self._withdraw(seat, (last,))

    def repeat(self, seat: int) -> int:
        """Place last round's wagers again; returns how many were placed (a refused one is skipped)."""
        return self._place_all(seat, self.previous.get(seat, ()))

    def double(self, seat: int) -> int:
        """Place this round's wagers once more, doubling each; returns how many were placed."""
        return self._place_all(seat, tuple((spot, amount) for _, spot, amount in self.seats[seat].placed))

    def set_working(self, seat: int, spot: str, working: bool) -> None:
        """Turn a wager ON or OFF (where the game has such a toggle); persisted at once."""
        self._check_betting(seat)
        try:
            self.driver.set_working(seat, spot, working)
        except ValueError as refused:
            raise Refused("rules", str(refused)) from None
        self._persist_state()

    def choose_team(self, seat: int, team: str, *, assigned: bool = False) -> None:
        """The seat's choice the game asked for (a team for the side game in progress); persisted at once.
        ``assigned``: the choice ran out of time and the certified RNG drew it (logged)."""
        try:
            self.driver.choose(seat, team, assigned)
        except ValueError as refused:
            raise Refused("rules", str(refused)) from None
        self._persist_state()
        if assigned:
            detail = {"team": team, "round": self._round.round_id}
            self._tilts.log_event(EventCode.TEAM_ASSIGNED, seat=seat, detail=detail)

    def bets_done(self, seat: int) -> None:
        """The seat pressed its ready button: the window may close once every linked seat has."""
        self.ready.add(seat)

    def wagers_of(self, seat: int) -> tuple[WagerLine, ...]:
        """The seat's wagers, for its screen."""
        return self.driver.wagers_of(seat)

    # -- what the round engine tells the book ---------------------------------------------------------
    def opened(self) -> None:
        """A new betting window: no chip placed in it yet, no seat ready."""
        self.ready.clear()
        self.seats.clear()

    def recovered(self, wagers: Iterable[WagerRecord]) -> None:
        """A round resumed after a restart: its unsettled wagers are the seats' chips again, in order."""
        for wager in wagers:
            if wager.result is None and wager.round_id == self._round.round_id:
                self.seats[wager.seat].placed.append((wager.ref, wager.spot, wager.stake))

    def settled(self, settlements: tuple[Settlement, ...]) -> None:
        """The round paid: each seat's win is what came back to it, and its chips are what repeat places."""
        won: dict[int, int] = defaultdict(int)
        for s in settlements:
            won[seat_of(s.wager_ref)] += s.returned
        for seat in set(self.seats) | set(won):
            self.last_win[seat] = won[seat]
        self.previous = {
            seat: tuple((spot, amount) for _, spot, amount in r.placed) for seat, r in self.seats.items()
        }

    # -- internals -------------------------------------------------------------------------------------
    def _check_betting(self, seat: int) -> None:
        self._tilts.refuse_if_tilted(seat, "takes no wagers")
        self._locks.refuse(seat, "takes no wagers")
        if self._round.phase not in BETTING_PHASES:
            raise Refused("locked", "no more bets: the round is locked")

    def _withdraw(self, seat: int, refs: tuple[str, ...]) -> None:
        with self._tilts.ledger_write():
            self.ledger.withdraw_wagers(self._round.round_id, refs, now=self.clock.wall())
        self.driver.remove(refs)
        gone = set(refs)
        self.seats[seat].placed = [p for p in self.seats[seat].placed if p[0] not in gone]
        self.ready.discard(seat)

    def _place_all(self, seat: int, wagers: tuple[tuple[str, int], ...]) -> int:
        placed = 0
        for spot, amount in wagers:
            try:
                self.place(seat, spot, amount)
            except Refused as refused:
                if refused.code in ("tilt", "locked"):
                    raise
                continue
            placed += 1
        return placed

    def _persist_state(self) -> None:
        with self._tilts.ledger_write():
            self.ledger.record_state(self.driver.game, self.driver.snapshot(), now=self.clock.wall())
