"""The seat says why its bill or voucher came back over the credit limit (issue 28 §3), in the player's
words: the table's ``over_limit`` refusal (a reply to a demo seat's input, a push to a hardware seat) is the
catalogue entry ``error.over_limit``, English and Spanish, drawn whole inside the notice box at every size.

``GUARDS2_SCREENS=<folder>`` also writes each rendering there as a PNG, to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from terminal.net import messages as m
from tests.seat.seat_states import linked_app

WORDS = {
    "en": "This would take your credits over the table's limit. Your money was given back.",
    "es": "Esto superaría el límite de créditos de la mesa. Se le ha devuelto el dinero.",
}


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)])
def test_money_given_back_over_the_limit_is_said_in_the_players_words(
    language: str, size: tuple[int, int]
) -> None:
    app, _ = linked_app(language=language, size=size)
    app.receive([m.Error("refused", "over_limit: ", None)], 1.0)  # what the cabinet pushes to the seat
    notice = app.control.model.notice
    assert notice is not None and notice.key == "error.over_limit" and notice.detail == ""
    assert app.painter.tr("error.over_limit") == WORDS[language]
    drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []
    block = app.painter.block

    def spy(surface: pygame.Surface, key: str, box: pygame.Rect, *a: Any, **kw: Any) -> pygame.Rect:
        lines = block(surface, key, box, *a, **kw)
        drawn.append((key, box, lines))
        return lines

    app.painter.block = spy  # type: ignore[method-assign]
    surface = pygame.Surface(size)
    app.draw(surface, 1.5)
    shown = [(box, lines) for key, box, lines in drawn if key == "error.over_limit"]
    assert len(shown) == 1
    box, lines = shown[0]
    assert box.contains(lines) and surface.get_rect().contains(box)  # every word inside its box
    folder = os.environ.get("GUARDS2_SCREENS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(Path(folder) / f"seat_over_limit_{language}_{size[0]}x{size[1]}.png"))
