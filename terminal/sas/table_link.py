"""The SAS process's link to the controller: what the casino system said that the table must act on.

``terminal sas run`` is the ``sas`` client of the table's authenticated protocol (its own key in
``[seat] keys_path`` and its own certificate from ``terminal keys``, like every station). The seats'
threads hand it :class:`~terminal.net.messages.SasEnable` (long polls 01 and 02) and
:class:`~terminal.net.messages.SasLink` (the host silent or back) with :meth:`TableLink.tell`, which never
blocks: a slow or absent controller costs the SAS lines nothing. A thread of its own runs the client on
an event loop, connects and reconnects, and sends every message in order, each until the controller
acknowledges or refuses it; a message the link lost on the way is sent again (they are states, so twice
is once). On every (re)connect it first says again which seats the host has disabled and whether each
host polls: what the table missed while the link was down. A seat the host *enabled* is never said from
the seat's store alone, only from a 02 the host sent to this process: an edited file in ``[sas]
state_dir`` cannot enable a seat the casino system disabled.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from terminal.net.client import LinkLostError, TableClient
from terminal.net.errors import ProtocolError
from terminal.net.messages import Error, Message

CLIENT = "sas"
RETRY_S = 1.0  # the longest wait between two tries to connect
FIRST_RETRY_S = 0.1  # the first wait, doubled at each failure up to RETRY_S (as a seat's link does)


class TableLink:
    """See the module docstring. ``client`` makes a fresh :class:`TableClient` (keys, TLS, address);
    ``resync`` gives the messages that say each seat's present state (read on every connect)."""

    def __init__(
        self,
        client: Callable[[], TableClient],
        resync: Callable[[], list[Message]],
        say: Callable[[str], None] = print,
    ) -> None:
        self._make, self._resync, self._say = client, resync, say
        self._loop = asyncio.new_event_loop()
        self._queue: deque[Message] = deque()
        self._wake = asyncio.Event()
        self._stopping = False
        self.connected = threading.Event()  # set while a session is up (tests and the host's report)
        self.delivered: list[Message] = []  # every message the controller acknowledged, in order
        self._thread = threading.Thread(target=self._loop.run_forever, name="sas-table-link", daemon=True)
        self._thread.start()
        self._task = self._call(self._run())

    def _call(self, coroutine: Coroutine[Any, Any, None]) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    def tell(self, message: Message) -> None:
        """Queue ``message`` for the controller (any thread; never waits)."""
        self._loop.call_soon_threadsafe(self._add, message)

    def _add(self, message: Message) -> None:
        self._queue.append(message)
        self._wake.set()

    def close(self, timeout_s: float = 3.0) -> None:
        """Send what is queued if the link is up (within ``timeout_s``), then close."""
        self._loop.call_soon_threadsafe(self._stop)
        with contextlib.suppress(Exception):
            self._task.result(timeout_s)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout_s)
        if not self._thread.is_alive():
            self._loop.close()

    def _stop(self) -> None:
        self._stopping = True
        self._wake.set()

    async def _run(self) -> None:
        said_down = False
        delay = FIRST_RETRY_S  # a controller restarting is back in about a second: tried again soon
        while not self._stopping:
            client = self._make()
            try:
                await client.connect()
            except (OSError, ProtocolError, TimeoutError) as failed:
                if not said_down:
                    self._say(f"SAS: no link to the table yet ({failed}); trying again")
                    said_down = True
                await self._pause(delay)
                delay = min(RETRY_S, delay * 2)
                continue
            said_down, delay = False, FIRST_RETRY_S
            self._say("SAS: linked to the table as the sas client")
            self.connected.set()
            try:
                await self._serve(client)
            except (LinkLostError, OSError, ProtocolError, TimeoutError) as lost:
                self._say(f"SAS: the link to the table was lost ({lost}); reconnecting")
            finally:
                self.connected.clear()
                await client.close()

    async def _pause(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / 0.05))):
            if self._stopping:
                return
            await asyncio.sleep(0.05)

    async def _serve(self, client: TableClient) -> None:
        drain = asyncio.create_task(_discard_pushes(client))
        try:
            for message in self._resync():
                await self._deliver(client, message)
            while not (self._stopping and not self._queue):
                if not self._queue:
                    self._wake.clear()
                    lost = asyncio.create_task(client.lost.wait())
                    woken = asyncio.create_task(self._wake.wait())
                    await asyncio.wait({lost, woken}, return_when=asyncio.FIRST_COMPLETED)
                    lost.cancel()
                    woken.cancel()
                    if client.lost.is_set():
                        raise LinkLostError("the controller closed the link")
                    continue
                await self._deliver(client, self._queue[0])
                self._queue.popleft()  # only once the controller has answered it
        finally:
            drain.cancel()

    async def _deliver(self, client: TableClient, message: Message) -> None:
        reply = await client.request(message)
        if isinstance(reply, Error):  # refused for good (a seat without a line, SAS off at the table)
            self._say(f"SAS: the table refused {message.TYPE}: {reply.message}")
            return
        self.delivered.append(message)


async def _discard_pushes(client: TableClient) -> None:
    """The controller tells every client of tables, rounds and tilts: the SAS process needs none of it."""
    while True:
        await client.receive()
