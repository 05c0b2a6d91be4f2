"""Craps settlement speed: rolls per second with a realistic mixed set of working wagers.

One seat keeps Pass + 3-4-5x odds, Come with odds, Place 6 and 8, Field, the four hardways, Any Seven,
Horn, Fire, All Small/All Tall/All or Nothing and Lucky Shooter up whenever the rules allow: each wager
is asked for when its moment comes (Pass on a come-out, odds behind a flat bet on its point, ...) and
placed through the rule checks, as the simulator does (``terminal.sims.simulate_craps``); crapssim gets
the same requests and refuses what its rules do not allow. The same strategy (without Lucky Shooter,
which crapssim lacks) runs
through crapssim 0.4.1 in the same process on the same dice, each run of ours back to back with one of
crapssim's. Prints medians of 5 runs and of the 5 pairs' ratios.

With ``--instructions`` it also counts, under callgrind (``benchmarks/instructions.py``), the
instructions each loop executes per roll: a ratio that the machine's load cannot move.

Usage: ``PYTHONPATH=. python benchmarks/craps_bench.py [rolls] [--instructions]``
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

from terminal.games.craps.records import Roll, TableState
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle
from terminal.sims.simulate_craps import CrapsPlan, entries, place_wanted

STRATEGY = (
    ("pass", 1000), ("pass_odds", 3000), ("come", 1000),
    *((f"come_odds_{n}", 2000) for n in (4, 5, 6, 8, 9, 10)),
    ("place_6", 1200), ("place_8", 1200), ("field", 500), ("hard_4", 100), ("hard_6", 100), ("hard_8", 100),
    ("hard_10", 100), ("any_seven", 100), ("horn", 400), ("fire", 100), ("all_small", 100), ("all_tall", 100),
    ("all_or_nothing", 100), ("lucky_shooter", 100),
)  # fmt: skip


def ours(dice: list[tuple[int, int]]) -> float:
    """The simulator's strategy loop: each wager asked for when its moment comes, placed through the rules."""
    plan = CrapsPlan(CrapsRules(bonus_paytable="2"), entries(STRATEGY))
    state, wagers, serial, placed = TableState(), (), 0, {}
    start = time.perf_counter()
    for a, b in dice:
        wagers, serial, _ = place_wanted(plan, state, wagers, serial, placed)
        _, wagers, state = settle(state, wagers, Roll(a, b), plan.rules)
    return len(dice) / (time.perf_counter() - start)


def theirs(dice: list[tuple[int, int]]) -> float:
    from crapssim import bet as cb
    from crapssim.strategy.tools import NullStrategy
    from crapssim.table import Table, TableUpdate

    table = Table(seed=0)
    table.settings["vig_rounding"] = "none"
    player = table.add_player(bankroll=10**9, strategy=NullStrategy())
    start = time.perf_counter()
    for roll in dice:
        _place_crapssim(table, player, cb)
        TableUpdate().run(table, dice_outcome=roll)
    return len(dice) / (time.perf_counter() - start)


def _place_crapssim(table: Any, player: Any, cb: Any) -> None:
    """The same strategy in crapssim's vocabulary; add_bet refuses what its rules do not allow."""
    wanted = [cb.PassLine(10), cb.Come(10), cb.Place(6, 12), cb.Place(8, 12), cb.Field(5), cb.Any7(1)]
    wanted += [cb.Horn(4), cb.Fire(1), cb.Small(1), cb.Tall(1), cb.All(1)]
    wanted += [cb.HardWay(n, 1) for n in (4, 6, 8, 10)]
    if table.point.number is not None:
        wanted.append(cb.Odds(cb.PassLine, table.point.number, 30))
    for come in [x for x in player.bets if isinstance(x, cb.Come) and x.number is not None]:
        wanted.append(cb.Odds(cb.Come, come.number, 20))
    for bet in wanted:
        if not player.already_placed(bet):
            player.add_bet(bet)


INSTRUCTIONS_SETUP = """
import random
import craps_bench
rng = random.Random(623)
dice = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(4000)]
craps_bench.{loop}(dice[:200])
"""


def instructions_per_roll(rolls: int = 1000) -> tuple[float, float]:
    """Instructions per roll of ours and of crapssim's loop, counted by callgrind."""
    from instructions import per_round  # beside this script

    mine = per_round(INSTRUCTIONS_SETUP.format(loop="ours"), "craps_bench.ours(dice[:{n}])", rolls)
    peer = per_round(INSTRUCTIONS_SETUP.format(loop="theirs"), "craps_bench.theirs(dice[:{n}])", rolls)
    return mine, peer


def main(argv: list[str]) -> int:
    count = "--instructions" in argv
    argv = [a for a in argv if a != "--instructions"]
    rolls = int(argv[0]) if argv else 20_000
    rng = random.Random(623)
    dice = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rolls)]
    try:
        mine, peer, ratio = interleaved(dice, 5)
    except ImportError:
        mine = statistics.median(ours(dice) for _ in range(5))
        print(f"craps settle: {mine:,.0f} rolls/s (crapssim not installed: no baseline)")
        return 0
    print(f"craps settle, {len(STRATEGY)} wager spots kept up, {rolls} rolls, median of 5:")
    print(f"  terminal.games.craps.records : {mine:12,.0f} rolls/s")
    print(f"  crapssim 0.4.1       : {peer:12,.0f} rolls/s")
    print(f"  ratio (ours / crapssim), median of the 5 back-to-back pairs: {ratio:.2f}")
    print(f"  load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if count:
        mine_i, peer_i = instructions_per_roll()
        print(f"  callgrind instructions per roll: ours {mine_i:,.0f}, crapssim {peer_i:,.0f}")
        print(f"  ratio (crapssim / ours), load-independent: {peer_i / mine_i:.2f}")
    return 0


def interleaved(dice: list[tuple[int, int]], runs: int) -> tuple[float, float, float]:
    """Medians of ours, crapssim and of the ratio, each pair run back to back (a shared machine's load
    changes from second to second; a pair sees the same load)."""
    pairs = [(ours(dice), theirs(dice)) for _ in range(runs)]
    mine = statistics.median(a for a, _ in pairs)
    peer = statistics.median(b for _, b in pairs)
    return mine, peer, statistics.median(a / b for a, b in pairs)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
