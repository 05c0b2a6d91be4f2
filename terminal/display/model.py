"""The display's state: a frozen record updated by each protocol message, stamped with the display clock.

:func:`apply` is a pure reducer: ``apply(model, message, now) -> model``. It knows the controller's
pushes (``TableState``, ``Result``, ``Tilt``, ``GameView``, ``History``, ``Tally``) and the link's own events
(:class:`LinkUp`, :class:`LinkDown`). ``now`` is the display's clock in seconds: the
animations in :mod:`terminal.display.scene` are functions of it.

The table pushes ``Result``, then the ``GameView`` and ``History`` that already hold the outcome, all at
once, before the wheel has turned. So a ``Result`` keeps a copy of the boards as they were
(:class:`Boards`): the scene shows that copy until the ball lands or the dice rest, and the model keeps
the last Touchdown drive after its fourth down (the table's own view is idle again by then).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from terminal.display import dice_motion, field_motion
from terminal.display.stage_faces import face_of
from terminal.games.craps.engine import CrapsView
from terminal.games.reveal import reveal_seconds
from terminal.games.roulette.engine import B2BView, BlazingView, TouchdownView
from terminal.games.roulette.touchdown import DEFAULT_YARDS, DOWNS, yards_moved
from terminal.games.roulette.wheels import parse_pocket
from terminal.games.seam import UnknownGameError
from terminal.games.stat_boards import Window
from terminal.net import messages as m
from terminal.net.game_state import read_state
from terminal.net.win_tier import round_of

MAX_HISTORY = 100


@dataclass(frozen=True, slots=True)
class LinkUp:
    """The link to the controller came up (a pseudo-message from the display's link thread)."""


@dataclass(frozen=True, slots=True)
class LinkDown:
    """The link is lost: ``code`` is what the screen says (``connecting``, ``reconnecting``: see
    :data:`terminal.net.tilt_codes.LINK_CODES`); ``detail`` says why, for the log."""

    code: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Winner:
    """A seat's total paid (stakes included) on its winning wagers of one round."""

    seat: str
    paid: int
    won: int  # paid minus the stakes of those wagers
    tier: str = ""  # the seat's whole round's tier when it won (terminal.net.win_tier): win, big, huge


@dataclass(frozen=True, slots=True)
class ResultSeen:
    """A round's outcome as received, and when; ``before`` is what the boards showed until then."""

    round_id: int
    outcome: str
    at: float
    winners: tuple[Winner, ...]
    before: Boards
    last_winners: tuple[Winner, ...] | None = None  # the round before's winners (None: no round seen)


@dataclass(frozen=True, slots=True)
class HistoryItem:
    """One past result on the history board."""

    round_id: int
    outcome: str
    void: bool = False


@dataclass(frozen=True, slots=True)
class TouchdownInfo:
    """The Touchdown game as ``GameView.touchdown`` tells it, with when it changed. ``phase`` is the
    table's ``open`` or ``game``, or ``final``: the drive just finished on its fourth down."""

    phase: str
    downs: tuple[int, ...]
    gains: tuple[int, ...]
    ball: int
    teams: tuple[tuple[str, str, bool], ...]  # (seat, team, assigned)
    at: float
    round_id: int = 0  # the round whose result this view followed


@dataclass(frozen=True, slots=True)
class SidesInfo:
    """B2B's reader board and the last Blazing 7's bonus as ``GameView`` tells them: the previous valid
    spin (``""``: none yet), the odds the RNG drew with the last spin (0: none), the spin that started the
    last bonus and its three balls; ``b2b`` / ``blazing``: whether each wager is offered."""

    b2b: bool
    previous: str
    odds: int
    blazing: bool
    trigger: str
    balls: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Boards:
    """The boards that change with an outcome: held as they were while the wheel turns or the dice roll."""

    history: tuple[HistoryItem, ...] = ()
    touchdown: TouchdownInfo | None = None
    craps: CrapsView | None = None
    sides: SidesInfo | None = None
    tally: tuple[Window, ...] = ()  # the statistics' counts of the last 100 and 500 results
    stage: object = None  # a game with a stage face: its view record (Three Dice Football's drive)


@dataclass(frozen=True, slots=True)
class DisplayModel:
    """Everything the display knows."""

    game: str = "roulette"
    wheel: str = "double_zero"
    round_id: int = 0
    phase: str = "open"
    countdown_ms: int = 0
    state_at: float = 0.0
    test_mode: bool = False
    demo: bool = False  # simulated devices: a demo table (every face shows DEMO)
    currency: str = "USD"
    table: str = ""  # venue and table id
    linked: bool = False
    link_code: str = "connecting"  # what the screen says while the link is down
    result: ResultSeen | None = None
    history: tuple[HistoryItem, ...] = ()
    tilts: tuple[tuple[str, str], ...] = ()  # (reason, public code) of each active table-wide tilt
    touchdown: TouchdownInfo | None = None
    craps: CrapsView | None = None
    sides: SidesInfo | None = None  # B2B and Blazing 7's, where either is offered
    state: object = None  # the game's own view record (read_state), as the last GameView gave it
    yards: tuple[int, ...] = DEFAULT_YARDS  # [touchdown] yards: the fourth down's move, which no view sends
    played_at: float | None = None  # the last round with wagers (or the first link-up): the attract's clock
    top_win: int = 0  # the biggest seat's payout (stakes included) this display has seen
    tally: tuple[Window, ...] = ()  # the statistics' counts (Tally): held like the history while in play
    stage: object = None  # a game with a stage face: its view record, as the last GameView gave it

    @property
    def boards(self) -> Boards:
        """The boards as they are now."""
        return Boards(self.history, self.touchdown, self.craps, self.sides, self.tally, self.stage)


def apply(model: DisplayModel, message: object, now: float) -> DisplayModel:
    """The model after ``message`` arrived at ``now``."""
    match message:
        case LinkUp():
            return replace(model, linked=True, played_at=now if model.played_at is None else model.played_at)
        case LinkDown(code=code):
            return replace(model, linked=False, link_code=code)
        case m.TableState():
            return _table_state(model, message, now)
        case m.Result():
            return _result(model, message, now)
        case m.Tilt(seat=None, reason=reason, active=active, code=code):  # a seat's own stay on its seat
            others = tuple(t for t in model.tilts if t[0] != reason)
            return replace(model, tilts=(*others, (reason, code)) if active else others)
        case m.History():
            return replace(model, history=_history(message))
        case m.Tally():
            return replace(model, tally=tally_of(message))
        case m.GameView():
            return _game_view(model, message, now)
    return model


def _table_state(model: DisplayModel, state: m.TableState, now: float) -> DisplayModel:
    return replace(
        model,
        game=state.game,
        wheel=state.variant if state.game == "roulette" else model.wheel,
        round_id=state.round_id,
        phase=state.phase,
        countdown_ms=state.countdown_ms,
        state_at=now,
        test_mode=state.test_mode,
        demo=state.devices == "simulated",
        currency=state.currency,
        table=f"{state.venue} · {state.table_id}",
    )


def winners_of(result: m.Result) -> tuple[Winner, ...]:
    """Each seat that won something this round, biggest win first."""
    paid: dict[str, int] = {}
    staked: dict[str, int] = {}
    for s in result.settlements:
        if s.result == "win":
            paid[s.seat] = paid.get(s.seat, 0) + s.paid
            staked[s.seat] = staked.get(s.seat, 0) + s.wagered
    rows = [Winner(seat, paid[seat], paid[seat] - staked[seat], _tier(result, seat)) for seat in paid]
    return tuple(sorted(rows, key=lambda w: (-w.won, w.seat)))


def _tier(result: m.Result, seat: str) -> str:
    """The tier of ``seat``'s whole round (all its wagers), "" unless the round won money."""
    mine = round_of(result.settlements, seat)
    return mine.tier if mine.won else ""


def _result(model: DisplayModel, result: m.Result, now: float) -> DisplayModel:
    if model.result is not None and model.result.round_id == result.round_id:
        return model  # the same result again (a resend after reconnecting): keep its animation's clock
    if result.settlements:  # a round with wagers: the table is played
        top = max((w.paid for w in winners_of(result)), default=0)
        model = replace(model, played_at=now, top_win=max(model.top_win, top))
    last = model.result.winners if model.result is not None else None
    seen = ResultSeen(result.round_id, result.outcome, _started(model, result, now), winners_of(result),
                      model.boards, last)  # fmt: skip
    history = model.history
    if not any(h.round_id == result.round_id for h in history):
        face = face_of(model.game)
        text = face.board(result.outcome) if face is not None else board_text(result.outcome)
        history = (HistoryItem(result.round_id, text), *history)[:MAX_HISTORY]
    phase = "shown" if result.round_id >= model.round_id else model.phase  # its window is over
    return replace(model, result=seen, history=history, phase=phase)


def _started(model: DisplayModel, result: m.Result, now: float) -> float:
    """When the spin or roll began on the display's clock: at ``now``, or earlier for a display that linked
    up while the round was in play (the ``Result`` then gives the reveal time left): it rests in step with
    the seats, at ``now + reveal_ms``."""
    if result.reveal_ms <= 0:
        return now
    try:
        full = reveal_seconds(model.game, result.outcome)
    except UnknownGameError:
        return now
    return now - max(0.0, full - result.reveal_ms / 1000)


def board_text(outcome: str) -> str:
    """A result as ``History`` writes it: a ``Result``'s roll ``"4-3 (7)"`` is ``"4-3"`` on the board."""
    try:
        first, second = dice_motion.parse_roll(outcome)
    except dice_motion.RollTextError:
        return outcome
    return f"{first}-{second}"


def tally_of(message: m.Tally) -> tuple[Window, ...]:
    """A ``Tally``'s windows as the statistics boards read them."""
    return tuple(Window(w.rounds, tuple((c.outcome, c.count) for c in w.counts)) for w in message.windows)


def _history(message: m.History) -> tuple[HistoryItem, ...]:
    items = (HistoryItem(int(e.round_id), str(e.outcome), bool(e.void)) for e in message.results)
    return tuple(items)[:MAX_HISTORY]


def _game_view(model: DisplayModel, view: m.GameView, now: float) -> DisplayModel:
    state = read_state(view)
    craps = state if isinstance(state, CrapsView) else None  # the game's own record, checked field by field
    touchdown = _touchdown(model, view, getattr(state, "touchdown", None), now)
    sides = sides_of(getattr(state, "b2b", None), getattr(state, "blazing7s", None))
    stage = state if face_of(str(view.game)) is not None else None  # what a registered stage may draw
    return replace(model, game=str(view.game), touchdown=touchdown, craps=craps, sides=sides, stage=stage)


def sides_of(b2b: object, blazing: object) -> SidesInfo | None:
    """The side boards of a roulette view (None: neither B2B nor Blazing 7's is offered)."""
    board = b2b if isinstance(b2b, B2BView) else None
    bonus = blazing if isinstance(blazing, BlazingView) else None
    if board is None and bonus is None:
        return None
    previous, odds = (str(board.previous), int(board.odds)) if board is not None else ("", 0)
    trigger, balls = (str(bonus.trigger), tuple(bonus.balls)) if bonus is not None else ("", ())
    return SidesInfo(board is not None, previous, odds, bonus is not None, trigger, balls)


def _touchdown(
    model: DisplayModel, view: m.GameView, td: TouchdownView | None, now: float
) -> TouchdownInfo | None:
    if td is None:
        return None
    teams = tuple((str(t.seat), str(t.team), bool(t.assigned)) for t in td.teams)
    gains = tuple(int(g) for g in td.gains)
    before = model.touchdown
    same = before is not None and before.gains == gains and before.phase == td.phase
    at = before.at if same and before is not None else now
    info = TouchdownInfo(str(td.phase), tuple(td.downs), gains, int(td.ball), teams, at, int(view.round_id))
    result = model.result
    last_down = (
        before is not None
        and before.phase == "game"
        and len(before.downs) == DOWNS - 1
        and td.phase == "open"
        and result is not None
        and result.round_id == view.round_id
    )
    if not last_down or before is None or result is None:
        return info
    pocket = parse_pocket(result.outcome)  # the fourth down: the table has settled the drive already
    gains = (*before.gains, yards_moved(model.yards, pocket))
    ball = field_motion.drive_positions(gains)[-1]
    return TouchdownInfo("final", (*before.downs, pocket), gains, ball, before.teams, now, int(view.round_id))
