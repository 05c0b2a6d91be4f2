"""Figures as a technician reads them on the service screens: money, meter and report names, percentages.

Money is the table's currency as the screen's language writes it (Babel, CLDR). A name the catalogue
does not know yet is shown as the controller sent it, so nothing is ever hidden.

>>> from terminal.i18n import load_catalogue
>>> en = load_catalogue("en")
>>> money(en, "USD", 180000), meter_name(en, "USD", "bill:2000:count"), ppm(947_368)
('$1,800.00', 'Bills $20.00 (count)', '94.74%')
"""

from __future__ import annotations

from terminal.i18n import Catalogue
from terminal.money import find_currency

#: Meters that count money (the others count things).
MONEY_METERS = frozenset(
    {"wagered", "won", "cash_in", "cash_out", "vouchers_in", "vouchers_out", "handpays", "vouchers_voided"}
    | {"aft_in", "aft_out"}  # the casino system's transfers (SAS AFT)
)


def money(cat: Catalogue, currency: str, units: int) -> str:
    """An amount in the table's currency, as the screen's language writes money."""
    return cat.money(units, currency, find_currency(currency).digits)


def meter_name(cat: Catalogue, currency: str, name: str) -> str:
    """A meter's name; a bill meter (``bill:2000:value``, ``bill:2000:count``) names its bill."""
    if name.startswith("bill:"):
        _, value, what = name.split(":")
        return cat.text(f"service.meter.bill_{what}", bill=money(cat, currency, int(value)))
    if name.startswith("door:"):  # door:main:opens: the openings of one door
        name = "door_" + name.split(":")[1] + "_opens"
    return cat.text(f"service.meter.{name}") if cat.has(f"service.meter.{name}") else name


def meter_value(cat: Catalogue, currency: str, name: str, value: int) -> str:
    """A meter's value: money for a money meter, else a count."""
    is_money = name in MONEY_METERS or name.endswith(":value")
    return money(cat, currency, value) if is_money else f"{value:,}"


def ppm(value: int | None) -> str:
    """Parts per million as a percentage with two decimals ("-" when there is none)."""
    return "-" if value is None else f"{value / 10_000:.2f}%"


def figure_name(cat: Catalogue, name: str) -> str:
    """A figure of the day report (``meter cash_in``) by its catalogue name."""
    key = f"service.figure.{name.replace(' ', '.')}"
    return cat.text(key) if cat.has(key) else name


def figure_value(cat: Catalogue, currency: str, name: str, value: int) -> str:
    """A figure of the day report: money for amounts, else a count."""
    metered = name.startswith(("meter ", "period ")) and not name.endswith(("_count", "played"))
    return money(cat, currency, value) if name.endswith("_value") or metered else f"{value:,}"


def named(cat: Catalogue, key: str, raw: str) -> str:
    """The catalogue's text for ``key``, or ``raw`` as it came."""
    return cat.text(key) if cat.has(key) else raw


def game_name(cat: Catalogue, game: str) -> str:
    """A game's name as a person reads it (``sicbo``: Sic Bo), from the names the self-test screen uses."""
    return named(cat, f"service.selftest.game_{game}", game)


def paytable_name(cat: Catalogue, paytable: str) -> str:
    """A paytable's name: ``standard`` in the screen's language, a letter or number (``A``, ``1``) as is."""
    return named(cat, f"service.paytable.{paytable}", paytable)


def stamp(iso: str) -> str:
    """A ledger time (``2026-11-23T14:00:00.000000Z``) as ``2026-11-23 14:00:00``."""
    return iso[:19].replace("T", " ")
