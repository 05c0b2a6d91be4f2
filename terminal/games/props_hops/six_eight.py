"""The Six Eight Shake (§ 668a.2(f); GAMES.md §6.2) as pure rules: its marks, one shake's effect on them,
and its exact odds held to the end and taken down at best. **Not offered by this build**: no wager id, no
engine, no screen uses it yet; it is the part of the game a later change registers.

The wager names the six combinations 1-5, 2-4, 3-3, 2-6, 3-5 and 4-4. Its marks are kept per wager,
counted from its placement (decision 2): a combination thrown after the wager was placed marks it; the
throw completing the sixth mark wins 150 to 1; any 7 loses it. A player may take it down whole in any
betting window before a 7 (decision 3).

>>> marks, state = shake(frozenset(), (3, 3))
>>> sorted(marks), state
([(3, 3)], 'open')
>>> shake(marks, (4, 3))[1], win_probability(frozenset())
('lose', Fraction(89, 17160))
>>> held_edge(150), best_edge(150)
(Fraction(3721, 17160), Fraction(3721, 38610))
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Literal

SIX_EIGHT: tuple[tuple[int, int], ...] = ((1, 5), (2, 4), (3, 3), (2, 6), (3, 5), (4, 4))
WAYS: dict[tuple[int, int], int] = {c: 1 if c[0] == c[1] else 2 for c in SIX_EIGHT}  # of the 36 rolls
SEVENS = 6
Marks = frozenset[tuple[int, int]]
State = Literal["open", "win", "lose"]


def shake(marks: Marks, dice: tuple[int, int]) -> tuple[Marks, State]:
    """The marks after ``dice`` and what became of the wager: a 7 loses it, the sixth mark wins it."""
    if dice[0] + dice[1] == 7:
        return marks, "lose"
    combo = (min(dice), max(dice))
    if combo in WAYS:
        marks = marks | {combo}
    return marks, "win" if len(marks) == len(SIX_EIGHT) else "open"


@cache
def win_probability(marks: Marks) -> Fraction:
    """The chance the combinations not yet marked all come before a 7 (a Markov chain on the marks: a
    throw that neither marks nor sevens changes nothing, so only the marking throws and the 7 count)."""
    missing = [c for c in SIX_EIGHT if c not in marks]
    if not missing:
        return Fraction(1)
    moving = SEVENS + sum(WAYS[c] for c in missing)
    return sum((Fraction(WAYS[c], moving) * win_probability(marks | {c}) for c in missing), Fraction(0))


def held_edge(pays: int) -> Fraction:
    """House edge per unit of a wager held to the end at ``pays`` to 1."""
    return 1 - (pays + 1) * win_probability(frozenset())


@cache
def _worth(marks: Marks, pays: int) -> Fraction:
    """What the wager is worth per unit staked between shakes at best: taken down (1) or held."""
    if len(marks) == len(SIX_EIGHT):
        return Fraction(pays + 1)
    return max(Fraction(1), _held(marks, pays))


@cache
def _held(marks: Marks, pays: int) -> Fraction:
    missing = [c for c in SIX_EIGHT if c not in marks]
    moving = SEVENS + sum(WAYS[c] for c in missing)
    return sum((Fraction(WAYS[c], moving) * _worth(marks | {c}, pays) for c in missing), Fraction(0))


def best_edge(pays: int) -> Fraction:
    """House edge per unit of a wager taken down whenever holding is worth less than the stake. It must
    meet one shake after it is placed; from the next window on, the player takes it down or holds."""
    marking = sum(WAYS.values())
    neither = 36 - SEVENS - marking
    back = Fraction(neither, 36) * _worth(frozenset(), pays) + sum(
        (Fraction(WAYS[c], 36) * _worth(frozenset({c}), pays) for c in SIX_EIGHT), Fraction(0)
    )
    return 1 - back
