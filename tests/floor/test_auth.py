"""Attacks on the floor's NATS server, each made against a real ``nats-server`` as the tests' floor runs it.

An attacker on the casino network, or one table's computer, tries what the floor must refuse: a client
with no credentials writes a $5,000 voucher of a table that does not exist into the ``VOUCHERS`` bucket;
a table's credentials publish on another table's subjects, list the bucket's keys (voucher numbers are
what a ticket is worth), read another table's stream records, purge or delete in the bucket; a plain TCP
client speaks NATS without TLS. The attacker uses the best it has: TLS when the server asks for it (the
floor's CA certificate is public), no client certificate and no NKey unless it is a table's.

Each attack is judged by what the server then holds (read back with the floor service's own access), not
by the error the attacker sees. A table's legitimate acts (publish its own records, read a voucher by its
number and claim it) are checked to still work with the same credentials.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import shutil
import socket
import ssl
import subprocess
import time
import urllib.request
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
import pytest
from nats.aio.client import Client
from nats.js.api import ConsumerConfig

from terminal.cli import main
from terminal.floor import connect, names, signing, vouchers
from terminal.floor.errors import CredentialsError, FloorAuthError
from terminal.ledger import EventCode, Ledger
from tests.floor import servers
from tests.floor.servers import Server
from tests.floor.tables import floor_config

FORGED = "999999999999999993"  # the attacker's voucher number
NUMBER = "123456789012345671"  # T-02's real voucher


def _service(server: Server, folder: Path) -> Any:
    return floor_config(folder, server.url, "FLOOR-PC", **servers.as_floor()).floor


def _table(server: Server, folder: Path, table: str) -> Any:
    return floor_config(folder, server.url, table).floor


@asynccontextmanager
async def _as(section: Any, who: str) -> AsyncIterator[tuple[Client, list[str]]]:
    """A connection made the way the shipped code makes it, and the server's errors it heard."""
    heard: list[str] = []

    async def failed(exc: Exception) -> None:
        heard.append(str(exc))

    nc = await connect.connect(section, who, timeout_s=5, reconnect=False, failed=failed)
    try:
        yield nc, heard
    finally:
        await nc.close()


async def _floor_bucket(section: Any) -> None:
    """The stream and the bucket, made as the floor service makes them."""
    async with _as(section, "floor service") as (nc, _):
        js = nc.jetstream(timeout=5)
        await connect.ensure_stream(js, 1)
        await connect.ensure_bucket(js, 1)


async def _voucher(section: Any, number: str) -> dict[str, Any] | None:
    async with _as(section, "floor service") as (nc, _):
        kv = await connect.ensure_bucket(nc.jetstream(timeout=5), 1)
        found = await vouchers.read(kv, number)
        return None if found is None else found[0]


async def _stream(section: Any, subject: str) -> list[dict[str, Any]]:
    async with _as(section, "floor service") as (nc, _):
        js = nc.jetstream(timeout=5)
        info = await js.stream_info(names.STREAM, subjects_filter=subject)
        held = sum((info.state.subjects or {}).values())
        out = []
        for seq in range(1, (info.state.last_seq or 0) + 1):
            msg = await js.get_msg(names.STREAM, seq)
            if msg.subject and nats_match(subject, msg.subject):
                out.append(json.loads(msg.data or b"{}"))
        assert len(out) == held
        return out


def nats_match(pattern: str, subject: str) -> bool:
    p, s = pattern.split("."), subject.split(".")
    for i, token in enumerate(p):
        if token == ">":
            return len(s) > i
        if i >= len(s) or (token != "*" and token != s[i]):
            return False
    return len(p) == len(s)


def _attacker_tls(server: Server) -> ssl.SSLContext | None:
    """TLS trusting the floor's CA (public), with no client certificate: what anyone on the network has."""
    ca = getattr(server, "ca_path", None)
    if ca is None:
        return None
    context = ssl.create_default_context(cafile=str(ca))
    return context


async def _attempt(act: Callable[[], Any]) -> str:
    """Run one step of an attack: empty when it got what it was after (``act`` returns true), else why
    not (what it raised, or that the server answered with nothing of value)."""
    try:
        got = await asyncio.wait_for(act(), 5)
    except Exception as refused:
        return type(refused).__name__ + f": {refused}"
    return "" if got is None or got else "answered with nothing of value"


async def _refused_by_server(nc: Client, heard: list[str], act: Callable[[], Any]) -> str:
    """One step of an attack the server's permissions must stop, judged as :func:`_attempt` judges it, but
    without waiting out a refused request's timeout: the server never answers a request it refused, it says
    why instead (a Permissions Violation on the attacker's connection, ``heard``). The step ends at whichever
    comes first, what it was after or the server's refusal of it; then the connection is flushed, so all the
    server said of this step is heard before the next begins (no step is judged by another's refusal)."""
    start = len(heard)
    step = asyncio.ensure_future(_attempt(act))
    try:
        while not step.done():
            said = [h for h in heard[start:] if "permissions violation" in h.lower()]
            if said:
                return f"refused by the server: {said[0]}"
            await asyncio.sleep(0.002)
        return step.result()
    finally:
        step.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await step
        await nc.flush()


def test_a_client_without_credentials_cannot_write_a_voucher(server: Server, tmp_path: Path) -> None:
    """The $5,000 voucher of issue 28: written into the bucket by a client with no credentials."""
    floor = _service(server, tmp_path / "floor")
    asyncio.run(_floor_bucket(floor))
    forged = vouchers.issued(FORGED, "T-99", 1, 500_000, "2026-03-01T12:00:00.000000Z", None)

    async def attack() -> str:
        async def write() -> None:
            nc = await nats.connect(server.url, connect_timeout=2, allow_reconnect=False,
                                    max_reconnect_attempts=1, tls=_attacker_tls(server))  # fmt: skip
            try:
                js = nc.jetstream(timeout=2)
                await js.publish(f"$KV.{names.BUCKET}.{FORGED}", json.dumps(forged).encode())
            finally:
                await nc.close()

        return await _attempt(write)

    refused = asyncio.run(attack())
    assert asyncio.run(_voucher(floor, FORGED)) is None, "the forged voucher is in the bucket"
    assert refused  # and the attacker was told no


def test_a_plain_tcp_client_is_refused(server: Server, tmp_path: Path) -> None:
    """NATS spoken in plain text (no TLS): the server must not take a single command from it."""
    floor = _service(server, tmp_path / "floor")
    asyncio.run(_floor_bucket(floor))
    host, port = "127.0.0.1", server.port
    with socket.create_connection((host, port), timeout=5) as raw:
        raw.settimeout(3)
        info = raw.recv(4096)
        assert info.startswith(b"INFO ")
        body = json.dumps({"verbose": False, "pedantic": False, "headers": True, "name": "plain"})
        data = json.dumps({"kind": "round", "table": "T-01"}).encode()
        try:
            publish = f"CONNECT {body}\r\nPUB floor.T-01.round {len(data)}\r\n".encode()
            raw.sendall(publish + data + b"\r\nPING\r\n")
            answer = b""
            while b"PONG" not in answer and b"-ERR" not in answer:
                chunk = raw.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            answer = b"(connection dropped)"
    assert b"PONG" not in answer, f"the server answered a plain-text client: {answer[:200]!r}"
    assert asyncio.run(_stream(floor, "floor.T-01.>")) == []


def test_a_tables_credentials_publish_only_its_own_subjects(server: Server, tmp_path: Path) -> None:
    floor = _service(server, tmp_path / "floor")
    asyncio.run(_floor_bucket(floor))
    t1 = _table(server, tmp_path / "t1", "T-01")

    async def attack() -> tuple[str, str, list[str]]:
        async with _as(t1, "table T-01") as (nc, heard):
            js = nc.jetstream(timeout=5)  # a refused publish is not acked: the server's refusal ends it
            own = await _attempt(lambda: js.publish("floor.T-01.info", b'{"kind": "info"}'))
            round_ = b'{"kind": "round", "seq": 1}'
            other = await _refused_by_server(nc, heard, lambda: js.publish("floor.T-02.round", round_))
            await _refused_by_server(nc, heard, lambda: js.publish("floor.cage.voucher", b'{"kind": "cage"}'))
            await nc.publish("floorstatus.T-02", b'{"table": "T-02", "online": false}')
            await nc.flush()  # the server's -ERR comes before the flush's answer; its callback just after
            deadline = time.monotonic() + 5
            while not any("floorstatus.t-02" in h.lower() for h in heard) and time.monotonic() < deadline:
                await asyncio.sleep(0.002)
            return own, other, heard

    own, other, heard = asyncio.run(attack())
    assert own == ""  # its own subject: stored
    assert [b["kind"] for b in asyncio.run(_stream(floor, "floor.T-01.>"))] == ["info"]
    assert asyncio.run(_stream(floor, "floor.T-02.>")) == [], "T-01 wrote on T-02's subject"
    assert asyncio.run(_stream(floor, "floor.cage.>")) == [], "T-01 wrote as the cage"
    assert other
    assert any("permissions violation" in h.lower() and "floorstatus.t-02" in h.lower() for h in heard), heard


def test_a_tables_credentials_claim_vouchers_but_cannot_list_read_back_or_purge(
    server: Server, tmp_path: Path
) -> None:
    """A voucher's number is what it is worth: a table may read one whose number a player brought, and
    claim it; it may not list the bucket, read its history or another table's stream records, nor
    purge or delete them through the JetStream API."""
    floor = _service(server, tmp_path / "floor")
    asyncio.run(_floor_bucket(floor))
    t1, t2 = _table(server, tmp_path / "t1", "T-01"), _table(server, tmp_path / "t2", "T-02")
    record = vouchers.issued(NUMBER, "T-02", 2, 2500, "2026-03-01T12:00:00.000000Z", None)

    async def issue() -> None:
        async with _as(t2, "table T-02") as (nc, _):
            js = nc.jetstream(timeout=5)
            kv = connect.bucket(js)  # as the table's link binds it
            await vouchers.publish_issue(kv, record, signing.table_signer(t2, "T-02"))
            event = {"kind": "event", "table": "T-02", "event": {"code": 610, "detail": {"number": NUMBER}}}
            await js.publish("floor.T-02.event", json.dumps(event).encode())
            await js.publish(names.voucher_subject("T-02"), json.dumps(event).encode())

    asyncio.run(issue())

    async def attack() -> dict[str, str]:  # what each step raised (empty: it went through)
        tried: dict[str, str] = {}
        async with _as(t1, "table T-01") as (nc, heard):
            kv = connect.bucket(nc.jetstream(timeout=5))
            js = nc.jetstream(timeout=5)  # a refused request is not answered: the server's refusal ends it

            async def keys() -> bool:
                return NUMBER in await connect.bucket(js).keys()

            async def by_sequence() -> bool:  # the bucket's first message: T-02's voucher
                msg = await js.get_msg(f"KV_{names.BUCKET}", 1)
                return NUMBER.encode() in (msg.data or b"")

            async def by_sequence_direct() -> bool:
                msg = await js.get_msg(f"KV_{names.BUCKET}", 1, direct=True)
                return NUMBER.encode() in (msg.data or b"")

            async def stream_record() -> bool:  # T-02's VOUCHER_ISSUE record names the number
                msg = await js.get_last_msg(names.STREAM, "floor.T-02.>")
                return NUMBER.encode() in (msg.data or b"")

            async def stream_record_direct() -> bool:
                msg = await js.get_last_msg(names.STREAM, "floor.T-02.>", direct=True)
                return NUMBER.encode() in (msg.data or b"")

            async def subjects() -> bool:
                info = await js.stream_info(f"KV_{names.BUCKET}", subjects_filter=">")
                return any(NUMBER in s for s in (info.state.subjects or {}))

            async def consumer() -> bool:
                sub = await js.pull_subscribe("floor.T-02.>", stream=names.STREAM,
                                              config=ConsumerConfig(inactive_threshold=5.0))  # fmt: skip
                return any(NUMBER.encode() in m.data for m in await sub.fetch(1, timeout=1))

            async def voucher_subject() -> bool:  # the issuer's voucher events, read back from a time on
                sub = await js.pull_subscribe(names.voucher_subject("T-02"), stream=names.STREAM,
                                              config=ConsumerConfig(inactive_threshold=5.0))  # fmt: skip
                return any(NUMBER.encode() in m.data for m in await sub.fetch(1, timeout=1))

            async def purge() -> bool:
                return bool(await js.purge_stream(f"KV_{names.BUCKET}"))

            async def delete() -> bool:
                return bool(await js.delete_msg(f"KV_{names.BUCKET}", 1))

            async def snoop() -> bool:
                seen: list[bytes] = []

                async def got(msg: Any) -> None:
                    seen.append(msg.data)

                await nc.subscribe("_INBOX.>", cb=got)
                await nc.subscribe("floorstatus.*", cb=got)
                await nc.flush()
                async with _as(t2, "table T-02") as (other, _):
                    await other.publish("floorstatus.T-02", b"alive")
                    kv2 = connect.bucket(other.jetstream(timeout=2))
                    await vouchers.read(kv2, NUMBER)
                    await other.flush()
                # The server hands a message to every subscriber as it routes it: anything T-01 was given
                # is on its connection before the answer to this flush, and in ``seen`` a moment after.
                await nc.flush()
                await asyncio.sleep(0.05)
                return bool(seen)

            # What claiming needs: the voucher read by the number the player brought, and claimed.
            found = await vouchers.read(kv, NUMBER)
            assert found is not None and found[0]["amount"] == 2500
            by = {"table": "T-01", "seat": 1, "time": "2026-03-01T12:05:00.000000Z"}
            await vouchers.close(kv, NUMBER, "redeemed", by, signer=signing.table_signer(t1, "T-01"),
                                 time=by["time"])  # fmt: skip
            for name, act in (("keys", keys), ("by_sequence", by_sequence),
                              ("by_sequence_direct", by_sequence_direct), ("stream_record", stream_record),
                              ("stream_record_direct", stream_record_direct), ("subjects", subjects),
                              ("consumer", consumer), ("voucher_subject", voucher_subject),
                              ("purge", purge), ("delete", delete)):  # fmt: skip
                tried[name] = await _refused_by_server(nc, heard, act)
            tried["snoop"] = await _attempt(snoop)  # refused subscriptions: judged by what they heard
            tried["(the server's words)"] = "" if heard else "none"
        return tried

    tried = asyncio.run(attack())
    said = tried.pop("(the server's words)")
    leaked = [name for name, refused in tried.items() if not refused]
    assert leaked == [], f"T-01's credentials went through: {leaked}"
    assert said == ""  # the server told T-01 why (Permissions Violation)
    after = asyncio.run(_voucher(floor, NUMBER))
    assert after is not None and after["state"] == "redeemed" and after["by"]["table"] == "T-01"


# --- the table and the floor service refuse a [floor] without credentials or TLS ------------------------
def test_a_table_without_credentials_stays_closed_in_one_line(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = floor_config(tmp_path / "t1", server.url, "T-01", credentials=False)
    assert main(["run", "--headless", "--rounds", "1", "--config", str(c.path)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "no credentials (nkey_path) and no TLS" in err and "the floor link is refused" in err
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        refused = ledger.events(EventCode.FLOOR_AUTH_REFUSED)
        assert len(refused) == 1 and "no credentials" in json.loads(refused[0].detail)["problem"]
        assert not ledger.events(EventCode.FLOOR_WITNESS_PASS)  # it never asked the floor anything
    finally:
        ledger.close()
    assert asyncio.run(_stream(_service(server, tmp_path / "floor"), "floor.T-01.>")) == []


def test_a_table_with_a_seed_others_can_read_is_refused(server: Server, tmp_path: Path) -> None:
    c = floor_config(tmp_path / "t1", server.url, "T-01")
    assert c.floor is not None and c.floor.nkey_path is not None
    copy = tmp_path / "T-01.nk"
    shutil.copy(c.floor.nkey_path, copy)
    copy.chmod(0o644)
    section = dataclasses.replace(c.floor, nkey_path=copy)
    with pytest.raises(CredentialsError, match="mode 644; it must be 600"):
        connect.require_auth(section)
    gone = dataclasses.replace(c.floor, ca_path=tmp_path / "nowhere" / "ca.crt")
    with pytest.raises(FloorAuthError, match="TLS files do not load"):
        connect.require_auth(gone)


def test_the_floor_service_without_credentials_is_refused_in_one_line(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    c = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", credentials=False)
    for act in (["run"], ["report", "--day", "all"], ["rebuild"], ["cage", "redeem", NUMBER, "--user", "x"]):
        assert main(["floor", *act, "--config", str(c.path)]) == 1, act
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "the floor link is refused" in err, (act, err)
    tls_only = floor_config(tmp_path / "tls", server.url, "FLOOR-PC", credentials=False,
                            extra=f"ca_path = {server.ca_path}\n")  # fmt: skip
    assert main(["floor", "report", "--config", str(tls_only.path)]) == 1
    err = capsys.readouterr().err
    assert "no credentials (nkey_path)" in err and "no TLS" not in err


def test_only_a_test_lifts_the_refusal_and_it_is_logged(
    caplog: pytest.LogCaptureFixture, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    section = floor_config(tmp_path, "nats://127.0.0.1:1", "T-01", credentials=False).floor
    assert section is not None
    with pytest.raises(FloorAuthError):
        connect.require_auth(section)
    connect.allow_unauthenticated_for_tests("test_auth: the switch itself")
    try:
        lifted = connect.require_auth(section)
    finally:
        connect.forbid_unauthenticated()
    assert lifted is not None and "allowed for a test: test_auth: the switch itself" in lifted
    assert any("allowed for a test" in r.getMessage() for r in caplog.records)
    with pytest.raises(FloorAuthError):
        connect.require_auth(section)
    with_user = dataclasses.replace(
        section, url=("nats://t1:secret@127.0.0.1:1",), ca_path=tmp_path / "ca.crt"
    )
    (tmp_path / "ca.crt").write_bytes(servers.made_keys().ca_cert.read_bytes())
    assert connect.require_auth(with_user) is None  # a user and password in the URL are credentials too
    # No key of the configuration reaches it: the template documents the credentials, and no way around them.
    assert main(["config", "template"]) == 0
    template = capsys.readouterr().out
    assert "nkey_path" in template and "keys_dir" in template
    assert not any(word in template.lower() for word in ("unauthenticated", "insecure", "allow_plain"))


# --- `terminal floor keys` makes what a real server and a table need -------------------------------------
def test_floor_keys_make_a_server_config_that_admits_each_table_to_its_own_subjects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = servers.free_port()
    floor_cfg = tmp_path / "floor" / "kiosk.cfg"
    floor_cfg.parent.mkdir()
    floor_cfg.write_text(f"[floor]\nurl = nats://127.0.0.1:{port}\nkeys_dir = {tmp_path / 'keys'}\n")

    def floor(*args: str) -> str:
        assert main(["floor", "keys", *args, "--config", str(floor_cfg)]) == 0, args
        return capsys.readouterr().out

    floor("init", "--host", "127.0.0.1", "--host", "floor.local")
    floor("add", "T-07")
    assert main(["floor", "keys", "add", "T-07", "--config", str(floor_cfg)]) == 1  # never replaced silently
    assert "T-07 has credentials already" in capsys.readouterr().err
    listed = floor("list")
    assert listed.splitlines()[0].startswith("floor ") and "T-07" in listed
    floor("server-config", "--listen", f"127.0.0.1:{port}", "--store", str(tmp_path / "js"))
    exported = floor("export", "T-07", "--out", str(tmp_path / "t7-keys"))
    keys_dir = tmp_path / "keys"
    conf = (keys_dir / "nats-server.conf").read_text()
    assert "verify: true" in conf and conf.count("nkey:") == 2
    assert (tmp_path / "t7-keys" / "T-07.nk").stat().st_mode & 0o777 == 0o600
    lines = [line for line in exported.splitlines() if " = " in line]
    table = floor_config(tmp_path / "t7", f"nats://127.0.0.1:{port}", "T-07", credentials=False,
                         extra="\n".join(lines) + "\n")  # fmt: skip
    assert table.floor is not None
    running = subprocess.Popen([str(servers.BINARY), "-c", str(keys_dir / "nats-server.conf"), "-js"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:

        async def play(first: bool) -> tuple[str, str]:
            deadline = asyncio.get_running_loop().time() + 20
            while True:
                try:
                    async with _as(table.floor, "table T-07") as (nc, heard):
                        return await _as_t07(nc, first), str(heard)
                except (OSError, nats.errors.Error):
                    if asyncio.get_running_loop().time() > deadline:
                        raise
                    await asyncio.sleep(0.1)

        published, _ = asyncio.run(play(True))
        assert published  # no stream yet: refused (no responders), not a permissions matter
        floor_section = floor_config(tmp_path / "fs", f"nats://127.0.0.1:{port}", "FLOOR-PC",
                                     credentials=False, extra=_floor_lines(keys_dir))  # fmt: skip
        asyncio.run(_floor_bucket(floor_section.floor))
        published, heard = asyncio.run(play(False))
        assert published == "", heard
        assert asyncio.run(_stream(floor_section.floor, "floor.T-07.>")) == [{}]
    finally:
        running.terminate()
        running.wait(15)


async def _as_t07(nc: Client, first: bool) -> str:
    """T-07's publish of its info (what it raised, empty when stored); first, before the floor service
    ran, its attempt to make the stream, which its credentials may not."""
    js = nc.jetstream(timeout=5)
    if first:
        made = await _attempt(lambda: connect.ensure_stream(nc.jetstream(timeout=0.5), 1))
        assert "start the floor service" in made, f"T-07 made the FLOOR stream: {made!r}"
    return await _attempt(lambda: js.publish("floor.T-07.info", b"{}"))


def _floor_lines(keys_dir: Path) -> str:
    return (f"ca_path = {keys_dir / 'ca.crt'}\ncert_path = {keys_dir / 'floor.crt'}\n"
            f"key_path = {keys_dir / 'floor.key'}\nnkey_path = {keys_dir / 'floor.nk'}\n")  # fmt: skip


def test_a_table_started_before_the_floor_service_waits_without_piling_up_connections(
    tmp_path: Path,
) -> None:
    """No stream yet (the floor service never ran): the table plays on, its link says why it is offline,
    and every refused attempt's connection is closed (the server does not collect one per retry)."""
    if not servers.BINARY.exists():
        pytest.skip(f"{servers.BINARY} is missing")
    bare = Server(tmp_path / "nats")
    bare.start(wait=False)
    try:
        bare.wait_healthy()  # not prepared: no FLOOR stream, no bucket
        c = floor_config(tmp_path / "t1", bare.url, "T-01", request_ms=300)
        from terminal.lab.headless import run_headless

        run_headless(c, rounds=3, seats=2, progress=lambda *_: None)
        deadline = time.monotonic() + 3  # the server notes a closed connection a moment later
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{bare.monitor}/connz", timeout=5) as answer:
                left = [x.get("name") for x in json.load(answer).get("connections") or []]
            if not left or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert left == []
        ledger = Ledger.from_config(c, now=datetime.now(UTC))
        try:
            offline = [json.loads(e.detail) for e in ledger.events(EventCode.FLOOR_OFFLINE)]
        finally:
            ledger.close()
        said = json.dumps(offline)  # why it is offline: no stream, which its credentials may not make
        assert not offline or "start the floor service" in said or "stream.create.floor" in said
    finally:
        bare.kill()
