"""The floor manager's page read over HTTP in-process: what the browser test (``test_web.py``, slow) sees
through Chromium, here as the page's own requests make it (aiohttp's client, no browser).

A real ``nats-server -js``, real tables and the real floor service: a wrong PIN is refused and a right one
gives a session; ``/api/floor`` has every table's row and status (open, offline, tilt); the live feed
(``/events``, server-sent events) hears a bill stacked at a table as it happens.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import aiohttp

from terminal.devices.events import Door
from terminal.lab.headless import run_headless
from terminal.ledger.floorstore import FloorStore
from terminal.table.tilts import Tilt, TiltKind
from tests.floor.page import FloorPage, add_users
from tests.floor.servers import Server
from tests.floor.tables import floor_config
from tests.floor.test_link import _quiet
from tests.floor.test_vouchers import TableThread


def test_the_floor_page_logs_in_lists_every_table_and_feeds_live_events(
    tmp_path: Path, server: Server
) -> None:
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", identity="floor")
    add_users(service)
    run_headless(floor_config(tmp_path / "t2", server.url, "T-02"), rounds=3, seats=2,
                 progress=_quiet)  # fmt: skip  (T-02 played, then closed: it goes offline)
    with FloorPage(service) as url:  # listening before T-01 and T-03 connect: it hears them at once
        live = TableThread(tmp_path / "t1", server.url, "T-01")  # T-01 stays on: alive messages, open
        t3 = TableThread(tmp_path / "t3", server.url, "T-03")
        try:
            door = Tilt(TiltKind.DOOR_OPEN, None, f"{Door.MAIN.value} door open")
            t3.do(lambda t: t.tilts.raise_tilt(door))
            asyncio.run(_visit(url, live))
        finally:
            live.close()
            t3.close()


async def _visit(url: str, live: TableThread) -> None:
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.get(url + "api/floor") as answer:
            assert answer.status == 401  # nothing without a session
        async with http.post(url + "login", data={"user": "fay", "pin": "1357"}) as answer:
            assert answer.status == 401 and "wrong PIN" in await answer.text()
        async with http.post(url + "login", data={"user": "fay", "pin": "2468"}) as answer:
            assert answer.status == 200 and "fay (Attendant)" in await answer.text()  # the page, after 303
        floor = await _until(http, url, lambda f: _statuses(f) == {"T-01": "open", "T-02": "offline",
                                                                  "T-03": "tilt"})  # fmt: skip
        row = next(r for r in floor["tables"] if r["table"] == "T-02")
        assert row["game"] == "roulette" and row["game_name"] == "Roulette" and row["coin_in"].startswith("$")
        assert row["games"] >= 3
        async with http.get(url + "events") as feed:
            assert (await feed.content.readline()).startswith(b": connected")
            await asyncio.to_thread(live.do, lambda t: t.cashier.bill_stacked(2, 5000))  # no reload
            line = await asyncio.wait_for(_feed_line(feed, "BILL_STACKED"), 60)
    assert (line["table"], line["what_name"]) == ("T-01", "Bill stacked")
    assert line["text"] == "seat 2 · Amount: $50.00"


def _statuses(floor: dict[str, Any]) -> dict[str, str]:
    return {row["table"]: row["status"] for row in floor["tables"]}


async def _until(http: aiohttp.ClientSession, url: str, done: Any, timeout_s: float = 60.0) -> dict[str, Any]:
    """``/api/floor`` asked again until ``done(floor)`` (alive messages come every heartbeat)."""
    deadline = time.monotonic() + timeout_s
    while True:
        async with http.get(url + "api/floor") as answer:
            floor: dict[str, Any] = await answer.json()
        if done(floor):
            return floor
        assert time.monotonic() < deadline, f"the floor never showed it: {_statuses(floor)}"
        await asyncio.sleep(0.05)


async def _feed_line(feed: aiohttp.ClientResponse, what: str) -> dict[str, Any]:
    """The first ``feed`` event about ``what`` on the server-sent event stream."""
    kind = ""
    while True:
        text = (await feed.content.readline()).decode().strip()
        if text.startswith("event: "):
            kind = text.removeprefix("event: ")
        elif text.startswith("data: ") and kind == "feed":
            line: dict[str, Any] = json.loads(text.removeprefix("data: "))
            if line["what"] == what:
                return line


def test_a_locked_out_id_stays_locked_out_when_the_page_restarts(
    tmp_path: Path, module_server: Server
) -> None:
    """Three wrong PINs lock the id; the page's service stops and starts again on the same floor store, and
    the right PIN is still refused (the lock-out was held in memory: a restart cleared it). Another id
    logs in as usual."""
    service = floor_config(tmp_path / "floor", module_server.url, "FLOOR-PC", identity="floor")
    add_users(service)
    with FloorPage(service) as url:
        assert asyncio.run(_log_ins(url, [("fay", "0000")] * 3 + [("<b>" * 40, "0")])) == [401] * 4
    with FloorPage(service) as url:  # restarted
        assert asyncio.run(_log_ins(url, [("fay", "2468"), ("ada", "1111")])) == [401, 200]
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    assert [user for user, _, _ in store.logins()] == ["fay"]  # no row for an id no user can have
    store.close()


async def _log_ins(url: str, tries: list[tuple[str, str]]) -> list[int]:
    """The status of each log-in, each in a fresh session."""
    found = []
    for user, pin in tries:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as http, http.post(
            url + "login", data={"user": user, "pin": pin}
        ) as answer:
            found.append(answer.status)
    return found
