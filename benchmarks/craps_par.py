"""Dev script: print the craps PAR rows as JSON and time them (the lead wires them into ``par-sheet``).

Usage: ``PYTHONPATH=. python benchmarks/craps_par.py [--all-paytables]``. Prints one JSON document on
stdout (``{"rows": [...]}``) and the median time of 5 computations on stderr.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from terminal.par.craps import CrapsParParams, craps_par_rows


def main(argv: list[str]) -> int:
    all_paytables = "--all-paytables" in argv
    params = CrapsParParams()
    times = []
    for _ in range(5):
        start = time.perf_counter()
        rows = craps_par_rows(params, all_paytables=all_paytables)
        times.append(time.perf_counter() - start)
    print(json.dumps({"game": "craps", "rows": [row.to_json() for row in rows]}, indent=2))
    print(f"craps PAR rows: {len(rows)}, median {statistics.median(times) * 1000:.1f} ms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
