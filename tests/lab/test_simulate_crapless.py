"""terminal simulate --game crapless: its own fast engine (four parts that keep only the table state their
wagers read) gives the very sums of the plain loop, which asks the whole engine every roll."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

import pytest

from terminal import config
from terminal.games.crapless.engine import CraplessEngine, CraplessPlay
from terminal.games.crapless.records import TableState
from terminal.lab.simulate_seed import make_rng
from terminal.sims import STRATEGIES, crapless_fast, plan_for
from terminal.sims.crapless_fast import CraplessModel, CraplessPlan, play_fast, play_plain, project
from terminal.sims.simulate_stats import ChunkOutcome

SEED = bytes.fromhex("c1a5")
CONFIGS = {
    "default": config.loads("[table]\ngame = crapless\n"),
    "rockn": config.loads("[table]\ngame = crapless\n[hard_rockn_dice]\noffered = true\n"),
}
HARD_ROCKN = CONFIGS["rockn"]
STREAMS = ((3, 3000), (2, 8000))  # (stream, rolls) of the fast and plain runs compared below


BEHIND = {"pass_odds": "pass", "come_odds": "come", "put_odds": "put"}  # odds kind -> its flat's kind


@dataclass(frozen=True)
class PlainRun:
    """A plain loop's run, and what its rolls did to the odds: how many odds wagers left the table, and
    those that left without a flat of their kind leaving on the same roll."""

    outcome: ChunkOutcome
    odds_left: int
    strays: tuple[str, ...]


@functools.cache
def _plain(name: str, stream: int, rounds: int) -> PlainRun:
    """The plain loop's run of ``CONFIGS[name]`` on seeded stream ``stream``, played once for the tests
    that compare with it (the plain loop, asking the whole engine every roll, is the slow side; the same
    plan on the same seeded stream gives the same sums every time), every roll's settling watched."""
    plan = plan_for(CONFIGS[name], "crapless")
    assert isinstance(plan, CraplessPlan)
    settle = crapless_fast._settle
    left: list[str] = []
    strays: list[str] = []

    def watched(engine: CraplessEngine, spots: tuple[str, ...], play: Any, outcome: int) -> tuple[Any, Any]:
        after, settled = settle(engine, spots, play, outcome)
        kept = {w.ref for w in after.wagers}
        gone = [w for w in play.wagers if w.ref not in kept]
        for w in gone:
            if w.spot.kind in BEHIND:
                left.append(str(w.spot))
                if not any(g.spot.kind == BEHIND[w.spot.kind] for g in gone):
                    strays.append(str(w.spot))
        return after, settled

    crapless_fast._settle = watched  # the loop's own settle, called as it is, each result looked at
    try:
        outcome = play_plain(plan, rounds, make_rng(SEED, "crapless", stream))
    finally:
        crapless_fast._settle = settle
    return PlainRun(outcome, len(left), tuple(strays))


def test_crapless_brings_its_own_strategy() -> None:
    strategy = STRATEGIES["crapless"]
    assert strategy.fast is crapless_fast.play_fast and strategy.plain is crapless_fast.play_plain
    plan = plan_for(HARD_ROCKN, "crapless")
    assert isinstance(plan, CraplessPlan)
    parts = {p.name: {spot for _, spot, _ in p.wagers} for p in CraplessModel(plan).parts}
    assert parts["fire"] == {"fire_bet"} and parts["hard_rockn"] == {"six_string", "fab_four", "the_tenor"}
    assert {"pass", "come", "put_2", "place_12", "buy_3", "hard_10"} <= parts["line"]
    assert {"pass_odds", "come_odds_2", "put_odds_12"} <= parts["line"]  # odds with their flat
    assert {"field", "world", "horn", "hop_1_6"} <= parts["one_roll"]
    assert sum(len(s) for s in parts.values()) == len(plan.wagers)  # every wager in exactly one part


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_fast_engine_gives_the_plain_loops_sums(name: str) -> None:
    """The same seed: every wager's count, stake, net and their squares equal, the rolls and refusals too
    (the wind-down past the last requested roll included)."""
    c = CONFIGS[name]
    plan = plan_for(c, "crapless")
    assert isinstance(plan, CraplessPlan)
    for stream, rounds in STREAMS:
        fast = play_fast(plan, rounds, make_rng(SEED, "crapless", stream))
        plain = _plain(name, stream, rounds).outcome
        assert fast == plain and fast.rounds >= rounds
        keys = dict(fast.tallies)
        assert {"fire_bet", "put_2", "hop_2_2", "horn_high:12", "horn_high:11"} <= set(keys)
        assert "horn_high" not in keys  # each Horn High under its PAR row
        puts = {f"put_odds_{n}" for n in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)}  # Put odds by their number
        assert {"pass_odds", "come_odds", *puts} <= set(keys) and "put_odds" not in keys
        assert ("the_tenor" in keys) == c.hard_rockn_dice.offered


def test_a_projection_that_dropped_a_field_a_part_reads_would_be_caught() -> None:
    """The check is not vacuous: a Fire part that forgets the points made gives other sums than the plain
    loop (which keeps the whole table state)."""
    plan = plan_for(HARD_ROCKN, "crapless")
    assert isinstance(plan, CraplessPlan)
    reads = dict(crapless_fast.READS)
    stream, rounds = STREAMS[-1]
    try:
        crapless_fast.READS["fire"] = ("point", "pointed")  # planted: the points made lost every roll
        fast = play_fast(plan, rounds, make_rng(SEED, "crapless", stream))
    finally:
        crapless_fast.READS.update(reads)
    plain = _plain("rockn", stream, rounds).outcome  # the run the healthy fast engine equals, above
    assert dict(fast.tallies)["fire_bet"] != dict(plain.tallies)["fire_bet"]


def test_project_keeps_only_what_a_part_reads() -> None:
    engine = CraplessEngine(plan_for(HARD_ROCKN, "crapless").engine.rules, ())  # type: ignore[attr-defined]
    play = replace(engine.start(), state=TableState(6, True, (4, 9), (2, 6)))
    assert project(play, ("marks",)).state == TableState(None, False, (), (2, 6))
    assert project(play, ("point",)).state == TableState(6)
    assert project(play, ()).state == TableState() and isinstance(project(play, ()), CraplessPlay)


def test_full_odds_ride_behind_every_flat_bet_and_pay_exactly() -> None:
    """The plan's odds: behind each Come and Put number the most the rules take behind the flat (1-2-3-4-5x
    by default), behind Pass the most every point takes; each a whole payout at true odds."""
    from terminal.games.crapless.rules import TRUE_ODDS

    plan = plan_for(config.loads("[table]\ngame = crapless\n"), "crapless")
    assert isinstance(plan, CraplessPlan)
    stakes = dict(plan.wagers)
    multiples = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # GAMES.md §6.4
    for n, k in multiples.items():
        assert (
            stakes[f"come_odds_{n}"] == k * stakes["come"]
            and stakes[f"put_odds_{n}"] == k * stakes[f"put_{n}"]
        )
        assert stakes[f"put_odds_{n}"] * TRUE_ODDS[n].numerator % TRUE_ODDS[n].denominator == 0
    assert stakes["pass_odds"] == stakes["pass"]
    tens = plan_for(config.loads("[table]\ngame = crapless\n[crapless]\nmax_odds = 10x\n"), "crapless")
    assert dict(tens.wagers)["pass_odds"] == 10 * stakes["pass"]  # type: ignore[attr-defined]


def test_odds_are_placed_only_behind_their_flat_and_settle_with_it() -> None:
    """Odds are never refused (never asked without their flat): the same seed with and without them, the
    same refusals. None is left standing apart from its flat: on every roll of the plain loop's run, an
    odds wager leaves the table only with a flat of its kind. And the report has a PAR figure (RTP exactly
    1) for every tally."""
    from terminal.lab.simulate_report import par_rtps

    c = CONFIGS["default"]
    plan = plan_for(c, "crapless")
    assert isinstance(plan, CraplessPlan)
    flat = replace(plan, wagers=tuple(w for w in plan.wagers if "odds" not in w[0]))
    stream, rounds = STREAMS[0]
    run = _plain("default", stream, rounds)  # the plan's run the fast engine equals, above
    with_odds = run.outcome
    without = play_plain(flat, rounds, make_rng(SEED, "crapless", stream))
    assert with_odds.refused == without.refused > 0
    assert not run.strays, f"{run.strays[:5]} left without their flat"
    assert run.odds_left > 1000
    par = par_rtps(c, "crapless")
    assert set(dict(with_odds.tallies)) <= set(par)
    odds = [k for k in dict(with_odds.tallies) if "odds" in k]
    assert len(odds) == 12 and {k: par[k] for k in odds} == dict.fromkeys(odds, 1)
