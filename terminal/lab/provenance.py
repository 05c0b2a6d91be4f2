"""The software a piece of lab evidence ran on: the fingerprint of the program files, the git commit,
Python and the machine (what ``docs/lab/*/provenance.json`` and the regression report record).

The fingerprint is the SHA-256 of the manifest body ``terminal`` signs (``<sha256>  <path>`` per covered
file of ``rng``, ``terminal`` and ``assets``, as :func:`terminal.software.manifest.make_manifest` lists
them, byte-code excluded): the same program files give the same fingerprint on any machine.
"""

from __future__ import annotations

import hashlib
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from terminal.software.manifest import ROOT, installed_files, is_bytecode, sha256_of

TREES = ("rng", "terminal", "assets")  # the program files the fingerprint covers


def software_fingerprint(root: Path = ROOT) -> tuple[str, int]:
    """SHA-256 of the manifest body and the number of files it covers: what the run executed."""
    listed = [p for p in installed_files(root) if not is_bytecode(p)]
    body = "".join(f"{sha256_of(root / p)}  {p}\n" for p in listed)
    return hashlib.sha256(body.encode("utf-8")).hexdigest(), len(listed)


def git(*args: str, root: Path = ROOT) -> str:
    """What ``git args`` prints in the project's folder; empty where there is no git or no repository."""
    try:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return ""
    return done.stdout.strip()


def record(root: Path = ROOT) -> dict[str, object]:
    """The provenance of evidence written now: fingerprint, files, commit, uncommitted changes, Python."""
    fingerprint, files = software_fingerprint(root)
    return {
        "written": datetime.now(UTC).isoformat(timespec="seconds"),
        "software_fingerprint": fingerprint,
        "software_files": files,
        "git_commit": git("rev-parse", "HEAD", root=root),
        "git_uncommitted_changes": bool(git("status", "--porcelain", "--", *TREES, root=root)),
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
    }
