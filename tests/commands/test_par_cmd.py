"""``terminal par-sheet``: JSON rows, markdown, both games, wagers offered or not, other wheels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.roulette.catalog import WAGERS as ROULETTE_WAGERS

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"game", "wager", "paytable", "true_odds", "payout", "house_edge", "house_edge_pct"}


def _sheet(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    assert main(["par-sheet", "--config", str(ROOT / "kiosk.cfg"), *args]) == 0
    rows: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return rows


def test_json_rows(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _sheet(capsys, "--game", "roulette")
    assert all(set(row) >= KEYS for row in rows)
    off = ("b2b", "blazing7s")  # offered only when [b2b] / [blazing7s] say so
    assert [r["wager"] for r in rows] == [w for w in ROULETTE_WAGERS if w not in off]  # the rest, all
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


def test_craps_sheet_has_every_offered_wager(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _sheet(capsys, "--game", "craps")
    assert all(set(row) >= KEYS and row["game"] == "craps" for row in rows)
    # The shipped table offers every craps wager (Horn High has one row per kind of chosen number).
    assert {r["wager"] for r in rows} == set(CRAPS_WAGERS)
    edges = {r["wager"]: r["house_edge"] for r in rows}
    assert (edges["pass"], edges["dont_pass"], edges["place_6"], edges["field"]) == (
        "7/495", "3/220", "1/66", "1/18"
    )  # fmt: skip
    assert [r["paytable"] for r in rows if r["wager"] == "fire"] == ["A"]


def test_all_games_all_paytables(capsys: pytest.CaptureFixture[str]) -> None:
    rows = _sheet(capsys, "--game", "all", "--all-paytables")
    lucky = [r["paytable"] for r in rows if r["wager"] == "lucky_shooter"]
    bonus = [r["paytable"] for r in rows if r["wager"] == "all_small"]
    assert (lucky, bonus, {r["game"] for r in rows}) == (
        ["A", "B", "C", "D"],
        ["1", "2"],
        {"roulette", "craps", "sicbo", "bigsix", "props_hops", "high_roll", "tdf", "crapless"},
    )
    sicbo = {(r["wager"], r["paytable"]) for r in rows if r["game"] == "sicbo"}
    assert len(sicbo) == 2 * 21 and ("one_of_a_kind", "B") in sicbo
    assert {r["wager"] for r in rows if r["game"] == "bigsix"} == {"one", "two", "five", "ten", "twenty",
                                                                   "joker", "flag"}  # fmt: skip


def test_wagers_not_offered_leave_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[craps]\nbuy_offered = false\n[fire_bet]\noffered = false\n", encoding="utf-8")
    assert main(["par-sheet", "--config", str(cfg), "--game", "craps"]) == 0
    wagers = {r["wager"] for r in json.loads(capsys.readouterr().out)}
    assert "fire" not in wagers and not any(w.startswith("buy_") for w in wagers) and "lay_4" in wagers


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
