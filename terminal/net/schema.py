"""Typed fields of protocol messages: frozen dataclasses to JSON values and back, checking every field.

A field's annotation is its schema: ``int``, ``bool``, ``str``, ``tuple[X, ...]``, ``X | None``, a nested
record (a frozen dataclass), ``Annotated[int, IntRange(...)]`` / ``Annotated[str, Pattern(...)]`` for
the constraints, and :data:`Record`: a game's own record as a JSON object, which the protocol carries
whole and the screens decode with the game's record type (:func:`from_json`). Decoding is strict: a
bool is not an int, a missing or extra key is an error, and every error names the field's path.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Chip:
...     spot: Spot
...     amount: Amount
>>> from_json({"spot": "straight:17", "amount": True}, Chip)
Traceback (most recent call last):
...
terminal.net.errors.FieldError: Chip.amount: expected an integer, got True
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from terminal.money import MAX_AMOUNT
from terminal.net.codec import JSONValue
from terminal.net.errors import FieldError

_INT64 = (-(2**63), 2**63 - 1)
_MAX_ITEMS = 512
_MAX_TEXT = 1024


@dataclass(frozen=True, slots=True)
class IntRange:
    """An integer field's inclusive bounds."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class Pattern:
    """A text field's full-match regular expression."""

    regex: str


Amount = Annotated[int, IntRange(0, MAX_AMOUNT)]
"""Money in minor units, never negative."""
Count = Annotated[int, IntRange(0, _INT64[1])]
"""A non-negative counter: round ids, sequence numbers, milliseconds."""
Spot = Annotated[str, Pattern(r"[a-z][a-z0-9_]{0,31}(:[a-z0-9_\-]{1,31})?")]
"""A wager on the layout as canonical text: ``straight:17``, ``split:17-18``, ``place_6``."""
Ident = Annotated[str, Pattern(r"[a-z0-9][a-z0-9_\-]{0,31}")]
"""A short lowercase identifier: seat ids, error codes, phases, tilt reasons."""
Text = Annotated[str, Pattern(r"[^\x00-\x1f\x7f]{0,512}")]
"""Free text shown to people: no control characters, bounded."""
Nonce = Annotated[str, Pattern(r"[0-9a-f]{64}")]
"""32 random bytes as lowercase hex."""
Validation = Annotated[str, Pattern(r"[0-9]{18}")]
"""A voucher's 18-digit validation number."""
CurrencyCode = Annotated[str, Pattern(r"[A-Z]{3}")]
"""An ISO 4217 currency code: ``USD``."""


@dataclass(frozen=True, slots=True)
class Opaque:
    """A field the protocol carries as a JSON object, at most ``keys`` keys, its meaning the receiver's."""

    keys: int = 64


Record = Annotated[dict[str, Any], Opaque()]
"""A game's record (its view of the table) as a JSON object: the game's own type decodes it."""


def _where(path: str) -> str:
    return path or "value"


@cache
def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


def fields_of(cls: type) -> tuple[tuple[str, Any], ...]:
    """The (name, annotation) pairs of a record, resolved once and cached."""
    return _hints(cls)


Convert = Callable[[Any, str], Any]
"""A compiled field: ``(value, path) -> value``, raising :class:`FieldError` naming ``path``."""


def from_json(value: JSONValue, hint: Any, path: str = "") -> Any:
    """Check ``value`` against ``hint`` and build the typed value; raises :class:`FieldError`."""
    return _decoder(hint)(value, path)


@cache
def _decoder(hint: Any) -> Convert:
    """The checks of ``hint`` worked out once (the table sends and reads thousands of fields a round)."""
    origin = get_origin(hint)
    if origin is Annotated and isinstance(get_args(hint)[1], Opaque):
        return _opaque(get_args(hint)[1])
    if origin is Annotated:
        base, *constraints = get_args(hint)
        return _annotated(_decoder(base), tuple(_rule(c) for c in constraints))
    if origin is Union or origin is types.UnionType:
        return _optional(hint, get_args(hint), _decoder)
    if origin is tuple:
        return _items(_decoder(get_args(hint)[0]))
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        cls = hint
        return lambda value, path: record_from_json(value, cls, path or cls.__name__)
    return lambda value, path: _scalar(value, hint, path)


def _opaque(rule: Opaque) -> Convert:
    def opaque(value: Any, path: str) -> Any:
        keys_ok = isinstance(value, dict) and all(isinstance(k, str) for k in value)
        if not keys_ok or len(value) > rule.keys:
            got = f"{value!r:.80}"
            raise FieldError(f"{_where(path)}: expected an object of at most {rule.keys} keys, got {got}")
        return value

    return opaque


def _annotated(base: Convert, rules: tuple[Callable[[Any, str], None], ...]) -> Convert:
    def convert(value: Any, path: str) -> Any:
        built = base(value, path)
        for rule in rules:
            rule(built, path)
        return built

    return convert


def _rule(rule: Any) -> Callable[[Any, str], None]:
    """One constraint of an ``Annotated`` field as a check."""
    if isinstance(rule, IntRange):

        def in_range(value: Any, path: str) -> None:
            if not rule.low <= value <= rule.high:
                raise FieldError(f"{_where(path)}: {value} is outside {rule.low}..{rule.high}")

        return in_range
    if isinstance(rule, Pattern):
        regex = re.compile(rule.regex)

        def matches(value: Any, path: str) -> None:
            if regex.fullmatch(value) is None:
                raise FieldError(f"{_where(path)}: {value!r} does not match {rule.regex}")

        return matches
    return lambda value, path: None  # other metadata constrains nothing


def _optional(hint: Any, args: tuple[Any, ...], compile_: Callable[[Any], Convert]) -> Convert:
    inner = [arg for arg in args if arg is not type(None)]
    if len(inner) != 1:
        raise TypeError(f"unsupported field type {hint!r}: only X | None unions")  # a schema bug
    convert, nullable = compile_(inner[0]), type(None) in args

    def optional(value: Any, path: str) -> Any:
        if value is None and nullable:
            return None
        return convert(value, path)

    return optional


def _items(item: Convert) -> Convert:
    def items(value: Any, path: str) -> Any:
        if not isinstance(value, list) or len(value) > _MAX_ITEMS:
            raise FieldError(f"{_where(path)}: expected a list of at most {_MAX_ITEMS} items, got {value!r}")
        return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))

    return items


@cache
def _record(cls: type) -> tuple[frozenset[str], tuple[tuple[str, Convert], ...]]:
    hints = fields_of(cls)
    return frozenset(name for name, _ in hints), tuple((name, _decoder(hint)) for name, hint in hints)


def record_from_json(value: JSONValue, cls: type, path: str) -> Any:
    """Build record ``cls`` from a JSON object with exactly its fields."""
    if not isinstance(value, dict):
        raise FieldError(f"{path}: expected an object, got {value!r}")
    names, fields = _record(cls)
    if value.keys() != names:
        missing, extra = sorted(names - set(value)), sorted(set(value) - names)
        raise FieldError(f"{path}: missing fields {missing}, unexpected fields {extra}")
    return cls(**{name: convert(value[name], f"{path}.{name}") for name, convert in fields})


def _scalar(value: JSONValue, hint: Any, path: str) -> Any:
    if hint is int:
        if type(value) is not int:
            raise FieldError(f"{_where(path)}: expected an integer, got {value!r}")
        if not _INT64[0] <= value <= _INT64[1]:
            raise FieldError(f"{_where(path)}: {value} does not fit 64 bits")
        return value
    if hint is bool:
        if type(value) is not bool:
            raise FieldError(f"{_where(path)}: expected true or false, got {value!r}")
        return value
    if hint is str:
        if type(value) is not str or len(value) > _MAX_TEXT:
            raise FieldError(
                f"{_where(path)}: expected text of at most {_MAX_TEXT} characters, got {value!r:.80}"
            )
        return value
    raise TypeError(f"unsupported field type {hint!r} at {path}")  # a schema bug, found by the tests


def to_json(value: Any, hint: Any, path: str = "") -> JSONValue:
    """The JSON value of a typed value, checked against ``hint`` so a bad message is never sent."""
    result: JSONValue = _encoder(hint)(value, path)
    return result


@cache
def _encoder(hint: Any) -> Convert:
    origin = get_origin(hint)
    if origin is tuple:
        item = _encoder(get_args(hint)[0])

        def items(value: Any, path: str) -> Any:
            if not isinstance(value, tuple):
                raise FieldError(f"{_where(path)}: expected a tuple, got {value!r}")
            return [item(v, f"{path}[{i}]") for i, v in enumerate(value)]

        return items
    if origin is Annotated:  # constrained scalars and opaque records: checking is decoding
        return _decoder(hint)
    if origin is Union or origin is types.UnionType:
        return _optional(hint, get_args(hint), _encoder)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        cls = hint
        fields = tuple((name, _encoder(h)) for name, h in fields_of(cls))

        def record(value: Any, path: str) -> Any:
            if type(value) is not cls:
                raise FieldError(f"{_where(path)}: expected a {cls.__name__}, got {value!r}")
            return {name: convert(getattr(value, name), f"{path}.{name}") for name, convert in fields}

        return record
    return lambda value, path: _scalar(value, hint, path)
