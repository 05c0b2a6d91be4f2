"""Roulette with Touchdown, as the table drives it: the spin's wagers and the table's Touchdown state.

Roulette wagers live one spin (a void spin keeps them standing for the re-spin); Touchdown wagers live
until their game ends, up to five spins later. The snapshot the ledger persists is the Touchdown state;
roulette wagers in play are rebuilt from the ledger's pending wagers on restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rng import Rng
from terminal.games.base import IllegalBetError, Limits
from terminal.games.roulette import rules as roulette
from terminal.games.roulette import touchdown, touchdown_codec
from terminal.games.roulette.rules import RouletteRules
from terminal.games.roulette.touchdown import TouchdownRules
from terminal.games.roulette.wheels import pocket_text
from terminal.ledger.recall import WagerRecord
from terminal.table.driver import Drawn, Placement, Settled, WagerLine

TOUCHDOWN = "touchdown"
_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass
class RouletteDriver:
    """The driver of a roulette table (see :class:`~terminal.table.driver.GameDriver`)."""

    rules: RouletteRules
    touchdown_rules: TouchdownRules | None
    game: str = "roulette"

    def __post_init__(self) -> None:
        self.wagers: dict[str, roulette.Wager] = {}
        self.owners: dict[str, int] = {}
        self.touchdown = touchdown.IDLE
        self._rebuild = roulette.make_rules(self.rules.wheel.name, self.rules.paytable.name, True, (), _ANY)

    # -- wagers ----------------------------------------------------------------------------------------
    def validate(self, seat: int, ref: str, spot: str, amount: int) -> Placement:
        if spot == TOUCHDOWN:
            if self.touchdown_rules is None:
                raise IllegalBetError(TOUCHDOWN, "Touchdown Roulette is not offered at this table")
            touchdown.place(self.touchdown, self.touchdown_rules, seat, ref, amount)  # raises if refused
            return Placement(ref, seat, TOUCHDOWN, TOUCHDOWN, self.touchdown_rules.paytable.name, amount)
        wager = roulette.place(self.rules, ref, spot, amount)
        return Placement(ref, seat, wager.spot.kind, wager.spot.text, wager.paytable, amount)

    def accept(self, placement: Placement) -> None:
        if placement.kind == TOUCHDOWN:
            if self.touchdown_rules is None:
                raise IllegalBetError(TOUCHDOWN, "Touchdown Roulette is not offered at this table")
            self.touchdown = touchdown.place(
                self.touchdown, self.touchdown_rules, placement.seat, placement.ref, placement.stake
            )
            return
        self.wagers[placement.ref] = roulette.place(
            self._rebuild, placement.ref, placement.spot, placement.stake
        )
        self.owners[placement.ref] = placement.seat

    def removable(self, seat: int, spot: str | None) -> tuple[str, ...]:
        refs = [
            ref for ref, w in self.wagers.items() if self.owners[ref] == seat and spot in (None, w.spot.text)
        ]
        if spot in (None, TOUCHDOWN) and not self.touchdown.in_progress:
            refs += [w.ref for w in self.touchdown.wagers if w.seat == seat]
        return tuple(refs)

    def remove(self, refs: Sequence[str]) -> None:
        for ref in refs:
            if ref in self.wagers:
                del self.wagers[ref], self.owners[ref]
                continue
            owner = next(w.seat for w in self.touchdown.wagers if w.ref == ref)
            self.touchdown = touchdown.withdraw(self.touchdown, owner)

    def set_working(self, seat: int, spot: str, working: bool) -> None:
        raise ValueError("roulette wagers have no ON/OFF toggle")

    def choose_team(self, seat: int, team: str, assigned: bool) -> None:
        self.touchdown = touchdown.choose_team(self.touchdown, seat, team, assigned)

    def awaiting_team(self) -> tuple[int, ...]:
        return self.touchdown.awaiting_team()

    # -- outcome ---------------------------------------------------------------------------------------
    def draw(self, rng: Rng) -> Drawn:
        draw = rng.randbelow(self.rules.wheel.size)
        pocket = draw.value
        outcome = {"pocket": pocket, "text": pocket_text(pocket)}
        return Drawn(outcome, pocket_text(pocket), draw.generator_id, draw.counter, draw.epoch)

    def settle(self, outcome: dict[str, Any]) -> Settled:
        pocket = int(outcome["pocket"])
        spin = roulette.settle(tuple(self.wagers.values()), pocket, self.rules)
        if spin.void:
            return Settled((), True, self.snapshot(), (f"{pocket_text(pocket)}: void spin, re-spin",))
        notes: list[str] = []
        settlements = list(spin.settlements)
        if self.touchdown_rules is not None:
            step = touchdown.spin(self.touchdown, pocket, self.touchdown_rules)
            self.touchdown = step.state
            settlements += step.settlements
            if step.started:
                notes.append("touchdown started")
        self.wagers.clear()
        self.owners.clear()
        return Settled(tuple(settlements), False, self.snapshot(), tuple(notes))

    # -- views and persistence -------------------------------------------------------------------------
    def wagers_of(self, seat: int) -> tuple[WagerLine, ...]:
        lines = [
            WagerLine(r, w.spot.text, w.stake, True, False)
            for r, w in self.wagers.items()
            if self.owners[r] == seat
        ]
        lines += [
            WagerLine(w.ref, TOUCHDOWN, w.stake, True, self.touchdown.in_progress)
            for w in self.touchdown.wagers
            if w.seat == seat
        ]
        return tuple(lines)

    def snapshot(self) -> dict[str, Any]:
        return {"touchdown": touchdown_codec.to_dict(self.touchdown)}

    def restore(self, snapshot: dict[str, Any] | None, pending: Sequence[WagerRecord]) -> None:
        self.wagers.clear()
        self.owners.clear()
        self.touchdown = touchdown_codec.from_dict(snapshot["touchdown"]) if snapshot else touchdown.IDLE
        known = {w.ref for w in self.touchdown.wagers}
        for record in pending:
            if record.ref in known:
                continue
            self.accept(
                Placement(record.ref, record.seat, record.kind, record.spot, record.paytable, record.stake)
            )
