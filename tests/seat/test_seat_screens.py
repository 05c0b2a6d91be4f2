"""Every seat screen renders in both languages, and ``terminal screens`` writes them against a real table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame
import pytest

from terminal.cli import main
from terminal.i18n import LANGUAGES
from terminal.net import messages as m
from terminal.seat.app import SeatApp
from terminal.seat.model import LinkStatus
from tests.seat.seat_states import colours, linked_app, seat_state, table_state, wager

STATES = (
    "game",
    "help",
    "history",
    "cashout",
    "session",
    "voucher",
    "prompt",
    "tilt",
    "handpay",
    "link_lost",
    "reality",
    "notice",
    "test_mode",
)
VOUCHER = m.CashedOut(
    "seat-1",
    17300,
    "629461984026563521",
    "Keystone Casino",
    "T-01",
    "2026-11-23T07:25:35",
    "2026-12-23",
    "USD",
)


def _into(app: SeatApp, state: str) -> None:
    ui, receive = app.control.ui, app.receive
    match state:
        case "help" | "history" | "cashout" | "session":
            app.control.ui = replace(ui, screen=state)
        case "voucher":
            receive([VOUCHER], 1.0)
        case "prompt":
            receive([m.TeamPrompt("seat-1", 5, 15_000)], 1.0)
        case "tilt":
            receive([m.Tilt("door_open", True, None, "door_open", "table: main door open")], 1.0)
        case "handpay":
            receive([m.Tilt("handpay", True, 1, "handpay", "seat 1: award of 250000 on straight")], 1.0)
        case "link_lost":
            receive([LinkStatus(False, "connection closed by the controller")], 1.0)
        case "reality":
            app.control.ui = replace(ui, reality_check=True)
        case "notice":
            receive(
                [m.Error("refused", "limit: the seat's wagers this round would pass the limit 250000", 1)],
                1.0,
            )
        case "test_mode":
            receive([table_state(test_mode=True)], 1.0)


@pytest.mark.parametrize("game", ["roulette", "craps"])
@pytest.mark.parametrize("state", STATES)
def test_every_screen_renders_in_both_languages(game: str, state: str) -> None:
    frames = {}
    for language in LANGUAGES:
        app, _ = linked_app(game, language)
        app.receive([seat_state(wagers=(wager("lucky_shooter", 500, number=6, marks=(4, 9)),))], 0.5)
        _into(app, state)
        surface = pygame.Surface((1920, 1080))
        app.draw(surface, 1.5)
        frames[language] = colours(surface)
    assert not np.array_equal(frames["en"], frames["es"])  # the language reached the screen


def test_the_help_pages_cover_every_offered_wager() -> None:
    app, _ = linked_app("craps")
    from terminal.seat import help_content

    offer = app.control.model.offer
    assert offer is not None
    book = help_content.pages(offer, app.painter.money)
    named = {key for page in book for r in page.rows for key in (r.key, *(c[0] for c in r.cells))}
    named |= {page.title for page in book}
    for w in offer.wagers:  # each wager named on a page, or its family's table covers it
        if not w.wager.startswith(("place_", "buy_", "lay_", "hop_")):
            assert f"wager.{w.wager}" in named, w.wager
    numbers = next(page for page in book if page.title == "help.family.numbers")
    six = next(r for r in numbers.rows if r.cells and r.cells[0][1] == (("number", "6"),))
    assert six.cells[1] == ("payout.to", (("denominator", "6"), ("numerator", "7")))  # Place 6 pays 7 to 6


def test_terminal_screens_writes_pngs_against_a_real_table(tmp_path: Path) -> None:
    assert main(["screens", "--out", str(tmp_path), "--set", "seat_test_mode"]) == 0
    written = sorted(p.name for p in tmp_path.glob("*.png"))
    assert written == ["seat_test_watermark_en.png", "seat_test_watermark_es.png"]
    image = pygame.image.load(str(tmp_path / written[0]))
    assert image.get_size() == (1920, 1080)


def test_terminal_screens_refuses_an_unknown_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screens", "--out", str(tmp_path), "--set", "nope"]) == 2
    assert "unknown set 'nope'" in capsys.readouterr().err


def test_terminal_seat_refuses_a_seat_the_table_has_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("[table]\nseats = 2\n", encoding="utf-8")
    assert main(["seat", "--config", str(cfg), "--seat", "3"]) == 2
    assert "seat 3 is not one of the table's 2" in capsys.readouterr().err
    assert (
        main(["seat", "--config", str(cfg), "--seat", "1"]) == 1
    )  # no key store yet: the controller makes it
    assert "no protocol key for seat 1" in capsys.readouterr().err
