"""How one key of ``kiosk.cfg`` is declared (its default, its parser, its comment), and the parsers.

A section of the configuration is a frozen dataclass whose fields are made with :func:`setting`. The
loader (:mod:`terminal.config.loader`) walks the fields, so the schema, the defaults, the shipped
``kiosk.cfg`` comments and the error messages all come from one declaration. A parser takes the text of
a value and returns the value, or raises ``ValueError`` saying what is allowed (the loader adds where).

>>> integer(1, 8)("9", CONTEXT)
Traceback (most recent call last):
...
ValueError: must be a whole number from 1 to 8
>>> amount()("12.50", CONTEXT)
1250
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from terminal.money import USD, Currency, MoneyError, parse_amount
from terminal.windows import ALLOWED, parse_placement


@dataclass(frozen=True, slots=True)
class ParseContext:
    """What a value parser may need: the currency of amounts and the folder paths are relative to."""

    currency: Currency
    base_dir: Path
    data_dir: Path | None = None  # ``[table] data_dir`` (or ``--data``): where relative data paths resolve


CONTEXT = ParseContext(USD, Path("."))

Parser = Callable[[str, ParseContext], Any]


@dataclass(frozen=True, slots=True)
class Setting:
    """The declaration of one key: shipped default (as text), parser, allowed values, and its comment;
    ``installed``: the value an installed table's template writes when it differs from the default a
    development checkout runs on (``[lab] verify_at_boot``), else ""."""

    default: str
    parse: Parser
    allowed: str
    doc: str
    installed: str = ""


def setting(default: str, parse: Parser, doc: str, installed: str = "") -> Any:
    """A dataclass field that is a ``kiosk.cfg`` key; the parser's ``allowed`` text documents it."""
    allowed = getattr(parse, "allowed", "")
    return dataclasses.field(metadata={"setting": Setting(default, parse, allowed, doc, installed)})


def settings_of(section: type) -> dict[str, Setting]:
    """Every key of a section class, in declaration order."""
    return {f.name: f.metadata["setting"] for f in dataclasses.fields(section) if "setting" in f.metadata}


def _describe(allowed: str) -> Callable[[Parser], Parser]:
    def attach(parse: Parser) -> Parser:
        parse.allowed = allowed  # type: ignore[attr-defined]
        return parse

    return attach


def choice(*options: str) -> Parser:
    """One of ``options``, exactly."""

    @_describe("one of: " + ", ".join(options))
    def parse(text: str, _: ParseContext) -> str:
        if text not in options:
            raise ValueError("must be one of: " + ", ".join(options))
        return text

    return parse


def boolean() -> Parser:
    """``true``/``false`` (also yes/no, on/off)."""

    @_describe("true or false")
    def parse(text: str, _: ParseContext) -> bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on"):
            return True
        if lowered in ("false", "no", "off"):
            return False
        raise ValueError("must be true or false")

    return parse


def integer(low: int, high: int) -> Parser:
    """A whole number from ``low`` to ``high`` inclusive."""

    @_describe(f"a whole number from {low} to {high}")
    def parse(text: str, _: ParseContext) -> int:
        if not re.fullmatch(r"-?[0-9]+", text) or not low <= int(text) <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return int(text)

    return parse


def ratio() -> Parser:
    """A decimal from 0 to 1 with up to four places (``0.85``), kept exact as a Fraction."""

    @_describe("a decimal from 0 to 1 like 0.85 (0: none)")
    def parse(text: str, _: ParseContext) -> Fraction:
        if not re.fullmatch(r"(0(\.[0-9]{1,4})?|1(\.0{1,4})?)", text):
            raise ValueError("must be a decimal from 0 to 1 like 0.85, at most four places")
        return Fraction(text)

    return parse


def amount(low: str = "0", high: str | None = None) -> Parser:
    """A money amount in major units with up to the currency's decimals; stored in minor units."""
    span = f"from {low}" + (f" to {high}" if high else "")

    @_describe(f"an amount like 12.50, {span}")
    def parse(text: str, ctx: ParseContext) -> int:
        try:
            value = parse_amount(text, ctx.currency)
        except MoneyError as exc:
            raise ValueError(f"must be an amount like 12.50 ({exc})") from None
        if value < parse_amount(low, ctx.currency) or (high and value > parse_amount(high, ctx.currency)):
            raise ValueError(f"must be an amount {span}")
        return value

    return parse


def amount_list(low: str = "0.01") -> Parser:
    """A comma-separated list of distinct amounts, each at least ``low``, in increasing order."""
    single = amount(low)

    @_describe(f"amounts separated by commas, increasing, each at least {low}")
    def parse(text: str, ctx: ParseContext) -> tuple[int, ...]:
        values = tuple(single(part.strip(), ctx) for part in text.split(",") if part.strip())
        if not values:
            raise ValueError("must list at least one amount")
        if list(values) != sorted(set(values)):
            raise ValueError("amounts must be distinct and in increasing order")
        return values

    return parse


def text(max_length: int, pattern: str = r"[^\x00-\x1f]+") -> Parser:
    """Free text of at most ``max_length`` characters matching ``pattern``."""

    @_describe(f"text of 1 to {max_length} characters")
    def parse(value: str, _: ParseContext) -> str:
        if not 1 <= len(value) <= max_length or not re.fullmatch(pattern, value):
            raise ValueError(f"must be text of 1 to {max_length} characters matching {pattern}")
        return value

    return parse


def path() -> Parser:
    """A file or folder path; a relative path is relative to the folder of the config file."""

    @_describe("a path, relative to the config file's folder")
    def parse(value: str, ctx: ParseContext) -> Path:
        if not value or "\x00" in value:
            raise ValueError("must be a non-empty path")
        if value.startswith("~"):
            # A kiosk runs without a login: a home directory may not exist, so "~" is never expanded.
            raise ValueError("must be absolute or relative to the config file; '~' is not expanded")
        candidate = Path(value)
        return candidate if candidate.is_absolute() else (ctx.base_dir / candidate)

    return parse


def data_path() -> Parser:
    """A path of the table's data (ledgers, keys, logs); a relative one is relative to ``[table] data_dir``
    (``--data DIR``), which is the config file's folder unless set."""

    @_describe("a path, relative to [table] data_dir")
    def parse(value: str, ctx: ParseContext) -> Path:
        found: Path = path()(value, ctx)
        relative = not Path(value).is_absolute()
        return ctx.data_dir / value if relative and ctx.data_dir is not None else found

    return parse


def read_with(allowed: str, read: Callable[[str], Any]) -> Parser:
    """A value a game's own reader checks (``read`` raises ``ValueError`` with a one-line reason)."""

    @_describe(allowed)
    def parse(value: str, _: ParseContext) -> Any:
        return read(value)

    return parse


def yard_map() -> Parser:
    """Touchdown yards per pocket: ``0:0, 1-10:3, ...`` covering the greens (0) and 1 to 36 once each."""

    @_describe("pocket ranges with yards, like '0:0, 1-10:3, 11-20:5, 21-30:10, 31-36:15'")
    def parse(value: str, _: ParseContext) -> tuple[int, ...]:
        yards: dict[int, int] = {}
        for part in value.split(","):
            match = re.fullmatch(r"\s*([0-9]+)(?:-([0-9]+))?\s*:\s*([0-9]+)\s*", part)
            if match is None:
                raise ValueError(f"cannot read {part.strip()!r}: write 'first-last:yards'")
            first, last, gain = int(match[1]), int(match[2] or match[1]), int(match[3])
            if gain > 50:
                raise ValueError(f"{gain} yards is more than the 50 to the goal line")
            for pocket in range(first, last + 1):
                if pocket in yards or pocket > 36:
                    raise ValueError(f"pocket {pocket} is given twice or is not on the wheel")
                yards[pocket] = gain
        if sorted(yards) != list(range(37)):
            missing = sorted(set(range(37)) - set(yards))
            raise ValueError(f"must give yards for 0 (both greens) and 1 to 36; missing {missing}")
        return tuple(yards[p] for p in range(37))

    return parse


def seat_list(high: int = 8) -> Parser:
    """Seat numbers separated by commas, distinct and increasing, each 1 to ``high``; ``none`` for no seat."""

    @_describe(f"seat numbers 1 to {high} separated by commas, or none")
    def parse(text: str, _: ParseContext) -> tuple[int, ...]:
        if text.strip().lower() in ("", "none"):
            return ()
        parts = [part.strip() for part in text.split(",")]
        if not all(re.fullmatch(r"[0-9]+", part) and 1 <= int(part) <= high for part in parts):
            raise ValueError(f"must be seat numbers 1 to {high} separated by commas, or none")
        values = tuple(int(part) for part in parts)
        if list(values) != sorted(set(values)):
            raise ValueError("seat numbers must be distinct and in increasing order")
        return values

    return parse


def placement() -> Parser:
    """Where a window opens (:mod:`terminal.windows`): ``auto``, ``fullscreen[@N]`` or ``WxH+X+Y[@N]``."""

    @_describe(ALLOWED)
    def parse(text: str, _: ParseContext) -> Any:
        return parse_placement(text)

    return parse


def optional_path() -> Parser:
    """A path as :func:`path` reads it, or ``none`` for no file."""
    single = path()

    @_describe("a path, relative to the config file's folder, or none")
    def parse(value: str, ctx: ParseContext) -> Path | None:
        return None if value.strip().lower() in ("", "none") else single(value, ctx)

    return parse


def url_list(*schemes: str) -> Parser:
    """Server addresses ``scheme://[user:password@]host:port`` separated by commas (a cluster's seeds)."""
    names = "|".join(map(re.escape, schemes))
    pattern = re.compile(rf"(?:{names})://(?:[^\s@/]+@)?[A-Za-z0-9.\-\[\]:]+:[0-9]{{1,5}}")

    @_describe(f"addresses like {schemes[0]}://host:port separated by commas")
    def parse(text: str, _: ParseContext) -> tuple[str, ...]:
        parts = tuple(part.strip() for part in text.split(",") if part.strip())
        bad = [p for p in parts if not pattern.fullmatch(p) or not 0 < int(p.rsplit(":", 1)[1]) < 65536]
        if not parts or bad:
            shown = ", ".join(bad) or "(nothing)"
            wanted = f"{schemes[0]}://host:port"
            raise ValueError(f"must be addresses like {wanted}, separated by commas; not {shown}")
        return parts

    return parse
