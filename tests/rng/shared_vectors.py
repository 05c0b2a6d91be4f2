"""Where the project's shared NIST vectors are: env SHARED_DIR, else ``<repo>/../shared``; else tests skip."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LOCAL = Path(__file__).resolve().parent / "vectors"


def shared_dir() -> Path | None:
    """The shared folder, when present."""
    candidates = [Path(os.environ["SHARED_DIR"])] if os.environ.get("SHARED_DIR") else []
    candidates.append(REPO.parent / "shared")
    return next((path for path in candidates if (path / "vectors").is_dir()), None)


def shared_vectors(sub: str) -> Path:
    """``<shared>/vectors/<sub>``, or skip the test saying why."""
    root = shared_dir()
    if root is None or not (root / "vectors" / sub).exists():
        pytest.skip(f"shared vectors/{sub} not found: set SHARED_DIR or place shared/ beside the repo")
    return root / "vectors" / sub
