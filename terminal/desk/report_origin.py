"""What an end-of-day report is of: the provenance printed on its every page and in its CSV.

The table id, venue and currency come from the configuration; the software version from the installed
package; the manifest's fingerprint is the SHA-256 of the signed manifest ``[lab] manifest_path`` (or says
there is none: a development build); the verification result is the caller's, made just before.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from importlib import metadata

from terminal.config import Config
from terminal.ledger.dayreport import Provenance
from terminal.ledger.records import stamp

PACKAGE = "automated-gaming-table"


def software_version() -> str:
    """The installed program's version."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown (not installed as a package)"


def manifest_fingerprint(c: Config) -> str:
    """The SHA-256 of the signed manifest, in groups of four, or why there is none."""
    path = c.lab.manifest_path
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return f"none at {path.name} (a development build, not verified)"
    except OSError as failed:
        return f"unreadable ({failed.strerror or failed})"
    return "SHA-256 " + " ".join(digest[i : i + 4] for i in range(0, 32, 4)) + " …"


def provenance(c: Config, verification: str, now: datetime) -> Provenance:
    """The provenance of a report made at ``now`` of this table's ledger."""
    return Provenance(
        venue=c.table.venue, table_id=c.table.table_id, currency=c.money.currency, generated=stamp(now),
        software=software_version(), manifest=manifest_fingerprint(c), verification=verification,
    )  # fmt: skip
