"""A recalled round shows its side wagers' further draws as fields of their own, in the screen's language.

The B2B odds and the Blazing 7's bonus balls used to run on after the pocket in the outcome's large type,
where they spilled out of the round's card over the seats' table; the game's name and the ``standard``
paytable were shown as the program's identifiers (``roulette``) on a Spanish screen. Each view is drawn
from a state holding the reply, at every size and in both languages, and what it drew is read back.
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from terminal.i18n import load_catalogue
from terminal.net.messages import service as sm
from terminal.service.layout import lists
from terminal.service.layout.frame import Frame
from terminal.service.state import Replies, ServiceState, Station
from terminal.service.ui import Ui
from terminal.service.views import meters, recall
from terminal.service.views.scene import Scene

SESSION = sm.ServiceSession("tech", "technician", ("meters", "recall"), 600_000)
TIME = "2026-11-23T14:00:00.000000Z"
ROUND = sm.RoundRecall(
    5,
    TIME,
    "roulette",
    "settled",
    "00",
    (sm.RecallWager(1, "b2b", "standard", 100, "win", 100_100),),
    (sm.RecallSeat(1, 10_000, 200, 100_100, 109_900),),
    (sm.RecallDetail("b2b", "1000"), sm.RecallDetail("blazing", "00 17 27")),
)
# What each language must show, written out here rather than read from the catalogue under test.
WANTED = {
    "en": {"B2B odds", "1000 to 1", "Blazing 7's bonus balls", "00 17 27", "Roulette - settled", "standard"},
    "es": {"Cuota B2B", "1000 a 1", "Bolas extra de Blazing 7's", "00 17 27", "Ruleta - liquidada"}
    | {"estándar"},
}


class Recording(Ui):
    """The real toolkit, noting each line of text it draws and where."""

    drawn: list[tuple[str, pygame.Rect]]

    def text(self, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = super().text(text, *args, **kw)
        self.drawn.append((text, rect))
        return rect


def _draw(state: ServiceState, lang: str, size: tuple[int, int], draw: Any) -> Recording:
    pygame.init()
    ui = Recording(pygame.Surface(size))
    ui.drawn = []
    draw(ui, Scene(state, Station("T-01", 8), load_catalogue(lang), _frame(ui), 0.0))
    return ui


def _frame(ui: Ui) -> Frame:
    """The frame the service app lays out for the surface ``ui`` draws on (``terminal.service.app``)."""
    return Frame.of(*ui.design, ui.sy)


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_further_draws_are_named_fields_beside_the_seats(lang: str, size: tuple[int, int]) -> None:
    state = ServiceState(screen="recall", session=SESSION, replies=Replies(round=ROUND))
    ui = _draw(state, lang, size, recall.draw)
    texts = {text for text, _ in ui.drawn}
    assert WANTED[lang] <= texts, WANTED[lang] - texts
    assert "00" in texts and not any("B2B" in text and "00" in text for text in texts)  # the pocket alone
    geometry = lists.round_detail(lists.recall(_frame(ui), 8).detail)
    card, seats, back = (ui.px(r) for r in (geometry.card, geometry.seats.rect, geometry.back))
    screen = pygame.Rect((0, 0), size)
    for text, rect in ui.drawn:
        assert screen.contains(rect), f"{text!r} leaves the screen"
        if text in ("00", "1000 to 1", "1000 a 1", "00 17 27"):  # nothing runs over the card or the tables
            inside_card = card.contains(rect)
            assert inside_card or not (rect.colliderect(card) or rect.colliderect(seats)), text
            assert not rect.colliderect(back), text
    names = {"B2B odds", "Cuota B2B", "Blazing 7's bonus balls", "Bolas extra de Blazing 7's"}
    labels = [rect for text, rect in ui.drawn if text in names]
    assert len(labels) == 2 and not labels[0].colliderect(labels[1])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_list_of_rounds_names_the_game_and_shows_every_draw(lang: str) -> None:
    line = sm.RoundLine(5, TIME, "sicbo", "2-5-5", 100, 0)
    wide = sm.RoundLine(4, TIME, "roulette", "7 · B2B 250:1 · Blazing 1-35-16", 100, 0)
    state = ServiceState(
        screen="recall", session=SESSION, replies=Replies(recall=sm.RecallList(1, (line, wide)))
    )
    texts = {text for text, _ in _draw(state, lang, (1024, 768), recall.draw).drawn}
    assert {"Sic Bo", "7 · B2B 250:1 · Blazing 1-35-16"} <= texts  # not "sicbo", not cut with "..."
    assert {"Ruleta" if lang == "es" else "Roulette"} <= texts


def test_the_meters_name_the_standard_paytable_in_spanish() -> None:
    report = sm.MetersReport((), (sm.WagerMeterView("roulette", "red", "standard", 400, 400, 2, None, None),))
    state = ServiceState(screen="meters", session=SESSION, replies=Replies(meters=report))
    texts = {text for text, _ in _draw(state, "es", (1920, 1080), meters.draw).drawn}
    assert "estándar" in texts and "standard" not in texts


def test_an_outcome_written_before_the_fields_still_fits_its_card() -> None:
    """A round recorded before the draws had fields of their own has them in its outcome's one line."""
    old = sm.RoundRecall(1, TIME, "roulette", "settled", "32 · B2B 50:1 · Blazing 7-17-27", (), ())
    ui = _draw(ServiceState(screen="recall", session=SESSION, replies=Replies(round=old)), "en", (1920, 1080),
               recall.draw)  # fmt: skip
    card = ui.px(lists.round_detail(lists.recall(_frame(ui), 8).detail).card)
    hero = next(rect for text, rect in ui.drawn if text.startswith("32"))
    assert card.contains(hero) and hero.height >= 14
