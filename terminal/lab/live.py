"""The live table's controller process: the real controller on a real clock, bots at the seats asked for.

``terminal controller`` runs this alone, as a real table does; ``terminal run`` with a display starts it
in a process of its own beside the table display and the seat windows. It plays rounds until SIGTERM or
SIGINT, pausing after each result so the screens can show it (the spin or the roll, then ``[table]
results_seconds``). A stop between rounds or inside a window is clean: every table call is one ledger
transaction, so the round in progress simply resumes on the next start.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from terminal.config import Config
from terminal.desk.desk import ServiceDesk
from terminal.devices.events import Door
from terminal.devices.gpio import HardwareDevices, hardware_table
from terminal.devices.simulated import SimDevices, simulated_table
from terminal.devices.tower import GpioTower
from terminal.lab.bots import Bot, menu_and_options
from terminal.lab.headless import _print, net_log, results_pause
from terminal.net.keys import client_ids, provision_keys
from terminal.net.links import client_tls, local_host, plain_warning, server_tls
from terminal.net.server import TableServer
from terminal.table.boot import boot
from terminal.table.cabinet import Cabinet
from terminal.table.clock import SystemClock
from terminal.table.controller import Controller
from terminal.table.table import Table


def serve_live(
    c: Config, *, port: int, bot_seats: tuple[int, ...], rounds: int | None = None,
    progress: Callable[[str], None] = print,
) -> int:  # fmt: skip
    """Run the table until told to stop (or ``rounds`` rounds); returns the rounds played."""
    table = boot(c, SystemClock())
    try:
        return asyncio.run(_serve(c, table, port, bot_seats, rounds, progress))
    finally:
        table.power_down("controller stopped")  # Ctrl-C, SIGTERM or its rounds done: an orderly stop
        table.ledger.close()


async def _serve(
    c: Config, table: Table, port: int, bot_seats: tuple[int, ...], rounds: int | None,
    progress: Callable[[str], None],
) -> int:  # fmt: skip
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    recovered = table.start()
    if table.program_warning:  # a demo table or a checkout on writable program storage (docs/install.md)
        progress(f"warning        {table.program_warning}")
    if recovered is not None:
        progress(f"recovered round {recovered.round_id}: settled its persisted outcome {recovered.text}")
    cabinet = Cabinet(table)
    cabinet.attach(devices_for(c, cabinet, table.clock.wall))
    controller = Controller(
        table,
        printer=lambda seat, v: _print(cabinet, seat, v),
        desk=ServiceDesk.for_table(table),
        cabinet=cabinet,
    )
    keys = provision_keys(c.seat.keys_path, client_ids(c.table.seats), os.urandom)
    tls = server_tls(c, table.clock.wall(), progress, table.ledger.revocation_numbers())
    if (warning := plain_warning(c)) is not None:
        progress(warning)
    server = TableServer(
        keys, controller, table_id=c.table.table_id, host=c.table.host, port=port,
        heartbeat_s=c.seat.heartbeat_ms / 1000, timeout_s=c.seat.link_timeout_ms / 1000, tls=tls,
        log=net_log(table, progress, tls),
    )  # fmt: skip
    controller.server = server
    await server.start()
    seats = ", ".join(map(str, bot_seats)) or "none"
    progress(f"controller listening on {c.table.host}:{server.port}; bots at seats {seats}")
    chooser = random.Random()
    menu, options = menu_and_options(c)
    bots = [
        Bot(seat, keys[f"seat-{seat}"], local_host(c.table.host), server.port, menu,
            random.Random(chooser.random()), presses_ready=False, tls=client_tls(c, f"seat-{seat}"),
            options=options)
        for seat in bot_seats
    ]  # fmt: skip
    tasks = [asyncio.create_task(bot.run(stop)) for bot in bots]
    tasks.append(asyncio.create_task(_expire_sessions(controller, stop)))
    if isinstance(cabinet.devices, HardwareDevices):  # the switches are read every [devices] poll_ms
        polling = _poll_switches(cabinet.devices, controller, c.devices.poll_ms, stop)
        tasks.append(asyncio.create_task(polling))
    played = 0
    try:
        played = await _rounds(c, table, controller, cabinet, bot_seats, rounds, stop)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await server.close()
    progress(f"controller stopped after {played} rounds; last round id {table.round_id}")
    return played


async def _rounds(
    c: Config, table: Table, controller: Controller, cabinet: Cabinet, bot_seats: tuple[int, ...],
    rounds: int | None, stop: asyncio.Event,
) -> int:  # fmt: skip
    hands = random.Random()
    played = 0
    while not stop.is_set() and (rounds is None or played < rounds):
        _feed(table, cabinet, bot_seats, hands)
        round_task = asyncio.create_task(controller.play(1))
        stopper = asyncio.create_task(stop.wait())
        await asyncio.wait({round_task, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if not round_task.done():  # stopped inside the window: nothing drawn, the round resumes next start
            round_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await round_task
            break
        round_task.result()
        played += 1
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), results_pause(c))
        if not stop.is_set():
            table.open_round()
    return played


def devices_for(c: Config, cabinet: Cabinet, now: Callable[[], datetime]) -> SimDevices | HardwareDevices:
    """The device set ``[devices] kind`` names: simulated (a screen may work them) or the real switches."""
    if c.devices.kind == "simulated":
        return simulated_table(c.table.seats, c.money.bills, cabinet.on_event, now)
    section = c.devices
    wired = {Door.MAIN: section.main_door, Door.LOGIC: section.logic_door, Door.CASH_BOX: section.cash_door}
    doors = {door: path for door, path in wired.items() if path is not None}
    if section.service_key is None:
        raise ValueError("[devices] service_key: a hardware table needs its service key switch")
    given = section.money_lines.strip()
    lines = () if given.lower() == "none" else tuple(Path(p.strip()) for p in given.split(",") if p.strip())
    fitted = {"red": section.tower_red, "yellow": section.tower_yellow, "alarm": section.alarm}
    tower = GpioTower(fitted, time.monotonic) if any(fitted.values()) else None
    return hardware_table(doors, section.service_key, cabinet.on_event, now, lines, tower)


async def _poll_switches(
    devices: HardwareDevices, controller: Controller, every_ms: int, stop: asyncio.Event
) -> None:
    """Read the door and key switches; tell the screens what they changed."""
    while not stop.is_set():
        devices.poll()
        await controller.sync_tilts()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_ms / 1000)


async def _expire_sessions(controller: Controller, stop: asyncio.Event, every_s: float = 1.0) -> None:
    """Idle service sessions end (and their screens are told) while the table runs."""
    while not stop.is_set():
        await controller.expire_service()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_s)


def _feed(table: Table, cabinet: Cabinet, seats: tuple[int, ...], hands: random.Random) -> None:
    """Bots who run low put a bill in their seat's acceptor."""
    devices = cabinet.devices
    if not isinstance(devices, SimDevices):  # a bot has no hands for a real bill validator
        return
    for seat in seats:
        if table.cashier.credits(seat) < 2_000 and not table.tilts.blocks_seat(seat):
            devices.acceptors[seat - 1].insert_bill(hands.choice(table.config.money.bills))
