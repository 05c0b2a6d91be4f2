"""The seat's link to the controller: the asyncio :class:`TableClient` in a background thread.

The pygame loop is synchronous; the protocol client is asyncio. The link runs the client in its own
thread and event loop and bridges both ways with thread-safe queues: :meth:`Link.send` queues an intent
(a protocol message) for the controller, and every message the controller pushes or replies with, plus
a :class:`~terminal.seat.model.LinkStatus` whenever the link comes up or is lost, lands in
:attr:`Link.inbox` for the frame loop to drain. A lost link is retried with a doubling delay; on each
new session the seat asks for fresh state.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading

from terminal.net import messages as m
from terminal.net.client import LinkLostError, TableClient
from terminal.net.errors import HandshakeError, ProtocolError
from terminal.seat.model import LinkStatus

Inbound = m.Message | LinkStatus


class Link:
    """One seat's connection, run in a daemon thread."""

    def __init__(
        self, seat: str, key: bytes, host: str, port: int, tls: ssl.SSLContext | None = None
    ) -> None:
        self.seat, self._key, self._host, self._port, self._tls = seat, key, host, port, tls
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[m.Message] | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._client: TableClient | None = None
        self._asking = False  # an intent is on its way to the controller, its reply not in yet

    def start(self) -> None:
        """Start the link thread (it connects and keeps reconnecting until :meth:`stop`)."""
        self._thread = threading.Thread(target=self._main, name=f"{self.seat}-link", daemon=True)
        self._thread.start()
        self._started.wait(5.0)

    def send(self, message: m.Message) -> None:
        """Queue ``message`` for the controller (thread-safe; dropped silently only after :meth:`stop`)."""
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed between the check and the call
                loop.call_soon_threadsafe(outbox.put_nowait, message)

    def drain(self) -> list[Inbound]:
        """Every message that arrived since the last call, oldest first."""
        out: list[Inbound] = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def caught_up(self, frames: int, timeout_s: float = 30.0) -> bool:
        """Wait until every intent sent so far has its reply and the first ``frames`` frames of this session
        are in and handed to :attr:`inbox`; ``False`` if that took longer than ``timeout_s`` (or the link is
        down). The controller pushes what an intent changed before its reply, so once the reply is in so are
        they; ``frames`` (``TableServer.sent``) covers what the table pushed on its own."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return False
        try:
            return asyncio.run_coroutine_threadsafe(self._catch_up(frames), loop).result(timeout_s)
        except (TimeoutError, RuntimeError):
            return False

    async def _catch_up(self, frames: int) -> bool:
        outbox = self._outbox
        while True:  # runs on the link's loop: the tasks below are between steps, never halfway through one
            client = self._client
            if client is None or client.lost.is_set():
                return False
            busy = self._asking or (outbox is not None and not outbox.empty())
            if not busy and client.received >= frames and client.pending_pushes() == 0:
                return True
            await asyncio.sleep(0.002)

    def stop(self, timeout_s: float = 5.0) -> None:
        """Close the session and end the thread."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout_s)

    # -- the link thread -------------------------------------------------------------------------------
    def _main(self) -> None:
        asyncio.run(self._run())

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        outbox: asyncio.Queue[m.Message] = asyncio.Queue()
        stop = asyncio.Event()
        self._outbox, self._stop = outbox, stop
        self._started.set()
        client = TableClient(self.seat, self._key, self._host, self._port, tls=self._tls)
        self._client = client
        delay = 0.2
        while not stop.is_set():
            try:
                await client.connect()
            except (OSError, HandshakeError, TimeoutError) as failed:
                self.inbox.put(LinkStatus(False, str(failed)))
                await _pause(stop, delay)
                delay = min(5.0, delay * 2)
                continue
            delay = 0.2
            self.inbox.put(LinkStatus(True, ""))
            await self._session(client, stop, outbox)
        await client.close()

    async def _session(
        self, client: TableClient, stop: asyncio.Event, outbox: asyncio.Queue[m.Message]
    ) -> None:
        tasks = [
            asyncio.create_task(self._pushes(client)),
            asyncio.create_task(self._intents(client, outbox)),
            asyncio.create_task(client.lost.wait()),
            asyncio.create_task(stop.wait()),
        ]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if not stop.is_set():
            self.inbox.put(LinkStatus(False, "link to the controller lost"))
            await client.close()
            await _pause(stop, 0.2)

    async def _pushes(self, client: TableClient) -> None:
        while True:
            self.inbox.put(await client.receive())

    async def _intents(self, client: TableClient, outbox: asyncio.Queue[m.Message]) -> None:
        while True:
            message = await outbox.get()
            self._asking = True
            try:
                reply = await client.request(message)
            except (LinkLostError, ProtocolError, TimeoutError) as failed:
                self.inbox.put(m.Error("link", f"link: {failed}"[:200], None))
                if client.lost.is_set():
                    return
                continue
            finally:
                self._asking = False
            if isinstance(reply, m.Error):
                self.inbox.put(reply)


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    """Sleep ``seconds`` unless ``stop`` is set first."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
