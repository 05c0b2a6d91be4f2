"""Craps with its side wagers, as the table drives it: the table state and every seat's standing wagers.

Craps wagers outlive rolls (a Pass line rides until the point is decided; Fire until the seven-out), so
the snapshot the ledger persists holds the table state and every wager with its progress (come point,
Lucky Shooter marks, ON/OFF toggle, vig paid). Wagers placed after the last snapshot are rebuilt from
the ledger's pending wagers through the same rule checks that accepted them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rng import Rng
from terminal.games.base import IllegalBetError, Limits
from terminal.games.craps import actions as craps_actions
from terminal.games.craps import settle as craps_settle
from terminal.games.craps.records import Roll, Spot, TableState, Wager
from terminal.games.craps.rules import CrapsRules
from terminal.ledger.recall import WagerRecord
from terminal.table.driver import Drawn, Placement, Settled, WagerLine

_ODDS = frozenset({"pass_odds", "dont_pass_odds", "come_odds", "dont_come_odds"})
_BONUS = frozenset({"all_small", "all_tall", "all_or_nothing"})


def paytable_of(kind: str, rules: CrapsRules) -> str:
    """The paytable a craps wager kind settles under (the ledger checks placement and settlement agree)."""
    if kind == "fire":
        return rules.fire_paytable or "A"
    if kind in _BONUS:
        return rules.bonus_paytable or "1"
    if kind == "lucky_shooter":
        return rules.lucky_shooter_paytable or "A"
    return "standard"


@dataclass
class CrapsDriver:
    """The driver of a craps table (see :class:`~terminal.table.driver.GameDriver`)."""

    rules: CrapsRules
    limits: Callable[[str], Limits]
    game: str = "craps"

    def __post_init__(self) -> None:
        self.state = TableState()
        self.wagers: tuple[Wager, ...] = ()
        self.fresh: set[str] = set()  # refs placed in the round now open
        self._validated: dict[str, Wager] = {}

    # -- wagers ----------------------------------------------------------------------------------------
    def validate(self, seat: int, ref: str, spot: str, amount: int) -> Placement:
        where = Spot.parse(spot)
        kind = where.wager_id
        if kind == "lucky_shooter" and not self.state.come_out:
            raise IllegalBetError(
                kind, f"may be placed only before a come-out roll ({self.state.describe()})"
            )
        if kind not in _ODDS:  # odds are limited by their flat bet, which the rules check
            self.limits(kind).check(kind, amount)
        mine = tuple(w for w in self.wagers if w.seat == seat)
        placed = craps_actions.place(self.state, mine, Wager(ref, seat, where, amount), self.rules)
        self._validated[ref] = placed
        return Placement(ref, seat, kind, str(where), paytable_of(kind, self.rules), placed.cost)

    def accept(self, placement: Placement) -> None:
        placed = self._validated.pop(placement.ref, None) or self._rebuild(placement)
        self.wagers = (*self.wagers, placed)
        self.fresh.add(placement.ref)

    def removable(self, seat: int, spot: str | None) -> tuple[str, ...]:
        refs = []
        for wager in self.wagers:
            if wager.seat != seat or (spot is None and wager.ref not in self.fresh):
                continue
            if spot is not None and str(wager.spot) != spot:
                continue
            try:
                craps_actions.remove(self.state, self.wagers, wager.ref)
            except IllegalBetError:
                continue
            refs.append(wager.ref)
        return tuple(refs)

    def remove(self, refs: Sequence[str]) -> None:
        gone = set(refs)
        self.wagers = tuple(w for w in self.wagers if w.ref not in gone)
        self.fresh -= gone

    def set_working(self, seat: int, spot: str, working: bool) -> None:
        ref = next((w.ref for w in self.wagers if w.seat == seat and str(w.spot) == spot), None)
        if ref is None:
            raise IllegalBetError(spot, f"seat {seat} has no wager on {spot}")
        self.wagers = craps_actions.toggle(self.state, self.wagers, ref, working)

    def choose_team(self, seat: int, team: str, assigned: bool) -> None:
        raise ValueError("craps has no Touchdown team to choose")

    def awaiting_team(self) -> tuple[int, ...]:
        return ()

    # -- outcome ---------------------------------------------------------------------------------------
    def draw(self, rng: Rng) -> Drawn:
        draw = rng.dice(2)
        first, second = draw.value
        outcome = {"dice": [first, second], "total": first + second}
        return Drawn(
            outcome, f"{first}-{second} ({first + second})", draw.generator_id, draw.counter, draw.epoch
        )

    def settle(self, outcome: dict[str, Any]) -> Settled:
        first, second = outcome["dice"]
        before = self.state
        settlements, self.wagers, self.state = craps_settle.settle(
            before, self.wagers, Roll(int(first), int(second)), self.rules
        )
        self.fresh.clear()
        return Settled(settlements, False, self.snapshot(), _notes(before, self.state))

    # -- views and persistence -------------------------------------------------------------------------
    def wagers_of(self, seat: int) -> tuple[WagerLine, ...]:
        return tuple(
            WagerLine(w.ref, str(w.spot), w.amount, craps_settle.is_working(w, self.state, self.rules),
                      w.ref not in self.fresh, w.number, w.marks, w.vig)
            for w in self.wagers
            if w.seat == seat
        )  # fmt: skip

    def snapshot(self) -> dict[str, Any]:
        return {"state": self.state.to_json(), "wagers": [w.to_json() for w in self.wagers]}

    def restore(self, snapshot: dict[str, Any] | None, pending: Sequence[WagerRecord]) -> None:
        in_play = {record.ref for record in pending}
        self.state = TableState.from_json(snapshot["state"]) if snapshot else TableState()
        saved = tuple(Wager.from_json(w) for w in snapshot["wagers"]) if snapshot else ()
        self.wagers = tuple(w for w in saved if w.ref in in_play)  # withdrawn since: gone
        self.fresh = set()
        known = {w.ref for w in self.wagers}
        for record in pending:
            if record.ref not in known:
                self.accept(
                    Placement(
                        record.ref, record.seat, record.kind, record.spot, record.paytable, record.stake
                    )
                )

    def _rebuild(self, placement: Placement) -> Wager:
        """A wager placed after the last snapshot, rebuilt through the rules from the ledger's record.

        The ledger holds what the seat paid (stake plus any vig collected with the bet), so the amount is
        the one whose cost under the rules equals it.
        """
        mine = tuple(w for w in self.wagers if w.seat == placement.seat)
        spot = Spot.parse(placement.spot)
        low = max(1, placement.stake - placement.stake // 20 - self.rules.vig_minimum - self.rules.unit)
        for amount in range(placement.stake, low - 1, -1):
            try:
                placed = craps_actions.place(
                    self.state, mine, Wager(placement.ref, placement.seat, spot, amount), self.rules
                )
            except IllegalBetError:
                continue
            if placed.cost == placement.stake:
                return placed
        raise IllegalBetError(
            placement.spot, f"wager {placement.ref} cannot be rebuilt from its stake {placement.stake}"
        )


def _notes(before: TableState, after: TableState) -> tuple[str, ...]:
    if after.shooter != before.shooter:
        return ("seven out: new shooter",)
    if before.point is None and after.point is not None:
        return (f"point is {after.point}",)
    if before.point is not None and after.point is None:
        return (f"point {before.point} made",)
    return ()
