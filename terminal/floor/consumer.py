"""The floor service's reader: the ``FLOOR`` stream into the floor store, in stream order, exactly once.

The store's cursor (the last stream sequence applied) is the only bookmark: each start reads from the
message after it with a fresh consumer, so a floor service killed at any instant resumes where its last
committed transaction left it, and ``terminal floor rebuild`` is the same loop on an empty store. Alive
messages (``floorstatus.<table>``, not kept by the stream) are held in memory: when each table last spoke,
its phase, tilts and backlog.

Only signed messages are applied: a table's by the key the floor registered for it (``registry``), the
cage's, acceptances and commands by the floor's key. Any other message (unsigned, signed by someone else,
from a table that is not accepted) is not applied: it becomes an alert in the store (``FORGED``), which
the page and the report show. ``terminal floor rebuild`` applies again what a table sent before it was
registered.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import Error as NatsError
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

from terminal.config.sections import FloorSection
from terminal.floor import attest, connect, names, registry, signing, vouchers
from terminal.ledger.floorstore import FORGED, FloorStore

Applied = Callable[[int, str, dict[str, Any]], None]


@dataclass
class Alive:
    """What the tables last said in their alive messages, by table id (with the time it arrived)."""

    seen: dict[str, dict[str, Any]] = field(default_factory=dict)

    def heard(self, data: bytes) -> str | None:
        """Note one alive message; returns its table id (``None`` for an unreadable one)."""
        try:
            body = json.loads(data)
            table = str(body["table"])
        except (ValueError, KeyError, TypeError):
            return None
        self.seen[table] = body | {"received": time.time()}
        return table


class Verifier:
    """Who must have signed a stream message, and whether they did (keys from the ``TABLES`` bucket)."""

    def __init__(self, keys: registry.Keys) -> None:
        self.keys = keys

    @classmethod
    async def of(cls, js: JetStreamContext, section: FloorSection) -> Verifier:
        """The verifier of the floor at ``section`` (the floor's key from its files)."""
        return cls(registry.Keys(await registry.bucket(js, section.replicas), signing.floor_public(section)))

    async def problem(self, msg: Msg) -> str | None:
        """Why ``msg`` is not applied (one line), or ``None`` when its signer signed it."""
        parts = msg.subject.split(".")
        table = parts[1] if len(parts) > 2 else "?"
        expected = signing.FLOOR if table == names.CAGE or parts[-1] == "command" else table
        if parts[-1] == "round" and _kind(msg.data) == "accept":
            expected = signing.FLOOR
        key = await self.keys.of(expected)
        if key is None:
            return f"{msg.subject}: {expected} is not an accepted table (no registered key)"
        if signing.signer_of(msg.headers) != expected or not signing.check_message(msg.subject, msg.data,
                                                                                  msg.headers, key):
            return f"{msg.subject}: not signed by {expected}"
        return None


def _kind(data: bytes) -> str:
    try:
        body = json.loads(data)
    except ValueError:
        return ""
    return str(body.get("kind", "")) if isinstance(body, dict) else ""


async def catch_up(js: JetStreamContext, store: FloorStore, verify: Verifier, applied: Applied | None = None,
                   idle_s: float = 0.5) -> int:  # fmt: skip
    """Apply every message after the store's cursor up to the last the stream held when it was delivered
    (each delivery says how many follow it), or until the stream has none for ``idle_s``; returns how
    many were applied."""
    sub = await _subscribe(js, store.cursor())
    count = 0
    try:
        if (await sub.consumer_info()).num_pending == 0:
            return 0  # nothing after the cursor: no need to wait out a quiet stream
        while True:
            try:
                batch = await sub.fetch(500, timeout=idle_s)
            except (NatsError, TimeoutError):
                return count
            count += await _apply_all(store, batch, applied, verify)
            if batch and batch[-1].metadata.num_pending == 0:
                return count
    finally:
        with contextlib.suppress(Exception):
            await sub.unsubscribe()


async def follow(section: FloorSection, store: FloorStore, stop: asyncio.Event, *,
                 applied: Applied | None = None, alive: Alive | None = None,
                 on_alive: Callable[[str], None] | None = None) -> None:  # fmt: skip
    """Keep the store up with the stream (and ``alive`` with the tables) until ``stop`` is set; answer the
    tables' witness questions meanwhile (``attest.answer``, signed with the floor's key)."""
    floor = signing.floor_signer(section)  # a key file others may read: refused before anything runs
    while not stop.is_set():
        try:
            nc = await _connected(section, stop)
        except Exception:  # no server yet: try again
            await _pause(stop, 1.0)
            continue
        if nc is None:  # stopped while connecting
            return
        try:
            await _follow(nc, section, store, stop, floor, applied, alive, on_alive)
        except Exception:  # a server went away mid-fetch: resume from the cursor
            await _pause(stop, 0.5)
        finally:
            await connect.close(nc)  # a lost connection's too: its subscriptions' tasks end with it


async def _connected(section: FloorSection, stop: asyncio.Event) -> Client | None:
    """A connection to the floor's servers, or ``None`` if ``stop`` is set first. nats-py tries a dead
    server again inside its own connect, for ever (the service reconnects without end), and never looks at
    ``stop``: a service stopped while its server was down did not end."""
    nc, timeout_s = Client(), section.request_ms / 1000
    connecting = asyncio.ensure_future(
        connect.connect(section, "floor service", timeout_s=timeout_s, client=nc)
    )
    stopped = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait((connecting, stopped), return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopped.cancel()
    if connecting.done():
        return connecting.result()  # the connection, or the connect's error
    connecting.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await connecting
    await connect.close(nc)  # the reader, pinger and flusher a connect cut short may have started
    return None


async def _follow(nc: Client, section: FloorSection, store: FloorStore, stop: asyncio.Event,
                  floor: signing.Signer, applied: Applied | None, alive: Alive | None,
                  on_alive: Callable[[str], None] | None) -> None:  # fmt: skip
    js = nc.jetstream(timeout=section.request_ms / 1000)
    await connect.ensure_stream(js, section.replicas)
    await connect.ensure_bucket(js, section.replicas)
    verify = await Verifier.of(js, section)
    if alive is not None:

        async def heard(msg: Msg) -> None:
            table = alive.heard(msg.data)
            if table is not None and on_alive is not None:
                on_alive(table)

        await nc.subscribe(f"{names.STATUS_PREFIX}.*", cb=heard)

    async def asked(msg: Msg) -> None:  # a table's start-up: the floor's last word on it, fresh
        with contextlib.suppress(Exception):
            await attest.respond(msg, attest.answer(store, floor, msg.subject.split(".", 1)[-1], msg.data))

    async def voucher(msg: Msg) -> None:  # a table paying another's voucher: was it issued on the stream?
        with contextlib.suppress(Exception):
            question = json.loads(msg.data)
            if not isinstance(question, dict):
                return
            issuer = str(question.get("issuer", ""))
            key = None if issuer in ("", signing.FLOOR) else await verify.keys.of(issuer)
            issued = key is not None and await vouchers.issued_on_stream(js, key, question)
            table = msg.subject.split(".", 1)[-1]
            await attest.respond(msg, attest.voucher_answer(floor, table, question, issued))

    await nc.subscribe(f"{names.WITNESS_PREFIX}.*", cb=asked)
    await nc.subscribe(f"{names.VOUCHER_CHECK_PREFIX}.*", cb=voucher)
    sub = await _subscribe(js, store.cursor())
    stopped = asyncio.ensure_future(stop.wait())
    try:
        while not stop.is_set():
            # A fetch waits up to half a second for the stream's next messages; ``stop`` ends it at once
            # (the service's stop waited out the fetch in flight). Nothing is lost: the store's cursor,
            # not the server, says where to resume.
            fetching = asyncio.ensure_future(sub.fetch(500, timeout=0.5))
            await asyncio.wait((fetching, stopped), return_when=asyncio.FIRST_COMPLETED)
            if not fetching.done():
                fetching.cancel()  # the connection closes next: its pull request dies with it
                return
            try:
                batch = fetching.result()
            except TimeoutError:
                continue
            await _apply_all(store, batch, applied, verify)
    finally:
        stopped.cancel()


async def _subscribe(js: JetStreamContext, cursor: int) -> JetStreamContext.PullSubscription:
    config = ConsumerConfig(
        deliver_policy=DeliverPolicy.BY_START_SEQUENCE if cursor else DeliverPolicy.ALL,
        opt_start_seq=cursor + 1 if cursor else None,
        ack_policy=AckPolicy.NONE,  # the store's cursor is the bookmark, not the server's
        inactive_threshold=60.0,
    )
    return await js.pull_subscribe(names.STREAM_SUBJECTS, stream=names.STREAM, config=config)


async def _apply_all(store: FloorStore, batch: list[Msg], applied: Applied | None, verify: Verifier) -> int:
    """Apply a fetched batch in one store transaction; tell ``applied`` of each message that counted. A
    message its signer did not sign is applied as an alert instead (``FORGED``)."""
    parsed: list[tuple[int, str, dict[str, Any]]] = []
    for msg in batch:
        problem = await verify.problem(msg)
        if problem is not None:
            when = msg.metadata.timestamp.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            table = [*msg.subject.split("."), "?", "?"][1][:32]
            parsed.append((msg.metadata.sequence.stream, FORGED, {"kind": "forged", "table": table,
                                                                  "time": when, "problem": problem[:300]}))
            continue
        try:
            body = json.loads(msg.data)
        except ValueError:  # not ours: stepped over (the cursor passes it), never read again
            body = {}
        parsed.append((msg.metadata.sequence.stream, msg.subject, body if isinstance(body, dict) else {}))
    done = set(store.apply_many(parsed))
    if applied is not None:
        for seq, subject, body in parsed:
            if seq in done:
                applied(seq, subject, body)
    return len(done)


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), seconds)
