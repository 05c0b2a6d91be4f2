"""Simulated devices are not a production table (issue 28 §3).

Attacks: with the shipped ``[devices] kind = simulated`` and lab mode off, a player's seat turned the
service key (``DeviceInput service_key on`` from ``seat-1``), stopping the whole table; and nothing told a
simulated table from a production one, so a ledger played with bills from screen buttons could be carried
to a hardware table. Now a player station never turns the key (in any mode), every simulated boot logs
``DEMO_TABLE`` in the ledger it plays on, and a hardware table refuses such a ledger in one line.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.cli import main
from terminal.ledger import EventCode
from terminal.net import messages as m
from terminal.table.boot import boot
from terminal.table.clock import ManualClock
from terminal.table.tilts import TiltKind
from tests.table.harness import make_config, scripted_table
from tests.table.test_device_input import _cabinet, _client, _serve


@pytest.mark.parametrize("lab", ["false", "true"])
def test_a_player_station_never_turns_the_service_key(tmp_path: Path, lab: str) -> None:
    table = scripted_table(make_config(tmp_path, f"[lab]\nmode = {lab}\n"))
    table.start()

    async def scenario() -> tuple[m.Message, m.Message]:
        _, server = await _serve(table, _cabinet(table))
        seat = await _client(server, "seat-1")
        on = await seat.request(m.DeviceInput("service_key", "on", 0, ""))
        off = await seat.request(m.DeviceInput("service_key", "off", 0, ""))
        await seat.close()
        await server.close()
        return on, off

    on, off = asyncio.run(scenario())
    assert isinstance(on, m.Error) and "never turns the service key" in on.message
    assert isinstance(off, m.Error)
    assert not any(t.kind is TiltKind.SERVICE_MODE for t in table.tilts.active)
    assert all("service_key" not in e.detail for e in table.ledger.events(EventCode.MODE_CHANGE, 10))


def _cfg(folder: Path, kind: str) -> Path:
    cfg = folder / "kiosk.cfg"
    text = "[table]\nseats = 2\n"
    if kind == "hardware":
        gpio = folder / "gpio"
        gpio.mkdir(exist_ok=True)
        for name in ("door", "key"):
            (gpio / name).write_text("0\n")
        text += f"[devices]\nkind = hardware\nmain_door = {gpio / 'door'}\nservice_key = {gpio / 'key'}\n"
    cfg.write_text(text)
    return cfg


def test_a_simulated_boot_logs_a_demo_table_and_a_hardware_table_refuses_its_ledger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = boot(configuration.load(_cfg(tmp_path, "simulated")), ManualClock(1_800_000_000.0))
    table.start()
    demo = table.ledger.events(EventCode.DEMO_TABLE, 5)
    assert len(demo) == 1 and "simulated" in demo[0].detail
    table.ledger.close()
    rows = _rows(tmp_path)
    capsys.readouterr()
    assert main(["run", "--headless", "--rounds", "1", "--config", str(_cfg(tmp_path, "hardware"))]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert "demo ledger" in err[0] and "kind = hardware" in err[0]
    assert _rows(tmp_path) == rows  # refused before anything was written to it


def test_a_hardware_table_opens_a_ledger_no_simulated_table_played(tmp_path: Path) -> None:
    c = configuration.load(_cfg(tmp_path, "hardware"))
    table = boot(c, ManualClock(1_800_000_000.0))
    try:
        assert table.ledger.events(EventCode.DEMO_TABLE, 5) == []
    finally:
        table.ledger.close()


def _rows(folder: Path) -> int:
    import sqlite3

    with sqlite3.connect(folder / "var" / "ledger.sqlite") as db:
        (count,) = db.execute("SELECT count(*) FROM events").fetchone()
    return int(count)
