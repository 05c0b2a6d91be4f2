"""Program storage read-only (GLI-11 item 56): the table refuses to start when it can write its own program.

The program is the install root's ``boot/``, ``rng/``, ``terminal/`` and ``assets/``, the virtual
environment it runs in, the signed manifest and the maker's trusted key. The data (ledgers, keys, the
install log, ``var/``) lives apart, under ``[table] data_dir`` (``--data DIR``). At boot every program
file and folder is checked; the first one the table's own user could write is named in one line and the
table stays closed, except on a demo table (``[devices] kind = simulated``) or in a development checkout
(``[lab] verify_at_boot = auto`` with no manifest), where it is a warning (logged, and shown at start).

Whether a path is writable is read from its mode bits and ownership, as the kernel grants a process that
is not root: the owner's ``w`` if the process owns it, else the group's if it is in the file's group,
else everyone's. ``os.access`` is not used: for root it says yes to every file (root writes whatever the
modes say), which would also make the check untestable under a root test runner. So a table run as root
is refused outright outside a demo table or a checkout: root can write its program whatever the modes.
A read-only mount makes everything under it read-only, whoever asks.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROGRAM_FOLDERS = ("boot", "rng", "terminal", "assets")


@dataclass(frozen=True, slots=True)
class Identity:
    """Who would write: a user id and its groups."""

    uid: int
    gids: frozenset[int]

    @classmethod
    def current(cls) -> Identity:
        return cls(os.geteuid(), frozenset({os.getegid(), *os.getgroups()}))


@dataclass(frozen=True, slots=True)
class Finding:
    """The verdict: the first writable program path (``None``: all read-only), why it is writable, and
    where that is only a warning (``"a demo table"``, ``"a development checkout"``; ``""``: refused)."""

    path: Path | None
    reason: str = ""
    allowed_on: str = ""

    @property
    def refused(self) -> bool:
        return self.path is not None and not self.allowed_on

    def line(self) -> str:
        """The one line that names the path (empty when nothing is writable)."""
        if self.path is None:
            return ""
        verdict = f"allowed on {self.allowed_on} only" if self.allowed_on else "the table stays closed"
        return (
            f"program storage is writable: {self.path} ({self.reason}); {verdict}: the program must be "
            "read-only to the table's user (docs/install.md)"
        )


def program_paths(
    manifest: Path, trusted_key: Path, root: Path = ROOT, prefix: Path | None = None
) -> list[Path]:
    """The program's files and folders: the install root's folders, the venv, the manifest and key."""
    paths = [root / name for name in PROGRAM_FOLDERS]
    venv = prefix if prefix is not None else Path(sys.prefix)
    if prefix is not None or sys.prefix != sys.base_prefix:
        paths.append(venv)
    return [*paths, manifest, trusted_key]


def writable(info: os.stat_result, who: Identity) -> bool:
    """Whether ``who`` (not root) may write a file of this mode and ownership."""
    if info.st_uid == who.uid:
        return bool(info.st_mode & stat.S_IWUSR)
    if info.st_gid in who.gids:
        return bool(info.st_mode & stat.S_IWGRP)
    return bool(info.st_mode & stat.S_IWOTH)


def _read_only_mount(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _walk(path: Path) -> Iterator[Path]:
    """``path`` and, for a folder, everything under it (symbolic links are not followed)."""
    yield path
    if path.is_dir() and not path.is_symlink():
        for folder, dirs, files in os.walk(path):
            dirs.sort()
            for name in (*sorted(dirs), *sorted(files)):
                yield Path(folder) / name


def first_writable(paths: Iterable[Path], who: Identity) -> Path | None:
    """The first of ``paths`` (or anything under one) that ``who`` could write; ``None`` if none."""
    for top in paths:
        if not top.exists() or _read_only_mount(top):
            continue
        for path in _walk(top):
            try:
                info = path.lstat()
            except OSError:
                continue
            if stat.S_ISLNK(info.st_mode):
                continue  # a link's own mode means nothing; what it points to is checked where it lives
            if writable(info, who):
                return path
    return None


def check(kind: str, verify_at_boot: str, manifest: Path, trusted_key: Path, *,
          who: Identity | None = None, root: Path = ROOT, prefix: Path | None = None) -> Finding:  # fmt: skip
    """The program-storage verdict for a table whose devices are ``kind`` and whose boot check is
    ``verify_at_boot`` (see the module docstring)."""
    who = who or Identity.current()
    checkout = verify_at_boot == "auto" and not manifest.exists()
    allowed = "a demo table" if kind == "simulated" else "a development checkout" if checkout else ""
    paths = program_paths(manifest, trusted_key, root, prefix)
    if who.uid == 0:  # root writes whatever the modes say: only a read-only mount stops it
        found = next((p for p in paths if p.exists() and not _read_only_mount(p)), None)
        return Finding(found, "the table runs as root", allowed)
    path = first_writable(paths, who)
    return Finding(path, f"writable by user {who.uid}", allowed)
