"""The ratchet's gate in the launcher: what reading the ledger's trust costs before every command.

Builds a ledger database (the real schema) holding one ``SOFTWARE_TRUSTED`` event at its start followed by
``--events`` others (a long-lived table: the trust row is the oldest), then times
:func:`terminal.software.trust.trusted_key` (open read-only, the newest 450/451 event, its fingerprint)
against a baseline run alongside: the same read-only open reading ``max(id)`` of the events. The rows are
not chained (the gate does not verify them). Prints medians and the ratio.

    PYTHONPATH=. python benchmarks/ratchet_bench.py [--events 200000] [--repeats 25]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from terminal.ledger import schema
from terminal.software import trust


def _median_ms(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _ledger(path: Path, events: int) -> None:
    with schema.open_database(path) as db:
        trusted = json.dumps({"fingerprint": "ab12 cd34", "manifest_sha256": "00" * 32})
        rows = [("2026-11-29T00:00:00Z", 450, "SOFTWARE_TRUSTED", None, None, None, trusted, b"t")]
        rows += [("2026-11-29T00:00:01Z", 620, "BILL_STACKED", 1, None, None, "{}", b"t")] * events
        columns = "time, code, name, seat, user, role, detail, tag"
        db.conn.executemany(f"INSERT INTO events ({columns}) VALUES (?,?,?,?,?,?,?,?)", rows)
        db.conn.commit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=25)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ledger.sqlite"
        _ledger(path, args.events)

        def baseline() -> None:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            db.execute("SELECT max(id) FROM events").fetchone()
            db.close()

        def gate() -> None:
            assert trust.trusted_key(path) == "ab12 cd34"

        base, read = _median_ms(baseline, args.repeats), _median_ms(gate, args.repeats)
        print(f"trust gate, {args.events + 1} events  {read:6.2f} ms  baseline open + max(id) "
              f"{base:6.2f} ms  ratio {read / base:4.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
