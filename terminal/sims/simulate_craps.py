"""Craps through the real engine: every offered wager kept up, placed through the rules, settled each roll.

A :class:`CrapsPlan` lists the wagers as ``(ref, spot, amount, when)``. Before each roll every wager that
the seat does not hold and whose moment has come is placed through
:func:`terminal.games.craps.actions.place` (a refusal is counted, never hidden); the roll is drawn with
``dice(2)`` as the table draws it and settled with :func:`terminal.games.craps.settle.settle`.
``when`` is one of ``always``, ``come_out`` (Pass, Don't Pass), ``point`` (a new Come/Don't Come every
roll while a point is on), ``new_shooter`` (Fire, Bonus) and ``odds`` (behind a flat bet on its point, at
the plan's amount for that point). After the requested rolls the table keeps rolling with no new wagers
until every wager placed is settled, so no wager is cut short.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rng import Rng
from terminal.games.base import IllegalBetError
from terminal.games.craps.actions import place
from terminal.games.craps.records import POINTS, Roll, Spot, TableState, Wager, new_wager
from terminal.games.craps.rules import CrapsRules
from terminal.games.craps.settle import settle
from terminal.sims.simulate_stats import ChunkOutcome, Tally

WHEN = ("always", "come_out", "point", "new_shooter", "odds")
_MOMENT = {
    "pass": "come_out", "dont_pass": "come_out", "come": "point", "dont_come": "point", "fire": "new_shooter",
    "all_small": "new_shooter", "all_tall": "new_shooter", "all_or_nothing": "new_shooter",
    "hot_roller": "come_out",
}  # fmt: skip
_LINE_ODDS = ("pass_odds", "dont_pass_odds")  # never wanted on a come-out: they back the table's point
_ODDS_FLAT = {
    "pass_odds": "pass",
    "dont_pass_odds": "dont_pass",
    "come_odds": "come",
    "dont_come_odds": "dont_come",
}


@dataclass(frozen=True, slots=True)
class CrapsEntry:
    """One wager of the plan; ``amounts`` maps a point to the amount for ``odds`` entries."""

    ref: str
    spot: Spot
    amount: int
    when: str = "always"
    amounts: tuple[tuple[int, int], ...] = ()
    # What the entry asks ``place`` for, built once (a wager is immutable): the request for ``always``,
    # ``come_out`` and ``new_shooter`` entries; for ``odds`` one request per point, indexed by the point,
    # and the (kind, come point) of the flat wager the odds back (None: the table's point).
    request: Wager | None = field(init=False, repr=False, compare=False)
    by_point: tuple[Wager | None, ...] = field(init=False, repr=False, compare=False)
    backs: tuple[str, int | None] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.when not in WHEN:
            raise ValueError(f"when {self.when!r} must be one of {', '.join(WHEN)}")
        ref, spot = self.ref, self.spot
        amounts = dict(self.amounts)
        by_point = tuple(Wager(ref, 1, spot, amounts[n]) if amounts.get(n) else None for n in range(13))
        object.__setattr__(self, "request", Wager(ref, 1, spot, self.amount))
        object.__setattr__(self, "by_point", by_point)
        kind = spot.kind
        backs = (_ODDS_FLAT[kind], spot.number or None) if kind in _ODDS_FLAT else None
        object.__setattr__(self, "backs", backs)


@dataclass(frozen=True, slots=True)
class CrapsPlan:
    """The rules and every wager the strategy keeps up."""

    rules: CrapsRules
    entries: tuple[CrapsEntry, ...]
    # The entries whose moment can come, in plan order, by phase (come-out or point, new shooter or not;
    # see ``_phase``): ``place_wanted`` would pass over the others anyway. Built once.
    phases: tuple[tuple[CrapsEntry, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        come_out = tuple(e for e in self.entries if e.when != "point" and e.spot.kind not in _LINE_ODDS)
        point = tuple(e for e in self.entries if e.when != "come_out")
        phases = tuple(
            tuple(e for e in entries if new_shooter or e.when != "new_shooter")
            for entries in (come_out, point)
            for new_shooter in (False, True)
        )
        object.__setattr__(self, "phases", phases)


def _phase(state: TableState) -> int:
    """The index of ``state``'s entries in :attr:`CrapsPlan.phases`."""
    return 2 * (state.point is not None) + state.new_shooter


def entries(strategy: tuple[tuple[str, int], ...]) -> tuple[CrapsEntry, ...]:
    """Plan entries from ``(spot text, amount)`` pairs (an odds amount applies on every point).

    >>> [(e.ref, e.when) for e in entries((("pass", 1000), ("pass_odds", 3000), ("come_odds_6", 2000)))]
    [('pass', 'come_out'), ('pass_odds', 'odds'), ('come_odds_6', 'odds')]
    """
    out = []
    for text, amount in strategy:
        spot = Spot.parse(text)
        kind = spot.kind
        if kind in _ODDS_FLAT:
            numbers = POINTS if kind in ("pass_odds", "dont_pass_odds") else (spot.number,)
            out.append(CrapsEntry(text, spot, 0, "odds", tuple((n, amount) for n in numbers)))
        else:
            out.append(CrapsEntry(text, spot, amount, _MOMENT.get(kind, "always")))
    return tuple(out)


def stat_key(ref: str, kind: str) -> str:
    """The tally a settlement counts under: the wager id, except Horn High by its high number."""
    return ref if kind == "horn_high" else kind


def play(plan: CrapsPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """Roll ``rounds`` times placing the plan's wagers, then until every wager placed is settled."""
    rules, state = plan.rules, TableState()
    wagers: tuple[Wager, ...] = ()
    placed: dict[int, Wager] = {}
    sums: dict[str, list[int]] = {}
    rolls = refused = serial = 0
    dice = rng.dice
    while rolls < rounds or wagers:
        if rolls < rounds:
            wagers, serial, refusals = place_wanted(plan, state, wagers, serial, placed)
            refused += refusals
        a, b = dice(2).value
        done, wagers, state = settle(state, wagers, Roll(a, b), rules)
        rolls += 1
        for s in done:
            key = stat_key(s.wager_ref, s.kind)
            row = sums.get(key)
            if row is None:
                row = sums[key] = [0, 0, 0, 0, 0, 0]
            stake, net = s.stake, s.returned - s.stake
            row[0] += 1
            row[1] += stake
            row[2] += stake * stake
            row[3] += net
            row[4] += net * net
            row[5] += stake * net
    tallies = tuple(sorted((key, Tally(*row)) for key, row in sums.items()))
    return ChunkOutcome(rolls, tallies, refused)


def place_wanted(
    plan: CrapsPlan,
    state: TableState,
    wagers: tuple[Wager, ...],
    serial: int,
    placed: dict[int, Wager] | None = None,
) -> tuple[tuple[Wager, ...], int, int]:
    """Place every entry whose moment has come and that the seat does not hold; count refusals.

    ``placed``, kept by the caller from one roll to the next, remembers the wager each request (by its
    ``id``: the plan's requests live as long as the plan) was last placed as. When the same request is
    wanted again for the same shooter, that wager is handed to ``place`` instead: the rules check it as
    they would check the request, and hand it back unchanged rather than building a copy.
    """
    held = {w.ref for w in wagers}  # a comprehension: quicker than map on 3.11
    flats: set[tuple[str, int | None]] | None = None  # the seat's (kind, come point) pairs, when needed
    point, rules, shooter = state.point, plan.rules, state.shooter
    refused = 0
    for entry in plan.phases[_phase(state)]:
        when = entry.when
        if when == "point":  # a new Come/Don't Come each roll: the last one has moved or settled by now
            if point is None:
                continue
            ref, spot = f"{entry.ref}#{serial}", entry.spot
            wager: Wager | None = new_wager(ref, 1, spot, entry.amount, None, 0, None, (), False, shooter)
        elif entry.ref in held:
            continue
        elif when == "always":
            wager = entry.request
        elif when == "come_out":
            wager = entry.request if point is None else None
        elif when == "new_shooter":
            wager = entry.request if state.new_shooter else None
        else:
            if flats is None:
                flats = {(w.spot.kind, w.number) for w in wagers}
            # behind its flat wager, on the flat's come point or the table's point
            number = entry.spot.number or point
            wager = entry.by_point[number] if number and entry.backs in flats else None
        if wager is None:
            continue
        serial += 1
        if placed is not None and when != "point":
            last = placed.get(id(wager))
            request, wager = wager, last if last is not None and last.shooter == shooter else wager
        try:
            made = place(state, wagers, wager, rules)
        except IllegalBetError:
            refused += 1
            continue
        wagers = (*wagers, made)
        if placed is not None and when != "point":
            placed[id(request)] = made
    return wagers, serial, refused
