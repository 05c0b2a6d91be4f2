"""The run's display screenshots: which pushes each moment is painted from."""

from __future__ import annotations

from pathlib import Path

from terminal.display import replay, samples
from terminal.display.model import DisplayModel, LinkUp
from terminal.games.craps.engine import CrapsView
from terminal.lab.headless import run_headless
from terminal.net import messages as m
from terminal.net.game_state import game_view
from tests.table.harness import make_config


def test_the_outcome_shot_includes_the_game_view_pushed_with_the_result(tmp_path: Path) -> None:
    """The craps outcome screenshot showed the puck and point from before the roll: the table pushes
    ``Result`` then ``GameView`` and ``History`` at the same instant, and the shot stopped at ``Result``."""
    c = make_config(tmp_path, "[table]\nport = 0\ngame = craps\n")
    crapsy = DisplayModel(game="craps")
    before = game_view("craps", 4, CrapsView(None, 1, 3, False, (), (), "3-4"))
    after = game_view("craps", 5, CrapsView(8, 1, 4, False, (), (8,), "5-3"))
    recorded: replay.Recorded = [
        (0.0, LinkUp()),
        (0.1, before),
        (0.2, samples.table_state(crapsy, 5, "open", 25_000)),
        (3.0, m.Result(5, "5-3 (8)", ())),
        (3.0, after),
        (3.0, m.History((m.HistoryEntry(5, "5-3", False),))),
        (3.1, samples.table_state(crapsy, 6, "open", 25_000)),
    ]
    moments = {moment.name: moment.end for moment in replay._moments(c, recorded)}
    outcome = replay._model_until(c, recorded, moments["display-run-4-outcome"])
    assert outcome.craps is not None and outcome.craps.point == 8 and outcome.craps.last_roll == "5-3"
    assert [h.outcome for h in outcome.history] == ["5-3"]
    assert moments["display-run-4-outcome"] == 6  # not the next round's TableState
    spin = replay._model_until(c, recorded, moments["display-run-3-spin"])
    assert spin.result is not None and spin.result.round_id == 5


def test_the_recorder_keeps_the_last_rounds_game_view(tmp_path: Path) -> None:
    """The recorder stopped at the run's end before the last round's GameView and History arrived, so the
    outcome shot of a run always showed the game view from before its last roll."""
    c = make_config(tmp_path, "[table]\nport = 0\ngame = craps\n")
    recorded: replay.Recorded = []
    run_headless(c, rounds=3, seats=2, progress=lambda _: None, observer=replay.recorder(c, recorded))
    messages = [msg for _, msg in recorded]
    last = max(k for k, msg in enumerate(messages) if isinstance(msg, m.Result))
    result = messages[last]
    assert isinstance(result, m.Result)
    views = [msg for msg in messages[last + 1 :] if isinstance(msg, m.GameView)]
    assert views and views[0].round_id == result.round_id
    assert any(isinstance(msg, m.History) for msg in messages[last + 1 :])
