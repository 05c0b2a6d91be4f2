"""The ROM signature of long poll 21: the SAS CRC-16, started at the host's seed, over the program.

The program is the files the signed manifest lists (``[lab] manifest_path``), in the manifest's order,
those of the install root (the runtime's ``@site`` files are the interpreter's, not the table's); a
development build without a manifest signs the covered files installed now, in path order. Each file's
bytes are read as they are on disk now, so a changed file changes the signature the host sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from terminal.sas.crc import crc16_fast
from terminal.software.manifest import ROOT, SITE_PREFIX, installed_files, parse_manifest


def program_files(manifest: Path | None, root: Path = ROOT) -> tuple[Path, ...]:
    """The files the signature covers, in order."""
    if manifest is not None and manifest.exists():
        entries, _, _ = parse_manifest(manifest.read_text(encoding="utf-8"))
        return tuple(root / path for path, _ in entries if not path.startswith(SITE_PREFIX))
    return tuple(root / path for path in installed_files(root))


def signature(files: Sequence[Path], seed: int) -> int:
    """The CRC-16 of the files' bytes one after another, from ``seed``; a missing file counts as empty."""
    crc = seed & 0xFFFF
    for path in files:
        try:
            crc = crc16_fast(path.read_bytes(), crc)
        except FileNotFoundError:
            continue
    return crc
