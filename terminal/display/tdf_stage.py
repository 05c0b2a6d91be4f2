"""Three Dice Football on the table display: the field with the drive, and the down's three dice (two
green Offensive dice, one red Defensive die, § 661a.1) thrown onto it.

The dice tumble for :data:`SETTLE_S`, the round's reveal time, their faces a scramble of the throw's start
time and the flip's number, never of the throw (issue 29); at :data:`SETTLE_S` they rest on exactly the
throw the table persisted. The field is drawn from the game's view record, which the display holds as it
was before the result until the dice rest, so the ball moves only then. Pure: no pyglet.

>>> pose = pose_at("5-2-3", 10.0, None, 10.0 + SETTLE_S)
>>> pose.faces, pose.at_rest
((5, 2, 3), True)
>>> FACE.call("5-2-3"), FACE.big("1-1-6"), FACE.tile_mark("4-4-4") if FACE.tile_mark else None
(('display.call_tdf_gain', (('yards', '4'),)), '-4', 'display.tdf_mark_trips')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from terminal.display.dice_motion import tumbling_face
from terminal.display.stage_face import RGBA, Call, StageFace
from terminal.games.tdf.engine import TdfView
from terminal.games.tdf.game import REVEAL_S
from terminal.games.tdf.rules import result_of
from terminal.theme import looks

SETTLE_S = REVEAL_S  # the dice tumble until the reveal, then rest on the throw
FLIP_S = 0.11
REST = ((-1.15, 0.0), (0.0, 0.0), (1.25, 0.0))  # green, green, red: in dice widths from the centre
SPINS = (8.0, -12.0, 16.0)
_THROW = re.compile(r"([1-6])-([1-6])-([1-6])(?: \(\d{1,2}\))?")
_LOOKS = looks("display", "tdf")
KINDS = ("gain", "no_gain", "penalty", "turnover", "trips")
COLOURS: dict[str, RGBA] = {k: _LOOKS.rgba(k) for k in KINDS}
YARDS = tuple(range(-4, 12))  # O - D: what the hot and cold board counts


@dataclass(frozen=True, slots=True)
class ThrowPose:
    """The dice at one instant: each die's face, place (dice widths from the tray's centre, rolling in from
    the right) and turn; whether they rest on the throw."""

    faces: tuple[int, int, int]
    places: tuple[tuple[float, float], ...]
    spins: tuple[float, float, float]
    at_rest: bool


def dice_of(outcome: str) -> tuple[int, int, int] | None:
    """``"5-2-3"`` → (5, 2, 3); anything else → None."""
    found = _THROW.fullmatch(outcome.strip())
    return None if found is None else (int(found[1]), int(found[2]), int(found[3]))


def pose_at(outcome: str | None, start: float, last: str | None, t: float) -> ThrowPose:
    """The dice at ``t`` for ``outcome`` arriving at ``start``; before any result, at rest on ``last``."""
    dice = dice_of(outcome) if outcome is not None else None
    if dice is None:
        shown = dice_of(last) if last is not None else None
        return ThrowPose(shown or (3, 4, 2), REST, SPINS, True)
    u = t - start
    if u >= SETTLE_S - 1e-9:  # at the reveal instant (10.0 + 2.6 - 10.0 is a hair under 2.6)
        return ThrowPose(dice, REST, SPINS, True)
    left = max(0.0, SETTLE_S - u) / SETTLE_S  # 1 at the throw, 0 at rest
    flip = int(max(u, 0.0) / FLIP_S)
    faces = (tumbling_face(start, 0, flip), tumbling_face(start, 1, flip), tumbling_face(start, 2, flip))
    ease = left * left
    places = tuple(
        (x + 5.0 * ease + 0.2 * math.sin(u * 13.0 + k), y + 0.9 * abs(math.sin(u * 9.0 + k * 1.3)) * left)
        for k, (x, y) in enumerate(REST)
    )
    spins = (SPINS[0] - 720.0 * ease, SPINS[1] + 640.0 * ease, SPINS[2] - 800.0 * ease)
    return ThrowPose(faces, places, spins, False)


def _dice(outcome: str) -> tuple[int, int, int]:
    dice = dice_of(outcome)
    if dice is None:
        raise ValueError(f"{outcome!r} is not a Three Dice Football throw (green-green-red, as 5-2-3)")
    return dice


def kind_of(outcome: str) -> str:
    """``gain``, ``no_gain``, ``penalty``, ``turnover`` or ``trips``: what the down's dice did."""
    return result_of(_dice(outcome))[0]


def _yards(outcome: str) -> int:
    return result_of(_dice(outcome))[1]


def _call(outcome: str) -> Call:
    kind = kind_of(outcome)
    if kind == "trips":
        return "display.call_tdf_trips", (("face", str(_dice(outcome)[0])),)
    return f"display.call_tdf_{kind}", (("yards", str(_yards(outcome))),)


def _call_in(outcome: str, state: object) -> Call:
    """The headline once the throw rests, knowing the drive after it: the extra point roll is called as
    such, a touchdown as a touchdown; any other throw by what its dice did."""
    if isinstance(state, TdfView):
        if state.last_end == "extra_point" and state.play == 1:
            return "display.call_tdf_extra_point", (("ones", str(_dice(outcome).count(1))),)
        if state.last_end == "td" and (state.play == 1 or state.extra_point):
            return "display.call_tdf_touchdown", ()
    return _call(outcome)


def _words(outcome: str) -> Call:
    a, b, d = _dice(outcome)
    return "display.tdf_words", (("offense", str(a + b)), ("defense", str(d)))


FACE = StageFace(  # Three Dice Football's face on the display
    settle_s=SETTLE_S,
    pose=pose_at,
    board=lambda text: "-".join(map(str, _dice(text))) if dice_of(text) else text,
    accepts=lambda text: dice_of(text) is not None,
    call=_call,
    big=lambda outcome: f"{_yards(outcome):+d}" if _yards(outcome) else "0",
    words=_words,
    colour=lambda outcome: COLOURS[kind_of(outcome)],
    tile=lambda outcome: f"{_yards(outcome):+d}" if _yards(outcome) else "0",
    hot_key=lambda outcome: str(_yards(outcome)),
    universe=tuple(str(n) for n in YARDS),
    needed=48,
    hot_text=lambda key: f"{int(key):+d}" if int(key) else "0",
    hot_colour=lambda key: COLOURS["gain" if int(key) > 0 else "no_gain" if int(key) == 0 else "penalty"],
    labels=("display.tdf_throw", "display.tdf_last_throw"),
    tile_mark=lambda outcome: f"display.tdf_mark_{kind_of(outcome)}",  # the letter, not colour alone
    call_in=_call_in,
)
