"""One term per thing across the seat, the display and service mode, in every language: the puck says
the same words on the seat's felt and on the display, a voucher is one word everywhere, a bet's name is
in the screen's language alone, and the service key's two states are both named."""

from __future__ import annotations

import pytest

from terminal.i18n import LANGUAGES, load_catalogue


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_puck_reads_the_same_on_the_seat_and_the_display(language: str) -> None:
    cat = load_catalogue(language)
    for state in ("on", "off"):
        assert cat.text(f"layout.{state}").upper() == cat.text(f"display.puck_{state}").upper(), state


def test_a_voucher_is_a_vale_everywhere_in_spanish() -> None:
    strings = load_catalogue("es").strings
    ticket = sorted(key for key, text in strings.items() if "ticket" in text.lower())
    assert not ticket, ticket
    assert "Vales" in strings["service.figure.period.vouchers_in"]


def test_no_english_in_a_spanish_bet_name() -> None:
    strings = load_catalogue("es").strings
    leaks = sorted(key for key, text in strings.items() if key.startswith("wager.") and "(split)" in text)
    assert not leaks, leaks


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_service_key_s_two_states_are_both_named(language: str) -> None:
    cat = load_catalogue(language)
    on, off = cat.text("service.key_on"), cat.text("service.key_off")
    stem = cat.text("service.key_off").rsplit(" ", 1)[0]
    assert on != off and on.startswith(stem) and on != stem
