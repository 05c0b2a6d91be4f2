"""Any game through the seam: its engine plays the wagers its setup keeps up, on the table's own draws.

A game that declares ``Setup.simulate`` (each spot with an exact stake: every payout a whole number of
minor units) is simulated without a line of game-specific lab code: every round the wagers are placed
through :meth:`~terminal.games.seam.Engine.place`, the outcome is drawn as the table draws it (the game's
:class:`~terminal.games.seam.DrawPlan`: ``dice(n)`` is ``n`` values below 6, ``below(n)`` one value, then
one value below each of its ``extra`` bounds) and settled by :meth:`~terminal.games.seam.Engine.settle`.
Each settlement is tallied under its wager id, the PAR sheet's row. A round's outcome is numbered over the
draw's whole space (:func:`outcome_space`: the base outcome, then the extra values, mixed radix). Two
loops play it, with the same sums for the same draws:

- :func:`play_plain` asks the engine every round;
- :func:`play_fast` asks it once per (play, outcome class) and counts. A wager is placed under the same
  reference every round, so the play after placing is one value and the memo stays small. Outcomes whose
  records are equal (``engine.outcome(values)``: ``settle`` reads nothing else) share a class, so a game
  whose record forgets the dice's order is asked about each combination once.

  Up to :data:`CLASSES_MAX` outcomes, the classes are found up front and the game runs as one part of the
  fast engine (:mod:`terminal.sims.fastsim`: a round is a list index, or for a game with nothing carried
  between rounds a count of each outcome in C, then each outcome's settlements times its count). A larger
  space (ten dice, or dice with extra draws) is classed as its outcomes are drawn (:func:`play_wide`): a
  round is then its record built and one dictionary look-up. A game may speed that up by giving its
  engine ``outcome_class(values) -> Hashable``, equal only for outcomes it settles alike from every play
  (the tests check the fast sums against the plain loop's for every registered game).

Both loops play on after the requested rounds, drawing one round at a time and placing nothing, until no
wager is working (a Six Eight Shake still marked): no wager is cut short.
"""

from __future__ import annotations

import hashlib
import math
import pickle
import threading
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

from rng import Rng
from terminal.config import Config
from terminal.config.game_rules import ConfigSettings
from terminal.games.registry import game as find_game
from terminal.games.seam import DrawPlan, Engine
from terminal.sims import fastsim
from terminal.sims.bulk_draws import below_values
from terminal.sims.simulate_stats import ChunkOutcome, Tallies, Tally
from terminal.sims.tabulate import Part, Settled, Step

SEAT = 1
BATCH = 8192
CLASSES_MAX = 6**6  # outcome spaces this large or smaller are classed up front
WIDE_MEMO_MAX = 250_000  # (play, class) answers a wide game keeps per process; beyond, the engine is asked


@dataclass(frozen=True, slots=True)
class SeamPlan:
    """What a chunk plays: the game's engine, how it draws, and the (spot, stake) wagers kept up."""

    game: str
    engine: Engine[Any, Any]
    draw: DrawPlan
    wagers: tuple[tuple[str, int], ...]


class PlanError(ValueError):
    """A wager the simulation cannot play at an exact stake within its limits."""


def seam_plan(c: Config, game: str) -> SeamPlan:
    """What a simulation of ``game`` under ``c`` plays through the seam: the wagers its setup keeps up."""
    setup = find_game(game).setup(ConfigSettings(c))
    if not setup.simulate:
        raise PlanError(f"{game} declares no wagers to simulate")
    return SeamPlan(game, setup.engine, setup.draw, setup.simulate)


def outcome_space(plan: DrawPlan) -> int:
    """The number of equally likely numbered outcomes of a round: the draw's, times each extra bound.

    >>> outcome_space(DrawPlan("dice", 3)), outcome_space(DrawPlan("below", 38, (1000, 7)))
    (216, 266000)
    """
    return plan.size * math.prod(plan.extra)


def values_of(plan: DrawPlan, outcome: int) -> tuple[int, ...]:
    """The draw's values of numbered outcome ``outcome`` (0..space-1): the inverse of ``DrawPlan.index``
    on the round's own draw, followed by its extra values.

    >>> values_of(DrawPlan("dice", 3), 64), values_of(DrawPlan("below", 54), 27)
    ((2, 5, 5), (27,))
    >>> values_of(DrawPlan("dice", 2, (7, 3)), (14 * 7 + 5) * 3 + 2)  # 3-3, then 5 of 7, then 2 of 3
    (3, 3, 5, 2)
    """
    extras = []
    for bound in reversed(plan.extra):
        outcome, value = divmod(outcome, bound)
        extras.append(value)
    if plan.recipe == "below":
        return (outcome, *reversed(extras))
    faces = []
    for _ in range(plan.n):
        outcome, face = divmod(outcome, 6)
        faces.append(face + 1)
    return (*reversed(faces), *reversed(extras))


def draw_outcomes(plan: DrawPlan, rng: Rng, count: int) -> list[int]:
    """``count`` rounds' numbered outcomes, the very values the table's draws give (in bulk, scaled in numpy:
    :mod:`terminal.sims.bulk_draws`)."""
    if plan.extra:  # the extras interleave with the dice: round by round, in the table's order
        return [_draw_one(plan, rng) for _ in range(count)]
    if plan.recipe == "below":
        values: list[int] = below_values(rng, plan.n, count).tolist()
        return values
    faces = below_values(rng, 6, plan.n * count).reshape(count, plan.n)
    index: list[int] = (faces @ (6 ** np.arange(plan.n - 1, -1, -1, dtype=np.int64))).tolist()
    return index


def _draw_one(plan: DrawPlan, rng: Rng) -> int:
    if plan.recipe == "below":
        outcome = rng.randbelow_values(plan.n, 1)[0]
    else:
        outcome = 0
        for face in rng.randbelow_values(6, plan.n):
            outcome = outcome * 6 + face
    for bound in plan.extra:
        outcome = outcome * bound + rng.randbelow_values(bound, 1)[0]
    return outcome


def _place_all(plan: SeamPlan, play: Any) -> tuple[Any, int]:
    refused = 0
    for n, (spot, stake) in enumerate(plan.wagers):
        try:
            _, play = plan.engine.place(play, SEAT, f"sim{n}", spot, stake)
        except ValueError:
            refused += 1
    return play, refused


_PLACED = threading.local()  # per thread and plan: each settled play's wagers placed, asked once
PLACED_MAX = 250_000  # placed plays kept per plan and thread; beyond, the engine is asked


def _place_memo(plan: SeamPlan, play: Any) -> tuple[Any, int]:
    """:func:`_place_all` on ``play``, asked once per distinct play in a thread: many transitions settle to
    the same play (the same game state, every wager settled), and placing is a pure function of it."""
    memos: dict[str, dict[Any, tuple[Any, int]]] = _PLACED.__dict__.setdefault("memos", {})
    key = _plan_key(plan)
    memo = memos.get(key)
    if memo is None:
        if len(memos) >= 8:
            memos.clear()
        memo = memos[key] = {}
    found = memo.get(play)
    if found is None:
        found = _place_all(plan, play)
        if len(memo) < PLACED_MAX:
            memo[play] = found
    return found


def _settle_values(plan: SeamPlan, play: Any, values: tuple[int, ...]) -> tuple[Any, Settled]:
    settled = plan.engine.settle(play, plan.engine.outcome(values))
    return settled.play, tuple((s.kind, s.stake, s.net) for s in settled.settlements)


def _settle(plan: SeamPlan, play: Any, outcome: int) -> tuple[Any, Settled]:
    return _settle_values(plan, play, values_of(plan.draw, outcome))


def _working(plan: SeamPlan, play: Any) -> bool:
    return any(plan.engine.wagers_of(play, SEAT))


def classifier(plan: SeamPlan) -> Callable[[tuple[int, ...]], Hashable]:
    """What tells outcomes apart for the memo: the engine's ``outcome_class`` if it has one, else the
    outcome record itself (``settle`` reads nothing else, so equal records settle alike)."""
    own: Callable[[tuple[int, ...]], Hashable] | None = getattr(plan.engine, "outcome_class", None)
    if own is not None:
        return own
    outcome = plan.engine.outcome

    def record(values: tuple[int, ...]) -> Hashable:
        made = outcome(values)
        try:
            hash(made)
        except TypeError:  # a record that cannot be hashed: the values themselves
            return values
        return made  # type: ignore[no-any-return]

    return record


def classes_of(plan: SeamPlan) -> tuple[int, ...]:
    """Each numbered outcome's class, numbered in order of first outcome (a small space, up front)."""
    key = classifier(plan)
    seen: dict[Hashable, int] = {}
    draw = plan.draw
    return tuple(seen.setdefault(key(values_of(draw, o)), len(seen)) for o in range(outcome_space(draw)))


_KEYS: dict[int, tuple[SeamPlan, str]] = {}  # by id of a plan (held, so the id is not reused): its key


def _plan_key(plan: SeamPlan) -> str:
    # the engine's whole content (rules, paytable): two plans share a memo only if they are alike
    known = _KEYS.get(id(plan))
    if known is not None and known[0] is plan:
        return known[1]
    if len(_KEYS) >= 8:
        _KEYS.clear()
    key = hashlib.sha256(pickle.dumps(plan)).hexdigest()
    _KEYS[id(plan)] = (plan, key)
    return key


_CLASSES: dict[str, tuple[int, ...]] = {}  # by plan key: found once per process


@dataclass(frozen=True, slots=True)
class SeamPart:
    """The whole plan as one part of the fast engine (a :class:`~terminal.sims.tabulate.Part`)."""

    plan: SeamPlan
    paced = False  # draws nothing of its own

    @property
    def key(self) -> Hashable:
        return ("seam", _plan_key(self.plan))

    @property
    def classes(self) -> tuple[int, ...]:
        key = _plan_key(self.plan)
        found = _CLASSES.get(key)
        if found is None:
            found = _CLASSES[key] = classes_of(self.plan)
        return found

    def start(self) -> Step[Any]:
        play, refused = _place_all(self.plan, self.plan.engine.start())
        return Step(play, (), refused)

    def step(self, state: Any, outcome: int, placing: bool) -> Step[Any]:
        play, settled = _settle(self.plan, state, outcome)
        refused = 0
        if placing:
            play, refused = _place_memo(self.plan, play)
        return Step(play, settled, refused)

    def idle(self, state: Any) -> bool:
        return not _working(self.plan, state)

    def extra(self, state: Any) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class SeamModel:
    """The fast engine's model of a plan: one part, the game's outcomes, its draws in bulk."""

    plan: SeamPlan

    @property
    def width(self) -> int:
        return outcome_space(self.plan.draw)

    @property
    def parts(self) -> tuple[Part[Any], ...]:
        return (SeamPart(self.plan),)

    def draw(self, rng: Rng, count: int) -> list[int]:
        return draw_outcomes(self.plan.draw, rng, count)

    def draw_one(self, rng: Rng) -> int:
        return draw_outcomes(self.plan.draw, rng, 1)[0]


def play_fast(plan: SeamPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """``rounds`` rounds (then until no wager is working) through the fast engine."""
    if outcome_space(plan.draw) > CLASSES_MAX:
        return play_wide(plan, rounds, rng)
    return fastsim.play(SeamModel(plan), rounds, rng)


def play_plain(plan: SeamPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """``rounds`` rounds asking the engine every round: the reference the fast path must equal."""
    if rounds < 1:
        return ChunkOutcome(0, ())
    play, refused = _place_all(plan, plan.engine.start())
    sums: dict[str, list[int]] = {}

    def tally(settled: Settled) -> None:
        for key, stake, net in settled:
            row = sums.setdefault(key, [0, 0, 0, 0, 0, 0])
            for n, value in enumerate((1, stake, stake * stake, net, net * net, stake * net)):
                row[n] += value

    for start in range(0, rounds, BATCH):
        count = min(BATCH, rounds - start)
        for k, outcome in enumerate(draw_outcomes(plan.draw, rng, count)):
            play, settled = _settle(plan, play, outcome)
            tally(settled)
            if start + k + 1 < rounds:
                play, more = _place_all(plan, play)
                refused += more
    played = rounds
    while _working(plan, play):  # no wager cut short: play on, placing nothing
        play, settled = _settle(plan, play, draw_outcomes(plan.draw, rng, 1)[0])
        tally(settled)
        played += 1
    tallies: Tallies = {key: Tally(*row) for key, row in sums.items()}
    return ChunkOutcome(played, tuple(sorted(tallies.items())), refused)


# -- a wide outcome space: classes found as the outcomes are drawn ------------------------------------


@dataclass(slots=True)
class WideMemo:
    """A wide game's memo in one process: plays by number, and each (play, placing, class) answered."""

    plan: SeamPlan
    start: tuple[int, int]  # the first play's number and what placing it refused
    plays: list[Any]
    numbers: dict[Any, int]
    working: list[bool]
    answers: dict[tuple[int, bool, Hashable], tuple[int, int]]  # -> (next play, effect)
    effects: list[tuple[Settled, int]]  # (settled, refused) by effect number, each distinct one once
    effect_numbers: dict[tuple[Settled, int], int]

    @classmethod
    def of(cls, plan: SeamPlan) -> WideMemo:
        memo = cls(plan, (0, 0), [], {}, [], {}, [], {})
        play, refused = _place_all(plan, plan.engine.start())
        memo.start = (memo.number(play), refused)
        return memo

    def number(self, play: Any) -> int:
        found = self.numbers.get(play)
        if found is None:
            found = self.numbers[play] = len(self.plays)
            self.plays.append(play)
            self.working.append(_working(self.plan, play))
        return found

    def answer(self, state: int, placing: bool, key: Hashable, values: tuple[int, ...]) -> tuple[int, int]:
        """The next play and the effect of ``values`` from play ``state``, the engine asked if need be."""
        found = self.answers.get((state, placing, key))
        if found is not None:
            return found
        play, settled = _settle_values(self.plan, self.plays[state], values)
        refused = 0
        if placing:
            play, refused = _place_memo(self.plan, play)
        effect = self.effect_numbers.setdefault((settled, refused), len(self.effects))
        if effect == len(self.effects):
            self.effects.append((settled, refused))
        found = (self.number(play), effect)
        if len(self.answers) < WIDE_MEMO_MAX:
            self.answers[(state, placing, key)] = found
        return found


_WIDE = threading.local()  # one memo per thread and plan, kept between chunks as the fast engine's are


def _wide_memo(plan: SeamPlan) -> WideMemo:
    memos: dict[str, WideMemo] = _WIDE.__dict__.setdefault("memos", {})
    key = _plan_key(plan)
    memo = memos.get(key)
    if memo is None:
        if len(memos) >= 8:
            memos.clear()
        memo = memos[key] = WideMemo.of(plan)
    return memo


def play_wide(plan: SeamPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """The fast path of a wide outcome space: each round's outcome classed, then the memo asked."""
    if rounds < 1:
        return ChunkOutcome(0, ())
    memo = _wide_memo(plan)
    key_of, draw = classifier(plan), plan.draw
    state, refused = memo.start
    visits: Counter[int] = Counter()
    played = 0
    while True:
        count = min(BATCH, rounds - played) if played < rounds else 1
        for outcome in draw_outcomes(draw, rng, count):
            played += 1
            placing = played < rounds
            values = values_of(draw, outcome)
            state, effect = memo.answer(state, placing, key_of(values), values)
            visits[effect] += 1
        if played >= rounds and not memo.working[state]:
            break
    sums: dict[str, list[int]] = {}
    for effect, n in visits.items():
        settled, more = memo.effects[effect]
        refused += n * more
        for key, stake, net in settled:
            row = sums.setdefault(key, [0, 0, 0, 0, 0, 0])
            for k, value in enumerate((1, stake, stake * stake, net, net * net, stake * net)):
                row[k] += n * value
    tallies: Tallies = {key: Tally(*row) for key, row in sorted(sums.items())}
    return ChunkOutcome(played, tuple(tallies.items()), refused)
