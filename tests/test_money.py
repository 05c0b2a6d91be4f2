"""Money: integer minor units, strict parsing, formatting and words for vouchers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terminal.money import (
    CURRENCIES,
    MAX_AMOUNT,
    MoneyError,
    add_amounts,
    amount_in_words,
    check_amount,
    find_currency,
    format_amount,
    number_in_words,
    parse_amount,
)


@pytest.mark.parametrize(
    ("text", "units"),
    [("0", 0), ("0.01", 1), ("5", 500), ("5.5", 550), ("12.50", 1250), ("1,234.56", 123456), ("$20", 2000)],
)
def test_parse_amount(text: str, units: int) -> None:
    assert parse_amount(text) == units


@pytest.mark.parametrize(
    "text", ["", "-1", "-0.01", "1.001", "abc", "1,23", "1.2.3", "1e3", " . ", "12,34,567", "0x10", "１２"]
)
def test_parse_amount_refuses(text: str) -> None:
    with pytest.raises(MoneyError):
        parse_amount(text)


def test_parse_refuses_overflow() -> None:
    with pytest.raises(MoneyError, match="64-bit"):
        parse_amount(str(MAX_AMOUNT // 100 + 1))
    assert parse_amount(f"{MAX_AMOUNT // 100}.{MAX_AMOUNT % 100:02d}") == MAX_AMOUNT


@pytest.mark.parametrize("value", [-1, 2**63, 1.5, True, "5"])
def test_check_amount_refuses(value: object) -> None:
    with pytest.raises(MoneyError):
        check_amount(value)  # type: ignore[arg-type]


def test_add_amounts_refuses_overflow() -> None:
    assert add_amounts(1, 2, 3) == 6
    with pytest.raises(MoneyError):
        add_amounts(MAX_AMOUNT, 1)


@given(st.integers(min_value=0, max_value=MAX_AMOUNT), st.sampled_from(sorted(CURRENCIES)))
def test_format_parse_round_trip(units: int, code: str) -> None:
    currency = find_currency(code)
    assert parse_amount(format_amount(units, currency), currency) == units


def test_format_amount() -> None:
    assert format_amount(0) == "$0.00"
    assert format_amount(-500) == "-$5.00"
    assert format_amount(100_000_000) == "$1,000,000.00"
    assert format_amount(123, find_currency("EUR")) == "€1.23"


def test_unknown_currency() -> None:
    with pytest.raises(MoneyError, match="offered"):
        find_currency("XXX")


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "ZERO"),
        (13, "THIRTEEN"),
        (40, "FORTY"),
        (99, "NINETY-NINE"),
        (101, "ONE HUNDRED ONE"),
        (1000, "ONE THOUSAND"),
        (1_000_001, "ONE MILLION ONE"),
        (25_390, "TWENTY-FIVE THOUSAND THREE HUNDRED NINETY"),
    ],
)
def test_number_in_words(n: int, words: str) -> None:
    assert number_in_words(n) == words


def test_amount_in_words() -> None:
    assert amount_in_words(1) == "ZERO DOLLARS AND 01 CENTS"
    assert amount_in_words(MAX_AMOUNT).startswith("NINETY-TWO QUADRILLION")


def test_amount_in_words_in_spanish_as_a_cheque_writes_it() -> None:
    assert amount_in_words(17_350, language="es") == "CIENTO SETENTA Y TRES DÓLARES CON CINCUENTA CENTAVOS"
    assert amount_in_words(2_100, language="es") == "VEINTIÚN DÓLARES CON CERO CENTAVOS"  # not veintiuno
    assert amount_in_words(300_000_000, language="es") == "TRES MILLONES DE DÓLARES CON CERO CENTAVOS"
    assert amount_in_words(100, find_currency("EUR"), "es") == "UN EURO CON CERO CÉNTIMOS"
