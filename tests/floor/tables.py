"""Tables for the floor tests: a kiosk.cfg with a ``[floor]`` section, and what their ledgers say."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
from nats.errors import Error as NatsError

from terminal import config as configuration
from terminal.config import Config
from terminal.config.sections import FloorSection
from terminal.floor import accept, credentials, names, signing
from terminal.floor.consumer import follow
from terminal.floor.errors import CredentialsError
from terminal.ledger import Ledger, meters
from terminal.ledger.floorstore import FloorStore
from tests.floor.servers import floor_lines, floor_options, made_keys


def floor_config(
    folder: Path, url: str, table_id: str = "T-01", game: str = "roulette", extra: str = "",
    request_ms: int = 10_000, sweep_ms: int = 50, identity: str | None = None, credentials: bool = True,
    accepted: bool = True,
) -> Config:
    """A table of its own in ``folder`` whose floor link points at ``url``, with the test floor's
    credentials of ``identity`` (the table's own by default; ``floor`` for the floor service or the cage:
    ``servers.as_floor()``); none with ``credentials=False`` (a config the table must refuse).

    The floor's key is shared by every config of the test (``floor.key`` and ``floor.pub`` beside the
    tables' folders), and, with ``accepted``, the table's signing key is registered on the floor at once
    as ``terminal floor accept-table --key`` does (a floor that does not answer yet registers nothing).

    Its floor requests may take 10 s: on a machine busy with other tests a healthy local server can take
    more than a second to answer, and a link that times out a publish counts itself offline (the table
    then refuses other tables' vouchers). A floor that is down refuses the connection at once anyway.
    Its link looks for vouchers closed elsewhere every 50 ms (the least allowed) and tries a floor that went
    away again every 50 ms (5 s and 500 ms shipped): tests wait for what those do, not for their periods."""
    folder.mkdir(parents=True, exist_ok=True)
    cfg = folder / "kiosk.cfg"
    keys = floor_lines(identity or table_id) if credentials else ""
    cfg.write_text(
        f"[table]\ntable_id = {table_id}\ngame = {game}\nseats = 4\nport = 0\ngaming_day_hour = 0\n"
        "[floor]\n"
        f"url = {url}\nrequest_ms = {request_ms}\nsweep_ms = {sweep_ms}\nreconnect_ms = 50\n"
        f"heartbeat_seconds = 1\ngaming_day_hour = 0\nfloor_key_path = ../floor.key\n"
        f"floor_pub_path = ../floor.pub\n{keys}{extra}",
        encoding="utf-8",
    )
    c = configuration.load(cfg)
    if accepted and credentials:  # one without the test floor's credentials is on a floor of its own
        register(c)
    return c


def as_floor_section(section: FloorSection) -> FloorSection:
    """``section`` connecting with the floor's credentials (as ``floor accept-table`` runs on the floor's
    computer)."""
    keys = made_keys()
    who = credentials.FLOOR
    paths = {"ca_path": keys.ca_cert, "cert_path": keys.cert(who), "key_path": keys.key(who)}
    return dataclasses.replace(section, nkey_path=keys.seed(who), **paths)


def register(c: Config) -> bool:
    """Register the table's signing key at the floor (two people, as ``floor accept-table --key``);
    ``False`` when the floor does not answer."""
    assert c.floor is not None
    key = signing.table_signer(c.floor, c.table.table_id).public
    who = {"time": "2026-01-01T00:00:00.000000Z", "user": "ada", "second_user": "fay", "reason": "test"}
    try:
        asyncio.run(accept.publish(as_floor_section(c.floor), c.table.table_id, None, key, **who))
    except (OSError, NatsError, TimeoutError, CredentialsError):  # FloorAuthError too
        return False
    return True


class FloorService:
    """``terminal floor`` on a thread of its own: follows the stream, answers the tables' questions."""

    def __init__(self, c: Config) -> None:
        assert c.floor is not None
        self.section, self.loop = c.floor, asyncio.new_event_loop()
        self.stop = asyncio.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        store = FloorStore(self.section.store_path, 0)
        try:
            await follow(self.section, store, self.stop)
        finally:
            store.close()

    def __enter__(self) -> FloorService:
        self.thread.start()
        asyncio.run(self._answering())
        return self

    async def _answering(self, timeout_s: float = 60.0) -> None:
        """Until the service answers a table's question (T-01's, on its own witness subject)."""
        nc = await nats.connect([u.strip() for u in ",".join(self.section.url).split(",")],
                                **floor_options("T-01"))  # fmt: skip
        deadline = time.monotonic() + timeout_s
        try:
            while time.monotonic() < deadline:
                with contextlib.suppress(NatsError, TimeoutError):
                    await nc.request(names.witness_subject("T-01"), b"ready?", timeout=1.0)
                    return
                await asyncio.sleep(0.01)  # no responders yet (it answers in tens of ms): ask again soon
        finally:
            await nc.close()
        raise AssertionError(f"the floor service did not answer in {timeout_s} s")

    def __exit__(self, *_: object) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


def unresolved(db: Any, start: str = "", end: str = "~") -> dict[str, int]:
    """The floor meters of the stakes placed in ``[start, end)`` and not resolved yet: the table holds
    them back until the settlement that resolves them (read here from the wagers and results tables)."""
    rows = db.execute(
        "SELECT w.game, w.kind, sum(w.stake), count(*) FROM wagers w JOIN transactions t ON t.id = w.txn_id "
        "WHERE NOT EXISTS (SELECT 1 FROM results r WHERE r.wager_id = w.id) AND t.time >= ? AND t.time < ? "
        "GROUP BY w.game, w.kind",
        [start, end],
    ).fetchall()
    held: dict[str, int] = {"wagered": sum(int(staked) for _, _, staked, _ in rows)}
    for game, kind, staked, count in rows:
        held[f"wager:{game}:{kind}:wagered"] = int(staked)
        held[f"wager:{game}:{kind}:count"] = int(count)
    return held


def ledger_facts(c: Config) -> dict[str, Any]:
    """What the table's own ledger holds: its floor meters (less the stakes not resolved yet), events and
    settled rounds."""
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        held = unresolved(ledger.db)
        stored = {n: v - held.get(n, 0) for n, v in meters.read(ledger.db).items()}
        return {
            "meters": {n: v for n, v in stored.items() if v and (":" not in n or n.startswith("wager:"))},
            "events": [tuple(r) for r in ledger.db.execute("SELECT id, code FROM events ORDER BY id")],
            "rounds": [r for (r,) in ledger.db.execute("SELECT round_id FROM settlements ORDER BY id")],
        }
    finally:
        ledger.close()


def sums(bodies: list[dict[str, Any]]) -> dict[str, int]:
    """The meters deltas of ``bodies`` added up (zeros left out)."""
    total: dict[str, int] = {}
    for body in bodies:
        for name, delta in body.get("delta", {}).items():
            total[name] = total.get(name, 0) + delta
    return {n: v for n, v in total.items() if v}
