"""The chain's HMAC key: a file outside the database, created on first use with mode 0600.

The key is 32 random bytes from the injected entropy source. A key file that others can read, or of the
wrong length, is refused rather than used: a leaked key lets anyone forge the chain. A key that cannot be
written whole (a full disk) leaves no file behind: it is written to a temporary name, synced, then linked
into place, and a failure is one :class:`StorageError` naming the cause.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from terminal.ledger.errors import KeyFileError, StorageError, storage_cause

KEY_BYTES = 32


def load_or_create(path: Path, entropy: Callable[[int], bytes] = os.urandom) -> bytes:
    """The key at ``path``; created (0600, parents made) from ``entropy`` if there is no file yet."""
    if not path.exists():
        return _create(path, entropy(KEY_BYTES))
    return load(path)


def load(path: Path) -> bytes:
    """The existing key at ``path``; a missing, short or world-readable key file is refused."""
    if not path.exists():
        raise KeyFileError(f"no chain key at {path}; without it the ledger cannot be verified")
    mode = path.stat().st_mode & 0o777
    if mode & 0o077:
        raise KeyFileError(f"key file {path} has mode {mode:o}; it must be readable by its owner only (600)")
    key = path.read_bytes()
    if len(key) != KEY_BYTES:
        raise KeyFileError(f"key file {path} holds {len(key)} bytes; a chain key is {KEY_BYTES} bytes")
    return key


def _create(path: Path, key: bytes) -> bytes:
    """Write the key durably before anything may trust it: a temporary file (0600), fsync, linked into place
    (never over another process's key), fsync of the folder. If any step fails the key may never reach
    the disk, so nothing is left behind and the start is refused (:class:`StorageError`, one line)."""
    if len(key) != KEY_BYTES:
        raise KeyFileError(f"entropy source gave {len(key)} bytes for the key; {KEY_BYTES} needed")
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    linked = False
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            data = key
            while data:  # a short write is never taken for the whole key
                data = data[os.write(fd, data) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temporary, path)
        except FileExistsError:
            return load(path)  # another process created it first: use theirs
        linked = True
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError as failed:
        if linked:
            with contextlib.suppress(OSError):
                path.unlink()
        raise StorageError(f"chain key {path} could not be written: {storage_cause(failed)}") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()
    return key
