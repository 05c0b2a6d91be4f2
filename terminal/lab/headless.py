"""The headless table: the real controller, ledger and RNG, with bot players over the real protocol.

``terminal run --headless`` plays the configured rounds this way: the controller listens on loopback,
K bot seats connect with their own keys, and the players' hands work the simulated devices (a bill into
the acceptor when a seat runs low, or a voucher it was printed earlier back into the reader). On a manual
clock a window closes as soon as every linked seat pressed ready, so rounds run as fast as the machine
allows; ``realtime`` keeps the configured window lengths. A run stopped at any instant and started again
continues the same table from its ledger. At the end: a summary, and the ledger verified.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from terminal.config import Config
from terminal.config.game_rules import game_of
from terminal.desk.desk import ServiceDesk
from terminal.devices.simulated import SimDevices, simulated_table
from terminal.lab.bots import Bot, menu_and_options
from terminal.ledger import EventCode, LedgerError, meters, report
from terminal.money import find_currency, format_amount
from terminal.net.keys import client_ids, provision_keys
from terminal.net.links import client_tls, local_host, plain_warning, server_tls
from terminal.net.pki import PkiError
from terminal.net.server import NetEvent, TableServer
from terminal.net.tls import ServerTls
from terminal.table.boot import boot
from terminal.table.cabinet import Cabinet
from terminal.table.clock import Clock, ManualClock, SystemClock
from terminal.table.controller import Controller
from terminal.table.table import RoundReport, Table
from terminal.table.tilts import TiltKind

Progress = Callable[[str], None]


def net_log(table: Table, say: Progress | None, tls: ServerTls | None = None) -> Callable[[NetEvent], None]:
    """The controller's use of the protocol's events: the revocation list in force (at start and on every
    change) goes into the ledger's event log, with its number and CA (``tls``) so that a later start
    refuses an older list; refusals are said with ``say`` (None: kept quiet)."""

    def log(event: NetEvent) -> None:
        if event.kind == "revocation":
            try:
                detail: dict[str, object] = {"detail": event.detail}
                if tls is not None:
                    detail |= {"number": tls.number, "ca": tls.ca_id}
                table.ledger.log_event(EventCode.LINK_REVOCATIONS, now=table.clock.wall(), detail=detail)
            except LedgerError as failed:  # the table tilts on its own next write; say it here too
                if say is not None:
                    say(f"revocations    not logged: {failed}")
        if say is None:
            return
        if event.kind == "revocation":
            say(f"revocations    {event.detail}")
        elif event.kind in ("refused", "internal"):
            say(f"link {event.kind:<10}{event.seat or 'a client'}: {event.detail}")

    return log


def results_pause(c: Config) -> float:
    """Real seconds between a result and the next window: the display's spin or roll, then the results."""
    return game_of(c).show_seconds + c.table.results_seconds


class HeadlessError(RuntimeError):
    """The headless table could not run (its bot seats did not connect)."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What a headless run did and what the ledger says."""

    rounds: int
    last_round: int
    wagers: int
    refusals: dict[str, int]
    totals: dict[str, int]
    rtp: dict[str, str]
    verified: bool
    audit: tuple[str, ...]
    seconds: float

    def lines(self, currency: str) -> list[str]:
        """The summary a person reads."""
        cur = find_currency(currency)

        def money(key: str) -> str:
            return format_amount(self.totals[key], cur)

        rate = self.rounds / self.seconds if self.seconds else 0.0
        rhs, holds = report.identity(self.totals)
        out = [
            f"rounds played  {self.rounds} this run (last round id {self.last_round}), {rate:,.0f} rounds/s",
            f"wagers placed  {self.wagers} this run; refused: {_counts(self.refusals) or 'none'}",
            f"wagered {money('wagered')}  won {money('won')}  in play {money('in_play')}  "
            f"seat credits {money('seat_credits')}",
            f"cash in {money('cash_in')}  vouchers in {money('vouchers_in')}  "
            f"vouchers out {money('vouchers_out')}  hand-pays {money('handpays')}  "
            f"cancelled {money('cash_out')}",
            f"identity       seat credits {money('seat_credits')} = cash in + vouchers in + won - wagered"
            f" - cash out - vouchers out - hand-pays = {format_amount(rhs, cur)}: "
            + ("holds" if holds else "DOES NOT HOLD"),
            "actual RTP by wager (won / wagered, whole ledger): "
            + ", ".join(f"{kind} {value}" for kind, value in self.rtp.items()),
            f"ledger verify  {'OK' if self.verified else 'FAILED'}; meters agree with the journal: "
            + ("yes" if not self.audit else "NO: " + "; ".join(self.audit)),
        ]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "last_round": self.last_round,
            "wagers": self.wagers,
            "refusals": self.refusals,
            "totals": self.totals,
            "rtp": self.rtp,
            "verified": self.verified,
            "audit": list(self.audit),
            "seconds": round(self.seconds, 3),
        }


def _counts(counter: dict[str, int]) -> str:
    return ", ".join(f"{name} {count}" for name, count in sorted(counter.items()))


Observer = Callable[[int, asyncio.Event], Coroutine[Any, Any, None]]


def run_headless(
    c: Config,
    *,
    rounds: int,
    seats: int,
    realtime: bool = False,
    seed: int | None = None,
    progress: Progress = print,
    observer: Observer | None = None,
    clock: Clock | None = None,
    clients: tuple[str, ...] = (),
) -> Summary:
    """Play ``rounds`` rounds with ``seats`` bots; returns the summary (the ledger is verified).

    ``observer(port, stop)``, if given, runs beside the bots (the display's recorder for screenshots).
    ``clock``: what a ``realtime`` run keeps its windows on (the machine's clock unless given); a run not
    in real time jumps a manual clock to each deadline. ``clients``: the table's other clients (``sas``,
    the SAS process an observer starts) that must be linked before the first round, as the bots are.
    """
    kept: Clock = (clock or SystemClock()) if realtime else ManualClock(time.time())
    table = boot(c, kept)
    try:
        return asyncio.run(_play(c, table, rounds, seats, seed, progress, observer, clients))
    finally:
        table.power_down("headless run ended")  # finished or interrupted: an orderly stop either way
        table.ledger.close()


async def _play(
    c: Config,
    table: Table,
    rounds: int,
    seats: int,
    seed: int | None,
    progress: Progress,
    observer: Observer | None,
    clients: tuple[str, ...] = (),
) -> Summary:
    started = time.perf_counter()
    recovered = table.start()
    if recovered is not None:
        progress(f"recovered round {recovered.round_id}: settled its persisted outcome {recovered.text}")
    cabinet = Cabinet(table)
    if c.devices.kind != "simulated":  # the bots' hands work simulated devices; a hardware table has none
        raise HeadlessError("a headless run plays with simulated devices; this table's are hardware")
    cabinet.attach(simulated_table(seats, c.money.bills, cabinet.on_event, table.clock.wall))
    controller = Controller(
        table, printer=lambda seat, v: _print(cabinet, seat, v), desk=ServiceDesk.for_table(table),
        cabinet=cabinet,  # the service key of a headless table turns too (from `terminal service`)
    )  # fmt: skip
    keys = provision_keys(c.seat.keys_path, client_ids(c.table.seats), os.urandom)
    try:
        tls = server_tls(c, table.clock.wall(), progress, table.ledger.revocation_numbers())
        seat_tls = {seat: client_tls(c, f"seat-{seat}") for seat in range(1, seats + 1)}
    except PkiError as bad:
        raise HeadlessError(f"the table's certificates: {bad}") from None
    if (warning := plain_warning(c)) is not None:
        progress(warning)
    server = TableServer(
        keys,
        controller,
        table_id=c.table.table_id,
        host=c.table.host,
        port=c.table.port,
        heartbeat_s=c.seat.heartbeat_ms / 1000,
        timeout_s=c.seat.link_timeout_ms / 1000,
        tls=tls,
        log=net_log(table, None, tls),
    )
    controller.server = server
    try:
        await server.start()
    except OSError as failed:  # the port is taken (another table?), or the address is not this machine's
        where = f"{c.table.host}:{c.table.port}"
        raise HeadlessError(f"cannot listen on {where}: {failed.strerror or failed}") from None
    progress(f"controller listening on {c.table.host}:{server.port}")
    stop = asyncio.Event()
    chooser = random.Random(seed)  # None: a fresh seed
    realtime = not isinstance(table.clock, ManualClock)
    host = local_host(c.table.host)
    menu, options = menu_and_options(c)
    bots = [  # in real time nobody presses ready: every window runs its configured length
        Bot(seat, keys[f"seat-{seat}"], host, server.port, menu, random.Random(chooser.random()),
            presses_ready=not realtime, tls=seat_tls[seat], options=options)
        for seat in range(1, seats + 1)
    ]  # fmt: skip
    tasks = [asyncio.create_task(bot.run(stop)) for bot in bots]
    if observer is not None:
        tasks.append(asyncio.create_task(observer(server.port, stop)))
    hands = random.Random(chooser.random())
    every = max(1, rounds // 10)

    def before_window() -> None:
        _feed_seats(table, cabinet, seats, hands)
        if table.round_id % every == 0:
            progress(f"round {table.round_id}: {len(table.linked)} seats linked")

    try:  # the bots and the server are stopped however this ends (a seat refused included)
        await _until_linked(table, seats, tasks)
        await _until_clients(server, clients, tasks)
        pause = results_pause(c) if realtime else 0.0
        play = asyncio.create_task(controller.play(rounds, before_window, pause))
        reports = await _watch(table, play, progress)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await server.close()
    return _summarise(table, reports[-1].round_id if reports else table.round_id, len(reports), bots, started)


async def _watch(
    table: Table, play: asyncio.Task[list[RoundReport]], progress: Progress
) -> list[RoundReport]:
    """Say each table tilt once while the rounds play; a ledger that cannot be written ends the run.

    An RNG failure leaves the table up, tilted, its seats keeping their credits and wagers, until a
    technician clears it (``table.health.clear_rng_failure``). A ledger fault or a failed software
    verification ends the run with its reason: only an administrator could clear them, and a headless run
    has nobody to do that.
    """
    told: set[tuple[TiltKind, str]] = set()
    ledger = (TiltKind.LEDGER_STORAGE, TiltKind.LEDGER_INTEGRITY)
    closing = (*ledger, TiltKind.SOFTWARE_VERIFY, TiltKind.SOFTWARE)  # only people clear them: none here
    while not play.done():
        for tilt in table.tilts.active:
            if tilt.seat is not None or (tilt.kind, tilt.detail) in told:
                continue
            told.add((tilt.kind, tilt.detail))
            if tilt.kind in closing:
                play.cancel()
                raise HeadlessError(f"the table tilted ({tilt.kind.value}): {tilt.detail}")
            progress(f"TILT {tilt.kind.value}: {tilt.detail}; the table waits for a technician")
        await asyncio.wait({play}, timeout=0.02)
    try:
        return play.result()
    except LedgerError as failed:  # a round's own write failed: the table tilted with it
        tilted = next((t for t in table.tilts.active if t.kind in ledger), None)
        if tilted is None:
            raise
        raise HeadlessError(f"the table tilted ({tilted.kind.value}): {tilted.detail}") from failed


def _print(cabinet: Cabinet, seat: int, voucher: Any) -> None:
    if cabinet.devices is not None and seat <= len(cabinet.devices.printers):
        cabinet.devices.printers[seat - 1].print_voucher(voucher)


async def _until_linked(
    table: Table, seats: int, bots: list[asyncio.Task[None]], timeout: float = 60.0
) -> None:
    """Wait until every bot seat is linked. A bot the controller refused (a revoked certificate...) is
    said with why once every other bot has linked or failed too, so the count it gives is the final one
    whichever handshake a busy machine finished first."""
    deadline = asyncio.get_running_loop().time() + timeout
    while len(table.linked) < seats:
        failed = [t.exception() for t in bots if t.done() and not t.cancelled() and t.exception()]
        late = asyncio.get_running_loop().time() > deadline
        if failed and (late or len(table.linked) + len(failed) >= seats):
            raise HeadlessError(f"only {len(table.linked)} of {seats} bot seats linked: {failed[0]}")
        if late:
            raise HeadlessError(f"only {len(table.linked)} of {seats} bot seats linked in {timeout} s")
        await asyncio.sleep(0.005)


async def _until_clients(
    server: TableServer, clients: tuple[str, ...], tasks: list[asyncio.Task[None]], timeout: float = 60.0
) -> None:
    """Wait until the controller has taken each of ``clients`` in: linked, and sent more than the handshake's
    ``Welcome`` (the controller's ``on_link_up`` acts on a new client, the SAS process's link logged, before
    its first push). An observer's failure, or ``timeout``, ends the run."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not all(client in server.linked() and server.sent(client) > 1 for client in clients):
        failed = [t.exception() for t in tasks if t.done() and not t.cancelled() and t.exception()]
        if failed:
            raise HeadlessError(f"{', '.join(clients)} did not link to the table: {failed[0]}")
        if asyncio.get_running_loop().time() > deadline:
            raise HeadlessError(f"{', '.join(clients)} did not link to the table in {timeout} s")
        await asyncio.sleep(0.005)


def _feed_seats(table: Table, cabinet: Cabinet, seats: int, hands: random.Random) -> None:
    """Players who run low feed money: a voucher they were printed earlier, else a bill."""
    devices = cabinet.devices
    if not isinstance(devices, SimDevices):  # bots' hands work simulated devices only
        return
    for seat in range(1, seats + 1):
        if table.cashier.credits(seat) >= 2_000 or table.tilts.blocks_seat(seat):
            continue
        pocket = cabinet.pockets[seat]
        if pocket and hands.random() < 0.8:
            devices.readers[seat - 1].insert_voucher(pocket.pop(0))
        else:
            devices.acceptors[seat - 1].insert_bill(hands.choice(table.config.money.bills))


def _summarise(table: Table, last_round: int, played: int, bots: list[Bot], started: float) -> Summary:
    totals = report.summary(table.ledger.db)
    per_wager = meters.by_wager(table.ledger.meters())
    rtp = {
        kind: f"{100 * won / wagered:.1f}%"
        for (_, kind), (wagered, won, _) in sorted(per_wager.items())
        if wagered
    }
    refusals: Counter[str] = Counter()
    placed = 0
    for bot in bots:
        refusals.update(bot.stats.refusals)
        placed += bot.stats.actions["place"]
    verification = table.ledger.verify()
    return Summary(
        played,
        last_round,
        placed,
        dict(refusals),
        {k: int(v) for k, v in totals.items()},
        rtp,
        verification.ok,
        tuple(table.ledger.audit()),
        time.perf_counter() - started,
    )


def write_summary(summary: Summary, out_dir: Path) -> Path:
    """The summary as JSON in the lab output folder."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "headless-summary.json"
    target.write_text(json.dumps(summary.to_json(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return target
