"""The table controller's core, the round engine: rounds out, every step written to the ledger first.

Synchronous and single-threaded: the asyncio controller calls one method per message or timer, so the
lock is one instant for every seat (a wager handled after :meth:`Table.play_round` began finds the round
locked). Time comes from an injected :class:`~terminal.table.clock.Clock`, outcomes from the certified RNG.

A round: :meth:`Table.open_round` (betting window) → :meth:`Table.play_round`: lock, draw, persist the
outcome durably, settle in one ledger transaction with the multi-round state, show. After a crash,
:meth:`Table.start` rebuilds everything from the ledger: a persisted outcome is settled, never redrawn;
a round without one reopens its window with its wagers standing.

The table is the round engine and nothing else: the seats' wagers are its :class:`Wagering`'s
(``table.wagers``), money at the seats its :class:`Cashier`'s (``table.cashier``), the active tilts and
the guarded ledger writes its :class:`TiltBoard`'s (``table.tilts``), the generator's and the ledger's
self-checks its :class:`Health`'s (``table.health``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rng import Rng, RngFailure
from terminal.config import Config
from terminal.games.base import Settlement
from terminal.ledger import Draw, EventCode, Ledger
from terminal.table.aft_locks import AftLocks
from terminal.table.cashier import Cashier
from terminal.table.clock import Clock
from terminal.table.cycling import Cycler
from terminal.table.driver import Drawn, GameDriver
from terminal.table.flapping import LOGGED, WINDOW_S, Flapping, Loss
from terminal.table.health import Health
from terminal.table.integrity import Auditor
from terminal.table.lab_mode import OUTCOME, ForcedRng, parse_force
from terminal.table.phases import Phase, Trigger, advance
from terminal.table.refused import Refused
from terminal.table.tilt_board import TiltBoard, tilt_detail
from terminal.table.tilts import Tilt, TiltKind
from terminal.table.wagering import Wagering

if TYPE_CHECKING:
    from terminal.floor.link import FloorLink


class RecoveryError(RuntimeError):
    """The ledger holds a table this configuration cannot continue (an unfinished round of another game)."""


@dataclass(frozen=True, slots=True)
class RoundReport:
    """What one round did, for the screens and the headless summary."""

    round_id: int
    outcome: dict[str, Any]
    text: str
    settlements: tuple[Settlement, ...]
    notes: tuple[str, ...]
    handpays: tuple[int, ...] = ()
    void: bool = False  # the game voided the outcome: nothing settled, the round is drawn again
    spots: dict[str, str] = field(default_factory=dict)  # wager ref → its spot, to highlight on the layout
    no_spin: bool = False  # the RNG failed before an outcome: the table is tilted, every wager stands


class Table:
    """One table: its ledger, RNG, clock and game driver; see the module docstring."""

    def __init__(
        self, config: Config, ledger: Ledger, rng: Rng, clock: Clock, driver: GameDriver,
        aux: Rng | None = None,
    ) -> None:  # fmt: skip
        self.config, self.ledger, self.rng, self.clock, self.driver = config, ledger, rng, clock, driver
        # The other draws (assigned teams, voucher numbers) come from a second instance, so that nothing a
        # player does moves the outcomes' generator; without one (older callers) they share ``rng``.
        self.aux = aux
        self.phase = Phase.SHOWN
        self.round_id = 0
        self.deadline = 0.0
        self.team_deadline: float | None = None
        self.tilts = TiltBoard(ledger, clock, on_table_tilt=self._no_spin, on_table_clear=self._restart)
        self.home = config.ledger  # production's ledger (in lab mode the table plays on another)
        self.config_sha256 = ""  # the file the table booted with, as boot hashed it
        self.program_warning = ""  # the program storage is writable (a demo table, a checkout): boot says
        self.linked: set[int] = set()
        self._flapping = Flapping()  # how often each seat's link came and went (the log is bounded)
        self.floor: FloorLink | None = None  # the casino floor link ([floor]); see ``floor_side``
        self.cashier = Cashier(config, ledger, clock, self.tilts, self._randbelow, lambda: self.floor)
        self.aft_locks = AftLocks(clock)  # the casino system's AFT locks (SAS 74): no wager meanwhile
        self.wagers = Wagering(config, ledger, clock, driver, self.tilts, self, self.aft_locks)
        self.health = Health(lambda: self.rng, config.rng.generator, ledger, self.tilts)
        self._floor_watch: dict[str, Any] = {}
        cycling = config.rng
        self.cycler = Cycler(
            clock, self.health.advance_rng, cycling.advance_ms / 1000, cycling.background_advance
        )
        self.auditor = Auditor(ledger, clock, self.tilts)  # memory checks: boot, door close, settlement

    # -- start-up and recovery -------------------------------------------------------------------------
    def start(self) -> RoundReport | None:
        """Power up (the RNG was self-tested by ``boot``): log it, rebuild from the ledger, resume or open.

        Returns the report of a round whose persisted outcome was settled during recovery.
        """
        self._log_unclean_power_down()
        self.tilts.log_event(EventCode.POWER_UP, detail={"epoch": self.ledger.epoch()})
        self.tilts.restore()
        verified = self.ledger.startup
        if verified is not None:
            self.tilts.log_event(EventCode.LEDGER_VERIFY_PASS, detail={"rows": verified.rows})
        self.auditor.boot()
        last = self.ledger.resume()
        if last is not None and last.phase != "settled" and last.game != self.driver.game:
            raise RecoveryError(
                f"round {last.id} of {last.game} is unfinished; this configuration runs {self.driver.game}"
            )
        self.driver.restore(self.ledger.latest_state(self.driver.game), self.ledger.pending())
        if last is None or last.phase == "settled":
            self.open_round()
            return None
        self.round_id = last.id
        self.wagers.recovered(last.wagers)
        if last.phase == "drawn":  # the outcome was persisted before the crash: settle it, never redraw
            self.phase = Phase.DRAWN
            report = self._settle_and_show(last.outcome, last.outcome.get("text", ""))
            self.open_round()
            return report
        self.phase = Phase.OPEN  # no outcome yet: the window reopens with its wagers standing
        self.deadline = self.clock.monotonic() + self._window_seconds()
        return None

    def power_down(self, reason: str) -> None:
        """An orderly shutdown (Ctrl-C, SIGTERM, the end of a run): logged before the ledger closes."""
        detail = {"orderly": True, "reason": reason, "round": self.round_id}
        self.tilts.log_event(EventCode.POWER_DOWN, detail=detail)

    def _log_unclean_power_down(self) -> None:
        """The last run powered up and never logged its power-down: it was cut. Say so, with the time of
        the last thing it logged (the power went after that)."""
        ups, downs = self.ledger.events(EventCode.POWER_UP, 1), self.ledger.events(EventCode.POWER_DOWN, 1)
        if ups and (not downs or downs[0].id < ups[0].id):
            # the last event of the cut run: found when the ledger was opened, before this boot logged
            # its own (the RNG self-test, the software check...)
            last = self.ledger.last_before_open or self.ledger.events(limit=1)[0]
            when = {"last_event": last.time, "last_code": last.code.name, "last_id": last.id}
            self.tilts.log_event(EventCode.POWER_DOWN, detail={"orderly": False, "found_at": "boot", **when})

    # -- seats: links --------------------------------------------------------------------------------
    def link_up(self, seat: int) -> None:
        """A seat's screen connected: it may play again (a lost link clears itself; logged unless the
        seat's link is in a quiet spell, ``flapping``)."""
        self.linked.add(seat)
        logged = self._flapping.up(seat, self.clock.monotonic())
        if self.tilts.find(TiltKind.LINK_LOST, seat) is not None:
            self.tilts.clear_tilt(TiltKind.LINK_LOST, seat, None, condition_over=True, unlogged=not logged)
            if logged:
                self.tilts.log_event(EventCode.COMMS_RESTORED, seat=seat)

    def link_lost(self, seat: int) -> None:
        """A seat's link dropped: it stops taking wagers and keeps its credits and wagers. Logged, but a few
        times a minute at most: a link that keeps dropping is coalesced (``flapping``)."""
        self.linked.discard(seat)
        self.wagers.ready.discard(seat)
        how, left_out = self._flapping.lost(seat, self.clock.monotonic())
        tilt = Tilt(TiltKind.LINK_LOST, seat, "seat link lost")
        if how is Loss.LOG:
            self.tilts.raise_tilt(tilt)
            detail = {"coalesced": left_out} if left_out else None  # the cycles a quiet spell left out
            self.tilts.log_event(EventCode.COMMS_LOSS, seat=seat, detail=detail)
            return
        self.tilts.raise_tilt(tilt, logged=True)  # on the screens; not in the log
        if how is Loss.START_QUIET:
            spell = {"seat": seat, "window_s": WINDOW_S, "logged": LOGGED}
            self.tilts.log_event(EventCode.COMMS_FLAPPING, seat=seat, detail=spell)

    # -- the round ---------------------------------------------------------------------------------------
    def open_round(self) -> None:
        """Open the next betting window, once the ledger checks out (``Auditor.before_game``): a ledger
        altered since the last game tilts the table and the window opens closed to every wager."""
        self.auditor.before_game()
        with self.tilts.ledger_write():
            self.round_id = self.ledger.open_round(self.driver.game, now=self.clock.wall())
        self.phase = Phase.OPEN if self.phase is Phase.SHOWN else advance(self.phase, Trigger.NEXT_ROUND)
        self.deadline = self.clock.monotonic() + self._window_seconds()
        self.wagers.opened()
        self.cycler.after_round()  # the next outcome comes from output generated after this round ended
        choice = self.driver.choice()
        if choice is not None and self.driver.awaiting() and self.team_deadline is None:
            self.team_deadline = self.clock.monotonic() + choice.seconds

    def window_over(self) -> bool:
        """The window has run out, or every linked seat pressed ready (and at least one seat is linked)."""
        if self.phase is not Phase.OPEN or self.tilts.blocks_table():
            return False
        everyone = bool(self.linked) and self.linked <= self.wagers.ready
        return everyone or self.clock.monotonic() >= self.deadline

    def tick(self) -> tuple[int, ...]:
        """Timers besides the window: seats whose choice ran out get one from the RNG."""
        if self.floor is not None:  # the floor link's health (its module loads only with [floor])
            from terminal.table import floor_side

            floor_side.watch(self, self._floor_watch)
        self.cycler.idle()
        due = self.team_deadline is not None and self.clock.monotonic() >= self.team_deadline
        if not due or self.phase is not Phase.OPEN:
            return ()
        seats = self.driver.awaiting()
        self._assign_teams()
        return seats

    def play_round(self) -> RoundReport:
        """No more bets, draw, persist, settle, show: one instant for every seat."""
        self.phase = advance(self.phase, Trigger.WINDOW_ELAPSED)
        self._assign_teams()
        while True:
            try:
                drawn = self._draw()
            except RngFailure:  # tilted, a no-spin: the wagers stand until a technician clears it
                return RoundReport(self.round_id, {}, "", (), ("no spin: RNG failure",), no_spin=True)
            if self.phase is Phase.DRAWN:
                report = self._settle_and_show(drawn.outcome, drawn.text)
                if not report.void:
                    return report

    def force_outcome(self, args: tuple[str, ...]) -> int:
        """Lab mode only: queue forced outcomes (``lab_mode``); returns how many are waiting."""
        if not self.config.lab.mode or not isinstance(self.rng, ForcedRng):
            raise Refused(
                "lab", "forced outcomes exist only in lab mode entered through the logged two-person "
                "configuration change (lab.mode=true)",
            )
        try:
            queued = parse_force(args, self.driver)
        except ValueError as bad:
            raise Refused("lab", str(bad)) from None
        aux: object = self.aux  # lab mode: the aux generator forced too (boot), for the assigned teams
        if not isinstance(aux, ForcedRng):
            return self.rng.force(queued)
        outcomes = tuple(entry for entry in queued if entry[0] == OUTCOME)  # choices: the aux generator's
        return self.rng.force(outcomes) + aux.force(tuple(e for e in queued if e[0] != OUTCOME))

    # -- internals -------------------------------------------------------------------------------------
    def _no_spin(self) -> None:
        """A table tilt was raised: a round locked but not yet drawn is a no-spin (nothing was persisted)."""
        if self.phase is Phase.LOCKED:
            self.phase = advance(self.phase, Trigger.NO_SPIN)

    def _restart(self) -> None:
        """A table tilt was cleared: an open window gets its whole countdown again."""
        if self.phase is Phase.OPEN:
            self.deadline = self.clock.monotonic() + self._window_seconds()

    def _assign_teams(self) -> None:
        """Seats that did not make the game's choice in time get an option drawn from the certified RNG."""
        choice = self.driver.choice()
        for seat in self.driver.awaiting() if choice is not None else ():
            option = choice.options[self._randbelow(len(choice.options))] if choice else ""
            self.wagers.choose_team(seat, option, assigned=True)
        self.team_deadline = None

    def _draw(self) -> Drawn:
        try:
            drawn = self.driver.draw(self.rng)
        except RngFailure as failed:
            self.health.rng_failed(failed)
            raise
        draw = Draw(drawn.generator, drawn.counter, drawn.reseed_epoch)
        outcome = drawn.outcome | {"text": drawn.text}
        with self.tilts.ledger_write():  # durable before anything may show it
            self.ledger.record_outcome(self.round_id, outcome, draw, now=self.clock.wall())
        self.phase = advance(self.phase, Trigger.OUTCOME_PERSISTED)
        return drawn

    def _settle_and_show(self, outcome: dict[str, Any], text: str) -> RoundReport:
        seats = range(1, self.config.table.seats + 1)
        spots = {line.ref: line.spot for seat in seats for line in self.driver.wagers_of(seat)}
        settled = self.driver.settle(outcome)
        locks = self.cashier.handpay_locks(settled.settlements)
        try:
            with self.tilts.ledger_write():
                self.ledger.settle_round(
                    self.round_id, settled.settlements, now=self.clock.wall(), state=settled.state,
                    void=settled.void, logged=[(EventCode.TILT, t.seat, tilt_detail(t)) for t in locks],
                )
        except Exception:
            # Nothing was posted: put the driver back as the ledger has it, so a retry settles once.
            self.driver.restore(self.ledger.latest_state(self.driver.game), self.ledger.pending())
            raise
        if settled.void:  # the game voided the outcome: every wager stands for the re-draw
            self.phase = advance(self.phase, Trigger.VOID_SPIN)
            with self.tilts.ledger_write():
                self.round_id = self.ledger.open_round(
                    self.driver.game, now=self.clock.wall(), detail={"respin": True}
                )
            return RoundReport(self.round_id, outcome, text, (), settled.notes, void=True)
        self.phase = advance(advance(self.phase, Trigger.SETTLEMENT_POSTED), Trigger.RESULTS_SHOWN)
        self.auditor.after_settlement()
        for lock in locks:  # written with the settlement: the award and its lock are one transaction
            self.tilts.raise_tilt(lock, logged=True)
        handpays = tuple(sorted(lock.seat for lock in locks if lock.seat is not None))
        self.wagers.settled(settled.settlements)
        return RoundReport(
            self.round_id, outcome, text, settled.settlements, settled.notes, handpays,
            spots={s.wager_ref: spots.get(s.wager_ref, s.kind) for s in settled.settlements},
        )

    def _window_seconds(self) -> int:
        """The next betting window's length: none when the next outcome continues the round in play (a
        game's further throw, which takes no wagers), else ``[table] betting_seconds`` unless the game
        says."""
        return self.driver.window_seconds(self.config.table.betting_seconds)

    def _randbelow(self, n: int) -> int:
        """A draw that is not an outcome (an assigned team, a voucher number): from the aux generator."""
        value: int = (self.aux or self.rng).randbelow(n).value
        return value
