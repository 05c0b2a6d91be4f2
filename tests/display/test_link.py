"""The display over the real protocol: it follows the round, and survives a controller restart."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

from terminal.display.link import DisplayLink
from terminal.display.model import DisplayModel, LinkDown, LinkUp, apply
from terminal.display.scene import scene_at
from terminal.net import messages as m
from terminal.net.server import TableServer
from terminal.table.controller import Controller
from terminal.table.table import Table
from tests.table.harness import make_config, reopen, scripted_table

KEY = bytes([9]) * 32


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def _serve(table: Table, port: int) -> TableServer:
    controller = Controller(table)
    server = TableServer({"display": KEY}, controller, table_id="T-01", port=port, watchdog=False)
    controller.server = server
    await server.start()
    return server


async def _until(link: DisplayLink, seen: list[object], wanted: type, timeout: float = 60.0) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen.extend(link.drain())
        for message in seen:
            if isinstance(message, wanted):
                seen.remove(message)
                return message
        await asyncio.sleep(0.02)
    raise AssertionError(f"no {wanted.__name__} in {timeout} s; saw {seen}")


def test_the_display_survives_a_controller_restart(tmp_path: Path) -> None:
    port = _free_port()
    table = scripted_table(make_config(tmp_path, "[table]\nseats = 2\n"), 17)
    table.start()
    link = DisplayLink(KEY, "127.0.0.1", port, retry_s=0.05)

    async def scenario() -> DisplayModel:
        server = await _serve(table, port)
        link.start()
        seen: list[object] = []
        model = DisplayModel()
        for wanted in (LinkUp, m.TableState):
            model = apply(model, await _until(link, seen, wanted), 1.0)
        assert model.linked and model.round_id == table.round_id and model.phase == "open"
        first_round = model.round_id
        await server.close()  # the controller goes away mid-window (its ledger stays as it is)
        model = apply(model, await _until(link, seen, LinkDown), 2.0)
        assert scene_at(model, 2.0, 20).banner is not None
        restarted = reopen(table, 17)
        assert restarted.start() is None  # nothing was drawn: the open round resumes
        server = await _serve(restarted, port)
        for wanted in (LinkUp, m.TableState):
            model = apply(model, await _until(link, seen, wanted), 3.0)
        await server.close()
        assert model.round_id == first_round == restarted.round_id
        return model

    try:
        model = asyncio.run(scenario())
    finally:
        link.stop()
    scene = scene_at(model, 3.0, 20)
    assert scene.banner is None and scene.round_id == table.round_id
    assert scene.headline == "display.place_bets"
