"""``terminal lab rng-report``: dumps, battery, plots and one HTML report, checked independently."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from terminal.cli import main


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("evidence")
    cfg = out / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    argv = ["lab", "rng-report", "--out", str(out), "--sequences", "4", "--bits", "20000"]
    argv += ["--outcomes", "3000", "--games", "3000"]
    assert main([*argv, "--config", str(cfg)]) in (0, 1)
    return out


def test_dumps_are_written_through_the_production_path(report: Path) -> None:
    from scipy import stats  # imported by the tests that use it: scipy.stats takes ~1 s to import

    assert (report / "raw.bin").stat().st_size == 4 * 20_000 // 8
    figures = json.loads((report / "rng-report.json").read_text())
    for entry in figures["outcomes"]:
        k = entry["range"]
        values = [int(line) for line in (report / f"outcomes-{k}.txt").read_text().split()]
        assert len(values) == 3000 and set(values) <= set(range(k))
        counts = Counter(values)
        assert entry["counts"] == [counts[i] for i in range(k)]
        assert entry["chi_square_p"] == pytest.approx(stats.chisquare([counts[i] for i in range(k)]).pvalue)
    assert figures["generator"] == "ctr_drbg_aes256"
    assert figures["generator_id"].startswith("ctr_drbg_aes256/")


def test_the_report_states_generator_selftests_and_every_verdict(report: Path) -> None:
    page = (report / "rng-report.html").read_text(encoding="utf-8")
    figures = json.loads((report / "rng-report.json").read_text())
    assert figures["generator_id"] in page and "Overall: " in page
    for test in figures["selftests"]:
        assert test["passed"] == test["total"] and test["label"].replace("&", "&amp;") in page
    for family in figures["families"]:
        assert f"<td>{family['name']}</td>" in page
    assert page.count("data:image/png;base64,") == 3
    every = all(f["passed"] for f in figures["families"]) and all(o["passed"] for o in figures["outcomes"])
    assert figures["passed"] == (every and figures["game_family"]["passed"])
    for name in ("outcome-histograms.png", "p-values.png", "serial-correlation.png"):
        assert (report / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_sizes_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    argv = ["lab", "rng-report", "--out", str(tmp_path), "--bits", "10", "--config", str(cfg)]
    assert main(argv) == 1
    assert "bits 10" in capsys.readouterr().err


def test_the_game_level_streams_are_in_the_report(report: Path) -> None:
    """Each game's stream: its own generator instance, its counts, every check and the family verdict."""
    from scipy import stats  # imported by the tests that use it: scipy.stats takes ~1 s to import

    figures = json.loads((report / "rng-report.json").read_text())
    page = (report / "rng-report.html").read_text(encoding="utf-8")
    games = figures["games"]
    assert [g["stream"] for g in games] == [
        "roulette: double_zero wheel", "roulette: single_zero wheel", "craps: two dice", "sicbo: three dice",
        "bigsix: 54 sections", "props_hops: two dice", "high_roll: six dice",
        "tdf: three dice (two green, one red)",
        "crapless: two dice",
    ]  # fmt: skip
    assert len({g["generator_id"] for g in games} | {figures["generator_id"]}) == len(games) + 1  # unshared
    for game in games:
        assert game["outcomes"] == sum(game["counts"]) == 3000 and game["generator_id"] in page
        first = game["checks"][0]
        assert first["p"] == pytest.approx(stats.chisquare(game["counts"]).pvalue)
    family = figures["game_family"]
    checks = sum(len(g["checks"]) for g in games)
    assert family["checks"] == checks and family["threshold"] == pytest.approx(0.01 / checks)
    smallest = min(c["p"] for g in games for c in g["checks"])
    assert family["passed"] == (smallest >= 0.01 / checks)
    assert "Game-level tests" in page


def test_the_lab_profile_is_the_run_a_lab_files() -> None:
    from terminal.lab.rng_report import PROFILES

    lab = PROFILES["lab"]
    assert (lab.sequences, lab.bits, lab.games) == (1000, 1_000_000, 10_000_000)
