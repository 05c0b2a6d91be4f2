"""Attacks on what the signed floor added to the authenticated one: orders, registrations, questions.

A table's NATS credentials (a stolen table computer) try to put an order on another table's command
subject and on its own (orders are the floor's), to register a key of its own choosing in ``TABLES`` or
overwrite another table's, and to make the floor service write its answer where the table names (a
question's reply subject is the asker's to choose: ``$JS.API.STREAM.DELETE.FLOOR`` would have the
floor's own credentials delete the stream). Each is judged by what the server then holds, read back with
the floor's access; what a table legitimately does with the same credentials (read a registration by
name, ask the floor service on its inbox) is checked to still work.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import nats
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from nats.errors import Error as NatsError

from terminal.floor import names, registry, signing
from tests.floor.servers import Server, as_floor, floor_options
from tests.floor.tables import FloorService, floor_config

NUMBER = "999999999999999993"  # a voucher nobody printed
ORDER = {"kind": "command", "table": "T-02", "action": "out_of_service", "user": "ada", "reason": "x",
         "time": "2099-01-01T00:00:00.000000Z"}  # fmt: skip


async def _floor_read(url: str) -> tuple[dict[str, int], dict[str, bytes], bool]:
    """What the server holds, read with the floor's credentials: messages per command/round subject of
    T-01 and T-02, the TABLES records of T-01 and T-02, and whether the FLOOR stream still exists."""
    nc = await nats.connect(url, **floor_options())
    try:
        js = nc.jetstream(timeout=5)
        try:
            info = await js.stream_info(names.STREAM, subjects_filter="floor.*.*")
        except NatsError:
            return {}, {}, False
        kinds = ("command", "round")
        held = {s: n for s, n in (info.state.subjects or {}).items() if s.split(".")[-1] in kinds}
        kv = await js.key_value(registry.BUCKET)
        records = {}
        for table in ("T-01", "T-02"):
            try:
                records[table] = (await kv.get(table)).value or b""
            except NatsError:  # never registered
                records[table] = b""
        return held, records, True
    finally:
        await nc.close()


def test_a_table_cannot_order_a_table_nor_register_a_key(server: Server, tmp_path: Path) -> None:
    t1 = floor_config(tmp_path / "t1", server.url, "T-01")
    floor_config(tmp_path / "t2", server.url, "T-02")
    assert t1.floor is not None
    before = asyncio.run(_floor_read(server.url))
    mine = signing.table_signer(t1.floor, "T-01")  # the table's own signing key, stolen with its computer
    forged_key = signing.Signer("T-01", Ed25519PrivateKey.generate())
    registration = forged_key.sign_record({"table": "T-01", "key": signing.public_hex(forged_key.public)})

    async def attack() -> tuple[list[str], Any]:
        heard: list[str] = []

        async def failed(exc: Exception) -> None:
            heard.append(str(exc))

        nc = await nats.connect(server.url, error_cb=failed, **floor_options("T-01"))
        try:
            for table in ("T-02", "T-01"):
                subject = names.command_subject(table)
                data = json.dumps(ORDER | {"table": table}).encode()
                await nc.publish(subject, data, headers=mine.headers(subject, data))
            for table in ("T-01", "T-02"):
                await nc.publish(f"$KV.{registry.BUCKET}.{table}", json.dumps(registration).encode())
            await nc.flush()  # the server's -ERRs come before the flush's answer, their callbacks just after
            deadline = time.monotonic() + 5
            while sum("permissions violation" in h.lower() for h in heard) < 4:
                if time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.002)
            # what a table may do: read a registration by name (its own, another table's)
            bound = registry.Keys(registry.bound(nc.jetstream(timeout=5)), signing.floor_public(t1.floor))
            return heard, await bound.of("T-02")
        finally:
            await nc.close()

    heard, t2_key = asyncio.run(attack())
    after = asyncio.run(_floor_read(server.url))
    assert after == before, "T-01's credentials changed an order or a registration"
    assert not any(s.endswith(".command") for s in after[0])
    assert sum("permissions violation" in h.lower() for h in heard) >= 4, heard
    assert t2_key is not None  # reading one registration by name still works


def test_the_floor_service_answers_a_table_only_on_an_inbox(server: Server, tmp_path: Path) -> None:
    """A question whose reply subject is the stream's delete, another table's round subject or a voucher
    in the bucket: the floor service must not publish there with its credentials."""
    floor_config(tmp_path / "t1", server.url, "T-01")
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", **as_floor(), accepted=False)
    traps = [f"$JS.API.STREAM.DELETE.{names.STREAM}", names.round_subject("T-02"), f"$KV.VOUCHERS.{NUMBER}"]

    async def attack() -> bytes:
        nc = await nats.connect(server.url, **floor_options("T-01"))
        try:
            for trap in traps:
                await nc.publish(names.witness_subject("T-01"), b"nonce", reply=trap)
                await nc.publish(names.voucher_check_subject("T-01"), b'{"nonce": "n"}', reply=trap)
            await nc.flush()
            # The service answers each subject's questions in the order they came and publishes on one
            # connection: once a fair question of each kind is answered on an inbox, what it did with the
            # traps before them is on the server (no fixed wait for it).
            fair = await nc.request(names.voucher_check_subject("T-01"), b'{"nonce": "fair"}', timeout=10)
            assert json.loads(fair.data)["nonce"] == "fair"
            answer = await nc.request(names.witness_subject("T-01"), b"fair question", timeout=10)
            return answer.data
        finally:
            await nc.close()

    with FloorService(service):
        answered = asyncio.run(attack())
    held, _, exists = asyncio.run(_floor_read(server.url))
    assert exists, "the floor service deleted the FLOOR stream for T-01"
    assert names.round_subject("T-02") not in held, "the floor service wrote on T-02's round subject"
    assert json.loads(answered)["nonce"] == "fair question"  # an inbox still gets its answer

    async def voucher() -> bool:
        nc = await nats.connect(server.url, **floor_options())
        try:
            kv = await nc.jetstream(timeout=5).key_value(names.BUCKET)
            try:
                await kv.get(NUMBER)
            except NatsError:
                return False
            return True
        finally:
            await nc.close()

    assert not asyncio.run(voucher()), "the floor service wrote into the voucher bucket for T-01"
