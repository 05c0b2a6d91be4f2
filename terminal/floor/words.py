"""What the floor manager's page says, in the page's language: every word from the gettext catalogue.

The floor's own words are the ``floor`` domain (``assets/i18n/floor.pot`` and its translations); the
names it shares with service mode come from the same keys there (event names ``service.event.*``, tilt
kinds ``service.tilt.*``, roles, doors, games). Money is the floor's currency as the language writes it.
A feed line shows an event's name and the few detail fields a floor manager reads (seat, amount, voucher
number, tilt, door, user); the rest of a detail stays in the floor store and its report.

>>> words = Words.of("es", "USD")
>>> words.status("tilt"), words.game("roulette"), words.money(5000)
('bloqueo', 'Ruleta', '$50.00')
>>> words.language_of("fr"), words.language_of("es")
('es', 'es')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal.i18n import LANGUAGES, Catalogue, load_catalogue

#: Detail fields that are money in minor units.
_MONEY = ("amount", "value", "award")
#: The words the page's script writes itself (the rest arrive with the floor's JSON).
_SCRIPT = ("gaming_day", "feed_connecting", "feed_live", "feed_reconnecting")


@dataclass(frozen=True, slots=True)
class Words:
    """One language's words for the page, and the currency its amounts are in."""

    cat: Catalogue
    currency: str

    @classmethod
    def of(cls, language: str, currency: str) -> Words:
        """The words of ``language`` (one the project ships)."""
        return cls(load_catalogue(language), currency)

    @property
    def language(self) -> str:
        """The language's code (``en``, ``es``)."""
        return self.cat.language

    def language_of(self, asked: str | None) -> str:
        """``asked`` when it is a shipped language, else this one."""
        return asked if asked in LANGUAGES else self.language

    def text(self, key: str, **args: Any) -> str:
        """A ``floor.*`` string (the key without its ``floor.`` prefix)."""
        return self.cat.text(f"floor.{key}", **args)

    def _named(self, key: str, raw: str) -> str:
        # A name the catalogue does not know yet is shown as it is, never hidden (service mode does the same).
        return self.cat.text(key) if self.cat.has(key) else raw.replace("_", " ")

    def money(self, units: int) -> str:
        """Minor units as money in the page's language."""
        return self.cat.money(units, self.currency)

    def game(self, game: str) -> str:
        """A game's name (``roulette`` as ``Roulette`` / ``Ruleta``); empty for none."""
        return self._named(f"service.selftest.game_{game}", game) if game else ""

    def status(self, status: str) -> str:
        """``open``, ``tilt``, ``offline``, ``backlog`` in words."""
        return self.text(f"status_{status}") if status else ""

    def tilt(self, kind: str) -> str:
        """A tilt's kind in words (``door_open`` as ``DOOR OPEN`` / ``PUERTA ABIERTA``)."""
        return self._named(f"service.tilt.{kind}", kind)

    def role(self, role: str) -> str:
        """A service role in words."""
        return self._named(f"service.role.{role}", role)

    def event(self, name: str) -> str:
        """An event's name in words (``BILL_STACKED`` as ``Bill stacked`` / ``Billete apilado``)."""
        return self._named(f"service.event.{name.lower()}", name)

    def waiting(self, count: int) -> str:
        """``3 waiting``: floor events a table has not sent yet."""
        return self.text("waiting", count=count)

    def script(self) -> dict[str, str]:
        """The words the page's script writes itself (``{day}`` is filled in by the script)."""
        return {key: self.text(key, day="{day}") for key in _SCRIPT}  # the others have no fields

    # -- the live feed -----------------------------------------------------------------------------------
    def detail(self, detail: dict[str, Any], seat: int | None) -> str:
        """The fields of an event's detail a floor manager reads, labelled in the page's language."""
        parts = [self.text("seat", seat=seat)] if seat else []
        for key, value in sorted(detail.items()):
            shown = self._field(key, value)
            if shown:
                parts.append(shown)
        return " · ".join(parts)

    def _field(self, key: str, value: Any) -> str:
        if isinstance(value, bool) or value is None or value == "":
            return ""
        if key in _MONEY and isinstance(value, int):
            return f"{self._named('service.detail.amount', key)}: {self.money(value)}"
        if key == "number":
            return f"{self._named('service.detail.number', key)}: {value}"
        if key == "tilt" and isinstance(value, str):
            return self.tilt(value)
        if key == "door" and isinstance(value, str):
            return f"{self._named('service.detail.door', key)}: {self._named(f'service.door.{value}', value)}"
        if key == "user" and isinstance(value, str):  # a user id: data
            return self.text("by", user=value)
        return ""
