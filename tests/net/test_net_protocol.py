"""The protocol over real loopback sockets: forged, replayed, reordered, tampered and malformed frames,
a seat with the wrong key, a dropped link, a silent link, reconnects — and the table stays undisturbed."""

from __future__ import annotations

import asyncio
import json

import pytest

from terminal.net.client import LinkLostError, TableClient
from terminal.net.codec import MAX_FRAME, canonical_json, encode_frame, read_frame
from terminal.net.errors import HandshakeError
from terminal.net.messages import (
    Ack,
    ClearWagers,
    Direction,
    Error,
    Heartbeat,
    Hello,
    PlaceWager,
    SeatState,
    TableState,
    Tilt,
    WagerView,
    Welcome,
)
from terminal.net.server import NetEvent, TableServer
from terminal.net.session import MAC_SIZE, read_envelope, seal
from tests.net.net_helpers import KEYS, Recorder, raw_session, refused, until, with_server


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_a_seat_places_wagers_and_gets_acks_refusals_and_pushes() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        client = TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", server.port)
        welcome = await client.connect()
        assert welcome.table_id == "T-01"
        assert await client.request(PlaceWager("straight:17", 500)) == Ack(2)
        refused = await client.request(PlaceWager("straight:17", 5000))
        assert isinstance(refused, Error) and refused.code == "refused" and "5000" in refused.message
        bug = await client.request(PlaceWager("boom:1", 5))
        assert isinstance(bug, Error) and bug.code == "internal"
        assert await client.request(ClearWagers()) == Ack(5)
        state = SeatState(
            "seat-1", 10_000, 500, 0, (WagerView("straight:17", 500, True, None, (), 0, False),), None
        )
        assert await server.push("seat-1", state)
        assert await client.receive(30) == state
        assert server.linked() == {"seat-1"}
        await client.close()

    recorder, events = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == [
        PlaceWager("straight:17", 500),
        PlaceWager("straight:17", 5000),
        PlaceWager("boom:1", 5),
        ClearWagers(),
    ]
    assert recorder.calls[0] == ("up", "seat-1") and recorder.calls[-1] == ("lost", "seat-1")
    assert any(e.kind == "internal" and "controller bug" in e.detail for e in events)


def test_broadcast_reaches_every_linked_client() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        clients = [TableClient(s, KEYS[s], "127.0.0.1", server.port) for s in ("seat-1", "seat-2", "seat-3")]
        for client in clients:
            await client.connect()
        await until(lambda: len(server.linked()) == len(clients), "every client linked")
        tilt = Tilt("door_open", True, None, "door_open", "main door open")
        assert await server.broadcast(tilt) == 3
        assert [await c.receive(30) for c in clients] == [tilt] * 3
        assert not await server.push("seat-9", tilt)
        for client in clients:
            await client.close()

    run(with_server(body))


def test_broadcast_encodes_the_body_once_and_each_link_still_gets_its_own_sealed_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terminal.net import server as server_module
    from terminal.net import session as session_module

    made: list[str] = []
    encode = server_module.body_to_json

    def counting(msg: object) -> object:
        made.append(type(msg).__name__)
        return encode(msg)  # type: ignore[arg-type]

    monkeypatch.setattr(server_module, "body_to_json", counting)
    monkeypatch.setattr(session_module, "body_to_json", counting)

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        clients = [TableClient(s, KEYS[s], "127.0.0.1", server.port) for s in ("seat-1", "seat-2", "seat-3")]
        for client in clients:
            await client.connect()
        await until(lambda: len(server.linked()) == len(clients), "every client linked")
        made.clear()
        tilt = Tilt("door_open", True, None, "door_open", "main door open")
        assert await server.broadcast(tilt) == 3
        assert made == ["Tilt"]  # once for three links (the seal per link still has its own seq and MAC)
        assert [await c.receive(30) for c in clients] == [tilt] * 3
        assert await server.push("seat-1", tilt)  # a single push still encodes its own body
        assert await clients[0].receive(30) == tilt
        assert made == ["Tilt", "Tilt"]
        for client in clients:
            await client.close()

    run(with_server(body))


def test_pushes_to_a_lost_connection_are_not_written_and_log_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """At shutdown every seat's link-lost tilt is broadcast to links whose peers already left; asyncio logs
    "socket.send() raised exception." from the fifth write to a lost transport. None may be written."""

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        clients = [TableClient(s, KEYS[s], "127.0.0.1", server.port) for s in ("seat-1", "seat-2")]
        for client in clients:
            await client.connect()
        await until(lambda: len(server.linked()) == len(clients), "every client linked")
        server._links["seat-1"].writer.transport.abort()  # the peer is gone; the server has not read it yet
        tilt = Tilt("door_open", True, None, "door_open", "main door open")
        pushed = await asyncio.gather(*(server.push("seat-1", tilt) for _ in range(8)))
        assert pushed == [False] * 8
        assert await server.broadcast(tilt) == 1  # seat-2 only
        assert server.linked() == {"seat-2"}
        for client in clients:
            await client.close()

    with caplog.at_level("WARNING", logger="asyncio"):
        run(with_server(body))
    assert not [r for r in caplog.records if "socket.send()" in r.getMessage()]


@pytest.mark.parametrize("seat, key", [("seat-1", bytes(32)), ("seat-7", KEYS["seat-1"])])
def test_wrong_key_or_unknown_seat_is_refused_at_the_handshake(seat: str, key: bytes) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        with pytest.raises(HandshakeError):
            await TableClient(seat, key, "127.0.0.1", server.port).connect()
        await until(refused(events), "the server's refusal")
        assert server.linked() == frozenset()

    recorder, events = run(with_server(body))  # type: ignore[misc]
    assert recorder.calls == []
    assert [e.kind for e in events] == ["refused"]
    assert ("BadMacError" if seat == "seat-1" else "UnknownSeatError") in events[0].detail


def test_a_forged_frame_with_the_wrong_key_is_refused_and_the_link_dropped() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        await session.send(PlaceWager("red", 100))
        assert await session.recv() == Ack(2)
        forged = seal(bytes(32), "seat-1", session.sealer.next_seq, PlaceWager("red", 900))
        await session.send_payload(forged)
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "bad_mac"
        assert await session.closed()

    recorder, events = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == [PlaceWager("red", 100)]
    assert recorder.calls[-1] == ("lost", "seat-1")
    assert any(e.kind == "refused" and "BadMacError" in e.detail for e in events)


def test_a_tampered_frame_is_refused() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        payload = session.sealer.seal(PlaceWager("red", 100))
        tampered = payload.replace(b'"amount":100', b'"amount":900')
        assert tampered != payload
        await session.send_payload(tampered)
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "bad_mac"
        assert await session.closed()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == []


def test_a_replayed_frame_within_the_session_is_refused() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        payload = await session.send(PlaceWager("red", 100))
        assert await session.recv() == Ack(2)
        await session.send_payload(payload)
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "sequence" and "replayed" in reply.message
        assert await session.closed()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == [PlaceWager("red", 100)]


def test_reordered_frames_are_refused() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        first = session.sealer.seal(PlaceWager("red", 100))
        second = session.sealer.seal(PlaceWager("black", 100))
        await session.send_payload(second)
        await session.send_payload(first)
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "sequence" and "out of order" in reply.message
        assert await session.closed()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == []


def test_a_recorded_session_cannot_be_replayed_into_a_new_connection() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        first = await raw_session(server.port)
        recorded = await first.send(PlaceWager("red", 100))
        assert await first.recv() == Ack(2)
        first.close()
        second = await raw_session(server.port)  # a fresh server nonce: every session key changes
        assert second.welcome.nonce != first.welcome.nonce
        await second.send_payload(recorded)  # right sequence number for the new session, old key
        reply = await second.recv()
        assert isinstance(reply, Error) and reply.code == "bad_mac"
        assert await second.closed()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == [PlaceWager("red", 100)]


def test_a_replayed_hello_gets_nowhere() -> None:
    """Replaying a recorded Hello yields a Welcome the attacker cannot use: no key, no Ready, no link."""

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        from terminal.net.session import hello_key

        hello = seal(hello_key(KEYS["seat-1"]), "seat-1", 0, Hello("ab" * 32))
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(encode_frame(hello))
        frame = await reader.readexactly(4)
        await reader.readexactly(int.from_bytes(frame, "big"))  # the Welcome
        writer.write(encode_frame(seal(bytes(32), "seat-1", 1, Heartbeat())))  # a guess at the session key
        refusal = read_envelope(await read_frame(reader), Direction.SERVER)[2].message()
        assert isinstance(refusal, Error) and refusal.code == "bad_mac"  # told (under a key it lacks)
        assert await reader.read() == b""  # and dropped
        await until(refused(events), "the server's refusal")
        assert server.linked() == frozenset()

    recorder, events = run(with_server(body))  # type: ignore[misc]
    assert recorder.calls == []
    assert any("handshake failed" in e.detail for e in events)


@pytest.mark.parametrize(
    "body_json, code",
    [
        ({"spot": "red", "amount": 1.5}, "float"),
        ({"spot": "red", "amount": True}, "bad_field"),
        ({"spot": "red"}, "bad_field"),
        ({"spot": "red", "amount": 5, "extra": 1}, "bad_field"),
        ({"spot": "RED!", "amount": 5}, "bad_field"),
        ({"spot": "red", "amount": -5}, "bad_field"),
    ],
)
def test_an_authentic_but_malformed_message_gets_an_error_and_the_link_stays(
    body_json: dict[str, object], code: str
) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        envelope = {"body": body_json, "proto": 1, "seat": "seat-1", "seq": 2, "type": "PlaceWager", "ver": 1}
        data = json.dumps(envelope, sort_keys=True, separators=(",", ":")).encode()
        import hashlib
        import hmac

        await session.send_payload(hmac.digest(session.c2s_key, data, hashlib.sha256) + data)
        reply = await session.recv()
        if code == "float":  # a float makes the whole frame non-canonical: no sequence can be trusted
            assert isinstance(reply, Error) and reply.code == "float"
            assert await session.closed()
            return
        assert isinstance(reply, Error) and reply.code == code and reply.ref == 2
        session.sealer.next_seq = 3
        await session.send(PlaceWager("red", 5))  # the table carries on
        assert await session.recv() == Ack(3)
        session.close()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert all(m == PlaceWager("red", 5) for m in recorder.messages())


@pytest.mark.parametrize("name, version", [("Launch", 1), ("PlaceWager", 2), ("Welcome", 1), ("Ack", 1)])
def test_unknown_types_versions_and_server_only_messages_are_refused(name: str, version: int) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        body_json = {"nonce": "ab" * 32, "table_id": "x", "heartbeat_ms": 1} if name == "Welcome" else {}
        body_json = {"ref": 1} if name == "Ack" else body_json
        envelope = {"body": body_json, "proto": 1, "seat": "seat-1", "seq": 2, "type": name, "ver": version}
        import hashlib
        import hmac

        data = canonical_json(envelope)
        await session.send_payload(hmac.digest(session.c2s_key, data, hashlib.sha256) + data)
        reply = await session.recv()
        expected = "wrong_direction" if name in ("Welcome", "Ack") else "unknown_type"
        assert isinstance(reply, Error) and reply.code == expected
        session.sealer.next_seq = 3
        await session.send(Heartbeat())
        await session.send(Hello("cd" * 32))  # handshake messages are refused mid-session
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "unexpected"
        session.close()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == []


def test_an_oversized_frame_is_refused_before_it_is_read() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        session.writer.write((MAX_FRAME + 1).to_bytes(4, "big"))
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "too_large"
        assert await session.closed()

    run(with_server(body))


def test_garbage_bytes_and_short_frames_are_refused() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        await session.send_payload(b"\x00" * (MAC_SIZE - 3))
        reply = await session.recv()
        assert isinstance(reply, Error) and reply.code == "bad_mac"
        assert await session.closed()
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(encode_frame(b"not even json" * 5))
        notice = read_envelope(await read_frame(reader), Direction.SERVER)[2].message()
        assert isinstance(notice, Error) and notice.code == "malformed"  # said before the drop
        assert await reader.read() == b""

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert recorder.messages() == []


def test_a_dropped_link_calls_on_link_lost_and_the_seat_can_reconnect() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        client = TableClient("seat-2", KEYS["seat-2"], "127.0.0.1", server.port)
        await client.connect()
        await until(lambda: server.linked() == {"seat-2"}, "the link up")
        client._writer.transport.abort()  # type: ignore[union-attr]  # the cable is pulled
        await until(lambda: ("lost", "seat-2") in recorder.calls, "the server seeing the link lost")
        assert server.linked() == frozenset()
        assert ("lost", "seat-2") in recorder.calls
        with pytest.raises(LinkLostError):
            await client.request(PlaceWager("red", 5))
        await client.reconnect()
        assert await client.request(PlaceWager("red", 5)) == Ack(2)  # a new session starts at 1 again
        await client.close()

    recorder, _ = run(with_server(body))  # type: ignore[misc]
    assert [c for c in recorder.calls if c[0] in ("up", "lost")] == [("up", "seat-2"), ("lost", "seat-2")] * 2


def test_a_second_connection_of_the_same_seat_is_refused_while_the_first_is_up() -> None:
    """One session per client (issue 28 §3): the second handshake is refused before any session key (the
    first link carries on); once the first has closed, a new connection links."""

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        first = await raw_session(server.port)
        await until(lambda: server.linked() == {"seat-1"}, "the first link up")
        with pytest.raises(AssertionError):  # a notice instead of the Welcome
            await raw_session(server.port)
        await first.send(PlaceWager("red", 5))
        assert await first.recv() == Ack(2)
        first.close()
        await until(lambda: server.linked() == frozenset(), "the first link gone")
        second = await raw_session(server.port)
        await second.send(PlaceWager("red", 5))
        assert await second.recv() == Ack(2)
        second.close()

    recorder, events = run(with_server(body))  # type: ignore[misc]
    links = [c for c in recorder.calls if c[0] in ("up", "lost")]
    assert links == [("up", "seat-1"), ("lost", "seat-1"), ("up", "seat-1"), ("lost", "seat-1")]
    assert any(e.kind == "refused" and "one session per client" in e.detail for e in events)


def test_a_silent_link_is_dropped_on_the_injected_clock() -> None:
    clock = [100.0]

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        session = await raw_session(server.port)
        await until(lambda: server.linked() == {"seat-1"}, "the link up")
        clock[0] += 2.9
        assert await server.check_links() == ()
        await session.send(Heartbeat())  # heartbeats keep the link alive...
        await until(lambda: server._links["seat-1"].last_seen == clock[0], "the heartbeat read")
        clock[0] += 2.9
        assert await server.check_links() == ()
        clock[0] += 0.2  # ...silence past the timeout does not
        assert await server.check_links() == ("seat-1",)
        assert await session.closed()
        assert server.linked() == frozenset()

    recorder, events = run(with_server(body, clock=lambda: clock[0], timeout_s=3.0, watchdog=False))  # type: ignore[misc]
    assert recorder.calls[-1] == ("lost", "seat-1")
    assert any(e.kind == "link_lost" and "silent" in e.detail for e in events)


def test_heartbeats_keep_real_links_up_and_the_client_notices_a_closed_controller() -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        client = TableClient("seat-3", KEYS["seat-3"], "127.0.0.1", server.port, timeout_factor=1000)
        await client.connect()
        await asyncio.sleep(0.06)  # a dozen heartbeat periods of 0.005 s
        assert server.linked() == {"seat-3"} and client.connected
        table = TableState(
            "roulette", 1, "open", 0, _limits(), (), "USD", 1, "Casino", "T-01", 8, "double_zero", False
        )
        await server.push("seat-3", table)
        assert await client.receive(30) == table  # heartbeats are not delivered as pushes
        await server.close()
        await asyncio.wait_for(client.lost.wait(), 30)
        assert not client.connected

    # Silence past 5 s drops a link (either side): a busy machine may hold this process for a second.
    run(with_server(body, heartbeat_s=0.005, timeout_s=5.0))


def test_the_client_drops_a_silent_controller() -> None:
    """A controller that stops sending (no heartbeats: its watchdog is off) is a lost link for the seat."""

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        log: list[NetEvent] = []
        client = TableClient(
            "seat-1", KEYS["seat-1"], "127.0.0.1", server.port, timeout_factor=3, log=log.append
        )
        await client.connect()
        await asyncio.wait_for(client.lost.wait(), 30)
        assert any("silent" in e.detail for e in log)
        with pytest.raises(LinkLostError):
            await client.send(PlaceWager("red", 5))

    run(with_server(body, heartbeat_s=0.02, watchdog=False))


def test_the_server_welcome_proves_the_key() -> None:
    """A fake controller that does not hold the seat key cannot complete the client's handshake."""

    async def fake(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readexactly(int.from_bytes(await reader.readexactly(4), "big"))
        welcome = Welcome("ef" * 32, "T-99", 1000)
        writer.write(encode_frame(seal(bytes(32), "seat-1", 1, welcome)))
        await writer.drain()
        await reader.read()
        writer.close()

    async def main() -> None:
        server = await asyncio.start_server(fake, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        with pytest.raises(HandshakeError, match="MAC"):
            await TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", port).connect()
        server.close()
        await server.wait_closed()

    asyncio.run(main())


def _limits():  # type: ignore[no-untyped-def]
    from terminal.net.messages import LimitsView

    return LimitsView(100, 50_000, 250_000, 100)
