"""Spanish wording a player or a technician reads: one name for each hardway wherever it is shown, and no
capital letter in the middle of a sentence after a colon.

The hardway's name is built from the catalogue the way each face builds it: the craps felt writes
``layout.hard`` and the number (terminal/seat/layouts/craps.py), the own-bets list ``wager.hard_N``
(terminal/seat/wager_list.py), the display's call ``display.call_hard`` and the seat's result line
``outcome.hard``. Before, the list said "8 duro" where the felt said "DOBLE 8" and the display "8 EN PAREJA".
"""

from __future__ import annotations

import re

import pytest

from terminal.i18n import load_catalogue
from terminal.service.event_text import role_name
from terminal.service.phrases import PHRASES, phrase_text

HARDWAYS = (4, 6, 8, 10)
CAPITAL_AFTER_COLON = re.compile(r":\s+[A-ZÁÉÍÓÚÑ]")


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_hardway_has_one_name_on_the_felt_and_in_the_wagers_list(language: str) -> None:
    cat = load_catalogue(language)
    for n in HARDWAYS:
        felt = f"{cat.text('layout.hard')} {n}"
        assert cat.text(f"wager.hard_{n}").upper() == felt.upper()


def test_the_spanish_display_and_result_line_call_the_hardway_by_that_name() -> None:
    cat = load_catalogue("es")
    for n in HARDWAYS:
        name = f"{cat.text('layout.hard')} {n}".upper()
        assert name in cat.text("display.call_hard", total=n).upper()
        assert name in cat.text("outcome.hard", first=n // 2, second=n // 2, total=n).upper()


def test_no_spanish_service_sentence_has_a_capital_after_its_colon() -> None:
    """The reason a change must wait and who clears a tilt, filled with every phrase and role they take."""
    cat = load_catalogue("es")
    said = {
        "main door open", "logic door open", "cash_box door open", "service key on", "seat link lost",
        "credits on seat 2", "credits on seat 1, 3", "round 12 is in progress (wagers in play)",
    }  # fmt: skip
    assert all(any(pattern.fullmatch(s) for s in said) for pattern, _ in PHRASES)  # each phrase is tried
    sentences = [cat.text("service.config.blocked", why=phrase_text(cat, phrase)) for phrase in said]
    roles = ("attendant", "technician", "administrator", "lab")
    sentences += [cat.text("service.tilts.by", role=role_name(cat, role)) for role in roles]
    wrong = [s for s in sentences if CAPITAL_AFTER_COLON.search(s)]
    assert not wrong, wrong
