"""Wrong-PIN counts of ``terminal ledger adopt``, kept beside the mark until an adoption chains them.

Adopting runs exactly when the database cannot be written to as the table's ledger (it is behind its
mark, or the mark does not follow it), yet a wrong PIN there must count toward the user's lockout as at
the service screen (``SERVICE_PIN`` events in the ledger). So each change of a count or lockout during
an adoption is kept in ``ledger.pins`` beside ``ledger.mark`` (written durably and sealed with an HMAC
under a key derived from the chain key, so it cannot be edited to fewer failures), and the adoption that
succeeds chains every state it holds into the adopted ledger as ``SERVICE_PIN`` events, then removes
the file. A forged or unreadable file is refused, never taken as "no failures".

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> save(folder / "ledger.mark", bytes(32), {"ada": {"user": "ada", "failures": 1}})
>>> load(folder / "ledger.mark", bytes(32))["ada"]["failures"]
1
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from terminal.ledger.errors import IntegrityError, StorageError, storage_cause
from terminal.ledger.highwater import write_durably

States = dict[str, dict[str, Any]]


def pins_path(mark_file: Path) -> Path:
    """Where the counts live: beside the mark (``ledger.mark`` → ``ledger.pins``)."""
    return mark_file.with_suffix(".pins")


def _seal(key: bytes, body: bytes) -> str:
    return hmac.digest(hmac.digest(key, b"terminal adopt pins v1", "sha256"), body, "sha256").hex()


def _body(states: Mapping[str, Mapping[str, Any]]) -> bytes:
    return json.dumps(states, sort_keys=True, separators=(",", ":")).encode()


def load(mark_file: Path, key: bytes) -> States:
    """Per user id, the last count and lockout an adoption recorded (``{}`` when there is no file)."""
    path = pins_path(mark_file)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as failed:
        raise StorageError(f"adopt PIN counts {path} could not be read: {storage_cause(failed)}") from None
    try:
        outer = json.loads(data)
        states = {str(user): dict(state) for user, state in outer["states"].items()}
        sealed = hmac.compare_digest(str(outer["mac"]), _seal(key, _body(states)))
    except (ValueError, KeyError, TypeError, AttributeError) as bad:
        raise IntegrityError(f"adopt PIN counts {path} are not valid: malformed ({bad})") from None
    if not sealed:
        raise IntegrityError(f"adopt PIN counts {path} are not valid: HMAC mismatch (the file was edited)")
    return states


def save(mark_file: Path, key: bytes, states: Mapping[str, Mapping[str, Any]]) -> None:
    """Replace the file with ``states``, durably and sealed."""
    body = _body(states)
    data = b'{"states":' + body + b',"mac":"' + _seal(key, body).encode() + b'"}\n'
    write_durably(pins_path(mark_file), data, "adopt PIN counts")


def remove(mark_file: Path) -> None:
    """Forget the file once its states are chained in the adopted ledger."""
    pins_path(mark_file).unlink(missing_ok=True)
