"""What ``terminal simulate`` plays for each game: the lab's own strategy of a game that brings one,
registered here once under its name, or, for any other game, the seam's (:mod:`terminal.sims.simulate_seam`:
the wagers the game's ``Setup.simulate`` keeps up, through its engine and its draw).

Roulette brings every offered wager with Touchdown and the side wagers on their own draws; craps every
offered wager with odds behind every flat bet, Fire, Bonus and Lucky Shooter across shooters. Each has a
plain loop (the reference) and a part of the fast engine, which give the same sums for the same draws. The
lab (:mod:`terminal.lab.simulate`) and the command line name no game: they look the strategy up here.

The engines every strategy plays on live here too (the fast engine :mod:`~terminal.sims.fastsim`, its
tables :mod:`~terminal.sims.tabulate` and paced draws :mod:`~terminal.sims.paced_words`, the tallies
:mod:`~terminal.sims.simulate_stats`, the seam's strategy :mod:`~terminal.sims.simulate_seam`): the lab runs
simulations and reports on them, and nothing here imports the lab.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rng import Rng
from terminal.config import Config
from terminal.sims import (
    crapless_fast,
    simulate_craps,
    simulate_craps_fast,
    simulate_high_roll,
    simulate_roulette,
    simulate_roulette_fast,
    simulate_seam,
)
from terminal.sims.simulate_plan import craps_plan, roulette_plan
from terminal.sims.simulate_stats import ChunkOutcome

Play = Callable[[Any, int, Rng], ChunkOutcome]
PlayShare = Callable[[Any, int, Rng, tuple[int, int]], ChunkOutcome]


@dataclass(frozen=True, slots=True)
class Strategy:
    """A game's simulation: the plan it builds from the configuration, its plain loop and its fast one."""

    plan: Callable[[Config, str], Any]
    plain: Play
    fast: Play
    share: PlayShare | None = None  # the fast engine on share (g, k) of its parts, if it can be cut


STRATEGIES: dict[str, Strategy] = {
    "roulette": Strategy(lambda c, _: roulette_plan(c), simulate_roulette.play, simulate_roulette_fast.play),
    "craps": Strategy(
        lambda c, _: craps_plan(c),
        simulate_craps.play,
        simulate_craps_fast.play,
        simulate_craps_fast.play_share,
    ),
    "high_roll": Strategy(
        simulate_high_roll.high_roll_plan, simulate_high_roll.play_plain, simulate_high_roll.play_fast
    ),
    "crapless": Strategy(crapless_fast.crapless_plan, crapless_fast.play_plain, crapless_fast.play_fast),
}
"""The games that bring a strategy of their own, by name."""

SEAM = Strategy(simulate_seam.seam_plan, simulate_seam.play_plain, simulate_seam.play_fast)
"""Any other game: the wagers its setup names, through its engine."""


def strategy_for(game: str) -> Strategy:
    """How ``game`` is simulated."""
    return STRATEGIES.get(game, SEAM)


def plan_for(c: Config, game: str) -> Any:
    """What a simulation of ``game`` under ``c`` plays (:class:`~terminal.sims.simulate_seam.PlanError` when a
    wager cannot be played at an exact stake)."""
    return strategy_for(game).plan(c, game)
