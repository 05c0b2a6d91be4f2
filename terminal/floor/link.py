"""The table's floor link: a thread of its own draining the ledger's outbox to the ``FLOOR`` stream.

The table never waits for the floor. Its ledger writes outbox rows inside its own transactions and rings
this link's doorbell after the commit; the link's thread (its own asyncio loop, the NATS client, its own
read-only connection to the ledger) sends the rows strictly in order, each with the message id the row
carries, and waits for the server's acknowledgement before the next. The last acknowledged sequence goes
back to the ledger's outbox, whose next transaction prunes what the floor has. After every (re)connect the
link asks the stream for the last journal row of this table it holds (the last message on each of the
round, event and voucher subjects that this table signed and that names a ledger row, whatever else the
table or anybody published since: its info message, an alert, an acceptance) and skips what is already
there, so a resend after a restart is dropped even outside the server's duplicate window.

Every message the link publishes is signed with the table's key (``terminal.floor.signing``), and so is
every voucher record it writes to the bucket.

Before a voucher event goes out, the bucket hears of it: a printed voucher is written to ``VOUCHERS``; a
redemption or void recorded while the floor was unreachable is reconciled there by compare-and-set, and
a clash (the voucher was paid elsewhere meanwhile) goes to the floor as an alert on
``floor.<table>.alert``. Every ``[floor] heartbeat_seconds`` the link publishes an alive message (phase,
tilts, backlog) on ``floorstatus.<table>``, and one as soon as it has connected and sent its backlog;
every ``[floor] sweep_ms`` it looks for this table's vouchers the floor closed elsewhere.

Calls from the table's thread (:meth:`FloorLink.call`) run a coroutine on the link's loop and wait at
most ``[floor] request_ms``: the voucher checks and redemptions of ``terminal.table.floor_side``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import queue
import threading
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.aio.client import Client
from nats.errors import Error as NatsError
from nats.js import JetStreamContext
from nats.js.errors import NoStreamResponseError
from nats.js.kv import KeyValue

from terminal.config.sections import FloorSection
from terminal.floor import attest, connect, names, orders, registry, signed, signing, vouchers
from terminal.ledger.outbox import Outbox, OutboxReader, OutboxRow

T = TypeVar("T")
About = Callable[[], dict[str, Any]]

#: Event codes whose outbox rows touch the voucher bucket before they are sent.
VOUCHER_ISSUE, VOUCHER_REDEEM, VOUCHER_VOID = 610, 611, 613


class FloorUnavailable(ConnectionError):
    """The floor did not answer in time (the link is down, or a server is slow)."""


class NoFloorService(FloorUnavailable):
    """The servers answered but no floor service did: what only it may read (another table's voucher
    issue on the stream) is not known."""


@dataclass(frozen=True, slots=True)
class ClosedOnFloor:
    """One of our outstanding vouchers the bucket says is closed: by another table or the cage, or by us
    (a claim whose ledger post a crash cut off: ``seat`` is where the ticket was stacked)."""

    number: str
    where: str
    voided: bool
    seat: int | None
    amount: int
    issuer: str


@dataclass(frozen=True, slots=True)
class LinkStatus:
    """What service mode shows of the link: up or down, the backlog and its oldest event, the last error."""

    online: bool
    backlog: int
    oldest: str | None
    sent: int
    error: str

    def age_s(self, now: datetime) -> float:
        """Seconds the oldest unsent event has waited at ``now`` (0 without a backlog)."""
        if self.oldest is None:
            return 0.0
        then = datetime.fromisoformat(self.oldest.replace("Z", "+00:00"))
        return max(0.0, (now - then).total_seconds())


class FloorLink:
    """One table's link to the floor; see the module docstring."""

    def __init__(self, section: FloorSection, table_id: str, ledger_path: Path | str, outbox: Outbox,
                 signer: signing.Signer, floor_key: Ed25519PublicKey | None,
                 about: About | None = None, info: dict[str, Any] | None = None) -> None:  # fmt: skip
        self.section, self.table_id, self.outbox = section, table_id, outbox
        self.signer, self.floor_key = signer, floor_key
        self.keys: registry.Keys | None = None
        self.about = about or dict
        self.info = info or {}
        self._reader = OutboxReader(ledger_path)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name=f"floor {table_id}", daemon=True)
        self._doorbell = asyncio.Event()
        self._stopping = False
        self._nc: Client | None = None
        self._connecting: Client | None = None  # connected, not set up yet (closed if the link stops)
        self._js: JetStreamContext | None = None
        self._kv: KeyValue | None = None
        self._acked = 0
        self._resync = True
        self._online = False
        self._sent = 0
        self._error = "not connected yet"
        self._attempted = threading.Event()  # the first connection attempt has ended, either way
        self._refusals = 0  # servers that refused us before the first connection
        self._greet = False  # an alive message is due as soon as the backlog is sent after connecting
        #: Sweeps finished so far (each a whole look at the bucket; a failed one does not count).
        self.sweeps = 0
        self._tasks: list[asyncio.Future[None]] = []
        #: Vouchers closed on the floor, for the table's thread to post (``floor_side.watch``).
        self.closed: queue.SimpleQueue[ClosedOnFloor] = queue.SimpleQueue()
        #: Records in the bucket whose signature does not hold (number, problem), for the table to log.
        self.forged: queue.SimpleQueue[tuple[str, str]] = queue.SimpleQueue()
        #: The floor's last signed order (``orders``), and orders after it the floor did not sign.
        self.orders: queue.SimpleQueue[orders.Order] = queue.SimpleQueue()
        self.forged_orders: queue.SimpleQueue[signed.Stepped] = queue.SimpleQueue()
        self._order_seen: set[int] = set()
        self._reported: set[str] = set()

    # -- life ------------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the thread: connect, drain, keep alive (returns at once; the table never waits)."""
        self.outbox.on_commit(self.ring)
        self._thread.start()
        for job in (self._publisher(), self._heartbeat(), self._sweep()):
            self._tasks.append(asyncio.run_coroutine_threadsafe(job, self._loop))  # type: ignore[arg-type]

    def ring(self) -> None:
        """New outbox rows are committed: send them now (any thread)."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._doorbell.set)

    def close(self, drain_s: float = 2.0) -> None:
        """Send what is pending for up to ``drain_s`` seconds, then disconnect and stop the thread."""
        if not self._thread.is_alive():
            self._reader.close()
            return
        # A table closed right after it started: its first connection may still be on its way (a busy
        # machine). A refused one ends the attempt (the client retries on, but nothing is pending on the
        # floor); only a floor that neither answers nor refuses costs ``drain_s`` here.
        self._attempted.wait(drain_s)
        self._drain_before_close(drain_s)
        self._stopping = True
        self.ring()
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(5.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)
        self._reader.close()

    def _drain_before_close(self, drain_s: float) -> None:
        """Wait while a connected floor takes the pending rows; give up after ``drain_s`` without a new
        acknowledgement (a lost or stalled floor: the rows go first at the next start). A slow floor that
        keeps acknowledging is waited for: the deadline moves with every acknowledgement."""
        acked, deadline = self.outbox.acked, time.monotonic() + drain_s
        while self._nc is not None and self._nc.is_connected and self.outbox.acked < self.outbox.last_seq():
            if self.outbox.acked != acked:
                acked, deadline = self.outbox.acked, time.monotonic() + drain_s
            if time.monotonic() > deadline:
                return
            time.sleep(0.01)

    async def _shutdown(self) -> None:
        for task in self._tasks:
            task.cancel()
        for nc in (self._nc, self._connecting):  # and one cut off while being set up
            if nc is not None:
                await connect.close(nc)
        await asyncio.sleep(0)  # the cancelled tasks end before the loop stops (none is left waiting)

    # -- what the table asks ---------------------------------------------------------------------------
    def status(self) -> LinkStatus:
        """Up or down, and the backlog as the ledger holds it (call from the table's thread)."""
        backlog, oldest = self.outbox.backlog()
        return LinkStatus(self._online, backlog, oldest, self._sent, "" if self._online else self._error)

    def call(self, job: Callable[[KeyValue], Coroutine[Any, Any, T]]) -> T:
        """Run ``job(bucket)`` on the link's loop; :class:`FloorUnavailable` if the floor does not answer."""
        if not self._online or self._kv is None:
            raise FloorUnavailable(f"the floor is unreachable ({self._error})")
        kv = self._kv
        future = asyncio.run_coroutine_threadsafe(job(kv), self._loop)
        try:
            return future.result(self.section.request_ms / 1000)
        except TimeoutError:
            future.cancel()
            raise FloorUnavailable(f"the floor did not answer within {self.section.request_ms} ms") from None
        except FloorUnavailable:  # the job's own word (NoFloorService): as it said it
            raise
        except (NatsError, OSError) as failed:
            raise FloorUnavailable(f"the floor failed: {failed or type(failed).__name__}") from None

    def check_foreign(self, record: vouchers.Record) -> str | None:
        """Why another table's voucher ``record`` is a forgery (``vouchers.judged``: the floor service
        reads the stream for it), or ``None``; :class:`FloorUnavailable` if the floor (or the floor
        service) does not answer."""

        async def job(_: KeyValue) -> str | None:
            if self.keys is None:
                raise FloorUnavailable("the floor is unreachable (not connected)")
            return await vouchers.judged(self.keys, record, self._issued)

        return self.call(job)

    async def _issued(self, _: Ed25519PublicKey, record: vouchers.Record) -> bool:
        """The floor service's signed word on whether ``record``'s issue is on the stream."""
        if self._nc is None or self.floor_key is None:
            raise FloorUnavailable("the floor is unreachable (not connected, or no floor key to check with)")
        heard = await attest.voucher_issued(self._nc, self.table_id, self.floor_key, record,
                                            0.8 * self.section.request_ms / 1000)  # fmt: skip
        if heard is None:
            raise NoFloorService("no floor service answered whether the voucher was issued")
        return heard

    # -- the loop --------------------------------------------------------------------------------------
    async def _connected(self) -> JetStreamContext | None:
        if self._nc is not None and self._js is not None:
            return self._js
        nc: Client | None = None
        try:
            # Known before its connect ends: a close meanwhile closes it too (its reader and pinger).
            self._connecting = Client()
            nc = await connect.connect(
                self.section, f"table {self.table_id}", timeout_s=self.section.request_ms / 1000,
                disconnected=self._went_down, reconnected=self._came_back, failed=self._refused,
                client=self._connecting,
            )  # fmt: skip
            js = nc.jetstream(timeout=self.section.request_ms / 1000)
            await connect.find_stream(js)  # the floor service makes it; a table may not
            self._kv = connect.bucket(js)  # the floor service made it; a table may not ask for its keys
            self.keys = registry.Keys(registry.bound(js), self.floor_key)
            await self._publish_info(js)
        except Exception as failed:  # no server answered, or no stream yet: offline, try again soon
            if self._connecting is not None:  # not set up: close it, or each retry leaves one open
                await connect.close(self._connecting)
            self._connecting = None
            self._error = _one_line(failed)
            self._attempted.set()
            return None
        self._nc, self._js, self._connecting = nc, js, None
        self._attempted.set()
        self._greet = True
        return js

    async def _publish_info(self, js: JetStreamContext) -> None:
        """What the floor needs to know of this table (game, venue, PAR edges), once per connection."""
        body = json.dumps({"kind": "info", "table": self.table_id, **self.info}, sort_keys=True).encode()
        msg_id = f"{self.table_id}:info:{hashlib.sha256(body).hexdigest()[:16]}"
        await self._publish(js, names.info_subject(self.table_id), body, msg_id)

    async def _publish(self, js: JetStreamContext, subject: str, body: bytes, msg_id: str) -> None:
        """Publish one message, signed with the table's key, exactly once by ``msg_id``."""
        headers = {"Nats-Msg-Id": msg_id} | self.signer.headers(subject, body)
        await js.publish(subject, body, headers=headers)

    async def _refused(self, failed: Exception) -> None:
        """A server refused or dropped us (the client tries the next one); once every server has, the
        first attempt has ended: nothing can be drained before a close."""
        if self._nc is None:
            self._error = _one_line(failed)
            self._refusals += 1
            if self._refusals >= len(self.section.url):
                self._attempted.set()

    async def _went_down(self) -> None:
        self._online, self._resync, self._error = False, True, "connection to the floor lost"

    async def _came_back(self) -> None:
        self._resync = True
        self._doorbell.set()

    async def _publisher(self) -> None:
        while not self._stopping:
            js = await self._connected()
            if js is not None:
                try:
                    await self._drain(js)
                    if self._greet and self._nc is not None:  # the floor sees the table as soon as it
                        self._greet = False  # connected and sent its backlog, not a heartbeat later
                        await self._alive(self._nc)
                except Exception as failed:  # a publish timed out or a server went away: retry in order
                    self._online, self._resync, self._error = False, True, _one_line(failed)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._doorbell.wait(), 0.5 if self._online else 1.0)
            self._doorbell.clear()

    async def _drain(self, js: JetStreamContext) -> None:
        if self._resync:
            await self._skip_stored(js)
            self._resync = False
        self._online, self._error = True, ""
        while not self._stopping:
            rows = self._reader.after(self._acked, 256)
            if not rows:
                return
            for row in rows:
                await self._before(js, row)
                await self._publish(js, row.subject, row.body.encode(), row.msg_id)
                self._acked = self.outbox.acked = row.seq
                self._sent += 1

    async def _skip_stored(self, js: JetStreamContext) -> None:
        """Lift ``acked`` to the last row of this ledger the stream already holds (sent before a crash or
        a restart): the highest row sequence among the last messages of the journal subjects that this
        table signed (its info message, alerts and anybody else's messages name no row of ours)."""
        pending = self._reader.after(self._acked, 1)
        if not pending:
            return
        ledger, held = pending[0].payload()["ledger"], self._acked

        def ours(msg: signed.Found) -> bool:  # someone else's message proves nothing of what the stream holds
            return msg.signer == self.table_id and msg.valid(self.signer.public)

        for subject in names.journal_subjects(self.table_id):
            last, _ = await signed.last_trusted(js, subject, ours)
            if last is None:
                continue
            with contextlib.suppress(ValueError, TypeError, AttributeError):
                body = json.loads(last.data)
                if body.get("ledger") == ledger:
                    held = max(held, int(body.get("seq", 0)))
        if held > self._acked:
            self._acked = self.outbox.acked = held

    async def _before(self, js: JetStreamContext, row: OutboxRow) -> None:
        """The voucher bucket hears of a voucher event before the stream does."""
        body = row.payload()
        event = body.get("event") or {}
        code = event.get("code")
        if self._kv is None or code not in (VOUCHER_ISSUE, VOUCHER_REDEEM, VOUCHER_VOID):
            return
        detail = event.get("detail") or {}
        number = str(detail.get("number", ""))
        if code == VOUCHER_ISSUE:
            found = self._reader.voucher(number)
            if found is not None:
                seat, amount, issued_at, expires_at = found
                record = vouchers.issued(number, self.table_id, seat, amount, issued_at, expires_at)
                await vouchers.publish_issue(self._kv, record, self.signer)
            return
        if detail.get("floor"):  # settled on the floor before the ledger posted it: nothing to reconcile
            return
        state = "redeemed" if code == VOUCHER_REDEEM else "voided"
        by = {"table": self.table_id, "seat": event.get("seat"), "time": event.get("time"), "offline": True}
        try:
            await vouchers.close(self._kv, number, state, by, signer=self.signer, time=str(event.get("time")),
                                 reason=str(detail.get("reason", "")))  # fmt: skip
        except vouchers.FloorVoucherError as clash:
            alert = {"kind": "alert", "table": self.table_id, "time": event.get("time"), "number": number,
                     "action": state, "problem": str(clash), "seq": body["seq"]}  # fmt: skip
            data = json.dumps(alert, sort_keys=True).encode()
            await self._publish(js, names.alert_subject(self.table_id), data, row.msg_id + ":alert")

    async def _sweep(self) -> None:
        """Every few seconds: which of our outstanding vouchers did the floor close (``closed``)?"""
        while not self._stopping:
            await asyncio.sleep(self.section.sweep_ms / 1000)
            if not self._online or self._kv is None:
                continue
            with contextlib.suppress(Exception):  # a slow server: the next sweep asks again
                if self._js is not None:
                    await self.look_for_orders(self._js)
                await self.sweep(self._kv)
                self.sweeps += 1

    async def look_for_orders(self, js: JetStreamContext) -> None:
        """The floor's last signed order (the table obeys it once), and what after it the floor did not
        sign (the table logs each once)."""
        order, stepped = await orders.last_order(js, self.table_id, self.floor_key)
        for forged in stepped:
            if forged.seq not in self._order_seen:
                self._order_seen.add(forged.seq)
                self.forged_orders.put(forged)
        if order is not None and order.seq not in self._order_seen:
            self._order_seen.add(order.seq)
            self.orders.put(order)

    async def sweep(self, kv: KeyValue) -> None:
        """One look (on the link's loop): our outstanding vouchers and unposted claims the floor closed.

        It reads the ledger and the bucket at its own moment, so it may report a voucher the table's thread
        is about to post (its own compare-and-set won): ``floor_side`` checks the ledger before posting."""
        for number in [*self._reader.outstanding(), *self._reader.claimed()]:
            if number not in self._reported:
                await self._check_closed(kv, number)

    async def _check_closed(self, kv: KeyValue, number: str) -> None:
        found = await vouchers.read(kv, number)
        if found is None or found[0]["state"] == "issued":
            return
        record = found[0]
        problem = await self._unsigned(record)
        if problem is not None:  # a closing nobody on the floor signed: not posted, the table logs it
            self.forged.put((number, problem))
            self._reported.add(number)
            return
        by = record.get("by") or {}
        ours = by.get("table") == self.table_id
        if ours and record.get("issuer") != self.table_id and self.keys is not None:
            problem = await vouchers.judged(self.keys, record, self._issued)  # our claim: paid if it holds
            if problem is not None:
                self.forged.put((number, problem))
                self._reported.add(number)
                return
        where = str(by.get("table", "?")) + (f" seat {by['seat']}" if by.get("seat") else "")
        seat = int(by["seat"]) if ours and by.get("seat") else None
        voided = record["state"] == "voided"
        amount, issuer = int(record["amount"]), str(record["issuer"])
        self.closed.put(ClosedOnFloor(number, where, voided, seat, amount, issuer))
        self._reported.add(number)

    async def _unsigned(self, record: vouchers.Record) -> str | None:
        """Why a record that closes one of our vouchers is not to be believed, or ``None``: its writer
        (a table, or the floor for the cage) is known and signed it."""
        writer = str(record.get("signer", ""))
        key = await self.keys.of(writer) if self.keys is not None and writer else None
        if writer == self.table_id:
            key = self.signer.public
        if key is None or not signing.check_record(record, key):
            return f"voucher {record.get('number')}: closed on the floor by {writer or 'nobody'}, unsigned"
        return None

    async def _heartbeat(self) -> None:
        while not self._stopping:
            await asyncio.sleep(self.section.heartbeat_seconds)
            if self._nc is not None and self._nc.is_connected:
                await self._alive(self._nc)

    async def _alive(self, nc: Client) -> None:
        """One alive message: phase, tilts, backlog (not kept by the stream: whoever listens hears it)."""
        backlog, oldest = self._reader.backlog(self._acked)
        alive = {"table": self.table_id, "sent_at": time.time(), "backlog": backlog, "oldest": oldest,
                 "online": self._online, **self.about()}  # fmt: skip
        with contextlib.suppress(Exception):
            await nc.publish(names.status_subject(self.table_id), json.dumps(alive).encode())


def _one_line(failed: BaseException) -> str:
    if isinstance(failed, NoStreamResponseError):  # no stream takes a subject (a message, a voucher's
        return connect.NO_STREAM  # bucket record): the floor service that makes them never ran
    text = str(failed).strip().splitlines()
    return f"{type(failed).__name__}: {text[0]}" if text else type(failed).__name__
