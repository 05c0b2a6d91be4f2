"""The floor service applies only what a table signed, against a real ``nats-server -js``.

The attack: a plain client publishes on an accepted table's round subject a message shaped like the
table's own (its ledger, a later row sequence) with $9,999.99 of coin-in, and one for a table the floor
never accepted. Today's floor report counted both. Now neither is applied; each is an alert.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import nats
import pytest

from terminal.cli import main
from terminal.lab.headless import run_headless
from terminal.ledger.floorstore import FloorStore
from tests.floor.servers import Server, as_floor, floor_options
from tests.floor.tables import floor_config
from tests.floor.test_link import _quiet, _table_messages


def plant(url: str, subject: str, body: dict[str, object]) -> None:
    async def send() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            await nc.jetstream().publish(subject, json.dumps(body).encode())
        finally:
            await nc.close()

    asyncio.run(send())


def test_the_floor_applies_no_message_its_table_did_not_sign(
    tmp_path: Path, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    c = floor_config(tmp_path / "t1", server.url)
    run_headless(c, rounds=2, seats=2, progress=_quiet)
    last = _table_messages(server.url, "T-01")[-1]["body"]
    fake = {"v": 1, "kind": "round", "table": "T-01", "ledger": last["ledger"], "epoch": last["epoch"],
            "seq": last["seq"] + 1, "time": last["time"], "delta": {"wagered": 999_999},
            "round": {"round_id": 999, "game": "roulette", "witness": {}}}  # fmt: skip
    plant(server.url, "floor.T-01.round", fake)
    plant(server.url, "floor.T-77.round", fake | {"table": "T-77", "ledger": "ab" * 32, "seq": 1})
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", **as_floor())
    assert main(["floor", "report", "--day", "all", "--config", str(service.path)]) == 0
    out = capsys.readouterr().out
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    try:
        coin_in = {t: m.get("wagered", 0) for t, m in store.meters().items()}
        alerts = [(a["table"], a["problem"]) for a in store.alerts()]
    finally:
        store.close()
    assert "T-77" not in coin_in and coin_in["T-01"] < 999_999
    unknown = "unsigned: floor.T-77.round: T-77 is not an accepted table (no registered key)"
    assert alerts == [("T-77", unknown), ("T-01", "unsigned: floor.T-01.round: not signed by T-01")]
    assert "alerts: 2" in out and "T-01: unsigned: floor.T-01.round: not signed by T-01" in out
