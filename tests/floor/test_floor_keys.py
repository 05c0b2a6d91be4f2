"""A table's signing key from the command line: ``terminal floor table-key`` at the table, then
``terminal floor accept-table T --key HEX`` (two people) at the floor, against a real ``nats-server -js``.
Until it is registered nobody on the floor trusts what the table signs; afterwards the floor applies it.
"""

from __future__ import annotations

import io
import re
import stat
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.lab.headless import run_headless
from terminal.ledger.floorstore import FloorStore
from tests.floor.page import add_users
from tests.floor.servers import Server, as_floor
from tests.floor.tables import floor_config
from tests.floor.test_link import _quiet


def test_a_table_is_trusted_once_two_people_register_its_key(
    tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    c = floor_config(tmp_path / "t5", server.url, "T-05", accepted=False)
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", **as_floor())
    add_users(service)  # ada administrator 1111, fay attendant 2468
    assert main(["floor", "table-key", "--config", str(c.path)]) == 0
    said = capsys.readouterr().out
    found = re.search(r"T-05 signing key ([0-9a-f]{64})", said)
    assert found is not None and "accept-table T-05 --key " + found[1] in said
    assert c.floor is not None and stat.S_IMODE(c.floor.sign_key_path.stat().st_mode) == 0o600
    run_headless(c, rounds=1, seats=2, progress=_quiet)  # not accepted yet: the floor applies none of it

    def report() -> tuple[dict[str, dict[str, int]], int]:
        assert main(["floor", "report", "--day", "all", "--config", str(service.path)]) == 0
        capsys.readouterr()
        store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
        try:
            return store.meters(), len(store.alerts())
        finally:
            store.close()

    meters, alerts = report()
    assert "T-05" not in meters and alerts > 0

    def accept(key: str, *pins: str) -> int:
        monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{pin}\n" for pin in pins)))
        return main(["floor", "accept-table", "T-05", "--key", key, "--admin", "ada", "--second", "fay",
                     "--reason", "new table", "--config", str(service.path)])  # fmt: skip

    assert accept("12" * 31, "1111", "2468") == 1  # not a key: one line, nothing registered
    assert "is not an Ed25519 public key" in capsys.readouterr().err
    assert accept(found[1], "1111", "2468") == 0
    assert "T-05 registered with signing key" in capsys.readouterr().out
    run_headless(c, rounds=1, seats=2, progress=_quiet)
    meters, after = report()
    assert meters["T-05"]["wagered"] > 0 and after == alerts  # applied, and no new alert
