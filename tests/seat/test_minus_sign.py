"""A net amount is written with the minus sign (U+2212), which the seat's typeface draws as a glyph of its
own: not the hyphen, and not the box of a character the font lacks."""

from __future__ import annotations

import pygame

from terminal.money import MINUS, format_amount, signed_amount
from terminal.seat.main import init_headless
from terminal.seat.text import font_files


def test_a_loss_is_signed_with_the_minus_sign() -> None:
    loss = signed_amount(-400, format_amount)
    assert loss == "\u2212$4.00" and "-" not in loss
    assert signed_amount(400, format_amount) == "+$4.00"


def test_the_seat_typeface_has_the_minus_sign() -> None:
    init_headless()
    for path in font_files():
        font = pygame.font.Font(str(path), 24)
        minus = pygame.image.tobytes(font.render(MINUS, True, (255, 255, 255)), "RGB")
        hyphen = pygame.image.tobytes(font.render("-", True, (255, 255, 255)), "RGB")
        missing = pygame.image.tobytes(font.render("\U000f0000", True, (255, 255, 255)), "RGB")  # no glyph
        assert minus != hyphen and minus != missing, path
        assert font.metrics(MINUS)[0] is not None
