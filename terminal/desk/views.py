"""What service mode shows, read from the ledger and turned into the protocol's typed records.

Meters come with actual RTP per wager and paytable beside the PAR figure of the configured rules (both in
parts per million); the event log is filtered by kind and time and paged newest first; recall turns a
round record into its wagers and seats.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from terminal.config import Config
from terminal.config.game_rules import par_rows
from terminal.ledger import EventCode, Ledger
from terminal.ledger.recall import RoundRecord
from terminal.ledger.vouchers import Voucher
from terminal.net.messages import service as sm

PAGE = 12
_TEXT = 500  # a Text field holds 512 characters
_EVENTS_READ = 100_000  # the event log is read whole up to this many rows for filtering


def clip(text: str, limit: int = _TEXT) -> str:
    """``text`` fit for a Text field: printable, at most ``limit`` characters."""
    clean = "".join(ch if ch.isprintable() else " " for ch in text)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def meters_report(ledger: Ledger, c: Config) -> sm.MetersReport:
    """Every meter, and per game / wager / paytable: wagered, won, count, actual RTP and PAR RTP."""
    metered = ledger.meters()
    plain = {
        name: value
        for name, value in metered.items()
        if not name.startswith(("game:", "wager:", "paytable:"))
    }
    plain["games_since_power_up"] = ledger.games_since(EventCode.POWER_UP)
    plain["games_since_door_close"] = ledger.games_since(EventCode.DOOR_CLOSE)
    plain.setdefault("door_opens", 0)
    for door in ("main", "logic", "cash_box"):  # every door's own count (``devices.events.Door``)
        plain.setdefault(f"door:{door}:opens", 0)
    for name in (
        "games_played",
        "wagered",
        "won",
        "cash_in",
        "vouchers_in",
        "vouchers_out",
        "handpays",
        "cash_out",
    ):
        plain.setdefault(name, 0)
    if c.sas.enabled:  # the casino system's transfers (SAS AFT), listed at a SAS table from the start
        for name in ("aft_in", "aft_in_count", "aft_out", "aft_out_count"):
            plain.setdefault(name, 0)
    par = {(r.game, r.wager, r.paytable): 1_000_000 - round(r.house_edge * 1_000_000) for r in par_rows(c)}
    wagers = []
    for name, wagered in sorted(metered.items()):
        scope, _, rest = name.partition(":")
        if scope != "paytable" or not rest.endswith(":wagered"):
            continue
        game, wager, paytable = rest.removesuffix(":wagered").split(":")
        won = metered.get(f"paytable:{game}:{wager}:{paytable}:won", 0)
        count = metered.get(f"paytable:{game}:{wager}:{paytable}:count", 0)
        actual = round(won * 1_000_000 / wagered) if wagered else None
        wagers.append(
            sm.WagerMeterView(
                game, wager, paytable, wagered, won, count, actual, par.get((game, wager, paytable))
            )
        )
    meters = tuple(sm.MeterView(clip(name), value) for name, value in sorted(plain.items(), key=_meter_order))
    return sm.MetersReport(meters, tuple(wagers))


METER_ORDER = (
    "wagered",
    "won",
    "games_played",
    "games_since_power_up",
    "games_since_door_close",
    "door_opens",
    "door:",
    "cash_in",
    "bills_in_count",
    "bill:",
    "vouchers_in",
    "vouchers_in_count",
    "vouchers_out",
    "vouchers_out_count",
    "vouchers_voided",
    "vouchers_voided_count",
    "handpays",
    "handpays_count",
    "aft_in",
    "aft_in_count",
    "aft_out",
    "aft_out_count",
    "cash_out",
    "cash_out_count",
)


def _meter_order(item: tuple[str, int]) -> tuple[int, int, str]:
    """Meters as a service menu lists them: play, then money in, vouchers, hand-pays, cancelled credits."""
    name = item[0]
    for index, prefix in enumerate(METER_ORDER):
        if name == prefix or (prefix.endswith(":") and name.startswith(prefix)):
            bill = int(name.split(":")[1]) if prefix == "bill:" else 0
            return index, bill, name
    return len(METER_ORDER), 0, name


def event_page(ledger: Ledger, kind: str, since: str, until: str, page: int) -> sm.EventPage:
    """Events of ``kind`` (a code name, or all) between ``since`` and ``until`` (ISO text), newest first."""
    code = EventCode[kind.upper()] if kind else None
    found = [
        e
        for e in reversed(ledger.events(code, limit=_EVENTS_READ))
        if (not since or e.time >= since) and (not until or e.time < until)
    ]
    pages = max(1, -(-len(found) // PAGE))
    page = min(max(page, 1), pages)
    shown = found[(page - 1) * PAGE : page * PAGE]
    views = tuple(
        sm.EventView(
            e.id,
            e.time,
            int(e.code),
            e.code.name.lower(),
            e.seat,
            e.user or "",
            e.role or "",
            clip(_detail_text(e.detail)),
        )
        for e in shown
    )
    return sm.EventPage(views, page, pages, len(found), tuple(c.name.lower() for c in EventCode))


def _detail_text(detail: str) -> str:
    """The detail as the ledger holds it (compact JSON): the service screen labels each field in its own
    language and writes amounts as money; a detail too long for the wire is cut (and shown as text)."""
    try:
        loaded: Any = json.loads(detail)
    except ValueError:
        return detail
    return json.dumps(loaded, separators=(",", ":"), ensure_ascii=False)


def outcome_text(record: RoundRecord) -> str:
    """A round's outcome as its game wrote it for people (``17``, ``4-3 (7)``, ``flag@27``; ``-`` if none),
    with the ``detail`` its record carries of the round's further draws (``17 · B2B 250:1``)."""
    if record.outcome is None:
        return "-"
    if not isinstance(record.outcome, dict):
        return clip(str(record.outcome), 60) or "-"
    text, detail = str(record.outcome.get("text", "")), str(record.outcome.get("detail", ""))
    return clip(f"{text} · {detail}" if text and detail else text, 60) or "-"


def round_recall(record: RoundRecord) -> sm.RoundRecall:
    """One round whole: outcome, every wager with paytable and result, credits before and after."""
    wagers = tuple(
        sm.RecallWager(
            w.seat, clip(w.spot, 60), clip(w.paytable, 30), w.stake, w.result or "in play", w.returned or 0
        )
        for w in record.wagers
    )
    seats = tuple(
        sm.RecallSeat(s.seat, s.credits_before, s.staked, s.returned, s.credits_after) for s in record.seats
    )
    outcome = record.outcome if isinstance(record.outcome, dict) else {}
    details = tuple(
        sm.RecallDetail(clip(str(name), 32), clip(str(value), 120))
        for name, value in outcome.get("details", ())
    )
    shown = clip(str(outcome["text"]), 60) if outcome.get("text") and details else outcome_text(record)
    return sm.RoundRecall(
        record.id, record.time, record.game, record.phase, shown, wagers, seats, details
    )


def recall_list(seat: int, records: list[RoundRecord]) -> sm.RecallList:
    """A seat's last rounds, newest first, with what it staked and got back in each."""
    lines = []
    for r in records:
        staked = sum(w.stake for w in r.wagers if w.seat == seat and w.round_id == r.id)
        returned = sum(w.returned or 0 for w in r.wagers if w.seat == seat)
        lines.append(sm.RoundLine(r.id, r.time, r.game, outcome_text(r), staked, returned))
    return sm.RecallList(seat, tuple(lines))


def voucher_info(v: Voucher) -> sm.VoucherInfo:
    """A voucher as the screen shows it."""
    return sm.VoucherInfo(
        v.number, v.seat, v.amount, v.issued_at, v.expires_at or "", v.state, v.closed_at or ""
    )


def day_report(ledger: Ledger, start: datetime, end: datetime) -> sm.DayReport:
    """End-of-day figures of the gaming day ``[start, end)`` (``Ledger.day_report``): the money of the day
    (stakes by settlement, as the floor counts them), games, vouchers and hand-pays, and the events by kind
    (the meters screen shows the epoch's meters)."""
    built = ledger.day_report(start, end)
    figures = [sm.MeterView(f"period {name}", value) for name, value in built.money if name != "hold"]
    figures += [sm.MeterView(f"games {game}", count) for game, count in built.games]
    figures += [sm.MeterView(f"day {k}", v) for k, v in sorted(built.vouchers)]
    figures.append(sm.MeterView("day handpay_count", len(built.handpays)))
    events = tuple(sm.MeterView(name.lower(), count) for name, count in built.events)
    return sm.DayReport(start.strftime("%Y-%m-%d"), tuple(figures), events)
