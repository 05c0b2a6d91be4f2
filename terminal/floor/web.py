"""``terminal floor serve``: the floor manager's page (aiohttp; one HTML file, no front-end build step).

The same process follows the stream into the floor store (``consumer.follow``) and serves: ``/`` the page
(log-in first, with a service user's id and PIN: every service role may look), ``/api/floor`` the floor
as JSON (every table with game, status, coin-in, coin-out, win, hold and PAR hold of the gaming day,
outstanding vouchers; the floor's totals), ``/events`` the live event feed as server-sent events. A
wrong PIN counts toward a lock-out of the id, as in service mode (``[service] pin_attempts`` wrong PINs
lock it for ``lockout_seconds``); the counts are kept in the floor store, so a restart does not clear them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from terminal.config.sections import FloorSection
from terminal.floor import report
from terminal.floor.consumer import Alive, follow
from terminal.floor.page import LOGIN_HTML, PAGE_HTML
from terminal.ledger.floorstore import FloorStore, gaming_day
from terminal.money import find_currency, format_amount

Authenticate = Callable[[str, str], tuple[str, str] | None]
COOKIE = "floor_session"
SESSION_S = 8 * 3600

#: Detail fields of an event that are amounts of money (shown in the currency, not in minor units).
_MONEY = ("amount", "value")


@dataclass
class Floor:
    """What the page serves: the store, the tables' alive messages, sessions and the feed's listeners."""

    section: FloorSection
    store: FloorStore
    authenticate: Authenticate
    currency: str
    lock_after: int = 3  # ``[service] pin_attempts``
    lock_s: float = 300.0  # ``[service] lockout_seconds``
    wall: Callable[[], float] = time.time  # lock-outs are kept across restarts: wall time, not monotonic
    alive: Alive = field(default_factory=Alive)
    sessions: dict[str, tuple[str, str, float]] = field(default_factory=dict)
    listeners: set[asyncio.Queue[str | None]] = field(default_factory=set)

    # -- log-in --------------------------------------------------------------------------------------
    def login(self, user: str, pin: str) -> str | None:
        """A session token for a right id and PIN; ``None`` (counted toward a lock-out) otherwise."""
        if self.store.pin_locked(user, self.wall(), self.lock_after, self.lock_s):
            return None
        found = self.authenticate(user, pin)
        self.store.note_pin(user, found is not None, self.wall(), self.lock_after)
        if found is None:
            return None
        token = secrets.token_urlsafe(32)
        self.sessions[token] = (*found, time.monotonic() + SESSION_S)
        return token

    def who(self, request: web.Request) -> tuple[str, str] | None:
        """The logged-in user and role of ``request``, or ``None``."""
        held = self.sessions.get(request.cookies.get(COOKIE, ""))
        if held is None or held[2] < time.monotonic():
            return None
        return held[0], held[1]

    # -- the feed -----------------------------------------------------------------------------------
    def tell(self, kind: str, data: dict[str, Any]) -> None:
        """Send one server-sent event to every open page."""
        text = f"event: {kind}\ndata: {json.dumps(data, sort_keys=True)}\n\n"
        for queue in list(self.listeners):
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(text)

    def hang_up(self) -> None:
        """End every open page's feed (the service is stopping: no handler waits out its keep-alive)."""
        for queue in list(self.listeners):
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(None)

    def applied(self, seq: int, subject: str, body: dict[str, Any]) -> None:
        """A stream message went into the store: events to the feed, every change a nudge to refresh."""
        if body.get("kind") in ("event", "cage", "alert", "accept"):
            self.tell("feed", self.feed_line(seq, subject, body))
        self.tell("update", {"seq": seq})

    def feed_line(self, seq: int, subject: str, body: dict[str, Any]) -> dict[str, Any]:
        """One line of the live feed."""
        cur = find_currency(self.currency)
        if body.get("kind") == "alert":
            return {"seq": seq, "time": body.get("time"), "table": body.get("table"), "what": "ALERT",
                    "text": str(body.get("problem", ""))}  # fmt: skip
        if body.get("kind") == "cage":
            amount = format_amount(int(body.get("amount", 0)), cur)
            what = f"VOUCHER_{body['action']}".upper()
            return {"seq": seq, "time": body.get("time"), "table": "cage", "what": what,
                    "text": f"{body.get('number')} {amount} by {body.get('user')}"}  # fmt: skip
        if body.get("kind") == "accept":
            who = f"{body.get('user')} and {body.get('second_user')}"
            return {"seq": seq, "time": body.get("time"), "table": body.get("table"),
                    "what": "FLOOR_ACCEPTED", "text": f"ledger {body.get('ledger')} by {who}"}  # fmt: skip
        event = body["event"]
        detail = event.get("detail") or {}
        shown = [(k, v) for k, v in sorted(detail.items()) if isinstance(v, str | int)
                 and not isinstance(v, bool)]  # fmt: skip
        text = " ".join(f"{k} {format_amount(v, cur) if k in _MONEY and isinstance(v, int) else v}"
                        for k, v in shown)  # fmt: skip
        seat = f"seat {event['seat']} " if event.get("seat") else ""
        line = seat + text
        return {"seq": seq, "time": event.get("time"), "table": body.get("table"), "what": event.get("name"),
                "text": line if len(line) <= 90 else line[:89] + "…"}  # fmt: skip

    # -- the floor as JSON --------------------------------------------------------------------------
    def status(self, table: str, tilts: list[str]) -> tuple[str, int]:
        """``open``, ``tilt``, ``offline`` or ``backlog``, and the backlog the table last reported."""
        said = self.alive.seen.get(table)
        limit = 3 * self.section.heartbeat_seconds + 2
        if said is None or time.time() - float(said.get("received", 0)) > limit:
            return "offline", int(said.get("backlog", 0)) if said else 0
        backlog = int(said.get("backlog", 0))
        if said.get("tilts") or tilts:
            return "tilt", backlog
        return ("backlog" if backlog else "open"), backlog

    def snapshot(self) -> dict[str, Any]:
        """The floor of today's gaming day, as the page shows it."""
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        day = gaming_day(now, self.section.gaming_day_hour)
        built = report.build(self.store, day)
        cur = find_currency(self.currency)
        known = {t["table_id"]: t for t in self.store.tables()}
        lines = {line.table: line for line in built.lines}
        owed: dict[str, list[int]] = {}
        for voucher in built.outstanding:
            owed.setdefault(str(voucher["issuer"]), []).append(int(voucher["amount"]))
        tables = []
        for table in sorted(set(known) | set(lines) | set(self.alive.seen)):
            line = lines.get(table) or report.TableLine.of(table, "", {}, {})
            tilts = list((known.get(table) or {}).get("tilts") or [])
            status, backlog = self.status(table, tilts)
            said = self.alive.seen.get(table, {})
            game = str((known.get(table) or {}).get("game") or said.get("game") or "")
            row = self._row(table, game, status, backlog, line, owed.get(table, []), cur)
            tables.append(row | {"tilts": tilts or list(said.get("tilts") or [])})
        total = self._row("FLOOR", "", "", 0, built.total, [v for vs in owed.values() for v in vs], cur)
        return {"day": day, "tables": tables, "total": total, "alerts": self.store.alerts()[:20],
                "feed": [self._stored_line(e) for e in self.store.events(30)]}  # fmt: skip

    @staticmethod
    def _row(table: str, game: str, status: str, backlog: int, line: report.TableLine, owed: list[int],
             cur: Any) -> dict[str, Any]:  # fmt: skip
        return {"table": table, "game": game, "status": status, "backlog": backlog,
                "coin_in": format_amount(line.coin_in, cur), "coin_out": format_amount(line.coin_out, cur),
                "win": format_amount(line.win, cur), "hold": line.hold_pct(), "par": line.par_pct(),
                "games": line.games, "vouchers": len(owed),
                "vouchers_value": format_amount(sum(owed), cur)}  # fmt: skip

    def _stored_line(self, event: dict[str, Any]) -> dict[str, Any]:
        body = {"kind": "event", "table": event["table"],
                "event": {k: event[k] for k in ("time", "name", "seat", "detail")}}  # fmt: skip
        return self.feed_line(int(event["seq"]), "", body)


def app(floor: Floor) -> web.Application:
    """The page's routes."""
    routes = web.RouteTableDef()

    @routes.get("/")
    async def page(request: web.Request) -> web.Response:
        who = floor.who(request)
        if who is None:
            return web.Response(text=LOGIN_HTML.replace("{error}", ""), content_type="text/html")
        html = PAGE_HTML.replace("{user}", who[0]).replace("{role}", who[1])
        return web.Response(text=html, content_type="text/html")

    @routes.post("/login")
    async def login(request: web.Request) -> web.Response:
        form = await request.post()
        token = floor.login(str(form.get("user", "")).strip(), str(form.get("pin", "")).strip())
        if token is None:
            text = LOGIN_HTML.replace("{error}", "Unknown user or wrong PIN (or locked for a while).")
            return web.Response(text=text, content_type="text/html", status=401)
        answer = web.HTTPSeeOther("/")
        answer.set_cookie(COOKIE, token, httponly=True, samesite="Strict", max_age=SESSION_S)
        raise answer

    @routes.post("/logout")
    async def logout(request: web.Request) -> web.Response:
        floor.sessions.pop(request.cookies.get(COOKIE, ""), None)
        answer = web.HTTPSeeOther("/")
        answer.del_cookie(COOKIE)
        raise answer

    @routes.get("/api/floor")
    async def snapshot(request: web.Request) -> web.Response:
        if floor.who(request) is None:
            raise web.HTTPUnauthorized(text="log in first")
        return web.json_response(floor.snapshot())

    @routes.get("/events")
    async def events(request: web.Request) -> web.StreamResponse:
        if floor.who(request) is None:
            raise web.HTTPUnauthorized(text="log in first")
        headers = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        stream = web.StreamResponse(headers=headers)
        await stream.prepare(request)
        queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1000)
        floor.listeners.add(queue)
        try:
            await stream.write(b": connected\n\n")
            while True:
                try:
                    text = await asyncio.wait_for(queue.get(), 15.0)
                except TimeoutError:
                    text = ": keep-alive\n\n"
                if text is None:  # the service is stopping
                    break
                await stream.write(text.encode())
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            floor.listeners.discard(queue)
        return stream

    application = web.Application()
    application.add_routes(routes)
    return application


async def serve(
    section: FloorSection, store: FloorStore, authenticate: Authenticate, *, host: str, port: int,
    stop: asyncio.Event, currency: str, ready: Callable[[str], None] | None = None,
    lockout: tuple[int, float] = (3, 300.0),
) -> None:  # fmt: skip
    """Follow the stream into ``store`` and serve the page until ``stop`` is set; ``lockout``: wrong PINs
    that lock an id, and for how many seconds."""
    floor = Floor(section, store, authenticate, currency, lock_after=lockout[0], lock_s=lockout[1])
    runner = web.AppRunner(app(floor), shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    server = site._server  # the bound port when 0 was asked
    bound = server.sockets[0].getsockname()[1] if server is not None and server.sockets else port  # type: ignore[attr-defined]
    if ready is not None:
        ready(f"{host}:{bound}")
    follower = asyncio.create_task(
        follow(section, store, stop, applied=floor.applied, alive=floor.alive,
               on_alive=lambda table: floor.tell("update", {"table": table}))
    )  # fmt: skip
    try:
        await stop.wait()
    finally:
        follower.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await follower
        floor.hang_up()
        await runner.cleanup()
