"""TLS 1.3 with mutual authentication over real sockets: a network cannot read the link, a client with
another CA's certificate, a revoked one or none at all is refused, a certificate speaks only for its own
client id, a client accepts only its table's controller, and the protocol's MACs still apply inside."""

from __future__ import annotations

import asyncio
import shutil
import ssl
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.net import pki as p
from terminal.net.client import LinkLostError, TableClient
from terminal.net.errors import HandshakeError
from terminal.net.messages import Ack, PlaceWager
from terminal.net.server import NetEvent, TableServer
from terminal.net.tls import ServerTls, client_context
from tests.net.net_helpers import KEYS, Recorder, refused, until, with_server

NOW = datetime.now(UTC)  # TLS checks validity against the real clock
CLIENTS = ("seat-1", "seat-2", "seat-3", "display", "service")


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two tables' PKIs (ours and a stranger's), made once for the module."""
    ours, theirs = tmp_path_factory.mktemp("ours"), tmp_path_factory.mktemp("theirs")
    p.create(p.PkiFolder(ours), "T-01", CLIENTS, NOW)
    p.create(p.PkiFolder(theirs), "T-99", CLIENTS, NOW)
    return ours, theirs


@pytest.fixture
def pki(made: tuple[Path, Path], tmp_path: Path) -> p.PkiFolder:
    """A copy of our PKI this test may revoke in."""
    shutil.copytree(made[0], tmp_path / "pki")
    return p.PkiFolder(tmp_path / "pki")


def _client(pki: p.PkiFolder, port: int, seat: str = "seat-1", cert_of: str | None = None) -> TableClient:
    return TableClient(seat, KEYS[seat], "127.0.0.1", port, tls=client_context(pki, cert_of or seat))


def _tls_server(pki: p.PkiFolder, body: Callable[..., Awaitable[None]]) -> tuple[Recorder, list[NetEvent]]:
    return run(with_server(body, tls=ServerTls(pki)))  # type: ignore[return-value]


class Tap:
    """A TCP relay between client and controller that keeps every byte it passes (a network listener)."""

    def __init__(self, port: int) -> None:
        self.port, self.seen = port, bytearray()
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        bound: int = self.server.sockets[0].getsockname()[1]
        return bound

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            while data := await src.read(65536):
                self.seen += data
                dst.write(data)
                await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()


def _wagers_through_a_tap(tls: ServerTls | None, pki: p.PkiFolder) -> bytes:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        tap = Tap(server.port)
        port = await tap.start()
        client = _client(pki, port) if tls else TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", port)
        await client.connect()
        assert await client.request(PlaceWager("straight:17", 500)) == Ack(2)
        await client.close()
        await tap.close()
        body.seen = bytes(tap.seen)  # type: ignore[attr-defined]

    run(with_server(body, tls=tls))
    return body.seen  # type: ignore[attr-defined,no-any-return]


def test_a_network_listener_reads_the_wagers_of_a_plain_link_and_nothing_of_a_tls_one(
    pki: p.PkiFolder,
) -> None:
    assert b'"spot":"straight:17"' in _wagers_through_a_tap(None, pki)  # what TLS is for
    seen = _wagers_through_a_tap(ServerTls(pki), pki)
    assert len(seen) > 1000  # the handshake and the records went through the tap ...
    assert b"straight" not in seen and b"PlaceWager" not in seen and b"seat-1" not in seen  # ... unreadable


def test_a_seat_with_its_certificate_plays_over_tls_1_3(pki: p.PkiFolder) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        client = _client(pki, server.port)
        await client.connect()
        assert await client.request(PlaceWager("red", 100)) == Ack(2)
        tls = client._writer.get_extra_info("ssl_object")  # type: ignore[union-attr]
        assert tls.version() == "TLSv1.3"
        assert p.common_name(p.load_cert(pki.cert("controller"))) == "controller"
        await client.close()

    recorder, _ = _tls_server(pki, body)
    assert recorder.messages() == [PlaceWager("red", 100)]


def _refused(pki: p.PkiFolder, client: Callable[[int], TableClient], match: str) -> list[NetEvent]:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        with pytest.raises(HandshakeError, match=match):
            await client(server.port).connect()
        await until(refused(events), "the controller's refusal")
        assert server.linked() == frozenset()

    recorder, events = _tls_server(pki, body)
    assert [call for call in recorder.calls if call[0] != "lost"] == []  # nothing reached the table
    return events


def test_a_client_whose_certificate_is_from_another_ca_is_refused(
    pki: p.PkiFolder, made: tuple[Path, Path]
) -> None:
    stranger = p.PkiFolder(made[1])
    context = client_context(stranger, "seat-1")
    context.load_verify_locations(cafile=str(pki.ca_cert))  # it even trusts our controller: no help
    events = _refused(
        pki,
        lambda port: TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", port, tls=context),
        "refused this station.s certificate",
    )
    assert any(e.kind == "refused" and "TLS handshake failed" in e.detail for e in events), events


def test_a_client_without_a_certificate_is_refused(pki: p.PkiFolder) -> None:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.load_verify_locations(cafile=str(pki.ca_cert))
    events = _refused(
        pki,
        lambda port: TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", port, tls=context),
        "refused this station.s certificate",
    )
    assert any("TLS handshake failed" in e.detail for e in events), events


def test_a_plain_client_is_refused_by_a_tls_table(pki: p.PkiFolder) -> None:
    events = _refused(
        pki, lambda port: TableClient("seat-1", KEYS["seat-1"], "127.0.0.1", port), "controller closed"
    )
    assert any("TLS handshake failed" in e.detail for e in events), events


def test_a_revoked_certificate_is_refused(pki: p.PkiFolder) -> None:
    serial, number = p.revoke(pki, "seat-2", NOW)
    assert number == 2 and serial == p.load_cert(pki.cert("seat-2")).serial_number
    revoked = f"seat-2 \\(serial {serial:x}\\) is revoked"
    events = _refused(pki, lambda port: _client(pki, port, "seat-2"), revoked)
    assert any("revoked" in e.detail for e in events)


def test_a_revocation_drops_a_live_link_and_keeps_the_others(pki: p.PkiFolder) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        one, three = _client(pki, server.port, "seat-1"), _client(pki, server.port, "seat-3")
        await one.connect()
        await three.connect()
        await until(lambda: server.linked() == {"seat-1", "seat-3"}, "both links up at the controller")
        p.revoke(pki, "seat-3", NOW)  # the technician revokes while the table runs
        assert await server.drop_revoked() == ("seat-3",)  # the watchdog does this every heartbeat
        await asyncio.wait_for(three.lost.wait(), 30)
        with pytest.raises(LinkLostError):
            await three.request(PlaceWager("red", 100))
        assert await one.request(PlaceWager("red", 100)) == Ack(2)
        with pytest.raises(HandshakeError, match="revoked"):
            await _client(pki, server.port, "seat-3").connect()
        await one.close()

    _tls_server(pki, body)


def test_a_certificate_speaks_only_for_its_own_client(pki: p.PkiFolder) -> None:
    events = _refused(  # seat-1's certificate with seat-2's protocol key: still not seat-2
        pki, lambda port: _client(pki, port, "seat-2", cert_of="seat-1"), "seat-1 cannot speak for seat-2"
    )
    assert any("cannot speak for" in e.detail for e in events)


def test_the_message_macs_still_apply_inside_tls(pki: p.PkiFolder) -> None:
    _refused(
        pki,
        lambda port: TableClient("seat-1", bytes(32), "127.0.0.1", port, tls=client_context(pki, "seat-1")),
        "bad_mac",
    )


def test_a_client_refuses_a_controller_from_another_table(pki: p.PkiFolder, made: tuple[Path, Path]) -> None:
    impostor = ServerTls(p.PkiFolder(made[1]))  # a controller with its own CA's certificate

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        with pytest.raises(HandshakeError, match="not this table's controller"):
            await _client(pki, server.port).connect()

    recorder, _ = run(with_server(body, tls=impostor))  # type: ignore[misc]
    assert recorder.calls == []


def test_a_seats_certificate_cannot_pose_as_the_controller(pki: p.PkiFolder) -> None:
    posing = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    posing.load_cert_chain(str(pki.cert("seat-2")), str(pki.key("seat-2")))  # signed by the right CA
    tls = ServerTls(pki)
    tls.context = posing

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        with pytest.raises(HandshakeError, match="not this table's controller"):
            await _client(pki, server.port).connect()

    run(with_server(body, tls=tls))


def test_a_missing_or_forged_revocation_list_stops_the_controller(
    pki: p.PkiFolder, made: tuple[Path, Path]
) -> None:
    shutil.copy(p.PkiFolder(made[1]).crl, pki.crl)  # a list signed by another CA
    with pytest.raises(p.PkiError, match="not signed by this table's CA"):
        ServerTls(pki)
    pki.crl.unlink()
    with pytest.raises(p.PkiError, match="revocation list is gone"):
        ServerTls(pki)
    with pytest.raises(p.PkiError, match="missing beside the table CA"):
        p.provision(pki, "T-01", CLIENTS, NOW)  # and a start never makes a new, empty one


def test_private_keys_are_0600_and_a_readable_one_is_refused(pki: p.PkiFolder) -> None:
    for name in ("ca", "controller", *CLIENTS):
        assert (pki.folder / f"{name}.key").stat().st_mode & 0o777 == 0o600
    pki.key("seat-1").chmod(0o644)
    with pytest.raises(p.PkiError, match="must be 600"):
        p.load_key(pki.key("seat-1"))


def test_the_revocation_list_in_force_is_announced_at_start_and_on_every_change(pki: p.PkiFolder) -> None:
    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        assert [e.detail for e in events if e.kind == "revocation"] == ["list 1 in force; revoked: none"]
        serial, _ = p.revoke(pki, "display", NOW)
        await server.drop_revoked()
        await server.drop_revoked()  # unchanged: said once
        said = [e.detail for e in events if e.kind == "revocation"]
        assert said[1:] == [f"list 2 in force; revoked: {serial:x}"]

    _tls_server(pki, body)


def test_a_rolled_back_revocation_list_is_refused_and_a_newer_one_accepted(pki: p.PkiFolder) -> None:
    older = pki.crl.read_bytes()  # list 1: nothing revoked
    serial, _ = p.revoke(pki, "seat-2", NOW)  # list 2
    newer = pki.crl.read_bytes()
    pki.crl.write_bytes(older)  # an attacker restores the old copy: seat-2 would be un-revoked
    with pytest.raises(p.PkiError, match="number 1 is older than number 2, which this table already"):
        ServerTls(pki, floor=2)  # the controller's start, with the ledger's highest number

    async def body(server: TableServer, recorder: Recorder, events: list[NetEvent]) -> None:
        pki.crl.write_bytes(older)  # the same rollback while the table runs: nobody new is admitted
        with pytest.raises(HandshakeError):
            await _client(pki, server.port, "seat-2").connect()
        assert any("older than number 2" in e.detail for e in events), events
        pki.crl.write_bytes(newer)  # the newest list back: in force again, seat-2 still refused
        with pytest.raises(HandshakeError, match="revoked"):
            await _client(pki, server.port, "seat-2").connect()
        p.revoke(pki, "seat-3", NOW)  # a newer list (3) is accepted
        assert await server.drop_revoked() == ()
        assert tls.number == 3 and tls.floor == 3
        one = _client(pki, server.port, "seat-1")
        await one.connect()
        await one.close()

    pki.crl.write_bytes(newer)
    tls = ServerTls(pki, floor=2)
    run(with_server(body, tls=tls))
    assert serial in p.revoked_serials(p.load_crl(pki, p.load_cert(pki.ca_cert)))
