"""The event log: a code for everything TERMINAL.md §2 asks to be logged, with time, seat and user.

Events are chained rows like the journal. An event that moves meters or money is written in the same
transaction as the postings; :func:`log` alone is for events that move nothing (a door, a tilt, a self-test).

>>> EventCode.DOOR_OPEN.value, EventCode(611).name
(200, 'VOUCHER_REDEEM')
"""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from terminal.ledger.chain import Chain
from terminal.ledger.records import Actor, to_json


class EventCode(enum.IntEnum):
    """Event codes by hundreds: power, doors, tilts, self-tests, configuration, money, comms, games."""

    POWER_UP = 100
    POWER_DOWN = 101
    DOOR_OPEN = 200
    DOOR_CLOSE = 201
    TILT = 300
    TILT_CLEARED = 301
    RNG_SELFTEST_PASS = 400
    RNG_SELFTEST_FAIL = 401
    SOFTWARE_VERIFY_PASS = 410
    SOFTWARE_VERIFY_FAIL = 411
    SOFTWARE_VERIFY_SKIPPED = 412  # development build (no manifest) or verify_at_boot = never
    LEDGER_VERIFY_PASS = 420
    LEDGER_VERIFY_FAIL = 421
    LEDGER_ADOPT = 422  # the high-water mark bound to this database by two people (rows given up, if any)
    METER_AUDIT = 423  # meters and balances audited against the journal: the mark the next audit starts at
    FLOOR_WITNESS_PASS = 430  # the ledger reaches the floor's last word on it (start-up, floor reachable)
    FLOOR_WITNESS_FAIL = 431  # it does not: rolled back with its mark, or swapped; the table stays closed
    FLOOR_WITNESS_SKIPPED = 432  # the floor was unreachable at start-up
    FLOOR_ACCEPTED = 433  # a reinstalled ledger accepted by two people (`terminal floor accept-table`)
    # The software ratchet (terminal.table.ratchet): what the ledger trusts, and who installed what.
    SOFTWARE_TRUSTED = 450  # a verified manifest new to this ledger, accepted at boot (first, or same key)
    SOFTWARE_INSTALL = 451  # two people accepted an install: manifest SHA-256, key (`verify accept-install`)
    INSTALL_LOG_CUT = 452  # the install log is shorter than (or differs from) what the ledger recorded of it
    LEDGER_INSTALL = 453  # a new ledger on a table that had one, made by two people (`terminal ledger new`)
    GAME_CHECK_FAIL = 460  # the check before a game or after a settlement found the ledger altered: tilted
    PROGRAM_WRITABLE = 480  # the table's user can write its program files: allowed on a demo table/checkout
    CONFIG_CHANGE = 500  # two people; records the new file's SHA-256
    CONFIG_BASELINE = 501  # the first boot of a ledger: the configuration it starts with, by its SHA-256
    CONFIG_UNLOGGED = 502  # the file at boot is not the one the log last recorded: changed by nobody logged
    CONFIG_ACCEPTED = 503  # an administrator cleared that tilt: the file as it is now is the one recorded
    RAM_CLEAR = 510
    MODE_CHANGE = 520
    SERVICE_LOGIN = 530
    SERVICE_LOGOUT = 531
    SERVICE_ACTION = 532  # any other act of a service user (what, by whom, refused or done)
    SERVICE_PIN = 533  # a user id's wrong-PIN count or lockout changed (screen or CLI): restored at start
    DEMO_TABLE = 540  # booted with simulated devices: a demo table, and its ledger a demo ledger for good
    COMMS_FLAPPING = 541  # a seat's link keeps dropping: its losses are counted, not logged, for a while
    OVER_CREDIT_LIMIT = 560  # a bill or voucher given back: it would take a seat above [money] credit_limit
    HANDPAY = 600
    CANCEL_CREDITS = 601
    VOUCHER_ISSUE = 610
    VOUCHER_REDEEM = 611
    VOUCHER_REFUSED = 612
    VOUCHER_VOID = 613
    VOUCHER_PAID_ELSEWHERE = 614  # our voucher, redeemed at another table or the cage (the floor says)
    VOUCHER_REPRINT = 615  # an outstanding voucher's ticket printed again, marked REPRINT (who, which)
    # About to claim another table's voucher on the floor (found again after a crash). Ledgers written
    # before it had a code of its own logged it as 615 (VOUCHER_REPRINT); ``OutboxReader.claimed`` reads both.
    VOUCHER_CLAIM = 616
    VOUCHER_CLAIM_LOST = 617  # that claim lost: the floor closed the voucher elsewhere (or refused it)
    BILL_STACKED = 620
    COMMS_LOSS = 700
    COMMS_RESTORED = 701
    LINK_REVOCATIONS = 702  # the link revocation list the controller enforces: at start and on every change
    LINK_KEYS = 703  # `terminal keys` init, issue, revoke or export: by which administrator, for which client
    FLOOR_OFFLINE = 710  # the floor link went down (the table keeps playing; the outbox grows)
    FLOOR_ONLINE = 711  # the floor link is back; the backlog drains in order
    FLOOR_AUTH_REFUSED = 720  # [floor] has no (usable) credentials or no TLS: the table stays closed
    FLOOR_UNAUTHENTICATED = 721  # a test let the floor link run without credentials or TLS (never shipped)
    VOUCHER_FORGED = 730  # a voucher on the floor no accepted table signed: refused, a floor alert
    FLOOR_FORGED = 731  # a floor message (witness, acceptance, command) not signed by its signer: ignored
    FLOOR_OUT_OF_SERVICE = 732  # the floor took the table out of service (a signed command: who asked)
    FLOOR_IN_SERVICE = 733  # the floor put the table back in service (who asked)
    SAS_SHUTDOWN = 760  # the casino system disabled a seat (SAS long poll 01): the seat takes no wagers
    SAS_STARTUP = 761  # the casino system enabled the seat again (SAS long poll 02)
    SAS_LINK = 762  # a seat's SAS host went silent or polls again; or the SAS process's own link to the table
    AFT_TRANSFER = 763  # a SAS AFT transfer (long poll 72) applied: credits from or to a player account
    AFT_REFUSED = 764  # a SAS AFT transfer the table refused (with its SAS status code): nothing moved
    SAS_TICKET_REDEEM = 765  # a ticket not ours that the casino system validated (70/71) paid to the seat
    SAS_TICKET_REFUSED = 766  # a ticket not ours the casino system refused (71), or the table could not pay
    SAS_TICKET_INSERTED = 767  # a ticket not ours held in a SAS seat's reader for the casino system (67, 70)
    SAS_VALIDATION = 768  # the casino system numbers a seat's vouchers (4C: validation ID, sequence)
    SAS_REDEMPTION = 769  # the casino system turned ticket redemption at a seat off or on (7B control bit 5)
    TEAM_ASSIGNED = 800  # an option (a side game's team) the RNG assigned after the seat's choice timed out
    TOWER_CHANGE = 900  # the tower light or the alarm changed (each lamp's pattern and the conditions)
    SERVICE_CALL = 901  # a seat's call button: a player asks for an attendant
    SERVICE_CALL_ANSWERED = 902  # the call was answered (the button pressed again at the seat)
    TOWER_FAULT = 903  # a tower or alarm output line could not be written


@dataclass(frozen=True, slots=True)
class Event:
    """One logged event as read back."""

    id: int
    time: str
    code: EventCode
    seat: int | None
    user: str | None
    role: str | None
    detail: str


def log(
    chain: Chain,
    time: str,
    code: EventCode,
    *,
    seat: int | None = None,
    actor: Actor | None = None,
    detail: Mapping[str, Any] | None = None,
) -> int:
    """Append one event (inside ``chain.transaction``); returns its id."""
    code = EventCode(code)
    row = (time, int(code), code.name, seat, actor.name if actor else None, actor.role if actor else None,
           to_json(dict(detail or {})))  # fmt: skip
    (event_id,) = chain.append("events", [row])
    return event_id


def read(db: sqlite_utils.Database, *, code: EventCode | None = None, limit: int = 1000) -> list[Event]:
    """The latest ``limit`` events (of ``code`` if given), oldest first."""
    where, params = ("WHERE code = ?", [int(code)]) if code is not None else ("", [])
    query = f"SELECT id, time, code, seat, user, role, detail FROM events {where} ORDER BY id DESC LIMIT ?"
    rows = db.execute(query, [*params, limit]).fetchall()
    return [Event(r[0], r[1], EventCode(r[2]), r[3], r[4], r[5], r[6]) for r in reversed(rows)]


def active_tilts(db: sqlite_utils.Database) -> list[tuple[str, int | None, str]]:
    """Every tilt a ``TILT`` event raised and no later ``TILT_CLEARED`` event cleared (by kind and seat),
    as (kind, seat, detail) in the order raised: what the table restores at start-up."""
    active: dict[tuple[str, int | None], str] = {}
    rows = db.execute(
        "SELECT code, seat, json_extract(detail, '$.tilt'), json_extract(detail, '$.detail') FROM events "
        "WHERE code IN (?, ?) ORDER BY id",
        [int(EventCode.TILT), int(EventCode.TILT_CLEARED)],
    )
    for code, seat, kind, text in rows:
        if kind is None:
            continue
        if code == EventCode.TILT:
            active.setdefault((str(kind), seat), str(text or ""))
        else:
            active.pop((str(kind), seat), None)
    return [(kind, seat, text) for (kind, seat), text in active.items()]


def last_config_hash(db: sqlite_utils.Database) -> str | None:
    """The ``config_sha256`` of the newest event recording one (a change, a baseline, an acceptance)."""
    row = db.execute(
        "SELECT json_extract(detail, '$.config_sha256') FROM events WHERE code IN (?, ?, ?) "
        "AND coalesce(json_extract(detail, '$.config_sha256'), '') != '' ORDER BY id DESC LIMIT 1",
        [int(EventCode.CONFIG_CHANGE), int(EventCode.CONFIG_BASELINE), int(EventCode.CONFIG_ACCEPTED)],
    ).fetchone()
    return None if row is None else str(row[0])


def last_setting(db: sqlite_utils.Database, key: str) -> tuple[Any, bool] | None:
    """The value the newest ``CONFIG_CHANGE`` touching ``key`` gave it, and whether it has a second user."""
    row = db.execute(
        "SELECT json_extract(detail, ?), json_extract(detail, '$.second_user') FROM events WHERE code = ? "
        "AND json_extract(detail, ?) IS NOT NULL ORDER BY id DESC LIMIT 1",
        [f'$.after."{key}"', int(EventCode.CONFIG_CHANGE), f'$.after."{key}"'],
    ).fetchone()
    return None if row is None else (row[0], bool(row[1]))


def pin_states(db: sqlite_utils.Database) -> dict[str, str]:
    """The detail of the latest ``SERVICE_PIN`` event of every user id: the wrong-PIN counts and lockouts
    a restart restores (what the service screen and the command line both go by)."""
    rows = db.execute(
        "SELECT json_extract(detail, '$.user'), detail FROM events WHERE id IN (SELECT MAX(id) FROM events "
        "WHERE code = ? GROUP BY json_extract(detail, '$.user'))",
        [int(EventCode.SERVICE_PIN)],
    )
    return {str(user): str(detail) for user, detail in rows if user is not None}


def revocation_numbers(db: sqlite_utils.Database) -> dict[str, int]:
    """Per table CA (``ca`` in the detail), the highest revocation list number the table enforced
    (``LINK_REVOCATIONS``) or ``terminal keys`` wrote (``LINK_KEYS``): a list numbered lower is a rollback."""
    rows = db.execute(
        "SELECT json_extract(detail, '$.ca'), MAX(CAST(json_extract(detail, '$.number') AS INTEGER)) "
        "FROM events WHERE code IN (?, ?) AND json_extract(detail, '$.ca') IS NOT NULL "
        "AND json_extract(detail, '$.number') IS NOT NULL GROUP BY 1",
        [int(EventCode.LINK_REVOCATIONS), int(EventCode.LINK_KEYS)],
    )
    return {str(ca): int(number) for ca, number in rows}


def newest_detail(db: sqlite_utils.Database, codes: tuple[EventCode, ...]) -> dict[str, Any] | None:
    """The detail of the newest event of any of ``codes`` (``None`` when there is none)."""
    marks = ", ".join("?" for _ in codes)
    row = db.execute(
        f"SELECT detail FROM events WHERE code IN ({marks}) ORDER BY id DESC LIMIT 1", [int(c) for c in codes]
    ).fetchone()
    if row is None:
        return None
    detail: dict[str, Any] = json.loads(row[0] or "{}")
    return detail


def last(db: sqlite_utils.Database, code: EventCode) -> Event | None:
    """The most recent event of ``code``."""
    found = read(db, code=code, limit=1)
    return found[0] if found else None
