"""Simulation at lab scale (issue #19): every offered wager in play, the real DRBG, one core.

For each game, ``terminal simulate``'s strategy for the shipped ``kiosk.cfg`` (every offered wager, odds
behind every flat bet, Touchdown and Lucky Shooter, Fire and Bonus) played on one chunk's seeded DRBG by
the fast engine (``terminal.sims.fastsim``) and by today's loop (``--engine plain``), each pair back to
back in this process. Printed: the median rate of each over the pairs, the median of the pairs' ratios,
the target, and the fast engine's first chunk in a fresh process (its memo learnt while it plays). It
also checks, on the plain loop's rounds, that both give the same sums. The machine's load average is
printed before and after, since wall-clock rates move with it; ``--instructions`` adds callgrind's
instructions per round (``benchmarks/instructions.py``), which do not.

``--sides`` plays roulette with B2B and Blazing 7's offered as well (their own draws interleave with the
spins), and ``--game NAME`` measures one game only.

Run: PYTHONPATH=. python benchmarks/lab_simulate_bench.py [--pairs N] [--instructions] [--sides] [--game NAME]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from terminal import config
from terminal.desk.config_change import edit_text
from terminal.lab.simulate_seed import make_rng
from terminal.sims import (
    plan_for,
    simulate_craps,
    simulate_craps_fast,
    simulate_roulette,
    simulate_roulette_fast,
    simulate_seam,
    tabulate,
)
from terminal.sims.simulate_plan import craps_plan, roulette_plan
from terminal.sims.simulate_stats import ChunkOutcome

Play = Callable[[Any, int, Any], ChunkOutcome]


@dataclass(frozen=True)
class Game:
    name: str
    unit: str
    plan: Any
    plain: Play
    fast: Play
    target: int
    plain_rounds: int
    fast_rounds: int


def _shipped(sides: bool) -> config.Config:
    """The shipped ``kiosk.cfg``; with ``sides``, B2B and Blazing 7's offered too (it offers neither)."""
    if not sides:
        return config.load()
    text = config.DEFAULT_PATH.read_text(encoding="utf-8")
    for section in ("b2b", "blazing7s"):
        text = edit_text(text, section, "offered", "true")
    return config.loads(text)


def _games(sides: bool = False) -> tuple[Game, ...]:
    c = _shipped(sides)
    return (
        Game("craps", "rolls", craps_plan(c), simulate_craps.play, simulate_craps_fast.play, 15_000, 1500,
             300_000),
        Game("roulette", "spins", roulette_plan(c), simulate_roulette.play, simulate_roulette_fast.play,
             250_000, 30_000, 1_000_000),
        *(Game(name, "rounds", plan_for(config.loads(f"[table]\ngame = {name}\n"), name),
               simulate_seam.play_plain, simulate_seam.play_fast, target, 5_000, 1_000_000)
          for name, target in (("sicbo", 100_000), ("bigsix", 300_000))),  # through the seam: every spot
    )  # fmt: skip


def _rate(game: Game, play: Play, rounds: int, seed: bytes) -> float:
    rng = make_rng(seed, game.name, 0)
    start = time.perf_counter()
    played = play(game.plan, rounds, rng).rounds
    return played / (time.perf_counter() - start)


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def measure(game: Game, pairs: int) -> None:
    tabulate._LOCAL.__dict__.clear()  # a fresh process: the memo is learnt while the first chunk plays
    cold = _rate(game, game.fast, game.fast_rounds, b"cold")
    runs = [
        (_rate(game, game.plain, game.plain_rounds, seed), _rate(game, game.fast, game.fast_rounds, seed))
        for seed in (bytes([k]) for k in range(pairs))
    ]
    plain = statistics.median(p for p, _ in runs)
    fast = statistics.median(f for _, f in runs)
    ratio = statistics.median(f / p for p, f in runs)
    same = game.fast(game.plan, game.plain_rounds, make_rng(b"x", game.name, 0)) == game.plain(
        game.plan, game.plain_rounds, make_rng(b"x", game.name, 0)
    )
    met = "met" if fast >= game.target else "NOT MET"
    print(f"{game.name}, every offered wager, one core, median of {pairs} pairs:")
    print(f"  today's loop (--engine plain): {plain:12,.0f} {game.unit}/s")
    print(f"  fast engine (memo learnt)    : {fast:12,.0f} {game.unit}/s   ratio {ratio:.1f}x")
    print(f"  fast engine, first chunk     : {cold:12,.0f} {game.unit}/s   ({game.fast_rounds:,} of them)")
    print(f"  target {game.target:,} {game.unit}/s: {met} ({fast / game.target:.1f}x)")
    print(f"  same sums as the plain loop on {game.plain_rounds:,} {game.unit}: {'yes' if same else 'NO'}")


SETUP = """
from terminal import config
from terminal.sims import simulate_craps, simulate_craps_fast, simulate_roulette, simulate_roulette_fast
from terminal.sims.simulate_plan import craps_plan, roulette_plan
from terminal.lab.simulate_seed import make_rng
from lab_simulate_bench import _shipped
plan = {plan}(_shipped({sides}))
simulate_{game}_fast.play(plan, {warm}, make_rng(b"warm", "{game}", 0))
"""


def count_instructions(game: Game, sides: bool = False) -> None:
    from instructions import per_round  # beside this script

    setup = SETUP.format(plan=f"{game.name}_plan", game=game.name, warm=game.fast_rounds // 5, sides=sides)
    plain = per_round(setup, f"simulate_{game.name}.play(plan, {{n}}, make_rng(b'i', '{game.name}', 0))", 200)
    fast = per_round(setup, f"simulate_{game.name}_fast.play(plan, {{n}}, make_rng(b'i', '{game.name}', 0))",
                     20_000)  # fmt: skip
    print(f"  callgrind, instructions per {game.unit[:-1]}: plain {plain:,.0f}, fast {fast:,.0f}: "
          f"ratio {plain / fast:.1f}x (load-independent)")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--instructions", action="store_true", help="also count instructions (valgrind)")
    parser.add_argument("--sides", action="store_true", help="roulette with B2B and Blazing 7's offered too")
    parser.add_argument("--game", help="only this game (craps, roulette, sicbo, bigsix)")
    args = parser.parse_args()
    print(_load())
    for game in _games(args.sides):
        if args.game and game.name != args.game:
            continue
        measure(game, args.pairs)
        if args.instructions and game.name in ("craps", "roulette"):
            count_instructions(game, args.sides)
    print(_load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
