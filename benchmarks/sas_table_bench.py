"""SAS phase 2: how long the casino system's shutdown takes to stop a seat.

A real table (:class:`LiveTable`: controller, ledger, TLS links on loopback) and the SAS process's link
(:class:`TableLink`, the ``sas`` client) in this process. Figure: from a ``SasEnable`` handed to the link
(what a seat's thread does on long poll 01) until the controller holds the ``sas_disabled`` tilt (logged
in the ledger: the event and the tilt committed), and the same for 02; against a baseline of a plain
authenticated request and its ``Ack`` from the same kind of client (``RequestState``). Medians of
``RUNS`` shutdown/startup pairs; the ratio compares the whole path with the link's own round trip.

Run: ``.venv/bin/python benchmarks/sas_table_bench.py``
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from terminal import config as configuration
from terminal.lab.live_table import LiveTable
from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.links import client_tls
from terminal.sas.table_link import CLIENT, TableLink
from terminal.table.tilts import TiltKind

RUNS = 40


def main() -> None:
    with tempfile.TemporaryDirectory(dir="/dev/shm") as tmp:
        cfg = Path(tmp) / "kiosk.cfg"
        cfg.write_text(
            "[table]\nseats = 2\nbetting_seconds = 30\n[sas]\nenabled = true\nports = 1=pty:/dev/null\n"
            "addresses = 1=1\n",
            encoding="utf-8",
        )
        with LiveTable(configuration.load(cfg)) as live:
            c = live.config

            def client() -> TableClient:
                return TableClient(CLIENT, live.keys[CLIENT], "127.0.0.1", live.server.port,
                                   tls=client_tls(c, CLIENT))  # fmt: skip

            link = TableLink(client, list, lambda _: None)
            while not link.connected.is_set():
                time.sleep(0.01)

            def held() -> bool:
                return live.call(lambda: live.table.tilts.find(TiltKind.SAS_DISABLED, 1) is not None)

            path: list[float] = []
            for run in range(2 * RUNS):
                want = run % 2 == 0
                start = time.perf_counter()
                link.tell(m.SasEnable(1, not want, 1))
                while held() != want:
                    time.sleep(0.0005)
                path.append((time.perf_counter() - start) * 1000)
            link.close()

            async def round_trips() -> list[float]:
                base = TableClient("seat-2", live.keys["seat-2"], "127.0.0.1", live.server.port,
                                   tls=client_tls(c, "seat-2"))  # fmt: skip
                await base.connect()
                times = []
                for _ in range(2 * RUNS):
                    start = time.perf_counter()
                    await base.request(m.RequestState())
                    times.append((time.perf_counter() - start) * 1000)
                await base.close()
                return times

            baseline = asyncio.run(round_trips())
    med, worst, base = statistics.median(path), max(path), statistics.median(baseline)
    print(f"01/02 to the seat's tilt held (or cleared): median {med:.2f} ms, max {worst:.2f} ms "
          f"over {len(path)} ({os.cpu_count()} cores)")  # fmt: skip
    print(f"baseline, an authenticated request and its Ack: median {base:.2f} ms")
    print(f"ratio {med / base:.1f}")


if __name__ == "__main__":
    main()
