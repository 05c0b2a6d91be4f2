"""Running a simulation: the rounds cut into chunks, each chunk on its own seeded DRBG, on a process pool.

The chunks depend only on the number of rounds (never on the workers), and each chunk's generator only on
the seed and the chunk's index, so a seeded run gives the same integer sums on one worker, on every core
or on a Dask cluster. Results merge by adding integers. The local pool is the default; ``--scheduler``
hands the same chunks to Dask (:mod:`terminal.lab.simulate_dask`).

Each chunk is played by the fast engine (:mod:`terminal.sims.fastsim`: the real settlement code asked once
per state and outcome, the draws in bulk) unless the spec asks for ``plain``, the loop that calls the
real code every round. Both give the same sums for the same seed, to the unit; ``plain`` stays so that a
lab can check that itself (``terminal simulate --engine plain``) and the benchmarks can time against it.

On the local pool, a game whose fast strategy can be cut into shares of its parts (``Strategy.share``:
craps) has every chunk played in one share per worker, each worker always the same share (one process
per share), and a chunk's shares merged (:func:`terminal.sims.simulate_stats.merge_shares`): each worker
then learns only its share's memo (craps' memo learning dominated its time at 10^6 rounds, each worker
learning all of it). The sums are those of the whole chunks.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from rng import HealthParameters
from terminal.lab.simulate_seed import make_rng
from terminal.sims import strategy_for
from terminal.sims.simulate_stats import ChunkOutcome, Tallies, merge_all, merge_shares

ENGINES = ("fast", "plain")
CHUNKS_MAX = 200
CHUNK_MIN = 5_000
Progress = Callable[[int], None]  # called with the rounds each finished chunk played


@dataclass(frozen=True, slots=True)
class SimSpec:
    """Everything a worker needs: the game's plan and how to seed each chunk's generator."""

    game: str
    plan: Any  # what the game's strategy plays (terminal.sims.plan_for)
    seed: bytes | None = None
    generator: str = "ctr_drbg_aes256"
    reseed_interval: int = 100_000
    health: HealthParameters = field(default_factory=lambda: HealthParameters(min_entropy=8))
    engine: str = "fast"

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise ValueError(f"engine {self.engine!r} must be one of {', '.join(ENGINES)}")


@dataclass(frozen=True, slots=True)
class Chunk:
    """Rounds ``rounds`` of the run, played on the generator of chunk ``index``."""

    index: int
    rounds: int


@dataclass(frozen=True, slots=True)
class SimRun:
    """A finished run: every chunk's outcome in chunk order, and how it was run."""

    spec: SimSpec
    requested: int
    outcomes: tuple[ChunkOutcome, ...]
    workers: int
    seconds: float
    where: str = "local"

    @property
    def rounds(self) -> int:
        """Rounds played, including those that finished wagers still working at a chunk's end."""
        return sum(o.rounds for o in self.outcomes)

    @property
    def refused(self) -> int:
        return sum(o.refused for o in self.outcomes)

    @property
    def tallies(self) -> Tallies:
        """Every chunk's tallies added."""
        return merge_all(dict(o.tallies) for o in self.outcomes)


def plan_chunks(rounds: int, chunk_rounds: int | None = None) -> tuple[Chunk, ...]:
    """Cut ``rounds`` into chunks: at most 200, at least 5,000 rounds each (unless told ``chunk_rounds``)."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    size = chunk_rounds or max(CHUNK_MIN, -(-rounds // CHUNKS_MAX))
    if size < 1:
        raise ValueError(f"chunk size must be at least 1, got {size}")
    return tuple(Chunk(i, min(size, rounds - start)) for i, start in enumerate(range(0, rounds, size)))


def run_chunk(spec: SimSpec, chunk: Chunk) -> tuple[int, ChunkOutcome]:
    """Play one chunk on its own generator (runs in a worker)."""
    rng = make_rng(spec.seed, spec.game, chunk.index, spec.generator, spec.reseed_interval, spec.health)
    strategy = strategy_for(spec.game)  # the game's own, or the seam's
    play = strategy.fast if spec.engine == "fast" else strategy.plain
    return chunk.index, play(spec.plan, chunk.rounds, rng)


def run_share(spec: SimSpec, chunk: Chunk, share: tuple[int, int]) -> tuple[int, ChunkOutcome]:
    """Play share ``share`` ``(g, k)`` of one chunk on its own generator (runs in the share's worker)."""
    rng = make_rng(spec.seed, spec.game, chunk.index, spec.generator, spec.reseed_interval, spec.health)
    play = strategy_for(spec.game).share
    if play is None:
        raise ValueError(f"{spec.game}'s simulation cannot be played in shares")
    return chunk.index, play(spec.plan, chunk.rounds, rng, share)


def _run_shared(
    spec: SimSpec, chunks: tuple[Chunk, ...], workers: int, progress: Progress
) -> list[tuple[int, ChunkOutcome]]:
    """Every chunk in ``workers`` shares, share ``g`` always on worker ``g``; each chunk's shares merged."""
    shares: dict[int, list[ChunkOutcome]] = {}
    results: list[tuple[int, ChunkOutcome]] = []
    with ExitStack() as stack:
        pools = [stack.enter_context(ProcessPoolExecutor(max_workers=1)) for _ in range(workers)]
        futures: dict[Future[tuple[int, ChunkOutcome]], Chunk] = {
            pools[g].submit(run_share, spec, chunk, (g, workers)): chunk
            for chunk in chunks
            for g in range(workers)
        }
        for future in as_completed(futures):
            index, outcome = future.result()
            done = shares.setdefault(index, [])
            done.append(outcome)
            if len(done) == workers:
                results.append((index, merge_shares(done)))
                progress(futures[future].rounds)
    return results


def default_workers() -> int:
    """Every core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_local(
    spec: SimSpec, chunks: tuple[Chunk, ...], workers: int, progress: Progress = lambda n: None
) -> SimRun:
    """Run ``chunks`` on ``workers`` processes (in this process when ``workers`` is 1)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    start = time.perf_counter()
    results: list[tuple[int, ChunkOutcome]] = []
    if workers > 1 and len(chunks) > 1 and spec.engine == "fast" and strategy_for(spec.game).share:
        results = _run_shared(spec, chunks, workers, progress)
    elif workers == 1:
        for chunk in chunks:
            results.append(run_chunk(spec, chunk))
            progress(chunk.rounds)
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks))) as pool:
            futures = {pool.submit(run_chunk, spec, chunk): chunk for chunk in chunks}
            for future in as_completed(futures):
                results.append(future.result())
                progress(futures[future].rounds)
    return SimRun(spec, sum(c.rounds for c in chunks), ordered(results), workers, time.perf_counter() - start)


def ordered(results: Iterable[tuple[int, ChunkOutcome]]) -> tuple[ChunkOutcome, ...]:
    """Chunk outcomes in chunk order, however they finished."""
    return tuple(outcome for _, outcome in sorted(results, key=lambda pair: pair[0]))
