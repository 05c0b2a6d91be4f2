"""The Touchdown drive on the football field: positions down by down and the ball's move at an instant.

Yards are signed: positive toward the RED end zone, -50..50, 0 the 50 yard line (as in ``TouchdownView``).
The drive starts on the 50; each down adds its gain, stopping at a goal line. After the fourth down, or
when the ball reaches a goal line, the drive is over: a touchdown for the team whose end zone the ball
reached, otherwise a turnover with the team on the ball's side ahead (the ball on the 50 is a tie).

>>> drive_positions((15, 15, 5, -3))
(0, 15, 30, 35, 32)
>>> verdict((15, 15, 15, 15))
('touchdown', 'red')
>>> verdict((-3, 5))
('drive', '')
>>> yard_line(35), yard_line(-12), yard_line(0)
(15, 38, 50)
>>> mark_groups((15, 12, 12, 27))
((15, '1'), (12, '2·3'), (27, '4'))
>>> spread((100.0, 110.0, 300.0), (20.0, 20.0, 20.0), gap=4.0, lo=0.0, hi=1000.0)
(100.0, 124.0, 300.0)
"""

from __future__ import annotations

from dataclasses import dataclass

GOAL = 50
DOWNS = 4


def drive_positions(gains: tuple[int, ...]) -> tuple[int, ...]:
    """The ball before the first down and after each down, stopped at either goal line."""
    ball, out = 0, [0]
    for gain in gains:
        ball = max(-GOAL, min(GOAL, ball + gain))
        out.append(ball)
        if abs(ball) == GOAL:
            break
    return tuple(out)


def verdict(gains: tuple[int, ...]) -> tuple[str, str]:
    """``('drive', '')`` in progress, then ``('touchdown'|'turnover', team)`` or ``('tie', '')``."""
    ball = drive_positions(gains)[-1]
    if abs(ball) == GOAL:
        return "touchdown", "red" if ball > 0 else "black"
    if len(gains) < DOWNS:
        return "drive", ""
    if ball == 0:
        return "tie", ""
    return "turnover", "red" if ball > 0 else "black"


def yard_line(ball: int) -> int:
    """The yard line a spectator reads (50 in the middle, 0 at either goal line)."""
    return GOAL - abs(ball)


def mark_groups(marks: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
    """One drive-chart label per yard the ball stopped on: the downs that ended there, ``2·3``."""
    downs: dict[int, list[str]] = {}
    for k, yard in enumerate(marks):
        downs.setdefault(yard, []).append(str(k + 1))
    return tuple((yard, "·".join(names)) for yard, names in downs.items())


def spread(
    xs: tuple[float, ...], widths: tuple[float, ...], gap: float, lo: float, hi: float
) -> tuple[float, ...]:
    """Centres of labels (given in left-to-right order) moved apart just enough not to overlap, kept in
    ``lo``..``hi`` where there is room."""
    out = [min(max(x, lo + w / 2), hi - w / 2) for x, w in zip(xs, widths, strict=True)]
    for k in range(1, len(out)):
        out[k] = max(out[k], out[k - 1] + (widths[k - 1] + widths[k]) / 2 + gap)
    if out and out[-1] + widths[-1] / 2 > hi:
        out[-1] = hi - widths[-1] / 2
        for k in range(len(out) - 2, -1, -1):
            out[k] = min(out[k], out[k + 1] - (widths[k] + widths[k + 1]) / 2 - gap)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class FieldPose:
    """What the field shows at one instant."""

    ball: float  # signed yards, animated between downs
    downs_played: int
    marks: tuple[int, ...]  # ball after each down played, for the drive chart
    verdict: tuple[str, str]
    moving: bool


@dataclass(frozen=True, slots=True)
class DrivePlan:
    """The drive as last reported, animated from the position before the newest down."""

    gains: tuple[int, ...]
    start: float
    move_s: float = 1.4


def pose_at(plan: DrivePlan, t: float) -> FieldPose:
    """The field at ``t``: the ball slides from its last position to its new one over ``move_s``."""
    positions = drive_positions(plan.gains)
    before, after = (positions[-2], positions[-1]) if len(positions) > 1 else (0, 0)
    u = min(max((t - plan.start) / plan.move_s, 0.0), 1.0)
    eased = 1.0 - (1.0 - u) ** 2
    ball = before + (after - before) * eased
    moving = u < 1.0 and before != after
    shown = verdict(plan.gains) if not moving else ("drive", "")
    return FieldPose(ball, len(positions) - 1, positions[1:], shown, moving)
