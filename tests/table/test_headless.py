"""The headless table end to end: real controller, ledger and RNG; bots over the real protocol."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal.cli import main
from terminal.lab.headless import run_headless
from terminal.ledger import report
from tests.table.harness import make_config, scripted_table


@pytest.mark.parametrize("game", ["roulette", "craps"])
def test_bots_play_and_a_second_run_continues_the_same_table(tmp_path: Path, game: str) -> None:
    c = make_config(tmp_path, f"[table]\nport = 0\ngame = {game}\nseats = 4\n")
    first = run_headless(c, rounds=12, seats=4, seed=11, progress=lambda _: None)
    assert first.rounds == 12 and first.wagers > 0 and first.verified and first.audit == ()
    assert report.identity(first.totals)[1]
    assert first.totals["cash_in"] > 0 and first.totals["wagered"] > 0
    second = run_headless(c, rounds=5, seats=4, seed=12, progress=lambda _: None)
    assert second.last_round > first.last_round and second.verified and second.audit == ()
    kinds = set(first.rtp) | set(second.rtp)
    assert ("touchdown" in kinds) if game == "roulette" else ("lucky_shooter" in kinds or "fire" in kinds)


def test_terminal_run_prints_a_summary_and_writes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"  # screens of 1024x768, a size the table supports: the run's screenshots
    screens = "[display]\nwidth = 1024\nheight = 768\n[seat]\nwidth = 1024\nheight = 768\n"  # cost half
    cfg.write_text("[table]\nport = 0\nseats = 2\n" + screens, encoding="utf-8")
    assert main(["run", "--config", str(cfg), "--rounds", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "rounds played  3" in out and "ledger verify  OK" in out and ": holds" in out
    assert (tmp_path / "var" / "lab" / "headless-summary.json").exists()


def test_terminal_run_refuses_more_seats_than_the_table_has(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nport = 0\nseats = 2\n", encoding="utf-8")
    assert main(["run", "--config", str(cfg), "--seats", "3"]) == 2


def test_a_table_with_an_unfinished_round_of_another_game_stays_closed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = scripted_table(make_config(tmp_path))  # roulette, on tmp_path/var/ledger.sqlite
    table.start()
    table.cashier.bill_stacked(1, 1_000)
    table.wagers.place(1, "red", 100)  # the round is open with a wager when the game is switched
    table.ledger.close()
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nport = 0\ngame = craps\nseats = 2\n", encoding="utf-8")
    assert main(["run", "--config", str(cfg), "--rounds", "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "round 1 of roulette is unfinished" in err


def test_a_failed_software_verification_closes_a_headless_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"  # a manifest is required and there is none: the boot check fails
    cfg.write_text("[table]\nport = 0\nseats = 2\n[lab]\nverify_at_boot = always\n", encoding="utf-8")
    assert main(["run", "--config", str(cfg), "--rounds", "2", "--headless"]) == 1
    err = capsys.readouterr().err
    assert "the table tilted (software_verify)" in err and "no manifest" in err
    assert "rounds played" not in capsys.readouterr().out
