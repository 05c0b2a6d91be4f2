"""The ratchet's gate in the launcher: on a ledger that has run verified software, no less runs at all.

The table's boot judges every start against what its ledger trusts (``terminal.table.ratchet``), but that
judgement is code of the program it judges: a program that runs because its manifest was deleted (under
``verify_at_boot = auto``), or because it was re-signed with another key, could leave it out. So the
launcher asks the ledger first, before anything of the program runs, with the standard library only:

- :func:`trusted_key` reads, read-only, the fingerprint of the newest ``SOFTWARE_TRUSTED`` (450) or
  ``SOFTWARE_INSTALL`` (451) event of the ledger ``[ledger] path`` names (``None``: a development ledger that
  never ran a verified program, or no ledger);
- :func:`gate`: with a trusted key, the check runs as ``always`` whatever ``verify_at_boot`` says (a
  missing manifest fails), and a check that passes under another key fails too, naming both
  fingerprints, except for the install act itself (``terminal verify accept-install``), which must still
  pass the check under the key it accepts.

A launcher that cannot read the ledger (no file, not a ledger, locked) gates nothing: the boot's judgement
then stands alone. The ledger's rows are not verified here (that needs the chain's key and the program):
the gate only ever makes the check stricter, never skips it.

>>> gate("auto", None, "verify")
('auto', None)
>>> gate("never", "ab12", "run")
('always', 'ab12')
"""

from __future__ import annotations

import configparser
import json
import sqlite3
from pathlib import Path

from terminal.software.boot import BootCheck

#: ``EventCode.SOFTWARE_TRUSTED`` and ``SOFTWARE_INSTALL`` (a test holds them to the ledger's).
TRUST_CODES = (450, 451)
LEDGER_DEFAULT = "var/ledger.sqlite"  # ``[ledger] path``'s default (a test holds it to the schema's)
ACCEPT = "accept-install"


def ledger_path(config: Path, data: Path | None = None) -> Path:
    """``[ledger] path`` of ``config`` (its default when unsaid or unreadable): a relative one under the
    data folder (``data``: ``--data``; else ``[table] data_dir``, relative to the config's folder; else
    that folder), as ``terminal.config`` resolves it."""
    reader = configparser.ConfigParser(interpolation=None, strict=False, delimiters=("=",))
    text, folder = LEDGER_DEFAULT, ""
    try:
        reader.read_string(config.read_text(encoding="utf-8"), str(config))
        text = reader.get("ledger", "path", fallback=LEDGER_DEFAULT).strip() or LEDGER_DEFAULT
        folder = reader.get("table", "data_dir", fallback="").strip()
    except (OSError, UnicodeDecodeError, configparser.Error):
        pass
    base = config.resolve().parent
    home = data.resolve() if data is not None else base / folder if folder else base
    return Path(text) if Path(text).is_absolute() else home / text


def trusted_key(ledger: Path) -> str | None:
    """The fingerprint the ledger at ``ledger`` last trusted, or ``None`` (see the module docstring)."""
    if not ledger.is_file():
        return None
    try:
        db = sqlite3.connect(f"{ledger.resolve().as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            row = db.execute(
                "SELECT detail FROM events WHERE code IN (?, ?) ORDER BY id DESC LIMIT 1", TRUST_CODES
            ).fetchone()
        finally:
            db.close()
        found = None if row is None else json.loads(row[0]).get("fingerprint")
    except (sqlite3.Error, ValueError, AttributeError, TypeError):
        return None
    return str(found) if found else None


def gate(mode: str, trusted: str | None, command: str) -> tuple[str, str | None]:
    """The mode the launcher checks in, and the key fingerprint a passing check must have (``None``: any)."""
    if trusted is None:
        return mode, None
    return "always", None if command == ACCEPT else trusted


def judged(result: BootCheck, required: str | None) -> BootCheck:
    """``result``, failed when it passed under another key than ``required``."""
    if required is None or result.status != "pass" or result.key == required:
        return result
    detail = (f"[lab] trusted_key holds another key than the one this table's ledger trusts ({required});"
              " two people accept an install: `terminal verify accept-install --admin ID --second ID`")
    return BootCheck("fail", detail, result.files, result.key)
