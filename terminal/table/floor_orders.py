"""The table obeys the floor's signed orders: out of service (a table tilt) and back in service.

The link hands over the last order the floor signed (``terminal.floor.orders``); the table obeys each
order once, by its stream sequence and the time the floor signed in it, which the event log keeps with
who asked (``FLOOR_OUT_OF_SERVICE``, ``FLOOR_IN_SERVICE``, the floor user as the actor), so a restart does
not obey it twice and a tilt restored at start-up stays until the floor's next order. An order signed
before the last one obeyed is a replay (the floor's own bytes published again): ignored and logged. Out
of service is a table tilt (``floor_closed``): no wager, no money, every seat says so in the catalogue's
words; nobody at the table clears it. Messages on the command subject the floor did not sign are ignored
and logged (``FLOOR_FORGED``).
"""

from __future__ import annotations

from typing import Any

from terminal.floor.link import FloorLink
from terminal.ledger import EventCode, Ledger
from terminal.ledger.records import Actor
from terminal.table.tilts import Tilt, TiltKind

_LAST = (
    "SELECT json_extract(detail, '$.seq'), json_extract(detail, '$.at') FROM events WHERE code IN (?, ?) "
    "ORDER BY id DESC LIMIT 1"
)


def last_obeyed(ledger: Ledger) -> tuple[int, str]:
    """The stream sequence and signed time of the last order this ledger logged as obeyed (0, "": none)."""
    row = ledger.db.execute(_LAST, [int(EventCode.FLOOR_OUT_OF_SERVICE), int(EventCode.FLOOR_IN_SERVICE)])
    found = row.fetchone()
    if not found or found[0] is None:
        return 0, ""
    return int(found[0]), str(found[1] or "")


def obey(table: Any, link: FloorLink, state: dict[str, Any]) -> None:
    """Log the forged orders the link found; obey the floor's signed order if it is new."""
    now = table.clock.wall()
    while not link.forged_orders.empty():
        stepped = link.forged_orders.get_nowait()
        table.ledger.log_event(EventCode.FLOOR_FORGED, now=now, detail=stepped.detail() | {"what": "order"})
    while not link.orders.empty():
        order = link.orders.get_nowait()
        if "order" not in state:
            state["order"] = last_obeyed(table.ledger)
        seq, at = state["order"]
        if order.seq <= seq:
            continue
        if order.time <= at:  # signed before the last order obeyed: the floor's bytes published again
            replay = {"seq": order.seq, "what": "order", "replay": True, "at": order.time[:40]}
            table.ledger.log_event(EventCode.FLOOR_FORGED, now=now, detail=replay)
            state["order"] = (order.seq, at)
            continue
        state["order"] = (order.seq, order.time)
        actor = Actor(order.user[:32], order.role[:32])
        detail = {"seq": order.seq, "reason": order.reason[:200], "at": order.time[:40]}
        closed = any(t.kind is TiltKind.FLOOR_CLOSED for t in table.tilts.active)
        if order.closes:
            table.ledger.log_event(EventCode.FLOOR_OUT_OF_SERVICE, now=now, actor=actor, detail=detail)
            why = f"out of service by {actor.name} at the floor: {order.reason[:120]}"
            table.tilts.raise_tilt(Tilt(TiltKind.FLOOR_CLOSED, None, why))
        else:
            table.ledger.log_event(EventCode.FLOOR_IN_SERVICE, now=now, actor=actor, detail=detail)
            if closed:
                table.tilts.clear_tilt(TiltKind.FLOOR_CLOSED, None, None, condition_over=True)
