"""The real settlement code, asked once per (state, outcome): a memo that turns a strategy into a walk.

A simulation plays a fixed strategy, so what a round settles depends only on the wagers on the table
when the outcome is drawn (with the game state they read) and on the outcome, and that space is small.
A game declares its strategy as independent :class:`Part` s. Each part is a chain over hashable states
(the game state it reads and its own wagers on the table) whose :meth:`Part.step` runs the real rules on
one outcome: settle, then place the next round's wagers. A :class:`Table` asks the real ``step`` about
each (state, outcome) the first time it occurs and keeps the answer: the next state and what the step
settled. From then on a round is one list index per part, and a chunk's settlements are those of each
visited transition times its visits: exactly the sums of calling the real code every round (the tests
prove it against the plain loop).

A part also says which outcomes it cannot tell apart (``classes``: craps' line bets see only the total,
so 36 rolls are 11 classes for them); the real code is then asked once per (state, class), with the
first outcome of the class. Numbering: a state is numbered in order of discovery and its row starts at
``number * width`` (``width``: the part's classes), so ``row + class`` indexes the transitions; there is
one list for rounds followed by placing and one for rounds that place nothing (the last requested
round, and those that finish wagers still working after it).

>>> class Coin:  # a toy part: a wager on heads, placed again whenever it is settled
...     key, classes, paced = "coin", (0, 1), False
...     def start(self): return Step("up", ())
...     def step(self, state, outcome, placing):
...         net = 100 if outcome == 0 else -100
...         return Step("up" if placing else "down", (("heads", 100, net),))
...     def idle(self, state): return state == "down"
...     def extra(self, state): return 0
>>> chain = Chain(Coin())
>>> chain.walk([0, 1, 1, 0, 0], placing=True); chain.finish([0, 1, 1])
1
>>> chain.tallies()["heads"].net, chain.refused(), chain.table.size
(200, 0, 2)
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from terminal.sims.simulate_stats import Tallies, Tally

S = TypeVar("S", bound=Hashable)
Settled = tuple[tuple[str, int, int], ...]  # (tally key, stake, net) of each wager a step settled
Row = tuple[int, int, int, int, int, int]  # a Tally's sums: count, staked, staked², net, net², cross
Effect = tuple[tuple[tuple[str, Row], ...], int]  # a transition's sums per tally key, and its refusals
UNKNOWN = -1  # a transition the real code has not been asked about yet
FIXED_CHECK = 4  # a batch this many times the width is worth checking for a state every outcome keeps
FOLD = 1 << 16  # a chunk's recorded transitions are counted once this many are kept (memory stays flat)
TABLES_MAX = 64  # memos kept per thread (one per part and plan): a process running many plans stays small


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """What the real code did on one outcome: the next state, what it settled, what the rules refused."""

    state: S
    settled: Settled
    refused: int = 0


class Part(Protocol[S]):
    """One independent group of a strategy's wagers: what a game declares to be simulated fast.

    Independent: no wager of the part reads a wager of another part; the parts share only the outcomes.
    The outcomes a part accepts are the round's outcomes ``0 .. W - 1`` (``W``: the game's) and then the
    values of the part's own extra draws (:meth:`extra`), ``W + value``. A part with extra draws says so
    (``paced``): the engine then draws rounds one by one while it plays, so every draw comes in the order
    the plain loop draws it.
    """

    paced: bool

    @property
    def key(self) -> Hashable:
        """What the memo is kept under in a process: everything ``step`` depends on (rules, wagers)."""
        ...

    @property
    def classes(self) -> tuple[int, ...]:
        """The class of each outcome it accepts, numbered from 0: outcomes of a class settle alike."""
        ...

    def start(self) -> Step[S]:
        """The first round's wagers placed (what the rules refused counts once)."""
        ...

    def step(self, state: S, outcome: int, placing: bool) -> Step[S]:
        """The real rules on ``outcome``: settle, then (``placing``) place the next round's wagers."""
        ...

    def idle(self, state: S) -> bool:
        """No wager of the part is on the table."""
        ...

    def extra(self, state: S) -> int:
        """The range of a draw the part needs before the next round (0: none), e.g. a team assigned."""
        ...


@dataclass(slots=True)
class Table(Generic[S]):
    """The memo of one part: states by number, transitions, and what each transition settled."""

    part: Part[S]
    classes: tuple[int, ...]
    width: int
    start: Step[S]
    start_row: int = 0
    states: list[S] = field(default_factory=list)
    numbers: dict[S, int] = field(default_factory=dict)
    # by ``placing``: the next state's row (or UNKNOWN), and what a transition settled
    nxt: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    effects: tuple[dict[int, Effect], dict[int, Effect]] = field(default_factory=lambda: ({}, {}))
    idle: list[bool] = field(default_factory=list)  # by state number: what the part says, asked once
    extra: list[int] = field(default_factory=list)
    fixed_rows: set[tuple[int, bool]] = field(default_factory=set)
    # by ``placing``: the effect number of each transition that settles or refuses anything, and the
    # distinct effects, so a chunk's tallies are its visited transitions' visits added per effect
    # (:meth:`Chain.tallies`): the cost of a chunk is its own rounds, never the size of the memo
    effect_of: tuple[dict[int, int], dict[int, int]] = field(default_factory=lambda: ({}, {}))
    effect_list: list[Effect] = field(default_factory=list)
    effect_numbers: dict[Effect, int] = field(default_factory=dict)
    representative: tuple[int, ...] = ()  # the outcome the real code is asked with, per class

    @classmethod
    def of(cls, part: Part[S]) -> Table[S]:
        classes = part.classes
        table = cls(part, classes, max(classes) + 1, part.start())
        first: dict[int, int] = {}
        for outcome, number in enumerate(classes):  # one pass: a wide alphabet has thousands of classes
            first.setdefault(number, outcome)
        table.representative = tuple(first[c] for c in range(table.width))
        table.start_row = table.row(table.start.state)
        return table

    @property
    def size(self) -> int:
        """States discovered so far."""
        return len(self.states)

    def row(self, state: S) -> int:
        """The row of ``state``, numbering it if it is new."""
        number = self.numbers.get(state)
        if number is None:
            number = self.numbers[state] = len(self.states)
            self.states.append(state)
            part = self.part
            self.idle.append(part.idle(state))
            self.extra.append(part.extra(state))
            for column in self.nxt:
                column.extend([UNKNOWN] * self.width)
        return number * self.width

    def discover(self, index: int, placing: bool) -> int:
        """Ask the real code about transition ``index`` (row + class); keep and return the next row."""
        state = self.states[index // self.width]
        step = self.part.step(state, self.representative[index % self.width], placing)
        nxt = self.row(step.state)
        self.nxt[placing][index] = nxt
        if step.settled or step.refused:  # most transitions settle nothing: only these are summed
            effect = (_sums(step.settled), step.refused)
            number = self.effect_numbers.setdefault(effect, len(self.effect_list))
            if number == len(self.effect_list):
                self.effect_list.append(effect)
            self.effect_of[placing][index] = number
        return nxt

    def fixed(self, row: int, placing: bool) -> bool:
        """Every class is known to lead from ``row`` back to it (the walk is then a count)."""
        if (row, placing) in self.fixed_rows:
            return True
        column = self.nxt[placing]
        if all(column[row + c] == row for c in range(self.width)):
            self.fixed_rows.add((row, placing))  # transitions never change: it stays fixed
            return True
        return False


def _sums(settled: Settled) -> tuple[tuple[str, Row], ...]:
    """The settlements of one step added per tally key."""
    rows: dict[str, list[int]] = {}
    for key, stake, net in settled:
        row = rows.setdefault(key, [0, 0, 0, 0, 0, 0])
        for k, value in enumerate((1, stake, stake * stake, net, net * net, stake * net)):
            row[k] += value
    return tuple((key, (r[0], r[1], r[2], r[3], r[4], r[5])) for key, r in sorted(rows.items()))


_LOCAL = threading.local()  # one memo per thread: a Dask worker's threads never share a table


def table_for(part: Part[S]) -> Table[S]:
    """This thread's memo for ``part``, kept between chunks: a worker asks about each transition once."""
    tables: dict[Hashable, Table[S]] = _LOCAL.__dict__.setdefault("tables", {})
    table = tables.get(part.key)
    if table is None:
        if len(tables) >= TABLES_MAX:
            tables.clear()
        table = tables[part.key] = Table.of(part)
    return table


class Chain(Generic[S]):
    """One chunk's walk through a part's table: the current row and the transitions it took.

    A chunk records each transition it takes (``paths``, one append a round) and the counts of whole
    batches played in one fixed state (``counts``); its tallies count those, so a chunk costs its own
    rounds however large the memo a worker has learnt (a list of visits as long as the memo, made and
    summed for every chunk, cost Three Dice Football most of its time at 5,000-round chunks).
    """

    __slots__ = ("counts", "paths", "row", "table")

    def __init__(self, part: Part[S], table: Table[S] | None = None) -> None:
        self.table = table_for(part) if table is None else table
        self.row = self.table.start_row
        self.paths: tuple[list[int], list[int]] = ([], [])
        self.counts: tuple[Counter[int], Counter[int]] = (Counter(), Counter())

    @property
    def number(self) -> int:
        """The current state's number."""
        return self.row // self.table.width

    @property
    def idle(self) -> bool:
        return self.table.idle[self.number]

    def walk(self, outcomes: Sequence[int], placing: bool) -> None:
        """Play ``outcomes`` in order, each round followed by placing (or not)."""
        table = self.table
        nxt, visit, row, classes = table.nxt[placing], self.paths[placing].append, self.row, table.classes
        if len(outcomes) > FIXED_CHECK * table.width and table.fixed(row, placing):
            counts = self.counts[placing]
            for outcome, n in Counter(outcomes).items():  # one state every outcome keeps: count in C
                counts[row + classes[outcome]] += n
            return
        for cls in map(classes.__getitem__, outcomes):  # the hot loop: an index, kept, the next row
            index = row + cls
            visit(index)
            row = nxt[index]
            if row < 0:
                row = table.discover(index, placing)
        self.row = row
        path = self.paths[placing]
        if len(path) > FOLD:  # a long chunk: its transitions counted so far, in C, and the list emptied
            self.counts[placing].update(path)
            path.clear()

    def step(self, outcome: int, placing: bool) -> None:
        """Play one round (or one extra draw)."""
        table = self.table
        index = self.row + table.classes[outcome]
        self.paths[placing].append(index)
        row = table.nxt[placing][index]
        if row < 0:
            row = table.discover(index, placing)
        self.row = row

    def finish(self, outcomes: Iterable[int]) -> int:
        """Play ``outcomes`` with no placing until the part is idle; how many it took."""
        taken = 0
        for outcome in outcomes:
            if self.idle:
                break
            self.step(outcome, placing=False)
            taken += 1
        return taken

    def _effects(self) -> Counter[int]:
        """How many times this chunk took a transition of each effect number."""
        by_effect: Counter[int] = Counter()
        for path, counts, effect_of in zip(self.paths, self.counts, self.table.effect_of, strict=True):
            visits = Counter(path)
            visits.update(counts)
            get = effect_of.get
            for index, n in visits.items():
                effect = get(index)
                if effect is not None:
                    by_effect[effect] += n
        return by_effect

    def refused(self) -> int:
        """Wagers the rules refused in this chunk."""
        effects = self.table.effect_list
        return self.table.start.refused + sum(n * effects[e][1] for e, n in self._effects().items())

    def tallies(self) -> Tallies:
        """Every visited transition's settlements times its visits, added per key: visits are added per
        effect (in C), then each effect's sums multiplied once."""
        effects = self.table.effect_list
        totals: dict[str, list[int]] = {}
        for effect, n in sorted(self._effects().items()):
            for key, row in effects[effect][0]:
                total = totals.setdefault(key, [0, 0, 0, 0, 0, 0])
                for k in range(6):
                    total[k] += n * row[k]
        return {key: Tally(*row) for key, row in sorted(totals.items())}
