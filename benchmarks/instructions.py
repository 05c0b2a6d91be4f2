"""Instructions per round under callgrind: a measure of speed that the machine's load cannot move.

Wall-clock rates on a shared machine swing with whatever else runs. Valgrind's callgrind counts the
instructions a process executes, the same on an idle machine and on a busy one. ``per_round`` runs a
statement twice in a fresh interpreter under callgrind, with ``n`` and with ``2 n`` rounds, and divides
the difference by ``n``: start-up, imports and any set-up cancel, what is left is the cost of a round.
Needs ``valgrind`` on the PATH; slow (a run is about fifty times slower than without it).

Usage from a benchmark: ``per_round(SETUP, "play({n})", 2000)``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def available() -> bool:
    """Whether valgrind can be run here."""
    return shutil.which("valgrind") is not None


def instructions(code: str) -> int:
    """Instructions a fresh interpreter executes running ``code`` (from the repository's root)."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-B", "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": f"{ROOT}:{ROOT / 'benchmarks'}"},
        check=False,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or found is None:
        raise RuntimeError(f"callgrind failed ({done.returncode}): {done.stderr[-800:]}")
    return int(found.group(1))


def per_round(setup: str, statement: str, n: int) -> float:
    """Instructions of one round of ``statement`` (which plays ``{n}`` rounds) after ``setup``."""
    once = instructions(f"{setup}\n{statement.format(n=n)}")
    twice = instructions(f"{setup}\n{statement.format(n=2 * n)}")
    return (twice - once) / n
