"""The seat's model and control: limits checked before sending, refusals on screen, count-up, tilts."""

from __future__ import annotations

from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat.model import COUNT_UP_SECONDS, LinkStatus, SeatModel, reduce
from tests.seat.seat_states import linked_app, seat_state, table_state, wager


def test_a_chip_within_the_limits_is_sent_at_once() -> None:
    app, sent = linked_app()
    app.act(i.Intent(i.CHIP, value=500), 1.0)
    app.act(i.Intent(i.PLACE, "straight:17"), 1.0)
    assert sent.messages == [m.PlaceWager("straight:17", 500)]
    assert app.control.ui.pending[0][:2] == ("straight:17", 500)  # drawn on the next frame, before the reply


def test_a_chip_over_the_wager_maximum_is_refused_naming_the_limit() -> None:
    app, sent = linked_app()
    app.act(i.Intent(i.CHIP, value=50000), 1.0)  # straight max is 10000 in the offer
    app.act(i.Intent(i.PLACE, "straight:17"), 1.0)
    assert sent.messages == []
    notice = app.control.model.notice
    assert notice is not None and notice.key == "limit.maximum"
    assert dict(notice.args) == {"wager": "wager.straight", "amount": "$100.00"}
    text = app.painter.tr(notice.key, **{**notice.kwargs(), "wager": app.painter.tr("wager.straight")})
    assert text == "Straight: the maximum is $100.00"


def test_the_seat_limit_and_the_credits_are_checked_before_sending() -> None:
    app, sent = linked_app()
    app.receive([seat_state(credits=300_000, wagers=(wager("red", 240_000),))], 0.5)
    app.act(i.Intent(i.CHIP, value=50000), 1.0)
    app.act(i.Intent(i.PLACE, "black"), 1.0)
    assert app.control.model.notice is not None and app.control.model.notice.key == "limit.seat_max"
    app.receive([seat_state(credits=300)], 1.5)
    app.act(i.Intent(i.CHIP, value=500), 2.0)
    app.act(i.Intent(i.PLACE, "black"), 2.0)
    assert app.control.model.notice is not None and app.control.model.notice.key == "limit.credits"
    assert sent.messages == []


def test_a_controller_error_is_shown_in_the_players_language_with_its_detail() -> None:
    app, _ = linked_app(language="es")
    app.receive(
        [m.Error("refused", "limit: the seat's wagers this round would pass the limit 250000", 3)], 1.0
    )
    notice = app.control.model.notice
    assert notice is not None and notice.key == "error.limit" and "250000" in notice.detail
    assert app.painter.tr(notice.key) == "Supera un límite de la mesa"


def test_after_the_countdown_a_touch_is_refused_on_screen_and_nothing_is_sent() -> None:
    app, sent = linked_app()
    app.act(i.Intent(i.PLACE, "red"), 25.0)  # the 20 s window ran out on the seat's clock
    assert sent.messages == []
    assert app.control.model.notice is not None and app.control.model.notice.key == "bets.closed"
    assert app.control.ui.refused_at == 25.0


def test_a_result_closes_its_round_until_the_next_window() -> None:
    model = reduce(SeatModel("seat-1"), LinkStatus(True, ""), 0.0)
    model = reduce(model, table_state(round_id=5), 0.0)
    model = reduce(model, m.Result(5, "17", ()), 1.0)
    assert not model.can_bet(1.0)
    model = reduce(model, table_state(round_id=6), 2.0)
    assert model.can_bet(2.0)


def test_credits_count_up_to_a_win_over_one_and_a_half_seconds() -> None:
    app, _ = linked_app()
    app.receive([seat_state(credits=10_000)], 0.0)
    app.receive([m.Result(5, "17", (m.SettlementView("seat-1", "straight:17", 100, 3600, "win"),))], 1.0)
    app.receive([seat_state(credits=13_600, last_win=3600)], 1.0)
    model = app.control.model
    assert model.credits_shown(1.0) == 10_000
    assert 10_000 < model.credits_shown(1.0 + COUNT_UP_SECONDS / 2) < 13_600
    assert model.credits_shown(1.0 + COUNT_UP_SECONDS) == 13_600
    assert model.winners() == (("straight:17", 3600),)


def test_another_seats_tilt_does_not_stop_this_seat_but_a_table_tilt_does() -> None:
    lost = m.Tilt("link_lost", True, 2, "link_lost", "seat 2: seat link lost")
    model = reduce(SeatModel("seat-1"), lost, 0.0)
    assert model.tilts == ()
    model = reduce(model, m.Tilt("door_open", True, None, "door_open", "table: main door open"), 0.0)
    assert [reason for reason, _ in model.tilts] == ["door_open"]
    model = reduce(model, m.Tilt("door_open", False, None, "door_open", "table: main door open"), 0.0)
    assert model.tilts == ()


def test_craps_on_off_acts_on_the_wager_touched_next() -> None:
    app, sent = linked_app("craps")
    app.receive([seat_state(wagers=(wager("place_6", 600, working=False),))], 0.5)
    app.act(i.Intent(i.SELECT), 1.0)
    assert app.control.ui.selected == ""
    app.act(i.Intent(i.TOGGLE, "place_6"), 1.0)
    assert sent.messages == [m.SetWorking("place_6", True)]
    assert app.control.ui.selected is None


def test_the_reality_check_comes_every_configured_period() -> None:
    app, _ = linked_app(reality_check_minutes=30)
    app.update(29 * 60.0)
    assert not app.control.ui.reality_check
    app.update(30 * 60.0 + 1)
    assert app.control.ui.reality_check
    app.act(i.Intent(i.DISMISS, "reality"), 30 * 60.0 + 2)
    app.update(30 * 60.0 + 3)
    assert not app.control.ui.reality_check
