"""Shared pieces of the protocol tests: a recording handler and a raw client that can forge anything."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from terminal.net.client import TableClient
from terminal.net.codec import encode_frame, read_frame
from terminal.net.messages import Direction, Hello, Message, PlaceWager, Ready, Welcome
from terminal.net.server import NetEvent, TableServer
from terminal.net.session import Opener, Sealer, derive_session_keys, hello_key, read_envelope, seal

KEYS = {f"seat-{n}": bytes([n]) * 32 for n in range(1, 4)}


@dataclass
class Recorder:
    """A controller stand-in: records everything and refuses wagers above 1000 like a limit would."""

    calls: list[tuple[str, Any]] = field(default_factory=list)

    async def on_link_up(self, seat: str) -> None:
        self.calls.append(("up", seat))

    async def on_message(self, seat: str, message: Message) -> Message | None:
        self.calls.append((seat, message))
        if isinstance(message, PlaceWager) and message.amount > 1000:
            raise ValueError(f"wager {message.amount} above the maximum 1000")
        if isinstance(message, PlaceWager) and message.spot == "boom:1":
            raise RuntimeError("controller bug")
        return None

    async def on_link_lost(self, seat: str) -> None:
        self.calls.append(("lost", seat))

    def messages(self) -> list[Message]:
        return [m for s, m in self.calls if s not in ("up", "lost")]


@dataclass
class RawSession:
    """A hand-driven client connection: seals with its own sealer, or sends any bytes at all."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    sealer: Sealer
    opener: Opener
    welcome: Welcome
    seat: str
    c2s_key: bytes

    async def send_payload(self, payload: bytes) -> None:
        self.writer.write(encode_frame(payload))
        await self.writer.drain()

    async def send(self, msg: Message) -> bytes:
        payload = self.sealer.seal(msg)
        await self.send_payload(payload)
        return payload

    async def recv(self, timeout: float = 30.0) -> Message:
        payload = await asyncio.wait_for(read_frame(self.reader), timeout)
        return self.opener.open(payload).message()

    async def closed(self, timeout: float = 30.0) -> bool:
        """Whether the server closed the connection (reads until EOF, skipping frames)."""
        try:
            while True:
                await asyncio.wait_for(read_frame(self.reader), timeout)
        except asyncio.IncompleteReadError:
            return True

    def close(self) -> None:
        self.writer.close()


async def raw_session(port: int, seat: str = "seat-1", key: bytes | None = None) -> RawSession:
    key = KEYS[seat] if key is None else key
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    nonce = os.urandom(32)
    writer.write(encode_frame(seal(hello_key(key), seat, 0, Hello(nonce.hex()))))
    payload = await asyncio.wait_for(read_frame(reader), 30)
    _, _, envelope = read_envelope(payload, Direction.SERVER)
    welcome = envelope.message()
    assert isinstance(welcome, Welcome)
    keys = derive_session_keys(key, seat, nonce, bytes.fromhex(welcome.nonce))
    opener = Opener(keys.server_to_client, seat, Direction.SERVER)
    opener.open(payload)
    sealer = Sealer(keys.client_to_server, seat)
    session = RawSession(reader, writer, sealer, opener, welcome, seat, keys.client_to_server)
    await session.send(Ready())
    return session


#: The server's heartbeat in tests that do not test heartbeats: a beat is a frame with its own sequence
#: number, so on a busy machine one could come between a request and the reply a test counts on (Ack(3)
#: where Ack(2) was meant), or be read where a test reads its reply. Heartbeat tests set their own.
QUIET_HEARTBEAT_S = 60.0


async def with_server(
    body: Callable[[TableServer, Recorder, list[NetEvent]], Awaitable[None]], **options: Any
) -> tuple[Recorder, list[NetEvent]]:
    """Run ``body`` against a fresh server on a free loopback port; the server is closed afterwards."""
    recorder, events = Recorder(), []
    options.setdefault("heartbeat_s", QUIET_HEARTBEAT_S)
    server = TableServer(KEYS, recorder, table_id="T-01", log=events.append, **options)
    await server.start()
    try:
        await body(server, recorder, events)
    finally:
        await server.close()
    return recorder, events


async def until(ready: Callable[[], bool], what: str, timeout_s: float = 30.0) -> None:
    """Let the server's and clients' tasks run until ``ready()``; fails naming ``what`` after ``timeout_s``
    (generous: a loaded machine may take seconds; a ready condition returns at once)."""
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not ready():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"{what} did not happen in {timeout_s} s")
        await asyncio.sleep(0.005)


def refused(events: list[NetEvent]) -> Callable[[], bool]:
    """Whether the server has logged a refusal (its connection task judged the peer)."""
    return lambda: any(e.kind == "refused" for e in events)


async def pushed_so_far(server: TableServer, client: TableClient) -> list[Message]:
    """Every push the server has sent ``client`` so far, once all of it has arrived: the client has
    opened as many frames as the server sealed for it (a count, not a pause a busy machine can outlast)."""
    await until(lambda: client.received >= server.sent(client.seat), f"{client.seat}'s frames")
    pushed = []
    while client.pending_pushes():
        pushed.append(await client.receive(1))
    return pushed
