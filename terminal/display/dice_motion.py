"""Two dice that tumble across the tray and come to rest showing the persisted roll.

Positions are fractions of the dice tray (0..1 on each axis); ``spin_deg`` is each die's rotation. While
tumbling the faces change every ``flip_s``, each face a scramble of the throw's start time and the flip's
number, never of the roll: a die shows a face of the outcome before it rests only as often as chance puts
it there (issue 29), and the rolled faces appear when the dice rest, at the round's reveal time
(:mod:`terminal.games.reveal`). Nothing here is random: the motion is a function of the roll and the
instant.

>>> plan = TumblePlan((4, 3), start=10.0)
>>> pose_at(plan, 10.0 + plan.duration_s).faces, pose_at(plan, 99.0).at_rest
((4, 3), True)
>>> parse_roll("6-1")
(6, 1)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from terminal.games.craps.game import REVEAL_S

Point = tuple[float, float]
REST: tuple[Point, Point] = ((0.42, 0.66), (0.64, 0.70))
THROW: tuple[Point, Point] = ((0.11, 0.72), (0.15, 0.58))  # inside the felt: a die never leaves the tray
BOUNCE = 0.10


class RollTextError(ValueError):
    """A roll that is not written ``a-b`` with two faces 1 to 6."""


_ROLL = re.compile(r"([1-6])-([1-6])(?: \((\d{1,2})\))?")


def parse_roll(text: str) -> tuple[int, int]:
    """``"4-3"`` → ``(4, 3)``; a ``Result``'s outcome carries the total too: ``"4-3 (7)"`` → ``(4, 3)``."""
    found = _ROLL.fullmatch(text.strip())
    if found is None or (found[3] is not None and int(found[3]) != int(found[1]) + int(found[2])):
        raise RollTextError(f"{text!r} is not a roll of two dice (like 4-3)")
    return int(found[1]), int(found[2])


@dataclass(frozen=True, slots=True)
class DicePose:
    """Both dice at one instant."""

    faces: tuple[int, int]
    positions: tuple[Point, Point]
    spin_deg: tuple[float, float]
    at_rest: bool


@dataclass(frozen=True, slots=True)
class TumblePlan:
    """One throw that ends on ``faces``; times in seconds on the display's clock."""

    faces: tuple[int, int]
    start: float
    duration_s: float = REVEAL_S
    flip_s: float = 0.09

    def __post_init__(self) -> None:
        if not all(1 <= f <= 6 for f in self.faces):
            raise RollTextError(f"dice faces must be 1 to 6, got {self.faces}")


def tumbling_face(start: float, die: int, flip: int) -> int:
    """The face die ``die`` shows on its ``flip``-th flip of a throw that began at ``start``: a scramble of
    those three numbers alone (the roll is not among them).

    >>> [tumbling_face(10.0, 0, k) for k in range(8)] == [tumbling_face(10.0, 0, k) for k in range(8)]
    True
    >>> len({tumbling_face(10.0, 0, k) for k in range(60)})
    6
    """
    mixed = (round(start * 1000.0) * 7919 + die * 104729 + flip * 1299709) * 2654435761 % 2**32
    return (mixed >> 7) % 6 + 1


def _position(start: Point, rest: Point, u: float) -> Point:
    """From the throw to the rest point, bouncing with decaying height."""
    ease = 1.0 - (1.0 - u) ** 3
    x = start[0] + (rest[0] - start[0]) * ease
    y = start[1] + (rest[1] - start[1]) * ease
    bounce = BOUNCE * abs(math.sin(u * math.pi * 3.0)) * (1.0 - u) ** 2
    return x, y + bounce


def pose_at(plan: TumblePlan, t: float) -> DicePose:
    """The dice at ``t``: thrown at ``start``, at rest from ``start + duration_s``."""
    elapsed = t - plan.start
    if elapsed >= plan.duration_s - 1e-9:
        return DicePose(plan.faces, REST, (0.0, 12.0), True)
    u = max(elapsed, 0.0) / plan.duration_s
    flip = int(max(elapsed, 0.0) / plan.flip_s)
    faces = (tumbling_face(plan.start, 0, flip), tumbling_face(plan.start, 1, flip))
    spins = tuple(end + 900.0 * (1.0 - u) ** 2 * sign for end, sign in ((0.0, 1.0), (12.0, -1.0)))
    positions = (_position(THROW[0], REST[0], u), _position(THROW[1], REST[1], u))
    return DicePose(faces, positions, (spins[0], spins[1]), False)
