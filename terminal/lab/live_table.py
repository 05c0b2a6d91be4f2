"""A real table in a background thread, and real seat screens linked to it, for screenshots and UI tests.

:class:`LiveTable` boots the table as the headless run does (real ledger in the config's folder, the
certified RNG, simulated devices, a manual clock) and serves the authenticated protocol on loopback from
its own thread's event loop. Every table action runs on that loop (:meth:`LiveTable.call`), so the table
stays single-threaded. :class:`LiveSeat` is a :class:`~terminal.seat.app.SeatApp` with its real
:class:`~terminal.seat.link.Link`, on a seat clock the caller moves (countdowns, count-ups, timers).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Future
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from terminal.config import Config
from terminal.devices.events import Door
from terminal.devices.simulated import SimDevices, simulated_table
from terminal.net.keys import client_ids, provision_keys
from terminal.net.links import client_tls, server_tls
from terminal.net.server import TableServer
from terminal.seat import intents as i
from terminal.seat.app import SeatApp
from terminal.seat.link import Link
from terminal.seat.main import render_png
from terminal.seat.model import SeatModel
from terminal.seat.pointer import Gesture
from terminal.table.boot import boot
from terminal.table.cabinet import Cabinet
from terminal.table.clock import ManualClock
from terminal.table.controller import Controller
from terminal.table.table import Table
from terminal.table.tilts import Tilt, TiltKind

T = TypeVar("T")
LAB_EVENING = datetime(2026, 11, 28, 20, 30)  # the seats' clock in the pictures: this, plus their own clock


class LiveTableError(RuntimeError):
    """The live table or a seat did not reach the state asked for in time."""


class LiveTable:
    """Controller, ledger, RNG and simulated devices on a thread of their own."""

    def __init__(
        self, c: Config, entropy: Callable[[int], bytes] = os.urandom, start: float | None = None
    ) -> None:
        self.config = c
        self.entropy = entropy  # a seeded stream makes every outcome, and so every state, repeatable
        # ``start`` (seconds since the epoch) fixes the wall clock too, so a voucher prints the same time
        self.clock = ManualClock(time.time() if start is None else start)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="live-table", daemon=True)
        self.table: Table
        self.cabinet: Cabinet
        self.devices: SimDevices
        self.controller: Controller
        self.server: TableServer
        self.keys: dict[str, bytes] = {}

    def __enter__(self) -> LiveTable:
        self._thread.start()
        self.run(self._start())
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.run(self.server.close())
        finally:
            self.call(self.table.ledger.close)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5.0)

    async def _start(self) -> None:
        c = self.config
        self.table = boot(c, self.clock, self.entropy)
        self.table.start()
        self.cabinet = Cabinet(self.table)
        self.devices = simulated_table(c.table.seats, c.money.bills, self.cabinet.on_event, self.clock.wall)
        self.cabinet.attach(self.devices)
        self.controller = Controller(self.table, printer=self._print, cabinet=self.cabinet)
        self.keys = provision_keys(c.seat.keys_path, client_ids(c.table.seats), os.urandom)
        self.server = TableServer(
            self.keys,
            self.controller,
            table_id=c.table.table_id,
            host="127.0.0.1",
            port=0,
            heartbeat_s=c.seat.heartbeat_ms / 1000,
            timeout_s=c.seat.link_timeout_ms / 1000,
            tls=server_tls(c, self.clock.wall(), lambda _: None, self.table.ledger.revocation_numbers()),
        )
        self.controller.server = self.server
        await self.server.start()

    def _print(self, seat: int, voucher: Any) -> None:
        self.devices.printers[seat - 1].print_voucher(voucher)

    # -- running things on the table's thread ----------------------------------------------------------
    def run(self, coro: Coroutine[Any, Any, T], timeout_s: float = 30.0) -> T:
        """Run ``coro`` on the table's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout_s)

    def call(self, fn: Callable[[], T]) -> T:
        """Call ``fn`` on the table's loop (the table is single-threaded)."""
        done: Future[T] = Future()

        def job() -> None:
            try:
                done.set_result(fn())
            except BaseException as failed:  # handed to the caller's thread
                done.set_exception(failed)

        self._loop.call_soon_threadsafe(job)
        return done.result(30.0)

    # -- what a test or a screenshot needs to happen ---------------------------------------------------
    def insert_bills(self, seat: int, *values: int) -> None:
        """Bills into a seat's acceptor; they are stacked and the seat is told (BuyIn, SeatState)."""
        for value in values:
            self.call(lambda v=value: self.devices.acceptors[seat - 1].insert_bill(v))  # type: ignore[misc]
        self.run(self._flush())

    async def _flush(self) -> None:
        outbox, self.cabinet.outbox = self.cabinet.outbox, []
        for client, message in outbox:
            await self.server.push(client, message)
        for seat in sorted(self.table.linked):
            await self.server.push(f"seat-{seat}", self.controller.seat_state(seat))

    def play(self) -> None:
        """Close the window now (the manual clock jumps to its deadline) and play the round."""

        async def go() -> None:
            self.clock.advance(max(0.0, self.table.deadline - self.clock.monotonic()) + 0.01)
            await self.controller.play(1)

        self.run(go())

    def open_next(self) -> None:
        """Open the next betting window (unless one is open) and tell every screen."""

        async def go() -> None:
            if self.table.phase.value != "open":
                self.table.open_round()
            await self.server.broadcast(self.controller.table_state())

        self.run(go())

    def door(self, open_: bool) -> None:
        """Open or close the main door (a tilt while open)."""
        doors = self.devices.doors
        self.call(lambda: doors.open(Door.MAIN) if open_ else doors.close(Door.MAIN))
        self.run(self.controller.sync_tilts())

    def service_key(self, on: bool) -> None:
        """Turn the service key (out of service while on)."""
        self.call(lambda: self.devices.key.turn(on))
        self.run(self.controller.sync_tilts())

    def sas_shutdown(self, seat: int, disabled: bool) -> None:
        """The casino system disables (SAS long poll 01) or enables (02) ``seat``, as the SAS process's
        message does (:class:`terminal.table.sas_side.SasSide`), without a SAS line."""

        def act() -> None:
            board, kind = self.table.tilts, TiltKind.SAS_DISABLED
            if disabled:
                board.raise_tilt(Tilt(kind, seat, "SAS address 1: shutdown (long poll 01)"))
            elif board.find(kind, seat) is not None:
                board.clear_tilt(kind, seat, None, condition_over=True)

        self.call(act)
        self.run(self.controller.sync_tilts())

    def drop_links(self) -> None:
        """Stop serving: every seat loses its link."""
        self.run(self.server.close())


class LiveSeat:
    """A seat screen linked to a :class:`LiveTable`, on a clock the caller moves."""

    def __init__(
        self, table: LiveTable, seat: int, *, language: str = "en", size: tuple[int, int] = (1920, 1080)
    ):
        c = table.config
        tls = client_tls(c, f"seat-{seat}")
        self.link = Link(f"seat-{seat}", table.keys[f"seat-{seat}"], "127.0.0.1", table.server.port, tls)
        self.app = SeatApp(
            f"seat-{seat}",
            self.link,
            size=size,
            language=language,
            long_press_ms=c.seat.long_press_ms,
            reality_check_minutes=c.seat.reality_check_minutes,
            helpline=c.table.helpline,
            attract_seconds=c.seat.attract_seconds,
            wall=lambda now: LAB_EVENING + timedelta(seconds=now),  # the pictures' clock: replayable
        )
        self.table = table
        self.now = 1000.0

    def __enter__(self) -> LiveSeat:
        self.link.start()
        self.until(lambda s: s.link == "up" and s.me is not None and s.offer is not None, "link up")
        return self

    def __exit__(self, *exc: object) -> None:
        self.link.stop()

    @property
    def model(self) -> SeatModel:
        """What the seat knows now."""
        return self.app.control.model

    def pump(self) -> None:
        """Hand the seat whatever the controller sent so far."""
        self.app.receive(self.link.drain(), self.now)
        self.app.update(self.now)

    def until(self, ready: Callable[[SeatModel], bool], what: str, timeout_s: float = 30.0) -> None:
        """Pump until ``ready(model)``; :class:`LiveTableError` naming ``what`` after ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while True:
            self.pump()
            if ready(self.model):
                return
            if time.monotonic() > deadline:
                raise LiveTableError(f"{self.model.seat}: {what} did not happen in {timeout_s} s")
            time.sleep(0.005)

    def settle(self, timeout_s: float = 30.0) -> None:
        """Hand the seat every reply and push: wait until each intent sent has its reply and every frame the
        table has sent this seat so far is in (not for a quiet spell, which a busy machine can fake)."""
        sent = self.table.call(lambda: self.table.server.sent(self.link.seat))
        if not self.link.caught_up(sent, timeout_s):
            raise LiveTableError(f"{self.link.seat}: the table's replies did not arrive in {timeout_s} s")
        self.pump()

    def act(self, kind: str, text: str = "", value: int = 0) -> None:
        """Post an intent as a view would, and wait for the controller's answer."""
        self.app.act(i.Intent(kind, text, value), self.now)
        self.settle()

    def place(self, spot: str, chip: int) -> None:
        """Select ``chip`` and put it on ``spot``."""
        self.act(i.CHIP, value=chip)
        self.act(i.PLACE, spot)

    def tap(self, pos: tuple[int, int]) -> None:
        """A tap at ``pos`` through the gesture path."""
        self.app.gesture(Gesture("tap", pos), self.now)
        self.settle()

    def shot(self, path: Path) -> Path:
        """The current frame as a PNG."""
        return render_png(self.app, path, self.now)
