"""Craps with its side wagers as the table plays it: the seam's engine and what every screen is told.

Craps wagers outlive rolls (a Pass line rides until the point is decided; Fire until the seven-out), so
the play holds the table state and every wager with its progress (come point, Lucky Shooter marks, ON/OFF
toggle, vig paid); its snapshot is what the ledger persists. Wagers placed after the last snapshot are
rebuilt from the ledger's pending wagers through the same rule checks that accepted them.

>>> from terminal.games.craps.rules import CrapsRules
>>> engine = CrapsEngine(CrapsRules(), ())
>>> placed, play = engine.place(engine.start(), 1, "p1", "pass", 500)
>>> settled = engine.settle(play, engine.outcome((4, 3)))
>>> settled.settlements[0].returned, settled.play.wagers
(1000, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from terminal.games.base import IllegalBetError
from terminal.games.craps import actions, settle
from terminal.games.craps.records import Roll, Spot, TableState, Wager
from terminal.games.craps.rules import CrapsRules
from terminal.games.seam import Placement, Settled, WagerLine
from terminal.games.standing import Dice as Dice
from terminal.games.standing import Parts, StandingEngine, StandingPlay
from terminal.games.standing import parse_dice as parse_dice

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
    if kind == "hot_roller":
        return rules.hot_roller_paytable or "A"
    return "standard"


@dataclass(frozen=True, slots=True)
class CrapsPlay(StandingPlay[TableState, Wager]):
    """A craps table's play (a new table's state unless given)."""

    state: TableState = field(default_factory=TableState)


@dataclass(frozen=True, slots=True)
class CrapsView:
    """The craps table: point (None on the come-out), shooter, rolls, Fire points and Bonus numbers."""

    point: int | None
    shooter: int
    rolls: int
    new_shooter: bool
    fire_points: tuple[int, ...]
    bonus_marks: tuple[int, ...]
    last_roll: str


def _unchecked(ref: str, seat: int, spot: str, amount: int) -> Wager:
    return Wager(ref, seat, Spot.parse(spot), amount)


_PARTS = Parts(
    "craps", CrapsPlay, TableState, TableState.from_json, Wager.from_json, _unchecked, actions.place
)


class CrapsEngine(StandingEngine[CrapsRules, TableState, Wager, CrapsPlay]):
    """The :class:`~terminal.games.seam.Engine` of a craps table (what craps and Crapless Craps share is
    :class:`~terminal.games.standing.StandingEngine`'s)."""

    parts = _PARTS

    # -- wagers ----------------------------------------------------------------------------------------
    def place(
        self, play: CrapsPlay, seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, CrapsPlay]:
        where = Spot.parse(spot)
        kind = where.wager_id
        if kind == "lucky_shooter" and not play.state.come_out:
            raise IllegalBetError(
                kind, f"may be placed only before a come-out roll ({play.state.describe()})"
            )
        if kind not in _ODDS:  # odds are limited by their flat bet, which the rules check
            self.limits(kind).check(kind, amount)
        placed = self._place(play, Wager(ref, seat, where, amount))
        placement = Placement(ref, seat, kind, str(where), paytable_of(kind, self.rules), placed.cost)
        return self._placed(play, placement, placed)

    def removable(self, play: CrapsPlay, seat: int, spot: str | None) -> tuple[str, ...]:
        refs = []
        for wager in play.wagers:
            if wager.seat != seat or (spot is None and wager.ref not in play.fresh):
                continue
            if spot is not None and str(wager.spot) != spot:
                continue
            try:
                actions.remove(play.state, play.wagers, wager.ref)
            except IllegalBetError:
                continue
            refs.append(wager.ref)
        return tuple(refs)

    def set_working(self, play: CrapsPlay, seat: int, spot: str, working: bool) -> CrapsPlay:
        ref = next((w.ref for w in play.wagers if w.seat == seat and str(w.spot) == spot), None)
        if ref is None:
            raise IllegalBetError(spot, f"seat {seat} has no wager on {spot}")
        return replace(play, wagers=actions.toggle(play.state, play.wagers, ref, working))

    # -- outcome ---------------------------------------------------------------------------------------
    def settle(self, play: CrapsPlay, outcome: Dice) -> Settled[CrapsPlay]:
        before = play.state
        settlements, wagers, state = settle.settle(
            before, play.wagers, Roll(outcome.first, outcome.second), self.rules
        )
        return Settled(settlements, False, CrapsPlay(state, wagers), _notes(before, state))

    # -- views and persistence -------------------------------------------------------------------------
    def wagers_of(self, play: CrapsPlay, seat: int) -> tuple[WagerLine, ...]:
        return tuple(
            WagerLine(w.ref, str(w.spot), w.amount, settle.is_working(w, play.state, self.rules),
                      w.ref not in play.fresh, w.number, w.marks, w.vig)
            for w in play.wagers
            if w.seat == seat
        )  # fmt: skip

    def view(self, play: CrapsPlay, last: Dice | None) -> CrapsView:
        s = play.state
        return CrapsView(s.point, s.shooter, s.rolls, s.new_shooter, s.fire_points, s.bonus_marks,
                         last.text if last is not None else "")  # fmt: skip


def _notes(before: TableState, after: TableState) -> tuple[str, ...]:
    if after.shooter != before.shooter:
        return ("seven out: new shooter",)
    if before.point is None and after.point is not None:
        return (f"point is {after.point}",)
    if before.point is not None and after.point is None:
        return (f"point {before.point} made",)
    return ()
