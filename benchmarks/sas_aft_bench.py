"""SAS AFT: transfers a second through the whole path, and how long a transfer takes to be final.

A real table (:class:`LiveTable`: controller, ledger, TLS links on loopback), seat 1's SAS machine on a pty
(its thread, as ``terminal sas run`` runs it) and the SAS process's link to the controller (the ``sas``
client), all in this process; a host at the pty's other end (``terminal.sas.host.HostLink``). Each transfer
is a 72 request (cashable, alternately to the seat and back to the host), then 72 interrogations until the
status is final (``00``: the controller applied it in the ledger and the machine read it back), then
general polls until the AFT-complete exception (69). Figures: transfers a second over ``RUNS`` transfers,
the median and worst request-to-final latency and request-to-69 latency, against a baseline of the same
line's plain 1A poll (current credits) round trip; the ratio compares a transfer with one poll.

Run: ``.venv/bin/python benchmarks/sas_aft_bench.py``
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from terminal import config as configuration
from terminal.lab.live_table import LiveTable
from terminal.net.client import TableClient
from terminal.net.links import client_tls
from terminal.sas import bcd
from terminal.sas.host import HostLink
from terminal.sas.ports import FdPort
from terminal.sas.serve import SeatServer, machine_for
from terminal.sas.table_link import CLIENT, TableLink

RUNS = 60
ASSET = 1001


def request(tid: str, cents: int, kind: int) -> bytes:
    """72 data: code 00, index 00, type, cashable/restricted/non-restricted, flags, asset, key, id, expiry,
    pool, receipt data (none), lock timeout; with its length byte."""
    ident = tid.encode("ascii")
    body = (
        bytes((0x00, 0x00, kind)) + bcd.encode(cents, 5) + bcd.encode(0, 5) + bcd.encode(0, 5) + b"\x00"
        + ASSET.to_bytes(4, "little") + bytes(20) + bytes((len(ident),)) + ident + bcd.encode(0, 4)
        + b"\x00\x00\x00" + bcd.encode(0, 2)
    )  # fmt: skip
    return bytes((len(body),)) + body


def main() -> None:
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").exists() else None) as tmp:
        host_fd, machine_fd = os.openpty()
        tty.setraw(machine_fd)
        cfg = Path(tmp) / "kiosk.cfg"
        cfg.write_text(
            "[table]\nseats = 2\nbetting_seconds = 30\n[sas]\nenabled = true\n"
            f"ports = 1=pty:{os.ttyname(machine_fd)}\naddresses = 1=1\nasset_numbers = 1={ASSET}\n",
            encoding="utf-8",
        )
        with LiveTable(configuration.load(cfg)) as live:
            c = live.config

            def client() -> TableClient:
                return TableClient(CLIENT, live.keys[CLIENT], "127.0.0.1", live.server.port,
                                   tls=client_tls(c, CLIENT))  # fmt: skip

            machine = machine_for(c, 1)
            link = TableLink(client, machine.resync, lambda _: None)
            machine.tell = link.tell
            while not link.connected.is_set():
                time.sleep(0.01)
            port = FdPort.open(os.ttyname(machine_fd))
            server = SeatServer(machine, port, host_timeout=60.0)
            stop = threading.Event()
            serving = threading.Thread(target=server.run, args=(stop,), daemon=True)
            serving.start()
            host = HostLink(FdPort(host_fd, owned=False), 1, timeout=5.0)
            live.insert_bills(1, 10_000)
            while host.general():
                pass

            final: list[float] = []
            complete: list[float] = []
            started = time.perf_counter()
            for run in range(RUNS):
                kind = 0x00 if run % 2 == 0 else 0x80
                start = time.perf_counter()
                host.long(0x72, request(f"B-{run:05d}", 100, kind), variable=True)
                while host.long(0x72, b"\x02\xff\x00", variable=True)[1] != 0x00:
                    pass
                final.append((time.perf_counter() - start) * 1000)
                while host.general() != 0x69:
                    pass
                complete.append((time.perf_counter() - start) * 1000)
            elapsed = time.perf_counter() - started

            baseline = []
            for _ in range(RUNS * 5):
                start = time.perf_counter()
                host.long(0x1A, length=4)
                baseline.append((time.perf_counter() - start) * 1000)
            credits = live.call(lambda: live.table.cashier.credits(1))
            stop.set()
            serving.join(5)
            link.close()
            port.close()
        os.close(host_fd)
    if credits != 10_000:
        raise SystemExit(f"the seat holds {credits}, not 10000: a transfer was lost or doubled")
    med, worst = statistics.median(final), max(final)
    med69, base = statistics.median(complete), statistics.median(baseline)
    print(f"AFT transfers, request to final status 00: {RUNS / elapsed:.1f} a second (with the 69 polls), "
          f"median {med:.2f} ms, max {worst:.2f} ms over {RUNS} ({os.cpu_count()} cores)")  # fmt: skip
    print(f"request to exception 69 (AFT complete) read: median {med69:.2f} ms, max {max(complete):.2f} ms")
    print(f"baseline, a 1A poll round trip on the same line: median {base:.3f} ms")
    print(f"ratio {med / base:.1f} (a transfer made final against one poll)")


if __name__ == "__main__":
    main()
