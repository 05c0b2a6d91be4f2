"""Credits as integers of the smallest currency unit: parsing, checking and formatting.

Money never touches a float. An amount is an ``int`` of minor units (cents for USD); every amount that
crosses a boundary (config, a wager, a voucher) goes through :func:`parse_amount` or :func:`check_amount`,
which refuse negative values and values that do not fit the 64-bit meters.

>>> parse_amount("1,234.50")
123450
>>> format_amount(123450)
'$1,234.50'
>>> amount_in_words(123450)
'ONE THOUSAND TWO HUNDRED THIRTY-FOUR DOLLARS AND 50 CENTS'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import NewType

Credits = NewType("Credits", int)

#: The largest amount a meter can hold: meters are signed 64-bit integers of the smallest unit.
MAX_AMOUNT = 2**63 - 1


class MoneyError(ValueError):
    """An amount that is malformed, negative, too precise or too large."""


@dataclass(frozen=True, slots=True)
class Currency:
    """A currency as the table shows it: ISO code, symbol, digits of the minor unit, names for vouchers."""

    code: str
    symbol: str
    digits: int
    major_name: str
    minor_name: str

    @property
    def scale(self) -> int:
        """Minor units per major unit (100 for USD)."""
        return int(10**self.digits)


CURRENCIES: dict[str, Currency] = {
    "USD": Currency("USD", "$", 2, "DOLLARS", "CENTS"),
    "CAD": Currency("CAD", "$", 2, "DOLLARS", "CENTS"),
    "EUR": Currency("EUR", "€", 2, "EUROS", "CENTS"),
    "GBP": Currency("GBP", "£", 2, "POUNDS", "PENCE"),
    "MXN": Currency("MXN", "$", 2, "PESOS", "CENTAVOS"),
}
USD = CURRENCIES["USD"]

_AMOUNT = re.compile(r"^(?P<int>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?$", re.ASCII)


def find_currency(code: str) -> Currency:
    """The currency with ISO code ``code``; raises :class:`MoneyError` naming the ones offered."""
    try:
        return CURRENCIES[code]
    except KeyError:
        raise MoneyError(f"unknown currency {code!r}; offered: {', '.join(sorted(CURRENCIES))}") from None


def check_amount(units: int) -> int:
    """Return ``units`` if it is a valid amount of minor units, else raise :class:`MoneyError`.

    >>> check_amount(-1)
    Traceback (most recent call last):
    ...
    terminal.money.MoneyError: amount -1 is negative
    """
    if isinstance(units, bool) or not isinstance(units, int):
        raise MoneyError(f"amount {units!r} is not an integer number of minor units")
    if units < 0:
        raise MoneyError(f"amount {units} is negative")
    if units > MAX_AMOUNT:
        raise MoneyError(f"amount {units} exceeds the 64-bit meter limit {MAX_AMOUNT}")
    return units


def add_amounts(*amounts: int) -> int:
    """Sum amounts, refusing a total that would overflow a meter."""
    return check_amount(sum(check_amount(a) for a in amounts))


def parse_amount(text: str, currency: Currency = USD) -> int:
    """Parse a decimal amount in major units (``"12.50"``, ``"1,000"``, ``"$5"``) into minor units.

    >>> parse_amount("0.25")
    25
    >>> parse_amount("1.005")
    Traceback (most recent call last):
    ...
    terminal.money.MoneyError: amount '1.005' has more than 2 decimal places
    """
    cleaned = text.strip()
    if cleaned.startswith(currency.symbol):
        cleaned = cleaned[len(currency.symbol) :].strip()
    if cleaned.startswith("-"):
        raise MoneyError(f"amount {text!r} is negative")
    match = _AMOUNT.match(cleaned)
    if match is None:
        raise MoneyError(f"amount {text!r} is not a number like 12.50")
    frac = match.group("frac") or ""
    if len(frac) > currency.digits:
        raise MoneyError(f"amount {text!r} has more than {currency.digits} decimal places")
    major = int(match.group("int").replace(",", ""))
    minor = int(frac.ljust(currency.digits, "0")) if currency.digits else 0
    return check_amount(major * currency.scale + minor)


def format_amount(units: int, currency: Currency = USD, *, symbol: bool = True) -> str:
    """Format minor units as the player reads them: ``$1,234.50``; negative amounts as ``-$5.00``."""
    sign = "-" if units < 0 else ""
    major, minor = divmod(abs(units), currency.scale)
    text = f"{major:,}"
    if currency.digits:
        text += f".{minor:0{currency.digits}d}"
    return f"{sign}{currency.symbol if symbol else ''}{text}"


def _spanish_words(units: int, currency: Currency) -> str:
    from num2words import num2words  # type: ignore[import-untyped]  # here: every process loads money

    text = num2words(Decimal(units) / currency.scale, lang="es", to="currency", currency=currency.code)
    # a whole number of millions takes "de" before the currency ("un millón de dólares"): num2words omits it
    text = re.sub(r"\b(millón|millones) (?=\S+ con\b|\S+$)", r"\1 de ", str(text))
    return text.upper()


def format_chip(units: int, currency: Currency = USD) -> str:
    """The short amount written on a chip: whole amounts without decimals, thousands as ``K``.

    >>> [format_chip(u) for u in (100, 2500, 250, 100_000, 250_000, 125_000, 1_000_000_00)]
    ['$1', '$25', '$2.50', '$1K', '$2.5K', '$1,250', '$1M']
    """
    major, minor = divmod(units, currency.scale)
    if minor:
        return format_amount(units, currency)
    for size, suffix in ((1_000_000, "M"), (1_000, "K")):
        if major >= size and major % (size // 10) == 0:
            return f"{currency.symbol}{major / size:g}{suffix}"
    return f"{currency.symbol}{major:,}"


_ONES = [
    "ZERO",
    "ONE",
    "TWO",
    "THREE",
    "FOUR",
    "FIVE",
    "SIX",
    "SEVEN",
    "EIGHT",
    "NINE",
    "TEN",
    "ELEVEN",
    "TWELVE",
    "THIRTEEN",
    "FOURTEEN",
    "FIFTEEN",
    "SIXTEEN",
    "SEVENTEEN",
    "EIGHTEEN",
    "NINETEEN",
]
_TENS = ["_", "_", "TWENTY", "THIRTY", "FORTY", "FIFTY", "SIXTY", "SEVENTY", "EIGHTY", "NINETY"]
_GROUPS = ("", "THOUSAND", "MILLION", "BILLION", "TRILLION", "QUADRILLION", "QUINTILLION")


def _below_thousand(n: int) -> list[str]:
    words: list[str] = []
    hundreds, rest = divmod(n, 100)
    if hundreds:
        words += [_ONES[hundreds], "HUNDRED"]
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        words.append(_TENS[tens] + (f"-{_ONES[ones]}" if ones else ""))
    elif rest:
        words.append(_ONES[rest])
    return words


def number_in_words(n: int) -> str:
    """English words for a non-negative integer, as printed on a voucher.

    >>> number_in_words(2_000_017)
    'TWO MILLION SEVENTEEN'
    """
    if n == 0:
        return _ONES[0]
    words: list[str] = []
    for index in range(len(_GROUPS) - 1, -1, -1):
        group, n = divmod(n, 1000**index)
        if group:
            words += _below_thousand(group) + ([_GROUPS[index]] if _GROUPS[index] else [])
    return " ".join(words)


def amount_in_words(units: int, currency: Currency = USD, language: str = "en") -> str:
    """The amount in words for the voucher: in English major units in words and minor units in figures;
    in Spanish both in words, as a Spanish cheque writes them (``num2words``).

    >>> amount_in_words(2150, language="es")
    'VEINTIÚN DÓLARES CON CINCUENTA CENTAVOS'
    >>> amount_in_words(100_000_000, language="es")
    'UN MILLÓN DE DÓLARES CON CERO CENTAVOS'
    """
    if language == "es":
        return _spanish_words(check_amount(units), currency)
    major, minor = divmod(check_amount(units), currency.scale)
    text = f"{number_in_words(major)} {currency.major_name}"
    if currency.digits:
        text += f" AND {minor:0{currency.digits}d} {currency.minor_name}"
    return text


MINUS = "\u2212"  # the minus sign a net amount is written with on a screen ("net −$4.00"), not the hyphen


def signed_amount(units: int, money: Callable[[int], str], even: str = "+") -> str:
    """A net amount with its sign, the minus sign for a loss; ``even`` is what a zero carries.

    >>> [signed_amount(units, format_amount) for units in (-400, 1200)], signed_amount(0, format_amount, "")
    (['−$4.00', '+$12.00'], '$0.00')
    """
    sign = "+" if units > 0 else MINUS if units < 0 else even
    return sign + money(abs(units))
