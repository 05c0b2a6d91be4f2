"""Every word the floor manager's page shows comes from the catalogue, in English and in Spanish.

The page is served by the real aiohttp application over HTTP on a free port, reading a real floor store
that holds one message of each kind the feed names (a bill, a tilt, a door, a voucher printed and paid at
the cage, a reconciliation alert, a reinstalled table accepted, a round) and the tables' alive messages
(open, tilt, backlog, offline). What a person reads is collected: the log-in page and the page's text and
labels, the words the page's script writes (``#words``), the floor's JSON fields the script shows and a
line of the live feed. Each piece must be a string the catalogue handed out in that language, or data
(amounts, numbers, times, table and user ids, voucher numbers). The script itself may hold no word.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from terminal.config.sections import FloorSection
from terminal.floor import page as page_module
from terminal.floor.web import Floor, app
from terminal.i18n import Catalogue
from terminal.ledger.floorstore import FloorStore
from tests.floor.tables import floor_config

#: Data, not words: amounts, counts, times, percentages, table and user ids, voucher numbers, ledger ids.
DATA = re.compile(r"^([\s\d$.,:%()\-–·…]*|T-\d+|fay|ada|cal|[0-9a-f]{8,}|\d{18})$")
#: Split a shown string where the page joins pieces: " · ", ": ", ", ", a role in brackets, " %".
PIECES = re.compile(r" · |: |, | \(|\)$| %$")
#: The script's own string literals: ids, selectors, URLs, event names, CSS classes (never shown).
SCRIPT_TOKENS = frozenset({
    "words", "day", "tables", "FLOOR", "total", "badge ", "why", "coin_in", "coin_out", "win", "hold", "par",
    "games", "t-in", "t-win", "t-hold", "t-vouchers", "feed", '[data-seq="', "ALERT", "alert", "t", "what",
    "/api/floor", "/events", "live", "up", "down", "update", "span", "li", "{day}", "backlog", "offline",
})  # fmt: skip
NOW = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
NUMBER = "123456789012345678"


def _event(
    seq: int, table: str, code: int, name: str, seat: int | None, detail: dict[str, Any]
) -> dict[str, Any]:
    return {"kind": "event", "table": table, "ledger": "ab" * 32, "epoch": 1, "seq": seq, "time": NOW,
            "delta": {}, "event": {"id": seq, "time": NOW, "code": code, "name": name, "seat": seat,
                                   "user": None, "detail": detail}}  # fmt: skip


MESSAGES: list[tuple[int, str, dict[str, Any]]] = [
    (1, "floor.T-01.info", {"kind": "info", "table": "T-01", "game": "roulette", "venue": "V", "par": {}}),
    (2, "floor.T-01.event", _event(1, "T-01", 620, "BILL_STACKED", 2, {"value": 5000}) | {
        "delta": {"cash_in": 5000}}),
    (3, "floor.T-03.event", _event(1, "T-03", 300, "TILT", None, {"tilt": "door_open", "detail": "x"})),
    (4, "floor.T-01.voucher", _event(2, "T-01", 610, "VOUCHER_ISSUE", 1, {"number": NUMBER, "amount": 2000})),
    (5, "floor.cage.voucher", {"kind": "cage", "action": "redeemed", "number": NUMBER, "amount": 2000,
                               "issuer": "T-01", "user": "cal", "time": NOW}),
    (6, "floor.T-01.alert", {"kind": "alert", "table": "T-01", "time": NOW, "number": NUMBER,
                             "problem": "voucher is redeemed"}),
    (7, "floor.T-02.round", {"kind": "accept", "table": "T-02", "ledger": "abcdef01", "time": NOW,
                             "user": "ada", "second_user": "fay", "reason": "new disk"}),
    (8, "floor.T-02.event", _event(1, "T-02", 200, "DOOR_OPEN", None, {"door": "main"})),
    (9, "floor.T-01.round", {"kind": "round", "table": "T-01", "ledger": "ab" * 32, "epoch": 1, "seq": 3,
                             "time": NOW, "delta": {"wagered": 600, "won": 300, "games_played": 1},
                             "round": {"round_id": 1, "game": "roulette"}}),
]  # fmt: skip
ALIVE = [
    {"table": "T-01", "backlog": 0, "tilts": [], "game": "roulette"},
    {"table": "T-03", "backlog": 0, "tilts": ["door_open"], "game": "craps"},
    {"table": "T-04", "backlog": 3, "tilts": [], "game": "sicbo"},
]


def _section(folder: Path) -> FloorSection:
    """A floor section (nothing here connects to it: the page reads the store it is given)."""
    section = floor_config(folder, "nats://127.0.0.1:4222").floor
    assert section is not None
    return section


@pytest.fixture
def handed_out(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[tuple[str, str]]]:
    """Every (language, string) the catalogue handed out, and every amount it wrote."""
    seen: set[tuple[str, str]] = set()
    text, money = Catalogue.text, Catalogue.money

    def recorded_text(self: Catalogue, key: str, **args: Any) -> str:
        out = text(self, key, **args)
        seen.add((self.language, out))
        return out

    def recorded_money(self: Catalogue, units: int, currency: str = "USD", digits: int = 2) -> str:
        out = money(self, units, currency, digits)
        seen.add((self.language, out))
        return out

    monkeypatch.setattr(Catalogue, "text", recorded_text)
    monkeypatch.setattr(Catalogue, "money", recorded_money)
    yield seen


class _Shown(HTMLParser):
    """A page's text nodes and labels a person reads, its ``#words`` JSON, and its script."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.words: dict[str, str] = {}
        self.script = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self._in = "words" if found.get("id") == "words" else tag if tag in ("script", "style") else None
        self.texts += [v for k, v in attrs if k in ("title", "aria-label", "placeholder") and v]

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "words":
            self.words = json.loads(data)
        elif self._in == "script":
            self.script += data
        elif self._in is None and data.strip():
            self.texts.append(data.strip())


def unknown(shown: list[str], language: str, seen: set[tuple[str, str]]) -> list[str]:
    """The pieces of ``shown`` that are neither the catalogue's (in ``language``) nor data."""
    ours = {text for lang, text in seen if lang == language}
    bad = []
    for whole in shown:
        if whole in ours or DATA.match(whole):
            continue
        pieces = [piece for piece in PIECES.split(whole) if piece]
        bad += [piece for piece in pieces if piece not in ours and not DATA.match(piece)]
    return bad


def script_words(script: str) -> list[str]:
    """String literals of the page's script that are not among its ids, selectors and names."""
    found = re.findall(r""""((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'""", script)
    literals = [double or single for double, single in found]
    return [s for s in literals if re.search(r"[A-Za-z]", s) and s not in SCRIPT_TOKENS]


async def _read(section: FloorSection, language: str) -> tuple[list[str], str, list[str]]:
    """Everything a person reads of the page in ``language``: pieces, the script, and the JSON fields."""
    store = FloorStore(":memory:", 0)
    for seq, subject, body in MESSAGES:
        store.apply(seq, subject, body)
    who = {("fay", "2468"): ("fay", "attendant")}
    floor = Floor(section, store, lambda u, p: who.get((u, p)), "USD", language="en")
    for said in ALIVE:
        floor.alive.heard(json.dumps(said).encode())
    runner = web.AppRunner(app(floor))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    url = f"http://127.0.0.1:{port}/"
    shown: list[str] = []
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            async with http.get(url, params={"lang": language}) as answer:  # the switch, then log-in
                login = _Shown()
                login.feed(await answer.text())
            async with http.post(url + "login", data={"user": "fay", "pin": "0000"}) as answer:
                refused = _Shown()
                refused.feed(await answer.text())
            async with http.post(url + "login", data={"user": "fay", "pin": "2468"}) as answer:
                page = _Shown()
                page.feed(await answer.text())
            async with http.get(url + "api/floor") as answer:
                floor_json = await answer.json()
            async with http.get(url + "events") as feed:
                await feed.content.readline()
                floor.applied(*MESSAGES[1])
                lines = [(await feed.content.readline()).decode() for _ in range(3)]
    finally:
        floor.hang_up()  # the feed's handler ends: the runner need not wait out its keep-alive
        await runner.cleanup()
        store.close()
    live = json.loads(next(line for line in lines if line.startswith("data: ")).removeprefix("data: "))
    rows = [*floor_json["tables"], floor_json["total"]]
    keys = ("name", "game_name", "status_name", "why", "coin_in", "coin_out", "win", "hold", "par", "games",
            "vouchers_value")  # fmt: skip  (what the script shows of each row)
    fields = [str(row[key]) for row in rows for key in keys]
    fields += [str(line[k]) for line in [*floor_json["feed"], live] for k in ("place", "what_name", "text")]
    shown = [*login.texts, *refused.texts, *page.texts, *page.words.values(), *fields]
    return shown, page.script, fields


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_word_on_the_floor_page_is_the_catalogues(
    language: str, handed_out: set[tuple[str, str]], tmp_path: Path
) -> None:
    shown, script, fields = asyncio.run(_read(_section(tmp_path), language))
    assert unknown(shown, language, handed_out) == []
    assert script_words(script) == []
    if language == "es":  # and it is Spanish: the statuses, a game, an event, the cage
        assert {"abierta", "bloqueo", "con retraso", "sin conexión", "Ruleta", "Billete apilado", "caja",
                "PUERTA ABIERTA", "Asistente"} <= {p for s in shown for p in PIECES.split(s)} | set(fields)


def test_the_check_finds_a_planted_word(
    handed_out: set[tuple[str, str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An English word written into the page, or shown by its script, is caught in Spanish."""
    monkeypatch.setattr(page_module, "PAGE_HTML", page_module.PAGE_HTML.replace("[[live]]", "Live events"))
    monkeypatch.setattr(page_module, "PAGE_HTML", page_module.PAGE_HTML.replace(
        "W.feed_live;", '"feed live";'))  # fmt: skip
    shown, script, _ = asyncio.run(_read(_section(tmp_path), "es"))
    assert unknown(shown, "es", handed_out) == ["Live events"]
    assert script_words(script) == ["feed live"]
