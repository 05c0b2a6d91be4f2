"""Start-up benchmark: what opening the ledger costs a fresh process, with numpy (before) and without (now).

``sqlite_utils`` imports numpy (and pandas) whenever installed, only to map their number types;
``terminal/ledger/lean.py`` hides both while it is first imported. Every process that reads the ledger
pays this at its start: the controller, ``terminal sas run``, each ``terminal ledger ...`` command. Times,
as fresh interpreters, alternating so the machine's load falls on both alike:

- baseline: ``import numpy, terminal.ledger`` (numpy loaded first, as ``sqlite_utils`` loaded it before);
- now: ``import terminal.ledger``;
- and the SAS process's own imports (``terminal.commands.sas_cmd`` and ``terminal.sas.serve``), both ways.

Prints the median wall and CPU (user + system of the child) of each and the ratios now / baseline.

    python benchmarks/ledger_start_bench.py [--repeats 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEDGER = "import terminal.ledger"
SAS = "import terminal.launch, terminal.commands.sas_cmd, terminal.sas.serve"
CASES = {
    "ledger, numpy first (before)": f"import numpy; {LEDGER}",
    "ledger (now)": f"{LEDGER}; import sys; assert 'numpy' not in sys.modules",
    "sas process, numpy first (before)": f"import numpy; {SAS}",
    "sas process (now)": f"{SAS}; import sys; assert 'numpy' not in sys.modules",
}


def _run(code: str) -> tuple[float, float]:
    """Wall and CPU seconds of a fresh ``python -B -c code`` (the child's user + system time)."""
    before = os.times()
    started = time.perf_counter()
    subprocess.run([sys.executable, "-B", "-c", code], cwd=ROOT, check=True)
    wall = time.perf_counter() - started
    after = os.times()
    user = after.children_user - before.children_user
    return wall, user + after.children_system - before.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    for code in CASES.values():
        _run(code)  # warm: the files in the page cache
    walls: dict[str, list[float]] = {name: [] for name in CASES}
    cpus: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.repeats):
        for name, code in CASES.items():
            wall, cpu = _run(code)
            walls[name].append(wall)
            cpus[name].append(cpu)
    wall_of = {name: statistics.median(times) for name, times in walls.items()}
    cpu_of = {name: statistics.median(times) for name, times in cpus.items()}
    for name in CASES:
        print(f"{name:<36} wall {wall_of[name] * 1000:7.1f} ms   cpu {cpu_of[name] * 1000:7.1f} ms")
    names = list(CASES)
    for before, now in ((names[0], names[1]), (names[2], names[3])):
        wall, cpu = wall_of[now] / wall_of[before], cpu_of[now] / cpu_of[before]
        print(f"{now:<36} wall x{wall:.2f}   cpu x{cpu:.2f}   (of {before})")


if __name__ == "__main__":
    main()
