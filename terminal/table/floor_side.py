"""The table's side of the casino floor: the link started at power-up, watched while it runs.

Only with a ``[floor]`` section (``boot`` calls :func:`attach`); without one nothing here runs and no
NATS module is imported. At power-up, with the floor reachable, the ledger must reach the floor's last
witness of it (``terminal.floor.witness``) or the table stays closed; then the link's thread starts. The
table never waits for it: :func:`watch` (from ``Table.tick``, once a second) logs the link going down and
coming back, and tilts the table only when floor events have waited longer than
``[floor] max_offline_minutes``; the tilt clears itself once they drain.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from terminal.config import Config
from terminal.floor import witness
from terminal.floor.link import FloorLink, LinkStatus
from terminal.ledger import EventCode, highwater
from terminal.sections import FloorSection
from terminal.table.tilts import Tilt, TiltKind

if TYPE_CHECKING:
    from terminal.table.table import Table

WATCH_EVERY_S = 1.0


def attach(c: Config, table: Table) -> None:
    """Check the ledger against the floor's witness, then start the link (``[floor]`` set)."""
    section, outbox = c.floor, table.ledger.outbox
    if section is None or outbox is None:
        return
    check_witness(c, section, table)
    link = FloorLink(section, c.table.table_id, c.ledger.path, outbox, about=lambda: about(table))
    outbox.on_close(link.close)
    link.start()
    table.floor = link


def check_witness(c: Config, section: FloorSection, table: Table) -> None:
    """Compare the ledger with the floor's last word; raise ``RollbackError`` (table closed) if behind."""
    now = table.clock.wall()
    try:
        last = witness.fetch_now(section, c.table.table_id)
    except Exception as unreachable:  # no server answered: play on, and say the check was not made
        reason = f"{type(unreachable).__name__}: {unreachable}".strip().rstrip(":")
        table.ledger.log_event(EventCode.FLOOR_WITNESS_SKIPPED, now=now, detail={"reason": reason[:200]})
        return
    if last is None:
        table.ledger.log_event(EventCode.FLOOR_WITNESS_PASS, now=now, detail={"witness": "none yet"})
        return
    found, shortfall = table.ledger.reaches(last.mark())
    problem = witness.judge(found, last, shortfall)
    if problem is not None:
        table.ledger.log_event(EventCode.FLOOR_WITNESS_FAIL, now=now, detail={"problem": problem})
        raise highwater.RollbackError(f"ledger {c.ledger.path}: {problem}")
    detail = {"seq": last.seq, "rows": last.mark().rows, "epoch": last.epoch}
    table.ledger.log_event(EventCode.FLOOR_WITNESS_PASS, now=now, detail=detail)


def watch(table: Table, state: dict[str, Any]) -> None:
    """Once a second: log the link going down or up; tilt past the backlog age, clear when it drains."""
    link = table.floor
    if link is None or time.monotonic() < state.get("next", 0.0):
        return
    state["next"] = time.monotonic() + WATCH_EVERY_S
    status = link.status()
    if status.online != state.get("online", True):
        code = EventCode.FLOOR_ONLINE if status.online else EventCode.FLOOR_OFFLINE
        table.ledger.log_event(code, now=table.clock.wall(), detail=_detail(status))
        state["online"] = status.online
    limit = table.config.floor.max_offline_minutes * 60 if table.config.floor else 0
    late = status.age_s(table.clock.wall()) > limit
    tilted = any(t.kind is TiltKind.FLOOR_OFFLINE for t in table.tilts.active)
    if late and not tilted:
        minutes = table.config.floor.max_offline_minutes if table.config.floor else 0
        detail = f"{status.backlog} floor events unsent for more than {minutes} min"
        table.raise_tilt(Tilt(TiltKind.FLOOR_OFFLINE, None, detail))
    elif tilted and not late:
        table.clear_tilt(TiltKind.FLOOR_OFFLINE, None, None, condition_over=True)


def _detail(status: LinkStatus) -> dict[str, Any]:
    return {"backlog": status.backlog, "oldest": status.oldest, "error": status.error[:200]}


def about(table: Table) -> dict[str, Any]:
    """What the alive message says of the table (read from the link's thread: plain values only)."""
    return {
        "game": table.config.table.game,
        "venue": table.config.table.venue,
        "phase": table.phase.value,
        "round_id": table.round_id,
        "tilts": [t.kind.value for t in table.tilts.active],
    }
