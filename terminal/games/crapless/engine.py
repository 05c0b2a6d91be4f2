"""Crapless Craps as the seam's :class:`~terminal.games.seam.Engine`: place, settle, snapshot, restore.

The dice record is the craps one (``terminal.games.craps.engine.Dice``). The play holds the table state
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

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from terminal.games.base import IllegalBetError, Limits
from terminal.games.crapless import actions, settle
from terminal.games.crapless.records import BadSpotError, Spot, TableState, Wager
from terminal.games.crapless.rules import HARD_ROCKN_WAGERS, CraplessRules
from terminal.games.craps.engine import Dice, parse_dice
from terminal.games.seam import Choice, JSONObject, Placement, Settled, WagerLine

_ANY = Limits(1, 2**62, 1)
_ODDS = frozenset({"pass_odds", "come_odds", "put_odds"})


@dataclass(frozen=True, slots=True)
class CraplessPlay:
    """The table state, every standing wager, and the refs placed in the round now open."""

    state: TableState = field(default_factory=TableState)
    wagers: tuple[Wager, ...] = ()
    fresh: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CraplessView:
    """The crapless table: the puck's point (None on the come-out), the Fire points, the marks."""

    point: int | None
    new_shooter: bool
    fire_points: tuple[int, ...]
    marks: tuple[int, ...]
    last_roll: str


class CraplessEngine:
    """The engine of a crapless table."""

    def __init__(self, rules: CraplessRules, limits: tuple[tuple[str, Limits], ...]) -> None:
        self.rules, self._limits = rules, dict(limits)

    def limits(self, kind: str) -> Limits:
        return self._limits.get(kind, _ANY)

    def start(self) -> CraplessPlay:
        return CraplessPlay()

    def place(
        self, play: CraplessPlay, seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, CraplessPlay]:
        try:
            where = Spot.parse(spot)
        except BadSpotError as error:
            raise IllegalBetError(spot, str(error)) from None
        if ref in [w.ref for w in play.wagers]:  # a list, not any(): each placement scans the table
            raise IllegalBetError(spot, f"wager {ref} is already on the table")
        placed = self._place(play, Wager(ref, seat, where, amount))
        kind = placed.spot.wager_id
        if kind not in _ODDS:  # odds are limited by their flat wager
            self.limits(kind).check(kind, amount)
        placement = Placement(ref, seat, kind, str(placed.spot), "standard", placed.cost)
        return placement, CraplessPlay(play.state, (*play.wagers, placed), play.fresh | {ref})

    def _place(self, play: CraplessPlay, wager: Wager) -> Wager:
        seat = wager.seat
        mine = tuple([w for w in play.wagers if w.seat == seat])
        return actions.place(play.state, mine, wager, self.rules)

    def removable(self, play: CraplessPlay, seat: int, spot: str | None) -> tuple[str, ...]:
        return tuple(
            w.ref
            for w in play.wagers
            if w.seat == seat
            and (str(w.spot) == spot if spot is not None else w.ref in play.fresh)
            and actions.removable(play.state, w, w.ref in play.fresh)
        )

    def remove(self, play: CraplessPlay, refs: Sequence[str]) -> CraplessPlay:
        gone = set(refs)
        return replace(
            play, wagers=tuple(w for w in play.wagers if w.ref not in gone), fresh=play.fresh - gone
        )

    def set_working(self, play: CraplessPlay, seat: int, spot: str, working: bool) -> CraplessPlay:
        found = [w for w in play.wagers if w.seat == seat and str(w.spot) == spot]
        if not found:
            raise IllegalBetError(spot, f"seat {seat} has no wager on {spot}")
        turned = {w.ref: actions.toggle(play.state, w, working) for w in found}
        return replace(play, wagers=tuple(turned.get(w.ref, w) for w in play.wagers))

    def choice(self) -> Choice | None:
        return None

    def awaiting(self, play: CraplessPlay) -> tuple[int, ...]:
        return ()

    def choose(self, play: CraplessPlay, seat: int, option: str, assigned: bool) -> CraplessPlay:
        raise ValueError("crapless craps has nothing to choose")

    def outcome(self, values: tuple[int, ...]) -> Dice:
        first, second = values[:2]
        return parse_dice(f"{first}-{second}")

    def parse(self, text: str) -> Dice:
        return parse_dice(text)

    def read_outcome(self, data: JSONObject) -> Dice:
        first, second = data["dice"]
        return self.outcome((int(first), int(second)))

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

    def snapshot(self, play: CraplessPlay) -> JSONObject:
        return {"state": play.state.to_json(), "wagers": [w.to_json() for w in play.wagers]}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> CraplessPlay:
        in_play = {record.ref for record in pending}
        state = TableState.from_json(snapshot["state"]) if snapshot else TableState()
        saved = tuple(Wager.from_json(w) for w in snapshot["wagers"]) if snapshot else ()
        play = CraplessPlay(state, tuple(w for w in saved if w.ref in in_play))  # withdrawn since: gone
        known = {w.ref for w in play.wagers}
        for record in pending:
            if record.ref not in known:
                rebuilt = self._rebuild(play, record)
                play = replace(play, wagers=(*play.wagers, rebuilt), fresh=play.fresh | {record.ref})
        return play

    def view(self, play: CraplessPlay, last: Dice | None) -> CraplessView:
        s = play.state
        return CraplessView(s.point, not s.pointed, s.fire_points, s.marks, last.text if last else "")

    def _rebuild(self, play: CraplessPlay, placement: Placement) -> Wager:
        """A wager placed after the last snapshot: the amount whose cost under the rules is the stake paid."""
        spot = Spot.parse(placement.spot)
        low = max(1, placement.stake - placement.stake // 20 - self.rules.vig_minimum - self.rules.unit)
        for amount in range(placement.stake, low - 1, -1):
            try:
                placed = self._place(play, Wager(placement.ref, placement.seat, spot, amount))
            except IllegalBetError:
                continue
            if placed.cost == placement.stake:
                return placed
        raise IllegalBetError(
            placement.spot, f"wager {placement.ref} cannot be rebuilt from {placement.stake}"
        )


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
