"""What the display draws at one instant: :func:`scene_at` turns the model and a time into a :class:`Scene`.

Pure: no pyglet, no clock. Each instant is in exactly one :class:`Stage`, and the stage decides everything
the frame may show:

- ``betting``: the window is open and the table takes wagers (no tilt, the link up); the only stage with
  a countdown (the outcome panel shows the last result).
- ``closed``: no more bets, the outcome not known yet (the outcome panel is empty: a new round is in play).
- ``spinning``: the outcome is known but the ball or the dice are still moving: the boards (history,
  hot/cold, Touchdown, craps point, Fire, Bonus, Lucky Shooter) show what they showed before the result
  arrived, and nothing shows the outcome.
- ``result``: the ball has landed or the dice rest; the boards take the outcome, the headline calls it
  and the winners follow. It lasts at least :data:`RESULT_HOLD_S`, and until the next window opens (the
  table may open it the instant the result is sent: its countdown shows once the result has been seen).
- ``welcome``: nothing to tell yet.

Table tilts, out of service and a lost link become a banner.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from terminal.display import boards, bonus_motion, dice_motion, field_motion, wheel_motion
from terminal.display.model import Boards, DisplayModel, HistoryItem, TouchdownInfo, Winner
from terminal.display.stage_faces import face_of
from terminal.games.craps.engine import CrapsView
from terminal.games.roulette.wheels import DOUBLE_ZERO, WHEELS, is_red, parse_pocket
from terminal.games.stat_boards import Board, Panel, Seen, Window
from terminal.games.statistics import board_of

WINNERS_AFTER_S = 1.0  # after the ball lands / the dice rest
RESULT_HOLD_S = 8.0  # the least time the outcome holds the screen before the next window's look
HOT_COLD = 4
STATS_PAGE_S = 8.0  # each panel of the statistics board, in turn, while bets are taken


class Stage(enum.Enum):
    """The presentation's phase at one instant (see the module's docstring)."""

    WELCOME = "welcome"
    BETTING = "betting"
    CLOSED = "closed"
    SPINNING = "spinning"
    RESULT = "result"


@dataclass(frozen=True, slots=True)
class Banner:
    """What stops the table, over the game: ``kind`` is ``tilt`` (a band across the screen, the game
    behind it), ``out_of_service`` (a screen of its own) or ``link_lost``; ``code`` picks the players'
    message (``tilt.<code>`` in the catalogue), never the technician's text."""

    kind: str
    code: str


@dataclass(frozen=True, slots=True)
class TouchdownPanel:
    """The Touchdown panel: the table's game as the stage may show it, and the outcome that just landed
    (``landed``: ``0``/``00`` announces the kick-off)."""

    info: TouchdownInfo
    landed: str | None


@dataclass(frozen=True, slots=True)
class SidesPanel:
    """B2B's reader board (``b2b``: offered; the previous valid spin, ``""`` none yet; the odds drawn with
    the last spin, 0 none) and the Blazing 7's bonus of the result on screen: each ball's pocket shown
    now and whether it has landed (empty: no bonus this spin)."""

    b2b: bool
    previous: str
    odds: int
    bonus: tuple[tuple[str, bool], ...]


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one frame shows."""

    game: str
    stage: Stage
    headline: str  # catalogue key
    headline_args: tuple[tuple[str, str], ...]  # its named fields
    round_id: int
    countdown: int | None  # whole seconds left in the betting window
    outcome: str | None  # the big number / total: the result, then the last result while betting
    outcome_label: str  # catalogue key of the outcome panel's title
    outcome_detail: str  # "17" → "red", "4-3" → "dice"
    wheel_order: tuple[int, ...]
    wheel: wheel_motion.WheelPose | None
    dice: dice_motion.DicePose | None
    field: field_motion.FieldPose | None
    touchdown: TouchdownPanel | None  # None: no Touchdown at this table (single zero, not offered, craps)
    winners: tuple[Winner, ...] | None  # None: not shown now
    history: tuple[HistoryItem, ...]
    hot_cold: boards.HotCold
    craps: CrapsView | None
    lucky: boards.LuckyProgress | None
    banner: Banner | None
    test: bool
    currency: str
    table: str = ""  # venue and table id, as the last TableState gave them
    sides: SidesPanel | None = None  # B2B and Blazing 7's, where either is offered
    pose: object = None  # a registered game's stage at this instant (its face's pose), else None
    shown: str | None = None  # the outcome the outcome panel shows, as the table wrote it
    hot: boards.HotRollerBoard | None = None  # the table's Hot Roller board (craps)
    demo: bool = False  # a demo table (simulated devices): the DEMO badge beside the results
    in_play: str = ""  # catalogue key of the outcome panel's words while a round is in play ("Ball in play")
    last_winners: tuple[Winner, ...] | None = None  # the round before's winners, shown while one is in play
    top_win: int = 0  # the biggest payout this display has seen (the attract loop says it)
    stats: StatsShown | None = None  # the statistics board's panel shown in the winners' box while betting
    state: object = None  # a registered game's view record as the stage may show it (held until rest)


@dataclass(frozen=True, slots=True)
class StatsShown:
    """One panel of the game's statistics board (docs/statistics.md), ``page`` of ``pages``: the panels
    take turns in the winners' box while bets are taken (it has no winners to show then)."""

    panel: Panel
    page: int
    pages: int


def stats_at(model: DisplayModel, held: Boards, stage: Stage, t: float) -> StatsShown | None:
    """The statistics panel shown at ``t``: only while bets are taken (after the reveal, so the boards hold
    the last outcome), each panel for :data:`STATS_PAGE_S`; None where the game has no board."""
    if stage is not Stage.BETTING:
        return None
    recent = tuple(h.outcome for h in held.history if not h.void)
    board = _board(model.game, recent, held.tally, model.wheel, held.craps)
    if board is None or not board.panels:
        return None
    page = int(t // STATS_PAGE_S) % len(board.panels)
    return StatsShown(board.panels[page], page, len(board.panels))


@lru_cache(maxsize=16)  # asked at every frame; the boards change once a round
def _board(
    game: str, recent: tuple[str, ...], tally: tuple[Window, ...], wheel: str, view: object
) -> Board | None:
    return board_of(game, Seen(recent, tally, wheel, view))


#: What the outcome panel says while a round is in play, by game.
IN_PLAY = {"roulette": "display.in_play_ball", "craps": "display.in_play_dice",
           "sicbo": "display.in_play_shaker", "bigsix": "display.in_play_wheel",
           "tdf": "display.in_play_dice", "crapless": "display.in_play_dice"}  # fmt: skip


def in_play(model: DisplayModel, stage: Stage) -> tuple[str, tuple[Winner, ...] | None]:
    """While no more bets are taken or the ball runs: the outcome panel's words and the round before's
    winners (the previous result's while the window has closed; the one the new result followed while
    the ball runs); outside those stages nothing."""
    if stage is Stage.CLOSED:  # the round before's winners, where the display saw its result
        return IN_PLAY.get(model.game, ""), model.result.winners if model.result is not None else None
    if stage is Stage.SPINNING and model.result is not None:
        return IN_PLAY.get(model.game, ""), model.result.last_winners
    return "", None


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
    face = face_of(model.game)
    if face is not None:
        return face.settle_s
    if model.game == "craps":
        return dice_motion.TumblePlan((1, 1), 0.0).duration_s
    return wheel_motion.SpinPlan((0,), 0, 0.0).land_s


def banner_of(model: DisplayModel) -> Banner | None:
    """Link lost first (nothing else is current then), then out of service, then any other table tilt."""
    if not model.linked:
        return Banner("link_lost", model.link_code)
    codes = [code for _, code in model.tilts]
    if "out_of_service" in codes:  # a technician at work explains every other stop
        return Banner("out_of_service", "out_of_service")
    return Banner("tilt", codes[0]) if codes else None


def attract_banner(model: DisplayModel, t: float, attract_seconds: float) -> Banner | None:
    """The attract loop (a banner of kind ``attract``) once no round with wagers has been played for
    ``attract_seconds`` (0: never), between rounds, while nothing stops the table."""
    if not attract_seconds or model.played_at is None or t - model.played_at < attract_seconds:
        return None
    if banner_of(model) is not None or stage_at(model, t) in (Stage.SPINNING, Stage.RESULT):
        return None
    return Banner("attract", model.game)


def stage_at(model: DisplayModel, t: float) -> Stage:
    """The presentation's stage at ``t``."""
    result = model.result
    if result is not None:
        landed = result.at + settle_time(model)
        if t < landed:
            return Stage.SPINNING
        next_open = model.phase == "open" and model.round_id > result.round_id
        if t < landed + RESULT_HOLD_S or not next_open:
            return Stage.RESULT
    if model.phase == "open":
        stopped = bool(model.tilts) or not model.linked  # no wager is taken: no countdown to show
        return Stage.BETTING if _seconds_left(model, t) > 0 and not stopped else Stage.CLOSED
    if model.phase in ("locked", "drawn", "settled"):
        return Stage.CLOSED
    return Stage.WELCOME


def _seconds_left(model: DisplayModel, t: float) -> float:
    return model.countdown_ms / 1000 - (t - model.state_at)


def scene_at(model: DisplayModel, t: float, history_length: int, attract_seconds: float = 0.0) -> Scene:
    """The frame at ``t`` (seconds on the display's clock); ``attract_seconds``: ``[display]
    attract_seconds`` (0: no attract loop)."""
    scene = _scene(model, t, history_length)
    attract = attract_banner(model, t, attract_seconds)
    return replace(scene, banner=attract, top_win=model.top_win) if attract is not None else scene


def _scene(model: DisplayModel, t: float, history_length: int) -> Scene:
    if face_of(model.game) is not None:
        return _faced(model, t, history_length)
    order = WHEELS[model.wheel].order
    stage = stage_at(model, t)
    result = model.result if stage in (Stage.SPINNING, Stage.RESULT) else None
    landed = model.result is not None and t >= model.result.at + settle_time(model)
    held = model.result.before if stage is Stage.SPINNING and model.result is not None else model.boards
    history = _on_wheel(model, held.history)
    outcomes = tuple(h.outcome for h in history if not h.void)
    shown_outcome = _shown_outcome(model, stage, landed, history)
    headline, args = _headline(model, stage, held)
    winners = None
    if result is not None and stage is Stage.RESULT and t >= result.at + settle_time(model) + WINNERS_AFTER_S:
        winners = result.winners
    return Scene(
        game=model.game,
        stage=stage,
        headline=headline,
        headline_args=args,
        round_id=result.round_id if result is not None else model.round_id,
        countdown=int(_seconds_left(model, t) + 0.999) if stage is Stage.BETTING else None,
        outcome=_big(shown_outcome),
        outcome_label=_outcome_label(model.game, stage),
        outcome_detail=colour_of(shown_outcome) if shown_outcome else "",
        wheel_order=order,
        wheel=_wheel(model, order, t, stage) if model.game != "craps" else None,
        dice=_dice(model, t) if model.game == "craps" else None,
        field=_field(model, held.touchdown, t, stage is Stage.SPINNING),
        touchdown=_touchdown(model, held, stage),
        winners=winners,
        history=history[:history_length],
        hot_cold=_hot_cold(model, outcomes),
        craps=held.craps,
        lucky=boards.lucky_shooter(outcomes) if model.game == "craps" else None,
        hot=boards.hot_roller(outcomes) if model.game == "craps" else None,
        banner=banner_of(model),
        test=model.test_mode,
        demo=model.demo,
        currency=model.currency,
        table=model.table,
        sides=_sides(model, held, stage, order, t),
        in_play=in_play(model, stage)[0],
        last_winners=in_play(model, stage)[1],
        stats=stats_at(model, held, stage, t),
    )


def _sides(
    model: DisplayModel, held: Boards, stage: Stage, order: tuple[int, ...], t: float
) -> SidesPanel | None:
    """The reader board as the boards hold it; the bonus balls once the ball that started them landed."""
    info = held.sides
    if info is None or model.game == "craps":
        return None
    result = model.result
    bonus: tuple[tuple[str, bool], ...] = ()
    if stage is Stage.RESULT and result is not None and info.balls and info.trigger == result.outcome:
        bonus = bonus_motion.balls_at(order, info.balls, result.at + settle_time(model), t)
    return SidesPanel(info.b2b, info.previous, info.odds, bonus)


def _faced(model: DisplayModel, t: float, history_length: int) -> Scene:
    """The frame of a game that registered its face: its stage, and the boards as the face says."""
    face = face_of(model.game)
    assert face is not None
    stage = stage_at(model, t)
    result = model.result if stage in (Stage.SPINNING, Stage.RESULT) else None
    landed = model.result is not None and t >= model.result.at + face.settle_s
    held = model.result.before if stage is Stage.SPINNING and model.result is not None else model.boards
    history = tuple(h for h in held.history if face.accepts(h.outcome))
    shown = _shown_outcome(model, stage, landed, history)
    headline, args = _headline(model, stage, held) if stage is not Stage.RESULT else ("display.welcome", ())
    if stage is Stage.RESULT and model.result is not None:
        outcome, after = model.result.outcome, model.boards.stage  # the game's view record after the result
        headline, args = face.call(outcome) if face.call_in is None else face.call_in(outcome, after)
    winners = None
    if result is not None and stage is Stage.RESULT and t >= result.at + face.settle_s + WINNERS_AFTER_S:
        winners = result.winners
    before = model.result.before.history if model.result is not None else model.history
    last = next((h.outcome for h in before if face.accepts(h.outcome)), None)
    moving = model.result.outcome if model.result is not None else None
    keys = tuple(face.hot_key(h.outcome) for h in history if not h.void)
    return Scene(
        game=model.game, stage=stage, headline=headline, headline_args=args,
        round_id=result.round_id if result is not None else model.round_id,
        countdown=int(_seconds_left(model, t) + 0.999) if stage is Stage.BETTING else None,
        outcome=face.big(shown) if shown else None,
        outcome_label=face.labels[0 if stage is not Stage.BETTING else 1], outcome_detail="",
        wheel_order=(), wheel=None, dice=None, field=None, touchdown=None, winners=winners,
        history=history[:history_length],
        hot_cold=boards.hot_cold(keys, face.universe, face.hot_count, face.needed),
        craps=None, lucky=None, banner=banner_of(model), test=model.test_mode, currency=model.currency,
        table=model.table, pose=face.pose(moving, model.result.at if model.result else 0.0, last, t),
        shown=shown, demo=model.demo, in_play=in_play(model, stage)[0], last_winners=in_play(model, stage)[1],
        stats=stats_at(model, held, stage, t),
        state=held.stage,
    )  # fmt: skip


def _on_wheel(model: DisplayModel, history: tuple[HistoryItem, ...]) -> tuple[HistoryItem, ...]:
    """Only results this table can have: never a 00 on a single-zero wheel, nor a roll at roulette."""
    if model.game == "craps":
        return tuple(h for h in history if "-" in h.outcome)
    universe = _pockets(WHEELS[model.wheel].order)
    return tuple(h for h in history if h.outcome in universe)


@cache
def _pockets(order: tuple[int, ...]) -> frozenset[str]:
    """:func:`boards.roulette_universe` as a set (asked of every result in the history at every frame)."""
    return frozenset(boards.roulette_universe(order))


def _headline(model: DisplayModel, stage: Stage, held: Boards) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The one headline of ``stage``: in ``result`` it calls the outcome."""
    if stage is Stage.BETTING:
        return "display.place_bets", ()
    if stage in (Stage.CLOSED, Stage.SPINNING):
        return "display.no_more_bets", ()
    if stage is Stage.WELCOME or model.result is None:
        return "display.welcome", ()
    outcome = model.result.outcome
    if model.game == "craps":
        before = model.result.before.craps
        return boards.craps_call(outcome, before.point if before is not None else None)
    if model.wheel == "double_as_single" and parse_pocket(outcome) == DOUBLE_ZERO:
        return "display.void", ()
    return "display.call_pocket", (("number", outcome), ("colour", colour_of(outcome)))


def _shown_outcome(
    model: DisplayModel, stage: Stage, landed: bool, history: tuple[HistoryItem, ...]
) -> str | None:
    """The result once landed; while betting, the last result (from the history when none was seen)."""
    if stage is Stage.RESULT and landed and model.result is not None:
        return model.result.outcome
    if stage is not Stage.BETTING:
        return None
    if model.result is not None and landed:
        return model.result.outcome
    last = next((h.outcome for h in history if not h.void), None)
    return last


def _outcome_label(game: str, stage: Stage) -> str:
    """The outcome panel's title: the result just called, or the last one while the next window is open."""
    now = stage is not Stage.BETTING
    if game == "craps":
        return "display.roll" if now else "display.last_roll"
    return "display.winning_number" if now else "display.last_number"


def _touchdown(model: DisplayModel, held: Boards, stage: Stage) -> TouchdownPanel | None:
    """Touchdown is a double-zero wager (GAMES.md § 1.3): no panel on any other wheel or at craps."""
    if model.game == "craps" or model.wheel != "double_zero" or held.touchdown is None:
        return None
    landed = model.result.outcome if stage is Stage.RESULT and model.result is not None else None
    return TouchdownPanel(held.touchdown, landed)


def _big(outcome: str | None) -> str | None:
    if outcome is None:
        return None
    return boards.dice_total(outcome) if "-" in outcome else outcome


def _hot_cold(model: DisplayModel, outcomes: tuple[str, ...]) -> boards.HotCold:
    if model.game == "craps":
        totals = boards.dice_totals(outcomes)
        return boards.hot_cold(totals, boards.craps_universe(), HOT_COLD, boards.CRAPS_SPINS_NEEDED)
    universe = boards.roulette_universe(WHEELS[model.wheel].order)
    return boards.hot_cold(outcomes, universe, HOT_COLD, len(universe))


def _wheel(
    model: DisplayModel, order: tuple[int, ...], t: float, stage: Stage = Stage.RESULT
) -> wheel_motion.WheelPose:
    """The spin to the result; before any result (a display just started), at rest on the last one. Once
    the next round's bets are closed the last ball is out of its pocket, on the track at the top, waiting
    for its launch (no ring round the last pocket under "No more bets")."""
    result = model.result
    if result is None or "-" in result.outcome or stage is Stage.CLOSED:
        last = next((parse_pocket(h.outcome) for h in model.history if h.outcome in _texts(order)), order[0])
        rest = wheel_motion.rest_pose(order, last)
        if stage is Stage.CLOSED:  # the ball out of its pocket, on the track over it
            return wheel_motion.WheelPose(rest.wheel_deg, rest.ball_deg, 1.0, False, True)
        return rest
    pocket = parse_pocket(result.outcome)
    return wheel_motion.pose_at(wheel_motion.SpinPlan(order, pocket, result.at), t)


def _texts(order: tuple[int, ...]) -> tuple[str, ...]:
    return boards.roulette_universe(order)


def _dice(model: DisplayModel, t: float) -> dice_motion.DicePose:
    result = model.result
    roll = result.outcome if result is not None and "-" in result.outcome else None
    if roll is None:
        last = model.craps.last_roll if model.craps is not None else ""
        return dice_motion.pose_at(dice_motion.TumblePlan(dice_motion.parse_roll(last or "3-4"), -1e9), t)
    start = result.at if result is not None else t
    return dice_motion.pose_at(dice_motion.TumblePlan(dice_motion.parse_roll(roll), start), t)


def _field(
    model: DisplayModel, td: TouchdownInfo | None, t: float, held: bool
) -> field_motion.FieldPose | None:
    """The drive on the field. A down's move starts once the ball that made it has landed; while a spin
    holds the boards, the drive stands where it was."""
    if td is None or model.game == "craps":
        return None
    start = td.at
    result = model.result
    if held:
        start = -1e9
    elif result is not None and td.round_id == result.round_id:
        start = result.at + settle_time(model)
    gains = td.gains if td.phase in ("game", "final") else ()
    return field_motion.pose_at(field_motion.DrivePlan(gains, start), t)
