"""A replayed witness, against a real ``nats-server -js`` and a running floor service.

The attack: the table's database is rolled back to an earlier copy, and the table's own signed round of
that moment is published again on its round subject (its signature still holds), so the stream's last
signed word is exactly what the rolled-back ledger reaches. The floor service applied every round once, in
order: asked with a nonce, it answers with the newest round it applied, signed, and the table refuses the
rolled-back ledger.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
import pytest

from terminal.config import Config
from terminal.lab.headless import run_headless
from terminal.ledger import EventCode, Ledger
from terminal.ledger.highwater import RollbackError
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.floor.servers import Server, as_floor, floor_options
from tests.floor.tables import FloorService, floor_config
from tests.floor.test_link import _quiet


@pytest.fixture
def service(tmp_path: Path, server: Server) -> Iterator[FloorService]:
    with FloorService(floor_config(tmp_path / "floor", server.url, "FLOOR-PC", **as_floor())) as running:
        yield running


def last_round(url: str) -> tuple[bytes, dict[str, str]]:
    """The last message on T-01's round subject as the stream holds it: body and headers."""

    async def read() -> tuple[bytes, dict[str, str]]:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            found = await nc.jetstream().get_last_msg("FLOOR", "floor.T-01.round")
            return found.data or b"", dict(found.headers or {})
        finally:
            await nc.close()

    return asyncio.run(read())


def replay(url: str, data: bytes, headers: dict[str, str]) -> None:
    """What the attacker does: the same bytes and signature, published again under a new message id."""

    async def send() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            signed = {k: v for k, v in headers.items() if k.startswith("Floor-")}
            await nc.jetstream().publish("floor.T-01.round", data, headers=signed | {"Nats-Msg-Id": "again"})
        finally:
            await nc.close()

    asyncio.run(send())


def refusals(c: Config) -> list[dict[str, Any]]:
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        return [json.loads(e.detail) for e in ledger.events(EventCode.FLOOR_WITNESS_FAIL)]
    finally:
        ledger.close()


def test_a_replayed_round_does_not_open_a_rolled_back_ledger(
    tmp_path: Path, server: Server, service: FloorService
) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=3, seats=2, progress=_quiet)
    then = last_round(server.url)  # the round the copy below reaches
    var = c.ledger.path.parent
    shutil.copytree(var, tmp_path / "snapshot")
    run_headless(c, rounds=3, seats=2, progress=_quiet)  # three more rounds the floor hears of
    shutil.rmtree(var)
    shutil.copytree(tmp_path / "snapshot", var)  # rolled back
    replay(server.url, *then)
    assert last_round(server.url)[0] == then[0]  # the stream's last signed word is the old round
    with pytest.raises(RollbackError, match="the floor saw this ledger further on"):
        boot(c, ManualClock(time.time()))
    assert [r["from"] for r in refusals(c)] == ["floor service"]
