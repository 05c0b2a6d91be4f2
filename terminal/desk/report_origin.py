"""What an end-of-day report is of: the provenance printed on its every page and in its CSV.

The table id, venue and currency come from the configuration; the software version, the manifest's
fingerprint and the games from the program's identity (:mod:`terminal.table.identity`); the verification
result is the caller's, made just before.
"""

from __future__ import annotations

from datetime import datetime

from terminal.config import Config
from terminal.ledger.dayreport import Provenance
from terminal.ledger.records import stamp
from terminal.table.identity import identity, manifest_fingerprint, software_version


def provenance(c: Config, verification: str, now: datetime) -> Provenance:
    """The provenance of a report made at ``now`` of this table's ledger."""
    return Provenance(
        venue=c.table.venue, table_id=c.table.table_id, currency=c.money.currency, generated=stamp(now),
        software=software_version(c), manifest=manifest_fingerprint(c), verification=verification,
        games=identity(c).summary(),
    )  # fmt: skip
