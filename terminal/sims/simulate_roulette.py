"""Roulette through the real engine: one spot of every offered wager kind on every spin, and Touchdown.

The wagers are placed once through :func:`terminal.games.roulette.place` (the rules and limits decide) and
stand for the whole chunk; every spin is drawn with ``randbelow(wheel size)`` as the table draws it (in
batches through ``randbelow_values``: the same values) and settled with
:func:`terminal.games.roulette.settle`. ``settle`` hands back, for each wager, one of the two frozen
settlements placement precomputed, so the hot loop counts settlements by identity and the sums are built
from those settlement records afterwards (and checked to cover every wager of every settled spin).
Touchdown is played through :mod:`terminal.games.roulette.touchdown`: a wager whenever the table allows
one, the team assigned by the RNG (``randbelow(2)``, as the table does when a choice times out). At the end
of a chunk a Touchdown game in progress is played out with no new wagers, so no wager is left unsettled.

B2B and Blazing 7's (where offered) are a wager every spin the table allows one (B2B from the chunk's
second spin: it needs a previous spin), settled by :func:`terminal.games.roulette.sides.settle`. Their own
draws come right after the spin (after a Touchdown team's): the B2B odds (``randbelow(1000)``) when the
pocket repeats, the bonus balls (``randbelow(n(n-1)(n-2))``) on 7, 17 or 27, each drawn only when a
wager needs it (the table draws both every spin; the values are as likely either way).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from operator import countOf, is_

from rng import Rng
from terminal.games.base import Settlement
from terminal.games.roulette import sides, touchdown
from terminal.games.roulette.b2b import B2B, odds_drawn
from terminal.games.roulette.blazing7s import BLAZING, ball_space, balls_drawn, triggered
from terminal.games.roulette.rules import RouletteRules, Wager, place, settle
from terminal.games.roulette.sides import SideRules, SideState, SideWager
from terminal.games.roulette.touchdown import TouchdownRules
from terminal.sims.simulate_stats import ChunkOutcome, Tallies, Tally

TEAMS = ("red", "black")
BATCH = 4096  # pockets drawn at once in the layout loop


@dataclass(frozen=True, slots=True)
class RoulettePlan:
    """What a roulette chunk plays: rules, (spot text, stake) per wager, and Touchdown if offered."""

    rules: RouletteRules
    spots: tuple[tuple[str, int], ...]
    touchdown: TouchdownRules | None = None
    touchdown_stake: int = 0
    sides: SideRules | None = None  # B2B and Blazing 7's, each where offered
    b2b_stake: int = 0
    blazing_stake: int = 0


@dataclass(frozen=True, slots=True)
class SideSim:
    """A B2B or Blazing 7's wager kept up: the previous valid pocket (B2B's target), whether the wager
    stands, and a pocket waiting for the wager's own draw (a repeat, a trigger)."""

    previous: int | None = None
    standing: bool = False
    pending: int | None = None


def side_start(plan: RoulettePlan, kind: str) -> SideSim:
    """The wager checked once by the real rules; Blazing 7's stands from the first spin, beside the
    layout's wagers, B2B from the second (the first spin is the chunk's previous spin)."""
    rules, stake = _side_rules(plan, kind), plan.b2b_stake if kind == B2B else plan.blazing_stake
    state = SideState(previous=0)
    sides.place(state, rules, 1, kind, kind, stake, others=len(plan.spots))  # raises if refused
    return SideSim(standing=kind == BLAZING)


def _side_rules(plan: RoulettePlan, kind: str) -> SideRules:
    if plan.sides is None:
        raise ValueError(f"{kind} is not offered by this plan")
    return SideRules(plan.sides.wheel, plan.sides.b2b if kind == B2B else None,
                     plan.sides.blazing if kind == BLAZING else None)  # fmt: skip


def side_need(plan: RoulettePlan, kind: str, state: SideSim) -> int:
    """The range of the wager's own draw the state waits for (0: none)."""
    if state.pending is None or plan.sides is None:
        return 0
    if kind == B2B and plan.sides.b2b is not None:
        return plan.sides.b2b.total
    return ball_space(plan.sides.wheel)


def side_step(
    plan: RoulettePlan, kind: str, state: SideSim, outcome: int, placing: bool
) -> tuple[SideSim, tuple[tuple[str, int, int], ...]]:
    """One outcome for a kept-up side wager: a pocket (below the wheel's size) or, while a pocket waits
    for it, the value of the wager's own draw (the wheel's size plus the value); settled by the real code."""
    rules, width = _side_rules(plan, kind), plan.rules.wheel.size
    stake = plan.b2b_stake if kind == B2B else plan.blazing_stake
    if state.pending is not None:
        pocket, value = state.pending, outcome - width
        drawn = (
            (odds_drawn(rules.b2b.weights, value), ())
            if rules.b2b
            else (None, balls_drawn(rules.wheel, value))
        )
        return SideSim(pocket, placing), _settle_side(rules, kind, stake, state.previous, pocket, drawn)
    if rules.wheel.voids(outcome):
        return state, ()  # a void spin: the wager stands, the previous spin stays
    waits = (kind == B2B and outcome == state.previous) or (kind == BLAZING and triggered(outcome))
    if state.standing and waits:
        return SideSim(state.previous, True, outcome), ()
    settled = _settle_side(rules, kind, stake, state.previous, outcome, (None, ())) if state.standing else ()
    return SideSim(outcome, placing), settled


def _settle_side(
    rules: SideRules, kind: str, stake: int, previous: int | None, pocket: int,
    drawn: tuple[int | None, tuple[int, ...]],
) -> tuple[tuple[str, int, int], ...]:  # fmt: skip
    state = SideState((SideWager(1, kind, kind, stake),), previous)
    step = sides.settle(state, rules, pocket, drawn, frozenset({1}))
    return tuple((s.kind, s.stake, s.net) for s in step.settlements)


def place_all(plan: RoulettePlan) -> tuple[Wager, ...]:
    """Every wager of the plan, validated by the engine."""
    return tuple(place(plan.rules, f"sim{i}", text, stake) for i, (text, stake) in enumerate(plan.spots))


def play(plan: RoulettePlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """Spin ``rounds`` times (plus any spins that finish a Touchdown game)."""
    wagers = place_all(plan)
    extra: Tallies = {}
    if plan.touchdown is None and plan.sides is None:
        hits, spins, settled = _spin_layout(wagers, plan.rules, rounds, rng)
    else:
        hits, spins, settled = _spin_with_touchdown(wagers, plan, plan.touchdown, rounds, rng, extra)
    tallies = _tally_layout(wagers, hits, settled)
    for key, tally in extra.items():
        tallies[key] = tallies[key].merge(tally) if key in tallies else tally
    return ChunkOutcome(spins, tuple(sorted(tallies.items())))


def _spin_layout(
    wagers: tuple[Wager, ...], rules: RouletteRules, rounds: int, rng: Rng
) -> tuple[Counter[int], int, int]:
    """The hot loop: draw, settle, keep the settlements handed back; count them (by identity) per batch.

    Pockets are drawn ``BATCH`` at a time (the same values ``randbelow`` gives one by one).
    """
    hits: Counter[int] = Counter()
    size, settled = rules.wheel.size, 0
    for start in range(0, rounds, BATCH):
        returned: list[tuple[Settlement, ...]] = []
        keep = returned.append
        for pocket in rng.randbelow_values(size, min(BATCH, rounds - start)):
            result = settle(wagers, pocket, rules)
            if not result.void:
                keep(result.settlements)
        settled += len(returned)
        _count(hits, wagers, returned)
    return hits, rounds, settled


def _count(hits: Counter[int], wagers: tuple[Wager, ...], returned: list[tuple[Settlement, ...]]) -> None:
    """Add to ``hits`` (by ``id``) every settlement of ``returned``: one column of settlements per wager.

    A settlement that is neither of its wager's two precomputed records is not counted, and
    :func:`_tally_layout` then refuses the whole count.
    """
    if not returned:
        return
    for w, column in zip(wagers, zip(*returned, strict=True), strict=True):
        for record in (w.win, w.lose):
            hits[id(record)] += countOf(map(is_, column, repeat(record)), True)


def _spin_with_touchdown(
    wagers: tuple[Wager, ...],
    plan: RoulettePlan,
    td: TouchdownRules | None,
    rounds: int,
    rng: Rng,
    extra: Tallies,
) -> tuple[Counter[int], int, int]:
    """As :func:`_spin_layout`, one spin at a time, with a Touchdown wager whenever allowed and the side
    wagers the plan keeps up; their settlements go to ``extra``."""
    stake, hits = plan.touchdown_stake, Counter[int]()
    count = hits.update
    draw, size, rules = rng.randbelow, plan.rules.wheel.size, plan.rules
    state, settled, spins = touchdown.IDLE, 0, 0
    kept = _side_kinds(plan)
    side_states = [side_start(plan, kind) for kind in kept]
    while spins < rounds or state.in_progress:
        if td is not None and spins < rounds and not state.in_progress and not state.wagers:
            state = touchdown.place(state, td, seat=1, ref=f"td{spins}", stake=stake)
        pocket = draw(size).value
        spins += 1
        if spins <= rounds:
            result = settle(wagers, pocket, rules)
            if not result.void:
                count(map(id, result.settlements))
                settled += 1
        if td is not None:
            step = touchdown.spin(state, pocket, td)
            state = step.state
            for seat in state.awaiting_team():
                state = touchdown.choose_team(state, seat, TEAMS[draw(2).value], assigned=True)
            for s in step.settlements:
                _add(extra, s.kind, s.stake, s.net)
        for n, kind in enumerate(kept):  # in part order, as the fast engine draws them
            side, done = side_step(plan, kind, side_states[n], pocket, spins < rounds)
            need = side_need(plan, kind, side)
            if need:
                side, done = side_step(plan, kind, side, size + draw(need).value, spins < rounds)
            side_states[n] = side
            for key, staked, net in done:
                _add(extra, key, staked, net)
    return hits, spins, settled


def _side_kinds(plan: RoulettePlan) -> tuple[str, ...]:
    """The side wagers the plan keeps up, B2B first."""
    if plan.sides is None:
        return ()
    return tuple(k for k, on in ((B2B, plan.sides.b2b), (BLAZING, plan.sides.blazing)) if on is not None)


def _add(tallies: Tallies, key: str, stake: int, net: int) -> None:
    one = Tally.times(1, stake, net)
    tallies[key] = tallies[key].merge(one) if key in tallies else one


def _tally_layout(wagers: tuple[Wager, ...], hits: Counter[int], settled_spins: int) -> Tallies:
    """Sums from the counted settlement records; every counted id must be one of the wagers' two."""
    tallies: Tallies = {}
    covered = 0
    for w in wagers:
        for s in (w.win, w.lose):
            n = hits.get(id(s), 0)
            covered += n
            if n:
                one = Tally.times(n, s.stake, s.net)
                tallies[s.kind] = tallies[s.kind].merge(one) if s.kind in tallies else one
    if covered != settled_spins * len(wagers):
        raise RuntimeError(
            f"settle returned {settled_spins * len(wagers) - covered} settlements that were not "
            "the precomputed records: the identity count is no longer valid"
        )
    return tallies
