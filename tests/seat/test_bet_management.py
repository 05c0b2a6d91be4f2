"""Bet management at a seat against a real table (controller, ledger, RNG, protocol): favourites saved and
replayed, the racetrack's call bets, a long press's card of a spot, each refused cleanly at a limit."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from terminal import config as configuration
from terminal.lab.live_table import LiveSeat, LiveTable
from terminal.lab.screens import next_window, play
from terminal.net import messages as m
from terminal.seat import bet_cards, call_card
from terminal.seat import intents as i
from terminal.seat.main import init_headless
from terminal.seat.pointer import Gesture
from tests.seat.test_seat_live import button, stakes, tap

CALLS = json.loads((Path(__file__).parents[1] / "games" / "vectors" / "roulette_call_bets.json").read_text())
DOUBLE = "[table]\ngame = roulette\nseats = 1\nbetting_seconds = 30\n[limits]\nstraight_max = 100.00\n"
SINGLE = DOUBLE + "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n"


def _table(tmp_path: Path, text: str) -> LiveTable:
    init_headless()
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(text, encoding="utf-8")
    return LiveTable(configuration.load(cfg))


def _card_button(seat: LiveSeat, key: str, slot: int = 0) -> tuple[int, int]:
    found = [
        b for b in bet_cards.favourite_buttons(seat.app.control, seat.app.frame, seat.now) if b.key == key
    ]
    return found[slot].rect.center


def test_a_favourite_is_saved_by_touch_and_placed_again_next_round(tmp_path: Path) -> None:
    with _table(tmp_path, DOUBLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.place("red", 500)
            seat.place("dozen:2", 500)
            seat.place("red", 100)  # two chips on red: the favourite keeps red's whole stake
            tap(seat, button(seat, "button.favourites"))
            assert seat.app.control.ui.card == "favourites"
            tap(seat, _card_button(seat, "favourites.save"))
            assert seat.app.control.ui.favourites[0] == (("red", 600), ("dozen:2", 500))
            play(table, seat)
            next_window(table, seat)
            credits = seat.model.me.credits
            tap(seat, _card_button(seat, "favourites.place"))
            assert stakes(seat) == [("dozen:2", 500), ("red", 600)]
            assert seat.model.me.credits == credits - 1100
            assert seat.app.control.ui.card is None  # placed: the card closes on the felt


def test_a_favourite_over_the_credits_is_refused_on_the_seat_and_by_the_table(tmp_path: Path) -> None:
    with _table(tmp_path, DOUBLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.place("red", 5000)
            seat.place("black", 4000)
            seat.act(i.FAVOURITE_SAVE, value=1)
            seat.act(i.FAVOURITE_PLAY, value=1)  # $90 more against the $10 left
            notice = seat.model.notice
            assert notice is not None and notice.key == "limit.set_credits"
            assert stakes(seat) == [("black", 4000), ("red", 5000)] and seat.model.me.credits == 1000
            # the table refuses the same set on its own (a seat that skipped its check): nothing placed
            seat.link.send(m.PlaceWagers((m.Stake("straight:5", 500), m.Stake("straight:6", 900))))
            seat.settle()
            assert stakes(seat) == [("black", 4000), ("red", 5000)] and seat.model.me.credits == 1000
            assert seat.model.notice is not None and seat.model.notice.key == "error.credits"


def test_favourites_go_with_the_session_at_cash_out(tmp_path: Path) -> None:
    with _table(tmp_path, DOUBLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.place("red", 500)
            seat.act(i.FAVOURITE_SAVE, value=0)
            seat.act(i.CLEAR)
            assert seat.app.control.ui.favourites[0] == (("red", 500),)
            seat.act(i.CASH_OUT)
            seat.until(lambda s: s.voucher is not None, "the voucher")
            assert seat.app.control.ui.favourites == ()


@pytest.mark.parametrize("name", sorted(CALLS["calls"]))
def test_a_french_call_bet_puts_the_tables_chips_on_the_layout(tmp_path: Path, name: str) -> None:
    with _table(tmp_path, SINGLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.act(i.CHIP, value=500)
            seat.act(i.CALL_BET, name)
            wanted = sorted((spot, units * 500) for spot, units in CALLS["calls"][name]["layout_pieces"])
            assert stakes(seat) == wanted
            assert seat.model.me.credits == 10_000 - 500 * CALLS["calls"][name]["chips"]


def test_neighbours_are_touched_on_the_cards_racetrack(tmp_path: Path) -> None:
    with _table(tmp_path, DOUBLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.act(i.CHIP, value=100)
            tap(seat, button(seat, "button.calls"))
            card = call_card.measure(seat.app.frame, call_card.bet_sets.table_wheel(seat.model), 2)  # type: ignore[arg-type]
            assert not any(b.key.startswith("calls.voisins") for b in card.buttons)  # no French sector on 00
            tap(seat, next(b.rect.center for b in card.buttons if b.key == "calls.fewer"))  # 2 -> 1 each side
            tap(seat, dict(card.pockets)[37].center)  # 00 and one either side on the American wheel: 1, 27
            assert stakes(seat) == [("straight:00", 100), ("straight:1", 100), ("straight:27", 100)]


def test_a_call_bet_the_wheel_lacks_or_a_limit_breaks_sends_nothing(tmp_path: Path) -> None:
    with _table(tmp_path, DOUBLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.act(i.CALL_BET, "voisins")
            assert seat.model.notice is not None and seat.model.notice.key == "calls.unknown"
            seat.act(
                i.CHIP, value=10_000
            )  # $100 a straight is the straight's maximum; five is $500 > credits
            seat.act(i.CALL_BET, "neighbours:17")
            assert seat.model.notice is not None and seat.model.notice.key == "limit.set_credits"
            assert stakes(seat) == []


def test_a_long_press_shows_the_spots_card_with_its_configured_limits(tmp_path: Path) -> None:
    with _table(tmp_path, DOUBLE) as table:
        table.insert_bills(1, 10_000)
        with LiveSeat(table, 1) as seat:
            seat.place("red", 500)
            area = next(a for a in seat.app.game.layout.areas() if a.spot == "straight:17")
            seat.app.gesture(Gesture("long_press", area.center), seat.now)
            seat.settle()
            assert seat.app.control.ui.card == "spot:straight:17"
            assert stakes(seat) == [("red", 500)]  # no chip of the seat's there: nothing taken back
            p, control = seat.app.painter, seat.app.control
            words = [p.tr(key, **args) for key, args in bet_cards.spot_lines(p, control, "straight:17")]
            assert words == ["Pays 35 to 1", "Minimum $1.00", "Maximum $100.00", "In steps of $1.00"]
            red = next(a for a in seat.app.game.layout.areas() if a.spot == "red")
            seat.app.gesture(Gesture("long_press", red.center), seat.now)
            seat.settle()
            assert seat.app.control.ui.card == "spot:red" and stakes(seat) == []  # its chips came back
            seat.now += 6.0
            seat.pump()
            assert seat.app.control.ui.card is None  # a tooltip: it goes by itself


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)])
def test_every_button_of_the_cards_is_a_fingers_size(tmp_path: Path, size: tuple[int, int]) -> None:
    least = 48 if size[1] >= 1080 else 40
    with _table(tmp_path, SINGLE) as table, LiveSeat(table, 1, size=size) as seat:
        frame, control = seat.app.frame, seat.app.control
        card = call_card.measure(frame, call_card.bet_sets.table_wheel(seat.model), 2)  # type: ignore[arg-type]
        rects = [b.rect for b in card.buttons] + [r for _, r in card.pockets]
        rects += [b.rect for b in bet_cards.favourite_buttons(control, frame, seat.now)]
        rects += [b.rect for b in seat.app.game.buttons()]
        small = [r for r in rects if min(r.size) < least]
        assert not small, small
        assert all(frame.rect.contains(r) for r in rects)
        surface = pygame.Surface(size)
        for card_name in ("favourites", "calls"):
            seat.act(i.CARD, card_name)
            seat.app.draw(surface, seat.now)
            seat.act(i.CARD, card_name)
