"""The client's side of the protocol, for seats, bots, the table display and service screens.

Usage (inside a coroutine)::

    client = TableClient("seat-1", key, "127.0.0.1", 7800)
    await client.connect()
    reply = await client.request(PlaceWager("straight:17", 500))   # Ack or Error
    push = await client.receive()                                   # TableState, SeatState, Result...

Replies (``Ack`` / ``Error`` naming the request's sequence number) resolve :meth:`request`; every other
message from the controller is queued for :meth:`receive`. When the link is lost (EOF, a refused frame,
or controller silence past the timeout) :attr:`lost` is set and pending requests fail with
:class:`LinkLostError`; :meth:`reconnect` opens a fresh session with new nonces and sequence numbers.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import ssl
from collections.abc import Callable

from terminal.net.codec import encode_frame, read_frame
from terminal.net.errors import HandshakeError, ProtocolError
from terminal.net.messages import Ack, Direction, Error, Heartbeat, Hello, Message, Ready, Welcome
from terminal.net.pki import CONTROLLER
from terminal.net.server import Clock, Log, NetEvent, ignore_event
from terminal.net.session import (
    NONCE_SIZE,
    Opener,
    Sealer,
    derive_session_keys,
    hello_key,
    read_envelope,
    seal,
)


class LinkLostError(ConnectionError):
    """The link to the controller is gone; reconnect to continue."""


class TableClient:
    """One client's authenticated connection to the controller."""

    def __init__(
        self,
        seat: str,
        key: bytes,
        host: str,
        port: int,
        *,
        timeout_factor: float = 3.0,
        log: Log = ignore_event,
        entropy_source: Callable[[int], bytes] = os.urandom,
        clock: Clock | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.seat, self._key, self._host, self._port = seat, key, host, port
        self._tls = tls  # this station's certificate and the table CA (terminal.net.tls); None: plain TCP
        self._timeout_factor, self._log = timeout_factor, log
        self._entropy, self._clock = entropy_source, clock
        self._writer: asyncio.StreamWriter | None = None
        self._sealer: Sealer | None = None
        self._opener: Opener | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pending: dict[int, asyncio.Future[Message]] = {}
        self._inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.lost = asyncio.Event()
        self.welcome: Welcome | None = None
        self._last_seen = 0.0

    def now(self) -> float:
        """The injected clock, else the event loop's monotonic time."""
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    @property
    def connected(self) -> bool:
        """Whether a session is up."""
        return self._sealer is not None and not self.lost.is_set()

    async def connect(self, timeout_s: float = 5.0) -> Welcome:
        """Connect and run the handshake; raises :class:`HandshakeError` if the controller refuses."""
        reader, writer = await self._open(timeout_s)
        try:
            welcome, sealer, opener = await asyncio.wait_for(self._handshake(reader, writer), timeout_s)
        except (asyncio.IncompleteReadError, ConnectionError) as exc:
            writer.close()
            why = (  # on TLS the controller answers every other refusal with a notice that says why
                "the controller refused this station's certificate (not from its table CA?)"
                if self._tls is not None
                else "controller closed the handshake (wrong key, unknown seat, or a TLS table: [links] tls?)"
            )
            raise HandshakeError(f"{self.seat}: {why}") from exc
        except ssl.SSLError as exc:  # TLS 1.3: the controller judges our certificate after its Finished
            writer.close()
            raise HandshakeError(
                f"{self.seat}: the controller refused this station's certificate: {exc}"
            ) from exc
        except HandshakeError:
            writer.close()
            raise
        except ProtocolError as exc:  # e.g. a Welcome whose MAC is wrong: not our controller
            writer.close()
            raise HandshakeError(f"{self.seat}: controller failed the handshake: {exc}") from exc
        except BaseException:
            writer.close()
            raise
        self._writer, self._sealer, self._opener, self.welcome = writer, sealer, opener, welcome
        self._pending.clear()
        self.lost = asyncio.Event()
        self._last_seen = self.now()
        self._tasks = [asyncio.create_task(self._read(reader, opener))]
        if welcome.heartbeat_ms:
            self._tasks.append(asyncio.create_task(self._heartbeat(welcome.heartbeat_ms / 1000)))
        return welcome

    async def _open(self, timeout_s: float) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._tls is None:
            return await asyncio.open_connection(self._host, self._port)
        try:  # the controller's certificate must be the table CA's, for the name "controller"
            return await asyncio.open_connection(
                self._host,
                self._port,
                ssl=self._tls,
                server_hostname=CONTROLLER,
                ssl_handshake_timeout=timeout_s,
            )
        except ssl.SSLCertVerificationError as exc:
            raise HandshakeError(f"{self.seat}: not this table's controller: {exc.verify_message}") from exc
        except ssl.SSLError as exc:  # a plain-TCP table, or TLS below 1.3
            raise HandshakeError(
                f"{self.seat}: no TLS 1.3 link to the controller: {exc.reason or exc}"
            ) from exc

    async def _handshake(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> tuple[Welcome, Sealer, Opener]:
        client_nonce = self._entropy(NONCE_SIZE)
        writer.write(encode_frame(seal(hello_key(self._key), self.seat, 0, Hello(client_nonce.hex()))))
        await writer.drain()
        payload = await read_frame(reader)
        # The server nonce is inside the frame whose MAC depends on it: read it, derive, then verify.
        _, _, envelope = read_envelope(payload, Direction.SERVER)
        welcome = envelope.message()
        if isinstance(welcome, Error):  # a notice: unauthenticated, so only a reason to show, never trusted
            raise HandshakeError(f"{self.seat}: the controller refused: {welcome.code}: {welcome.message}")
        if not isinstance(welcome, Welcome):
            raise HandshakeError(f"{self.seat}: expected Welcome, got {envelope.type}")
        keys = derive_session_keys(self._key, self.seat, client_nonce, bytes.fromhex(welcome.nonce))
        opener = Opener(keys.server_to_client, self.seat, Direction.SERVER)
        opener.open(payload)  # proves the controller holds this seat's key
        sealer = Sealer(keys.client_to_server, self.seat)
        writer.write(encode_frame(sealer.seal(Ready())))
        await writer.drain()
        return welcome, sealer, opener

    async def send(self, msg: Message) -> int:
        """Send one message; returns its sequence number."""
        if self._writer is None or self._sealer is None or self.lost.is_set():
            raise LinkLostError(f"{self.seat}: not connected")
        if self._writer.is_closing():  # the controller went away: never write to a lost connection
            await self._lose("connection closed by the controller")
            raise LinkLostError(f"{self.seat}: the connection is closing")
        seq = self._sealer.next_seq
        self._writer.write(encode_frame(self._sealer.seal(msg)))
        try:
            await self._writer.drain()
        except (ConnectionError, OSError) as exc:
            await self._lose(f"send failed: {exc}")
            raise LinkLostError(f"{self.seat}: {exc}") from exc
        return seq

    async def request(self, msg: Message, timeout_s: float = 5.0) -> Ack | Error:
        """Send ``msg`` and wait for the controller's ``Ack`` or ``Error`` naming it."""
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        if self._sealer is not None:
            self._pending[self._sealer.next_seq] = future
        seq = await self.send(msg)
        try:
            reply = await asyncio.wait_for(future, timeout_s)
        finally:
            self._pending.pop(seq, None)
        if not isinstance(reply, Ack | Error):
            raise ProtocolError(f"{self.seat}: unexpected reply {reply.TYPE} to {msg.TYPE}")
        return reply

    async def receive(self, timeout_s: float | None = None) -> Message:
        """The next message pushed by the controller."""
        if not self._inbox.empty():  # already here (pushes come in bursts): no timer to set and cancel
            return self._inbox.get_nowait()
        return await asyncio.wait_for(self._inbox.get(), timeout_s)

    @property
    def received(self) -> int:
        """How many frames of this session arrived, the ``Welcome`` included (``TableServer.sent`` counts
        the other end: equal once everything the controller sent so far is in)."""
        return 0 if self._opener is None else self._opener.expected_seq - 1

    def pending_pushes(self) -> int:
        """How many pushed messages wait in the inbox."""
        return self._inbox.qsize()

    async def close(self) -> None:
        """Close the connection (no ``on_link_lost`` surprise: the controller sees an ordinary close)."""
        await self._lose("closed by client")

    async def reconnect(self, attempts: int = 10, delay_s: float = 0.2) -> Welcome:
        """Close any old session and connect again, retrying with a doubling delay."""
        await self.close()
        for attempt in range(attempts):
            try:
                return await self.connect()
            except (OSError, HandshakeError, TimeoutError) as exc:
                self._log(NetEvent("refused", self.seat, f"reconnect attempt {attempt + 1}: {exc}"))
                if attempt + 1 == attempts:
                    raise LinkLostError(f"{self.seat}: no link after {attempts} attempts: {exc}") from exc
                await asyncio.sleep(delay_s * 2**attempt)
        raise LinkLostError(f"{self.seat}: no reconnect attempts allowed")

    async def _lose(self, why: str) -> None:
        if not self.lost.is_set() and self._writer is not None:
            self._log(NetEvent("link_lost", self.seat, why))
        self.lost.set()
        for future in self._pending.values():
            if not future.done():
                future.set_exception(LinkLostError(f"{self.seat}: {why}"))
        self._pending.clear()
        current = asyncio.current_task()
        for task in self._tasks:
            if task is not current:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._tasks = []
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    async def _read(self, reader: asyncio.StreamReader, opener: Opener) -> None:
        while True:
            try:
                msg = opener.open(await read_frame(reader)).message()
            except (asyncio.IncompleteReadError, ConnectionError, OSError):
                await self._lose("connection closed by the controller")
                return
            except ProtocolError as exc:
                self._log(NetEvent("refused", self.seat, f"{type(exc).__name__}: {exc}"))
                await self._lose(f"refused frame from the controller: {exc.code}")
                return
            self._last_seen = self.now()
            self._route(msg)

    def _route(self, msg: Message) -> None:
        if isinstance(msg, Heartbeat):
            return
        if isinstance(msg, Ack | Error) and msg.ref is not None:
            future = self._pending.get(msg.ref)
            if future is not None and not future.done():
                future.set_result(msg)
                return
        self._inbox.put_nowait(msg)

    async def _heartbeat(self, period_s: float) -> None:
        while True:
            await asyncio.sleep(period_s)
            if self.now() - self._last_seen > period_s * self._timeout_factor:
                await self._lose("controller silent past the heartbeat timeout")
                return
            try:
                await self.send(Heartbeat())
            except LinkLostError:
                return
