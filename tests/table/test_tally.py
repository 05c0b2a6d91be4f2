"""The statistics' counts (docs/statistics.md): the Tally the controller sends after each round counts the
ledger's results, voids left out, and a restarted table tells the same counts from the ledger alone."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from terminal.net import messages as m
from terminal.table import views
from terminal.table.controller import Controller
from tests.table.harness import make_config, reopen, scripted_table
from tests.table.test_views import _play_rounds


def _counts(window: m.TallyWindow) -> dict[str, int]:
    return {c.outcome: c.count for c in window.counts}


def test_the_tally_counts_the_rounds_played_and_survives_a_restart(tmp_path: Path) -> None:
    pockets = (19, 37, 4, 19, 0, 37, 19)  # 37 is 00, voided on this wheel
    c = make_config(tmp_path, "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n")
    table = scripted_table(c, *pockets)
    table.start()
    table.cashier.bill_stacked(2, 10_000)
    pushed = _play_rounds(table, 5, [m.PlaceWager("red", 100)])  # five valid spins, two voids among them
    tallies = [p for p in pushed if isinstance(p, m.Tally)]
    history = [p for p in pushed if isinstance(p, m.History)][-1]
    valid = [e.outcome for e in history.results if not e.void]
    assert len(valid) == 5 and [e.outcome for e in history.results if e.void] == ["00", "00"]
    last = tallies[-1]
    assert [w.rounds for w in last.windows] == [5, 5]
    assert _counts(last.windows[0]) == dict(Counter(valid)) == _counts(last.windows[1])
    restarted = Controller(reopen(table))
    assert restarted._tally == last  # the ledger holds the rounds: nothing else was kept
    assert views.history(table, views.TALLY_SOURCE) == history  # fewer than 520 results: all of them
