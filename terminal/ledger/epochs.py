"""Epochs: a RAM clear archives the ledger file and its chain heads, then starts afresh with meters at zero.

The archive keeps the database as it was (checkpointed, so it is one self-contained file) next to a heads
file: every chain's last id and tag, sealed with the chain key, so the archived epoch can be verified on its
own later. The new epoch's first row names the archive and the digest of its heads, chaining epoch to epoch.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import sqlite_utils

from terminal.ledger.chain import Chain, Head, Mac
from terminal.ledger.errors import EpochError
from terminal.ledger.records import Actor


def current(db: sqlite_utils.Database) -> int:
    """The epoch this ledger records (0 before its first epoch row)."""
    row = db.execute("SELECT max(number) FROM epochs").fetchone()
    return int(row[0] or 0)


def start(chain: Chain, time: str, number: int, archive: str | None, heads_digest: str | None,
          users: tuple[Actor, Actor] | None) -> None:  # fmt: skip
    """Append the first row of epoch ``number`` (inside a transaction)."""
    first, second = users if users else (None, None)
    chain.append(
        "epochs",
        [(number, time, archive, heads_digest, first.name if first else None, first.role if first else None,
          second.name if second else None, second.role if second else None)],
    )  # fmt: skip


def heads_document(heads: dict[str, Head], key: bytes, epoch: int) -> str:
    """The sealed heads file of an archived epoch (JSON)."""
    body = {"epoch": epoch, "heads": {t: [h.last_id, h.tag.hex()] for t, h in sorted(heads.items())}}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return json.dumps({**body, "mac": Mac(key)(b"archive|", text.encode()).hex()}, sort_keys=True, indent=1)


def archive(db_path: Path, archive_dir: Path, epoch: int, label: str, heads_text: str) -> tuple[Path, str]:
    """Copy the closed database and write its heads file to ``archive_dir``; returns (copy, digest)."""
    archive_dir.mkdir(parents=True, exist_ok=True)
    target = archive_dir / f"ledger-epoch-{epoch:04d}-{label}.sqlite"
    if target.exists():
        raise EpochError(f"archive {target} already exists; refusing to overwrite it")
    shutil.copyfile(db_path, target)
    heads_path = target.with_suffix(".heads.json")
    heads_path.write_text(heads_text, encoding="utf-8")
    for written in (target, heads_path):
        with open(written, "rb") as handle:
            os.fsync(handle.fileno())
    return target, hashlib.sha256(heads_text.encode()).hexdigest()


def remove_database(db_path: Path) -> None:
    """Delete the database file and its WAL companions (after they have been archived)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)


def check_users(first: Actor, second: Actor) -> None:
    """A RAM clear needs two different people."""
    if first.name == second.name:
        raise EpochError(f"a RAM clear needs two different users, not {first.name} twice")
