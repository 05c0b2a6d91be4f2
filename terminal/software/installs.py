"""The install and update log: every ``terminal verify make-manifest`` (an install) with its outcome.

One JSON line per install at ``[lab] install_log``: time (UTC), software version, the SHA-256 of the
manifest written (empty when none was), the result (``ok`` or ``failed: why``), who did it and how many
files the manifest lists. Each line also carries ``prev``, the SHA-256 of the line before it, so a line
edited or taken out breaks the links after it (:func:`read` says where). Service mode shows the last
ten; the file keeps every one.

Lines taken off the *end* leave a log whose links all hold, so the table's ledger keeps the log's length
and its last line's SHA-256 (:func:`mark`) at every install it records, and :func:`cut` says when the file
is shorter than that, or its line at that place is another (``terminal.table.ratchet``). Ledger creations
are lines too (``kind`` ``ledger``): a table that made a ledger once is known to have had one.

>>> import tempfile, pathlib
>>> log = pathlib.Path(tempfile.mkdtemp()) / "installs.jsonl"
>>> append(log, Install("2026-01-02T00:00:00Z", "0.1.0", "ab" * 32, "ok", "maker", 120))
>>> entries, problem = read(log)
>>> entries[0].who, entries[0].result, problem
('maker', 'ok', None)
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

KEPT_ON_SCREEN = 10


@dataclass(frozen=True, slots=True)
class Install:
    """One install: when, which version and manifest, how it went, by whom."""

    time: str
    version: str
    manifest_sha256: str
    result: str
    who: str
    files: int
    kind: str = "manifest"  # or "ledger": a ledger made on this table (``ledger`` names it)
    ledger: str = ""


def _digest(line: str) -> str:
    return hashlib.sha256(line.encode("utf-8")).hexdigest()


def _lines(path: Path) -> list[str]:
    try:
        return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except FileNotFoundError:
        return []


def append(path: Path, install: Install) -> None:
    """Add one install at the end of the log (made with mode 0600 on first use), flushed to disk."""
    lines = _lines(path)
    prev = _digest(lines[-1]) if lines else ""
    line = json.dumps(asdict(install) | {"prev": prev}, sort_keys=True, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(descriptor, "a", encoding="utf-8") as out:
        out.write(line + "\n")
        out.flush()
        os.fsync(out.fileno())


def read(path: Path) -> tuple[list[Install], str | None]:
    """Every install, oldest first, and the first broken link or unreadable line (``None`` if none)."""
    entries: list[Install] = []
    problem: str | None = None
    prev = ""
    for number, line in enumerate(_lines(path), 1):
        try:
            record = json.loads(line)
            link = record.pop("prev")
            entries.append(Install(**record))
        except (ValueError, TypeError, KeyError):
            problem = problem or f"{path.name} line {number} is not an install record"
            continue
        if link != prev and problem is None:
            problem = f"{path.name} line {number}: the line before it was changed or removed"
        prev = _digest(line)
    return entries, problem


def mark(path: Path) -> tuple[int, str]:
    """The log's length in lines and the SHA-256 of its last line ("" when empty), as the ledger keeps it."""
    lines = _lines(path)
    return len(lines), _digest(lines[-1]) if lines else ""


def cut(path: Path, lines: int, last_sha256: str) -> str | None:
    """Why the log is not the one whose :func:`mark` was ``(lines, last_sha256)`` extended at its end: lines
    taken off its end, or that line replaced (``None`` when it holds every line it held then)."""
    found = _lines(path)
    if len(found) < lines:
        return (f"{path.name} has {len(found)} lines but held {lines} when the ledger last recorded it: "
                f"its newest {lines - len(found)} were cut")  # fmt: skip
    if lines and _digest(found[lines - 1]) != last_sha256:
        return f"{path.name} line {lines} is not the line the ledger recorded there"
    return None


def last(path: Path, count: int = KEPT_ON_SCREEN) -> tuple[list[Install], str | None]:
    """The newest ``count`` installs, newest first, and the log's problem if it has one."""
    entries, problem = read(path)
    return list(reversed(entries[-count:])), problem
