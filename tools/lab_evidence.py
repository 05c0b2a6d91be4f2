"""Regenerate the RNG evidence kept under ``docs/lab/``: the dieharder battery and the lab profile's report.

Runs, through the production path (``kiosk.cfg``'s ``[rng]``, the table's own generator constructor):

- ``terminal lab rng-report --profile lab`` into ``docs/lab/rng-report/`` (the HTML report, its JSON
  figures and plots; the raw dumps it tested, ``raw.bin`` and ``outcomes-*.txt``, are too large for the
  repository: their size and SHA-256 are recorded, and the files are removed);
- ``terminal lab dieharder`` into ``docs/lab/dieharder/``: every test (``--dieharder all``: ``-a``) or
  the documented smaller set (``--dieharder set``, the default: :data:`SET`);

and beside each, ``provenance.json``: the software fingerprint the runs used (the SHA-256 of the
manifest body ``terminal`` signs: every file of ``rng``, ``terminal`` and ``assets`` with its SHA-256), the
git commit and whether the tree had uncommitted changes, Python, dieharder's version, the commands and how
long each took.

    .venv/bin/python tools/lab_evidence.py [--dieharder set|all|none] [--report lab|quick|none]

(``make lab-evidence`` runs it with the defaults.)
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from terminal.lab import provenance
from terminal.software.manifest import ROOT, sha256_of

#: The smaller dieharder run kept when ``-a`` is too long for the machine: every test dieharder rates
#: "Good", with its default sample sizes, except those that read the most (the RGB lagged sums, 203, and
#: the generalized minimum distance, 201) and the RGB bit distribution (200), which runs only with an
#: ``-n`` (``-a`` runs it for n = 1..12). WEAK results are resolved (``--resolve``: ``-Y 1``).
SET = (0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 15, 16, 17, 100, 101, 102, 202, 204, 205, 206, 207, 208, 209)


def _rel(path: Path) -> str:
    """``path`` as the commands are run (from the project's folder)."""
    path = path.resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _run(argv: list[str], log: Path) -> tuple[int, float]:
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        status = subprocess.run(argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, check=False).returncode
    return status, time.monotonic() - started


def _dumps(folder: Path) -> list[dict[str, object]]:
    """Record, then remove, the raw dumps the report tested (too large for the repository)."""
    found = []
    for path in sorted([*folder.glob("raw.bin"), *folder.glob("outcomes-*.txt")]):
        found.append({"file": path.name, "bytes": path.stat().st_size, "sha256": sha256_of(path)})
        path.unlink()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "lab", help="folder (default docs/lab)")
    parser.add_argument("--dieharder", choices=("set", "all", "none"), default="set")
    parser.add_argument("--report", choices=("lab", "quick", "none"), default="lab")
    parser.add_argument("--config", type=Path, default=ROOT / "kiosk.cfg")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    record = provenance.record() | {"config": _rel(args.config)}
    fingerprint, files = record["software_fingerprint"], record["software_files"]
    terminal = [sys.executable, "-B", "-m", "terminal", "lab"]
    runs: list[dict[str, object]] = []
    status = 0
    if args.report != "none":
        folder = out / "rng-report"
        folder.mkdir(exist_ok=True)
        argv = [*terminal, "rng-report", "--profile", args.report, "--out", _rel(folder), "--config",
                _rel(args.config)]  # fmt: skip
        code, seconds = _run(argv, folder / "run.log")
        runs.append({"what": f"rng-report --profile {args.report}", "command": argv[2:], "exit": code,
                     "seconds": round(seconds), "dumps_removed": _dumps(folder), "folder": _rel(folder)})
        status |= code
    if args.dieharder != "none":
        if shutil.which("dieharder") is None:
            print("lab_evidence: dieharder is not installed (Debian: apt-get install dieharder)",
                  file=sys.stderr)  # fmt: skip
            return 1
        folder = out / "dieharder"
        folder.mkdir(exist_ok=True)
        tests = [] if args.dieharder == "all" else ["--tests", ",".join(map(str, SET))]
        argv = [*terminal, "dieharder", "--out", _rel(folder), *tests, "--resolve", "--config",
                _rel(args.config)]  # fmt: skip
        code, seconds = _run(argv, folder / "run.log")
        said = subprocess.run(["dieharder", "-h"], capture_output=True, text=True, check=False).stdout
        version = re.search(r"dieharder version (\S+)", said)
        runs.append({"what": f"dieharder ({args.dieharder})", "command": argv[2:], "exit": code,
                     "seconds": round(seconds), "dieharder": version[1] if version else "unknown",
                     "folder": _rel(folder)})  # fmt: skip
        status |= code
    for run in runs:  # each folder names the software it ran on
        folder = ROOT / str(run["folder"])
        (folder / "provenance.json").write_text(json.dumps(record | {"run": run}, indent=1) + "\n")
    print(f"evidence in {out}; software fingerprint {fingerprint} ({files} files); exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main())
