"""Exactly once across a restart, against a real ``nats-server -js``: a table started again after the
stream's duplicate window has passed sends nothing twice.

The attack of issue 28: a table stopped and started again more than 120 s later re-sent its previous
run's last transaction with the old message ids (the server no longer remembered them), and the stream
stored them twice: at reconnect the link asked for the last message on ``floor.<table>.>``, got its own
info message (no ledger sequence) and skipped nothing. Here the stream's duplicate window is a quarter of
a second, so the restart need not wait two minutes; each restart waits until the server has forgotten
the last run's ids (:func:`forgotten`), not for a fixed time.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import nats

from terminal.lab.headless import run_headless
from terminal.ledger import Ledger, highwater
from tests.floor.servers import Server, floor_options
from tests.floor.tables import floor_config, ledger_facts
from tests.floor.test_link import _quiet, _table_messages, check_floor_matches_ledger

WINDOW_S = 0.25


def short_window_stream(url: str) -> None:
    """The ``FLOOR`` stream (the floor service made it) with its duplicate window cut to one second."""

    async def make() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            js = nc.jetstream()
            config = (await js.stream_info("FLOOR")).config
            await js.update_stream(dataclasses.replace(config, duplicate_window=WINDOW_S))
        finally:
            await nc.close()

    asyncio.run(make())


def forgotten(url: str, probe: str, timeout_s: float = 60.0) -> None:
    """Until the server has forgotten every message id it was given before now: a probe message (on a
    subject of no table of this test) is published with the id ``probe``, then again with the same id
    until the server no longer calls it a duplicate. The server forgets ids in the order it got them, so
    once the probe's first id is gone, so is every id of the run before it."""

    async def wait() -> None:
        nc = await nats.connect(url, **floor_options())
        try:
            js = nc.jetstream()
            headers = {"Nats-Msg-Id": probe}
            await js.publish("floor.T-05.info", b"{}", headers=headers)
            deadline = time.monotonic() + timeout_s
            while (await js.publish("floor.T-05.info", b"{}", headers=headers)).duplicate:
                assert time.monotonic() < deadline, f"the server still remembers {probe} after {timeout_s} s"
                await asyncio.sleep(WINDOW_S / 10)
        finally:
            await nc.close()

    asyncio.run(wait())


def test_a_table_started_again_after_the_duplicate_window_sends_nothing_twice(
    tmp_path: Path, server: Server
) -> None:
    short_window_stream(server.url)
    c = floor_config(tmp_path / "t1", server.url)
    for run in range(3):  # each start after the last run's message ids are forgotten by the server
        assert run_headless(c, rounds=2, seats=2, progress=_quiet).verified
        forgotten(server.url, f"probe-{run}")
    messages = _table_messages(server.url, "T-01")
    twice = [msg_id for msg_id, n in Counter(m["msg_id"] for m in messages).items() if n > 1]
    assert twice == [], f"the stream holds {len(twice)} rows twice: {twice[:4]}"
    check_floor_matches_ledger(messages, ledger_facts(c))


def plant(url: str, subject: str, body: dict[str, object]) -> None:
    async def send() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            await nc.jetstream().publish(subject, json.dumps(body).encode())
        finally:
            await nc.close()

    asyncio.run(send())


def test_a_forged_row_on_the_tables_subject_does_not_make_it_skip_its_backlog(
    tmp_path: Path, server: Server
) -> None:
    """Someone publishes a message claiming this ledger's row 1,000,000 while the table's backlog waits:
    the resync trusts only what the table signed, so every row of the backlog still reaches the stream."""
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=2, seats=2, progress=_quiet)
    server.stop()
    run_headless(c, rounds=2, seats=2, progress=_quiet)  # a backlog in the outbox
    server.start()
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        ours = highwater.identity(ledger.db)
    finally:
        ledger.close()
    forged = {"kind": "event", "table": "T-01", "ledger": ours, "seq": 1_000_000}
    plant(server.url, "floor.T-01.event", forged)
    run_headless(c, rounds=1, seats=2, progress=_quiet)
    messages = [m for m in _table_messages(server.url, "T-01") if m["body"].get("seq") != 1_000_000]
    check_floor_matches_ledger(messages, ledger_facts(c))
