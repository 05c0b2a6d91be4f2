"""A refused handshake is answered before the link is dropped, as the protocol promises: a bad ``Hello``
with a readable (unauthenticated) notice, a bad ``Ready`` with a sealed ``Error``; the client shows why."""

from __future__ import annotations

import asyncio
import os

import pytest

from terminal.net.client import TableClient
from terminal.net.codec import encode_frame, read_frame
from terminal.net.errors import BadMacError, HandshakeError
from terminal.net.messages import Direction, Error, Heartbeat, Hello, Welcome
from terminal.net.server import NetEvent, TableServer
from terminal.net.session import (
    NOTICE_KEY,
    Opener,
    Sealer,
    check_mac,
    derive_session_keys,
    hello_key,
    read_envelope,
    seal,
)
from tests.net.net_helpers import KEYS, Recorder, with_server


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


async def _first_reply(port: int, payload: bytes) -> tuple[bytes, bytes]:
    """Send one frame as a connection's first; returns (the reply frame, whatever followed it until EOF)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(encode_frame(payload))
    await writer.drain()
    reply = await asyncio.wait_for(read_frame(reader), 30)
    rest = await asyncio.wait_for(reader.read(), 30)
    writer.close()
    return reply, rest


@pytest.mark.parametrize(
    "payload, code",
    [
        (b"not even json" * 5, "malformed"),
        (b"\x00" * 32 + b'{"a": 1}', "not_canonical"),
        (seal(hello_key(KEYS["seat-1"]), "seat-9", 0, Hello("00" * 32)), "unknown_seat"),
        (seal(hello_key(bytes(32)), "seat-1", 0, Hello("00" * 32)), "bad_mac"),
        (seal(hello_key(KEYS["seat-1"]), "seat-1", 3, Hello("00" * 32)), "sequence"),
        (seal(hello_key(KEYS["seat-1"]), "seat-1", 0, Heartbeat()), "unknown_type"),
    ],
    ids=["garbage", "not-canonical", "unknown-seat", "wrong-key", "wrong-sequence", "not-a-hello"],
)
def test_a_refused_hello_gets_an_error_notice_before_the_drop(payload: bytes, code: str) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        reply, rest = await _first_reply(server.port, payload)
        mac, data, envelope = read_envelope(reply, Direction.SERVER)
        check_mac(NOTICE_KEY, mac, data, "notice")  # readable by anyone: the MAC key is public
        error = envelope.message()
        assert isinstance(error, Error) and error.code == code and error.ref is None
        assert rest == b""  # and then the connection is closed

    recorder, events = run(with_server(body))  # type: ignore[misc]
    assert recorder.calls == []
    assert [e.kind for e in events] == ["refused"]


def test_the_client_says_why_the_controller_refused_it() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        with pytest.raises(
            HandshakeError, match="the controller refused: unknown_seat: no key for seat 'seat-7'"
        ):
            await TableClient("seat-7", KEYS["seat-1"], "127.0.0.1", server.port).connect()

    run(with_server(body))


def test_a_bad_ready_gets_a_sealed_error_before_the_drop() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        key, nonce = KEYS["seat-1"], os.urandom(32)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(encode_frame(seal(hello_key(key), "seat-1", 0, Hello(nonce.hex()))))
        payload = await asyncio.wait_for(read_frame(reader), 30)
        welcome = read_envelope(payload, Direction.SERVER)[2].message()
        assert isinstance(welcome, Welcome)
        keys = derive_session_keys(key, "seat-1", nonce, bytes.fromhex(welcome.nonce))
        opener = Opener(keys.server_to_client, "seat-1", Direction.SERVER)
        opener.open(payload)
        writer.write(encode_frame(Sealer(keys.client_to_server, "seat-1").seal(Heartbeat())))  # not Ready
        error = opener.open(await asyncio.wait_for(read_frame(reader), 30)).message()  # sealed: authentic
        assert isinstance(error, Error) and error.code == "handshake" and "expected Ready" in error.message
        assert await asyncio.wait_for(reader.read(), 30) == b""
        with pytest.raises(BadMacError):  # a notice could not pass for the controller's own reply
            Opener(keys.server_to_client, "seat-1", Direction.SERVER, 2).open(
                seal(NOTICE_KEY, "seat-1", 2, Error("x", "y", None))
            )

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.calls == []
