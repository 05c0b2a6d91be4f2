"""The Big Six flag bet has one name: the seat's gold tile carries the venue's name (as the wheel's flag
does) and the bet's name from the catalogue, the same word the list of wagers and the help use."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from terminal.i18n import load_catalogue
from terminal.seat.layouts import paint
from terminal.seat.layouts.bigsix import BigSixLayout
from tests.seat.layout_pictures import view


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_flag_tile_says_the_bet_s_name(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.init()
    words: list[str] = []
    write = paint.write

    def recording(surface: pygame.Surface, fonts: Any, text: str, *a: Any, **kw: Any) -> pygame.Rect:
        words.append(text)
        return write(surface, fonts, text, *a, **kw)

    monkeypatch.setattr(paint, "write", recording)
    layout = BigSixLayout(pygame.Rect(0, 0, 1300, 800), "standard", "Keystone Casino", 48)
    layout.background(view(language))
    name = load_catalogue(language).text("wager.flag")
    assert "Keystone Casino" in words
    assert name.upper() in [w.upper() for w in words], words
