"""The faces' looks as data: ``assets/theme.toml`` read once into named colours, sizes and fonts.

The seat, its betting layouts, the table display and the service screens name their colours, fonts and type
sizes in one file (``assets:theme.toml``) and read them here, each through its own table: ``looks("seat")``,
``looks("layout", "craps")``. A colour is ``[r, g, b]`` or ``[r, g, b, a]`` (0..255), or the dotted name of
another colour of the file; asking for a look the file does not hold, or one of the wrong kind, raises a
:class:`ThemeError` of one line naming the file, the table and the key. This module imports no drawing
library: the pygame faces and the pyglet display read the same plain tuples.

>>> looks("seat").rgb("felt"), looks("layout").rgb("felt")  # the same name, two palettes
((14, 92, 52), (13, 94, 54))
>>> looks("seat", "marks").rgb("triple") == looks("seat").rgb("gold")  # a reference
True
>>> looks("display").rgba("watermark"), looks("service", "type").size("title")
((255, 255, 255, 46), 46)
>>> looks("seat").rgb("no_such_colour")
Traceback (most recent call last):
...
terminal.theme.ThemeError: ...theme.toml: [seat] no_such_colour: missing
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from terminal.assets import resolve

THEME = "assets:theme.toml"

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

_MAX_HOPS = 8  # references followed before a chain is called a loop


class ThemeError(ValueError):
    """A theme file that cannot be read, or a look it does not hold as asked: one line, naming the file,
    the table and the key."""


@dataclass(frozen=True, slots=True)
class Looks:
    """One table of the theme (a face's, or a part of one): its values by name."""

    source: str  # the file, for messages
    path: str  # the table's dotted name ("" for the whole file)
    values: Mapping[str, object]
    root: Mapping[str, object]  # the whole file: references are dotted names from its top

    @classmethod
    def of_file(cls, file: Path) -> Looks:
        """The whole theme in ``file`` (its tables through :meth:`part`); a file that is not TOML raises
        :class:`ThemeError` with the line."""
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise ThemeError(f"{file}: {error}") from None
        return cls(str(file), "", MappingProxyType(data), MappingProxyType(data))

    def part(self, name: str) -> Looks:
        """The table ``name`` (dotted for a table within a table: ``"layout.craps"``)."""
        looks = self
        for step in name.split("."):
            table = looks._get(step)
            if not isinstance(table, dict):
                raise looks._error(step, "is not a table")
            path = f"{looks.path}.{step}" if looks.path else step
            looks = Looks(self.source, path, MappingProxyType(table), self.root)
        return looks

    def rgb(self, name: str) -> Colour:
        """The opaque colour ``name``."""
        return self._opaque(name, self._colour(name, self._get(name)))

    def rgba(self, name: str) -> RGBA:
        """The colour ``name`` with its opacity (the display's colours carry one)."""
        channels = self._colour(name, self._get(name))
        if len(channels) != 4:
            raise self._error(
                name, f"is {list(channels)}, not a colour with opacity [red, green, blue, alpha]"
            )
        return channels[0], channels[1], channels[2], channels[3]

    def rgbs(self, name: str) -> tuple[Colour, ...]:
        """The list of opaque colours ``name`` (the chip tray's, in order)."""
        items = self._get(name)
        if not isinstance(items, list) or not items:
            raise self._error(name, "is not a list of colours")
        return tuple(
            self._opaque(f"{name}[{k}]", self._colour(f"{name}[{k}]", item)) for k, item in enumerate(items)
        )

    def rgb_table(self) -> dict[str, Colour]:
        """Every colour of this table by name, in the file's order (Big Six's symbols)."""
        return {name: self.rgb(name) for name in self.values}

    def rgba_table(self) -> dict[str, RGBA]:
        """Every colour of this table with its opacity, by name, in the file's order."""
        return {name: self.rgba(name) for name in self.values}

    def size(self, name: str) -> int:
        """The size ``name`` (pixels or design units, as the table says)."""
        value = self._get(name)
        if type(value) is not int or value <= 0:
            raise self._error(name, f"is {value!r}, not a size (a whole number above 0)")
        return value

    def sizes(self) -> dict[str, int]:
        """Every size of this table by name (the service's type scale)."""
        return {name: self.size(name) for name in self.values}

    def text(self, name: str) -> str:
        """The word ``name`` (a font's family)."""
        value = self._get(name)
        if not isinstance(value, str) or not value:
            raise self._error(name, f"is {value!r}, not a text")
        return value

    def texts(self, name: str) -> tuple[str, ...]:
        """The list of words ``name`` (a font's files, best first)."""
        value = self._get(name)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
            raise self._error(name, f"is {value!r}, not a list of texts")
        return tuple(value)

    def _get(self, name: str) -> object:
        if name not in self.values:
            raise self._error(name, "missing")
        return self.values[name]

    def _opaque(self, name: str, channels: tuple[int, ...]) -> Colour:
        if len(channels) != 3:
            raise self._error(name, f"is {list(channels)}, not an opaque colour [red, green, blue]")
        return channels[0], channels[1], channels[2]

    def _colour(self, name: str, value: object) -> tuple[int, ...]:
        followed: list[str] = []
        while isinstance(value, str):  # a reference: "section.key" from the file's top
            if value in followed or len(followed) >= _MAX_HOPS:
                raise self._error(name, f"refers in a loop: {' -> '.join([name, *followed, value])}")
            followed.append(value)
            table, _, key = value.rpartition(".")
            try:
                value = self._root_looks().part(table)._get(key) if table else None
            except ThemeError:
                value = None
            if value is None:
                raise self._error(name, f"refers to {followed[-1]!r}, which the file does not hold")
        if (
            not isinstance(value, list)
            or len(value) not in (3, 4)
            or not all(type(c) is int and 0 <= c <= 255 for c in value)
        ):
            raise self._error(name, f"is {value!r}, not a colour ([red, green, blue(, alpha)], each 0..255)")
        return tuple(value)

    def _root_looks(self) -> Looks:
        return Looks(self.source, "", self.root, self.root)

    def _error(self, name: str, problem: str) -> ThemeError:
        where = f"[{self.path}] " if self.path else ""
        return ThemeError(f"{self.source}: {where}{name}: {problem}")


@cache
def _theme(ref: str) -> Looks:
    return Looks.of_file(resolve(ref))


def looks(*table: str, ref: str = THEME) -> Looks:
    """The theme's table ``table`` (``looks("seat")``, ``looks("layout", "craps")``), the file read once."""
    return _theme(ref).part(".".join(table))
