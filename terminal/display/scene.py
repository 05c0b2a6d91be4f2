"""What the display draws at one instant: :func:`scene_at` turns the model and a time into a :class:`Scene`.

Pure: no pyglet, no clock. The result animation starts when the ``Result`` arrived and is computed from its
outcome (the wheel lands on the persisted pocket, the dice rest on the persisted roll). The betting
countdown runs from the last ``TableState``. Table tilts, out of service and a lost link become a banner.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.display import boards, dice_motion, field_motion, wheel_motion
from terminal.display.model import CrapsInfo, DisplayModel, HistoryItem, Winner
from terminal.games.wheels import DOUBLE_ZERO, WHEELS, is_red, parse_pocket

WINNERS_AFTER_S = 1.0  # after the ball lands / the dice rest
RESULT_HOLD_S = 9.0  # how long the outcome and winners stay after the ball lands
HOT_COLD = 4


@dataclass(frozen=True, slots=True)
class Banner:
    """A banner across the screen: ``kind`` is tilt, out_of_service or link_lost."""

    kind: str
    reason: str


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one frame shows."""

    game: str
    headline: str  # catalogue key
    round_id: int
    countdown: int | None  # whole seconds left in the betting window
    outcome: str | None  # the big number / total once the ball has landed or the dice rest
    outcome_detail: str  # "17" → "red", "4-3" → "4-3"
    wheel_order: tuple[int, ...]
    wheel: wheel_motion.WheelPose | None
    dice: dice_motion.DicePose | None
    field: field_motion.FieldPose | None
    touchdown_teams: tuple[tuple[str, str, bool], ...]
    touchdown_downs: tuple[int, ...]
    winners: tuple[Winner, ...] | None  # None: not shown now
    history: tuple[HistoryItem, ...]
    hot: tuple[str, ...]
    cold: tuple[str, ...]
    craps: CrapsInfo | None
    lucky: boards.LuckyProgress | None
    banner: Banner | None
    test: bool
    currency: str
    table: str = ""  # venue and table id, as the last TableState gave them


def colour_of(outcome: str) -> str:
    """``red``, ``black`` or ``green`` for a pocket; ``dice`` for a roll."""
    if "-" in outcome:
        return "dice"
    pocket = parse_pocket(outcome)
    if pocket in (0, DOUBLE_ZERO):
        return "green"
    return "red" if is_red(pocket) else "black"


def settle_time(model: DisplayModel) -> float:
    """Seconds from a result's arrival until the wheel's ball lands or the dice rest."""
    if model.game == "craps":
        return dice_motion.TumblePlan((1, 1), 0.0).duration_s
    return wheel_motion.SpinPlan((0,), 0, 0.0).land_s


def banner_of(model: DisplayModel) -> Banner | None:
    """Link lost first (nothing else is current then), then table tilts; seat tilts stay on their seats."""
    if not model.linked:
        return Banner("link_lost", model.link_reason)
    for reason, text in model.tilts:
        if text.startswith("table"):
            kind = "out_of_service" if reason == "service_mode" else "tilt"
            return Banner(kind, text.split(":", 1)[-1].strip() or reason)
    return None


def scene_at(model: DisplayModel, t: float, history_length: int) -> Scene:
    """The frame at ``t`` (seconds on the display's clock)."""
    order = WHEELS[model.wheel].order
    result = model.result
    since = t - result.at if result is not None else None
    settled = since is not None and since >= settle_time(model)
    showing = since is not None and since < settle_time(model) + RESULT_HOLD_S
    left = model.countdown_ms / 1000 - (t - model.state_at)
    countdown = int(left + 0.999) if model.phase == "open" and left > 0 else None
    if showing:
        headline = "no_more_bets" if not settled else "winning_number" if model.game != "craps" else "roll"
    elif countdown is not None:
        headline = "place_bets"
    elif model.phase == "open":
        headline = "no_more_bets"
    else:
        headline = "welcome" if result is None else "winning_number" if model.game != "craps" else "roll"
    shown_outcome = result.outcome if result is not None and (settled or not showing) else None
    history = model.history[:history_length]
    outcomes = tuple(h.outcome for h in model.history if not h.void)
    winners = None
    if result is not None and showing and since is not None and since >= settle_time(model) + WINNERS_AFTER_S:
        winners = result.winners
    return Scene(
        game=model.game,
        headline=headline,
        round_id=model.round_id,
        countdown=countdown,
        outcome=_big(shown_outcome),
        outcome_detail=colour_of(shown_outcome) if shown_outcome else "",
        wheel_order=order,
        wheel=_wheel(model, order, t) if model.game != "craps" else None,
        dice=_dice(model, t) if model.game == "craps" else None,
        field=_field(model, t),
        touchdown_teams=model.touchdown.teams if model.touchdown else (),
        touchdown_downs=model.touchdown.downs if model.touchdown else (),
        winners=winners,
        history=history,
        hot=_hot_cold(model, outcomes)[0],
        cold=_hot_cold(model, outcomes)[1],
        craps=model.craps,
        lucky=boards.lucky_shooter(outcomes) if model.game == "craps" else None,
        banner=banner_of(model),
        test=model.test_mode,
        currency=model.currency,
        table=model.table,
    )


def _big(outcome: str | None) -> str | None:
    if outcome is None:
        return None
    return boards.dice_total(outcome) if "-" in outcome else outcome


def _hot_cold(model: DisplayModel, outcomes: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if model.game == "craps":
        totals = tuple(boards.dice_total(o) for o in outcomes)
        return boards.hot_cold(totals, boards.craps_universe(), HOT_COLD)
    universe = boards.roulette_universe(WHEELS[model.wheel].order)
    return boards.hot_cold(outcomes, universe, HOT_COLD)


def _wheel(model: DisplayModel, order: tuple[int, ...], t: float) -> wheel_motion.WheelPose:
    result = model.result
    if result is None or "-" in result.outcome:
        return wheel_motion.rest_pose(order, order[0])
    pocket = parse_pocket(result.outcome)
    return wheel_motion.pose_at(wheel_motion.SpinPlan(order, pocket, result.at), t)


def _dice(model: DisplayModel, t: float) -> dice_motion.DicePose:
    result = model.result
    roll = result.outcome if result is not None and "-" in result.outcome else None
    if roll is None:
        last = model.craps.last_roll if model.craps is not None else ""
        return dice_motion.pose_at(dice_motion.TumblePlan(dice_motion.parse_roll(last or "3-4"), -1e9), t)
    start = result.at if result is not None else t
    return dice_motion.pose_at(dice_motion.TumblePlan(dice_motion.parse_roll(roll), start), t)


def _field(model: DisplayModel, t: float) -> field_motion.FieldPose | None:
    td = model.touchdown
    if td is None or model.game == "craps":
        return None
    start = td.at
    if model.result is not None and abs(td.at - model.result.at) < 2.0:
        start = max(td.at, model.result.at + settle_time(model))  # the ball moves once the wheel has landed
    return field_motion.pose_at(field_motion.DrivePlan(td.gains if td.phase == "game" else (), start), t)
