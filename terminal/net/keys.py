"""The key store: one 32-byte secret per client (seat, display, service screen, the SAS process), provisioned
on first run.

The file holds one ``client-id hex-key`` line per client and is created with mode 0600; a store that
group or others can read is refused, because anyone who reads it can forge that seat's messages. Keys
for clients added later (more seats in ``kiosk.cfg``) are provisioned on the next start; existing keys
never change.

>>> client_ids(2)
('seat-1', 'seat-2', 'display', 'service', 'sas')
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from terminal.net.session import KEY_SIZE

_LINE = re.compile(r"(?P<client>[a-z0-9][a-z0-9_\-]{0,31}) (?P<key>[0-9a-f]{64})")
_HEADER = "# seat protocol keys: one 'client-id hex-key' per line; keep this file mode 0600\n"


class KeyStoreError(ValueError):
    """A key store that is unreadable, malformed, or readable by others."""


def client_ids(seats: int) -> tuple[str, ...]:
    """Every client that needs a key: the seats, the table display, the service screen and the SAS process
    (``terminal sas run``, which tells the controller what the casino system said: docs/sas.md)."""
    return (*(f"seat-{n}" for n in range(1, seats + 1)), "display", "service", "sas")


def load_keys(path: Path) -> dict[str, bytes]:
    """Read a key store, refusing one that group or others may read."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyStoreError(f"{path}: cannot read the key store: {exc}") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyStoreError(f"{path}: key store has mode {stat.S_IMODE(mode):o}; it must be 600 (chmod 600)")
    keys: dict[str, bytes] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        match = _LINE.fullmatch(line.strip())
        if match is None:
            raise KeyStoreError(f"{path}:{number}: expected 'client-id 64-hex-digits', got {line[:40]!r}")
        if match["client"] in keys:
            raise KeyStoreError(f"{path}:{number}: client {match['client']!r} appears twice")
        keys[match["client"]] = bytes.fromhex(match["key"])
    return keys


def write_keys(path: Path, keys: Mapping[str, bytes]) -> None:
    """Write the store atomically: a new 0600 file, flushed, then renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(path.name + ".new")
    temp.unlink(missing_ok=True)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(_HEADER + "".join(f"{client} {key.hex()}\n" for client, key in keys.items()))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


def provision_keys(
    path: Path, clients: Iterable[str], entropy_source: Callable[[int], bytes]
) -> dict[str, bytes]:
    """Load the store, adding a fresh key for every client that has none (creating the file if needed)."""
    keys = load_keys(path) if path.exists() else {}
    missing = [client for client in clients if client not in keys]
    for client in missing:
        key = entropy_source(KEY_SIZE)
        if len(key) != KEY_SIZE:
            raise KeyStoreError(f"entropy source gave {len(key)} bytes, expected {KEY_SIZE}")
        keys[client] = key
    if missing or not path.exists():
        write_keys(path, keys)
    return keys
