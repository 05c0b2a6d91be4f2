"""The display's link to the controller: the asyncio :class:`TableClient` in a thread of its own.

pyglet owns the main thread (its event loop and GL context); the protocol client runs its own asyncio
loop in a daemon thread and hands every pushed message, and its own :class:`LinkUp` / :class:`LinkDown`
events, to the main thread through a ``queue.Queue``. The main thread drains the queue once a frame and
stamps each message with the display's injected clock. Why a link failed goes to the log; the screen
only says it is connecting or reconnecting. When the link drops (the controller restarted,
or went silent), the thread keeps trying to connect, and the controller's pushes on link up bring the
display back to the resumed round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import ssl
import threading

from terminal.display.model import LinkDown, LinkUp
from terminal.net.client import TableClient
from terminal.net.errors import HandshakeError, ProtocolError
from terminal.net.messages import RequestState

CLIENT_ID = "display"
LOG = logging.getLogger("terminal.display.link")


class DisplayLink:
    """Connects as ``display`` and feeds ``inbox`` until :meth:`stop`."""

    def __init__(
        self, key: bytes, host: str, port: int, *, retry_s: float = 0.3, tls: ssl.SSLContext | None = None
    ) -> None:
        self.inbox: queue.Queue[object] = queue.Queue()
        self._tls = tls
        self._key, self._host, self._port, self._retry_s = key, host, port, retry_s
        self._thread = threading.Thread(target=self._run, name="display-link", daemon=True)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()

    def start(self) -> None:
        """Start the link thread."""
        self._thread.start()
        self._ready.wait(5.0)

    def stop(self, timeout_s: float = 5.0) -> None:
        """Close the link and end the thread."""
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # the loop may already be closed
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout_s)

    def drain(self) -> list[object]:
        """Every message waiting, oldest first (main thread)."""
        out: list[object] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self.inbox.get_nowait())
        return out

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self._ready.set()
        client = TableClient(CLIENT_ID, self._key, self._host, self._port, tls=self._tls)
        said, linked = "", False  # "connecting" until the first link, then "reconnecting"
        while not self._stop.is_set():
            try:
                await client.connect()
            except (OSError, HandshakeError, TimeoutError, ProtocolError) as exc:
                reason = f"no controller at {self._host}:{self._port}: {exc}"
                if reason != said:
                    LOG.warning("%s", reason)
                    self.inbox.put(LinkDown("reconnecting" if linked else "connecting", reason))
                    said = reason
                await self._pause(self._retry_s)
                continue
            said, linked = "", True
            self.inbox.put(LinkUp())
            await self._pump(client)
            await client.close()
            if not self._stop.is_set():
                LOG.warning("link to the controller lost; reconnecting")
                self.inbox.put(LinkDown("reconnecting", "link to the controller lost"))
        await client.close()

    async def _pump(self, client: TableClient) -> None:
        with contextlib.suppress(ConnectionError, ProtocolError):
            await client.send(RequestState())
        while not self._stop_set() and not client.lost.is_set():
            try:
                self.inbox.put(await client.receive(timeout_s=0.1))
            except TimeoutError:
                continue

    def _stop_set(self) -> bool:
        return self._stop is not None and self._stop.is_set()

    async def _pause(self, seconds: float) -> None:
        if self._stop is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), seconds)
