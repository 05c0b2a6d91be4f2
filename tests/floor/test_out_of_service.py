"""The floor takes a table out of service and back, against a real ``nats-server -js``.

``terminal floor service T-01 --out`` (a floor user with their PIN) signs an order with the floor's key;
the table obeys it (a table tilt: no wager, no money; the seats say so in the catalogue's words) and
logs who asked; ``--in`` puts it back. An order nobody signed (published by a plain client) is ignored
and logged as a forgery. Today a floor can watch a table but not act on it.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import nats
import pytest

from terminal.cli import main
from terminal.desk.users import ScryptParams, UserStore
from terminal.i18n import load_catalogue
from terminal.ledger import EventCode
from terminal.ledger.floorstore import FloorStore
from terminal.net.tilt_codes import code_for
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tilts import Role, TiltKind
from tests.floor.servers import Server, as_floor, floor_options
from tests.floor.tables import floor_config
from tests.floor.test_vouchers import TableThread, linked, pump_until, wait_for

FAST = ScryptParams(n=2, r=1, p=1)


def closed(t: Table) -> bool:
    return any(tilt.kind is TiltKind.FLOOR_CLOSED for tilt in t.tilts.active)


def replays(t: Table) -> list[dict[str, Any]]:
    logged = [json.loads(e.detail) for e in t.ledger.events(EventCode.FLOOR_FORGED)]
    return [d for d in logged if d.get("replay")]


def events(code: EventCode) -> Any:
    return lambda t: [(e.user, json.loads(e.detail)) for e in t.ledger.events(code)]


def test_the_floor_takes_a_table_out_of_service_and_back_and_a_forged_order_is_ignored(
    tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", **as_floor())
    admin = UserStore().init("ada", "1111", lambda n: b"a" * n, FAST)
    users = admin.add(admin.users[0], "cal", Role.ATTENDANT, "2222", lambda n: b"c" * n, FAST)
    service.service.users_path.parent.mkdir(parents=True, exist_ok=True)
    users.save(service.service.users_path)
    table = TableThread(tmp_path / "t1", server.url, "T-01")
    try:
        wait_for(lambda: table.do(linked))
        table.do(lambda t: t.cashier.bill_stacked(1, 1_000))

        def order(*args: str) -> int:
            monkeypatch.setattr("sys.stdin", io.StringIO("2222\n"))
            return main(["floor", "service", "T-01", *args, "--user", "cal", "--config", str(service.path)])

        assert order("--out", "--reason", "felt replaced") == 0
        pump_until(table, closed, "T-01 obeying the floor's order")
        with pytest.raises(Refused) as refused:
            table.do(lambda t: t.wagers.place(1, "red", 100))
        assert refused.value.code == "tilt"
        with pytest.raises(Refused):
            table.do(lambda t: t.cashier.cash_out(1))
        ordered = table.do(events(EventCode.FLOOR_OUT_OF_SERVICE))
        assert [(user, d["reason"]) for user, d in ordered] == [("cal", "felt replaced")]
        code = code_for(TiltKind.FLOOR_CLOSED.value, "")  # what every seat is told
        for language in ("en", "es"):
            line = load_catalogue(language).text(f"tilt.{code}")
            assert line and code not in line
        # someone on the servers publishes "back in service" without the floor's key: ignored, logged
        plant(server.url, {"kind": "command", "table": "T-01", "action": "in_service", "user": "ada",
                           "role": "administrator", "reason": "forged", "time": "2026-01-01T00:00Z"})
        pump_until(table, lambda t: bool(t.ledger.events(EventCode.FLOOR_FORGED)), "T-01 logging the forgery")
        assert table.do(closed)
        forged = table.do(lambda t: [json.loads(e.detail) for e in t.ledger.events(EventCode.FLOOR_FORGED)])
        assert [(f["subject"], f["what"]) for f in forged] == [("floor.T-01.command", "order")]
        assert table.do(events(EventCode.FLOOR_IN_SERVICE)) == []
        # a restart keeps the table out of service, and does not obey the same order twice
        table.close()
        table = TableThread(tmp_path / "t1", server.url, "T-01")
        table.do(lambda t: t.start())  # the tilts the event log left active come back
        wait_for(lambda: table.do(linked))
        pump_until(table, lambda t: t.floor is not None and t.floor.sweeps >= 2, "T-01 reading its orders")
        assert table.do(closed)
        assert order("--in", "--reason", "done") == 0
        pump_until(table, lambda t: not closed(t), "T-01 back in service")
        assert [u for u, _ in table.do(events(EventCode.FLOOR_IN_SERVICE))] == ["cal"]
        assert len(table.do(events(EventCode.FLOOR_OUT_OF_SERVICE))) == 1
        assert table.do(lambda t: t.cashier.cash_out(1)).amount == 1_000
        # the floor's own signed "out of service" of before, published again: a replay, not obeyed
        replay_first_order(server.url)
        pump_until(table, lambda t: bool(replays(t)), "T-01 logging the replay")
        assert [r["what"] for r in table.do(replays)] == ["order"]
        assert not table.do(closed) and len(table.do(events(EventCode.FLOOR_OUT_OF_SERVICE))) == 1
    finally:
        table.close()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["floor", "report", "--day", "all", "--config", str(service.path)]) == 0
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    try:
        logged = [(e["name"], e["user"]) for e in store.events(100) if e["name"].startswith("FLOOR_")]
    finally:
        store.close()
    assert ("FLOOR_OUT_OF_SERVICE", "cal") in logged and ("FLOOR_IN_SERVICE", "cal") in logged
    assert ("FLOOR_FORGED", None) in logged  # the floor service saw the unsigned order too


def plant(url: str, body: dict[str, Any]) -> None:
    async def send() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            await nc.jetstream().publish("floor.T-01.command", json.dumps(body).encode())
        finally:
            await nc.close()

    asyncio.run(send())


def replay_first_order(url: str) -> None:
    """What a replaying attacker does: the first order on T-01's subject, bytes and signature as they are,
    published again under a new message id."""

    async def send() -> None:
        nc = await nats.connect(url, **floor_options())  # with server access: the floor's NATS credentials
        try:
            js = nc.jetstream()
            sub = await js.pull_subscribe("floor.T-01.command", stream="FLOOR")
            first = (await sub.fetch(1, timeout=5))[0]
            headers = {k: v for k, v in (first.headers or {}).items() if k.startswith("Floor-")}
            await js.publish(first.subject, first.data, headers=headers | {"Nats-Msg-Id": "replayed"})
            await sub.unsubscribe()
        finally:
            await nc.close()

    asyncio.run(send())
