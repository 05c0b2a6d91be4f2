"""High Roll Dice on the table display: ten dice (or six) thrown on the felt, and the throw box above them
with a box for each face (Ace, Six ... Two, § 675a.1(b)(4)) where the winning face's dice are set aside.

A throw's dice tumble for :data:`SETTLE_S`, their faces a scramble of the throw's start time, the die's
number and the flip's number, never of the throw (issue 29); at :data:`SETTLE_S`, the round's reveal time,
they rest on exactly the dice the table persisted, the winning face's box lights, and its dice slide up
into their box over :data:`MOVE_S`. The extra roll starts with the set-aside dice already in their box
(the first throw showed them) and throws only the others; at rest the re-thrown dice showing the winning
face join their box. Pure: no pyglet. Places are fractions of the stage (x right, y up).

>>> pose = pose_at("5-5-5-2-3-4-6-1-2-3", 10.0, None, 10.0 + SETTLE_S + 1.0)
>>> [d.face for d in pose.boxed], pose.lit, pose.at_rest
([5, 5, 5], ('box_5',), True)
>>> pose_at("5-5-5-2-3-4-6-1-2-3", 10.0, None, 10.5).lit, FACE.call("5x3:5-5-1-2-3-6-4")
((), ('display.call_high_roll_extra', (('count', '5'), ('face', '5'))))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from terminal.display.dice_motion import tumbling_face
from terminal.display.stage_face import RGBA, Call, StageFace
from terminal.games.high_roll.game import REVEAL_S
from terminal.games.high_roll.rules import RANKING, Throw
from terminal.theme import looks

SETTLE_S = REVEAL_S
MOVE_S = 0.6
FLIP_S = 0.11
BOXES: tuple[int, ...] = RANKING  # the throw box's boxes, left to right: Ace, Six, Five, Four, Three, Two
BOX_TOP, BOX_BOTTOM = 0.96, 0.66  # the throw box, in stage fractions
TRAY_TOP, TRAY_BOTTOM = 0.58, 0.04
_LOOKS = looks("display", "high_roll")
FIRST: RGBA = _LOOKS.rgba("first")
EXTRA: RGBA = _LOOKS.rgba("extra")
HOT: RGBA = _LOOKS.rgba("hot")


@dataclass(frozen=True, slots=True)
class Placed:
    """One die: its face, where it is (stage fractions) and its turn."""

    face: int
    x: float
    y: float
    spin: float = 0.0


@dataclass(frozen=True, slots=True)
class HighRollPose:
    """The stage at one instant: the dice on the felt, the dice in the throw box, the lit box."""

    tray: tuple[Placed, ...]
    boxed: tuple[Placed, ...]
    at_rest: bool
    lit: tuple[str, ...]


@lru_cache(maxsize=1024)
def throw_of(outcome: str) -> Throw | None:
    """The throw of a result's text, or None (a frozen record, parsed once: every frame asks for it)."""
    try:
        return Throw.parse(outcome)
    except ValueError:
        return None


def rest_place(k: int, n: int) -> tuple[float, float]:
    """Where die ``k`` of ``n`` rests on the felt: two rows of up to five."""
    per_row = 5 if n > 6 else 3 if n > 3 else max(n, 1)
    row, col = divmod(k, per_row)
    in_row = min(per_row, n - row * per_row)
    x = 0.5 + (col - (in_row - 1) / 2) * 0.17
    y = TRAY_TOP - 0.14 - row * 0.24
    return x, y


def box_place(face: int, k: int) -> tuple[float, float]:
    """Where the ``k``-th die set aside in ``face``'s box sits: two columns in the box, rows downwards."""
    column = BOXES.index(face)
    left = column / len(BOXES)
    x = left + (0.3 if k % 2 == 0 else 0.7) / len(BOXES)
    y = BOX_TOP - 0.04 - (k // 2) * 0.056
    return x, y


def _boxed(face: int, count: int) -> tuple[Placed, ...]:
    return tuple(Placed(face, *box_place(face, k)) for k in range(count))


def _resting(throw: Throw, moved: float) -> HighRollPose:
    """The throw at rest; its winning face's dice ``moved`` (0..1) of the way to their box."""
    face = throw.face
    start = throw.aside if throw.extra else 0
    boxed = list(_boxed(face, start)) if throw.extra else []
    tray: list[Placed] = []
    n, joined = len(throw.dice), start
    for k, d in enumerate(throw.dice):
        x, y = rest_place(k, n)
        if d != face:
            tray.append(Placed(d, x, y))
            continue
        bx, by = box_place(face, joined)
        joined += 1
        if moved >= 1.0:
            boxed.append(Placed(d, bx, by))
        else:
            tray.append(Placed(d, x + (bx - x) * moved, y + (by - y) * moved))
    return HighRollPose(tuple(tray), tuple(boxed), True, (f"box_{face}",))


def pose_at(outcome: str | None, start: float, last: str | None, t: float) -> HighRollPose:
    """The stage at ``t`` for ``outcome`` arriving at ``start``; before any result, at rest on ``last``."""
    throw = throw_of(outcome) if outcome is not None else None
    if throw is None:
        shown = throw_of(last) if last is not None else None
        if shown is None:
            return HighRollPose(tuple(Placed(1 + k % 6, *rest_place(k, 10)) for k in range(10)), (), True, ())
        return _resting(shown, 1.0)
    u = t - start
    if u >= SETTLE_S:
        return _resting(throw, min(1.0, (u - SETTLE_S) / MOVE_S))
    boxed = _boxed(throw.face_aside, throw.aside) if throw.extra else ()
    n = len(throw.dice)
    flip = int(max(u, 0.0) / FLIP_S)
    tumbling = max(0.0, SETTLE_S - u)
    tray = []
    for k in range(n):
        x, y = rest_place(k, n)
        wobble = math.sin(u * 21.0 + k * 1.3) * min(1.0, tumbling / 0.5)
        x += 0.05 * wobble * math.cos(k * 2.1 + u * 15.0)
        y += 0.04 * wobble * math.sin(k * 1.7 + u * 17.0)
        tray.append(Placed(tumbling_face(start, k, flip), x, y, 30.0 * k - 300.0 * tumbling))
    return HighRollPose(tuple(tray), boxed, False, ())


def _throw(outcome: str) -> Throw:
    throw = throw_of(outcome)
    if throw is None:
        raise ValueError(f"{outcome!r} is not a High Roll throw")
    return throw


def face_text(face: int) -> str:
    return "A" if face == 1 else str(face)


def _call(outcome: str) -> Call:
    throw = _throw(outcome)
    key = "display.call_high_roll_extra" if throw.extra else "display.call_high_roll"
    return key, (("count", str(throw.count)), ("face", face_text(throw.face)))


def _colour(outcome: str) -> RGBA:
    return EXTRA if _throw(outcome).extra else FIRST


FACE = StageFace(  # High Roll Dice's face on the display
    settle_s=SETTLE_S,
    pose=pose_at,
    board=lambda text: text.split(" ")[0],
    accepts=lambda text: throw_of(text) is not None,
    call=_call,
    big=lambda outcome: str(_throw(outcome).count),
    words=lambda outcome: ("display.high_roll_words", (("face", face_text(_throw(outcome).face)),)),
    colour=_colour,
    tile=lambda outcome: f"{_throw(outcome).count}×{face_text(_throw(outcome).face)}",
    hot_key=lambda outcome: face_text(_throw(outcome).face),
    universe=tuple(face_text(f) for f in BOXES),
    needed=30,
    hot_text=lambda key: key,
    hot_colour=lambda key: HOT,
    labels=("display.roll", "display.last_roll"),
    tile_mark=lambda outcome: (
        "display.high_roll_mark_extra" if _throw(outcome).extra else "display.high_roll_mark_first"
    ),
)
