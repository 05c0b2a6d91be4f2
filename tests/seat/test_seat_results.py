"""Results a player understands, and a list of wagers that never drops one.

After a spin the seat says the result in words ("17 BLACK ODD") where it said "no more bets", shows the
felt bright (not locked), lists each winning wager with its payout and each losing one as lost, and says
"You win" only for what was won, with the round's net beside it. The list of the seat's wagers pages when
it is longer than its room, also during a Touchdown drive on a 4:3 screen.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat import message_strip, side_panel, wager_list
from terminal.seat.pointer import Gesture
from tests.seat.screen_tour import seat_app
from tests.seat.seat_states import seat_state, wager


def _spin(app: Any, outcome: str, settlements: tuple[m.SettlementView, ...]) -> None:
    state = app.control.model.table
    app.receive([replace(state, phase="locked", countdown_ms=0)], 1.0)
    app.receive([m.Result(5, outcome, settlements)], 1.0)


def _settled(seat: str, spot: str, wagered: int, paid: int) -> m.SettlementView:
    return m.SettlementView(seat, spot, wagered, paid, "win" if paid > wagered else "lose")


@pytest.mark.parametrize(("language", "words"), [("en", "17 BLACK ODD"), ("es", "17 NEGRO IMPAR")])
def test_the_strip_says_the_result_in_words_not_no_more_bets(language: str, words: str) -> None:
    app = seat_app("double_zero", language)
    _spin(app, "17", ())
    key, _, args = message_strip.status_key(app.control, app.painter, 1.5)
    assert key == "status.result" and args == {"outcome": words}
    assert not app.game._layout_view(1.5).locked  # the felt is bright for the result, not dimmed as locked


def test_each_winner_with_its_payout_each_loser_marked_lost_and_the_net() -> None:
    app = seat_app("double_zero")
    app.receive([seat_state(wagers=(wager("straight:17", 500), wager("red", 1000), wager("odd", 200)))], 0.5)
    settled = (
        _settled("seat-1", "straight:17", 500, 18_000),  # 35 to 1: $180 back
        _settled("seat-1", "red", 1000, 0),
        _settled("seat-1", "odd", 200, 400),
        _settled("seat-2", "black", 999, 1998),  # another seat's: not this player's
    )
    _spin(app, "17", settled)
    heading, rows = wager_list.listed(app.control, 1.5)
    assert heading == "bets.results"
    assert rows == [("straight", "17", 18_000, "win"), ("odd", "", 400, "win"), ("red", "", 1000, "lose")]
    drawn: list[tuple[str, dict[str, Any]]] = []
    draw = app.painter.draw
    app.painter.draw = lambda s, key, at, *a, **kw: drawn.append((key, kw)) or draw(s, key, at, *a, **kw)
    app.draw(pygame.Surface((1920, 1080)), 1.5)
    said = {(key, kw.get("amount")) for key, kw in drawn}
    assert (
        ("bets.pays", "$180.00") in said
        and ("bets.pays", "$4.00") in said
        and ("bets.lost", "$10.00") in said
    )
    assert side_panel.round_net(app.control) == 18_000 + 400 - 500 - 1000 - 200
    assert sum(paid for _, paid in app.control.model.winners()) == 18_400  # "You win $184.00"


def _every_row_by_paging(app: Any, now: float) -> list[wager_list.Row]:
    box = side_panel.sections(app.frame, app.control).wagers
    seen: list[wager_list.Row] = []
    for _ in range(20):
        at = wager_list.paged(app.control, box, app.frame.unit, app.frame.touch, now)
        found = wager_list.listed(app.control, now)[1]
        seen += found[at.first : at.first + len(at.rows)]
        if at.following is None or at.page == at.pages - 1:
            return seen
        app.gesture(Gesture("tap", at.following.center), now)
    raise AssertionError("the list never reached its last page")


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_every_wager_stays_in_reach_during_a_touchdown_drive(size: tuple[int, int]) -> None:
    app = seat_app("double_zero", "en", size)  # fourteen wagers and a drive on the way
    assert app.control.model.touchdown is not None
    at = side_panel.sections(app.frame, app.control)
    assert at.progress.height > 0  # the drive shows
    paged = wager_list.paged(app.control, at.wagers, app.frame.unit, app.frame.touch, 1.0)
    assert len(paged.rows) >= 3  # and the list keeps rows beside it
    assert _every_row_by_paging(app, 1.0) == wager_list.rows(app.control)


def test_the_paging_arrows_are_finger_sized_and_stop_at_the_ends() -> None:
    app = seat_app("craps", "en", (1024, 768))
    box = side_panel.sections(app.frame, app.control).wagers
    at = wager_list.paged(app.control, box, app.frame.unit, app.frame.touch, 1.0)
    assert at.previous is not None and at.following is not None and at.pages > 1
    assert min(*at.previous.size, *at.following.size) >= app.frame.touch
    app.gesture(Gesture("tap", at.previous.center), 1.0)
    assert app.control.ui.bets_page == 0  # nothing before the first page
    app.act(i.Intent(i.BETS_PAGE, value=1), 1.0)
    assert wager_list.paged(app.control, box, app.frame.unit, app.frame.touch, 1.0).page == 1


def test_a_refusal_of_the_closed_window_is_gone_when_its_result_arrives() -> None:
    app = seat_app("double_zero")
    state = app.control.model.table
    app.receive([replace(state, phase="locked", countdown_ms=0)], 1.0)
    app.act(i.Intent(i.PLACE, "straight:5"), 1.0)  # a touch after the lock: "no more bets"
    assert app.control.model.notice_at(1.0) is not None
    app.receive([m.Result(5, "17", ())], 1.5)
    assert app.control.model.notice_at(1.6) is None  # the result speaks, not the stale refusal
