"""``terminal floor serve``: the floor manager's page (aiohttp; one HTML file, no front-end build step).

The same process follows the stream into the floor store (``consumer.follow``) and serves: ``/`` the page
(log-in first, with a service user's id and PIN: every service role may look), ``/api/floor`` the floor
as JSON (every table with game, status, coin-in, coin-out, win, hold and PAR hold of the gaming day,
outstanding vouchers; the floor's totals), ``/events`` the live event feed as server-sent events. A
wrong PIN counts toward a lock-out of the id, as in service mode (``[service] pin_attempts`` wrong PINs
lock it for ``lockout_seconds``); the counts are kept in the floor store, so a restart does not clear them.
The page speaks the table's language (``[seat] language``) until the manager picks another with its
switch (``/?lang=es``, kept in a cookie); the JSON and the feed arrive in that language (``words``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
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
from terminal.floor.page import login_html, page_html
from terminal.floor.words import Words
from terminal.ledger.floorstore import FloorStore, gaming_day

Authenticate = Callable[[str, str], tuple[str, str] | None]
COOKIE = "floor_session"
LANGUAGE_COOKIE = "floor_language"
SESSION_S = 8 * 3600
#: What a service user id can be (``terminal.desk.users``): anything else is refused without a trace.
_USER_ID = re.compile(r"[a-z0-9][a-z0-9_\-]{0,31}")


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
    language: str = "en"  # the page's language until the manager picks another (``[seat] language``)
    alive: Alive = field(default_factory=Alive)
    sessions: dict[str, tuple[str, str, float]] = field(default_factory=dict)
    listeners: dict[asyncio.Queue[str | None], str] = field(default_factory=dict)  # each page's language

    def words(self, request: web.Request | None = None) -> Words:
        """The words of ``request``'s language (its cookie), else of the configured one."""
        default = Words.of(self.language, self.currency)
        asked = request.cookies.get(LANGUAGE_COOKIE) if request is not None else None
        chosen = default.language_of(asked)
        return default if chosen == default.language else Words.of(chosen, self.currency)

    # -- log-in --------------------------------------------------------------------------------------
    def login(self, user: str, pin: str) -> str | None:
        """A session token for a right id and PIN; ``None`` (counted toward a lock-out) otherwise."""
        if not _USER_ID.fullmatch(user):  # no service user is named so: nothing to count, nothing stored
            return None
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
    def tell(self, kind: str, data: dict[str, Any] | Callable[[Words], dict[str, Any]]) -> None:
        """Send one server-sent event to every open page (``data`` made in each page's language)."""
        made: dict[str, str] = {}
        for queue, language in list(self.listeners.items()):
            if language not in made:
                said = data(Words.of(language, self.currency)) if callable(data) else data
                made[language] = f"event: {kind}\ndata: {json.dumps(said, sort_keys=True)}\n\n"
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(made[language])

    def hang_up(self) -> None:
        """End every open page's feed (the service is stopping: no handler waits out its keep-alive)."""
        for queue in list(self.listeners):
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(None)

    def applied(self, seq: int, subject: str, body: dict[str, Any]) -> None:
        """A stream message went into the store: events to the feed, every change a nudge to refresh."""
        if body.get("kind") in ("event", "cage", "alert", "accept", "forged", "command"):
            self.tell("feed", lambda words: feed_line(words, seq, body))
        self.tell("update", {"seq": seq})

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

    def snapshot(self, words: Words) -> dict[str, Any]:
        """The floor of today's gaming day, as the page shows it, in ``words``' language."""
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        day = gaming_day(now, self.section.gaming_day_hour)
        built = report.build(self.store, day)
        known = {t["table_id"]: t for t in self.store.tables()}
        lines = {line.table: line for line in built.lines}
        owed: dict[str, list[int]] = {}
        for voucher in built.outstanding:
            owed.setdefault(str(voucher["issuer"]), []).append(int(voucher["amount"]))
        tables = []
        for table in sorted(set(known) | set(lines) | set(self.alive.seen)):
            line = lines.get(table) or report.TableLine.of(table, "", {}, {})
            said = self.alive.seen.get(table, {})
            tilts = list((known.get(table) or {}).get("tilts") or []) or list(said.get("tilts") or [])
            status, backlog = self.status(table, tilts)
            game = str((known.get(table) or {}).get("game") or said.get("game") or "")
            row = _row(words, table, game, line, owed.get(table, []))
            waiting = status == "backlog" or (status == "offline" and backlog)
            why = words.waiting(backlog) if waiting else ", ".join(words.tilt(t) for t in tilts)
            tables.append(row | {"status": status, "status_name": words.status(status), "backlog": backlog,
                                 "tilts": tilts, "why": why})  # fmt: skip
        total = _row(words, "FLOOR", "", built.total, [v for vs in owed.values() for v in vs])
        alerts = [a | {"text": alert_text(words, a)} for a in self.store.alerts()]
        alerts = alerts[:20]
        feed = [_stored_line(words, e) for e in self.store.events(30)]
        named = total | {"name": words.text("total")}
        return {"day": day, "tables": tables, "total": named, "alerts": alerts, "feed": feed}


def _row(words: Words, table: str, game: str, line: report.TableLine, owed: list[int]) -> dict[str, Any]:
    return {"table": table, "name": table, "game": game, "game_name": words.game(game), "status": "",
            "status_name": "", "why": "", "coin_in": words.money(line.coin_in),
            "coin_out": words.money(line.coin_out), "win": words.money(line.win), "hold": line.hold_pct(),
            "par": line.par_pct(), "games": line.games, "vouchers": len(owed),
            "vouchers_value": words.money(sum(owed))}  # fmt: skip


def alert_text(words: Words, alert: dict[str, Any]) -> str:
    """An alert of the store in words: a forged voucher refused, a message nobody accepted signed, or
    a voucher closed twice across the floor."""
    problem = str(alert.get("problem") or "")
    if problem.startswith("forged: "):
        return words.text("alert_forged", number=alert.get("number"))
    if problem.startswith("unsigned: "):
        return words.text("alert_unsigned", table=alert.get("table"))
    return words.text("alert_clash", number=alert.get("number"))


def feed_line(words: Words, seq: int, body: dict[str, Any]) -> dict[str, Any]:
    """One line of the live feed in ``words``' language: ``what`` stays the event's code name (the page
    marks alerts by it), ``what_name`` and ``text`` are the words shown."""
    table = str(body.get("table", ""))
    line = {"seq": seq, "time": body.get("time"), "table": table, "place": table}
    if body.get("kind") == "forged":
        text = words.text("alert_unsigned", table=table)
        return line | {"what": "ALERT", "what_name": words.text("alert"), "text": text}
    if body.get("kind") == "alert":
        text = words.text("alert_clash", number=body.get("number"))
        return line | {"what": "ALERT", "what_name": words.text("alert"), "text": text}
    if body.get("kind") == "cage":
        what = "VOUCHER_REDEEM" if body.get("action") == "redeemed" else "VOUCHER_VOID"
        amount = words.money(int(body.get("amount", 0)))
        text = f"{body.get('number')} · {amount} · {words.text('by', user=body.get('user'))}"
        named = {"what": what, "what_name": words.event(what), "text": text}
        return line | {"table": "cage", "place": words.text("cage")} | named
    if body.get("kind") == "command":
        what = "FLOOR_OUT_OF_SERVICE" if body.get("action") == "out_of_service" else "FLOOR_IN_SERVICE"
        who = words.text("by", user=body.get("user"))
        return line | {"what": what, "what_name": words.event(what), "text": who}
    if body.get("kind") == "accept":
        who = words.text("by_two", user=body.get("user"), second=body.get("second_user"))
        text = f"{words.text('ledger', ledger=body.get('ledger'))} · {who}"
        return line | {"what": "FLOOR_ACCEPTED", "what_name": words.event("FLOOR_ACCEPTED"), "text": text}
    event = body["event"]
    shown = words.detail(event.get("detail") or {}, event.get("seat"))
    name = str(event.get("name"))
    return line | {"time": event.get("time"), "what": name, "what_name": words.event(name),
                   "text": shown if len(shown) <= 90 else shown[:89] + "…"}  # fmt: skip


def _stored_line(words: Words, event: dict[str, Any]) -> dict[str, Any]:
    if event["table"] == "cage":
        body = {"kind": "cage", "table": "cage", "time": event["time"], "user": event.get("user"),
                "action": "redeemed" if event["name"] == "VOUCHER_REDEEM" else "voided"}  # fmt: skip
        body |= event["detail"]
        return feed_line(words, int(event["seq"]), body)
    body = {"kind": "event", "table": event["table"],
            "event": {k: event[k] for k in ("time", "name", "seat", "detail")}}  # fmt: skip
    return feed_line(words, int(event["seq"]), body)


def app(floor: Floor) -> web.Application:
    """The page's routes."""
    routes = web.RouteTableDef()

    @routes.get("/")
    async def page(request: web.Request) -> web.Response:
        asked = request.query.get("lang")
        if asked is not None:  # the language switch: kept in a cookie, then the page without the query
            answer = web.HTTPSeeOther("/")
            chosen = floor.words().language_of(asked)
            answer.set_cookie(LANGUAGE_COOKIE, chosen, samesite="Strict", max_age=365 * 86_400)
            raise answer
        words, who = floor.words(request), floor.who(request)
        if who is None:
            return web.Response(text=login_html(words), content_type="text/html")
        return web.Response(text=page_html(words, who[0], who[1]), content_type="text/html")

    @routes.post("/login")
    async def login(request: web.Request) -> web.Response:
        form = await request.post()
        token = floor.login(str(form.get("user", "")).strip(), str(form.get("pin", "")).strip())
        if token is None:
            text = login_html(floor.words(request), refused=True)
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
        return web.json_response(floor.snapshot(floor.words(request)))

    @routes.get("/events")
    async def events(request: web.Request) -> web.StreamResponse:
        if floor.who(request) is None:
            raise web.HTTPUnauthorized(text="log in first")
        headers = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        stream = web.StreamResponse(headers=headers)
        await stream.prepare(request)
        queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1000)
        floor.listeners[queue] = floor.words(request).language
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
            floor.listeners.pop(queue, None)
        return stream

    application = web.Application()
    application.add_routes(routes)
    return application


async def serve(
    section: FloorSection, store: FloorStore, authenticate: Authenticate, *, host: str, port: int,
    stop: asyncio.Event, currency: str, ready: Callable[[str], None] | None = None,
    lockout: tuple[int, float] = (3, 300.0), language: str = "en",
) -> None:  # fmt: skip
    """Follow the stream into ``store`` and serve the page until ``stop`` is set; ``lockout``: wrong PINs
    that lock an id, and for how many seconds; ``language``: the page's until a manager picks another."""
    floor = Floor(section, store, authenticate, currency, lock_after=lockout[0], lock_s=lockout[1],
                  language=language)  # fmt: skip
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
