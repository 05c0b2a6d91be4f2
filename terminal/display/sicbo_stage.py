"""Sic Bo on the table display: three dice shaken under a dome, coming to rest on the persisted roll.

The shaker shakes for :data:`SHAKE_S` with the dice tumbling under its glass dome, their faces a scramble
of the shake's start time and the flip's number, never of the roll (a die shows a face of the outcome
before it rests only as often as chance puts it there: issue 29); at :data:`SETTLE_S`, the round's reveal
time (:mod:`terminal.games.reveal`), the dice drop onto the plate on exactly the roll the table persisted
and the board lights the areas the roll wins: Small or Big (never on a triple), Any Triple, the total, each
face shown (One of a Kind). Then the dome lifts (:data:`LIFT_S`). Nothing is random: the pose is a function
of the roll and the instant. Pure: no pyglet.

>>> pose = pose_at("2-5-5", 10.0, None, 10.0 + SETTLE_S)
>>> pose.faces, pose.at_rest, pose.lit
((2, 5, 5), True, ('big', 'total_12', 'face_2', 'face_5'))
>>> pose_at("2-5-5", 10.0, None, 10.5).lit, FACE.call("6-6-6 (18)")
((), ('display.call_sicbo_triple', (('face', '6'),)))
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from terminal.display.dice_motion import tumbling_face
from terminal.display.stage_face import RGBA, Call, dice_face
from terminal.games.sicbo.game import REVEAL_S
from terminal.theme import looks

SHAKE_S = REVEAL_S  # the dice shake until the reveal, then rest on the roll
LIFT_S = 0.7  # after the reveal, the dome lifts off the dice
SETTLE_S = SHAKE_S
FLIP_S = 0.11
REST = ((-0.42, -0.2), (0.42, -0.2), (0.0, 0.38))  # the dice on the plate, in plate radii
TOTALS = tuple(range(3, 19))  # what the hot and cold board counts: 3 and 18 only come as triples
BIG: RGBA = looks("display", "sicbo").rgba("big")
SMALL: RGBA = looks("display", "sicbo").rgba("small")
TRIPLE: RGBA = looks("display", "sicbo").rgba("triple")
_ROLL = re.compile(r"([1-6])-([1-6])-([1-6])(?: \(\d{1,2}\))?")


@dataclass(frozen=True, slots=True)
class ShakerPose:
    """The shaker at one instant: each die's face, place (plate radii) and turn; how far the dome has
    lifted (0 closed, 1 gone); the plate's sideways shake (plate radii); the areas lit (at rest only)."""

    faces: tuple[int, int, int]
    places: tuple[tuple[float, float], ...]
    spins: tuple[float, float, float]
    lift: float
    shake: float
    at_rest: bool
    lit: tuple[str, ...]


def dice_of(outcome: str) -> tuple[int, int, int] | None:
    """``"2-5-5"`` (or a ``Result``'s ``"2-5-5 (12)"``) → (2, 5, 5); anything else → None."""
    found = _ROLL.fullmatch(outcome.strip())
    return None if found is None else (int(found[1]), int(found[2]), int(found[3]))


def winning_areas(dice: tuple[int, int, int]) -> tuple[str, ...]:
    """The areas of the display's board that ``dice`` win (GAMES.md §4: Small/Big lose on a triple)."""
    total, triple = sum(dice), dice[0] == dice[1] == dice[2]
    areas = ["any_triple"] if triple else ["small" if total <= 10 else "big"]
    areas.append(f"total_{total}")
    return (*areas, *(f"face_{n}" for n in sorted(set(dice))))


def pose_at(outcome: str | None, start: float, last: str | None, t: float) -> ShakerPose:
    """The shaker at ``t`` for ``outcome`` arriving at ``start``; before any result, at rest on ``last``."""
    dice = dice_of(outcome) if outcome is not None else None
    if dice is None:
        shown = dice_of(last) if last is not None else None
        return ShakerPose(shown or (1, 3, 5), REST, (8.0, -14.0, 22.0), 1.0, 0.0, True, ())
    u = t - start
    if u >= SETTLE_S:
        lift = min(1.0, (u - SETTLE_S) / LIFT_S)
        return ShakerPose(dice, REST, (8.0, -14.0, 22.0), lift, 0.0, True, winning_areas(dice))
    shaking = max(0.0, SHAKE_S - u)
    flip = int(max(u, 0.0) / FLIP_S)
    faces = tuple(tumbling_face(start, k, flip) for k in range(3))
    wobble = math.sin(u * 23.0) * min(1.0, shaking / 0.4)
    places = tuple(
        (x + 0.14 * wobble * math.cos(k * 2.1 + u * 17.0), y + 0.12 * wobble * math.sin(k * 1.7 + u * 19.0))
        for k, (x, y) in enumerate(REST)
    )
    spins = tuple(a + 240.0 * shaking * (1 if k % 2 else -1) for k, a in enumerate((8.0, -14.0, 22.0)))
    return ShakerPose((faces[0], faces[1], faces[2]), places, (spins[0], spins[1], spins[2]), 0.0,
                      0.05 * wobble, False, ())  # fmt: skip


def _size(dice: tuple[int, int, int]) -> str:
    total = sum(dice)
    return "triple" if dice[0] == dice[1] == dice[2] else "small" if total <= 10 else "big"


Dice = tuple[int, int, int]


def _call(dice: Dice) -> Call:
    if _size(dice) == "triple":
        return "display.call_sicbo_triple", (("face", str(dice[0])),)
    return "display.call_sicbo", (("total", str(sum(dice))), ("size", f"display.sicbo_{_size(dice)}"))


def _words(dice: Dice) -> Call:
    return "display.sicbo_words", (
        ("dice", "·".join(map(str, dice))),
        ("size", f"display.sicbo_{_size(dice)}"),
    )


def _colour(dice: Dice) -> RGBA:
    return {"big": BIG, "small": SMALL, "triple": TRIPLE}[_size(dice)]


def _total_colour(total: int) -> RGBA:
    return TRIPLE if total in (3, 18) else SMALL if total <= 10 else BIG


FACE = dice_face(  # Sic Bo's face on the display
    dice_of,
    "a Sic Bo roll (three dice 1-6, as 2-5-5)",
    settle_s=SETTLE_S,
    pose=pose_at,
    totals=TOTALS,
    needed=48,
    call=_call,
    words=_words,
    colour=_colour,
    hot_colour=_total_colour,
    tile_mark=lambda dice: f"display.sicbo_mark_{_size(dice)}",  # B, S, T: not colour alone
)
