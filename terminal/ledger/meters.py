"""The meters of TERMINAL.md §2: 64-bit, never reset, moved in the same transaction as their event.

Meters are a cache of the journal: :func:`recompute` derives every one of them again from the journal,
wagers, results, settlements and events, and :func:`audit` lists where the stored ones disagree. The
``meters`` table refuses a value that is negative or no longer a 64-bit integer (SQLite turns an
overflowing sum into a real), so an overflow refuses the whole transaction.

>>> sorted(wager_meters("roulette", "straight", "standard", 500).items())[:3]
[('game:roulette:count', 1), ('game:roulette:wagered', 500), ('paytable:roulette:straight:standard:count', 1)]
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Mapping

import sqlite_utils

from terminal.ledger import accounts
from terminal.money import check_amount

#: The event code of a door opening (``events.EventCode.DOOR_OPEN``), counted by ``door_opens``.
DOOR_OPEN_CODE = 200  # a literal, so meters need not import events; tests check they agree


#: Meters roll over at this many decimal digits unless the ledger sets another width (``[ledger]
#: meter_digits``): a meter of 9,999,999,999 moved on by 2 reads 1, as an electromechanical meter would.
DEFAULT_DIGITS = 10
_MOD = f"coalesce((SELECT modulus FROM meter_width WHERE id = 1), {10**DEFAULT_DIGITS})"


def set_width(db: sqlite_utils.Database, digits: int) -> None:
    """Meters of this database roll over at ``digits`` decimal digits (6 to 18)."""
    if not 6 <= digits <= 18:
        raise ValueError(f"meter width must be 6 to 18 digits, got {digits}")
    with db.conn:
        db.execute("INSERT OR REPLACE INTO meter_width (id, modulus) VALUES (1, ?)", [10**digits])


def modulus(db: sqlite_utils.Database) -> int:
    """Where the meters roll over: 10 ** digits."""
    try:
        row = db.execute("SELECT modulus FROM meter_width WHERE id = 1").fetchone()
    except sqlite3.OperationalError:  # a ledger from before the width was recorded, opened read-only
        row = None
    return int(row[0]) if row else 10**DEFAULT_DIGITS


def bump(db: sqlite_utils.Database, deltas: Mapping[str, int]) -> None:
    """Add ``deltas`` to the meters (inside the transaction of the event that moves them), each rolling
    over at the ledger's width."""
    rows = [(name, check_amount(delta)) for name, delta in sorted(deltas.items()) if delta]
    db.conn.executemany(
        f"INSERT INTO meters (name, value) VALUES (?, ? % {_MOD}) "
        # A sum past 64 bits (only a stored value far beyond any width) turns real in SQLite: -1 then,
        # which the table's CHECK refuses, so the whole transaction is refused rather than wrapped wrongly.
        f"ON CONFLICT(name) DO UPDATE SET value = CASE WHEN typeof(value + excluded.value) = 'integer' "
        f"THEN (value + excluded.value) % {_MOD} ELSE -1 END",
        rows,
    )


def reverse(db: sqlite_utils.Database, deltas: Mapping[str, int]) -> None:
    """Take ``deltas`` back off the meters (a withdrawn wager): back across the roll-over if it passed it."""
    rows = [(check_amount(delta), name) for name, delta in sorted(deltas.items()) if delta]
    back = f"UPDATE meters SET value = (value - ? % {_MOD} + {_MOD}) % {_MOD} WHERE name = ?"
    db.conn.executemany(back, rows)


def read(db: sqlite_utils.Database) -> dict[str, int]:
    """Every meter, by name."""
    return dict(db.execute("SELECT name, value FROM meters ORDER BY name"))


def _per_wager(game: str, kind: str, paytable: str, what: str, amount: int) -> dict[str, int]:
    return {
        what: amount,
        f"game:{game}:{what}": amount,
        f"wager:{game}:{kind}:{what}": amount,
        f"paytable:{game}:{kind}:{paytable}:{what}": amount,
    }


def by_wager(metered: Mapping[str, int]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(game, wager kind) → (wagered, won, count), read from the per-wager meters: actual RTP per wager."""
    found: dict[tuple[str, str], tuple[int, int, int]] = {}
    for name, wagered in metered.items():
        scope, _, rest = name.partition(":")
        game, _, tail = rest.partition(":")
        kind, _, what = tail.rpartition(":")
        if scope == "wager" and what == "wagered":
            won = metered.get(f"wager:{game}:{kind}:won", 0)
            found[game, kind] = (wagered, won, metered.get(f"wager:{game}:{kind}:count", 0))
    return found


def wager_meters(game: str, kind: str, paytable: str, stake: int, count: int = 1) -> dict[str, int]:
    """The meters a wager moves when it is placed: wagered and count, overall and per game/kind/paytable
    (``count`` wagers of that kind staking ``stake`` in all move them ``count`` times as far)."""
    moved = _per_wager(game, kind, paytable, "wagered", stake)
    counts = _per_wager(game, kind, paytable, "count", count)
    del counts["count"]
    return moved | counts


def won_meters(game: str, kind: str, paytable: str, returned: int) -> dict[str, int]:
    """The meters a settled wager moves: won (stake included), overall and per game/kind/paytable."""
    return _per_wager(game, kind, paytable, "won", returned)


def add(total: Counter[str], deltas: Mapping[str, int]) -> None:
    """Accumulate ``deltas`` into ``total`` (several wagers in one transaction)."""
    for name, delta in deltas.items():
        total[name] += delta


def recompute(db: sqlite_utils.Database, after: Mapping[str, int] | None = None) -> dict[str, int]:
    """Every meter derived again from the journal and the round records; with ``after`` (table → the last
    row id already accounted for), only what the rows after those moved: the meters' change since then."""
    last = dict(after or {})
    found: Counter[str] = Counter()
    _from_journal(db, found, after_txn=last.get("transactions", 0))
    # Summed by wager kind in SQL (the meters a wager moves are linear in its stake and its count): a
    # round of 200 wagers costs a few groups here, not 200 (every game's audit runs this).
    placed = (
        "SELECT game, kind, paytable, sum(stake), count(*) FROM wagers WHERE id > ? "
        "GROUP BY game, kind, paytable"
    )
    for game, kind, paytable, stake, count in db.execute(placed, [last.get("wagers", 0)]):
        moved = wager_meters(game, kind, paytable, stake, count)
        found.update({k: v for k, v in moved.items() if k != "wagered"})
    withdrawn = (  # a wager taken back comes off the meters it moved when it was placed
        "SELECT w.game, w.kind, w.paytable, sum(w.stake), count(*) FROM results r "
        "JOIN wagers w ON w.id = r.wager_id WHERE r.result = 'withdrawn' AND r.id > ? "
        "GROUP BY w.game, w.kind, w.paytable"
    )
    for game, kind, paytable, stake, count in db.execute(withdrawn, [last.get("results", 0)]):
        moved = wager_meters(game, kind, paytable, stake, count)
        found.subtract({k: v for k, v in moved.items() if k != "wagered"})
    query = (
        "SELECT w.game, w.kind, w.paytable, sum(r.returned) FROM results r "
        "JOIN wagers w ON w.id = r.wager_id WHERE r.result != 'withdrawn' AND r.id > ? "
        "GROUP BY w.game, w.kind, w.paytable"
    )
    for game, kind, paytable, returned in db.execute(query, [last.get("results", 0)]):
        found.update({k: v for k, v in won_meters(game, kind, paytable, returned).items() if k != "won"})
    query = (
        "SELECT r.game, t.memo FROM settlements s JOIN rounds r ON r.id = s.round_id "
        "JOIN transactions t ON t.id = s.txn_id WHERE s.id > ?"
    )
    for game, memo in db.execute(query, [last.get("settlements", 0)]):
        found["void_spins" if memo == "void" else "games_played"] += 1
        found[f"game:{game}:rounds"] += 1
    doors = "SELECT json_extract(detail, '$.door') FROM events WHERE code = ? AND id > ?"
    for (door,) in db.execute(doors, [DOOR_OPEN_CODE, last.get("events", 0)]):
        found.update(door_meters(door))
    return {name: value for name, value in found.items() if value}


def door_meters(door: str | None) -> dict[str, int]:
    """What one door opening moves: the total, and that door's own count (``door:main:opens``)."""
    return {"door_opens": 1} | ({f"door:{door}:opens": 1} if door else {})


def money_between(db: sqlite_utils.Database, start: str, end: str) -> dict[str, int]:
    """The money meters (cash, vouchers, wagered, won, hand-pays...) of transactions in ``[start, end)``."""
    found: Counter[str] = Counter()
    _from_journal(db, found, start, end)
    return dict(found)


def _from_journal(db: sqlite_utils.Database, found: Counter[str], start: str = "", end: str = "~",
                  after_txn: int = 0) -> None:  # fmt: skip
    query = (
        "SELECT t.kind, p.account, p.amount FROM postings p JOIN transactions t ON t.id = p.txn_id "
        "WHERE t.time >= ? AND t.time < ? AND t.id > ? ORDER BY p.id"
    )
    if after_txn:  # since a mark (every game's audit): the postings' index, not a scan of all of them
        query = query.replace("AND t.id > ?", "AND t.id > ? AND p.txn_id > ?")
        query = query.replace("FROM postings p", "FROM postings p INDEXED BY postings_txn")
    params = [start, end, after_txn, *([after_txn] if after_txn else [])]
    for kind, account, amount in db.execute(query, params):
        what = accounts.kind_of(account)
        if kind in ("wager", "withdraw") and what == "in_play":
            found["wagered"] += amount
        elif kind == "settle" and what == "credits":
            found["won"] += amount
        elif kind == "bill" and account == accounts.CASH_BOX:
            _count(found, "cash_in", -amount, "bills_in_count")
            _count(found, f"bill:{-amount}:value", -amount, f"bill:{-amount}:count")
        elif account == accounts.VOUCHER_LIABILITY and kind in _VOUCHER_METERS:
            _count(found, _VOUCHER_METERS[kind], abs(amount), _VOUCHER_METERS[kind] + "_count")
        elif account == accounts.FLOOR_VOUCHERS and kind == "voucher_in":  # another table's, paid here
            _count(found, "vouchers_in", -amount, "vouchers_in_count")
        elif account == accounts.HANDPAY:
            _count(found, "handpays", amount, "handpays_count")
        elif account == accounts.CANCELLED:
            _count(found, "cash_out", amount, "cash_out_count")
        elif account == accounts.AFT and kind in ("aft_in", "aft_out"):  # the casino system's transfers
            _count(found, kind, abs(amount), f"{kind}_count")
        elif account == accounts.SAS_TICKETS and kind == "voucher_in":  # the casino system's ticket
            _count(found, "vouchers_in", -amount, "vouchers_in_count")


_VOUCHER_METERS = {
    "voucher_out": "vouchers_out",
    "voucher_in": "vouchers_in",
    "voucher_void": "vouchers_voided",
}


def _count(found: Counter[str], name: str, amount: int, count: str) -> None:
    found[name] += amount
    found[count] += 1


def audit(db: sqlite_utils.Database) -> list[str]:
    """Every meter whose stored value differs from the journal's, as a sentence (empty when they agree)."""
    stored, width = read(db), modulus(db)
    derived = {name: value % width for name, value in recompute(db).items()}
    return [
        f"meter {name}: stored {stored.get(name, 0)}, journal gives {derived.get(name, 0)}"
        for name in sorted(set(stored) | set(derived))
        if stored.get(name, 0) != derived.get(name, 0)
    ]


def audit_journal(db: sqlite_utils.Database) -> list[str]:
    """Transactions whose postings do not sum to zero, and balances that differ from their postings."""
    findings = [
        f"transaction {txn}: postings sum to {total}"
        for txn, total in db.execute(
            "SELECT txn_id, sum(amount) FROM postings GROUP BY txn_id HAVING sum(amount) != 0"
        )
    ]
    posted = dict(db.execute("SELECT account, sum(amount) FROM postings GROUP BY account"))
    cached = accounts.all_balances(db)
    for account in sorted(set(posted) | set(cached)):
        if posted.get(account, 0) != cached.get(account, 0):
            findings.append(
                f"balance {account}: stored {cached.get(account, 0)}, postings give {posted.get(account, 0)}"
            )
    return findings
