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
from dataclasses import dataclass, replace

from terminal.games.base import IllegalBetError, Limits
from terminal.games.roulette import rules as roulette
from terminal.games.roulette import touchdown, touchdown_codec
from terminal.games.roulette.rules import RouletteRules, make_rules
from terminal.games.roulette.touchdown import TouchdownRules, TouchdownState
from terminal.games.roulette.wheels import DOUBLE_ZERO, parse_pocket, pocket_text
from terminal.games.seam import Choice, JSONObject, Placement, Settled, WagerLine

TOUCHDOWN = "touchdown"
TEAMS = ("red", "black")
_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass(frozen=True, slots=True)
class Pocket:
    """The pocket a spin drew (0..36, 37 for 00) and whether the wheel voids it (00 on double_as_single)."""

    pocket: int
    void: bool = False

    @property
    def text(self) -> str:
        return pocket_text(self.pocket)

    @property
    def drawn(self) -> tuple[int, ...]:
        return (self.pocket,)

    def to_json(self) -> JSONObject:
        return {"pocket": self.pocket, "text": self.text}


@dataclass(frozen=True, slots=True)
class RoulettePlay:
    """The spin's roulette wagers (each with its seat) and the table's Touchdown state."""

    wagers: tuple[tuple[int, roulette.Wager], ...] = ()
    touchdown: TouchdownState = touchdown.IDLE


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
class RouletteView:
    """What every screen is told of a roulette table beside the round: the Touchdown game, if offered."""

    wheel: str
    touchdown: TouchdownView | None


class RouletteEngine:
    """The :class:`~terminal.games.seam.Engine` of a roulette table with Touchdown."""

    def __init__(
        self, rules: RouletteRules, touchdown_rules: TouchdownRules | None, team_seconds: int
    ) -> None:
        self.rules, self.touchdown_rules, self.team_seconds = rules, touchdown_rules, team_seconds
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
        wager = roulette.place(self.rules, ref, spot, amount)
        placed = Placement(ref, seat, wager.spot.kind, wager.spot.text, wager.paytable, amount)
        return placed, replace(play, wagers=(*play.wagers, (seat, wager)))

    def removable(self, play: RoulettePlay, seat: int, spot: str | None) -> tuple[str, ...]:
        refs = [w.ref for owner, w in play.wagers if owner == seat and spot in (None, w.spot.text)]
        if spot in (None, TOUCHDOWN) and not play.touchdown.in_progress:
            refs += [w.ref for w in play.touchdown.wagers if w.seat == seat]
        return tuple(refs)

    def remove(self, play: RoulettePlay, refs: Sequence[str]) -> RoulettePlay:
        gone = set(refs)
        state = play.touchdown
        for w in state.wagers:
            if w.ref in gone:
                state = touchdown.withdraw(state, w.seat)
        return RoulettePlay(tuple((s, w) for s, w in play.wagers if w.ref not in gone), state)

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
        return Pocket(pocket, self.rules.wheel.voids(pocket))

    def parse(self, text: str) -> Pocket:
        return self.outcome((parse_pocket(text),))

    def read_outcome(self, data: JSONObject) -> Pocket:
        return self.outcome((int(data["pocket"]),))

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
        return Settled(tuple(settlements), False, RoulettePlay((), state), tuple(notes))

    # -- views and persistence -------------------------------------------------------------------------
    def wagers_of(self, play: RoulettePlay, seat: int) -> tuple[WagerLine, ...]:
        lines = [WagerLine(w.ref, w.spot.text, w.stake, True, False) for s, w in play.wagers if s == seat]
        lines += [
            WagerLine(w.ref, TOUCHDOWN, w.stake, True, play.touchdown.in_progress)
            for w in play.touchdown.wagers
            if w.seat == seat
        ]
        return tuple(lines)

    def snapshot(self, play: RoulettePlay) -> JSONObject:
        return {"touchdown": touchdown_codec.to_dict(play.touchdown)}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> RoulettePlay:
        state = touchdown_codec.from_dict(snapshot["touchdown"]) if snapshot else touchdown.IDLE
        known = {w.ref for w in state.wagers}
        wagers = []
        for record in pending:
            if record.ref in known:
                continue
            if record.kind == TOUCHDOWN:
                state = touchdown.place(state, replace(self._touchdown(), limits=_ANY), record.seat,
                                        record.ref, record.stake)  # fmt: skip
                continue
            wagers.append((record.seat, roulette.place(self._rebuild, record.ref, record.spot, record.stake)))
        return RoulettePlay(tuple(wagers), state)

    def view(self, play: RoulettePlay, last: Pocket | None) -> RouletteView:
        rules, state = self.touchdown_rules, play.touchdown
        if rules is None:
            return RouletteView(self.rules.wheel.name, None)
        teams = tuple(TeamView(f"seat-{w.seat}", w.team or "none", w.assigned) for w in state.wagers)
        gains = tuple(rules.move(pocket) for pocket in state.downs)
        return RouletteView(
            self.rules.wheel.name, TouchdownView(state.phase, state.downs, gains, state.ball, teams)
        )

    def _touchdown(self) -> TouchdownRules:
        if self.touchdown_rules is None:
            raise IllegalBetError(TOUCHDOWN, "Touchdown Roulette is not offered at this table")
        return self.touchdown_rules


def parse_outcome(text: str, void_pocket: int | None = None) -> Pocket:
    """The pocket of canonical ``text`` (``17``, ``00``)."""
    pocket = parse_pocket(text)
    return Pocket(pocket, pocket == void_pocket and pocket == DOUBLE_ZERO)
