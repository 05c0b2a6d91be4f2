"""The boot-time check of the installed program against the signed manifest, and its development policy.

``[lab] verify_at_boot`` decides what happens when files change all the time (development):

- ``auto`` (shipped): verify when the manifest ``[lab] manifest_path`` exists; without one the build is a
  development build, the table plays, and the event log says the software was *not* verified.
- ``always`` (a certified install): a missing manifest or public key is a failure like any other.
- ``never``: no check; the event log says so at every boot.

A failure names the first file that differs, is added or is missing (or the bad signature), and the
table tilts with it before any wager is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from terminal.software.manifest import PUBLIC_KEY, ROOT, ManifestError, load_public_key, verify

MODES = ("auto", "always", "never")


@dataclass(frozen=True, slots=True)
class BootCheck:
    """``status`` is ``pass``, ``fail`` or ``skipped``; ``detail`` says what was found."""

    status: str
    detail: str
    files: int = 0


def check(mode: str, manifest: Path, public_key: Path = PUBLIC_KEY, root: Path = ROOT) -> BootCheck:
    """Verify the installed program under ``root`` as ``mode`` asks."""
    if mode not in MODES:
        raise ValueError(f"verify_at_boot must be one of {', '.join(MODES)}, got {mode!r}")
    if mode == "never":
        return BootCheck("skipped", "software verification is off ([lab] verify_at_boot = never)")
    if not manifest.is_file():
        if mode == "auto":
            return BootCheck("skipped", f"no manifest at {manifest}: development build, not verified")
        return BootCheck("fail", f"no manifest at {manifest}")
    try:
        key = load_public_key(public_key)
        text = manifest.read_text(encoding="utf-8")
    except (OSError, ManifestError, UnicodeDecodeError) as bad:
        return BootCheck("fail", f"cannot verify: {bad}")
    finding = verify(text, key, root)
    if finding.problem is None:
        return BootCheck("pass", f"{finding.files} files match the signed manifest", finding.files)
    return BootCheck("fail", finding.problem, finding.files)
