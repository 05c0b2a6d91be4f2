"""Crapless Craps on the table display: the craps dice tumbling across the felt, and the crapless puck.

The motion is the craps one (:mod:`terminal.display.dice_motion`: each tumbling face a scramble of the
throw's start and the flip, never of the roll; the dice rest on the persisted roll at the round's reveal
time, :data:`SETTLE_S`). What differs from craps is the table the view draws around the dice (ten point
boxes, 2 to 12, the Fire Bet's ten points, the Hard Rock'n Dice marks), read from the game's own view
record (:class:`~terminal.games.crapless.engine.CraplessView`) as the boards held it before the roll.
Pure: no pyglet.

>>> pose = pose_at("4-3", 10.0, None, 10.0 + SETTLE_S)
>>> pose.faces, pose.at_rest, FACE.call("6-6 (12)"), FACE.call("4-3")
((4, 3), True, ('display.call_crapless', (('total', '12'),)), ('display.call_crapless_seven', ()))
"""

from __future__ import annotations

from terminal.display.dice_motion import DicePose, RollTextError, TumblePlan, parse_roll
from terminal.display.dice_motion import pose_at as tumble_at
from terminal.display.stage_face import RGBA, Call, dice_face
from terminal.games.crapless.game import REVEAL_S
from terminal.theme import looks

SETTLE_S = REVEAL_S
TOTALS = tuple(range(2, 13))
_LOOKS = looks("display", "props_hops")  # the two-dice colours: low, high, seven
LOW: RGBA = _LOOKS.rgba("low")
HIGH: RGBA = _LOOKS.rgba("high")
SEVEN: RGBA = _LOOKS.rgba("seven")


def dice_of(outcome: str) -> tuple[int, int] | None:
    """``"4-3"`` (or ``"4-3 (7)"``) → (4, 3); anything else → None."""
    try:
        return parse_roll(outcome)
    except RollTextError:
        return None


def pose_at(outcome: str | None, start: float, last: str | None, t: float) -> DicePose:
    """The dice at ``t`` for ``outcome`` thrown at ``start``; before any result, at rest on ``last``."""
    dice = dice_of(outcome) if outcome is not None else None
    if dice is None:
        shown = dice_of(last) if last is not None else None
        return tumble_at(TumblePlan(shown or (3, 4), -1e9, SETTLE_S), t)
    return tumble_at(TumblePlan(dice, start, SETTLE_S), t)


def _call(dice: tuple[int, int]) -> Call:
    total = sum(dice)
    return (
        ("display.call_crapless_seven", ())
        if total == 7
        else ("display.call_crapless", (("total", str(total)),))
    )


def _colour(total: int) -> RGBA:
    return SEVEN if total == 7 else LOW if total < 7 else HIGH


FACE = dice_face(  # Crapless Craps' face on the display
    dice_of,
    "a crapless roll (two dice 1-6, as 4-3)",
    settle_s=SETTLE_S,
    pose=pose_at,
    totals=TOTALS,
    needed=36,
    call=_call,
    words=lambda dice: ("display.crapless_words", (("dice", "·".join(map(str, dice))),)),
    colour=lambda dice: _colour(sum(dice)),
    hot_colour=_colour,
    tile_mark=lambda dice: f"display.crapless_mark_{_kind(sum(dice))}",  # L, H, 7: not colour alone
)


def _kind(total: int) -> str:
    return "seven" if total == 7 else "low" if total < 7 else "high"
