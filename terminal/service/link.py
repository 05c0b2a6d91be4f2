"""The service screen's link to the controller: one command in, its typed reply out.

:class:`NetLink` runs the authenticated protocol client on a background event loop, so the pygame loop
can call :meth:`ServiceLink.call` and wait for the reply (the controller pushes it before the ``Ack``).
Tests and the screenshot renderer use an in-process link with the same contract.
"""

from __future__ import annotations

import asyncio
import ssl
import threading
from collections.abc import Coroutine
from typing import Any, Protocol, TypeVar

from terminal.net.client import TableClient
from terminal.net.messages import DeviceInput, Direction, Error, Message, ServiceCommand
from terminal.net.messages import service as service_messages

# Every reply type the service protocol defines: what its family has the controller send.
REPLIES = service_messages.FAMILY.sent_by(Direction.SERVER)


T = TypeVar("T")


class ServiceError(RuntimeError):
    """The controller refused a command (its message is for the technician), or the link is down."""


class ServiceLink(Protocol):
    """What the service screen needs of the controller."""

    def call(self, command: str, *args: str) -> Message:
        """Send ``ServiceCommand(command, args)``; the reply, or :class:`ServiceError`."""

    def device(self, device: str, action: str) -> None:
        """Work a device of the service station (``service_key``, ``on``/``off``); refusals raise
        :class:`ServiceError`."""

    def close(self) -> None:
        """Drop the link."""


class NetLink:
    """A :class:`ServiceLink` over the authenticated protocol (the ``service`` client's key)."""

    def __init__(
        self, key: bytes, host: str, port: int, client: str = "service", tls: ssl.SSLContext | None = None
    ) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="service-link", daemon=True)
        self._thread.start()
        self._client = TableClient(client, key, host, port, tls=tls)
        self._run(self._client.connect())

    def _run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 10.0) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    def call(self, command: str, *args: str) -> Message:
        try:
            result = self._run(self._request(ServiceCommand(command, tuple(args))))
        except (OSError, TimeoutError) as failed:
            raise ServiceError(f"no link to the table: {failed}") from None
        return result

    def device(self, device: str, action: str) -> None:
        try:
            reply = self._run(self._client.request(DeviceInput(device, action, 0, "")))
        except (OSError, TimeoutError) as failed:
            raise ServiceError(f"no link to the table: {failed}") from None
        if isinstance(reply, Error):
            raise ServiceError(reply.message)

    async def _request(self, command: ServiceCommand) -> Message:
        while self._client.pending_pushes():  # drop pushes nobody asked for (table state, tilts)
            await self._client.receive()
        reply = await self._client.request(command)
        if isinstance(reply, Error):
            raise ServiceError(reply.message)
        while True:
            pushed = await self._client.receive(5.0)
            if isinstance(pushed, REPLIES):
                return pushed

    def close(self) -> None:
        self._run(self._client.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(2.0)
