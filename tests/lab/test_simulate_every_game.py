"""The fast simulation equals the plain loop, to the unit, for every registered game and for the seam's
wide path (outcome spaces too large to class up front, and draws with extra values).

Every game is found through the registry, so a game registered later is tested here without a line.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pytest

from terminal import config
from terminal.games.registry import GAMES
from terminal.games.seam import DrawPlan
from terminal.lab.simulate import SimSpec, plan_chunks, run_local
from terminal.lab.simulate_seed import make_rng
from terminal.sims import plan_for, simulate_seam, strategy_for
from terminal.sims.simulate_seam import (
    SeamPlan,
    draw_outcomes,
    outcome_space,
    play_fast,
    play_plain,
    play_wide,
)
from terminal.sims.simulate_stats import ChunkOutcome, merge_all

SEED = bytes.fromhex("a11c")
SHIPPED = config.load()


CHUNK_ROUNDS = 2000


@functools.cache
def _plain(game: str, chunk: int) -> ChunkOutcome:
    """Chunk ``chunk`` of ``game`` through the plain loop on its own seeded generator, as ``terminal
    simulate --engine plain`` plays it (:func:`terminal.lab.simulate.run_chunk`: ``make_rng(seed, game,
    chunk)``). The reference of both tests below, played once: the plain loop is the slow engine, and the
    same seeded chunk through it gives the same sums every time (a pure function of plan and generator)."""
    return strategy_for(game).plain(plan_for(SHIPPED, game), CHUNK_ROUNDS, make_rng(SEED, game, chunk))


@pytest.mark.parametrize("game", list(GAMES))
def test_fast_equals_plain_for_every_registered_game(game: str) -> None:
    """Two chunks of each game on their own seeded generators: the fast sums are the plain loop's,
    every wager tallied, the same rounds played (wagers still working at the end played out by both)."""
    plan = plan_for(SHIPPED, game)
    strategy = strategy_for(game)
    for chunk in range(2):
        fast = strategy.fast(plan, CHUNK_ROUNDS, make_rng(SEED, game, chunk))
        assert fast == _plain(game, chunk)
        assert fast.rounds >= CHUNK_ROUNDS and fast.tallies


@pytest.mark.parametrize("game", list(GAMES))
def test_the_runs_sums_do_not_depend_on_the_engine_or_the_workers(game: str) -> None:
    """What ``terminal simulate`` runs: the same seeded chunks, fast on two processes, each chunk the plain
    loop's (``run_local`` of the plain engine in one process is held to these very calls in
    tests/lab/test_simulate.py and test_simulate_shares.py)."""
    chunks = plan_chunks(3 * CHUNK_ROUNDS, chunk_rounds=CHUNK_ROUNDS)
    fast = run_local(SimSpec(game, plan_for(SHIPPED, game), SEED), chunks, workers=2)
    plain = tuple(_plain(game, chunk.index) for chunk in chunks)
    assert len(chunks) == 3 and fast.outcomes == plain
    assert fast.tallies == merge_all(dict(o.tallies) for o in plain)


@dataclass(frozen=True)
class Padded:
    """Sic Bo's engine under a wider draw: the first three dice are the roll, the rest are drawn and
    ignored (so the space is wide, while the records, and so the classes, stay Sic Bo's 216)."""

    inner: Any

    def outcome(self, values: tuple[int, ...]) -> Any:
        return self.inner.outcome(values[:3])

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _padded(draw: DrawPlan) -> SeamPlan:
    sicbo = plan_for(SHIPPED, "sicbo")
    assert isinstance(sicbo, SeamPlan)
    return SeamPlan("sicbo", Padded(sicbo.engine), draw, sicbo.wagers)


@pytest.mark.parametrize(
    "draw", [DrawPlan("dice", 8), DrawPlan("dice", 3, (1000, 7))], ids=["eight-dice", "dice-and-extras"]
)
def test_a_wide_outcome_space_is_classed_as_it_is_drawn(draw: DrawPlan) -> None:
    """The wide path's sums are its memo's answers, one per (play, placing, class), times how often each
    came: once every class has been drawn from every play, more rounds only repeat answers already held to
    the plain loop's. 2,000 rounds of this seed draw every one of Sic Bo's 216 classes from the play with
    every wager placed (asserted below, as 6,000 did), so the equality covers every answer there is."""
    plan = _padded(draw)
    assert outcome_space(draw) > simulate_seam.CLASSES_MAX  # so play_fast takes the wide path
    fast = play_fast(plan, 2000, make_rng(SEED, "wide", 1))
    assert fast == play_plain(plan, 2000, make_rng(SEED, "wide", 1))
    assert fast == play_wide(plan, 2000, make_rng(SEED, "wide", 1))
    memo = simulate_seam._wide_memo(plan)
    # two plays (every wager placed; none, after the last round), Sic Bo's 216 rolls asked about from each
    assert len(memo.plays) == 2 and len(memo.answers) <= 2 * 216
    key_of = simulate_seam.classifier(plan)
    drawn = draw_outcomes(draw, make_rng(SEED, "wide", 1), 1999)  # every round but the last places
    classes = {key_of(simulate_seam.values_of(draw, o)) for o in drawn}
    assert len(classes) == 216, f"only {len(classes)} of the 216 classes drawn: too few rounds for the check"


def test_draws_with_extra_values_are_the_tables_draws() -> None:
    """The table draws a round's dice, then one value below each extra bound (terminal.table.driver)."""
    draw = DrawPlan("dice", 2, (1000, 7))
    by_table = []
    rng = make_rng(SEED, "extras", 0)
    for _ in range(500):
        dice = rng.dice(2).value
        extra = tuple(rng.randbelow(bound).value for bound in draw.extra)
        by_table.append(((dice[0] - 1) * 6 + dice[1] - 1) * 7000 + extra[0] * 7 + extra[1])
    assert draw_outcomes(draw, make_rng(SEED, "extras", 0), 500) == by_table
    assert all(simulate_seam.values_of(draw, o)[2:] == (o // 7 % 1000, o % 7) for o in by_table)


@dataclass(frozen=True)
class Unordered:
    """Sic Bo's engine told the dice in ascending order: records of the same combination are equal."""

    inner: Any

    def outcome(self, values: tuple[int, ...]) -> Any:
        return self.inner.outcome(tuple(sorted(values)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_outcomes_with_equal_records_share_a_class() -> None:
    sicbo = plan_for(SHIPPED, "sicbo")
    assert isinstance(sicbo, SeamPlan)
    assert len(set(simulate_seam.classes_of(sicbo))) == 216  # its record keeps the dice's order
    plan = SeamPlan("sicbo", Unordered(sicbo.engine), sicbo.draw, sicbo.wagers)
    assert len(set(simulate_seam.classes_of(plan))) == 56  # combinations of three dice
    fast = play_fast(plan, 3000, make_rng(SEED, "unordered", 0))
    assert fast == play_plain(plan, 3000, make_rng(SEED, "unordered", 0))


@dataclass(frozen=True)
class Listed:
    """Sic Bo's engine with its outcome handed over in a list, which cannot be hashed."""

    inner: Any

    def outcome(self, values: tuple[int, ...]) -> Any:
        return [self.inner.outcome(values[:3])]

    def settle(self, play: Any, outcome: Any) -> Any:
        return self.inner.settle(play, outcome[0])

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.mark.parametrize("draw", [DrawPlan("dice", 3), DrawPlan("dice", 8)], ids=["classed", "wide"])
def test_a_record_that_cannot_be_hashed_is_classed_by_its_values(draw: DrawPlan) -> None:
    sicbo = plan_for(SHIPPED, "sicbo")
    assert isinstance(sicbo, SeamPlan)
    plan = SeamPlan("sicbo", Listed(sicbo.engine), draw, sicbo.wagers)
    fast = play_fast(plan, 2000, make_rng(SEED, "listed", 0))
    assert fast == play_plain(plan, 2000, make_rng(SEED, "listed", 0))
