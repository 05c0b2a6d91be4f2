"""Absorbing Markov chains in exact arithmetic: the distribution of how a multi-roll wager ends.

A chain is a start state and a ``step`` function giving, for a state, its transitions as
``(probability, next)`` where ``next`` is another state or an :class:`End` with a label. Self-loops
(a roll that changes nothing) are eliminated exactly: from ``s`` with self-probability ``r``, the other
transitions are scaled by ``1 / (1 - r)``. Apart from self-loops the chain must be acyclic, which holds
for every craps wager once the point phase is folded into its come-out transition (see ``par.craps``).

>>> from fractions import Fraction
>>> def place_six(state: str) -> Transitions:  # 6 before 7, every other roll changes nothing
...     return ((Fraction(5, 36), End("win")), (Fraction(6, 36), End("lose")), (Fraction(25, 36), state))
>>> sorted(absorb("on", place_six).items())
[('lose', Fraction(6, 11)), ('win', Fraction(5, 11))]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction

Dist = dict[str, Fraction]


@dataclass(frozen=True, slots=True)
class End:
    """An absorbing outcome of the chain."""

    label: str


Transitions = tuple[tuple[Fraction, "Hashable | End"], ...]
Step = Callable[[Hashable], Transitions]


class ChainError(ValueError):
    """A chain whose transitions do not sum to 1, that loops, or that never leaves a state."""


def absorb(start: Hashable, step: Step) -> Dist:
    """Probability of each end label, starting from ``start``."""
    memo: dict[Hashable, Dist] = {}
    return _solve(start, step, memo, set())


def _solve(state: Hashable, step: Step, memo: dict[Hashable, Dist], path: set[Hashable]) -> Dist:
    if state in memo:
        return memo[state]
    if state in path:
        raise ChainError(f"the chain cycles through {state!r}; fold the cycle into one transition")
    transitions = step(state)
    total = sum((p for p, _ in transitions), Fraction(0))
    if total != 1:
        raise ChainError(f"transitions of {state!r} sum to {total}, not 1")
    stay = sum((p for p, nxt in transitions if nxt == state), Fraction(0))
    if stay == 1:
        raise ChainError(f"state {state!r} never ends")
    path.add(state)
    result: Dist = {}
    for p, nxt in transitions:
        if nxt == state:
            continue
        weight = p / (1 - stay)
        sub = {nxt.label: Fraction(1)} if isinstance(nxt, End) else _solve(nxt, step, memo, path)
        for label, q in sub.items():
            result[label] = result.get(label, Fraction(0)) + weight * q
    path.discard(state)
    memo[state] = result
    return result
