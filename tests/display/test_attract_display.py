"""The display's attract loop (issue 29 §2): with no round played (no wager settled) for ``[display]
attract_seconds`` it lays a band over the table naming the game, the biggest payout it has seen and
"insert a bill to play" in both languages; a round with wagers ends it, a stop (tilt, lost link) shows
instead, and a round in play never carries it."""

from __future__ import annotations

import pytest

from terminal.display import samples
from terminal.display.gl import pyglet
from terminal.display.model import DisplayModel, apply
from terminal.display.painter import Painter
from terminal.display.scene import Stage, attract_banner, scene_at, stage_at
from terminal.i18n import load_catalogue
from terminal.net import messages as m

ATTRACT = 180.0


def _idle() -> DisplayModel:
    """Linked at 0 s, the window open, no round played since."""
    model = samples.base("roulette")
    return apply(model, samples.table_state(model, samples.ROUND, "open", 18_000), 0.0)


def test_it_comes_after_the_attract_time_without_play_and_a_round_with_wagers_ends_it() -> None:
    model = _idle()
    assert attract_banner(model, ATTRACT - 1, ATTRACT) is None
    banner = attract_banner(model, ATTRACT + 1, ATTRACT)
    assert banner is not None and banner.kind == "attract" and banner.code == "roulette"
    assert scene_at(model, ATTRACT + 1, 20, ATTRACT).banner == banner
    assert scene_at(model, ATTRACT + 1, 20).banner is None  # 0: off
    empty = apply(model, m.Result(samples.ROUND, "17", ()), ATTRACT + 2)  # a round nobody played
    assert attract_banner(empty, ATTRACT + 60, ATTRACT) is None  # it is spinning or showing its result
    played = apply(model, m.Result(samples.ROUND, "17", (m.SettlementView("seat-1", "red", 500, 0, "lose"),)),
                   ATTRACT + 2)  # fmt: skip
    assert stage_at(played, ATTRACT + 3) is Stage.SPINNING
    played = apply(played, samples.table_state(played, samples.ROUND + 1, "open", 18_000), ATTRACT + 20)
    assert attract_banner(played, ATTRACT + 30, ATTRACT) is None  # played: its clock starts again
    assert attract_banner(played, 2 * ATTRACT + 3, ATTRACT) is not None


def test_a_stop_shows_instead() -> None:
    model = apply(_idle(), m.Tilt("door_open", True, None, "door_open", "table: main door open"), 1.0)
    banner = scene_at(model, ATTRACT + 1, 20, ATTRACT).banner
    assert banner is not None and banner.kind == "tilt"


@pytest.mark.parametrize(
    ("language", "title", "lines"),
    [
        ("en", "ROULETTE", ("TOP PAYOUT AT THIS TABLE: $180.00",
                            "INSERT A BILL TO PLAY · INSERTE UN BILLETE PARA JUGAR")),
        ("es", "RULETA", ("MAYOR PREMIO EN ESTA MESA: $180.00",
                          "INSERTE UN BILLETE PARA JUGAR · INSERT A BILL TO PLAY")),
    ],
)  # fmt: skip
def test_the_band_names_the_game_its_top_payout_and_the_invitation_in_both_languages(
    language: str, title: str, lines: tuple[str, ...]
) -> None:
    model, t = samples.betting(samples.seen(samples.base("roulette")))  # a straight up paid $180.00 long ago
    window = pyglet.window.Window(1920, 1080, visible=False)
    try:
        painter = Painter(window, load_catalogue(language), 20)
        painter.paint(scene_at(model, t, 20, ATTRACT))
        assert painter.band_title.label.text == title
        assert painter.band_reason.label.text == "\n".join(lines)
        assert painter.band.visible
    finally:
        window.close()
