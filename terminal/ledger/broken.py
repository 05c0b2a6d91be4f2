"""The RAM clear of a ledger that cannot verify: archive the broken file as it is, start the next epoch.

A table refuses to open a ledger whose chain does not verify (or which SQLite cannot even read), so the
service screen's RAM clear cannot reach it. This is the same two-person act from the command line
(``terminal ledger ram-clear``): the database and its write-ahead log are copied byte for byte into the
archive folder with a note (why it was refused, both users, when, the SHA-256 of each file copied), then
removed, and a fresh database starts the next epoch. Its first rows are the epoch row naming the archive
and the note's digest, and a ``RAM_CLEAR`` event with ``broken: true``, both users and the finding. The
high-water mark then follows the new database. Nothing of the broken file's money is read for the new
epoch: it is what the archive and the last end-of-day report say, for the operator and the regulator to
settle. Only its service lockouts are carried over, and only to make them stricter (below).

The two PINs count toward the service lockout as ``terminal ledger adopt``'s do: the broken file cannot
record them, so each change is kept sealed in ``ledger.pins`` beside the mark
(:mod:`terminal.ledger.adopt_pins`) and the clear chains those states into the new epoch (before its
``RAM_CLEAR``), where the service screen restores them. What the broken file still says of the counts
(:func:`pin_states`) may only make a count stricter, never reset it: at the PIN checks, and again at the
clear, which carries every user's stricter state into the new epoch, whether or not anyone typed that id
(a RAM clear must not hand a locked-out id fresh tries).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from terminal.ledger import adopt_pins, epochs, events, highwater, schema
from terminal.ledger.chain import Chain
from terminal.ledger.errors import EpochError, LedgerError, storage_errors
from terminal.ledger.events import EventCode
from terminal.ledger.records import Actor, stamp
from terminal.ledger.verify import snapshot, verify


def finding(path: Path, key: bytes, mark_file: Path) -> str | None:
    """Why a table would refuse the ledger (its chain, its mark, or the file itself), or ``None``."""
    try:
        with storage_errors(path, "read"), schema.open_readonly(path) as db, snapshot(db):
            found = verify(db, key)
            return found.first_bad or highwater.examine(db, highwater.load(mark_file, key), mark_file)
    except (LedgerError, sqlite3.DatabaseError) as failed:
        return str(failed)


def pin_states(path: Path) -> dict[str, dict[str, object]]:
    """The last well-formed ``SERVICE_PIN`` state of each user id the broken file still holds (``{}`` when
    it cannot be read): the counts a clear starts from when they are stricter than those kept beside the
    mark."""
    try:
        with schema.open_readonly(path) as db:
            found = events.pin_states(db)
    except (LedgerError, sqlite3.DatabaseError, OSError):  # unreadable, garbage, no events table
        return {}
    states: dict[str, dict[str, object]] = {}
    for user, text in found.items():
        try:
            detail = json.loads(text)
            until = detail.get("locked_until")
            if until is not None:
                datetime.fromisoformat(str(until))
            if isinstance(detail["failures"], int) and detail["user"] == user:
                states[user] = detail
        except (ValueError, TypeError, KeyError, AttributeError):  # a row the break may have mangled
            continue
    return states


def stricter_states(
    broken: Mapping[str, Mapping[str, object]], kept: Mapping[str, Mapping[str, object]]
) -> dict[str, dict[str, object]]:
    """Per user id of either, the more failures and the later lockout of the two (``kept``'s client): a
    count kept beside the mark or still in the broken file is never lost, nor made any milder."""
    merged: dict[str, dict[str, object]] = {}
    for user in sorted({*broken, *kept}):
        found = [dict(states[user]) for states in (kept, broken) if user in states]
        until = [str(s["locked_until"]) for s in found if s.get("locked_until")]
        latest = max(until, key=_instant, default=None)
        failures = max(int(str(s["failures"])) for s in found)
        merged[user] = found[0] | {"failures": failures, "locked_until": latest}
    return merged


def _instant(stamp: str) -> datetime:
    """An ISO time as an instant (one without an offset is UTC, as every ledger time is)."""
    found = datetime.fromisoformat(stamp)
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


def epoch_of(path: Path, key: bytes, mark_file: Path | None) -> int:
    """The epoch the broken ledger was in: its high-water mark's, else its own epochs table's, else 0."""
    try:
        mark = highwater.load(mark_file, key) if mark_file is not None else None
    except (LedgerError, OSError, ValueError):
        mark = None
    if mark is not None and mark.epoch:
        return mark.epoch
    try:
        with schema.open_readonly(path) as db:
            return int(db.execute("SELECT coalesce(max(number), 0) FROM epochs").fetchone()[0])
    except (LedgerError, sqlite3.DatabaseError, OSError):  # unreadable, garbage, no such table
        return 0


def archive_broken(
    path: Path, archive_dir: Path, epoch: int, label: str, note: dict[str, object]
) -> tuple[Path, str]:
    """Copy the database and its log into ``archive_dir`` with a note; returns (copy, the note's digest)."""
    archive_dir.mkdir(parents=True, exist_ok=True)
    target = archive_dir / f"ledger-epoch-{epoch:04d}-{label}-broken.sqlite"
    if target.exists():
        raise EpochError(f"archive {target} already exists; refusing to overwrite it")
    copies: dict[str, str] = {}
    for suffix in ("", "-wal"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            copy = Path(f"{target}{suffix}")
            shutil.copyfile(source, copy)
            copies[copy.name] = hashlib.sha256(copy.read_bytes()).hexdigest()
            _sync(copy)
    text = json.dumps(note | {"files": copies}, sort_keys=True, indent=1)
    note_path = target.with_suffix(".broken.json")
    note_path.write_text(text, encoding="utf-8")
    _sync(note_path)
    return target, hashlib.sha256(text.encode()).hexdigest()


def _sync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def clear(path: Path, key: bytes, archive_dir: Path, mark_file: Path | None, why: str,
          users: tuple[Actor, Actor], *, now: datetime, checkpoint_rows: int = 10_000) -> Path:  # fmt: skip
    """Archive the broken ledger at ``path`` and start the next epoch on a fresh one; returns the archive."""
    first, second = users
    epochs.check_users(first, second)
    kept = adopt_pins.load(mark_file, key) if mark_file is not None else {}  # a forged file stops it here
    states = stricter_states(pin_states(path), kept)
    number = epoch_of(path, key, mark_file)
    time = stamp(now)
    label = time.replace(":", "").replace("-", "").replace(".", "")
    note = {"epoch": number, "finding": why, "time": time, "user": first.name, "role": first.role,
            "second_user": second.name, "second_role": second.role}  # fmt: skip
    target, digest = archive_broken(path, archive_dir, number, label, note)
    if mark_file is not None:  # the mark waits, unbound, for the new database
        highwater.write(mark_file, highwater.Mark("", number + 1, {}), key)
    epochs.remove_database(path)
    db = schema.open_database(path)
    chain = Chain(db, key, checkpoint_rows)
    with chain.transaction(time):
        epochs.start(chain, time, number + 1, str(target), digest, (first, second))
        for state in states.values():  # the counts the service screen restores
            events.log(chain, time, EventCode.SERVICE_PIN, detail=state)
        detail = {"archive": str(target), "note_sha256": digest, "previous_epoch": number, "broken": True,
                  "finding": why[:300], "second_user": second.name, "second_role": second.role}  # fmt: skip
        events.log(chain, time, EventCode.RAM_CLEAR, actor=first, detail=detail)
    if mark_file is not None:
        highwater.write(mark_file, highwater.current(db, chain.heads, number + 1), key)
        adopt_pins.remove(mark_file)
    db.close()
    return target
