"""Crapless Craps as the seam's :class:`~terminal.games.seam.Engine`: place, settle, snapshot, restore.

What it shares with craps (limits, the play's life, the dice record) is
:class:`~terminal.games.standing.StandingEngine`'s; its own are the parsing, the refusals, ON/OFF and the
settlement. The play holds the table state
and every standing wager with its progress; its snapshot is what the ledger persists, so a restart
resumes the point, the come points, the Fire count and the Hard Rock'n Dice marks exactly. Wagers placed
after the last snapshot are rebuilt from the ledger's pending wagers through the same rules.

>>> engine = CraplessEngine(CraplessRules(), ())
>>> _, play = engine.place(engine.start(), 1, "p1", "pass", 500)
>>> play = engine.settle(play, engine.outcome((1, 1))).play   # no craps: 2 is the point
>>> settled = engine.settle(play, engine.outcome((1, 1)))
>>> settled.settlements[0].returned, settled.notes
(1000, ('point 2 made',))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from terminal.games.base import IllegalBetError
from terminal.games.crapless import actions, settle
from terminal.games.crapless.records import BadSpotError, Spot, TableState, Wager
from terminal.games.crapless.rules import HARD_ROCKN_WAGERS, CraplessRules
from terminal.games.seam import Placement, Settled, WagerLine
from terminal.games.standing import Dice, Parts, StandingEngine, StandingPlay

_ODDS = frozenset({"pass_odds", "come_odds", "put_odds"})


@dataclass(frozen=True, slots=True)
class CraplessPlay(StandingPlay[TableState, Wager]):
    """A crapless table's play (a new table's state unless given)."""

    state: TableState = field(default_factory=TableState)


@dataclass(frozen=True, slots=True)
class CraplessView:
    """The crapless table: the puck's point (None on the come-out), the Fire points, the marks."""

    point: int | None
    new_shooter: bool
    fire_points: tuple[int, ...]
    marks: tuple[int, ...]
    last_roll: str


def _unchecked(ref: str, seat: int, spot: str, amount: int) -> Wager:
    return Wager(ref, seat, Spot.parse(spot), amount)


_PARTS = Parts(
    "crapless craps",
    CraplessPlay,
    TableState,
    TableState.from_json,
    Wager.from_json,
    _unchecked,
    actions.place,
)


class CraplessEngine(StandingEngine[CraplessRules, TableState, Wager, CraplessPlay]):
    """The engine of a crapless table."""

    parts = _PARTS

    def place(
        self, play: CraplessPlay, seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, CraplessPlay]:
        try:
            where = Spot.parse(spot)
        except BadSpotError as error:
            raise IllegalBetError(spot, str(error)) from None
        if self._held(play, ref):
            raise IllegalBetError(spot, f"wager {ref} is already on the table")
        placed = self._place(play, Wager(ref, seat, where, amount))
        kind = placed.spot.wager_id
        if kind not in _ODDS:  # odds are limited by their flat wager
            self.limits(kind).check(kind, amount)
        placement = Placement(ref, seat, kind, str(placed.spot), "standard", placed.cost)
        return self._placed(play, placement, placed)

    def removable(self, play: CraplessPlay, seat: int, spot: str | None) -> tuple[str, ...]:
        return tuple(
            w.ref
            for w in play.wagers
            if w.seat == seat
            and (str(w.spot) == spot if spot is not None else w.ref in play.fresh)
            and actions.removable(play.state, w, w.ref in play.fresh)
        )

    def set_working(self, play: CraplessPlay, seat: int, spot: str, working: bool) -> CraplessPlay:
        found = [w for w in play.wagers if w.seat == seat and str(w.spot) == spot]
        if not found:
            raise IllegalBetError(spot, f"seat {seat} has no wager on {spot}")
        turned = {w.ref: actions.toggle(play.state, w, working) for w in found}
        return replace(play, wagers=tuple(turned.get(w.ref, w) for w in play.wagers))

    def settle(self, play: CraplessPlay, outcome: Dice) -> Settled[CraplessPlay]:
        before = play.state
        done, wagers, state = settle.settle(before, play.wagers, (outcome.first, outcome.second), self.rules)
        return Settled(done, False, CraplessPlay(state, wagers), _notes(before, state))

    def wagers_of(self, play: CraplessPlay, seat: int) -> tuple[WagerLine, ...]:
        return tuple(
            WagerLine(w.ref, str(w.spot), w.amount, settle.is_working(w, play.state, self.rules),
                      w.ref not in play.fresh, w.number, _marks(w, play.state), w.vig)
            for w in play.wagers
            if w.seat == seat
        )  # fmt: skip

    def view(self, play: CraplessPlay, last: Dice | None) -> CraplessView:
        s = play.state
        return CraplessView(s.point, not s.pointed, s.fire_points, s.marks, last.text if last else "")


def _marks(wager: Wager, state: TableState) -> tuple[int, ...]:
    """What a seat sees counted on its wager: the Fire points made, the Hard Rock'n Dice totals rolled."""
    if wager.spot.kind == "fire_bet":
        return state.fire_points
    return state.marks if wager.spot.kind in HARD_ROCKN_WAGERS else ()


def _notes(before: TableState, after: TableState) -> tuple[str, ...]:
    if before.point is not None and after == TableState():
        return ("seven out: new shooter",)
    if before.point is None and after.point is not None:
        return (f"point is {after.point}",)
    if before.point is not None and after.point is None:
        return (f"point {before.point} made",)
    return ()
