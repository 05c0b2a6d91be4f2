"""Craps for the fast engine: the simulator's strategy as independent parts over (table state, wagers).

The plan's wagers fall into groups that never read each other (:data:`FAMILY`): the line bets with their
odds, the come bets with theirs, the numbers (Place, Place to Lose, Buy, Lay, hardways), the one-roll
bets, Lucky Shooter, Fire, Hot Roller and each Bonus wager. A part's state is the table state it reads
and its wagers on the table as the dice are drawn; every other field of :class:`TableState` is set to a
fixed value (:meth:`CrapsPart.project`), so the part has few states: the one-roll bets one, the numbers
seven (the point), the come bets a point and the come points taken, Fire the point and the points made, a
Bonus wager the point and the totals it needs that were rolled, Hot Roller the combinations it
marked (on the wager itself) alone. Odds sit in the part of their flat bet
(placing odds reads the flat), so placing within a part is placing at the seat.

Each step is the simulator's own code on the part's entries: :func:`terminal.games.craps.settle.settle`
and :func:`terminal.sims.simulate_craps.place_wanted`. Come bets' references (``come#17``) are renamed by
their come point (``come#6``: there is at most one come bet per come point, since a new one moves to a
number only on the roll that settles the one already there) and the wagers sorted, so that the same
wagers give the same state. The dice are drawn as ``dice(2)`` draws them: two values below 6 each.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from operator import attrgetter

from rng import Rng
from terminal.games.craps import hot_roller
from terminal.games.craps.records import BONUS_KINDS, ONE_ROLL, Roll, TableState, Wager
from terminal.games.craps.settle import settle
from terminal.sims import fastsim
from terminal.sims.bulk_draws import below_values
from terminal.sims.simulate_craps import CrapsPlan, place_wanted, stat_key
from terminal.sims.simulate_stats import ChunkOutcome
from terminal.sims.tabulate import Step

FACES = 6
WIDTH = FACES * FACES  # outcome (die1 - 1) * 6 + (die2 - 1)
ROLLS = tuple(Roll(o // FACES + 1, o % FACES + 1) for o in range(WIDTH))
FAMILY: dict[str, str] = {
    **dict.fromkeys(("pass", "dont_pass", "pass_odds", "dont_pass_odds"), "line"),
    **dict.fromkeys(("come", "dont_come", "come_odds", "dont_come_odds"), "come"),
    **dict.fromkeys(("place", "place_lose", "buy", "lay", "hard"), "numbers"),
    **dict.fromkeys(ONE_ROLL, "one_roll"),
    **{kind: kind for kind in ("lucky_shooter", "fire", "hot_roller", *BONUS_KINDS)},
}
# What of the table state each part reads (every other part reads the point alone). Fire and Bonus read
# new_shooter, which moves with the point, so they keep the point too; their own fields (points made,
# totals marked) only while they hold a wager: they are placed only for a new shooter, when both are empty.
READS: dict[str, tuple[str, ...]] = {
    "one_roll": (),
    # Hot Roller reads no table state: only a 7 settles it, and every 7 leaves the point off, so while it
    # is working the point tells its future nothing and when it is placed again the point is always off.
    "hot_roller": (),
    "fire": ("point", "new_shooter", "fire_points"),
    **dict.fromkeys(BONUS_KINDS, ("point", "new_shooter", "bonus_marks")),
}
IDLE_READS = ("point", "new_shooter")
# What each family's part costs the fast engine alone (learning its memo and walking it), in CPU hundredths
# of a second per 10^6 rounds of the shipped kiosk.cfg in 5,000-round chunks, the draws left out: how a
# chunk is cut into shares for the workers (:func:`terminal.sims.fastsim.shares`; Hot Roller's 14,000
# states cost most). Measured, not exact: a wrong weight unbalances the workers, never changes a sum.
WEIGHTS: dict[str, int] = {
    "hot_roller": 166, "all_or_nothing": 69, "come": 48, "lucky_shooter": 20, "fire": 20, "all_tall": 20,
    "all_small": 18, "numbers": 17, "line": 12, "one_roll": 7,
}  # fmt: skip
# What of the dice each part's wagers see: the total, the total and whether it is hard (hardways), or the
# pair of faces (hops, and the one-roll bets settled with them).
VIEWS: dict[str, Callable[[Roll], Hashable]] = {
    "numbers": lambda roll: (roll.total, roll.hard),
    "one_roll": lambda roll: roll.pair,
    # the combination thrown (1-3 and 3-1 alike: it is marked by its low die then its high die), a 7, or a
    # total no combination makes (2, 3, 11, 12): 16 classes
    "hot_roller": lambda roll: -7 if roll.total == 7 else hot_roller.combination(roll.die1, roll.die2),
}
State = tuple[TableState, tuple[Wager, ...]]


def _total(roll: Roll) -> Hashable:
    return roll.total


def classes_of(view: Callable[[Roll], Hashable]) -> tuple[int, ...]:
    """Each roll's class: rolls that ``view`` sees alike share one, numbered in order of first roll.

    >>> classes_of(_total)[:8]  # 1-1, 1-2, ..., 1-6, 2-1, 2-2: totals 2..7, then 3 and 4 again
    (0, 1, 2, 3, 4, 5, 1, 2)
    """
    seen: dict[Hashable, int] = {}
    return tuple(seen.setdefault(view(roll), len(seen)) for roll in ROLLS)


@dataclass(frozen=True, slots=True)
class CrapsPart:
    """The entries of one family and the table state they read (a :class:`~terminal.sims.tabulate.Part`)."""

    plan: CrapsPlan
    reads: tuple[str, ...] = ("point",)
    marks: tuple[int, ...] = ()  # the Bonus totals read (those of the part's Bonus wager)
    classes: tuple[int, ...] = classes_of(_total)
    weight: int = 1  # what playing it costs, relative (:data:`WEIGHTS`)
    paced = False  # draws nothing of its own

    @property
    def key(self) -> CrapsPart:
        return self

    def project(self, table: TableState, wagers: tuple[Wager, ...]) -> State:
        """The state: the fields the part reads, the others at fixed values (shooter 1, roll count 0)."""
        return self.table_seen(table, bool(wagers)), canonical(wagers)

    def table_seen(self, table: TableState, holding: bool) -> TableState:
        """The table state as the part reads it, holding wagers or not."""
        reads = self.reads if holding else tuple(r for r in self.reads if r in IDLE_READS)
        return TableState(
            table.point if "point" in reads else None,
            1,
            table.new_shooter if "new_shooter" in reads else False,
            table.fire_points if "fire_points" in reads else (),
            tuple(m for m in table.bonus_marks if m in self.marks) if "bonus_marks" in reads else (),
            0,
        )

    def start(self) -> Step[State]:
        table = self.project(TableState(), ())[0]
        wagers, _, refused = place_wanted(self.plan, table, (), 0)
        return Step(self.project(table, wagers), (), refused)

    def step(self, state: State, outcome: int, placing: bool) -> Step[State]:
        table, wagers = state
        done, left, after = settle(table, wagers, ROLLS[outcome], self.plan.rules)
        refused = 0
        if placing:
            left, _, refused = place_wanted(self.plan, self.table_seen(after, bool(left)), left, 0)
        settled = tuple((stat_key(s.wager_ref, s.kind), s.stake, s.returned - s.stake) for s in done)
        return Step(self.project(after, left), settled, refused)

    def idle(self, state: State) -> bool:
        return not state[1]

    def extra(self, state: State) -> int:
        return 0


def canonical(wagers: tuple[Wager, ...]) -> tuple[Wager, ...]:
    """The wagers sorted by reference, a come bet's serial replaced by its come point, and the shooter
    each was placed for (a record no rule reads) set to the projected table's."""
    out = []
    for w in wagers:
        base, serial, _ = w.ref.partition("#")
        if serial or w.shooter != 1:
            w = replace(w, ref=f"{base}#{w.number}" if serial else w.ref, shooter=1)
        out.append(w)
    return tuple(sorted(out, key=attrgetter("ref")))


def parts(plan: CrapsPlan) -> tuple[CrapsPart, ...]:
    """The plan's entries grouped by family, in the order the plan first names each family."""
    groups: dict[str, list[int]] = {}
    for i, entry in enumerate(plan.entries):
        groups.setdefault(FAMILY[entry.spot.kind], []).append(i)
    out = []
    for family, indices in groups.items():
        sub = CrapsPlan(plan.rules, tuple(plan.entries[i] for i in indices))
        reads = READS.get(family, ("point",))
        view = VIEWS.get(family, _total)
        weight = WEIGHTS.get(family, 1)
        out.append(CrapsPart(sub, reads, BONUS_KINDS.get(family, ()), classes_of(view), weight))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CrapsModel:
    """Craps as the fast engine sees it (a :class:`~terminal.sims.fastsim.Model`)."""

    parts: tuple[CrapsPart, ...]

    @property
    def width(self) -> int:
        return WIDTH

    def draw(self, rng: Rng, count: int) -> list[int]:
        """``count`` rolls: the values of ``count`` ``dice(2)`` draws, drawn at once."""
        faces = below_values(rng, FACES, 2 * count).reshape(count, 2)  # the same values, scaled in numpy
        rolls: list[int] = (faces[:, 0] * FACES + faces[:, 1]).tolist()
        return rolls

    def draw_one(self, rng: Rng) -> int:
        die1, die2 = rng.dice(2).value
        return (die1 - 1) * FACES + die2 - 1


def play(plan: CrapsPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """The same as :func:`terminal.sims.simulate_craps.play`, through the fast engine."""
    return fastsim.play(CrapsModel(parts(plan)), rounds, rng)


def play_share(plan: CrapsPlan, rounds: int, rng: Rng, share: tuple[int, int]) -> ChunkOutcome:
    """Share ``share`` ``(g, k)`` of the chunk :func:`play` plays (its shares merged are its outcome)."""
    return fastsim.play(CrapsModel(parts(plan)), rounds, rng, share)
