"""The display's reducer and scenes: messages in, what to show at an instant out."""

from __future__ import annotations

from terminal.display import boards, samples
from terminal.display.model import DisplayModel, LinkDown, LinkUp, apply
from terminal.display.scene import RESULT_HOLD_S, Banner, Stage, scene_at, settle_time
from terminal.games.craps.engine import CrapsView
from terminal.games.roulette.engine import RouletteView, TeamView, TouchdownView
from terminal.games.roulette.wheels import WHEELS
from terminal.net import messages as m
from terminal.net.game_state import game_view

STATE = samples.table_state


def test_a_round_seen_through_the_scenes() -> None:
    """One headline per stage; the countdown only while betting; the outcome, history and winners only
    once the ball has landed; the next window's look only after the result has been shown."""
    model = apply(DisplayModel(), LinkUp(), 0.0)
    model = apply(model, STATE(DisplayModel(), 7, "open", 10_000), 100.0)
    betting = scene_at(model, 103.2, 20)
    assert betting.stage is Stage.BETTING and betting.headline == "display.place_bets"
    assert betting.countdown == 7 and betting.banner is None
    closed = scene_at(model, 110.5, 20)  # the window ran out, no result yet
    assert closed.stage is Stage.CLOSED and closed.headline == "display.no_more_bets"
    assert closed.countdown is None
    result = m.Result(7, "17", (m.SettlementView("seat-2", "straight:17", 100, 3600, "win"),
                                m.SettlementView("seat-4", "red", 500, 0, "lose")))  # fmt: skip
    model = apply(model, result, 111.0)
    model = apply(model, m.History((m.HistoryEntry(7, "17", False),)), 111.0)
    model = apply(model, STATE(DisplayModel(), 8, "open", 25_000), 111.01)  # the next window, at once
    spinning = scene_at(model, 113.0, 20)
    assert spinning.stage is Stage.SPINNING and spinning.headline == "display.no_more_bets"
    assert spinning.outcome is None and spinning.wheel is not None and not spinning.wheel.landed
    assert spinning.countdown is None and spinning.history == () and spinning.round_id == 7
    landed_at = 111.0 + settle_time(model)
    landed = scene_at(model, landed_at + 0.1, 20)
    assert landed.stage is Stage.RESULT and landed.outcome == "17" and landed.outcome_detail == "black"
    assert landed.headline == "display.call_pocket" and dict(landed.headline_args)["number"] == "17"
    assert landed.winners is None and landed.countdown is None and landed.history[0].outcome == "17"
    shown = scene_at(model, landed_at + 2.0, 20)
    assert [(w.seat, w.won) for w in shown.winners or ()] == [("seat-2", 3500)]
    later = scene_at(model, landed_at + RESULT_HOLD_S + 0.1, 20)  # the next window's look, clock running
    assert later.stage is Stage.BETTING and later.headline == "display.place_bets" and later.winners is None
    left = 25.0 - (landed_at + RESULT_HOLD_S + 0.1 - 111.01)
    assert later.round_id == 8 and later.countdown == int(left + 1)
    assert later.outcome == "17" and later.outcome_label == "display.last_number"


def test_the_result_holds_until_the_next_window_opens() -> None:
    """A live table pauses after the result: the result stays up until the next window is open."""
    model = apply(apply(DisplayModel(), LinkUp(), 0.0), STATE(DisplayModel(), 7, "open", 1_000), 0.0)
    model = apply(model, m.Result(7, "5", ()), 2.0)
    assert scene_at(model, 100.0, 20).stage is Stage.RESULT
    model = apply(model, STATE(DisplayModel(), 8, "open", 20_000), 100.0)
    betting = scene_at(model, 100.5, 20)
    assert betting.stage is Stage.BETTING and betting.countdown == 20 and betting.round_id == 8


def test_a_resent_result_does_not_restart_the_animation() -> None:
    model = apply(DisplayModel(), m.Result(3, "5", ()), 10.0)
    again = apply(model, m.Result(3, "5", ()), 12.0)
    assert again.result == model.result and len(again.history) == 1


def test_a_craps_result_goes_on_the_board_as_history_writes_it() -> None:
    """The table's ``Result`` says ``"5-2 (7)"``; ``History`` says ``"5-2"``: the board tile held the first
    and overflowed its box (seen on ``terminal run --headless`` at a craps table)."""
    model = apply(DisplayModel(), m.History((m.HistoryEntry(3, "6-3", False),)), 1.0)
    model = apply(model, m.Result(4, "5-2 (7)", ()), 2.0)
    assert [h.outcome for h in model.history] == ["5-2", "6-3"]
    assert apply(DisplayModel(), m.Result(5, "00", ()), 1.0).history[0].outcome == "00"


def test_banners_link_lost_first_then_table_tilts_not_seat_tilts() -> None:
    model = apply(DisplayModel(), LinkUp(), 0.0)
    model = apply(model, m.Tilt("link_lost", True, 3, "link_lost", "seat 3: link lost"), 1.0)
    assert scene_at(model, 1.0, 20).banner is None  # a seat's own trouble stays on that seat
    door = m.Tilt("door_open", True, None, "door_open", "table: main door open")
    model = apply(model, door, 1.5)
    assert scene_at(model, 1.5, 20).banner == Banner("tilt", "door_open")
    service = m.Tilt("service_mode", True, None, "out_of_service", "table: technician in service mode")
    model = apply(model, service, 2.0)
    assert scene_at(model, 2.0, 20).banner == Banner("out_of_service", "out_of_service")  # its own screen
    model = apply(model, m.Tilt("service_mode", False, None, "out_of_service", "table: cleared"), 3.0)
    model = apply(model, m.Tilt("door_open", False, None, "door_open", "table: door closed"), 3.0)
    assert scene_at(model, 3.0, 20).banner is None
    lost = scene_at(apply(model, LinkDown("reconnecting", "connection closed"), 4.0), 4.0, 20).banner
    assert lost == Banner("link_lost", "reconnecting")


def test_no_technician_text_reaches_the_scene() -> None:
    """The display drew "controller silent past the heartbeat timeout" and "main door open" as they came."""
    model = samples.base()
    for message in (
        m.Tilt("door_open", True, None, "door_open", "table: SECRET main door"),
        m.Tilt("rng_failure", True, None, "table_check", "table: SECRET KAT 4"),
        m.Tilt("device_fault", True, 2, "ticket_printer", "seat 2: SECRET jam"),
        LinkDown("reconnecting", "SECRET: heartbeat timeout"),
    ):
        model = apply(model, message, 1.0)
        assert "SECRET" not in repr(scene_at(model, 1.0, 20))


def test_history_message_replaces_the_board_and_is_cut_to_the_configured_length() -> None:
    entries = tuple(m.HistoryEntry(100 - k, str(k % 37), k == 3) for k in range(60))
    model = apply(DisplayModel(), m.History(entries), 1.0)
    scene = scene_at(model, 1.0, 12)
    assert len(scene.history) == 12 and scene.history[0].outcome == "0" and scene.history[3].void


def test_hot_and_cold_numbers_come_from_the_counts() -> None:
    universe = boards.roulette_universe(WHEELS["double_zero"].order)
    assert universe[:3] == ("0", "00", "1") and len(universe) == 38
    spins = ("5", "5", "9", "5", "9", "1", *universe)  # newest first: every number at least once
    board = boards.hot_cold(spins, universe, 3, needed=len(universe))
    assert board.ready and board.spins == 44
    assert board.hot == (("5", 4), ("9", 3), ("1", 2))
    seen_once = [o for o in universe if o not in ("5", "9", "1")]
    assert board.cold == tuple((o, 1) for o in reversed(seen_once[-3:]))  # the longest unseen first


def test_hot_needs_a_repeat_and_a_young_table_says_it_has_too_few_spins() -> None:
    universe = boards.roulette_universe(WHEELS["single_zero"].order)
    young = boards.hot_cold(("2", "4", "6", "17"), universe, 4, needed=len(universe))
    assert not young.ready and (young.spins, young.needed) == (4, 37) and young.hot == ()
    model = samples.base("roulette", "single_zero", spins=9)
    scene = scene_at(*samples.betting(model), 20)
    assert not scene.hot_cold.ready and scene.hot_cold.spins == 9


def test_a_single_zero_table_has_no_touchdown_and_no_00() -> None:
    model = samples.base("roulette", "single_zero")
    model = apply(model, m.History((m.HistoryEntry(9, "00", False), m.HistoryEntry(8, "3", False))), 1.0)
    model = apply(model, samples.touchdown_view(phase="open"), 1.0)  # even if a view said otherwise
    scene = scene_at(model, 1.0, 20)
    assert scene.touchdown is None and [h.outcome for h in scene.history] == ["3"]
    assert all(o != "00" for o, _ in scene.hot_cold.hot + scene.hot_cold.cold)


def test_lucky_shooter_progress_follows_the_rolls() -> None:
    # Come-out 9; then 10, 4, 6, 10 (repeat): settled at 3 of 5 (GAMES.md § 2.6 example).
    rolls = ("5-5", "3-3", "2-2", "6-4", "5-4")
    progress = boards.lucky_shooter(rolls)
    assert progress.point == 9 and progress.marks == (10, 4, 6) and progress.settled
    assert boards.lucky_shooter(("1-1",)).point is None


def test_the_hot_roller_board_follows_the_rolls_back_to_the_last_seven() -> None:
    """Newest roll first: 4's two ways (1-3 and 2-2) complete it; a 7 wipes every combination before it."""
    assert boards.hot_roller(("2-2",)) == boards.HotRollerBoard((22,), ())
    assert boards.hot_roller(("1-3", "2-2")) == boards.HotRollerBoard((13, 22), (4,))
    assert boards.hot_roller(("3-4", "1-3", "2-2")) == boards.HotRollerBoard((), ())
    assert boards.hot_roller(("1-3", "3-4", "2-2")) == boards.HotRollerBoard((13,), ())


def test_table_state_v2_sets_wheel_lab_mode_and_the_table_name() -> None:
    model = DisplayModel(wheel="single_zero", test_mode=True)
    state = STATE(model, 4, "open", 5_000)
    seen = apply(DisplayModel(), state, 0.0)
    assert (seen.wheel, seen.test_mode, seen.table) == ("single_zero", True, "Keystone Casino · T-01")
    assert scene_at(seen, 0.0, 20).test and len(scene_at(seen, 0.0, 20).wheel_order) == 37


def test_game_view_feeds_the_field_and_the_craps_boards() -> None:
    teams = (TeamView("seat-1", "red", False), TeamView("seat-2", "black", True))
    td = TouchdownView("game", (32, 8), (15, -3), 12, teams)
    model = apply(DisplayModel(), game_view("roulette", 9, RouletteView("double_zero", td)), 50.0)
    field = scene_at(model, 99.0, 20).field
    assert field is not None and field.ball == 12.0 and field.downs_played == 2
    panel = scene_at(model, 99.0, 20).touchdown
    assert panel is not None and panel.info.teams == (("seat-1", "red", False), ("seat-2", "black", True))
    craps = CrapsView(6, 3, 11, False, (4, 9), (2, 3, 11), "4-2")
    model = apply(DisplayModel(game="craps"), game_view("craps", 9, craps), 1.0)
    scene = scene_at(model, 1.0, 20)
    assert scene.craps is not None and scene.craps.point == 6 and scene.dice is not None
    assert scene.dice.faces == (4, 2)  # before any result, the dice show the last roll
