"""A station with valid credentials cannot grow the event log without bound (issue 28 §3).

Attack: 50 parallel sessions of seat 1 (its real key) each replaced the one before; every replacement
logged the seat's link lost (a ``TILT`` and a ``COMMS_LOSS``) and restored (``TILT_CLEARED`` and
``COMMS_RESTORED``): 55 rows for one burst, and as many again for the next. Now a client has one session:
a second is refused while the first is up (after a short grace for a closing one); and a seat whose link
keeps dropping and coming back has its losses logged a few times a minute, then coalesced into one
``COMMS_FLAPPING`` event until it has been steady again, with the count of the cycles left out.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from terminal.ledger import EventCode
from terminal.net.client import TableClient
from terminal.net.errors import HandshakeError
from terminal.table.table import Table
from terminal.table.tilts import TiltKind
from tests.table.harness import make_config, scripted_table
from tests.table.test_device_input import KEYS, _serve


def _rows(table: Table) -> int:
    with sqlite3.connect(table.config.ledger.path) as db:
        (count,) = db.execute("SELECT count(*) FROM events").fetchone()
    return int(count)


def test_fifty_parallel_sessions_of_one_seat_log_a_bounded_number_of_rows(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    before = _rows(table)

    async def scenario() -> tuple[int, int]:
        _, server = await _serve(table, None)
        clients = [TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", server.port) for _ in range(50)]
        outcomes = await asyncio.gather(*(c.connect() for c in clients), return_exceptions=True)
        up = sum(not isinstance(o, BaseException) for o in outcomes)
        refused = sum(isinstance(o, HandshakeError) for o in outcomes)
        for client in clients:
            await client.close()
        await server.close()
        return up, refused

    up, refused = asyncio.run(scenario())
    assert up == 1 and refused == 49
    # one session came and went: its loss at most (TILT + COMMS_LOSS); never a row per attempt
    assert _rows(table) - before <= 2, _rows(table) - before


def test_a_seat_reconnecting_in_a_loop_is_coalesced(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    before = _rows(table)

    async def scenario() -> None:
        _, server = await _serve(table, None)
        for _ in range(50):
            client = TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", server.port)
            await client.connect()
            while "seat-1" not in server.linked():
                await asyncio.sleep(0.001)
            await client.close()
            while "seat-1" in server.linked():
                await asyncio.sleep(0.001)
        await server.close()

    asyncio.run(scenario())
    added = _rows(table) - before
    assert added <= 16, added  # a few cycles logged in full, then one COMMS_FLAPPING
    flapping = table.ledger.events(EventCode.COMMS_FLAPPING, 10)
    assert len(flapping) == 1 and json.loads(flapping[0].detail)["seat"] == 1
    # the seat is still locked while its link is down, logged or not
    assert table.tilts.find(TiltKind.LINK_LOST, 1) is not None and 1 not in table.linked
