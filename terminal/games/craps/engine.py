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

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from terminal.games.base import IllegalBetError, Limits
from terminal.games.craps import actions, settle
from terminal.games.craps.records import Roll, Spot, TableState, Wager
from terminal.games.craps.rules import CrapsRules
from terminal.games.seam import Choice, JSONObject, Placement, Settled, WagerLine

_ODDS = frozenset({"pass_odds", "dont_pass_odds", "come_odds", "dont_come_odds"})
_BONUS = frozenset({"all_small", "all_tall", "all_or_nothing"})
_ANY = Limits(1, 2**62, 1)


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
class Dice:
    """A roll of two dice, in the order drawn."""

    first: int
    second: int

    @property
    def text(self) -> str:
        return f"{self.first}-{self.second}"

    @property
    def drawn(self) -> tuple[int, ...]:
        return (self.first, self.second)

    @property
    def void(self) -> bool:
        return False

    def to_json(self) -> JSONObject:
        return {"dice": [self.first, self.second], "total": self.first + self.second,
                "text": f"{self.text} ({self.first + self.second})"}  # fmt: skip


def parse_dice(text: str) -> Dice:
    """The roll of canonical ``text`` (``4-3``); ``ValueError`` for anything else."""
    first, sep, second = text.partition("-")
    faces = ("1", "2", "3", "4", "5", "6")
    if not sep or first not in faces or second not in faces:
        raise ValueError(f"a roll is two dice like 4-3, got {text!r}")
    return Dice(int(first), int(second))


@dataclass(frozen=True, slots=True)
class CrapsPlay:
    """The table state, every standing wager, and the refs placed in the round now open."""

    state: TableState = field(default_factory=TableState)
    wagers: tuple[Wager, ...] = ()
    fresh: frozenset[str] = frozenset()


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


class CrapsEngine:
    """The :class:`~terminal.games.seam.Engine` of a craps table."""

    def __init__(self, rules: CrapsRules, limits: tuple[tuple[str, Limits], ...]) -> None:
        self.rules, self._limits = rules, dict(limits)

    def limits(self, kind: str) -> Limits:
        """The limits of wager id ``kind`` (any amount where none were given)."""
        return self._limits.get(kind, _ANY)

    def start(self) -> CrapsPlay:
        return CrapsPlay()

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
        return placement, replace(play, wagers=(*play.wagers, placed), fresh=play.fresh | {ref})

    def _place(self, play: CrapsPlay, wager: Wager) -> Wager:
        mine = tuple(w for w in play.wagers if w.seat == wager.seat)
        return actions.place(play.state, mine, wager, self.rules)

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

    def remove(self, play: CrapsPlay, refs: Sequence[str]) -> CrapsPlay:
        gone = set(refs)
        return replace(
            play, wagers=tuple(w for w in play.wagers if w.ref not in gone), fresh=play.fresh - gone
        )

    def set_working(self, play: CrapsPlay, seat: int, spot: str, working: bool) -> CrapsPlay:
        ref = next((w.ref for w in play.wagers if w.seat == seat and str(w.spot) == spot), None)
        if ref is None:
            raise IllegalBetError(spot, f"seat {seat} has no wager on {spot}")
        return replace(play, wagers=actions.toggle(play.state, play.wagers, ref, working))

    def choice(self) -> Choice | None:
        return None

    def awaiting(self, play: CrapsPlay) -> tuple[int, ...]:
        return ()

    def choose(self, play: CrapsPlay, seat: int, option: str, assigned: bool) -> CrapsPlay:
        raise ValueError("craps has nothing to choose")

    # -- outcome ---------------------------------------------------------------------------------------
    def outcome(self, values: tuple[int, ...]) -> Dice:
        first, second = values
        return parse_dice(f"{first}-{second}")

    def parse(self, text: str) -> Dice:
        return parse_dice(text)

    def read_outcome(self, data: JSONObject) -> Dice:
        first, second = data["dice"]
        return self.outcome((int(first), int(second)))

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

    def snapshot(self, play: CrapsPlay) -> JSONObject:
        return {"state": play.state.to_json(), "wagers": [w.to_json() for w in play.wagers]}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> CrapsPlay:
        in_play = {record.ref for record in pending}
        state = TableState.from_json(snapshot["state"]) if snapshot else TableState()
        saved = tuple(Wager.from_json(w) for w in snapshot["wagers"]) if snapshot else ()
        play = CrapsPlay(state, tuple(w for w in saved if w.ref in in_play))  # withdrawn since: gone
        known = {w.ref for w in play.wagers}
        for record in pending:
            if record.ref not in known:
                play = replace(
                    play, wagers=(*play.wagers, self._rebuild(play, record)), fresh=play.fresh | {record.ref}
                )
        return play

    def view(self, play: CrapsPlay, last: Dice | None) -> CrapsView:
        s = play.state
        return CrapsView(s.point, s.shooter, s.rolls, s.new_shooter, s.fire_points, s.bonus_marks,
                         last.text if last is not None else "")  # fmt: skip

    def _rebuild(self, play: CrapsPlay, placement: Placement) -> Wager:
        """A wager placed after the last snapshot, rebuilt through the rules from the ledger's record.

        The ledger holds what the seat paid (stake plus any vig collected with the bet), so the amount is
        the one whose cost under the rules equals it.
        """
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
