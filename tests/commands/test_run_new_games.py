"""`terminal run --config` with ``game = sicbo`` and ``game = bigsix``: a headless table of bots plays the
game over the real protocol (TLS links, the controller, the DRBG, the ledger), the ledger verifies, and
every round's outcome is the game's own (three dice; a Big Six symbol and its section).

End-to-end runs of the whole command (TLS server, bots, DRBG, ledger, the display's screenshots; ~0.8 s
each with two bot seats, each seat one more screenshot): marked slow. ``make check`` keeps the same
command end to end for roulette and craps (``tests/table/test_headless.py``) and Sic Bo and Big Six on a
real table (``tests/table/test_new_games.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.cli import run_cli

CONFIGS = {
    "sicbo": "[table]\ngame = sicbo\nport = 0\n",
    "bigsix": "[table]\ngame = bigsix\nport = 0\nvenue = Casino Lumen\n",
    "tdf": "[table]\ngame = tdf\nport = 0\n",
    "crapless": "[table]\ngame = crapless\nport = 0\n[hard_rockn_dice]\noffered = true\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_a_headless_table_plays_the_game(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "kiosk.cfg").write_text(CONFIGS[game], encoding="utf-8")
    two = ("--seats", "2")  # two bot seats of the table's 8: the game is what this checks, not the seats
    ran = run_cli(["run", "--config", "kiosk.cfg", "--headless", "--rounds", "6", "--seed", "5eed", *two],
                  capsys)  # fmt: skip
    assert ran.status == 0, ran.err
    assert "ledger verify  OK" in ran.out and "bot seats linked" not in ran.err
    assert "screenshots    none" not in ran.err  # the display's pictures of the run were painted
    shots = sorted(p.name for p in (tmp_path / "var" / "lab").glob("display-run-*.png"))
    assert shots[:4] == [
        "display-run-1-betting.png",
        "display-run-2-no-more-bets.png",
        "display-run-3-spin.png",
        "display-run-4-outcome.png",
    ]
    summary = json.loads(next((tmp_path / "var" / "lab").glob("headless-summary.json")).read_text())
    assert summary["rounds"] == 6 and summary["audit"] == []
    assert summary["rtp"], "the bots placed no wager"
