"""The check of the installed program against the signed manifest, its development policy, and its record.

``[lab] verify_at_boot`` decides what happens when files change all the time (development):

- ``auto`` (shipped): verify when the manifest ``[lab] manifest_path`` exists; without one the build is a
  development build, the table plays, and the event log says the software was *not* verified.
- ``always`` (a certified install): a missing manifest or public key is a failure like any other.
- ``never``: no check; the event log says so at every boot.

A failure names the first file that differs, is added or is missing (or the bad signature, or a trusted
key kept inside the tree it checks). The launcher (``terminal.launch``) runs this before any other project
module is imported and keeps the result (:func:`launched`), which the table's boot logs instead of
checking twice.
"""

from __future__ import annotations

import site
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from terminal.software.manifest import COVERED, ROOT, ManifestError, fingerprint, load_public_key, verify

MODES = ("auto", "always", "never")


@dataclass(frozen=True, slots=True)
class BootCheck:
    """``status`` is ``pass``, ``fail`` or ``skipped``; ``detail`` says what was found; ``key`` is the
    trusted key's fingerprint ("" when no key was read)."""

    status: str
    detail: str
    files: int = 0
    key: str = ""


_launched: list[BootCheck] = []  # the launcher's result, at most one (a process is launched once)


def remember(result: BootCheck) -> None:
    """Keep the launcher's result for the table's boot to log."""
    _launched[:] = [result]


def launched() -> BootCheck | None:
    """The result of the check the launcher ran before importing the program, if it ran one."""
    return _launched[0] if _launched else None


def site_dirs() -> tuple[Path, ...]:
    """The interpreter's site folders, whose ``.pth`` files run code at every start."""
    found = list(site.getsitepackages())
    if site.ENABLE_USER_SITE:
        found.append(site.getusersitepackages())
    unique = dict.fromkeys(Path(folder) for folder in found)
    return tuple(folder for folder in unique if folder.is_dir())


def inside_tree(path: Path, root: Path = ROOT) -> bool:
    """Whether ``path`` lies in the tree the manifest covers (a trusted key may not)."""
    resolved = path.resolve()
    return any(resolved.is_relative_to((root / top).resolve()) for top in COVERED)


def check(
    mode: str, manifest: Path, public_key: Path, root: Path = ROOT, sites: Sequence[Path] | None = None
) -> BootCheck:
    """Verify the installed program under ``root`` as ``mode`` asks (``sites``: default the interpreter's
    site folders when ``root`` is this install, none for another tree)."""
    if mode not in MODES:
        raise ValueError(f"verify_at_boot must be one of {', '.join(MODES)}, got {mode!r}")
    if mode == "never":
        return BootCheck("skipped", "software verification is off ([lab] verify_at_boot = never)")
    if not manifest.is_file():
        if mode == "auto":
            return BootCheck("skipped", f"no manifest at {manifest}: development build, not verified")
        return BootCheck("fail", f"no manifest at {manifest}")
    if inside_tree(public_key, root):
        return BootCheck("fail", f"the trusted key {public_key} lies inside the tree it verifies")
    try:
        key = load_public_key(public_key)
        text = manifest.read_text(encoding="utf-8")
    except (OSError, ManifestError, UnicodeDecodeError) as bad:
        return BootCheck("fail", f"cannot verify: {bad}")
    folders = (site_dirs() if root == ROOT else ()) if sites is None else tuple(sites)
    finding = verify(text, key, root, folders)
    printed = fingerprint(key)
    if finding.problem is None:
        return BootCheck("pass", f"{finding.files} files match the signed manifest", finding.files, printed)
    return BootCheck("fail", finding.problem, finding.files, printed)
