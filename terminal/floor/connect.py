"""Connecting to the floor: servers, TLS and credentials from ``[floor]``, and the stream and bucket.

Whoever connects first (a table or the floor service) creates the ``FLOOR`` stream and the ``VOUCHERS``
bucket with ``[floor] replicas`` copies; later comers find them. A ``tls://`` address, a CA, or a client
certificate turns TLS on (at least TLS 1.2 is the server's floor; ours asks for 1.3 when both can).
"""

from __future__ import annotations

import ssl
from collections.abc import Awaitable, Callable
from typing import Any

import nats
from nats.aio.client import Client
from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType, StreamConfig
from nats.js.errors import BucketNotFoundError, NotFoundError
from nats.js.kv import KeyValue

from terminal.config.sections import FloorSection
from terminal.floor import names

Callback = Callable[[], Awaitable[None]]


def tls_context(section: FloorSection) -> ssl.SSLContext | None:
    """The TLS context ``[floor]`` asks for, or ``None`` for plain connections."""
    wants = any(url.startswith("tls://") for url in section.url)
    if not (wants or section.ca_path or section.cert_path):
        return None
    context = ssl.create_default_context(cafile=str(section.ca_path) if section.ca_path else None)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if section.cert_path is not None and section.key_path is not None:
        context.load_cert_chain(str(section.cert_path), str(section.key_path))
    return context


async def connect(
    section: FloorSection, name: str, *, timeout_s: float, reconnect: bool = True,
    disconnected: Callback | None = None, reconnected: Callback | None = None,
    failed: Callable[[Exception], Awaitable[None]] | None = None,
) -> Client:  # fmt: skip
    """A connection to the floor's servers; raises (``OSError``, NATS errors) when none answers in time.

    ``failed`` hears of every attempt a server refused or dropped (the client goes on to the next)."""

    async def quiet(_: Exception) -> None:  # the link's own status says what is wrong; no stack traces
        return None

    options: dict[str, Any] = {
        "servers": list(section.url),
        "name": name,
        "connect_timeout": max(1, round(timeout_s)),
        "allow_reconnect": reconnect,
        # A table keeps trying for as long as it runs. A one-off question (the witness at start-up, the
        # cage, a report) tries each server once: with -1 the client retries even its first connection
        # until the caller's deadline, so a floor that is down cost the whole deadline, not a refusal.
        "max_reconnect_attempts": -1 if reconnect else 1,
        # The client's least is a second round of tries; a one-off makes it at once (a refusal is an
        # answer), a table's link waits ``[floor] reconnect_ms`` between rounds while the floor is down.
        "reconnect_time_wait": section.reconnect_ms / 1000 if reconnect else 0.0,
        "error_cb": failed or quiet,
        "tls": tls_context(section),
    }
    if section.creds_path is not None:
        options["user_credentials"] = str(section.creds_path)
    if disconnected is not None:
        options["disconnected_cb"] = disconnected
    if reconnected is not None:
        options["reconnected_cb"] = reconnected
    return await nats.connect(**options)


async def ensure_stream(js: JetStreamContext, replicas: int) -> None:
    """Create the ``FLOOR`` stream unless it exists."""
    try:
        await js.stream_info(names.STREAM)
    except NotFoundError:
        config = StreamConfig(
            name=names.STREAM, subjects=[names.STREAM_SUBJECTS], storage=StorageType.FILE,
            num_replicas=replicas, duplicate_window=names.DUPLICATE_WINDOW_S,
        )  # fmt: skip
        await js.add_stream(config)


async def ensure_bucket(js: JetStreamContext, replicas: int) -> KeyValue:
    """The ``VOUCHERS`` bucket, created unless it exists (its history keeps each state a voucher had)."""
    try:
        return await js.key_value(names.BUCKET)
    except (BucketNotFoundError, NotFoundError):
        config = KeyValueConfig(
            bucket=names.BUCKET, history=8, replicas=replicas, storage=StorageType.FILE
        )
        return await js.create_key_value(config)
