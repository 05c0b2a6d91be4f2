"""The display's statistics panel (docs/statistics.md): one panel of the game's board in the winners' box
while bets are taken, the panels in turn; never while a round is in play or its result is on screen, so
the counts it shows always include the last outcome only after its reveal; none for a game without a
board."""

from __future__ import annotations

from dataclasses import replace

import pytest

from terminal.display.model import DisplayModel, LinkUp, apply
from terminal.display.scene import STATS_PAGE_S, Stage, scene_at, stage_at
from terminal.games.stat_boards import Split
from terminal.games.statistics import BOARDS
from terminal.net import messages as m
from terminal.net.tally import tally
from tests.support.reveal_rounds import ROUND, ROUNDS, before, result, reveal_ms, table_state

T0 = 50.0


def _played(game: str) -> DisplayModel:
    r = ROUNDS[game]
    model = apply(DisplayModel(game=game), LinkUp(), 0.0)
    for message in before(r):
        model = apply(model, message, 0.0)
    model = apply(model, table_state(game, "settled"), T0 - 1)
    for message in result(r, r.win):
        model = apply(model, message, T0)
    return model


@pytest.mark.parametrize("game", sorted(ROUNDS))  # every game the reveal rounds play has a board
def test_the_panel_shows_only_while_bets_are_taken_and_then_with_the_revealed_outcome(game: str) -> None:
    assert game in BOARDS, f"{game} has no statistics board"
    model = _played(game)
    reveal = reveal_ms(game, ROUNDS[game].win) / 1000
    for k in range(int((reveal + 9) * 10)):
        t = T0 + k / 10
        scene = scene_at(model, t, 20)
        assert scene.stage in (Stage.SPINNING, Stage.RESULT) and scene.stats is None, f"{game} at {t}"
    opened = apply(model, table_state(game, "open", 600_000, ROUND + 1), T0 + reveal + 9)
    t = T0 + reveal + 10
    assert stage_at(opened, t) is Stage.BETTING
    shown = scene_at(opened, t, 20).stats
    assert shown is not None and shown.pages >= 1
    assert opened.tally[0].rounds == 2  # the round's outcome is in the counts now
    panels = {scene_at(opened, t + k * STATS_PAGE_S, 20).stats.page for k in range(shown.pages)}  # type: ignore[union-attr]
    assert panels == set(range(shown.pages))  # each panel has its turn


def test_the_counts_shown_are_the_tallys() -> None:
    outcomes = ["17", "4", "17", "0", "32"]
    board = m.History(tuple(m.HistoryEntry(10 - k, o, False) for k, o in enumerate(outcomes)))
    model = apply(DisplayModel(game="roulette"), LinkUp(), 0.0)
    model = apply(
        apply(apply(model, table_state("roulette", "open", 25_000), 1.0), board, 1.0), tally(board), 1.0
    )
    stats = scene_at(model, 2.0, 20).stats
    assert stats is not None and stats.page == 0
    colours = stats.panel.sections[0]
    assert isinstance(colours, Split)
    assert [p.count for p in colours.parts] == [1, 3, 1]  # red 32; black 17, 4, 17; the zero


def test_a_game_without_a_board_keeps_its_winners_box() -> None:
    state = replace(table_state("craps", "open", 25_000), game="props_hops")
    board = m.History((m.HistoryEntry(4, "4-3", False),))
    model = apply(
        apply(apply(apply(DisplayModel(game="props_hops"), LinkUp(), 0.0), state, 1.0), board, 1.0),
        tally(board),
        1.0,
    )
    scene = scene_at(model, 2.0, 20)
    assert scene.stage is Stage.BETTING and scene.stats is None
