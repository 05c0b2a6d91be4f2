"""The Big Six wheel (§ 619a): 54 sections in the seed's order, seven wagers, and settling a spin.

The wheel's sections, clockwise from the joker (§ 619a.1(b)), are symbols: ``one``, ``two``, ``five``,
``ten``, ``twenty`` (the $1 … $20 symbols, paid at their number to 1), the ``joker`` and the ``flag``
(the venue's name or logo), each paid 45 to 1 and wagered apart. A wager's spot text is its symbol. A
spin's outcome is the section the clapper rests in, 0..53 (one uniform draw); its canonical text names
the symbol and the section, ``flag@27``, so every screen can bring the wheel to rest on that very section.

>>> rules = make_rules()
>>> bets = (place(rules, "a", "five", 100), place(rules, "b", "flag", 100))
>>> stop = Stop(SECTIONS.index("flag"))
>>> stop.text, [(s.wager_ref, s.result.value, s.returned) for s in settle(bets, stop, rules)]
('flag@27', [('a', 'lose', 0), ('b', 'win', 4600)])
>>> {symbol: SECTIONS.count(symbol) for symbol in WAGERS}
{'one': 23, 'two': 15, 'five': 8, 'ten': 4, 'twenty': 2, 'joker': 1, 'flag': 1}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from terminal.games.base import IllegalBetError, Limits, Payout, Result, Settlement
from terminal.games.paytables import Paytable, PaytableError, UnknownPaytableError

GAME = "bigsix"
WAGERS: tuple[str, ...] = ("one", "two", "five", "ten", "twenty", "joker", "flag")
"""The seven wagers, one per symbol, in layout order (ids of paytables, ``[limits]`` keys, meters, PAR)."""

_SEED_ORDER = (
    "joker", 1, 2, 1, 5, 2, 1, 10, 1, 5, 1, 2, 1, 20, 1, 2, 1, 5, 2, 1, 10, 1, 2, 5, 1, 2, 1, "flag",
    2, 5, 2, 1, 2, 1, 10, 1, 5, 1, 2, 1, 20, 1, 2, 1, 5, 2, 1, 10, 1, 2, 5, 1, 2, 1,
)  # fmt: skip  (§ 619a.1(b), clockwise from the joker)
_NAMES = {1: "one", 2: "two", 5: "five", 10: "ten", 20: "twenty"}
SECTIONS: tuple[str, ...] = tuple(_NAMES[s] if isinstance(s, int) else s for s in _SEED_ORDER)
"""The symbol of each section, clockwise from the joker: section ``i`` is ``SECTIONS[i]``."""
SIZE = len(SECTIONS)
ODDS: dict[str, int] = {"one": 1, "two": 2, "five": 5, "ten": 10, "twenty": 20, "joker": 45, "flag": 45}
"""The least each symbol may pay, "to 1" (§ 619a.3): a paytable may pay more, never less."""
_NO_LIMITS = Limits(1, 10**15, 1)


class UnknownSpotError(IllegalBetError):
    """A spot text that is not one of the seven symbols."""


class PaytableMismatchError(ValueError):
    """A wager placed under one paytable settled under another."""


@dataclass(frozen=True, slots=True)
class Stop:
    """The section the clapper rests in, 0..53 clockwise from the joker."""

    section: int

    def __post_init__(self) -> None:
        if type(self.section) is not int or not 0 <= self.section < SIZE:
            raise ValueError(f"a Big Six section is 0..{SIZE - 1}, not {self.section!r}")

    @property
    def symbol(self) -> str:
        return SECTIONS[self.section]

    @property
    def drawn(self) -> tuple[int, ...]:
        """The value the RNG gave: the section."""
        return (self.section,)

    @property
    def void(self) -> bool:
        """The wheel always rests mid-section, so no spin is void (§ 619a.2(d) cannot arise)."""
        return False

    @property
    def text(self) -> str:
        """Canonical text: the symbol and the section, ``five@4``."""
        return f"{self.symbol}@{self.section}"

    @classmethod
    def parse(cls, text: str) -> Stop:
        """The stop whose canonical text is ``text``; ``ValueError`` for anything else."""
        symbol, _, section = text.partition("@")
        if not section.isdigit() or not int(section) < SIZE or SECTIONS[int(section)] != symbol:
            raise ValueError(f"{text!r} is not a Big Six stop (symbol@section, as five@4)")
        return cls(int(section))

    def to_json(self) -> dict[str, Any]:
        """The persisted outcome: the section, its symbol and the canonical text."""
        return {"section": self.section, "symbol": self.symbol, "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stop:
        """The stop of a persisted outcome (its ``section``)."""
        section = data.get("section")
        if type(section) is not int:
            raise ValueError(f"a Big Six outcome needs its section, not {section!r}")
        return cls(section)


def validate(table: Paytable) -> Paytable:
    """Return ``table`` if it pays every symbol "to 1" at least its minimum (§ 619a.3), in layout order."""
    if tuple(key for key, _ in table.entries) != WAGERS:
        raise PaytableError(f"bigsix paytable {table.name!r} must list the symbols {WAGERS}")
    for key, payout in table.entries:
        if payout.unit != "to" or payout.ratio < ODDS[key] + 1:
            raise PaytableError(f"bigsix paytable {table.name!r} pays {key} {payout}, below {ODDS[key]} to 1")
    return table


PAYTABLES: dict[str, Paytable] = {
    "standard": validate(Paytable(GAME, "standard", tuple((w, Payout(ODDS[w])) for w in WAGERS))),
}


def paytable(name: str) -> Paytable:
    """The Big Six paytable called ``name``."""
    try:
        return PAYTABLES[name]
    except KeyError:
        raise UnknownPaytableError(
            f"unknown bigsix paytable {name!r}: choose one of {', '.join(PAYTABLES)}"
        ) from None


@dataclass(frozen=True, slots=True)
class BigSixRules:
    """The paytable and the limits by wager id (``[bigsix]`` and ``[limits]``)."""

    paytable: Paytable
    limits: tuple[tuple[str, Limits], ...] = ()
    default_limits: Limits = _NO_LIMITS

    def limits_for(self, wager: str) -> Limits:
        """The limits of wager id ``wager``."""
        return next((limits for name, limits in self.limits if name == wager), self.default_limits)


def make_rules(
    paytable_name: str = "standard", limits: tuple[tuple[str, Limits], ...] = (), default: Limits = _NO_LIMITS
) -> BigSixRules:
    """Rules from the names ``[bigsix]`` uses; an unknown paytable raises ``ValueError``."""
    return BigSixRules(paytable(paytable_name), limits, default)


@dataclass(frozen=True, slots=True)
class Wager:
    """A placed wager with the settlement of each of the 54 sections precomputed (``by_section``)."""

    ref: str
    symbol: str
    stake: int
    paytable: str
    by_section: tuple[Settlement, ...] = field(repr=False, compare=False)


def place(rules: BigSixRules, ref: str, spot: str, stake: int) -> Wager:
    """Validate a wager of ``stake`` minor units on the symbol ``spot`` and return it ready to settle."""
    if spot not in WAGERS:
        raise UnknownSpotError(spot, f"not a Big Six symbol ({', '.join(WAGERS)})")
    rules.limits_for(spot).check_stake(spot, stake)
    table = rules.paytable
    win = Settlement(ref, spot, table.name, stake, table.payout(spot).returned(stake), Result.WIN, spot)
    lose = Settlement(ref, spot, table.name, stake, 0, Result.LOSE, spot)
    return Wager(ref, spot, stake, table.name, tuple(win if s == spot else lose for s in SECTIONS))


def settle(wagers: Sequence[Wager], stop: Stop, rules: BigSixRules) -> tuple[Settlement, ...]:
    """Settle every wager on ``stop``: a pure function, the same answer however often it is asked."""
    name, section = rules.paytable.name, stop.section
    for w in wagers:
        if w.paytable != name:
            raise PaytableMismatchError(
                f"wager {w.ref} was placed under paytable {w.paytable!r}, not {name!r}"
            )
    return tuple([w.by_section[section] for w in wagers])
