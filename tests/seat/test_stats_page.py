"""The seat's statistics page (docs/statistics.md): reached from History by a finger-sized button, it keeps
the board of before the round until the reveal time (the Tally is held like the History), and a game
with no board says so."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat import pages
from terminal.seat.app import SeatApp
from terminal.seat.main import init_headless
from terminal.seat.model import LinkStatus
from tests.seat.seat_states import Sent, frame_colours
from tests.support.reveal_rounds import ROUNDS, Round, before, result, reveal_ms

SIZE = (1920, 1080)
FPS = 6
RESULT_AT = 30.0


def _seat(r: Round, outcome: str) -> SeatApp:
    init_headless()
    app = SeatApp("seat-1", Sent(), size=SIZE)
    app.receive([LinkStatus(True, ""), *before(r)], 0.0)
    app.act(i.Intent(i.SCREEN, "history"), 0.5)
    stats = next(b for b in pages.buttons(app.control, app.frame) if b.key == "button.stats")
    assert stats.rect.height >= 48 and stats.rect.width >= 48  # a finger's touch at 1080 lines
    app.act(stats.intent, 0.5)
    assert app.control.ui.screen == "stats"
    app.update(RESULT_AT - 1.0)
    app.receive(result(r, outcome), RESULT_AT)
    return app


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_the_statistics_page_takes_the_outcome_only_at_the_reveal(game: str) -> None:
    r = ROUNDS[game]
    reveal = reveal_ms(game, r.win) / 1000
    won, lost = _seat(r, r.win), _seat(r, r.lose)
    for k in range(int(reveal * FPS)):
        now = RESULT_AT + k / FPS
        same = np.array_equal(frame_colours(won, now), frame_colours(lost, now))
        assert same, f"{game}: the statistics page shows the outcome {k / FPS:.2f} s after the result"
        tally = won.control.model.tally
        assert tally is not None and tally.windows[0].rounds == 1  # the board of before the round
    after = RESULT_AT + reveal + 0.01
    shown = frame_colours(won, after), frame_colours(lost, after)
    assert not np.array_equal(*shown), f"{game}: the reveal shows nothing"
    tally = won.control.model.tally
    assert tally is not None and tally.windows[0].rounds == 2
    assert m.OutcomeCount(r.win, 1) in tally.windows[0].counts


def test_a_game_with_no_board_says_so_and_the_page_leads_back_to_history() -> None:
    init_headless()
    app = SeatApp("seat-1", Sent(), size=SIZE)
    state = before(ROUNDS["craps"])[0]
    assert isinstance(state, m.TableState)
    app.receive([LinkStatus(True, ""), replace(state, game="props_hops")], 0.0)
    app.act(i.Intent(i.SCREEN, "stats"), 0.5)
    drawn: list[str] = []
    painter_draw = app.painter.draw

    def watched(surface: pygame.Surface, key: str, *args: object, **kwargs: object) -> pygame.Rect:
        drawn.append(key)
        return painter_draw(surface, key, *args, **kwargs)  # type: ignore[arg-type]

    app.painter.draw = watched  # type: ignore[method-assign]
    app.draw(pygame.Surface(SIZE), 1.0)
    assert "stats.no_board" in drawn
    back = [b for b in pages.buttons(app.control, app.frame) if b.key == "button.history"]
    assert back and back[0].intent == i.Intent(i.SCREEN, "history")
