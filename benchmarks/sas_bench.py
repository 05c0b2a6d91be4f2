"""SAS: polls a seat's machine answers per second, and the latency from a ledger event to its exception.

Figure 1, throughput: a host on a pty polls one seat (current credits, 1A, the machine's meters read from
the ledger each time) as fast as the answers come, against a baseline of the same pty round trip with an
echo thread that answers without SAS (the line's own cost). Figure 2, latency: the controller's ledger
commits a door event; the host general-polls until the exception arrives (target under 100 ms), against
a general poll that finds nothing new. Medians of repeated runs; the ratios compare like with like.

Run: ``.venv/bin/python benchmarks/sas_bench.py``
"""

from __future__ import annotations

import os
import select
import statistics
import sys
import tempfile
import threading
import time
import tty
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from terminal import config as configuration
from terminal.ledger import EventCode, Ledger
from terminal.sas import crc
from terminal.sas.ports import FdPort
from terminal.sas.serve import SeatServer, machine_for

POLLS = 500
RUNS = 5
EVENTS = 30


def read(fd: int, count: int) -> bytes:
    got = b""
    while len(got) < count:
        select.select([fd], [], [], 5)
        got += os.read(fd, count - len(got))
    return got


def echo_rate() -> float:
    """Polls per second of a pty echo: 2 bytes out (marked), 8 back, no SAS."""
    host, machine = os.openpty()
    tty.setraw(machine)
    stop = threading.Event()

    def echo() -> None:
        while not stop.is_set():
            ready, _, _ = select.select([machine], [], [], 0.05)
            if ready and os.read(machine, 64):
                os.write(machine, b"\x01\x1a\x00\x00\x00\x00\x00\x00")

    thread = threading.Thread(target=echo, daemon=True)
    thread.start()
    start = time.perf_counter()
    for _ in range(POLLS):
        os.write(host, b"\xff\x00\x01\x1a")
        read(host, 8)
    rate = POLLS / (time.perf_counter() - start)
    stop.set()
    thread.join()
    os.close(host)
    os.close(machine)
    return rate


def main() -> None:
    shm = "/dev/shm" if Path("/dev/shm").exists() else None
    with tempfile.TemporaryDirectory(prefix="sas-bench-", dir=shm) as d:
        cfg = Path(d) / "kiosk.cfg"
        cfg.write_text("[sas]\nports = 1=pty:/dev/null\naddresses = 1=1\n", encoding="utf-8")
        c = configuration.load(cfg)
        ledger = Ledger.from_config(c, now=datetime.now(UTC))
        host, machine_end = os.openpty()
        tty.setraw(machine_end)
        server = SeatServer(machine_for(c, 1), FdPort(machine_end, owned=False), host_timeout=60)
        stop = threading.Event()
        thread = threading.Thread(target=server.run, args=(stop,), daemon=True)
        thread.start()

        rates, baselines = [], []
        for _ in range(RUNS):
            baselines.append(echo_rate())
            start = time.perf_counter()
            for _ in range(POLLS):
                os.write(host, b"\xff\x00\x01\x1a")
                answer = read(host, 8)
            rates.append(POLLS / (time.perf_counter() - start))
            assert crc.intact(answer)

        latencies, idle = [], []
        for step in range(EVENTS):
            start = time.perf_counter()
            os.write(host, b"\xff\x00\x81")
            assert read(host, 1) == b"\x00"
            idle.append(time.perf_counter() - start)
            door = EventCode.DOOR_OPEN if step % 2 == 0 else EventCode.DOOR_CLOSE
            ledger.log_event(door, now=datetime.now(UTC), detail={"door": "main"})
            committed = time.perf_counter()
            while True:
                os.write(host, b"\xff\x00\x81")
                if read(host, 1) != b"\x00":
                    break
            latencies.append(time.perf_counter() - committed)
        stop.set()
        thread.join()
        ledger.close()
        os.close(host)
        os.close(machine_end)

    rate, base = statistics.median(rates), statistics.median(baselines)
    late, quiet = statistics.median(latencies), statistics.median(idle)
    print(f"polls answered per second, one seat (1A)  median {rate:,.0f}/s over {RUNS} runs of {POLLS}")
    print(f"  baseline: pty echo without SAS           median {base:,.0f}/s  (ratio {base / rate:.1f})")
    print(f"ledger event to its exception              median {late * 1000:.2f} ms, max "
          f"{max(latencies) * 1000:.2f} ms over {EVENTS} events (target < 100 ms)")  # fmt: skip
    ratio = late / quiet
    print(f"  baseline: a general poll, nothing new    median {quiet * 1000:.2f} ms  (ratio {ratio:.1f})")


if __name__ == "__main__":
    main()
