"""``terminal lab regression``: every registered game at a small N, the PAR beside each actual RTP, the
verdicts consistent with the intervals, the software fingerprint, a repeatable command, and a planted
wrong PAR failing the run."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from terminal import config
from terminal.games.registry import GAMES
from terminal.lab import provenance, regression, simulate_report
from terminal.sims.simulate_stats import MIN_SETTLEMENTS, Tally
from tests.support.cli import run_cli

SHIPPED = config.load()


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str, str]:
    ran = run_cli(["lab", "regression", "--workers", "1", "--seed", "7e57", *more], capsys)
    return ran.status, ran.out, ran.err


def test_every_game_every_wager_par_beside_actual(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "reg"
    status, said, err = _run(tmp_path, capsys, "--rounds", "3000", "--out", str(out))
    assert err == "" and status == 0, said
    data = json.loads((out / "regression.json").read_text())
    assert [g["game"] for g in data["games"]] == list(GAMES)  # every registered game, in registry order
    judged = 0
    for g in data["games"]:
        par = simulate_report.par_rtps(SHIPPED, g["game"])
        played = {w["wager"] for w in g["wagers"]}
        assert played | set(g["not_simulated"]) == set(par) and g["rounds_played"] >= 3000
        for w in g["wagers"]:
            tally = Tally(*w["sums"])
            assert w["par_rtp"] == pytest.approx(float(par[w["wager"]]), abs=1e-8)  # the exact PAR
            assert w["rtp"] == pytest.approx(1 + tally.net / tally.staked, abs=1e-8)
            assert (w["settlements"], w["staked"]) == (tally.count, tally.staked)
            if tally.count < MIN_SETTLEMENTS or not tally.standard_error > 0:
                assert w["verdict"] == "too few"
                continue
            half = data["z_critical"] * tally.standard_error
            assert (w["ci_low"], w["ci_high"]) == pytest.approx((tally.rtp - half, tally.rtp + half))
            inside = w["ci_low"] <= w["par_rtp"] <= w["ci_high"]
            assert w["verdict"] == ("pass" if inside else "FAIL")
            judged += 1
    assert data["wagers_judged"] == judged > 50 and data["result"] == "pass"
    prov = data["provenance"]
    assert prov["software_fingerprint"] == provenance.software_fingerprint()[0]
    assert re.fullmatch(r"[0-9a-f]{64}", prov["software_fingerprint"]) and prov["software_files"] > 100
    page = (out / "regression.md").read_text()
    assert prov["software_fingerprint"] in page and "3,000 rounds per game" in page
    assert all(f"## {game}" in page for game in GAMES)


def test_the_recorded_command_repeats_the_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "first"
    games = ",".join(list(GAMES)[-2:])
    status, _, _ = _run(tmp_path, capsys, "--rounds", "4000", "--games", games, "--out", str(first))
    assert status == 0
    data = json.loads((first / "regression.json").read_text())
    again = [tmp_path / "again" if a == str(first) else a for a in data["command"]]
    assert run_cli([str(a) for a in again], capsys).status == 0
    repeated = json.loads((tmp_path / "again" / "regression.json").read_text())
    sums = [[w["sums"] for w in g["wagers"]] for g in data["games"]]
    assert sums == [[w["sums"] for w in g["wagers"]] for g in repeated["games"]] and sums[0]


def test_a_wrong_par_fails_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fair run, then the same run judged against a PAR moved by ten of its intervals on the wager
    measured most precisely: that wager, and only it, fails, and the command says so with status 1."""
    game = list(GAMES)[-1]
    # a fair run fails one time in a hundred at 99% (seed 7e57 does on Props & Hops, a hop at z -3.71, and
    # passes at 300,000 rounds): the first of a few fixed seeds whose run is fair is taken
    for seed in ("01", "02", "03", "04"):
        argv = ["--rounds", "20000", "--games", game, "--seed", seed]
        status, _, _ = _run(tmp_path, capsys, *argv, "--out", str(tmp_path / "fair"))
        fair = json.loads((tmp_path / "fair" / "regression.json").read_text())
        if status == 0:
            break
    assert status == 0 and fair["failed"] == []
    judged = [w for w in fair["games"][0]["wagers"] if w["verdict"] == "pass"]
    best = min(judged, key=lambda w: w["ci_high"] - w["ci_low"])
    planted, shift = best["wager"], Fraction(best["ci_high"] - best["ci_low"]) * 5
    true_par = simulate_report.par_rtps

    def wrong(c: config.Config, name: str) -> dict[str, Fraction]:
        par = true_par(c, name)
        return par | {planted: par[planted] + shift}

    monkeypatch.setattr(regression.simulate_report, "par_rtps", wrong)
    out = tmp_path / "bad"
    status, said, _ = _run(tmp_path, capsys, *argv, "--out", str(out))
    data = json.loads((out / "regression.json").read_text())
    assert status == 1 and data["result"] == "FAIL" and data["failed"] == [f"{game}:{planted}"]
    assert "FAIL: " in said and f"{game}:{planted}" in (out / "regression.md").read_text()


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["--games", "nosuch"], 2, "unknown game 'nosuch'"),
        (["--rounds", "0"], 2, "must be at least 1"),
        (["--confidence", "2"], 2, "must be in [0.5, 1)"),
        (["--dask", "tcp://127.0.0.1:9"], 1, "cannot connect"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], status: int, words: str
) -> None:
    ran = run_cli(["lab", "regression", "--rounds", "100", "--out", str(tmp_path / "x"), *argv], capsys)
    assert ran.status == status and words in ran.err and "Traceback" not in ran.err
    assert not (tmp_path / "x" / "regression.json").exists()
