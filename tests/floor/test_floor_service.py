"""``terminal floor``: the stream into the floor store, the report, rebuild, and the cage, against a real
``nats-server -js`` and real tables.

The floor report's figures are checked against each table's own ledger, read independently (its meters,
and its own end-of-day report of the same UTC day): table by table, and the floor's line as their sum.
"""

from __future__ import annotations

import io
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.config import Config
from terminal.desk.users import ScryptParams, UserStore
from terminal.floor import report
from terminal.lab.headless import run_headless
from terminal.ledger import Ledger, dayreport
from terminal.ledger.floorstore import FloorStore
from terminal.table.table import Table
from terminal.table.tilts import Role
from tests.floor.servers import Server
from tests.floor.tables import floor_config, unresolved
from tests.floor.test_link import _quiet
from tests.floor.test_vouchers import TableThread, on_floor, print_voucher, pump_sweeps, pump_until

FAST = ScryptParams(n=2**4, r=8, p=1)


def _floor_cli(c: Config, *args: str) -> int:
    return main(["floor", *args, "--config", str(c.path)])


def _pins(monkeypatch: pytest.MonkeyPatch, *pins: str) -> None:
    """What the next PIN prompts read (standard input is not a terminal here)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{pin}\n" for pin in pins)))


def _ledger_line(c: Config) -> dict[str, int]:
    ledger = Ledger.from_config(c, now=datetime.now(UTC))
    try:
        m, held = ledger.meters(), unresolved(ledger.db)  # stakes not resolved yet: not on the floor yet
    finally:
        ledger.close()
    return {"coin_in": m.get("wagered", 0) - held["wagered"], "coin_out": m.get("won", 0),
            "games": m.get("games_played", 0),
            "cash_in": m.get("cash_in", 0), "vouchers_in": m.get("vouchers_in", 0),
            "vouchers_out": m.get("vouchers_out", 0), "handpays": m.get("handpays", 0)}  # fmt: skip


def _line(line: report.TableLine) -> dict[str, int]:
    return {k: getattr(line, k) for k in ("coin_in", "coin_out", "games", "cash_in", "vouchers_in",
                                          "vouchers_out", "handpays")}  # fmt: skip


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory, module_server: Server) -> list[Config]:
    """Two tables (roulette and craps) that played on one floor (the floor service: :func:`service`).

    Played once for the module: the tests read the floor (a report catches the store up, a rebuild makes
    it again from the stream), and the store each leaves is the stream's, whichever runs first."""
    folder = tmp_path_factory.mktemp("tables")
    tables = [
        floor_config(folder / "t1", module_server.url, "T-01"),
        floor_config(folder / "t2", module_server.url, "T-02", game="craps"),
    ]
    for c in tables:
        run_headless(c, rounds=8, seats=3, progress=_quiet)
    return tables


@pytest.fixture(scope="module")
def service(floor: list[Config], module_server: Server) -> Config:
    """The floor service's config: its own credentials (a table's may not read the whole stream), beside
    the tables' folders (the floor's signing key is theirs)."""
    folder = floor[0].path.parent.parent / "floor"
    return floor_config(folder, module_server.url, "FLOOR-PC", identity="floor", accepted=False)


def test_floor_totals_equal_each_tables_own_ledger(
    floor: list[Config], service: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _floor_cli(service, "report", "--day", "all", "--csv", str(service.path.parent / "floor.csv")) == 0
    printed = capsys.readouterr().out
    assert "T-01" in printed and "T-02" in printed and "FLOOR" in printed
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    try:
        built = report.build(store, None)
        today = report.build(store, datetime.now(UTC).date().isoformat())
    finally:
        store.close()
    lines = {line.table: line for line in built.lines}
    assert sorted(lines) == ["T-01", "T-02"]
    for c in floor:
        assert _line(lines[c.table.table_id]) == _ledger_line(c), c.table.table_id
        assert lines[c.table.table_id].game == c.table.game
    assert _line(built.total) == {k: sum(_line(x)[k] for x in built.lines) for k in _line(built.total)}
    assert built.total.coin_in > 0 and built.total.theo > 0  # the PAR edges arrived with the tables' info
    for c in floor:  # the gaming day (hour 0 here) against the table's own end-of-day report of that day
        ledger = Ledger.from_config(c, now=datetime.now(UTC))
        own = ledger.day_report(*dayreport.gaming_day_bounds(datetime.now(UTC).date(), 0))
        ledger.close()
        line = next(x for x in today.lines if x.table == c.table.table_id)
        # Both count a stake when the settlement that resolves it is made, so they agree figure for figure.
        assert (line.coin_in, line.coin_out) == (own.total("wagered"), own.total("won"))
        played = sum(n for g, n in own.games if not g.endswith("void spins"))
        assert (line.cash_in, line.games) == (own.total("cash_in"), played)


def test_rebuild_gives_the_same_store(
    floor: list[Config], service: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _floor_cli(service, "report", "--day", "all") == 0
    first = capsys.readouterr().out
    shutil.copy(service.floor.store_path, service.path.parent / "before.sqlite")  # type: ignore[union-attr]
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    store.set_failures("fay", 3, 1_700_000_000.5)  # a log-in lock-out: not in the stream, carried over
    store.close()
    assert _floor_cli(service, "rebuild") == 0
    assert "rebuilt from" in capsys.readouterr().out
    assert _floor_cli(service, "report", "--day", "all", "--offline") == 0
    assert capsys.readouterr().out == first
    store = FloorStore(service.floor.store_path, 0)  # type: ignore[union-attr]
    assert store.logins() == [("fay", 3, 1_700_000_000.5)]
    store.close()


def test_the_cage_pays_a_voucher_once_and_the_issuer_closes_it(
    tmp_path: Path, server: Server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    c = floor_config(tmp_path / "cashier", server.url, "CAGE-PC", identity="floor")
    admin = UserStore().init("ada", "1111", lambda n: b"a" * n, FAST)
    users = admin.add(admin.users[0], "cal", Role.ATTENDANT, "2222", lambda n: b"c" * n, FAST)
    users = users.add(admin.users[0], "dan", Role.ATTENDANT, "3333", lambda n: b"d" * n, FAST)
    c.service.users_path.parent.mkdir(parents=True, exist_ok=True)
    users.save(c.service.users_path)
    table = TableThread(tmp_path / "t1", server.url, "T-01")
    try:
        paid, voided = print_voucher(table, 1, 2000), print_voucher(table, 2, 5000)
        _pins(monkeypatch, "2222")
        assert _floor_cli(c, "cage", "redeem", paid, "--user", "cal") == 0
        assert "paid: $20.00 (printed at T-01 seat 1)" in capsys.readouterr().out
        _pins(monkeypatch, "2222")
        assert _floor_cli(c, "cage", "redeem", paid, "--user", "cal") == 1  # paid once, never twice
        assert "refused: voucher" in capsys.readouterr().err
        _pins(monkeypatch, "9999")
        assert _floor_cli(c, "cage", "redeem", voided, "--user", "cal") == 1  # a wrong PIN changes nothing
        assert "wrong PIN" in capsys.readouterr().err
        _pins(monkeypatch, "3333", "2222")  # the second person's PIN is asked first
        two = ("--user", "cal", "--second", "dan", "--reason", "torn")
        assert _floor_cli(c, "cage", "void", voided, *two) == 0
        assert (on_floor(table, paid) or {})["state"] == "redeemed"
        assert (on_floor(table, voided) or {})["state"] == "voided"

        def states(t: Table) -> list[str]:
            return [t.ledger.voucher(n, now=t.clock.wall()).state for n in (paid, voided)]

        pump_until(table, lambda t: "outstanding" not in states(t), "T-01 closing what the cage closed")
        pump_sweeps(table, 2)  # looked at again: closed once, each as the cage closed it
        assert table.do(states) == ["redeemed", "voided"]
        assert table.do(lambda t: t.ledger.audit()) == []
    finally:
        table.close()
    assert _floor_cli(c, "report", "--day", "all") == 0
    assert "outstanding vouchers: 0" in capsys.readouterr().out


def test_a_floor_command_without_a_floor_section_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nport = 0\n", encoding="utf-8")
    assert main(["floor", "report", "--config", str(cfg)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "no [floor] section" in err
