"""Sic Bo's history cells on the seat say Small, Big or Triple in a letter, not by colour alone (a player
who cannot tell red from blue): the recent-results strip and the history screen draw these cells."""

from __future__ import annotations

import pytest

from terminal.i18n import load_catalogue
from terminal.seat.marks import cell


@pytest.mark.parametrize(("language", "letters"), [("en", "SBT"), ("es", "PGT")])
def test_each_sic_bo_cell_carries_its_size_s_letter(language: str, letters: str) -> None:
    cat = load_catalogue(language)
    for dice, total, letter in (
        ("1-2-5", 8, letters[0]),
        ("2-5-5", 12, letters[1]),
        ("6-6-6", 18, letters[2]),
    ):
        _, key, fields = cell("sicbo", dice)
        assert cat.text(key, **fields) == f"{total} {letter}"
    small, big = cell("sicbo", "1-2-5")[0], cell("sicbo", "2-5-5")[0]
    assert small != big  # the colour still tells them apart for those who see it
