"""The report an auditor reads (meters, balances, vouchers) and the CSV export of every table.

The summary states the conservation identity of the seats' credits, in minor units::

    seat_credits = cash_in + vouchers_in + won - wagered - cash_out - vouchers_out - handpays
                   + aft_in - aft_out

(``aft_in``/``aft_out``: the casino system's transfers from and to player accounts, SAS AFT; 0 when absent.)

``wagered`` counts every stake when placed and ``won`` everything settlement pays back to seats (stakes of
winning and pushed wagers included), so the identity holds at every committed instant.

>>> identity({"cash_in": 10, "vouchers_in": 0, "won": 5, "wagered": 8, "cash_out": 0,
...           "vouchers_out": 7, "handpays": 0, "seat_credits": 0})
(0, True)
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

import sqlite_utils

from terminal.ledger import accounts, meters, vouchers
from terminal.ledger.records import stamp

KEYS = (
    "cash_in",
    "cash_out",
    "vouchers_in",
    "vouchers_out",
    "wagered",
    "won",
    "in_play",
    "seat_credits",
    "handpays",
)
#: The casino system's transfers (SAS AFT): in the summary only once a table has had one.
AFT_KEYS = ("aft_in", "aft_out")


def summary(db: sqlite_utils.Database) -> dict[str, int]:
    """The report's totals: meters of this epoch and the current balances, all in minor units."""
    metered = meters.read(db)
    found = {key: metered.get(key, 0) for key in KEYS}
    found |= {key: metered[key] for key in AFT_KEYS if metered.get(key)}
    held = accounts.all_balances(db)
    found["in_play"] = sum(v for a, v in held.items() if accounts.kind_of(a) == "in_play")
    found["seat_credits"] = sum(v for a, v in held.items() if accounts.kind_of(a) == "credits")
    return found


def identity(totals: Mapping[str, int], width: int | None = None) -> tuple[int, bool]:
    """The right-hand side of the identity, and whether it equals ``seat_credits`` (modulo the meters'
    ``width`` when given: a meter that rolled over keeps the identity only modulo it)."""
    rhs = (
        totals["cash_in"] + totals["vouchers_in"] + totals["won"] - totals["wagered"] - totals["cash_out"]
        - totals["vouchers_out"] - totals["handpays"] + totals.get("aft_in", 0) - totals.get("aft_out", 0)
    )  # fmt: skip
    seats = totals["seat_credits"]
    return rhs, rhs == seats or (width is not None and (rhs - seats) % width == 0)


def vouchers_summary(db: sqlite_utils.Database, now: datetime) -> dict[str, int]:
    """Voucher counts of the whole epoch up to ``now``, and the outstanding ones."""
    return vouchers.end_of_day(db, "", stamp(now))


def export(db: sqlite_utils.Database, out_dir: Path) -> list[Path]:
    """Write ``<table>.csv`` for every table (tags and MACs in hex) into ``out_dir``; returns the files."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for table in db.table_names():
        target = out_dir / f"{table}.csv"
        cursor = db.execute(f"SELECT * FROM [{table}] ORDER BY rowid")
        with target.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow([c[0] for c in cursor.description])
            for row in cursor:
                writer.writerow([v.hex() if isinstance(v, bytes) else v for v in row])
        written.append(target)
    return written
