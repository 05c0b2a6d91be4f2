"""Connecting to the floor: servers, TLS and credentials from ``[floor]``, and the stream and bucket.

Every connection is authenticated: an NKey seed (``[floor] nkey_path``, made by ``terminal floor keys``)
or a credentials file (``creds_path``), and TLS (``tls://`` addresses or a CA, with this client's
certificate from ``cert_path``/``key_path``). A ``[floor]`` without credentials or without TLS is refused
in one line before anything is sent (:func:`require_auth`); only a test may lift that, through
:func:`allow_unauthenticated_for_tests`, never through the configuration, and it is logged.

The floor service creates the ``FLOOR`` stream and the ``VOUCHERS`` bucket with ``[floor] replicas``
copies (:func:`ensure_stream`, :func:`ensure_bucket`); a table only finds them (:func:`find_stream`: its
credentials may not create them, nor ask the bucket for its keys: :func:`bucket` binds it without asking).
Both answer single reads by subject directly, which is what lets a table's credentials read one voucher by
its number and the last record of its own subjects, and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Awaitable, Callable
from typing import Any

from nats.aio.client import Client
from nats.errors import TimeoutError as NatsTimeoutError
from nats.js import JetStreamContext
from nats.js.api import KeyValueConfig, StorageType, StreamConfig
from nats.js.errors import BucketNotFoundError, NotFoundError
from nats.js.kv import KeyValue

from terminal.config.sections import FloorSection
from terminal.floor import credentials, names
from terminal.floor.errors import FloorAuthError

Callback = Callable[[], Awaitable[None]]
log = logging.getLogger(__name__)


class FloorNotReady(ConnectionError):
    """The floor's stream is not there yet, and only the floor service makes it."""


def _not_ssl_eof_noise(record: logging.LogRecord) -> bool:
    # asyncio warns of this each time a TLS server closes a NATS connection: the client's doing, no fault
    return "eof_received() has no effect when using ssl" not in record.getMessage()


logging.getLogger("asyncio").addFilter(_not_ssl_eof_noise)
_UNAUTHENTICATED_ALLOWED: list[str] = []  # why a test lifted the refusal (empty: it stands)


def allow_unauthenticated_for_tests(reason: str) -> None:
    """Let connections without credentials or TLS through, for a test's plain server (logged each time it
    is used). There is no configuration key for this: only code that calls it, which the shipped program
    never does."""
    _UNAUTHENTICATED_ALLOWED[:] = [reason]


def forbid_unauthenticated() -> None:
    """Undo :func:`allow_unauthenticated_for_tests`."""
    _UNAUTHENTICATED_ALLOWED.clear()


def require_auth(section: FloorSection) -> str | None:
    """Refuse (:class:`FloorAuthError`) a ``[floor]`` that would connect without credentials or TLS;
    returns why a test lifted the refusal when it did (``None``: the link is authenticated)."""
    missing = []
    in_url = all("@" in url.split("://", 1)[-1] for url in section.url)  # nats://user:password@host
    if section.nkey_path is None and section.creds_path is None and not in_url:
        missing.append("no credentials (nkey_path)")
    try:
        context = tls_context(section)
    except OSError as bad:  # ssl.SSLError too: a CA, certificate or key that does not load
        raise FloorAuthError(f"[floor] TLS files do not load: {bad}") from None
    if context is None:
        missing.append("no TLS (ca_path, cert_path, key_path)")
    if not missing:
        if section.nkey_path is not None:
            credentials.read_seed(section.nkey_path)  # unreadable or readable by others: refused here
        return None
    if _UNAUTHENTICATED_ALLOWED:
        lifted = f"with {' and '.join(missing)}, allowed for a test: {_UNAUTHENTICATED_ALLOWED[0]}"
        log.warning("floor link %s", lifted)
        return lifted
    raise FloorAuthError(
        f"[floor] has {' and '.join(missing)}: the floor link is refused; make this table's credentials "
        "with `terminal floor keys add` on the floor and set them in [floor] (docs/security/floor-auth.md)"
    )


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
    failed: Callable[[Exception], Awaitable[None]] | None = None, client: Client | None = None,
) -> Client:  # fmt: skip
    """A connection to the floor's servers; raises (``OSError``, NATS errors) when none answers in time,
    :class:`FloorAuthError` (or ``CredentialsError``) before trying when ``[floor]`` lacks credentials or TLS.

    ``failed`` hears of every attempt a server refused or dropped (the client goes on to the next).
    ``client``: connect this one (a caller that may cancel the connect closes what it started)."""
    require_auth(section)

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
    if section.nkey_path is not None:
        seed = credentials.read_seed(section.nkey_path)
        options["nkeys_seed"] = str(section.nkey_path)
        options["inbox_prefix"] = credentials.inbox_prefix(credentials.public_key(seed))
    if disconnected is not None:
        options["disconnected_cb"] = disconnected
    if reconnected is not None:
        options["reconnected_cb"] = reconnected
    nc = Client() if client is None else client
    await nc.connect(**options)
    return nc


async def close(nc: Client) -> None:
    """Close ``nc`` whatever state it is in, and leave none of its subscriptions' tasks waiting.

    nats-py's close raises (its last flush) when the connection was lost with data still unsent, before it
    stops the subscriptions (the replies' and ours): their tasks would wait on for messages that never come,
    and warn 'Event loop is closed' when a loop that ended with them is collected."""
    waiting: list[asyncio.Task[None]] = []
    for sub in nc._subs.values():
        task: Any = sub._wait_for_msgs_task  # None until a callback's subscription starts it
        if isinstance(task, asyncio.Task):
            waiting.append(task)
    with contextlib.suppress(Exception):
        await nc.close()
    for sub in list(nc._subs.values()):
        sub._stop_processing()  # what the close does for each, had it got that far
    nc._subs.clear()
    if waiting:  # cancelled: let each end on this loop now, not be left pending when a caller's loop stops
        await asyncio.wait(waiting, timeout=1.0)


async def ensure_stream(js: JetStreamContext, replicas: int) -> None:
    """Create the ``FLOOR`` stream unless it exists (the floor service's credentials may; a table's are
    refused, and :class:`FloorNotReady` says so in words instead of the server's silence)."""
    try:
        await js.stream_info(names.STREAM)
    except NotFoundError:
        config = StreamConfig(
            name=names.STREAM, subjects=[names.STREAM_SUBJECTS], storage=StorageType.FILE,
            num_replicas=replicas, duplicate_window=names.DUPLICATE_WINDOW_S, allow_direct=True,
        )  # fmt: skip
        try:
            await js.add_stream(config)
        except NatsTimeoutError:  # a refused request is not answered
            raise FloorNotReady(NO_STREAM) from None


async def find_stream(js: JetStreamContext) -> None:
    """Whether the ``FLOOR`` stream is there (a table's question): :class:`FloorNotReady` at once when it is
    not. A table's credentials may not make it, and the server does not answer a refused request: asking
    to make it cost the link a whole ``request_ms`` (10 s shipped) before it tried the floor again, so a
    table that connected a moment before the floor service had made the stream stayed offline that long."""
    try:
        await js.stream_info(names.STREAM)
    except NotFoundError:
        raise FloorNotReady(NO_STREAM) from None


#: Why a table is offline while the floor service has never run (its credentials may not make the stream).
NO_STREAM = (
    f"the floor has no {names.STREAM} stream yet and these credentials may not make it: "
    "start the floor service (terminal floor run) first"
)


async def ensure_bucket(js: JetStreamContext, replicas: int) -> KeyValue:
    """The ``VOUCHERS`` bucket, created unless it exists (its history keeps each state a voucher had): the
    floor service's call (a table's credentials may not create it, nor ask for it: :func:`bucket`)."""
    try:
        return await js.key_value(names.BUCKET)
    except (BucketNotFoundError, NotFoundError):
        config = KeyValueConfig(
            bucket=names.BUCKET, history=8, replicas=replicas, storage=StorageType.FILE, direct=True
        )
        return await js.create_key_value(config)


def bucket(js: JetStreamContext) -> KeyValue:
    """The ``VOUCHERS`` bucket bound without asking the server about it (asking would tell its keys, which
    a table may not know): its reads are direct gets by key, its writes compare-and-set publishes."""
    return KeyValue(
        name=names.BUCKET, stream=credentials.KV_STREAM, pre=f"{credentials.KV_SUBJECTS}.", js=js, direct=True
    )
