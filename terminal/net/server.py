"""The controller's side of the protocol: an asyncio server that authenticates clients and hands every
authentic, fresh, well-formed message to an injected :class:`Handler`.

What the server guarantees the handler:

* ``on_message`` only ever sees messages that passed MAC, seat, sequence, schema and direction checks;
  a malformed message from an authentic client gets an ``Error`` reply and the link stays up; a forged,
  tampered, replayed or reordered frame is logged, answered with an ``Error`` and the link is dropped.
  A refused handshake is answered too before the drop: a bad ``Hello`` (no session keys exist yet) with
  an unauthenticated notice (:func:`~terminal.net.session.notice`), a bad ``Ready`` with a sealed ``Error``.
* ``on_link_up(seat)`` after a completed handshake, and exactly one ``on_link_lost(seat)`` for it when the
  connection closes, breaks, goes silent past the timeout, or its certificate is revoked.
* One session per client: a handshake for a client whose link is up waits a short grace
  (``SESSION_GRACE_S``: an old connection that is closing goes) and is then refused
  (``HandshakeError``, before any session key), as is one racing another handshake of the same client.
  So valid credentials cannot open parallel sessions, nor churn the table's link-lost/restored log.
* A handler that refuses a message raises a ``ValueError`` (``IllegalBetError``...): the client gets an
  ``Error`` with code ``refused`` and the exception's text; any other exception is logged and answered
  with ``internal``, and the server keeps serving.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import ssl
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from terminal.net.codec import JSONValue, encode_frame, read_frame
from terminal.net.errors import DecodeError, HandshakeError, ProtocolError
from terminal.net.messages import (
    Ack,
    Direction,
    Error,
    Heartbeat,
    Hello,
    Message,
    Ready,
    Welcome,
    body_to_json,
)
from terminal.net.pki import PkiError
from terminal.net.session import (
    NONCE_SIZE,
    Opener,
    Sealer,
    derive_session_keys,
    notice,
    open_hello,
)
from terminal.net.tls import CertificateRefused, Peer, ServerTls, UntilTls, tls_reason


class Handler(Protocol):
    """What the table controller implements to receive the protocol's traffic."""

    async def on_link_up(self, seat: str) -> None:
        """A client completed the handshake."""

    async def on_message(self, seat: str, message: Message) -> Message | None:
        """An authentic, valid message; return a reply (``None`` means ``Ack``) or raise ``ValueError``."""

    async def on_link_lost(self, seat: str) -> None:
        """The client's link is gone: it must stop taking wagers and keep its credits."""


@dataclass(frozen=True, slots=True)
class NetEvent:
    """Something the protocol noticed, for the event log.

    ``kind`` is ``link_up``, ``link_lost``, ``refused`` (a frame or handshake refused), ``closed`` (a
    connection gone before its first frame: a port probe, such as the supervisor's), ``revocation`` (the
    revocation list in force, at start and whenever it changes) or ``internal``.
    """

    kind: str
    seat: str | None
    detail: str


Log = Callable[[NetEvent], None]
Clock = Callable[[], float]

#: Seconds a new handshake waits for the same client's old link to go before it is refused.
SESSION_GRACE_S = 0.5


def ignore_event(_: NetEvent) -> None:
    """The default log drops events; the controller injects one that writes the event log."""


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def printable(text: str) -> str:
    """Text safe for an ``Error.message``: no control characters, at most 512 characters."""
    return _CONTROL.sub("?", text)[:512]


class _Link:
    """One authenticated connection."""

    def __init__(
        self, seat: str, writer: asyncio.StreamWriter, sealer: Sealer, opener: Opener, now: float,
        serial: int | None = None,
    ) -> None:  # fmt: skip
        self.seat, self.writer, self.sealer, self.opener = seat, writer, sealer, opener
        self.last_seen = now
        self.closed = False
        self.gone = asyncio.Event()  # set once the link is dropped (a waiting handshake may then proceed)
        self.serial = serial  # the client certificate's serial on a TLS link (revocation drops the link)

    async def send(self, msg: Message, body: dict[str, JSONValue] | None = None) -> None:
        if self.writer.is_closing():  # lost or closing: asyncio would count (and at 5 log) every write
            raise ConnectionResetError(f"{self.seat}: the connection is closing")
        # Seal and write without an await in between, so sequence numbers hit the wire in order.
        self.writer.write(encode_frame(self.sealer.seal(msg, body)))
        await self.writer.drain()


class TableServer:
    """Listens on ``host:port`` for seats, the display and service screens (``port=0``: any free port)."""

    def __init__(
        self,
        keys: Mapping[str, bytes],
        handler: Handler,
        *,
        table_id: str,
        host: str = "127.0.0.1",
        port: int = 0,
        heartbeat_s: float = 1.0,
        timeout_s: float = 3.0,
        handshake_timeout_s: float = 5.0,
        log: Log = ignore_event,
        entropy_source: Callable[[int], bytes] = os.urandom,
        clock: Clock | None = None,
        watchdog: bool = True,
        tls: ServerTls | None = None,
    ) -> None:
        self._keys = dict(keys)
        self._handler = handler
        self._table_id, self._host, self._port = table_id, host, port
        self._heartbeat_s, self._timeout_s, self._handshake_s = heartbeat_s, timeout_s, handshake_timeout_s
        self._log, self._entropy, self._clock, self._watchdog_on = log, entropy_source, clock, watchdog
        self._tls = tls  # None: plain TCP (a loopback-only table)
        self._enforced: frozenset[int] | None = None  # the revoked serials last announced
        self._links: dict[str, _Link] = {}
        self._claimed: set[str] = set()  # clients in the middle of a handshake (one at a time)
        self._server: asyncio.Server | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._connections: set[asyncio.Task[None]] = set()

    # --- lifecycle ---------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start listening (and, unless disabled, the heartbeat watchdog)."""
        if self._tls is None:
            self._server = await asyncio.start_server(self._serve, self._host, self._port)
        else:  # each connection is upgraded in _serve, so a refused handshake is seen and logged
            loop = asyncio.get_running_loop()
            factory = lambda: UntilTls(asyncio.StreamReader(), self._serve)  # noqa: E731
            self._server = await loop.create_server(factory, self._host, self._port)
        await self.drop_revoked()  # announces the revocation list in force (an event for the ledger)
        if self._watchdog_on:
            self._watchdog = asyncio.create_task(self._watch())

    @property
    def port(self) -> int:
        """The port actually bound (useful with ``port=0``)."""
        if self._server is None:
            raise RuntimeError("server not started")
        port: int = self._server.sockets[0].getsockname()[1]
        return port

    async def close(self) -> None:
        """Stop listening, drop every link (calling ``on_link_lost``) and stop the watchdog."""
        if self._watchdog is not None:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
        if self._server is not None:
            self._server.close()
        for link in list(self._links.values()):
            await self._drop(link, "server closing")
        if self._connections:  # let every connection task see its closed socket and finish
            _, late = await asyncio.wait(self._connections, timeout=self._handshake_s)
            for task in late:
                task.cancel()
        if self._server is not None:
            await self._server.wait_closed()

    def now(self) -> float:
        """The injected clock, else the event loop's monotonic time."""
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    # --- pushing -----------------------------------------------------------------------------------------

    def linked(self) -> frozenset[str]:
        """The seats whose link is up."""
        return frozenset(self._links)

    def sent(self, seat: str) -> int:
        """How many frames this client's session was sent, the ``Welcome`` included (0 without a link)."""
        link = self._links.get(seat)
        return 0 if link is None else link.sealer.next_seq - 1

    async def push(self, seat: str, msg: Message, body: dict[str, JSONValue] | None = None) -> bool:
        """Send ``msg`` to one client; ``False`` if it has no link (the message is not queued).

        ``body``, if given, is ``body_to_json(msg)`` made once by :meth:`broadcast` for every link.
        """
        link = self._links.get(seat)
        if link is None:
            return False
        try:
            await link.send(msg, body)
        except (ConnectionError, OSError) as exc:
            await self._drop(link, f"send failed: {exc}")
            return False
        return True

    async def broadcast(self, msg: Message) -> int:
        """Send ``msg`` to every linked client; returns how many it reached. The body is encoded once."""
        if not self._links:
            return 0
        body = body_to_json(msg)
        sent = [await self.push(seat, msg, body) for seat in list(self._links)]
        return sum(sent)

    # --- liveness ----------------------------------------------------------------------------------------

    async def check_links(self) -> tuple[str, ...]:
        """Drop every link silent for longer than the timeout; returns their seats."""
        now = self.now()
        silent = [link for link in self._links.values() if now - link.last_seen > self._timeout_s]
        for link in silent:
            await self._drop(link, f"silent for {now - link.last_seen:.1f} s (timeout {self._timeout_s} s)")
        return tuple(link.seat for link in silent)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self._heartbeat_s)
            await self.broadcast(Heartbeat())
            await self.check_links()
            await self.drop_revoked()

    async def drop_revoked(self) -> tuple[str, ...]:
        """Drop every link whose certificate the revocation list now names; returns their seats."""
        if self._tls is None:
            return ()
        try:
            revoked = self._tls.revoked()
        except PkiError as bad:  # new clients are refused meanwhile (ServerTls.admit); say it once a beat
            self._log(NetEvent("internal", None, str(bad)))
            return ()
        if revoked != self._enforced:
            self._enforced = revoked
            serials = ", ".join(f"{serial:x}" for serial in sorted(revoked)) or "none"
            self._log(NetEvent("revocation", None, f"list {self._tls.number} in force; revoked: {serials}"))
        gone = [link for link in self._links.values() if link.serial in revoked]
        for link in gone:
            await self._drop(link, f"certificate serial {link.serial:x} revoked")
        return tuple(link.seat for link in gone)

    async def _drop(self, link: _Link, why: str) -> None:
        if link.closed:
            return
        link.closed = True
        link.gone.set()
        link.writer.close()
        if self._links.get(link.seat) is link:
            del self._links[link.seat]
        self._log(NetEvent("link_lost", link.seat, why))
        await self._handler.on_link_lost(link.seat)

    # --- one connection ----------------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._connections.add(task)
            task.add_done_callback(self._connections.discard)
        try:
            if self._tls is not None:
                await asyncio.wait_for(writer.start_tls(self._tls.context), self._handshake_s)
            link = await asyncio.wait_for(self._handshake(reader, writer), self._handshake_s)
        except ssl.SSLError as exc:  # a plain client, another CA's certificate, no certificate, not TLS 1.3
            self._log(NetEvent("refused", None, f"TLS handshake failed: {tls_reason(exc)}"))
            writer.close()
            return
        except (asyncio.IncompleteReadError, ConnectionError) as exc:  # gone before a word: a port probe
            self._log(NetEvent("closed", None, f"closed before the handshake: {type(exc).__name__}"))
            writer.close()
            return
        except (ProtocolError, TimeoutError) as exc:
            self._log(NetEvent("refused", None, f"handshake failed: {type(exc).__name__}: {exc}"))
            writer.close()
            return
        self._log(NetEvent("link_up", link.seat, "handshake complete"))
        try:
            await self._handler.on_link_up(link.seat)
            await self._receive(reader, link)
        except (ConnectionError, OSError) as exc:
            reason = f"connection error: {exc}"
        except Exception as exc:  # a handler bug in on_link_up: log it, drop this link, keep serving
            self._log(NetEvent("internal", link.seat, f"{type(exc).__name__}: {exc}"))
            reason = "internal error"
        else:
            reason = "connection closed"
        await self._drop(link, reason)

    async def _handshake(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> _Link:
        try:
            peer = self._tls.admit(writer.get_extra_info("ssl_object")) if self._tls is not None else None
            seat, seat_key, hello = open_hello(await read_frame(reader), self._keys)
            if peer is not None and peer.name != seat:  # a certificate speaks for its own client id only
                raise CertificateRefused(f"the certificate of {peer.name} cannot speak for {seat}")
            await self._claim(seat)
        except ProtocolError as exc:  # no session yet: say why in a notice the client can read, then drop
            with contextlib.suppress(ConnectionError, OSError):
                writer.write(encode_frame(notice(Error(exc.code, printable(str(exc)), None))))
                await writer.drain()
            raise
        try:
            link = await self._session(seat, seat_key, hello, writer, reader, peer)
        finally:
            self._claimed.discard(seat)
        return link

    async def _claim(self, seat: str) -> None:
        """Reserve ``seat`` for this handshake: refused while another handshake of it runs, or while its
        link is up past the grace an old, closing connection gets."""
        if seat in self._claimed:
            raise HandshakeError(f"{seat} is already connecting: one session per client")
        self._claimed.add(seat)  # no second handshake of it from here on (given back by the caller)
        old = self._links.get(seat)
        if old is not None and not old.closed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(old.gone.wait(), SESSION_GRACE_S)
            if not old.closed:
                self._claimed.discard(seat)
                raise HandshakeError(f"{seat} already has a session: one session per client")

    async def _session(
        self, seat: str, seat_key: bytes, hello: Hello, writer: asyncio.StreamWriter,
        reader: asyncio.StreamReader, peer: Peer | None,
    ) -> _Link:  # fmt: skip
        """The rest of the handshake: keys, ``Welcome``, ``Ready``; the link is registered before the
        claim on its client is given back, so no other handshake of it can slip in between."""
        server_nonce = self._entropy(NONCE_SIZE)
        keys = derive_session_keys(seat_key, seat, bytes.fromhex(hello.nonce), server_nonce)
        sealer = Sealer(keys.server_to_client, seat)
        opener = Opener(keys.client_to_server, seat, Direction.CLIENT)
        link = _Link(seat, writer, sealer, opener, self.now(), peer.serial if peer is not None else None)
        heartbeat_ms = int(self._heartbeat_s * 1000)
        await link.send(Welcome(server_nonce.hex(), printable(self._table_id), heartbeat_ms))
        try:
            ready = opener.open(await read_frame(reader)).message()
            if not isinstance(ready, Ready):
                raise HandshakeError(f"{seat}: expected Ready after Welcome, got {ready.TYPE}")
        except ProtocolError as exc:  # the session exists: the Error is sealed like any other reply
            with contextlib.suppress(ConnectionError, OSError):
                await link.send(Error(exc.code, printable(str(exc)), None))
            raise
        link.last_seen = self.now()
        self._links[seat] = link
        return link

    async def _receive(self, reader: asyncio.StreamReader, link: _Link) -> None:
        while not link.closed:
            try:
                payload = await read_frame(reader)
                envelope = link.opener.open(payload)
            except asyncio.IncompleteReadError:
                return
            except ProtocolError as exc:  # not authentic, not fresh, or unreadable: never processed
                self._log(NetEvent("refused", link.seat, f"{type(exc).__name__}: {exc}"))
                with contextlib.suppress(ConnectionError, OSError):
                    await link.send(Error(exc.code, printable(str(exc)), None))
                await self._drop(link, f"refused frame: {exc.code}")
                return
            link.last_seen = self.now()
            await self._dispatch(link, envelope.seq, envelope.message)

    async def _dispatch(self, link: _Link, seq: int, decode: Callable[[], Message]) -> None:
        try:
            msg = decode()
        except DecodeError as exc:  # authentic but malformed: refused, the link and the table carry on
            self._log(NetEvent("refused", link.seat, f"{type(exc).__name__}: {exc}"))
            await link.send(Error(exc.code, printable(str(exc)), seq))
            return
        if isinstance(msg, Heartbeat):
            return
        if isinstance(msg, Hello | Ready):
            await link.send(Error("unexpected", f"{msg.TYPE} is only valid in the handshake", seq))
            return
        await link.send(await self._handle(link.seat, seq, msg))

    async def _handle(self, seat: str, seq: int, msg: Message) -> Message:
        try:
            reply = await self._handler.on_message(seat, msg)
        except ValueError as exc:
            return Error("refused", printable(str(exc)), seq)
        except Exception as exc:  # a controller bug must not take the whole table's network down
            self._log(NetEvent("internal", seat, f"{msg.TYPE}: {type(exc).__name__}: {exc}"))
            return Error("internal", "the table could not process this request", seq)
        return Ack(seq) if reply is None else reply
