"""The witness trusts only signed words, against a real ``nats-server -js``.

The attacks of issue 28: someone on the floor's servers publishes on a table's round subject (a) an
acceptance naming the ledger they rolled back, so the table opens it, or (b) a round whose witness the
ledger cannot reach, so the table stays closed. Neither is signed by the floor or by the table: the
witness steps over both, reads the last signed word, and the table logs what it stepped over.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
import pytest

from terminal.lab.headless import run_headless
from terminal.ledger import EventCode, Ledger, highwater
from terminal.ledger.highwater import RollbackError
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from tests.floor.servers import Server, floor_options
from tests.floor.tables import floor_config
from tests.floor.test_link import _quiet

NOW = "2026-03-02T06:00:00.000000Z"


def plant(url: str, subject: str, body: dict[str, Any]) -> None:
    """What the attacker does: a plain client publishes ``body`` on ``subject``."""

    async def send() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            await nc.jetstream().publish(subject, json.dumps(body, sort_keys=True).encode())
        finally:
            await nc.close()

    asyncio.run(send())


def identity(c: Any) -> str:
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        return highwater.identity(ledger.db)
    finally:
        ledger.close()


def forged_events(c: Any) -> list[dict[str, Any]]:
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        return [json.loads(e.detail) for e in ledger.events(EventCode.FLOOR_FORGED)]
    finally:
        ledger.close()


def test_a_forged_acceptance_does_not_open_a_rolled_back_ledger(tmp_path: Path, server: Server) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=3, seats=2, progress=_quiet)
    var = c.ledger.path.parent
    snapshot = tmp_path / "snapshot"
    shutil.copytree(var, snapshot)  # the database, its mark and its keys, together
    run_headless(c, rounds=3, seats=2, progress=_quiet)  # the floor hears of three more rounds
    shutil.rmtree(var)
    shutil.copytree(snapshot, var)  # rolled back
    acceptance = {"kind": "accept", "table": "T-01", "ledger": identity(c)[:16], "time": NOW, "user": "ada",
                  "second_user": "fay", "reason": "restored", "replaces": {}}  # fmt: skip
    plant(server.url, "floor.T-01.round", acceptance)
    with pytest.raises(RollbackError, match="the floor saw this ledger further on"):
        boot(c, ManualClock(time.time()))
    stepped = forged_events(c)
    said = [(e["subject"], e["signer"], e["what"]) for e in stepped]
    assert said == [("floor.T-01.round", "none", "witness")]


def test_a_forged_witness_does_not_close_the_table(tmp_path: Path, server: Server) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=2, seats=2, progress=_quiet)
    round_body = {"kind": "round", "table": "T-01", "ledger": identity(c), "epoch": 1, "seq": 999,
                  "time": NOW, "round": {"witness": {"events": [99_999, "00" * 32]}}}  # fmt: skip
    plant(server.url, "floor.T-01.round", round_body)
    table = boot(c, ManualClock(time.time()))  # the last signed word is the table's own last round
    try:
        passed = table.ledger.events(EventCode.FLOOR_WITNESS_PASS)
        assert json.loads(passed[-1].detail)["seq"] != 999
    finally:
        table.ledger.close()
    assert [e["signer"] for e in forged_events(c)] == ["none"]
