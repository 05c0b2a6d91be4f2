"""Any game through the seam: its engine plays the wagers its setup keeps up, on the table's own draws.

A game that declares ``Setup.simulate`` (each spot with an exact stake: every payout a whole number of
minor units) is simulated without a line of game-specific lab code: every round the wagers are placed
through :meth:`~terminal.games.seam.Engine.place`, the outcome is drawn as the table draws it (the game's
:class:`~terminal.games.seam.DrawPlan`: ``dice(n)`` is ``n`` values below 6, ``below(n)`` one value) and
settled by :meth:`~terminal.games.seam.Engine.settle`. Each settlement is tallied under its wager id, the
PAR sheet's row. Two loops play it, with the same sums for the same draws:

- :func:`play_plain` asks the engine every round;
- :func:`play_fast` runs the same engine as one part of the fast engine (:mod:`terminal.sims.fastsim`):
  the engine is asked once per (play, outcome) and the answers are counted. A wager is placed under the
  same reference every round, so the play after placing is one value and the memo stays small.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from rng import Rng
from terminal.config import Config
from terminal.config.game_rules import ConfigSettings
from terminal.games.registry import game as find_game
from terminal.games.seam import DrawPlan, Engine
from terminal.sims import fastsim
from terminal.sims.simulate_stats import ChunkOutcome, Tallies, Tally
from terminal.sims.tabulate import Part, Settled, Step

SEAT = 1
BATCH = 8192


@dataclass(frozen=True, slots=True)
class SeamPlan:
    """What a chunk plays: the game's engine, how it draws, and the (spot, stake) wagers kept up."""

    game: str
    engine: Engine[Any, Any]
    draw: DrawPlan
    wagers: tuple[tuple[str, int], ...]


class PlanError(ValueError):
    """A wager the simulation cannot play at an exact stake within its limits."""


def seam_plan(c: Config, game: str) -> SeamPlan:
    """What a simulation of ``game`` under ``c`` plays through the seam: the wagers its setup keeps up."""
    setup = find_game(game).setup(ConfigSettings(c))
    if not setup.simulate:
        raise PlanError(f"{game} declares no wagers to simulate")
    return SeamPlan(game, setup.engine, setup.draw, setup.simulate)


def values_of(plan: DrawPlan, outcome: int) -> tuple[int, ...]:
    """The draw's values of ordered outcome ``outcome`` (0..size-1), the inverse of ``DrawPlan.index``.

    >>> values_of(DrawPlan("dice", 3), 64), values_of(DrawPlan("below", 54), 27)
    ((2, 5, 5), (27,))
    """
    if plan.recipe == "below":
        return (outcome,)
    faces = []
    for _ in range(plan.n):
        outcome, face = divmod(outcome, 6)
        faces.append(face + 1)
    return tuple(reversed(faces))


def draw_outcomes(plan: DrawPlan, rng: Rng, count: int) -> list[int]:
    """``count`` rounds' ordered outcomes, the very values the table's draws give (in bulk)."""
    if plan.recipe == "below":
        return rng.randbelow_values(plan.n, count)
    faces = rng.randbelow_values(6, plan.n * count)
    out = []
    for k in range(0, len(faces), plan.n):
        index = 0
        for face in faces[k : k + plan.n]:
            index = index * 6 + face
        out.append(index)
    return out


def _place_all(plan: SeamPlan, play: Any) -> tuple[Any, int]:
    refused = 0
    for n, (spot, stake) in enumerate(plan.wagers):
        try:
            _, play = plan.engine.place(play, SEAT, f"sim{n}", spot, stake)
        except ValueError:
            refused += 1
    return play, refused


def _settle(plan: SeamPlan, play: Any, outcome: int) -> tuple[Any, Settled]:
    settled = plan.engine.settle(play, plan.engine.outcome(values_of(plan.draw, outcome)))
    return settled.play, tuple((s.kind, s.stake, s.net) for s in settled.settlements)


@dataclass(frozen=True, slots=True)
class SeamPart:
    """The whole plan as one part of the fast engine (a :class:`~terminal.sims.tabulate.Part`)."""

    plan: SeamPlan
    paced = False  # draws nothing of its own

    @property
    def key(self) -> Hashable:
        # the engine's whole content (rules, paytable): two plans share a memo only if they are alike
        return ("seam", hashlib.sha256(pickle.dumps(self.plan)).hexdigest())

    @property
    def classes(self) -> tuple[int, ...]:
        return tuple(range(self.plan.draw.size))

    def start(self) -> Step[Any]:
        play, refused = _place_all(self.plan, self.plan.engine.start())
        return Step(play, (), refused)

    def step(self, state: Any, outcome: int, placing: bool) -> Step[Any]:
        play, settled = _settle(self.plan, state, outcome)
        refused = 0
        if placing:
            play, refused = _place_all(self.plan, play)
        return Step(play, settled, refused)

    def idle(self, state: Any) -> bool:
        return not any(self.plan.engine.wagers_of(state, SEAT))

    def extra(self, state: Any) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class SeamModel:
    """The fast engine's model of a plan: one part, the game's outcomes, its draws in bulk."""

    plan: SeamPlan

    @property
    def width(self) -> int:
        return self.plan.draw.size

    @property
    def parts(self) -> tuple[Part[Any], ...]:
        return (SeamPart(self.plan),)

    def draw(self, rng: Rng, count: int) -> list[int]:
        return draw_outcomes(self.plan.draw, rng, count)

    def draw_one(self, rng: Rng) -> int:
        return draw_outcomes(self.plan.draw, rng, 1)[0]


def play_fast(plan: SeamPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """``rounds`` rounds through the fast engine."""
    return fastsim.play(SeamModel(plan), rounds, rng)


def play_plain(plan: SeamPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """``rounds`` rounds asking the engine every round: the reference the fast path must equal."""
    play, refused = _place_all(plan, plan.engine.start())
    sums: dict[str, list[int]] = {}
    for start in range(0, rounds, BATCH):
        count = min(BATCH, rounds - start)
        for k, outcome in enumerate(draw_outcomes(plan.draw, rng, count)):
            play, settled = _settle(plan, play, outcome)
            for key, stake, net in settled:
                row = sums.setdefault(key, [0, 0, 0, 0, 0, 0])
                for n, value in enumerate((1, stake, stake * stake, net, net * net, stake * net)):
                    row[n] += value
            if start + k + 1 < rounds:
                play, more = _place_all(plan, play)
                refused += more
    tallies: Tallies = {key: Tally(*row) for key, row in sums.items()}
    return ChunkOutcome(rounds, tuple(sorted(tallies.items())), refused)
