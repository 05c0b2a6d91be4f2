"""What a protocol message is (a frozen record with a wire name, version and sender), families, the registry.

A *family* module (``link``, ``seat``, ``display``, ``service``) declares its messages with its own
:class:`Family`; declaring fills that family and nothing else. The one :class:`Registry` the decoders use
is built from the families, explicitly, in ``terminal.net.messages``: importing a module never registers
anything anywhere else, and this module imports no family.

>>> from dataclasses import dataclass
>>> DEMO = Family("demo")
>>> @DEMO.message("Ping", 1, Direction.BOTH)
... @dataclass(frozen=True, slots=True)
... class Ping(Message):
...     count: int
>>> registry = Registry.of(DEMO)
>>> registry.find("Ping", 1) is Ping, body_to_json(Ping(3))
(True, {'count': 3})
>>> registry.decode("Ping", 2, {"count": 3})
Traceback (most recent call last):
...
terminal.net.errors.UnknownMessageError: unknown message type 'Ping' version 2
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, TypeVar

from terminal.net.codec import JSONValue
from terminal.net.errors import UnknownMessageError
from terminal.net.schema import fields_of, record_from_json, to_json


class Direction(enum.Enum):
    """Who may send a message."""

    CLIENT = "client"  # seat, bot, display or service screen → controller
    SERVER = "server"  # controller → clients
    BOTH = "both"


class Message:
    """Base of every protocol message: frozen dataclasses declared with :meth:`Family.message`."""

    __slots__ = ()
    TYPE: ClassVar[str]
    VERSION: ClassVar[int]
    DIRECTION: ClassVar[Direction]


M = TypeVar("M", bound=type[Message])


class Family:
    """The messages of one part of the protocol, in the order their module declares them."""

    __slots__ = ("_members", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._members: list[type[Message]] = []

    def message(self, name: str, version: int, direction: Direction) -> Callable[[M], M]:
        """Declare a message class of this family as ``name`` version ``version``, sent by ``direction``."""

        def declare(cls: M) -> M:
            if any((name, version) == (other.TYPE, other.VERSION) for other in self._members):
                raise ValueError(f"message {name} v{version} declared twice in the {self.name} family")
            cls.TYPE, cls.VERSION, cls.DIRECTION = name, version, direction
            fields_of(cls)  # resolve the schema now, so a bad annotation fails at import, not on the wire
            self._members.append(cls)
            return cls

        return declare

    @property
    def members(self) -> tuple[type[Message], ...]:
        """Every message of the family."""
        return tuple(self._members)

    def sent_by(self, direction: Direction) -> tuple[type[Message], ...]:
        """The family's messages that ``direction`` sends (those both sides send included)."""
        return tuple(cls for cls in self._members if cls.DIRECTION in (direction, Direction.BOTH))


@dataclass(frozen=True, slots=True)
class Registry:
    """Every message the protocol speaks, by ``(type name, version)``, from its families."""

    families: tuple[Family, ...]
    by_key: Mapping[tuple[str, int], type[Message]]

    @classmethod
    def of(cls, *families: Family) -> Registry:
        """The registry of ``families``; a type and version declared by two of them is refused."""
        by_key: dict[tuple[str, int], type[Message]] = {}
        owner: dict[tuple[str, int], str] = {}
        for family in families:
            for member in family.members:
                key = (member.TYPE, member.VERSION)
                if key in by_key:
                    where = f"{owner[key]} and {family.name}"
                    raise ValueError(f"message {key[0]} v{key[1]} registered twice ({where} families)")
                by_key[key], owner[key] = member, family.name
        return cls(families, MappingProxyType(by_key))

    def find(self, name: str, version: int) -> type[Message]:
        """The message class registered as ``name`` version ``version``."""
        try:
            return self.by_key[(name, version)]
        except KeyError:
            raise UnknownMessageError(f"unknown message type {name!r} version {version!r}") from None

    def decode(self, name: str, version: int, body: JSONValue) -> Message:
        """Decode a message body; raises :class:`UnknownMessageError` or :class:`FieldError`."""
        cls = self.find(name, version)
        built: Message = record_from_json(body, cls, cls.TYPE)
        return built


def body_to_json(msg: Message) -> dict[str, JSONValue]:
    """The JSON object of a message's fields (checked, so an invalid message is never sent)."""
    hints = fields_of(type(msg))
    return {name: to_json(getattr(msg, name), hint, f"{msg.TYPE}.{name}") for name, hint in hints}
