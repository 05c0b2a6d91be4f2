"""``terminal par-sheet``: JSON rows with the agreed keys, markdown, games not built yet, other wheels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.games.catalog import ROULETTE_WAGERS

ROOT = Path(__file__).resolve().parent.parent
KEYS = {"game", "wager", "paytable", "true_odds", "payout", "house_edge", "house_edge_pct"}


def _sheet(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["par-sheet", "--config", str(ROOT / "kiosk.cfg"), *args]) == 0
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_json_rows(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _sheet(capsys, "--game", "roulette")
    assert all(set(row) >= KEYS for row in rows)
    assert [r["wager"] for r in rows] == list(ROULETTE_WAGERS)  # the shipped table offers every wager
    assert [r["paytable"] for r in rows if r["wager"] == "touchdown"] == ["A"]
    straight = rows[0]
    assert (straight["house_edge"], straight["true_odds"], straight["payout"]) == (
        "1/19",
        "37 to 1",
        "35 to 1",
    )


def test_all_paytables(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _sheet(capsys, "--all-paytables")
    assert [r["paytable"] for r in rows if r["wager"] == "touchdown"] == ["A", "B", "C", "D"]


def test_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par-sheet", "--config", str(ROOT / "kiosk.cfg"), "--format", "md"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# PAR sheet") and "| first_five | standard | 33 to 5 | 6 to 1 | 3/38 |" in text


@pytest.mark.parametrize("game", ["craps", "all"])
def test_a_game_without_a_par_module_is_refused(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par-sheet", "--config", str(ROOT / "kiosk.cfg"), "--game", game]) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1 and "craps" in out.err


def test_single_zero_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "kiosk.cfg").read_text(encoding="utf-8")
    text = text.replace("wheel = double_zero", "wheel = single_zero").replace(
        "offered = true", "offered = false"
    )
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(text, encoding="utf-8")
    assert main(["par-sheet", "--config", str(cfg), "--game", "roulette"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["house_edge"] for r in rows} == {"1/37"}
    assert "first_five" not in {r["wager"] for r in rows} and "touchdown" not in {r["wager"] for r in rows}


def test_bad_config_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par-sheet", "--config", str(tmp_path / "missing.cfg")]) == 1
    assert "missing.cfg" in capsys.readouterr().err


def test_green_yards_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "kiosk.cfg").read_text(encoding="utf-8").replace("yards = 0:0,", "yards = 0:5,")
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(text, encoding="utf-8")
    assert main(["par-sheet", "--config", str(cfg)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "greens" in err
