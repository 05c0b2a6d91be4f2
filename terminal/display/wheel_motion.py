"""The roulette wheel and ball as functions of time, computed FROM the persisted outcome.

Angles are degrees, counter-clockwise, 0 pointing right (screen maths). The wheel face carries its
pockets clockwise in the configured order; with the wheel at angle 0 the first pocket of the order sits at
the top (90°). The wheel turns counter-clockwise and slows to a stop with the outcome's pocket at the top;
the ball runs clockwise round the ball track, slows and drifts to the track's inner edge, then falls
across the number ring into that pocket in ``fall_s`` (a fraction of a second, as a real ball drops),
lands at ``land_s`` and rides with the wheel. It is never seen resting or rolling over the numbers. The
animation is chosen from the outcome, never the other way round.

Nothing before the landing says the outcome (issue 29): the ball's place on the wheel's face follows a path
that does not depend on the outcome (its start is scrambled from the spin's start time) until
its last half turn; only then does it close on the outcome's pocket, and it is still running when it
drops in (at least half a pocket a frame at 60 frames a second), so it is over the outcome's pocket for
less than one frame before ``land_s``, the round's reveal time (:mod:`terminal.games.reveal`).

>>> from terminal.games.roulette.wheels import WHEELS
>>> order = WHEELS["single_zero"].order
>>> plan = SpinPlan(order, 17, start=100.0)
>>> end = pose_at(plan, 100.0 + plan.stop_s)
>>> pocket_under(order, end.wheel_deg, end.ball_deg), end.landed, round(end.wheel_deg % 360, 6)
(17, True, 77.837838)
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.roulette.game import REVEAL_S

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
    land_s: float = REVEAL_S
    stop_s: float = 9.0
    wheel_turns: float = 1.25
    ball_turns: float = 15.0  # round the wheel's face, besides closing on the pocket
    still_running: float = 0.4  # the share of its run the ball keeps running at the end (it drops in moving)
    closing_deg: float = 180.0  # the last of its run in which the ball closes on the outcome's pocket
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


def _run(plan: SpinPlan, elapsed: float) -> float:
    """The share of the ball's run still ahead: 1 at the start, 0 at landing, slowing but never to a stop."""
    left = 1.0 - min(max(elapsed / plan.land_s, 0.0), 1.0)
    a = plan.still_running
    return (1.0 - a) * left**3 + a * left


def _closing(ahead: float, plan: SpinPlan) -> float:
    """How much of the gap between the ball's own path and the outcome's pocket is still open: 1 until the
    ball has ``closing_deg`` of its run left (its last half turn), then closing with the run, so that the
    ball is over the outcome's pocket only as it drops in (for every outcome alike, spread round the wheel
    as a random pocket would be)."""
    return min(1.0, ahead / plan.closing_deg)


def start_offset(start: float) -> float:
    """Where on the wheel's face the ball's own path starts: a scramble of the spin's start time, never of
    the outcome."""
    return (round(start * 1000.0) * 137.50776405) % 360.0


def pose_at(plan: SpinPlan, t: float) -> WheelPose:
    """Wheel and ball at ``t`` (before the start: at the start)."""
    wheel = wheel_angle(plan, t)
    pocket = face_angle(plan.order, plan.pocket)
    elapsed = t - plan.start
    if elapsed >= plan.land_s:
        return WheelPose(wheel, wheel + pocket, 0.0, True, elapsed >= plan.stop_s)
    gap = (start_offset(plan.start) - pocket) % 360.0  # from the outcome's pocket to the ball's own path
    ahead = 360.0 * plan.ball_turns * _run(plan, elapsed)
    on_face = pocket + ahead + gap * _closing(ahead, plan)
    radius = _ball_radius(plan, plan.land_s - max(elapsed, 0.0))
    return WheelPose(wheel, wheel + on_face, radius, False, False)


def _ball_radius(plan: SpinPlan, to_land: float) -> float:
    """In the track until ``fall_s`` before landing (drifting to its inner edge), then falling."""
    if to_land <= plan.fall_s:
        return ON_TRACK * to_land / plan.fall_s
    if to_land < plan.drop_s:
        return ON_TRACK + (1.0 - ON_TRACK) * (to_land - plan.fall_s) / (plan.drop_s - plan.fall_s)
    return 1.0
