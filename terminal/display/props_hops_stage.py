"""Props & Hops on the table display: two dice shaken under a dome, coming to rest on the persisted shake.

The shaker is Sic Bo's (the same dome, the same tumble of faces from :mod:`terminal.display.dice_motion`)
with two dice. The dice tumble for :data:`SHAKE_S`, their faces a scramble of the shake's start time and
the flip's number, never of the roll (issue 29); at :data:`SETTLE_S`, the round's reveal time, they rest
on exactly the shake the table persisted and the board lights what it wins: its box of the hop grid, the
Hop groups holding that box, Field, 1-6 and Under, 3-4 and Over. Then the dome lifts. Pure: no pyglet.

>>> pose = pose_at("6-1", 10.0, None, 10.0 + SETTLE_S)
>>> pose.faces, pose.at_rest, pose.lit
((6, 1), True, ('box_1_6', 'hop_top', 'hop_center', 'one_six_and_under'))
>>> pose_at("6-1", 10.0, None, 10.5).lit, FACE.call("5-5 (10)")
((), ('display.call_props_hops_double', (('face', '5'),)))
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from terminal.display.dice_motion import parse_roll, tumbling_face
from terminal.display.stage_face import RGBA, Call, dice_face
from terminal.games.props_hops.game import REVEAL_S
from terminal.games.props_hops.rules import (
    DEFAULT_GRID,
    FIELD,
    HOPS,
    OVER,
    UNDER,
    HopGrid,
    entry_of,
    parse_grid,
)
from terminal.theme import looks

SHAKE_S = REVEAL_S
LIFT_S = 0.7
SETTLE_S = SHAKE_S
FLIP_S = 0.11
REST = ((-0.36, 0.0), (0.36, 0.0))  # the two dice on the plate, in plate radii
TOTALS = tuple(range(2, 13))
SPINS = (8.0, -14.0)
_GRID = parse_grid(DEFAULT_GRID)
LOW: RGBA = looks("display", "props_hops").rgba("low")
HIGH: RGBA = looks("display", "props_hops").rgba("high")
SEVEN: RGBA = looks("display", "props_hops").rgba("seven")


@dataclass(frozen=True, slots=True)
class ShakerPose:
    """The shaker at one instant: each die's face, place (plate radii) and turn; how far the dome has
    lifted (0 closed, 1 gone); the plate's sideways shake; the board's areas lit (at rest only)."""

    faces: tuple[int, int]
    places: tuple[tuple[float, float], ...]
    spins: tuple[float, float]
    lift: float
    shake: float
    at_rest: bool
    lit: tuple[str, ...]


def dice_of(outcome: str) -> tuple[int, int] | None:
    """``"4-3"`` (or ``"4-3 (7)"``) → (4, 3); anything else → None."""
    try:
        return parse_roll(outcome)
    except ValueError:
        return None


def winning_areas(dice: tuple[int, int], grid: HopGrid = _GRID) -> tuple[str, ...]:
    """The board's areas ``dice`` win on ``grid``: the grid's box, the Hop groups, Field, Under, Over."""
    a, b = sorted(dice)
    props = (*HOPS, FIELD, UNDER, OVER)
    return (f"box_{a}_{b}", *(p for p in props if entry_of(p, dice, grid) is not None))


def pose_at(outcome: str | None, start: float, last: str | None, t: float) -> ShakerPose:
    """The shaker at ``t`` for ``outcome`` arriving at ``start``; before any result, at rest on ``last``."""
    dice = dice_of(outcome) if outcome is not None else None
    if dice is None:
        shown = dice_of(last) if last is not None else None
        return ShakerPose(shown or (3, 4), REST, SPINS, 1.0, 0.0, True, ())
    u = t - start
    if u >= SETTLE_S:
        lift = min(1.0, (u - SETTLE_S) / LIFT_S)
        return ShakerPose(dice, REST, SPINS, lift, 0.0, True, winning_areas(dice))
    shaking = max(0.0, SHAKE_S - u)
    flip = int(max(u, 0.0) / FLIP_S)
    faces = (tumbling_face(start, 0, flip), tumbling_face(start, 1, flip))
    wobble = math.sin(u * 23.0) * min(1.0, shaking / 0.4)
    places = tuple(
        (x + 0.16 * wobble * math.cos(k * 2.1 + u * 17.0), y + 0.14 * wobble * math.sin(k * 1.7 + u * 19.0))
        for k, (x, y) in enumerate(REST)
    )
    spins = (SPINS[0] - 240.0 * shaking, SPINS[1] + 240.0 * shaking)
    return ShakerPose(faces, places, spins, 0.0, 0.05 * wobble, False, ())


Dice = tuple[int, int]


def _kind(dice: Dice) -> str:
    total = sum(dice)
    return "seven" if total == 7 else "low" if total < 7 else "high"


def _call(dice: Dice) -> Call:
    if dice[0] == dice[1]:
        return "display.call_props_hops_double", (("face", str(dice[0])),)
    return "display.call_props_hops", (("total", str(sum(dice))), ("dice", "-".join(map(str, sorted(dice)))))


def _total_colour(total: int) -> RGBA:
    return SEVEN if total == 7 else LOW if total < 7 else HIGH


FACE = dice_face(  # Props & Hops' face on the display
    dice_of,
    "a Props & Hops shake (two dice 1-6, as 4-3)",
    settle_s=SETTLE_S,
    pose=pose_at,
    totals=TOTALS,
    needed=36,
    call=_call,
    words=lambda dice: ("display.props_hops_words", (("dice", "·".join(map(str, dice))),)),
    colour=lambda dice: _total_colour(sum(dice)),
    hot_colour=_total_colour,
    tile_mark=lambda dice: f"display.props_hops_mark_{_kind(dice)}",  # L, H, 7: not colour alone
)
