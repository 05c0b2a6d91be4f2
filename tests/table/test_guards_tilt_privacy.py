"""A seat hears only its own tilts' details (issue 28 §3).

Attack: a hand-pay tilt at seat 2 (its detail: the award and the wagers) was broadcast to every client,
so seat 1's screen received ``seat 2: {"award": 180000, ...}``. Now a player station gets table-wide tilts
and its own; the display gets table-wide tilts (all it shows); the service screen gets every tilt whole.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from terminal.net import messages as m
from terminal.table.tilts import Tilt, TiltKind
from tests.net.net_helpers import pushed_so_far
from tests.table.harness import make_config, scripted_table
from tests.table.test_device_input import _client, _serve

AWARD = json.dumps({"award": 180_000, "wager": "straight"})


def _tilts(pushed: list[m.Message]) -> list[m.Tilt]:
    return [p for p in pushed if isinstance(p, m.Tilt)]


def test_a_hand_pay_at_one_seat_reaches_only_that_seat_and_the_service_screen(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()

    async def scenario() -> dict[str, list[m.Message]]:
        controller, server = await _serve(table, None)
        clients = {name: await _client(server, name) for name in ("seat-1", "seat-2", "display", "service")}
        table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 2, AWARD))
        await controller.sync_tilts()
        late = await _client(server, "seat-3")  # a seat linking up later hears the standing tilts
        clients["seat-3"] = late
        pushed = {name: await pushed_so_far(server, client) for name, client in clients.items()}
        for client in clients.values():
            await client.close()
        await server.close()
        return pushed

    pushed = asyncio.run(scenario())
    for other in ("seat-1", "seat-3", "display"):
        assert [t for t in _tilts(pushed[other]) if t.seat == 2] == [], other
        assert not any("180000" in repr(p) for p in pushed[other]), other
    own = [t for t in _tilts(pushed["seat-2"]) if t.seat == 2]
    assert len(own) == 1 and own[0].reason == "handpay" and own[0].active
    service = [t for t in _tilts(pushed["service"]) if t.seat == 2]
    assert len(service) == 1 and "180000" in service[0].detail


def test_a_table_tilt_still_reaches_every_screen(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()

    async def scenario() -> dict[str, list[m.Message]]:
        controller, server = await _serve(table, None)
        clients = {name: await _client(server, name) for name in ("seat-1", "display", "service")}
        table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))
        await controller.sync_tilts()
        pushed = {name: await pushed_so_far(server, client) for name, client in clients.items()}
        for client in clients.values():
            await client.close()
        await server.close()
        return pushed

    pushed = asyncio.run(scenario())
    for name in ("seat-1", "display", "service"):
        assert [t.reason for t in _tilts(pushed[name]) if t.seat is None] == ["service_mode"], name
