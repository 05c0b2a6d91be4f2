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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from operator import countOf, is_

from rng import Rng
from terminal.games.base import Settlement
from terminal.games.roulette import touchdown
from terminal.games.roulette.rules import RouletteRules, Wager, place, settle
from terminal.games.roulette.touchdown import TouchdownRules
from terminal.lab.simulate_stats import ChunkOutcome, Tallies, Tally

TEAMS = ("red", "black")
BATCH = 4096  # pockets drawn at once in the layout loop


@dataclass(frozen=True, slots=True)
class RoulettePlan:
    """What a roulette chunk plays: rules, (spot text, stake) per wager, and Touchdown if offered."""

    rules: RouletteRules
    spots: tuple[tuple[str, int], ...]
    touchdown: TouchdownRules | None = None
    touchdown_stake: int = 0


def place_all(plan: RoulettePlan) -> tuple[Wager, ...]:
    """Every wager of the plan, validated by the engine."""
    return tuple(place(plan.rules, f"sim{i}", text, stake) for i, (text, stake) in enumerate(plan.spots))


def play(plan: RoulettePlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """Spin ``rounds`` times (plus any spins that finish a Touchdown game)."""
    wagers = place_all(plan)
    extra: Tallies = {}
    if plan.touchdown is None:
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
    wagers: tuple[Wager, ...], plan: RoulettePlan, td: TouchdownRules, rounds: int, rng: Rng, extra: Tallies
) -> tuple[Counter[int], int, int]:
    """As :func:`_spin_layout`, with a Touchdown wager whenever allowed; its settlements go to ``extra``."""
    stake, hits = plan.touchdown_stake, Counter[int]()
    count = hits.update
    draw, size, rules = rng.randbelow, plan.rules.wheel.size, plan.rules
    state, settled, spins = touchdown.IDLE, 0, 0
    while spins < rounds or state.in_progress:
        if spins < rounds and not state.in_progress and not state.wagers:
            state = touchdown.place(state, td, seat=1, ref=f"td{spins}", stake=stake)
        pocket = draw(size).value
        spins += 1
        if spins <= rounds:
            result = settle(wagers, pocket, rules)
            if not result.void:
                count(map(id, result.settlements))
                settled += 1
        step = touchdown.spin(state, pocket, td)
        state = step.state
        for seat in state.awaiting_team():
            state = touchdown.choose_team(state, seat, TEAMS[draw(2).value], assigned=True)
        for s in step.settlements:
            _add(extra, s.kind, s.stake, s.net)
    return hits, spins, settled


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
