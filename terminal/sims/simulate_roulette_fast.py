"""Roulette for the fast engine: the layout's standing wagers and Touchdown as two parts.

The layout part has one state while the wagers stand (placed once, through the real ``place``, as the
plain loop places them) and one after the last requested spin takes them down; a spin's settlements are
the real :func:`terminal.games.roulette.settle`'s, so the walk over the layout is a count of pockets.

The Touchdown part's state is the real :class:`TouchdownState` (the wager's reference, ``td<spin>`` in
the plain loop, named ``td``; the pockets of the downs played written as 0, since the rules read only
how many there were): a wager whenever the table allows one, settled by
:func:`terminal.games.roulette.touchdown.spin`. After a trigger (0 or 00) the RNG assigns the team, as
the table does when the player's choice times out: an extra draw (``randbelow(2)``) right after the
spin, so the part is ``paced``: the engine steps it on every spin as it shares the generator's words out
to the spins and the extra draws in the order the table draws them (:mod:`terminal.sims.paced_words`).
Pockets that move the ball the same yards toward the same end zone settle alike (one class), the greens
are a class of their own (a trigger while waiting, no yards in a game), and each team drawn is a class.

B2B and Blazing 7's are a part each (:class:`SidePart`), paced too: their own draw (B2B's odds after a
repeat, the bonus balls after 7, 17 or 27) follows the spin, after Touchdown's team. B2B reads the
previous pocket, so every pocket is its own class; Blazing 7's sees a trigger, a void and the rest. The
values of their draws are classed by what they pay (the odds; the bonus row).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace

from rng import Rng
from terminal.games.roulette import touchdown
from terminal.games.roulette.b2b import B2B, odds_drawn
from terminal.games.roulette.blazing7s import ball_space, balls_drawn, bonus_entry, triggered
from terminal.games.roulette.rules import Wager, settle
from terminal.games.roulette.touchdown import TouchdownRules, TouchdownState
from terminal.games.roulette.wheels import DOUBLE_ZERO
from terminal.sims import fastsim
from terminal.sims.bulk_draws import below_values
from terminal.sims.simulate_roulette import (
    TEAMS,
    RoulettePlan,
    SideSim,
    place_all,
    side_need,
    side_start,
    side_step,
)
from terminal.sims.simulate_stats import ChunkOutcome
from terminal.sims.tabulate import Part, Step

UP, DOWN = "up", "down"
TD_REF = "td"


@dataclass(frozen=True, slots=True)
class LayoutPart:
    """Every layout wager of the plan, standing until the last requested spin."""

    plan: RoulettePlan
    wagers: tuple[Wager, ...] = field(init=False, compare=False)
    paced = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "wagers", place_all(self.plan))

    @property
    def key(self) -> Hashable:
        return (type(self), self.plan.rules, self.plan.spots)

    @property
    def classes(self) -> tuple[int, ...]:
        return tuple(range(self.plan.rules.wheel.size))

    def start(self) -> Step[str]:
        return Step(UP, ())

    def step(self, state: str, outcome: int, placing: bool) -> Step[str]:
        if state == DOWN:
            return Step(DOWN, ())
        result = settle(self.wagers, outcome, self.plan.rules)
        settled = () if result.void else tuple((s.kind, s.stake, s.net) for s in result.settlements)
        return Step(UP if placing else DOWN, settled)

    def idle(self, state: str) -> bool:
        return state == DOWN

    def extra(self, state: str) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class TouchdownPart:
    """A Touchdown wager of ``stake`` whenever the table allows one; the team assigned by the RNG."""

    rules: TouchdownRules
    stake: int
    pockets: int = DOUBLE_ZERO + 1
    paced = True

    @property
    def key(self) -> Hashable:
        return self

    @property
    def classes(self) -> tuple[int, ...]:
        """Pockets by the yards they move the ball (greens apart), then the two teams."""
        seen: dict[Hashable, int] = {}
        views = [("green",) if p in (0, DOUBLE_ZERO) else self.rules.move(p) for p in range(self.pockets)]
        return tuple(seen.setdefault(view, len(seen)) for view in (*views, *TEAMS))

    def _placed(self, state: TouchdownState, placing: bool) -> TouchdownState:
        """The wager placed if the table allows one; the downs kept by number only (all the rules read)."""
        if placing and not state.in_progress and not state.wagers:
            return touchdown.place(state, self.rules, seat=1, ref=TD_REF, stake=self.stake)
        return replace(state, downs=(0,) * len(state.downs)) if state.downs else state

    def start(self) -> Step[TouchdownState]:
        return Step(self._placed(touchdown.IDLE, True), ())

    def step(self, state: TouchdownState, outcome: int, placing: bool) -> Step[TouchdownState]:
        if outcome >= self.pockets:  # the team drawn for the first seat still without one
            seat = state.awaiting_team()[0]
            return Step(touchdown.choose_team(state, seat, TEAMS[outcome - self.pockets], assigned=True), ())
        spun = touchdown.spin(state, outcome, self.rules)
        settled = tuple((s.kind, s.stake, s.net) for s in spun.settlements)
        return Step(self._placed(spun.state, placing), settled)

    def idle(self, state: TouchdownState) -> bool:
        return not state.wagers

    def extra(self, state: TouchdownState) -> int:
        return len(TEAMS) if state.awaiting_team() else 0


@dataclass(frozen=True, slots=True)
class SidePart:
    """A B2B or Blazing 7's wager kept up (``kind``), played by :func:`side_step` of the plain loop."""

    plan: RoulettePlan
    kind: str
    paced = True

    @property
    def key(self) -> Hashable:
        return (type(self), self.plan.rules, self.plan.sides, self.plan.b2b_stake, self.plan.blazing_stake,
                self.kind, len(self.plan.spots))  # fmt: skip

    @property
    def classes(self) -> tuple[int, ...]:
        """Pockets (each its own for B2B; trigger, void, other for Blazing 7's), then the draw's values by
        what they pay."""
        sides, wheel = self.plan.sides, self.plan.rules.wheel
        assert sides is not None
        seen: dict[Hashable, int] = {}
        if self.kind == B2B and sides.b2b is not None:
            pockets: list[Hashable] = list(range(wheel.size))
            values: list[Hashable] = [
                ("odds", odds_drawn(sides.b2b.weights, v)) for v in range(sides.b2b.total)
            ]
        else:
            pockets = ["void" if wheel.voids(p) else triggered(p) for p in range(wheel.size)]
            values = [
                ("row", bonus_entry(balls_drawn(sides.wheel, v))) for v in range(ball_space(sides.wheel))
            ]
        return tuple(seen.setdefault(view, len(seen)) for view in (*pockets, *values))

    def start(self) -> Step[SideSim]:
        return Step(side_start(self.plan, self.kind), ())

    def step(self, state: SideSim, outcome: int, placing: bool) -> Step[SideSim]:
        after, settled = side_step(self.plan, self.kind, state, outcome, placing)
        return Step(after, settled)

    def idle(self, state: SideSim) -> bool:
        return not state.standing and state.pending is None

    def extra(self, state: SideSim) -> int:
        return side_need(self.plan, self.kind, state)


@dataclass(frozen=True, slots=True)
class RouletteModel:
    """Roulette as the fast engine sees it (a :class:`~terminal.sims.fastsim.Model`)."""

    width: int
    parts: tuple[Part[str] | Part[TouchdownState] | Part[SideSim], ...]
    one_draw = True  # a spin is randbelow(width): the paced parts' draws come from the words in bulk

    def draw(self, rng: Rng, count: int) -> list[int]:
        pockets: list[int] = below_values(rng, self.width, count).tolist()  # the same values, in numpy
        return pockets

    def draw_one(self, rng: Rng) -> int:
        return rng.randbelow(self.width).value


def model(plan: RoulettePlan) -> RouletteModel:
    """The layout, and Touchdown when the plan plays it."""
    parts: list[Part[str] | Part[TouchdownState] | Part[SideSim]] = [LayoutPart(plan)]
    if plan.touchdown is not None:
        parts.append(TouchdownPart(plan.touchdown, plan.touchdown_stake))
    if plan.sides is not None:
        kinds = (("b2b", plan.sides.b2b), ("blazing7s", plan.sides.blazing))
        parts += [SidePart(plan, kind) for kind, rules in kinds if rules is not None]
    return RouletteModel(plan.rules.wheel.size, tuple(parts))


def play(plan: RoulettePlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """The same as :func:`terminal.sims.simulate_roulette.play`, through the fast engine."""
    return fastsim.play(model(plan), rounds, rng)
