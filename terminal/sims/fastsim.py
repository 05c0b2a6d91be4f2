"""The fast simulation engine: a game's strategy as memoised parts, its outcomes drawn in bulk.

A game that wants its simulation fast declares a :class:`Model`: the size of its outcome alphabet, how
the certified generator draws outcomes (``draw``: many at once through the production scaling path,
exactly the values that ``draw_one`` gives one by one, which is the table's own draw) and its strategy
as independent :class:`~terminal.sims.tabulate.Part` s. :func:`play` then plays a chunk exactly as the
plain loop does (the same draws in the same order, the same settlements) at the cost of about one list
index per part and round:

1. every part's first wagers are placed (:meth:`Part.start`);
2. the requested rounds are drawn in batches and each part walks its memo over a batch: settle, then
   place for the next round (no placing after the last requested round);
3. then rounds are drawn one by one until no part has a wager working, so no wager is cut short: the
   rounds played are the rounds the plain loop plays.

A part that needs draws of its own between rounds (roulette's Touchdown: the team the RNG assigns after
a trigger) is ``paced``: the rounds are then drawn one by one, each followed by the extra draws the paced
parts ask for, in part order, and the other parts walk the drawn rounds in bulk afterwards (parts are
independent, so only the order of the draws matters). A model whose round is one scaler draw below its
width (``one_draw = True``: ``draw_one`` is ``randbelow(width)``) has its paced rounds and their extra
draws taken from the generator's words in bulk (:mod:`terminal.sims.paced_words`): the same values in
the same order, without a generator call per draw.

A chunk can be played in shares (``share=(g, k)``: the parts ``g``, ``g + k``, ... of a model with no
paced part, on the same draws): each share's memo holds only its parts, so ``k`` workers each playing one
share of every chunk learn each transition once between them instead of once each
(:func:`terminal.sims.simulate_stats.merge_shares` adds a chunk's shares; the sums are the chunk's).

Nothing here names a game: a new game gets the engine by declaring its parts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rng import Rng
from terminal.sims import paced_words
from terminal.sims.simulate_stats import ChunkOutcome, merge_all
from terminal.sims.tabulate import Chain, Part

BATCH = 8192  # rounds drawn at once


class Model(Protocol):
    """What a game declares for the fast engine (see the module docstring)."""

    @property
    def width(self) -> int:
        """Outcomes of one round, numbered 0 .. width - 1."""
        ...

    @property
    def parts(self) -> tuple[Part[Any], ...]: ...

    def draw(self, rng: Rng, count: int) -> list[int]:
        """``count`` rounds' outcomes: the values ``count`` calls of :meth:`draw_one` give."""
        ...

    def draw_one(self, rng: Rng) -> int:
        """One round's outcome, drawn as the table draws it."""
        ...


def shares(model: Model, k: int) -> tuple[tuple[Part[Any], ...], ...]:
    """The model's parts cut into ``k`` shares, the heaviest first (``weight``: what a part costs to learn,
    1 unless it says), each to the lightest share so far; none when a part is paced (its own draws
    interleave with the rounds, so every part must be played on them together) or ``k`` is 1."""
    parts = model.parts
    if k < 2 or any(part.paced for part in parts):
        return (parts,)
    weights = [getattr(part, "weight", 1) for part in parts]
    loads: list[int] = [0] * k
    out: list[list[int]] = [[] for _ in range(k)]
    for n in sorted(range(len(parts)), key=lambda n: -weights[n]):
        lightest = loads.index(min(loads))
        loads[lightest] += weights[n]
        out[lightest].append(n)
    return tuple(tuple(parts[n] for n in sorted(share)) for share in out if share)


def play(model: Model, rounds: int, rng: Rng, share: tuple[int, int] = (0, 1)) -> ChunkOutcome:
    """Play ``rounds`` rounds of ``model`` on ``rng``, then until every wager placed is settled; with
    ``share`` ``(g, k)`` only the parts of share ``g`` of :func:`shares` (``k``)."""
    if rounds < 1:
        return ChunkOutcome(0, ())
    cut = shares(model, share[1])
    if share[0] >= len(cut):
        return ChunkOutcome(0, ())
    chains = tuple(Chain(part) for part in cut[share[0]])
    paced = tuple(c for c in chains if c.table.part.paced)
    free = tuple(c for c in chains if not c.table.part.paced)
    words = paced_words.Words(rng) if paced and getattr(model, "one_draw", False) else None
    played = 0
    while played < rounds:
        count = min(BATCH, rounds - played)
        left = rounds - played
        if words is not None:
            outcomes = paced_words.pace(model.width, paced, words, count, left)
        else:
            outcomes = _pace(model, paced, rng, count, left) if paced else model.draw(rng, count)
        for chain in free:
            if count == left:  # the last requested round places nothing after it
                chain.walk(outcomes[:-1], placing=True)
                chain.walk(outcomes[-1:], placing=False)
            else:
                chain.walk(outcomes, placing=True)
        played += count
    played += _wind_down(model, chains, paced, rng)
    tallies = merge_all(chain.tallies() for chain in chains)
    return ChunkOutcome(played, tuple(tallies.items()), sum(chain.refused() for chain in chains))


def _pace(model: Model, paced: Sequence[Chain[Any]], rng: Rng, count: int, left: int) -> list[int]:
    """``count`` rounds drawn one by one, the paced parts playing each with its extra draws; the rounds."""
    drawn: list[int] = []
    keep, draw_one = drawn.append, model.draw_one
    for k in range(count):
        outcome = draw_one(rng)
        keep(outcome)
        placing = k + 1 < left
        for chain in paced:
            chain.step(outcome, placing)
        _extras(model, paced, rng, placing)
    return drawn


def _extras(model: Model, paced: Sequence[Chain[Any]], rng: Rng, placing: bool) -> None:
    """The draws paced parts need between rounds, in part order (a team assigned after a trigger)."""
    for chain in paced:
        extra = chain.table.extra
        need = extra[chain.number]
        while need:
            chain.step(model.width + rng.randbelow(need).value, placing)
            need = extra[chain.number]


def _wind_down(model: Model, chains: Sequence[Chain[Any]], paced: Sequence[Chain[Any]], rng: Rng) -> int:
    """Rounds after the requested ones, drawn one by one without placing, until no wager is working."""
    played = 0
    working = [c for c in chains if not c.idle]
    while working:
        outcome = model.draw_one(rng)
        played += 1
        for chain in working:
            chain.step(outcome, placing=False)
        _extras(model, paced, rng, placing=False)
        working = [c for c in working if not c.idle]
    return played
