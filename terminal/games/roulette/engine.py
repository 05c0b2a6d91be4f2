"""Roulette with Touchdown as the table plays it: the seam's engine and what every screen is told.

Roulette wagers live one spin (a void spin keeps them standing for the re-spin); Touchdown wagers live
until their game ends, up to five spins later. The play holds both; the snapshot the ledger persists is
the Touchdown state, and roulette wagers in play are rebuilt from the ledger's pending wagers on restart.

>>> from terminal.games.roulette.touchdown import rules_for
>>> engine = RouletteEngine(make_rules("double_zero"), rules_for("A"), 15)
>>> placed, play = engine.place(engine.start(), 1, "r1", "straight:17", 100)
>>> placed.kind, engine.settle(play, engine.outcome((17,))).settlements[0].returned
('straight', 3600)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from terminal.games.base import IllegalBetError, Limits
from terminal.games.roulette import rules as roulette
from terminal.games.roulette import sides, touchdown, touchdown_codec
from terminal.games.roulette.b2b import B2B
from terminal.games.roulette.blazing7s import triggered
from terminal.games.roulette.rules import RouletteRules, make_rules
from terminal.games.roulette.sides import KINDS as SIDE_KINDS
from terminal.games.roulette.sides import SideRules, SideState
from terminal.games.roulette.touchdown import TouchdownRules, TouchdownState
from terminal.games.roulette.wheels import DOUBLE_ZERO, parse_pocket, pocket_text
from terminal.games.seam import Choice, JSONObject, Placement, Settled, WagerLine

TOUCHDOWN = "touchdown"
TEAMS = ("red", "black")
_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass(frozen=True, slots=True)
class Pocket:
    """The pocket a spin drew (0..36, 37 for 00) and whether the wheel voids it (00 on double_as_single);
    with the side wagers' own draws of the same spin: the B2B odds and the Blazing 7's bonus balls."""

    pocket: int
    void: bool = False
    b2b: int | None = None
    balls: tuple[int, ...] = ()
    extra: tuple[int, ...] = field(default=(), compare=False)  # the side draws' values, -1: not forced

    @property
    def text(self) -> str:
        return pocket_text(self.pocket)

    @property
    def drawn(self) -> tuple[int, ...]:
        return (self.pocket, *self.extra)

    def to_json(self) -> JSONObject:
        record: JSONObject = {"pocket": self.pocket, "text": self.text}
        if self.b2b is not None:
            record["b2b"] = self.b2b
        if self.balls:
            record["balls"] = list(self.balls)
        # what a recall shows beside the pocket: the B2B odds, and the bonus balls of a spin that started one;
        # ``details`` as named fields for the service screen, ``detail`` as one line for a list of rounds
        bonus = self.balls if triggered(self.pocket) else ()
        details = ([["b2b", str(self.b2b)]] if self.b2b is not None else []) + (
            [["blazing", " ".join(pocket_text(b) for b in bonus)]] if bonus else []
        )
        parts = ([f"B2B {self.b2b}:1"] if self.b2b is not None else []) + (
            ["Blazing " + "-".join(pocket_text(b) for b in bonus)] if bonus else []
        )
        if parts:
            record["detail"] = " · ".join(parts)
            record["details"] = details
        return record


@dataclass(frozen=True, slots=True)
class RoulettePlay:
    """The spin's roulette wagers (each with its seat), the table's Touchdown state, and the side wagers
    of the statements of policy with the previous valid pocket."""

    wagers: tuple[tuple[int, roulette.Wager], ...] = ()
    touchdown: TouchdownState = touchdown.IDLE
    sides: SideState = sides.NONE


@dataclass(frozen=True, slots=True)
class TeamView:
    """A seat's Touchdown team (``none`` until chosen); ``assigned`` when the RNG picked it."""

    seat: str
    team: str
    assigned: bool


@dataclass(frozen=True, slots=True)
class TouchdownView:
    """The table's Touchdown game: ``downs`` are the pockets spun (37 is 00), ``gains`` their yards."""

    phase: str
    downs: tuple[int, ...]
    gains: tuple[int, ...]
    ball: int
    teams: tuple[TeamView, ...]

    def __post_init__(self) -> None:
        if self.phase not in ("open", "game") or not all(0 <= p <= DOUBLE_ZERO for p in self.downs):
            raise ValueError(f"a Touchdown view is open or game, pockets 0..37: {self.phase} {self.downs}")
        for name, yards in (("ball", self.ball), *(("gain", g) for g in self.gains)):
            if not -touchdown.GOAL <= yards <= touchdown.GOAL:
                raise ValueError(f"Touchdown {name} {yards} is outside -50..50: off the field")
        if any(t.team not in ("red", "black", "none") for t in self.teams):
            raise ValueError(f"a Touchdown team is red, black or none: {self.teams}")


@dataclass(frozen=True, slots=True)
class B2BView:
    """The B2B reader board: the previous valid spin (``""``: none yet, B2B closed) and the odds the RNG
    drew with the last spin (0: none drawn yet)."""

    previous: str
    odds: int


@dataclass(frozen=True, slots=True)
class BlazingView:
    """The last Blazing 7's bonus round: the spin that started it and its three balls (none: ``()``)."""

    paytable: str
    trigger: str
    balls: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.balls and (len(self.balls) != 3 or not all(0 <= b <= DOUBLE_ZERO for b in self.balls)):
            raise ValueError(f"a bonus round is three pockets 0..37, not {self.balls}")


@dataclass(frozen=True, slots=True)
class RouletteView:
    """What every screen is told of a roulette table beside the round: the Touchdown game, the B2B reader
    board and the last Blazing 7's bonus, each where offered."""

    wheel: str
    touchdown: TouchdownView | None
    b2b: B2BView | None = None
    blazing7s: BlazingView | None = None


class RouletteEngine:
    """The :class:`~terminal.games.seam.Engine` of a roulette table with Touchdown."""

    def __init__(
        self,
        rules: RouletteRules,
        touchdown_rules: TouchdownRules | None,
        team_seconds: int,
        side_rules: SideRules | None = None,
    ) -> None:
        self.rules, self.touchdown_rules, self.team_seconds = rules, touchdown_rules, team_seconds
        self.sides = side_rules or SideRules(rules.wheel, None, None)
        self._rebuild = make_rules(rules.wheel.name, rules.paytable.name, True, (), _ANY)

    def start(self) -> RoulettePlay:
        return RoulettePlay()

    # -- wagers --------------------------------------------------------------------------------------
    def place(
        self, play: RoulettePlay, seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, RoulettePlay]:
        if spot == TOUCHDOWN:
            rules = self._touchdown()
            state = touchdown.place(play.touchdown, rules, seat, ref, amount)  # raises if refused
            placed = Placement(ref, seat, TOUCHDOWN, TOUCHDOWN, rules.paytable.name, amount)
            return placed, replace(play, touchdown=state)
        if spot in SIDE_KINDS:
            state_ = sides.place(
                play.sides, self.sides, seat, ref, spot, amount, self._others(play, seat, ())
            )
            paytable = self._side_paytable(spot)
            return Placement(ref, seat, spot, spot, paytable, amount), replace(play, sides=state_)
        wager = roulette.place(self.rules, ref, spot, amount)
        placed = Placement(ref, seat, wager.spot.kind, wager.spot.text, wager.paytable, amount)
        return placed, replace(play, wagers=(*play.wagers, (seat, wager)))

    def removable(self, play: RoulettePlay, seat: int, spot: str | None) -> tuple[str, ...]:
        refs = [w.ref for owner, w in play.wagers if owner == seat and spot in (None, w.spot.text)]
        if spot in (None, TOUCHDOWN) and not play.touchdown.in_progress:
            refs += [w.ref for w in play.touchdown.wagers if w.seat == seat]
        refs += sides.removable(play.sides, seat, spot, self._others(play, seat, refs))
        return tuple(refs)

    def _others(self, play: RoulettePlay, seat: int, going: Sequence[str]) -> int:
        """The seat's roulette wagers of this spin (layout and Touchdown) not among ``going``: what
        Blazing 7's must be placed beside (§ 617b.3(a))."""
        layout = sum(1 for owner, w in play.wagers if owner == seat and w.ref not in going)
        td = play.touchdown
        return layout + (
            0 if td.in_progress else sum(1 for w in td.wagers if w.seat == seat and w.ref not in going)
        )

    def _side_paytable(self, kind: str) -> str:
        if kind == B2B and self.sides.b2b is not None:
            return self.sides.b2b.paytable
        return self.sides.blazing.paytable.name if self.sides.blazing is not None else ""

    def remove(self, play: RoulettePlay, refs: Sequence[str]) -> RoulettePlay:
        gone = set(refs)
        state = play.touchdown
        for w in state.wagers:
            if w.ref in gone:
                state = touchdown.withdraw(state, w.seat)
        kept = tuple((s, w) for s, w in play.wagers if w.ref not in gone)
        return RoulettePlay(kept, state, sides.remove(play.sides, refs))

    def set_working(self, play: RoulettePlay, seat: int, spot: str, working: bool) -> RoulettePlay:
        raise ValueError("roulette wagers have no ON/OFF toggle")

    def choice(self) -> Choice | None:
        return Choice(TEAMS, self.team_seconds) if self.touchdown_rules is not None else None

    def awaiting(self, play: RoulettePlay) -> tuple[int, ...]:
        return play.touchdown.awaiting_team()

    def choose(self, play: RoulettePlay, seat: int, option: str, assigned: bool) -> RoulettePlay:
        return replace(play, touchdown=touchdown.choose_team(play.touchdown, seat, option, assigned))

    # -- outcome ---------------------------------------------------------------------------------------
    def outcome(self, values: tuple[int, ...]) -> Pocket:
        pocket = self.rules.wheel.check_pocket(values[0])
        odds, balls = sides.decode(self.sides, values[1:])
        return Pocket(pocket, self.rules.wheel.voids(pocket), odds, balls)

    def parse(self, text: str) -> Pocket:
        """``17``, or in lab mode with the side draws forced too: ``17,b2b=500,balls=7-30-27`` (either)."""
        first, *options = text.split(",")
        pocket = self.rules.wheel.check_pocket(parse_pocket(first))
        odds, balls, extra = sides.forced(self.sides, options)
        return Pocket(pocket, self.rules.wheel.voids(pocket), odds, balls, extra)

    def read_outcome(self, data: JSONObject) -> Pocket:
        pocket = self.rules.wheel.check_pocket(int(data["pocket"]))
        odds = data.get("b2b")
        balls = tuple(self.rules.wheel.check_pocket(int(b)) for b in data.get("balls", ()))
        return Pocket(pocket, self.rules.wheel.voids(pocket), None if odds is None else int(odds), balls)

    def settle(self, play: RoulettePlay, outcome: Pocket) -> Settled[RoulettePlay]:
        spin = roulette.settle(tuple(w for _, w in play.wagers), outcome.pocket, self.rules)
        if spin.void:
            return Settled((), True, play, (f"{outcome.text}: void spin, re-spin",))
        notes: list[str] = []
        settlements = list(spin.settlements)
        state = play.touchdown
        if self.touchdown_rules is not None:
            step = touchdown.spin(state, outcome.pocket, self.touchdown_rules)
            state = step.state
            settlements += step.settlements
            if step.started:
                notes.append("touchdown started")
        beside = frozenset(w.seat for w in play.sides.wagers if self._others(play, w.seat, ()))
        side = sides.settle(play.sides, self.sides, outcome.pocket, (outcome.b2b, outcome.balls), beside)
        settlements += side.settlements
        return Settled(tuple(settlements), False, RoulettePlay((), state, side.state), (*notes, *side.notes))

    # -- views and persistence -------------------------------------------------------------------------
    def wagers_of(self, play: RoulettePlay, seat: int) -> tuple[WagerLine, ...]:
        lines = [WagerLine(w.ref, w.spot.text, w.stake, True, False) for s, w in play.wagers if s == seat]
        lines += [
            WagerLine(w.ref, TOUCHDOWN, w.stake, True, play.touchdown.in_progress)
            for w in play.touchdown.wagers
            if w.seat == seat
        ]
        lines += [
            WagerLine(ref, kind, stake, True, False) for ref, kind, stake in sides.wagers_of(play.sides, seat)
        ]
        return tuple(lines)

    def snapshot(self, play: RoulettePlay) -> JSONObject:
        return {"touchdown": touchdown_codec.to_dict(play.touchdown), "sides": sides.to_dict(play.sides)}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> RoulettePlay:
        state = touchdown_codec.from_dict(snapshot["touchdown"]) if snapshot else touchdown.IDLE
        side = sides.from_dict(snapshot.get("sides") if snapshot else None)
        known = {w.ref for w in state.wagers}
        wagers = []
        for record in pending:
            if record.ref in known:
                continue
            if record.kind == TOUCHDOWN:
                state = touchdown.place(state, replace(self._touchdown(), limits=_ANY), record.seat,
                                        record.ref, record.stake)  # fmt: skip
                continue
            if record.kind in SIDE_KINDS:  # accepted when placed: its checks held then
                again = sides.SideWager(record.seat, record.ref, record.kind, record.stake)
                side = replace(side, wagers=(*side.wagers, again))
                continue
            wagers.append((record.seat, roulette.place(self._rebuild, record.ref, record.spot, record.stake)))
        return RoulettePlay(tuple(wagers), state, side)

    def view(self, play: RoulettePlay, last: Pocket | None) -> RouletteView:
        rules, state = self.touchdown_rules, play.touchdown
        b2b_view, blazing_view = self._side_views(play.sides, last)
        if rules is None:
            return RouletteView(self.rules.wheel.name, None, b2b_view, blazing_view)
        teams = tuple(TeamView(f"seat-{w.seat}", w.team or "none", w.assigned) for w in state.wagers)
        gains = tuple(rules.move(pocket) for pocket in state.downs)
        drive = TouchdownView(state.phase, state.downs, gains, state.ball, teams)
        return RouletteView(self.rules.wheel.name, drive, b2b_view, blazing_view)

    def _side_views(self, state: SideState, last: Pocket | None) -> tuple[B2BView | None, BlazingView | None]:
        b2b_view = blazing_view = None
        if self.sides.b2b is not None:
            previous = "" if state.previous is None else pocket_text(state.previous)
            b2b_view = B2BView(previous, last.b2b or 0 if last is not None else 0)
        if self.sides.blazing is not None:
            trigger = pocket_text(state.previous) if state.bonus and state.previous is not None else ""
            blazing_view = BlazingView(self.sides.blazing.paytable.name, trigger, state.bonus)
        return b2b_view, blazing_view

    def _touchdown(self) -> TouchdownRules:
        if self.touchdown_rules is None:
            raise IllegalBetError(TOUCHDOWN, "Touchdown Roulette is not offered at this table")
        return self.touchdown_rules


def parse_outcome(text: str, void_pocket: int | None = None) -> Pocket:
    """The pocket of canonical ``text`` (``17``, ``00``)."""
    pocket = parse_pocket(text)
    return Pocket(pocket, pocket == void_pocket and pocket == DOUBLE_ZERO)
