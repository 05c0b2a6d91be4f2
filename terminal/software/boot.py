"""The check of the installed program against the signed manifest, its development policy, and its record.

``[lab] verify_at_boot`` decides what happens when files change all the time (development):

- ``auto`` (shipped): verify when the manifest ``[lab] manifest_path`` exists; without one the build is a
  development build, the table plays, and the event log says the software was *not* verified.
- ``always`` (a certified install): a missing manifest or public key is a failure like any other.
- ``never``: no check; the event log says so at every boot.

A failure names the first file that differs, is added or is missing (or the bad signature, or a trusted
key kept inside the tree it checks). The launcher (``terminal.launch``) runs this before any other project
module is imported and keeps the result (:func:`launched`), which the table's boot logs instead of
checking twice. The isolated launcher (``boot/launch.py``) runs the same check before anything of the
package or of site-packages is loaded and hands its result over (``terminal.launch.verified``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from terminal.software.manifest import (
    COVERED,
    ROOT,
    ManifestError,
    fingerprint,
    load_public_key,
    runtime_dirs,
    verify,
)

MODES = ("auto", "always", "never")


@dataclass(frozen=True, slots=True)
class BootCheck:
    """``status`` is ``pass``, ``fail`` or ``skipped``; ``detail`` says what was found; ``key`` is the
    trusted key's fingerprint ("" when no key was read); ``seeded`` the HMAC keyed by ``seed`` over the
    files checked, in the same read (``terminal verify --seed``; "" without a seed)."""

    status: str
    detail: str
    files: int = 0
    key: str = ""
    seed: bytes | None = None
    seeded: str = ""


_launched: list[BootCheck] = []  # the launcher's result, at most one (a process is launched once)


def remember(result: BootCheck) -> None:
    """Keep the launcher's result for the table's boot to log."""
    _launched[:] = [result]


def launched() -> BootCheck | None:
    """The result of the check the launcher ran before importing the program, if it ran one."""
    return _launched[0] if _launched else None


def site_dirs() -> tuple[Path, ...]:
    """The runtime: the site-packages folders of this interpreter (its virtual environment's), every file of
    which the manifest covers. The isolated launcher (``-I``) loads no user site-packages; a development
    start that does is not protected (``docs/security/launch.md``)."""
    return runtime_dirs()


def inside_tree(path: Path, root: Path = ROOT) -> bool:
    """Whether ``path`` lies in the tree the manifest covers (a trusted key may not)."""
    resolved = path.resolve()
    return any(resolved.is_relative_to((root / top).resolve()) for top in COVERED)


def check(
    mode: str,
    manifest: Path,
    public_key: Path,
    root: Path = ROOT,
    sites: Sequence[Path] | None = None,
    seed: bytes | None = None,
) -> BootCheck:
    """Verify the installed program under ``root`` as ``mode`` asks (``sites``: default the interpreter's
    site folders when ``root`` is this install, none for another tree; ``seed``: also the seeded HMAC)."""
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
    finding = verify(text, key, root, folders, seed)
    printed = fingerprint(key)
    if finding.problem is None:
        detail = f"{finding.files} files match the signed manifest"
        return BootCheck("pass", detail, finding.files, printed, seed, finding.seeded)
    return BootCheck("fail", finding.problem, finding.files, printed)
