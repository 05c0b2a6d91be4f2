"""``[lab] rtp_floor``: config check and the PAR sheet name every offered wager under the floor."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from terminal.cli import main


def _cfg(tmp_path: Path, text: str) -> str:
    path = tmp_path / "kiosk.cfg"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_config_check_names_each_wager_under_the_floor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _cfg(tmp_path, "[table]\ngame = craps\n[lab]\nrtp_floor = 0.85\n")
    assert main(["config", "check", "--config", cfg]) == 1
    lines = capsys.readouterr().out.splitlines()
    named = sorted(line.split("craps ")[1].split(" (")[0] for line in lines)
    assert named == ["any_seven", "fire", "lucky_shooter"]  # 83.33 %, 79.24 %, 83.04 % under 85 %
    fire = next(line for line in lines if "craps fire " in line)
    assert "RTP 79.2372% is under the floor 85.0%" in fire and "[lab] rtp_floor" in fire


def test_a_floor_every_offered_wager_meets_is_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = _cfg(tmp_path, "[lab]\nrtp_floor = 0.85\n")  # roulette with Touchdown: every wager above 89 %
    assert main(["config", "check", "--config", cfg]) == 0
    assert capsys.readouterr().out.strip() == "OK"
    no_fire = _cfg(tmp_path, "[table]\ngame = craps\n[fire_bet]\noffered = false\n[lab]\nrtp_floor = 0.80\n")
    assert main(["config", "check", "--config", no_fire]) == 0  # the Fire Bet is the only one under 80 %


def test_the_par_sheet_marks_and_names_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = _cfg(tmp_path, "[table]\ngame = craps\n[lab]\nrtp_floor = 0.85\n")
    assert main(["par-sheet", "--config", cfg]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)
    for row in rows:  # the flag agrees with the exact house edge the same row states
        assert row["below_rtp_floor"] == (1 - Fraction(row["house_edge"]) < Fraction(85, 100)), row
    flagged = sorted({row["wager"] for row in rows if row["below_rtp_floor"]})
    assert flagged == ["any_seven", "fire", "lucky_shooter"]
    assert captured.err.count("below [lab] rtp_floor") == sum(row["below_rtp_floor"] for row in rows)
    assert main(["par-sheet", "--config", cfg, "--format", "md"]) == 0
    page = capsys.readouterr().out
    assert "- RTP floor 85.0% ([lab] rtp_floor): wagers under it: " in page
    assert "craps fire (A)" in page and "under the floor 85.0%" in page


def test_without_a_floor_the_sheet_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par-sheet", "--config", _cfg(tmp_path, "")]) == 0
    assert all("below_rtp_floor" not in row for row in json.loads(capsys.readouterr().out))


def test_a_floor_that_is_not_a_ratio_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "check", "--config", _cfg(tmp_path, "[lab]\nrtp_floor = 85\n")]) == 1
    out = capsys.readouterr()
    assert "rtp_floor" in out.out + out.err and "decimal from 0 to 1" in out.out + out.err
