"""One constructor for the production generator: the lab's evidence comes from the table's own generator.

The table boots its generator with :func:`terminal.table.generator.production_rng`; the lab's RNG report
draws its raw dump from the same constructor. Given the same entropy, both must be the same generator
(the same instance name in its personalization, the same bytes out).
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rng import Rng
from terminal.table import generator
from terminal.table.boot import boot
from terminal.table.clock import ManualClock

from .harness import make_config

SETTINGS = "[table]\ntable_id = T-07\n[rng]\ngenerator = hmac_drbg_sha256\nreseed_interval = 5000\n"


def entropy_stream() -> Callable[[int], bytes]:
    """Fixed, well-mixed entropy (SHA-256 in counter mode): two calls give two identical streams."""
    counter = itertools.count()

    def read(n: int) -> bytes:
        blocks = (hashlib.sha256(next(counter).to_bytes(8, "big")).digest() for _ in range(-(-n // 32)))
        return b"".join(blocks)[:n]

    return read


def raw(rng: Rng, n: int) -> bytes:
    return b"".join(rng.stream(n))


def test_the_table_boots_the_generator_the_constructor_makes(tmp_path: Path) -> None:
    c = make_config(tmp_path, SETTINGS)
    clock = ManualClock(1_800_000_000.0)
    table = boot(c, clock, entropy_stream())
    try:
        twin = generator.production_rng(c, clock.monotonic, entropy_stream())
        assert isinstance(table.rng, Rng)
        assert table.rng.generator == twin.generator == "hmac_drbg_sha256"
        assert table.rng.reseed_interval == twin.reseed_interval == 5000
        assert table.rng.generator_id == twin.generator_id
        assert twin.generator_id.startswith("hmac_drbg_sha256/T-07-rng/")
        assert raw(table.rng, 4096) == raw(twin, 4096)
    finally:
        table.ledger.close()


def test_the_lab_report_dumps_the_tables_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("scipy")  # the lab extra
    from terminal.lab import rng_report
    from terminal.lab.rng_evidence import Sizes

    c = make_config(tmp_path, SETTINGS)
    made = generator.production_rng
    # The lab reads the OS entropy source; the same fixed entropy on both sides makes the outputs comparable.
    monkeypatch.setattr(generator, "production_rng", lambda c: made(c, entropy=entropy_stream()))
    sizes = Sizes(sequences=1, bits=1000, outcomes=100, games=0)
    evidence = rng_report.gather(c, tmp_path, sizes, time.monotonic())
    twin = made(c, entropy=entropy_stream())
    assert evidence.generator_id == twin.generator_id
    assert evidence.generator_id.startswith("hmac_drbg_sha256/T-07-rng/")  # the table's, not a lab cousin
    assert (tmp_path / "raw.bin").read_bytes() == raw(twin, sizes.raw_bytes)
