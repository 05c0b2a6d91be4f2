"""What a seat knows, as one frozen value, and the pure reducer that folds each controller message into it.

``reduce(model, message, now)`` is the only way the model changes from the wire; the views read it
("attributes down"). ``now`` is the seat's monotonic clock, injected so tests and screenshots replay
exactly: countdowns, the credits counting up after a win and the notices' lifetimes all hang on it.

A ``Result`` with a reveal time (``reveal_ms``, :mod:`terminal.games.reveal`) is not shown when it arrives:
the model keeps it, and every message after it that carries the outcome (the seat's credits and wagers,
the game's state, the history, the recalled rounds, a hand-pay and its lock, a Touchdown prompt), in
:attr:`held`, and says only that a round is in play (:class:`Rolling`). At the reveal time
(:func:`release`, which :func:`reduce` and the control's tick call) they are folded in, in order, as if
they had arrived then: the outcome, the win, the history and the credits' count-up start at that instant.

>>> from terminal.net import messages as m
>>> model = reduce(SeatModel("seat-1"), LinkStatus(True, ""), 0.0)
>>> model.link
'up'
>>> model = reduce(model, m.Error("refused", "limit: the seat's wagers would pass the limit 250000", 7), 1.0)
>>> model.notice.key, model.notice.detail
('error.limit', "the seat's wagers would pass the limit 250000")
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from terminal.games.craps.engine import CrapsView
from terminal.games.roulette.engine import B2BView, BlazingView, TouchdownView
from terminal.net import messages as m
from terminal.net.game_state import read_state

COUNT_UP_SECONDS = 1.5  # credits count up to a win over this long
RESULT_HOLD_SECONDS = 8.0  # the result stays on screen this long into the next window (or until a chip)
NOTICE_SECONDS = 4.0
_ERROR_KEYS = ("limit", "credits", "locked", "tilt", "rules", "voucher", "money", "floor_offline",
               "voucher_forged", "over_limit", "sas_ticket_wait", "sas_ticket", "aft_lock")  # fmt: skip


@dataclass(frozen=True, slots=True)
class LinkStatus:
    """The link thread's report: the session is up, or it was lost (``detail`` says why)."""

    up: bool
    detail: str


@dataclass(frozen=True, slots=True)
class Notice:
    """A message to the player: a catalogue key, its arguments, and an untranslated detail if any."""

    key: str
    args: tuple[tuple[str, str], ...]
    detail: str
    since: float
    severity: str = "warn"  # "info" | "warn" | "alert"

    def kwargs(self) -> dict[str, str]:
        """The arguments for the catalogue template."""
        return dict(self.args)


@dataclass(frozen=True, slots=True)
class CountUp:
    """Credits on screen moving from ``start`` to ``end`` since ``since`` (after a win)."""

    start: int
    end: int
    since: float

    def at(self, now: float) -> int:
        """The amount shown at ``now``."""
        done = min(1.0, max(0.0, (now - self.since) / COUNT_UP_SECONDS))
        return self.start + int((self.end - self.start) * done)


@dataclass(frozen=True, slots=True)
class Rolling:
    """A round in play on the display: its ball, dice or wheel moving from ``since`` until ``until`` (the
    reveal time, on the seat's clock). Nothing of its outcome is here."""

    round_id: int
    since: float
    until: float

    def progress(self, now: float) -> float:
        """How far the motion is at ``now``, 0 to 1."""
        span = self.until - self.since
        return 1.0 if span <= 0 else min(1.0, max(0.0, (now - self.since) / span))


@dataclass(frozen=True, slots=True)
class Session:
    """Responsible gaming: when the player sat down and the money that moved since."""

    started: float | None = None
    first_credits: int | None = None
    money_in: int = 0
    money_out: int = 0
    last_reality_check: float | None = None
    time_limit: int = 0  # the player's own session time limit, minutes (0: none); terminal.seat.care
    loss_limit: int = 0  # the player's own loss limit, minor units (0: none)


@dataclass(frozen=True, slots=True)
class SeatModel:
    """Everything one seat screen shows, as received from the controller."""

    seat: str
    link: str = "connecting"  # "connecting" | "up" | "lost"
    link_detail: str = ""
    table: m.TableState | None = None
    table_at: float = 0.0
    me: m.SeatState | None = None
    offer: m.Offer | None = None
    game: m.GameView | None = None
    state: Any = None  # the game's view record, decoded from ``game``
    history: m.History | None = None
    rounds: m.SeatRounds | None = None
    result: m.Result | None = None
    result_at: float = 0.0
    count: CountUp | None = None
    prompt: m.TeamPrompt | None = None
    prompt_at: float = 0.0
    team: str | None = None
    tilts: tuple[tuple[str, str], ...] = ()  # (reason, public code) of every active tilt
    voucher: m.CashedOut | None = None
    handpay: int | None = None
    notice: Notice | None = None
    session: Session = Session()
    rolling: Rolling | None = None  # a round in play: its outcome is held until the reveal time
    held: tuple[object, ...] = ()  # the messages that carry that outcome, oldest first (never drawn)
    tower: m.Tower | None = None  # the tower light and alarm, as the simulated panel shows them
    tally: m.Tally | None = None  # the statistics' counts of the last 100 and 500 results

    # -- derived views ---------------------------------------------------------------------------------
    @property
    def craps(self) -> CrapsView | None:
        """The craps table's state (point, shooter, Fire and Bonus marks), at a craps table."""
        return self.state if isinstance(self.state, CrapsView) else None

    @property
    def point(self) -> int | None:
        """The point the puck marks (craps, crapless: the game's view record's ``point``), else None."""
        point = getattr(self.state, "point", None)
        return point if isinstance(point, int) and not isinstance(point, bool) else None

    @property
    def touchdown(self) -> TouchdownView | None:
        """The table's Touchdown game, at a roulette table that offers it."""
        state = getattr(self.state, "touchdown", None)
        return state if isinstance(state, TouchdownView) else None

    @property
    def b2b(self) -> B2BView | None:
        """The B2B reader board (the previous valid spin, the odds drawn last), where B2B is offered."""
        state = getattr(self.state, "b2b", None)
        return state if isinstance(state, B2BView) else None

    @property
    def blazing(self) -> BlazingView | None:
        """The last Blazing 7's bonus round (its trigger and three balls), where Blazing 7's is offered."""
        state = getattr(self.state, "blazing7s", None)
        return state if isinstance(state, BlazingView) else None

    def countdown_ms(self, now: float) -> int:
        """Milliseconds left in the betting window (0 when it is not open)."""
        if self.table is None or self.table.phase != "open":
            return 0
        return max(0, self.table.countdown_ms - int((now - self.table_at) * 1000))

    def credits_shown(self, now: float) -> int:
        """Credits on screen: counting up after a win, else the seat's credits."""
        if self.count is not None:
            return self.count.at(now)
        return self.me.credits if self.me is not None else 0

    @property
    def betting_open(self) -> bool:
        """Whether the window is open for this seat (link up, no tilt or lock); see :meth:`can_bet`."""
        return (
            self.link == "up"
            and self.table is not None
            and self.table.phase == "open"
            and (self.me is None or self.me.locked is None)
            and not self.tilts
        )

    def can_bet(self, now: float) -> bool:
        """Whether a chip may land at ``now``: the window is open and its countdown has not run out."""
        return self.betting_open and self.countdown_ms(now) > 0

    def showing_result(self, now: float) -> bool:
        """Whether the last result is still on screen."""
        return self.result is not None and now - self.result_at < RESULT_HOLD_SECONDS

    def winners(self) -> tuple[tuple[str, int], ...]:
        """(spot, paid) of this seat's winning wagers in the last result."""
        if self.result is None:
            return ()
        paid: dict[str, int] = {}  # chips placed apart on one spot settle apart: one highlight per spot
        for s in self.result.settlements:
            if s.seat == self.seat and s.paid > s.wagered:
                paid[s.spot] = paid.get(s.spot, 0) + s.paid
        return tuple(paid.items())

    def net_result(self) -> int:
        """Session net: what the player has now (credits, in play, cashed out) less what came in."""
        if self.me is None or self.session.first_credits is None:
            return 0
        have = self.me.credits + self.me.total_bet + self.session.money_out
        return have - self.session.first_credits - self.session.money_in

    def notice_at(self, now: float) -> Notice | None:
        """The notice still showing at ``now``."""
        if self.notice is None or now - self.notice.since > NOTICE_SECONDS:
            return None
        return self.notice


def notice(key: str, now: float, *, detail: str = "", severity: str = "warn", **args: str) -> Notice:
    """A notice for ``key`` shown from ``now``."""
    return Notice(key, tuple(sorted(args.items())), detail, now, severity)


def error_notice(error: m.Error, now: float) -> Notice:
    """A controller ``Error`` as a notice in the player's language (its code mapped, its detail shown)."""
    code, sep, detail = error.message.partition(": ")
    if not sep:
        code, detail = error.code, error.message
    key = f"error.{code}" if code in _ERROR_KEYS else "error.other"
    return notice(key, now, detail=detail, severity="alert" if code == "tilt" else "warn")


def reduce(model: SeatModel, message: object, now: float) -> SeatModel:
    """Fold one controller message (or a :class:`LinkStatus`) into the model (after any reveal come due)."""
    model = release(model, now)
    if model.rolling is not None:
        return _while_rolling(model, message, now)
    if isinstance(message, m.Result) and message.reveal_ms > 0:
        return _roll(model, message, now)
    return _fold(model, message, now)


def release(model: SeatModel, now: float, *, force: bool = False) -> SeatModel:
    """The model once the reveal time has come (or at once with ``force``): every held message folded in,
    in order, at the reveal instant."""
    rolling = model.rolling
    if rolling is None or (now < rolling.until and not force):
        return model
    at = min(now, rolling.until)
    shown = replace(model, rolling=None, held=())
    for message in model.held:
        if isinstance(message, m.TeamPrompt):  # its countdown ran at the table since the result came
            waited = int((at - rolling.since) * 1000)
            message = replace(message, countdown_ms=max(0, message.countdown_ms - waited))
        shown = _fold(shown, message, at)
    return shown


# What a seat holds back while a round is in play: everything that carries its outcome.
_HELD_FOR_ALL = (m.GameView, m.History, m.Tally)
_HELD_FOR_ME = (m.SeatState, m.SeatRounds, m.HandPay, m.TeamPrompt)


def _roll(model: SeatModel, result: m.Result, now: float) -> SeatModel:
    """A result with a reveal time: its round is in play until then, and the seat shows nothing of it."""
    table = model.table
    if table is not None and table.round_id == result.round_id and table.phase == "open":
        table = replace(table, phase="shown", countdown_ms=0)
    stale = model.notice is not None and model.notice.severity == "warn"
    rolling = Rolling(result.round_id, now, now + result.reveal_ms / 1000)
    return replace(model, table=table, result=None, count=None, rolling=rolling, held=(result,),
                   notice=None if stale else model.notice)  # fmt: skip


def _while_rolling(model: SeatModel, message: object, now: float) -> SeatModel:
    """A message during a round in play: held if it carries the outcome; a later round's window or result
    ends the wait at once (the table has moved on)."""
    rolling = model.rolling
    assert rolling is not None
    match message:
        case m.Result(round_id=round_id) if round_id == rolling.round_id:
            return model  # the same result again (a resend after reconnecting): keep its clock
        case m.Result():
            return reduce(release(model, now, force=True), message, now)
        case m.TableState(phase="open", round_id=round_id) if round_id > rolling.round_id:
            return _fold(release(model, now, force=True), message, now)
        case m.BuyIn() if message.seat == model.seat and model.me is not None:
            me = replace(model.me, credits=model.me.credits + message.amount)  # the bill shows at once
            return replace(_fold(model, message, now), me=me)
    if isinstance(message, m.Tilt) and message.reason == "handpay":  # a hand-pay would tell a big win
        return replace(model, held=(*model.held, message))
    mine = getattr(message, "seat", model.seat) == model.seat
    if isinstance(message, _HELD_FOR_ALL) or (isinstance(message, _HELD_FOR_ME) and mine):
        return replace(model, held=(*model.held, message))
    return _fold(model, message, now)


def _fold(model: SeatModel, message: object, now: float) -> SeatModel:
    """Fold one message into the model as it is shown now."""
    match message:
        case LinkStatus(up=True):
            return replace(model, link="up", link_detail="")
        case LinkStatus(up=False, detail=detail):
            return replace(model, link="lost", link_detail=detail)
        case m.TableState():
            return _table_state(model, message, now)
        case m.SeatState() if message.seat == model.seat:
            return _seat_state(model, message, now)
        case m.Result():
            return _result(model, message, now)
        case m.TeamPrompt() if message.seat == model.seat:
            return replace(model, prompt=message, prompt_at=now, team=None)
        case m.Tilt():
            return _tilt(model, message)
        case m.BuyIn() if message.seat == model.seat:
            session = replace(model.session, money_in=model.session.money_in + message.amount)
            return replace(model, session=session, count=None)
        case m.CashedOut() if message.seat == model.seat:
            session = replace(model.session, money_out=model.session.money_out + message.amount)
            return replace(model, voucher=message, session=session)
        case m.HandPay() if message.seat == model.seat:
            return replace(model, handpay=message.amount)
        case m.Tower():
            return replace(model, tower=message)
        case m.Error():
            return replace(model, notice=error_notice(message, now))
        case m.Offer():
            return replace(model, offer=message)
        case m.GameView():
            return replace(model, game=message, state=read_state(message))
        case m.History():
            return replace(model, history=message)
        case m.Tally():
            return replace(model, tally=message)
        case m.SeatRounds() if message.seat == model.seat:
            return replace(model, rounds=message)
    return model


def _table_state(model: SeatModel, state: m.TableState, now: float) -> SeatModel:
    changed = replace(model, table=state, table_at=now)
    if state.phase == "open" and model.prompt is not None and model.team is not None:
        changed = replace(changed, prompt=None)
    return changed


def _result(model: SeatModel, result: m.Result, now: float) -> SeatModel:
    """A result closes its round's window on this screen until the next ``TableState`` opens one."""
    table = model.table
    if table is not None and table.round_id == result.round_id and table.phase == "open":
        table = replace(table, phase="shown", countdown_ms=0)
    # a refusal of the closed window ("no more bets", a limit) is stale once its round has a result
    stale = model.notice is not None and model.notice.severity == "warn"
    return replace(model, table=table, result=result, result_at=now, notice=None if stale else model.notice)


def _seat_state(model: SeatModel, state: m.SeatState, now: float) -> SeatModel:
    before = model.credits_shown(now)
    count = model.count
    won = model.result is not None and now - model.result_at < 3.0 and state.credits > before
    if won and model.me is not None:
        count = CountUp(before, state.credits, now)
    elif count is not None and count.end != state.credits:
        count = None
    session = model.session
    if session.started is None:
        session = replace(session, started=now, first_credits=state.credits + state.total_bet)
    handpay = model.handpay if state.locked is not None else None
    return replace(model, me=state, count=count, session=session, handpay=handpay)


def _tilt(model: SeatModel, tilt: m.Tilt) -> SeatModel:
    """Table tilts and this seat's own tilts stop the seat; another seat's do not. A tilt is kept as its
    kind and public code: the technician's detail is never shown to a player."""
    if tilt.seat is not None and f"seat-{tilt.seat}" != model.seat:
        return model
    others = tuple(t for t in model.tilts if t[0] != tilt.reason)  # a kind is table-wide or per seat
    return replace(model, tilts=(*others, (tilt.reason, tilt.code)) if tilt.active else others)
