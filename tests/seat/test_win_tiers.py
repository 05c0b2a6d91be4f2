"""Wins that feel like wins, and losses not dressed as wins (issue 29 §2).

The seat's headline is the round's net: a round that pays back less than it staked never says "You win"
(in either language), plays no win sound and raises no banner; it says "Paid $6.00 · net −$4.00". A win's
tier follows the multiple of the seat's total stake that came back (big from 10x, huge from 30x): the
banner, its count-up and the sound follow the tier, only at the reveal; the display names the seat of a
big win.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest

from terminal.display.model import winners_of
from terminal.net import messages as m
from terminal.net.win_tier import BIG_MULTIPLE, HUGE_MULTIPLE, round_of, tier_of
from terminal.seat import win_banner
from terminal.seat.app import SeatApp
from terminal.sound.cues import SeatSounds
from terminal.sound.player import RecordingSink, Sound
from tests.seat.seat_states import linked_app, seat_state, wager

WIN_WORDS = {"en": "You win", "es": "Gana"}
BIG_WORDS = {"en": ("BIG WIN", "HUGE WIN"), "es": ("GRAN PREMIO", "PREMIO MAYOR")}


def _settled(spot: str, wagered: int, paid: int, seat: str = "seat-1") -> m.SettlementView:
    return m.SettlementView(seat, spot, wagered, paid, "win" if paid > wagered else "lose")


def _said(app: SeatApp, now: float, size: tuple[int, int] = (1920, 1080)) -> list[str]:
    """Every string the seat draws in one frame at ``now``."""
    said: list[str] = []
    tr = app.painter.tr
    app.painter.tr = lambda key, **kw: said.append(tr(key, **kw)) or said[-1]  # type: ignore[method-assign]
    try:
        app.draw(pygame.Surface(size), now)
    finally:
        app.painter.tr = tr  # type: ignore[method-assign]
    return said


def _seat(
    language: str, settled: tuple[m.SettlementView, ...], *, reveal_ms: int = 6500
) -> tuple[SeatApp, RecordingSink]:
    sink = RecordingSink()
    app, _ = linked_app("roulette", sound=SeatSounds(Sound(sink, 60, "en"), calls=False))
    if language != "en":
        app.painter.set_language(language)
    stake = sum(s.wagered for s in settled if s.seat == "seat-1")
    app.receive([seat_state(credits=100_000, wagers=(wager("red", stake),))], 0.5)
    app.update(0.5)
    state = app.control.model.table
    assert state is not None
    app.receive([replace(state, phase="locked", countdown_ms=0)], 1.0)
    app.update(1.0)
    paid = sum(s.paid for s in settled if s.seat == "seat-1")
    app.receive([m.Result(5, "17", settled, reveal_ms), seat_state(credits=100_000 + paid)], 2.0)
    return app, sink


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_round_that_pays_less_than_it_stakes_never_says_win(language: str) -> None:
    settled = (_settled("red", 1000, 0), _settled("dozen:2", 200, 600))  # staked $12, paid $6 back
    app, sink = _seat(language, settled)
    for t in (2.0, 5.0, 8.49):  # in play: nothing at all of the outcome
        app.update(t)
        assert not any(WIN_WORDS[language] in s or "6.00" in s for s in _said(app, t))
    for t in (8.6, 9.5, 12.0):  # revealed: the net, never a win
        app.update(t)
        said = _said(app, t)
        assert not any(WIN_WORDS[language] in s for s in said), said
        assert not any(word in s for word in BIG_WORDS[language] for s in said)
        paid_net = {"en": "Paid $6.00 · net −$6.00", "es": "Pagado $6.00 · neto −$6.00"}[language]
        assert paid_net in said
    assert "fx/win" not in sink.clips()


@pytest.mark.parametrize("language", ["en", "es"])
def test_even_money_back_is_not_a_win_either(language: str) -> None:
    app, sink = _seat(language, (_settled("red", 1000, 2000), _settled("black", 1000, 0)), reveal_ms=0)
    app.update(2.1)
    said = _said(app, 2.1)
    assert not any(WIN_WORDS[language] in s for s in said)
    assert {"en": "Paid $20.00 · net +$0.00", "es": "Pagado $20.00 · neto +$0.00"}[language] in said
    assert "fx/win" not in sink.clips()


@pytest.mark.parametrize(
    ("staked", "paid", "tier"),
    [
        (1000, 0, "loss"),
        (1000, 999, "loss"),
        (1000, 1000, "even"),
        (1000, 1001, "win"),
        (1000, 1000 * BIG_MULTIPLE - 1, "win"),
        (1000, 1000 * BIG_MULTIPLE, "big"),
        (1000, 1000 * HUGE_MULTIPLE - 1, "big"),
        (1000, 1000 * HUGE_MULTIPLE, "huge"),
        (0, 0, "none"),
    ],
)
def test_the_tiers_follow_the_multiple_of_the_stake(staked: int, paid: int, tier: str) -> None:
    assert tier_of(staked, paid) == tier


def test_the_tier_is_of_the_whole_round_not_of_the_winning_wager() -> None:
    # a straight-up hit (36x its own stake) beside nine losing chips: $36 back on $10 is a plain win
    settled = (_settled("straight:17", 100, 3600), *(_settled(f"straight:{n}", 100, 0) for n in range(1, 10)))
    assert round_of(settled, "seat-1").tier == "win"
    assert round_of(settled[:1], "seat-1").tier == "huge"  # alone it is 36x: huge


@pytest.mark.parametrize(
    ("language", "paid", "banner", "effects"),
    [
        ("en", 3000, None, ["fx/win"]),  # 3x: a win, no banner
        ("es", 3000, None, ["fx/win"]),
        ("en", 12_000, "BIG WIN", ["fx/win", "fx/chip"]),  # 12x
        ("es", 12_000, "GRAN PREMIO", ["fx/win", "fx/chip"]),
        ("en", 36_000, "HUGE WIN", ["fx/win", "fx/chip", "fx/closing"]),  # 36x
        ("es", 36_000, "PREMIO MAYOR", ["fx/win", "fx/chip", "fx/closing"]),
    ],
)
def test_a_win_says_so_at_the_reveal_with_its_tiers_banner_count_up_and_sound(
    language: str, paid: int, banner: str | None, effects: list[str]
) -> None:
    app, sink = _seat(language, (_settled("straight:17", 1000, paid),))
    app.update(8.0)
    assert not any(WIN_WORDS[language] in s for s in _said(app, 8.0))
    assert "fx/win" not in sink.clips()
    app.update(8.5)  # the reveal: 2.0 + 6.5 s
    before = len(sink.clips())
    app.update(8.55)
    said = _said(app, 8.55)
    amount = f"${paid // 100:,}.00"
    assert any(s.startswith(WIN_WORDS[language]) and amount in s for s in said), said
    assert [c for c in sink.clips() if c.startswith("fx/")][-len(effects) :] == effects
    assert len(sink.clips()) >= before
    shown = win_banner.showing(app.control, 8.55)
    if banner is None:
        assert shown is None and not any(w in s for w in BIG_WORDS[language] for s in said)
        return
    assert banner in said
    assert win_banner.counted(paid, 8.5, 8.5) == 0 < win_banner.counted(paid, 8.5, 9.0) < paid
    assert win_banner.counted(paid, 8.5, 10.5) == paid  # counted up to the payout
    assert banner not in _said(app, 8.5 + win_banner.BANNER_SECONDS + 0.1)  # and gone


def test_the_display_names_the_seat_of_a_big_win_and_not_of_a_losing_round() -> None:
    result = m.Result(
        5,
        "17",
        (
            _settled("straight:17", 100, 3600, "seat-2"),  # 36x: huge
            _settled("red", 1000, 2000, "seat-3"),  # 2x: a plain win
            _settled("odd", 500, 1000, "seat-4"),  # its winning wager, but $10 back on $25: a loss
            _settled("black", 1500, 0, "seat-4"),
        ),
    )
    tiers: dict[str, Any] = {w.seat: w.tier for w in winners_of(result)}
    assert tiers == {"seat-2": "huge", "seat-3": "win", "seat-4": ""}
