"""The roulette wheel and ball as functions of time, computed FROM the persisted outcome.

Angles are degrees, counter-clockwise, 0 pointing right (screen maths). The wheel face carries its
pockets clockwise in the configured order; with the wheel at angle 0 the first pocket of the order sits at
the top (90°). The wheel turns counter-clockwise and slows to a stop with the outcome's pocket at the top;
the ball runs clockwise round the ball track, slows and drifts to the track's inner edge, then falls
across the number ring into that pocket in ``fall_s`` (a fraction of a second, as a real ball drops),
lands at ``land_s`` and rides with the wheel. It is never seen resting or rolling over the numbers. The
animation is chosen from the outcome, never the other way round.

>>> from terminal.games.roulette.wheels import WHEELS
>>> order = WHEELS["single_zero"].order
>>> plan = SpinPlan(order, 17, start=100.0)
>>> end = pose_at(plan, 100.0 + plan.stop_s)
>>> pocket_under(order, end.wheel_deg, end.ball_deg), end.landed, round(end.wheel_deg % 360, 6)
(17, True, 77.837838)
"""

from __future__ import annotations

from dataclasses import dataclass

# The wheel's rings as fractions of its radius (the wheel view draws them; the ball moves between them).
TRACK_OUTER, TRACK_INNER = 0.93, 0.80  # the ball track, between the wooden rim and the number ring
NUMBERS_INNER = 0.665  # the number ring lies between TRACK_INNER and this
POCKETS_INNER = 0.54  # the pockets lie between NUMBERS_INNER and this
BALL_SIZE = 0.032  # the ball's radius
BALL_LINE = 0.865  # where the ball runs while it is fast
BALL_SEAT = 0.60  # the ball's centre in its pocket
ON_TRACK = 0.5  # a pose's ball_radius from here to 1.0: in the track; below: falling into the pocket


def ball_ring(ball_radius: float) -> float:
    """The ball's distance from the centre, as a fraction of the wheel's radius, for a pose's
    ``ball_radius`` (1.0 on its running line, ``ON_TRACK`` at the track's inner edge, 0.0 seated).

    >>> ball_ring(1.0), ball_ring(ON_TRACK), ball_ring(0.0)
    (0.865, 0.832, 0.6)
    """
    edge = TRACK_INNER + BALL_SIZE
    if ball_radius >= ON_TRACK:
        return round(edge + (BALL_LINE - edge) * (ball_radius - ON_TRACK) / (1.0 - ON_TRACK), 9)
    return round(BALL_SEAT + (edge - BALL_SEAT) * ball_radius / ON_TRACK, 9)


@dataclass(frozen=True, slots=True)
class WheelPose:
    """Where the wheel and ball are at one instant."""

    wheel_deg: float
    ball_deg: float
    ball_radius: float  # 1.0 on the track's running line .. ON_TRACK its inner edge .. 0.0 seated
    landed: bool
    at_rest: bool


@dataclass(frozen=True, slots=True)
class SpinPlan:
    """One spin that ends on ``pocket``; times are seconds on the display's clock."""

    order: tuple[int, ...]
    pocket: int
    start: float
    land_s: float = 6.5
    stop_s: float = 9.0
    wheel_turns: float = 1.25
    ball_turns: float = 6.0
    drop_s: float = 1.6  # the last seconds before landing, in which the ball leaves its line
    fall_s: float = 0.18  # the last of those, in which it falls from the track into the pocket

    def __post_init__(self) -> None:
        if self.pocket not in self.order:
            raise ValueError(f"pocket {self.pocket} is not on a wheel of {len(self.order)} pockets")
        if not 0 < self.fall_s < self.drop_s <= self.land_s <= self.stop_s:
            times = f"{self.fall_s}, {self.drop_s}, {self.land_s}, {self.stop_s}"
            raise ValueError(f"need 0 < fall_s < drop_s <= land_s <= stop_s, got {times}")


def pocket_step(order: tuple[int, ...]) -> float:
    """Degrees of one pocket."""
    return 360.0 / len(order)


def face_angle(order: tuple[int, ...], pocket: int) -> float:
    """Angle of ``pocket``'s centre on the wheel face (wheel at 0)."""
    return 90.0 - order.index(pocket) * pocket_step(order)


def rest_angle(order: tuple[int, ...], pocket: int) -> float:
    """The wheel angle, in [0, 360), that puts ``pocket`` at the top."""
    return (order.index(pocket) * pocket_step(order)) % 360.0


def pocket_under(order: tuple[int, ...], wheel_deg: float, ball_deg: float) -> int:
    """The pocket whose sector holds the ball's angle."""
    on_face = (ball_deg - wheel_deg) % 360.0
    index = round((90.0 - on_face) / pocket_step(order)) % len(order)
    return order[index]


def rest_pose(order: tuple[int, ...], pocket: int) -> WheelPose:
    """The wheel stopped with ``pocket`` at the top and the ball in it."""
    wheel = rest_angle(order, pocket)
    return WheelPose(wheel, wheel + face_angle(order, pocket), 0.0, True, True)


def _ease(elapsed: float, total: float) -> float:
    """Remaining fraction of a constant deceleration: 1 at the start, 0 (and flat) at ``total``."""
    u = min(max(elapsed / total, 0.0), 1.0)
    return (1.0 - u) ** 2


def wheel_angle(plan: SpinPlan, t: float) -> float:
    """The wheel's angle at ``t``: it slows to its rest angle at ``start + stop_s``."""
    final = rest_angle(plan.order, plan.pocket) + 360.0 * round(plan.wheel_turns + 0.5)
    return final - 360.0 * plan.wheel_turns * _ease(t - plan.start, plan.stop_s)


def pose_at(plan: SpinPlan, t: float) -> WheelPose:
    """Wheel and ball at ``t`` (before the start: at the start)."""
    wheel = wheel_angle(plan, t)
    seated = wheel + face_angle(plan.order, plan.pocket)
    elapsed = t - plan.start
    if elapsed >= plan.land_s:
        return WheelPose(wheel, seated, 0.0, True, elapsed >= plan.stop_s)
    land = wheel_angle(plan, plan.start + plan.land_s) + face_angle(plan.order, plan.pocket)
    ball = land + 360.0 * plan.ball_turns * _ease(elapsed, plan.land_s)
    return WheelPose(wheel, ball, _ball_radius(plan, plan.land_s - max(elapsed, 0.0)), False, False)


def _ball_radius(plan: SpinPlan, to_land: float) -> float:
    """In the track until ``fall_s`` before landing (drifting to its inner edge), then falling."""
    if to_land <= plan.fall_s:
        return ON_TRACK * to_land / plan.fall_s
    if to_land < plan.drop_s:
        return ON_TRACK + (1.0 - ON_TRACK) * (to_land - plan.fall_s) / (plan.drop_s - plan.fall_s)
    return 1.0
