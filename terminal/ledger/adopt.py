"""Adopting a database: binding the high-water mark to it, a two-person act recorded in the ledger itself.

A database the mark does not follow (a ledger from before marks, one restored on purpose, one the table
refused as behind its mark) can be bound to the mark again, but only after a full verification, with two
people (the command line checks who: :mod:`terminal.commands.ledger_cmd`) and with a record: a
``LEDGER_ADOPT`` event, chained in the adopted ledger before the mark follows it, names both users, the
rows verified, the rows given up and the round ids that will be numbered again. :func:`examine` says what
adopting would give up; the command refuses unless the operator types that number. The PINs count toward
the users' lockouts as at the service screen: :func:`examine` reads the database's ``SERVICE_PIN``
states, wrong PINs are kept beside the mark meanwhile (:mod:`terminal.ledger.adopt_pins`), and
:func:`bind` chains those into the adopted ledger before its ``LEDGER_ADOPT``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import sqlite_utils

from terminal.ledger import adopt_pins, epochs, events, highwater, schema
from terminal.ledger.chain import Chain
from terminal.ledger.errors import EpochError, storage_errors
from terminal.ledger.events import EventCode
from terminal.ledger.records import Actor, stamp
from terminal.ledger.verify import snapshot, verify


@dataclass(frozen=True, slots=True)
class Examination:
    """What adopting the database would do: ``first_bad`` (it does not verify), the rows the mark records
    that the database lacks (``given_up``), why, and the round ids that will be numbered again; ``pins``:
    the database's last ``SERVICE_PIN`` detail of each user id (wrong-PIN counts and lockouts)."""

    rows: int
    first_bad: str | None
    given_up: int
    finding: str | None
    rounds_reused: tuple[int, int] | None
    mark: highwater.Mark | None
    pins: dict[str, dict[str, object]]


def examine(path: Path, key: bytes, mark_file: Path) -> Examination:
    """Verify the database at ``path`` in full and compare it with the mark (nothing is written)."""
    mark = highwater.load(mark_file, key)
    with storage_errors(path, "read"), schema.open_readonly(path) as db, snapshot(db):
        found = verify(db, key)
        finding = highwater.examine(db, mark, mark_file)
        given_up = _given_up(db, mark) if finding is not None and mark is not None else 0
        reused = _reused(db, mark) if mark is not None else None
        pins = {user: json.loads(text) for user, text in events.pin_states(db).items()}
    return Examination(found.rows, found.first_bad, given_up, finding, reused, mark, pins)


def _given_up(db: sqlite_utils.Database, mark: highwater.Mark) -> int:
    """Rows of the mark's history the database does not hold (all of them if it is another history)."""
    if highwater.shortfall(db, mark) is None:
        return 0
    lacking = 0
    for table, (last_id, tag) in mark.heads.items():
        have = db.execute(f"SELECT max(id) FROM [{table}]").fetchone()[0] or 0
        if have >= last_id:
            row = db.execute(f"SELECT tag FROM [{table}] WHERE id = ?", [last_id]).fetchone()
            if bytes(row[0]).hex() != tag:
                return mark.rows  # another history: everything the mark recorded is given up
        lacking += max(0, last_id - have)
    found = highwater.identity(db)
    return mark.rows if mark.ledger_id and found and found != mark.ledger_id else lacking


def _reused(db: sqlite_utils.Database, mark: highwater.Mark) -> tuple[int, int] | None:
    marked = mark.heads.get("rounds", (0, ""))[0]
    have = db.execute("SELECT max(id) FROM rounds").fetchone()[0] or 0
    return (have + 1, marked) if marked > have else None


def bind(path: Path, key: bytes, mark_file: Path, seen: Examination, first: Actor, second: Actor,
         *, now: datetime) -> None:  # fmt: skip
    """Log the adoption in the database (after the wrong-PIN counts kept meanwhile), then bind the mark to
    it (``seen`` as the operator confirmed)."""
    if first.name == second.name:
        raise EpochError(f"adopting a ledger needs two different users, not {first.name} twice")
    previous = seen.mark
    detail = {
        "second_user": second.name, "second_role": second.role, "rows_verified": seen.rows,
        "rows_given_up": seen.given_up, "finding": seen.finding or "",
        "previous_mark": None if previous is None else {
            "ledger_id": previous.ledger_id, "epoch": previous.epoch, "rows": previous.rows},
        "rounds_reused": None if seen.rounds_reused is None else list(seen.rounds_reused),
    }  # fmt: skip
    with storage_errors(path, "written"), schema.open_database(path) as db:
        chain = Chain(db, key, 10_000)
        time = stamp(now)
        with chain.transaction(time):
            for state in adopt_pins.load(mark_file, key).values():  # the counts the service screen restores
                events.log(chain, time, EventCode.SERVICE_PIN, detail=state)
            events.log(chain, time, EventCode.LEDGER_ADOPT, actor=first, detail=detail)
        highwater.write(mark_file, highwater.current(db, chain.heads, epochs.current(db)), key)
    adopt_pins.remove(mark_file)
