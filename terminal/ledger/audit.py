"""Memory checks: SQLite's own ``PRAGMA integrity_check`` and the meter and balance audit, incrementally.

``integrity`` runs ``PRAGMA integrity_check`` on the whole database (boot, a door closed) or only on the
tables a transaction rewrites in place (:data:`CACHES`: meters, balances, chain heads; every other table
is append-only), which takes a fraction of a millisecond after each settlement.

The meters and balances are caches of the journal. A full recomputation (``meters.audit``) reads every
row, seconds on a large ledger, so the table audits **since a mark**: an :class:`AuditMark` is the last
row id of each journal table with the meters and balances as they stood then, checked. The meters' change
since the mark must equal what the rows written since then move (``meters.recompute(after=...)``), every
transaction since must sum to zero, and each balance's change must equal its postings since. By
induction from a full audit, the meters agree with the whole journal. Marks are persisted as chained
``METER_AUDIT`` events, so a boot audits only since the last one.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import sqlite_utils

from terminal.ledger import accounts, meters

#: The tables a transaction updates in place (the chained ones are only ever appended to).
CACHES = ("meters", "balances", "heads")
#: The journal tables whose new rows the audit derives the meters and balances from.
AUDITED = ("transactions", "postings", "wagers", "results", "settlements", "events")


@dataclass(frozen=True, slots=True)
class AuditMark:
    """Where the last audit stood: the last row id of each audited table, the meters and the balances."""

    ids: dict[str, int]
    meters: dict[str, int]
    balances: dict[str, int]

    def to_json(self) -> dict[str, dict[str, int]]:
        """The mark as a ``METER_AUDIT`` event records it."""
        return {"ids": self.ids, "meters": self.meters, "balances": self.balances}

    @classmethod
    def from_json(cls, text: str) -> AuditMark:
        """A mark read back from its event's detail."""
        loaded = json.loads(text)
        return cls(dict(loaded["ids"]), dict(loaded["meters"]), dict(loaded["balances"]))


def integrity(db: sqlite_utils.Database, tables: Sequence[str] = ()) -> list[str]:
    """``PRAGMA integrity_check`` of the whole database, or of ``tables`` only: each problem SQLite names."""
    pragmas = [f"PRAGMA integrity_check({name})" for name in tables] or ["PRAGMA integrity_check"]
    found: list[str] = []
    for pragma in pragmas:
        try:
            rows = db.execute(pragma).fetchall()
        except sqlite3.DatabaseError as failed:  # so damaged that the check itself stops: a finding too
            found.append(f"integrity_check: {failed}")
            continue
        found += [f"integrity_check: {row[0]}" for row in rows if row[0] != "ok"]
    return found


def mark_now(db: sqlite_utils.Database) -> AuditMark:
    """The mark of the ledger as it is (call it only after it was audited)."""
    ids = {t: int(db.execute(f"SELECT coalesce(max(id), 0) FROM {t}").fetchone()[0]) for t in AUDITED}
    return AuditMark(ids, meters.read(db), accounts.all_balances(db))


def since(db: sqlite_utils.Database, mark: AuditMark) -> tuple[list[str], AuditMark]:
    """Every disagreement of the meters and balances with the journal since ``mark``, and the new mark."""
    now, width = mark_now(db), meters.modulus(db)
    if now.ids == mark.ids:  # no journal row since (a check before a game): the caches must not have moved
        return _unmoved(mark, now), now
    derived = meters.recompute(db, mark.ids)
    findings = [  # modulo the meters' width: a meter that rolled over moved by its change less the width
        f"meter {name}: moved {now.meters.get(name, 0) - mark.meters.get(name, 0)} since the last audit, "
        f"the journal gives {derived.get(name, 0)}"
        for name in sorted(set(now.meters) | set(mark.meters) | set(derived))
        if (now.meters.get(name, 0) - mark.meters.get(name, 0) - derived.get(name, 0)) % width
    ]
    unbalanced = (
        "SELECT txn_id, sum(amount) FROM postings WHERE txn_id > ? GROUP BY txn_id HAVING sum(amount) != 0"
    )
    findings += [
        f"transaction {txn}: postings sum to {total}"
        for txn, total in db.execute(unbalanced, [mark.ids.get("transactions", 0)])
    ]
    by_account = "SELECT account, sum(amount) FROM postings WHERE id > ? GROUP BY account"
    posted = dict(db.execute(by_account, [mark.ids.get("postings", 0)]))
    for account in sorted(set(now.balances) | set(mark.balances) | set(posted)):
        moved, due = now.balances.get(account, 0) - mark.balances.get(account, 0), posted.get(account, 0)
        if moved != due:
            findings.append(f"balance {account}: moved {moved} since the last audit, postings give {due}")
    return findings, now


def _unmoved(mark: AuditMark, now: AuditMark) -> list[str]:
    """No journal row was written since ``mark``: every meter and balance must read as it did then."""
    findings = [
        f"meter {name}: moved {now.meters.get(name, 0) - mark.meters.get(name, 0)} since the last audit, "
        "the journal gives 0"
        for name in sorted(set(now.meters) | set(mark.meters))
        if now.meters.get(name, 0) != mark.meters.get(name, 0)
    ]
    return findings + [
        f"balance {account}: moved {now.balances.get(account, 0) - mark.balances.get(account, 0)} since the "
        "last audit, postings give 0"
        for account in sorted(set(now.balances) | set(mark.balances))
        if now.balances.get(account, 0) != mark.balances.get(account, 0)
    ]
