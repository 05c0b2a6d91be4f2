"""The controller process: the table behind the authenticated protocol, and the clock that runs rounds.

Implements the protocol's handler: each authentic message from a seat becomes one call on the
:class:`~terminal.table.table.Table`; a refusal becomes the protocol's ``Error`` reply and changes
nothing. After every change the seat gets a fresh ``SeatState``; every window, result and tilt is
broadcast. The round loop waits for the window (the configured seconds, or on a manual clock until every
linked seat pressed ready), then plays the round in one synchronous step: the lock is one instant.

The ledger settles a round the instant it is drawn; the faces wait. The ``Result`` carries the round's
reveal time (:mod:`terminal.games.reveal`): the display's ball, dice or wheel rests then, and a seat shows
nothing of the outcome before. A screen that links up while a round is in play is told the table as it was
before the round, then the ``Result`` with the reveal time left, then the rest: it follows the same rule.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from terminal.games.reveal import reveal_ms
from terminal.net import messages as m
from terminal.net.messages import Message
from terminal.net.messages import service as sm
from terminal.net.server import TableServer
from terminal.net.tally import tally
from terminal.net.tilt_codes import code_for
from terminal.table import tickets, views
from terminal.table.aft_locks import CODE as AFT_LOCK
from terminal.table.cabinet import Cabinet
from terminal.table.clock import ManualClock
from terminal.table.device_input import apply_input
from terminal.table.refused import Refused
from terminal.table.sas_side import CLIENT as SAS_CLIENT
from terminal.table.sas_side import SasSide
from terminal.table.table import RoundReport, Table
from terminal.table.tickets import printed_voucher
from terminal.table.tilts import Tilt, TiltKind
from terminal.table.wager_refs import seat_of

_SEAT = re.compile(r"seat-([1-9][0-9]*)")
#: What only the SAS process (the ``sas`` client) may send: the casino system's word on a seat.
SAS_MESSAGES = (
    m.SasEnable, m.SasLink, m.SasHandpayReset, m.SasTransfer, m.SasTicket, m.SasValidation, m.SasLock,
    m.SasRedemption,
)  # fmt: skip
Printer = tickets.Printer


class Desk(Protocol):
    """Service mode as the controller reaches it (:class:`terminal.desk.desk.ServiceDesk`): the table never
    imports the service back end; the shell that builds both hands the desk in."""

    printer: Printer | None  # the seats' printers, for a voucher reprinted from service mode

    def handle(self, client: str, command: m.ServiceCommand) -> Message:
        """Carry out one service command, or raise ``ValueError`` (the protocol's ``Error`` reply)."""
        ...

    def expire_idle(self) -> tuple[str, ...]:
        """End the sessions idle past the limit; returns their clients."""
        ...


@dataclass(frozen=True)
class Before:
    """What the screens were told before a round was settled: its game's state, the history and every
    seat's state (for a screen that links up while the round is in play)."""

    game_view: m.GameView
    history: m.History
    seats: dict[int, m.SeatState]
    tally: m.Tally | None = None  # the statistics' counts (docs/statistics.md)


@dataclass(frozen=True)
class InPlay:
    """A round settled but not yet shown: its ``Result``, its reveal instant on the table's clock, and what
    the screens showed before it."""

    result: m.Result
    until: float
    before: Before


def seat_number(client: str) -> int | None:
    """``seat-3`` → 3; the display and service clients have no seat."""
    match = _SEAT.fullmatch(client)
    return int(match[1]) if match else None


@dataclass
class Controller:
    """The protocol handler and round loop of one table."""

    table: Table
    printer: Printer | None = None
    server: TableServer | None = None
    stall_seconds: float = 2.0  # on a manual clock, a window nobody finishes closes after this real time
    desk: Desk | None = None  # service mode (terminal.desk); None refuses it
    cabinet: Cabinet | None = None  # the devices; DeviceInput works its simulated ones, BuyIn goes out

    def __post_init__(self) -> None:
        if self.desk is not None:  # service mode reprints a voucher on its seat's printer
            self.desk.printer = self.printer
        self._shown: dict[tuple[TiltKind, int | None], Tilt] = {}
        self._offer = views.offer(self.table.config)  # the configuration is fixed while the table runs
        self._history = views.history(self.table)  # read once; each round adds its outcome
        self._counted = views.history(self.table, views.TALLY_SOURCE)  # what the statistics count
        self._tally = tally(self._counted)
        recent = self.table.ledger.outcomes(1)
        self._last_outcome: dict[str, Any] | None = recent[0][1] if recent else None
        self._in_play: InPlay | None = None
        self.sas = SasSide(self.table)  # what the casino system's SAS says of each seat (the sas client)
        self.sas.boot()  # [sas] required: no SAS seat plays before its host is heard

    # -- the protocol's handler ------------------------------------------------------------------------
    async def on_link_up(self, client: str) -> None:
        seat = seat_number(client)
        if seat is not None:
            self.table.link_up(seat)
        if client == SAS_CLIENT:
            self.sas.process_up()
        in_play = self._round_in_play()
        await self._push(client, self.table_state())
        await self._push(client, self._offer)
        if seat is not None and self.table.aft_locks.left(seat) > 0:  # the casino system holds the seat
            await self._push(client, m.Error("refused", f"{AFT_LOCK}: ", None))
        if in_play is not None:  # the table as it was before the round, then the round with its time left
            await self._link_up_in_play(client, seat, in_play)
        await self._push(client, views.game_view(self.table, self._last_outcome))
        cabinet = self.cabinet
        if cabinet is not None and (cabinet.tower.signals or cabinet.calls):  # a lit tower, as it is now
            await self._push(client, cabinet.tower_message())
        await self._push(client, self._history)
        told = set(self._shown)
        await self.sync_tilts()  # tilts no screen has heard of yet go to every screen, this one included
        for tilt in self.table.tilts.active:  # and the ones the others already know, to this one
            if (tilt.kind, tilt.seat) in told and _hears(client, tilt):
                await self._push(client, _tilt_message(tilt, True))
        await self._push(client, self._tally)  # the statistics' counts, after what stops the table
        if seat is not None:
            await self._push(client, self.seat_state(seat))
            await self._push(client, views.seat_rounds(self.table, seat))

    def _round_in_play(self) -> InPlay | None:
        """The round settled but not yet revealed, if the table is still showing it."""
        in_play = self._in_play
        if in_play is None or self.table.round_id != in_play.result.round_id:
            return None
        if self.table.phase.value == "open":
            return None
        return in_play if self.table.clock.monotonic() < in_play.until else None

    async def _link_up_in_play(self, client: str, seat: int | None, in_play: InPlay) -> None:
        before = in_play.before
        await self._push(client, before.game_view)
        await self._push(client, before.history)
        if before.tally is not None:
            await self._push(client, before.tally)
        if seat is not None and seat in before.seats:
            await self._push(client, before.seats[seat])
        left = max(1, int((in_play.until - self.table.clock.monotonic()) * 1000))
        await self._push(client, replace(in_play.result, reveal_ms=left))

    async def on_link_lost(self, client: str) -> None:
        seat = seat_number(client)
        if seat is not None:
            self.table.link_lost(seat)
            await self.sync_tilts()
        if client == SAS_CLIENT:
            self.sas.process_lost()
            await self.sync_tilts()

    async def on_message(self, client: str, message: Message) -> Message | None:
        seat = seat_number(client)
        if client == SAS_CLIENT or isinstance(message, SAS_MESSAGES):
            if client != SAS_CLIENT:  # a seat, the display or a service screen cannot speak for the casino
                raise ValueError(f"rules: {client} may not send {message.TYPE}")
            if isinstance(message, m.SasTicket):
                await self._sas_ticket(message)
                return None
            before = self.table.cashier.credits(message.seat) if isinstance(message, m.SasTransfer) else 0
            self.sas.apply(message)
            await self.sync_tilts()
            if isinstance(message, m.SasTransfer):  # the seat shows its credits as the transfer left them
                await self._aft_told(message.seat, before)
            if isinstance(message, m.SasLock) and message.timeout_ms > 0:  # "Transfer in progress"
                await self._push(f"seat-{message.seat}", m.Error("refused", f"{AFT_LOCK}: ", None))
            return None
        if isinstance(message, m.ServiceCommand):
            await self.on_service(client, message)
            return None
        if isinstance(message, m.DeviceInput):
            await self.on_device_input(client, message)
            return None
        if seat is None:
            if isinstance(message, m.RequestState):
                await self._push(client, self.table_state())
                return None
            raise ValueError(f"{client} may not send {message.TYPE}")
        try:
            reply = self._apply(seat, message)
        except Refused as refused:
            await self._push(client, self.seat_state(seat))
            raise ValueError(f"{refused.code}: {refused}") from None
        if reply is not None:
            await self._push(client, reply)
        if isinstance(reply, m.CashedOut) and self.table.tilts.find(TiltKind.HANDPAY, seat) is not None:
            # more than the credit limit: the voucher is the limit, the attendant pays the rest by hand
            await self._push(client, m.HandPay(client, self.table.cashier.credits(seat)))
        await self._push(client, self.seat_state(seat))
        if isinstance(message, m.ChooseTeam):
            await self._broadcast(views.game_view(self.table, self._last_outcome))
        await self.sync_tilts()
        return None

    async def _sas_ticket(self, message: m.SasTicket) -> None:
        """The host's word (71) on a ticket held in a seat's reader: the cabinet stacks or returns it, and
        the seat hears of it (a buy-in, or why the ticket came back)."""
        self.sas.check(message)
        if self.cabinet is None:
            raise ValueError("rules: this table has no ticket readers")
        try:
            self.cabinet.sas_decide(message.seat, message.number, message.amount, message.code)
        finally:  # a word past the ticket's timeout is refused, and the seat told the ticket came back
            await self.flush_cabinet()
            await self.sync_tilts()

    async def _aft_told(self, seat: int, before: int) -> None:
        """An AFT transfer moved the seat's credits: money in shows as a buy-in, and the seat its credits."""
        after = self.table.cashier.credits(seat)
        if after > before:
            await self._push(f"seat-{seat}", m.BuyIn(f"seat-{seat}", "aft", after - before, after))
        await self._push(f"seat-{seat}", self.seat_state(seat))

    async def on_service(self, client: str, command: m.ServiceCommand) -> None:
        """A service command (from the service screen, or a seat while the key is on): the desk checks the
        key, the session and the role, and the reply is pushed before the ``Ack``."""
        if self.desk is None:
            raise ValueError("service mode is not set up at this table")
        reply = self.desk.handle(client, command)
        await self._push(client, reply)
        await self.sync_tilts()

    async def on_device_input(self, client: str, message: m.DeviceInput) -> None:
        """Hardware at a seat or the service station (simulated here): a bill, a voucher, the key.

        A bill or voucher given back is refused with the reason; what the cabinet did is pushed anyway."""
        seat = seat_number(client)
        if self.table.config.devices.kind == "hardware":  # no screen may insert a bill or turn the key
            raise ValueError("rules: this table's devices are hardware; a screen cannot work them")
        if self.cabinet is None or (seat is None and client != "service"):
            raise ValueError(f"rules: {client} has no simulated devices at this table")
        try:
            apply_input(self.cabinet, seat, message)
        finally:
            await self.sync_tilts()
            if seat is not None:
                await self._push(client, self.seat_state(seat))

    async def flush_cabinet(self) -> None:
        """Send the seats what the cabinet has to tell them (``BuyIn`` for every bill or voucher stacked)."""
        if self.cabinet is None:
            return
        outbox, self.cabinet.outbox = self.cabinet.outbox, []
        for client, message in outbox:
            await self._push(client, message)
        told = {seat for seat in (seat_number(client) for client, _ in outbox) if seat is not None}
        for seat in sorted(told):
            await self._push(f"seat-{seat}", self.seat_state(seat))

    async def expire_service(self) -> tuple[str, ...]:
        """End service sessions idle past the limit and tell their screens (``ServiceLoggedOut``)."""
        if self.desk is None:
            return ()
        ended = self.desk.expire_idle()
        for client in ended:
            await self._push(client, sm.ServiceLoggedOut("logged out: idle"))
        return ended

    def _apply(self, seat: int, message: Message) -> Message | None:
        table = self.table
        match message:
            case m.PlaceWager(spot=spot, amount=amount):
                table.wagers.place(seat, spot, amount)
            case m.PlaceWagers(stakes=stakes):
                table.wagers.place_set(seat, tuple((s.spot, s.amount) for s in stakes))
            case m.RemoveWager(spot=spot):
                table.wagers.remove(seat, spot)
            case m.UndoWager():
                table.wagers.undo(seat)
            case m.ClearWagers():
                table.wagers.remove(seat, None)
            case m.RepeatWagers():
                table.wagers.repeat(seat)
            case m.DoubleWagers():
                table.wagers.double(seat)
            case m.SetWorking(spot=spot, working=working):
                table.wagers.set_working(seat, spot, working)
            case m.ChooseTeam(team=team):
                table.wagers.choose_team(seat, team)
            case m.BetsDone():
                table.wagers.bets_done(seat)
            case m.CashOut():
                return self._cash_out(seat)
            case m.RequestState():
                return self.table_state()
            case _:
                raise Refused("rules", f"{message.TYPE} is not a seat's message")
        return None

    def _cash_out(self, seat: int) -> Message:
        # a wager standing from an earlier round (a Six Eight Shake) is the seat's and goes with it
        in_round = any(not w.standing for w in self.table.driver.wagers_of(seat))
        if self.table.driver.setup.seated_play and in_round:
            raise Refused("rules", "a seat with a wager in this round stays until the round settles")
        devices = self.cabinet.devices if self.cabinet is not None else None
        if devices is not None and seat > len(devices.printers):  # refused before a voucher is issued
            raise Refused("rules", "this seat has no ticket printer: call an attendant to be paid by hand")
        voucher = self.table.cashier.cash_out(seat)
        if self.printer is not None:
            self.printer(
                seat, printed_voucher(self.table, seat, voucher.number, voucher.amount, voucher.expires_at)
            )
        c = self.table.config
        return m.CashedOut(
            f"seat-{seat}", voucher.amount, voucher.number, c.table.venue, c.table.table_id,
            voucher.issued_at, (voucher.expires_at or "")[:10], c.money.currency,
        )  # fmt: skip

    # -- what the screens are told ---------------------------------------------------------------------
    def table_state(self) -> m.TableState:
        table, c = self.table, self.table.config
        countdown = max(0.0, table.deadline - table.clock.monotonic()) if table.phase.value == "open" else 0.0
        limits = m.LimitsView(
            wager_min=c.limits.wager_min,
            wager_max=c.limits.wager_max,
            seat_max=c.limits.seat_max,
            increment=c.limits.increment,
        )
        return m.TableState(
            table.driver.game,
            table.round_id,
            table.phase.value,
            int(countdown * 1000),
            limits,
            c.limits.chip_values,
            c.money.currency,
            c.money.denomination,
            c.table.venue,
            c.table.table_id,
            c.table.seats,
            table.driver.setup.variant,
            c.lab.mode,
            c.devices.kind,
        )

    def seat_state(self, seat: int) -> m.SeatState:
        lines = self.table.wagers.wagers_of(seat)
        wagers = tuple(
            m.WagerView(w.spot, w.amount, w.working, w.number, w.marks, w.vig, w.standing) for w in lines
        )
        reasons = self.table.tilts.reasons(seat)
        locked = ", ".join(reasons) if reasons else None
        total = sum(line.amount for line in lines)
        won = self.table.wagers.last_win[seat]
        return m.SeatState(f"seat-{seat}", self.table.cashier.credits(seat), total, won, wagers, locked)

    def result(self, report: RoundReport) -> m.Result:
        """The round's settlements; the outcome as every screen parses it (``17``, ``00``, ``4-3``)."""
        settled = tuple(
            m.SettlementView(
                seat=f"seat-{seat_of(s.wager_ref)}",
                spot=report.spots.get(s.wager_ref, s.kind),
                wagered=s.stake,
                paid=s.returned,
                result=s.result.value,
            )
            for s in report.settlements
        )  # fmt: skip
        outcome = views.outcome_text(self.table.driver, report.outcome) or report.text
        return m.Result(report.round_id, outcome, settled, reveal_ms(self.table.driver.game, outcome))

    # -- the round loop --------------------------------------------------------------------------------
    async def play(
        self, rounds: int, before_window: Callable[[], None] | None = None, results_s: float = 0.0
    ) -> list[RoundReport]:
        """Play ``rounds`` rounds; the first window is the one :meth:`Table.start` opened or resumed.

        ``results_s``: seconds (on the table's clock) the result stays up before the next window opens (a
        table in real time).
        """
        reports: list[RoundReport] = []
        while len(reports) < rounds:
            if before_window is not None:
                before_window()
            await self._broadcast(self.table_state())
            await self._wait_window()
            before = self._before() if self.server is not None else None
            report = self.table.play_round()
            if report.no_spin:  # tilted (RNG failure): the window reopens once a technician clears it
                await self.sync_tilts()
                continue
            reports.append(report)
            await self._announce(report, before)
            await self.sync_tilts()
            if len(reports) < rounds:
                if results_s:
                    await self._keep_result(results_s)
                self.table.open_round()
        return reports

    async def _keep_result(self, seconds: float) -> None:
        """Leave the result up ``seconds`` on the table's clock, the one its windows are kept on."""
        clock = self.table.clock
        if isinstance(clock, ManualClock):  # it moves only when told: real seconds, as before
            await asyncio.sleep(seconds)
            return
        until = clock.monotonic() + seconds
        while (left := until - clock.monotonic()) > 0:
            await asyncio.sleep(min(left, 0.05))

    async def _wait_window(self) -> None:
        clock = self.table.clock
        started = asyncio.get_running_loop().time()
        while not self.table.window_over():
            await asyncio.sleep(0.001 if isinstance(clock, ManualClock) else 0.05)
            for seat in self.table.tick():  # a team choice timed out: the RNG assigned one
                await self._push(f"seat-{seat}", self.seat_state(seat))
            await self.sync_tilts()
            stalled = asyncio.get_running_loop().time() - started > self.stall_seconds
            if isinstance(clock, ManualClock) and stalled and not self.table.tilts.blocks_table():
                clock.advance(max(0.0, self.table.deadline - clock.monotonic()))

    async def sync_tilts(self) -> None:
        """Tell every screen about each tilt raised or cleared since the last call, and who is locked (and
        each seat whatever the cabinet has to tell it)."""
        if self.cabinet is not None:  # a ticket the casino system left unanswered past its timeout: back
            self.cabinet.sas_expire()
        await self.flush_cabinet()
        cabinet = self.cabinet
        if cabinet is not None and (cabinet.update_tower() or cabinet.calls_changed):
            cabinet.calls_changed = False  # the tower follows every change the screens are told of
            await self._broadcast(cabinet.tower_message())
        now = {(t.kind, t.seat): t for t in self.table.tilts.active}
        raised = [t for key, t in now.items() if key not in self._shown]
        cleared = [t for key, t in self._shown.items() if key not in now]
        self._shown = now
        for tilt, active in [(t, True) for t in raised] + [(t, False) for t in cleared]:
            await self._tell_tilt(tilt, active)
        if raised or cleared:
            for seat in sorted(self.table.linked):
                await self._push(f"seat-{seat}", self.seat_state(seat))

    def _before(self) -> Before:
        """What the screens show before the round is played (kept while it is in play)."""
        seats = {seat: self.seat_state(seat) for seat in range(1, self.table.config.table.seats + 1)}
        return Before(views.game_view(self.table, self._last_outcome), self._history, seats, self._tally)

    async def _announce(self, report: RoundReport, before: Before | None = None) -> None:
        self._last_outcome = report.outcome
        result = self.result(report)
        if before is not None:
            self._in_play = InPlay(result, self.table.clock.monotonic() + result.reveal_ms / 1000, before)
        await self._broadcast(result)
        await self._broadcast(views.game_view(self.table, report.outcome))
        self._history = views.with_latest(self._history, self.table)
        await self._broadcast(self._history)
        self._counted = views.with_latest(self._counted, self.table, views.TALLY_SOURCE)
        self._tally = tally(self._counted)
        await self._broadcast(self._tally)
        seats = {seat_of(s.wager_ref) for s in report.settlements} | set(self.table.linked)
        for seat in sorted(seats):
            await self._push(f"seat-{seat}", self.seat_state(seat))
            await self._push(f"seat-{seat}", views.seat_rounds(self.table, seat))
        for seat in report.handpays:  # the award locked the seat: the attendant pays its whole credits
            await self._push(f"seat-{seat}", m.HandPay(f"seat-{seat}", self.table.cashier.credits(seat)))
        choice = self.table.driver.choice()
        countdown = choice.seconds * 1000 if choice is not None else 0
        for seat in self.table.driver.awaiting() if choice is not None else ():
            await self._push(f"seat-{seat}", m.TeamPrompt(f"seat-{seat}", report.round_id, countdown))

    async def _tell_tilt(self, tilt: Tilt, active: bool) -> None:
        """A tilt to the screens that may hear it (:func:`_hears`): a table tilt to every screen, a seat's
        own only to that seat and to the service screen (a hand-pay's award is that seat's business)."""
        message = _tilt_message(tilt, active)
        if tilt.seat is None:
            await self._broadcast(message)
            return
        for client in (f"seat-{tilt.seat}", "service"):  # a client without a link is skipped by the server
            await self._push(client, message)

    async def _push(self, client: str, message: Message) -> None:
        if self.server is not None:
            await self.server.push(client, message)

    async def _broadcast(self, message: Message) -> None:
        if self.server is not None:
            await self.server.broadcast(message)


def _hears(client: str, tilt: Tilt) -> bool:
    """Whether ``client`` is told of ``tilt``: a table tilt every screen; a seat's tilt (its detail: a
    hand-pay's award, a device's fault) that seat and the service screen only, never another player's
    station nor the table display (which shows table tilts alone)."""
    if tilt.seat is None or client == "service":
        return True
    return seat_number(client) == tilt.seat


def _tilt_message(tilt: Tilt, active: bool) -> m.Tilt:
    """The tilt as every screen hears it: its public code for players, the detail for service and logs."""
    where = "table" if tilt.seat is None else f"seat {tilt.seat}"
    text = "".join(ch for ch in f"{where}: {tilt.detail}" if ch.isprintable())[:200]
    code = code_for(tilt.kind.value, tilt.detail)
    return m.Tilt(tilt.kind.value, active, tilt.seat, code, text)
