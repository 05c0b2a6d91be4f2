"""Roulette for the fast engine: the layout's standing wagers and Touchdown as two parts.

The layout part has one state while the wagers stand (placed once, through the real ``place``, as the
plain loop places them) and one after the last requested spin takes them down; a spin's settlements are
the real :func:`terminal.games.roulette.settle`'s, so the walk over the layout is a count of pockets.

The Touchdown part's state is the real :class:`TouchdownState` (the wager's reference, ``td<spin>`` in
the plain loop, named ``td``; the pockets of the downs played written as 0, since the rules read only
how many there were): a wager whenever the table allows one, settled by
:func:`terminal.games.roulette.touchdown.spin`. After a trigger (0 or 00) the RNG assigns the team, as
the table does when the player's choice times out: an extra draw (``randbelow(2)``) right after the
spin, so the part is ``paced`` and the engine draws spins one by one while it plays. Pockets that move
the ball the same yards toward the same end zone settle alike (one class), the greens are a class of
their own (a trigger while waiting, no yards in a game), and each team drawn is a class.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace

from rng import Rng
from terminal.games.roulette import touchdown
from terminal.games.roulette.rules import Wager, settle
from terminal.games.roulette.touchdown import TouchdownRules, TouchdownState
from terminal.games.roulette.wheels import DOUBLE_ZERO
from terminal.lab import fastsim
from terminal.lab.simulate_roulette import TEAMS, RoulettePlan, place_all
from terminal.lab.simulate_stats import ChunkOutcome
from terminal.lab.tabulate import Part, Step

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
class RouletteModel:
    """Roulette as the fast engine sees it (a :class:`~terminal.lab.fastsim.Model`)."""

    width: int
    parts: tuple[Part[str] | Part[TouchdownState], ...]

    def draw(self, rng: Rng, count: int) -> list[int]:
        return rng.randbelow_values(self.width, count)

    def draw_one(self, rng: Rng) -> int:
        return rng.randbelow(self.width).value


def model(plan: RoulettePlan) -> RouletteModel:
    """The layout, and Touchdown when the plan plays it."""
    layout = LayoutPart(plan)
    if plan.touchdown is None:
        return RouletteModel(plan.rules.wheel.size, (layout,))
    return RouletteModel(plan.rules.wheel.size, (layout, TouchdownPart(plan.touchdown, plan.touchdown_stake)))


def play(plan: RoulettePlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """The same as :func:`terminal.lab.simulate_roulette.play`, through the fast engine."""
    return fastsim.play(model(plan), rounds, rng)
