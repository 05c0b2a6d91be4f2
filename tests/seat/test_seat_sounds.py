"""A real seat, driven by the controller's messages and the player's intents, plays each moment's clip in
the player's language: the chip as it lands, a tick as betting closes, the lock, the call, the win."""

from __future__ import annotations

from dataclasses import replace

from terminal.net import messages as m
from terminal.net.game_state import game_view, read_state
from terminal.seat import intents as i
from terminal.seat.app import SeatApp
from terminal.sound.cues import SeatSounds
from terminal.sound.player import RecordingSink, Sound
from tests.seat.seat_states import craps_views, linked_app, seat_state, table_state, wager


def _seat(game: str = "roulette", *, calls: bool = True, volume: int = 60) -> tuple[SeatApp, RecordingSink]:
    sink = RecordingSink()
    app, _ = linked_app(game, sound=SeatSounds(Sound(sink, volume, "en"), calls=calls))
    app.update(0.0)  # the first frame: a seat that starts mid-window says nothing
    return app, sink


def _frames(app: SeatApp, start: float, end: float) -> None:
    t = start
    while t < end:
        app.update(t)
        t += 1 / 30


def _win(round_id: int = 5) -> m.Result:
    return m.Result(round_id, "17", (m.SettlementView("seat-1", "straight:17", 500, 18_000, "win"),))


def test_a_round_at_the_seat_is_heard_in_order() -> None:
    app, sink = _seat()
    app.act(i.Intent(i.PLACE, "straight:17"), 1.0)
    assert sink.clips() == ["fx/chip"]
    _frames(app, 1.0, 16.5)  # 20 s window from t=0: 5 s are left at t=15
    assert sink.clips() == ["fx/chip", "fx/closing", "en/bets_closing"]
    app.receive([table_state(phase="locked", countdown_ms=0)], 20.0)
    _frames(app, 20.0, 21.0)
    app.receive([_win(), seat_state(credits=38_000)], 28.0)
    _frames(app, 28.0, 29.0)
    huge = ["fx/win", "fx/chip", "fx/closing"]  # a lone straight up returns 36x its stake: a huge win
    assert sink.clips()[3:] == ["fx/lock", "en/no_more_bets", "en/roulette_17", *huge]
    _frames(app, 29.0, 40.0)
    assert len(sink.clips()) == 9  # each moment once


def test_the_calls_follow_the_players_language() -> None:
    app, sink = _seat()
    app.act(i.Intent(i.LANGUAGE, "es"), 1.0)
    app.receive([table_state(phase="locked", countdown_ms=0)], 2.0)
    app.update(2.0)
    app.receive([m.Result(5, "8", ()), seat_state()], 3.0)
    app.update(3.0)
    assert sink.clips() == ["fx/lock", "es/no_more_bets", "es/roulette_8"]  # no win: nothing won


def test_without_seat_calls_the_seat_plays_only_its_effects() -> None:
    app, sink = _seat(calls=False)
    app.receive([table_state(phase="locked", countdown_ms=0)], 2.0)
    app.update(2.0)
    app.receive([_win(), seat_state(credits=38_000)], 3.0)
    app.update(3.0)
    assert sink.clips() == ["fx/lock", "fx/win", "fx/chip", "fx/closing"]  # a huge win's layered effects


def test_a_refused_chip_makes_no_chip_sound() -> None:
    app, sink = _seat()
    app.receive([table_state(phase="locked", countdown_ms=0)], 2.0)
    app.update(2.0)
    app.act(i.Intent(i.PLACE, "straight:17"), 2.5)  # after the lock: refused on screen
    assert "fx/chip" not in sink.clips()


def test_a_craps_roll_is_called_on_the_point_it_was_rolled_on() -> None:
    app, sink = _seat("craps")
    views = craps_views()
    point_six = [game_view("craps", v.round_id, replace(read_state(v), point=6)) for v in views
                 if isinstance(v, m.GameView)]  # fmt: skip
    app.receive(point_six, 1.0)
    app.update(1.0)
    app.receive([table_state("craps", phase="locked", countdown_ms=0)], 2.0)
    app.update(2.0)
    # the table sends the result and the game after it (a seven-out clears the point) together
    after = [game_view("craps", v.round_id, replace(read_state(v), point=None)) for v in point_six]
    app.receive([m.Result(5, "3-4 (7)", ()), *after, seat_state(wagers=(wager("pass", 1000),))], 3.0)
    app.update(3.0)
    assert sink.clips()[-1] == "en/out_7"


def test_volume_zero_at_the_seat_plays_nothing() -> None:
    app, sink = _seat(volume=0)
    app.act(i.Intent(i.PLACE, "straight:17"), 1.0)
    _frames(app, 1.0, 16.5)
    app.receive([table_state(phase="locked", countdown_ms=0)], 20.0)
    app.update(20.0)
    assert sink.played == []
