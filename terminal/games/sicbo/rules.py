"""Sic Bo (§ 625a): three dice, the wagers of the layout, the two paytables, and settling a roll.

A spot has one canonical text: ``small``, ``big``, ``any_three_of_a_kind``, ``three_of_a_kind:4``,
``two_of_a_kind:4``, ``total_11``, ``two_dice:2-5`` (the smaller number first) and ``one_of_a_kind:6``.
A wager is validated once, when the chip lands; placement precomputes the settlement of each of the 216
ordered rolls, so settling a roll is one tuple index per wager.

Decisions of GAMES.md §4: a triple of a number wins that number's Two of a Kind; Small and Big lose on
any triple; One of a Kind pays by how many dice show its number (1 / 2 / 3 to 1 on A, 1 / 2 / 12 on B).

>>> rules = make_rules("A")
>>> bets = (place(rules, "a", "small", 100), place(rules, "b", "one_of_a_kind:5", 100))
>>> [(s.wager_ref, s.result.value, s.returned, s.entry) for s in settle(bets, Roll((2, 5, 5)), rules)]
[('a', 'lose', 0, 'small'), ('b', 'win', 300, 'one_of_a_kind_2')]
>>> Roll((2, 5, 5)).text, Roll.parse("6-6-6").is_triple, Spot.parse("two_dice:5-2").text
('2-5-5', True, 'two_dice:2-5')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, product
from typing import Any

from terminal.games.base import IllegalBetError, Limits, Payout, Result, Settlement
from terminal.games.paytables import Paytable, UnknownPaytableError, validate_listed

GAME = "sicbo"
FACES = (1, 2, 3, 4, 5, 6)
TOTALS = tuple(range(4, 18))  # 3 and 18 are triples: not wagers (GAMES.md §4)
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(FACES, 2))  # the 15 Two Dice Combinations
# The 216 ordered rolls, in the order of Roll.index.
ROLLS: tuple[tuple[int, int, int], ...] = tuple((a, b, c) for a, b, c in product(FACES, repeat=3))
_NO_LIMITS = Limits(1, 10**15, 1)

SMALL, BIG, ANY_TRIPLE = "small", "big", "any_three_of_a_kind"
TRIPLE, DOUBLE, PAIR, SINGLE = "three_of_a_kind", "two_of_a_kind", "two_dice", "one_of_a_kind"
_ONE_NUMBER = (TRIPLE, DOUBLE, SINGLE)

WAGERS: tuple[str, ...] = (
    SMALL, BIG, DOUBLE, TRIPLE, ANY_TRIPLE, *(f"total_{t}" for t in TOTALS), PAIR, SINGLE,
)  # fmt: skip
"""Every Sic Bo wager id, in layout order: the ids of paytables, ``[limits]`` keys, meters and PAR."""


class UnknownSpotError(IllegalBetError):
    """A spot text that is not on the Sic Bo layout."""


class PaytableMismatchError(ValueError):
    """A wager placed under one paytable settled under another."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Three dice in the order drawn (the 216 ordered rolls are the RNG's outcome range)."""

    dice: tuple[int, int, int]

    def __post_init__(self) -> None:
        if len(self.dice) != 3 or any(type(d) is not int or not 1 <= d <= 6 for d in self.dice):
            raise ValueError(f"a Sic Bo roll is three dice 1..6, not {self.dice!r}")

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def drawn(self) -> tuple[int, ...]:
        """The values the RNG gave: the three dice."""
        return self.dice

    @property
    def void(self) -> bool:
        """A Sic Bo roll always counts: the automated shaker has no "no roll"."""
        return False

    @property
    def is_triple(self) -> bool:
        return self.dice[0] == self.dice[1] == self.dice[2]

    @property
    def index(self) -> int:
        """0..215: ``(d1 - 1) * 36 + (d2 - 1) * 6 + (d3 - 1)``, the order of :data:`ROLLS`."""
        a, b, c = self.dice
        return (a - 1) * 36 + (b - 1) * 6 + c - 1

    @property
    def text(self) -> str:
        """Canonical text, dice in the order drawn: ``2-5-5``."""
        return "-".join(str(d) for d in self.dice)

    @classmethod
    def parse(cls, text: str) -> Roll:
        """The roll whose canonical text is ``text``; ``ValueError`` for anything else."""
        parts = text.split("-")
        if len(parts) != 3 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
            raise ValueError(f"{text!r} is not a Sic Bo roll (three dice 1-6, as 2-5-5)")
        a, b, c = (int(p) for p in parts)
        return cls((a, b, c))

    def to_json(self) -> dict[str, Any]:
        """The persisted outcome: the dice in order, their total, and the text a technician reads."""
        return {"dice": list(self.dice), "total": self.total, "text": f"{self.text} ({self.total})"}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Roll:
        """The roll of a persisted outcome (its ``dice``)."""
        dice = data.get("dice")
        if not isinstance(dice, list) or len(dice) != 3:
            raise ValueError(f"a Sic Bo outcome needs three dice, not {dice!r}")
        a, b, c = (int(d) for d in dice)
        return cls((a, b, c))


@dataclass(frozen=True, slots=True)
class Spot:
    """A place on the layout: a wager kind and the numbers it names (none, one, or a combination's two)."""

    kind: str
    numbers: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        if self.kind == PAIR:
            return f"{PAIR}:{self.numbers[0]}-{self.numbers[1]}"
        if self.kind in _ONE_NUMBER:
            return f"{self.kind}:{self.numbers[0]}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Spot:
        """The spot of canonical (or pair-reversed) ``text``; :class:`UnknownSpotError` otherwise."""
        kind, _, arg = text.partition(":")
        numbers = tuple(int(n) for n in arg.split("-") if n.isdigit() and len(n) == 1) if arg else ()
        if kind in (SMALL, BIG, ANY_TRIPLE) and not arg:
            return cls(kind)
        if kind.startswith("total_") and not arg and kind in WAGERS:
            return cls(kind)
        if kind in _ONE_NUMBER and len(numbers) == 1 and numbers[0] in FACES and arg == str(numbers[0]):
            return cls(kind, numbers)
        if kind == PAIR and len(numbers) == 2 and tuple(sorted(numbers)) in PAIRS and len(arg) == 3:
            return cls(kind, (min(numbers), max(numbers)))
        raise UnknownSpotError(text, "not a Sic Bo spot (small, big, total_4..total_17, two_dice:1-2, ...)")

    def entry(self, dice: tuple[int, int, int]) -> str | None:
        """The paytable entry this spot wins on ``dice``, or ``None`` when it loses."""
        total, triple = sum(dice), dice[0] == dice[1] == dice[2]
        kind = self.kind
        if kind in (SMALL, BIG):
            inside = 4 <= total <= 10 if kind == SMALL else 11 <= total <= 17
            return kind if inside and not triple else None
        if kind == ANY_TRIPLE:
            return kind if triple else None
        if kind.startswith("total_"):
            return kind if total == int(kind[6:]) else None
        if kind == PAIR:
            return kind if self.numbers[0] in dice and self.numbers[1] in dice else None
        count = dice.count(self.numbers[0])
        if kind == TRIPLE:
            return kind if count == 3 else None
        if kind == DOUBLE:
            return kind if count >= 2 else None
        return f"{SINGLE}_{count}" if count else None


def all_spots() -> tuple[Spot, ...]:
    """Every spot of the layout (50), in layout order."""
    spots: list[Spot] = []
    for kind in WAGERS:
        if kind in _ONE_NUMBER:
            spots += [Spot(kind, (n,)) for n in FACES]
        elif kind == PAIR:
            spots += [Spot(kind, pair) for pair in PAIRS]
        else:
            spots.append(Spot(kind))
    return tuple(spots)


# --- paytables (§ 625a.6) -----------------------------------------------------------------------------

_TOTALS_A = (50, 18, 14, 12, 8, 6, 6)  # totals 4..10; 11..17 mirror them
_TOTALS_B = (62, 31, 18, 12, 8, 7, 6)


def _paytable(name: str, triple: int, double: int, any_triple: int, totals: tuple[int, ...],
              pair: int, single_three: int) -> Paytable:  # fmt: skip
    mirrored = (*totals, *reversed(totals))
    entries = [
        (SMALL, Payout(1)), (BIG, Payout(1)), (DOUBLE, Payout(double)), (TRIPLE, Payout(triple)),
        (ANY_TRIPLE, Payout(any_triple)),
        *((f"total_{t}", Payout(p)) for t, p in zip(TOTALS, mirrored, strict=True)),
        (PAIR, Payout(pair)), (f"{SINGLE}_1", Payout(1)), (f"{SINGLE}_2", Payout(2)),
        (f"{SINGLE}_3", Payout(single_three)),
    ]  # fmt: skip
    return validate(Paytable(GAME, name, tuple(entries)))


ENTRIES: tuple[str, ...] = (*WAGERS[:-1], f"{SINGLE}_1", f"{SINGLE}_2", f"{SINGLE}_3")


def validate(table: Paytable) -> Paytable:
    """Return ``table`` if it names every Sic Bo entry once, in order, each paid "to 1" above the stake."""
    return validate_listed(table, "sicbo", ENTRIES)


PAYTABLES: dict[str, Paytable] = {
    "A": _paytable("A", 150, 8, 24, _TOTALS_A, 5, 3),
    "B": _paytable("B", 180, 11, 31, _TOTALS_B, 6, 12),
}


def paytable(name: str) -> Paytable:
    """The Sic Bo paytable called ``name`` (A or B; ``a``, ``b`` as the protocol's variant carries them)."""
    try:
        return PAYTABLES[name.upper()]
    except KeyError:
        raise UnknownPaytableError(f"unknown sicbo paytable {name!r}: choose one of A, B") from None


# --- rules, wagers, settlement ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SicBoRules:
    """The paytable and the limits by wager id (``[sicbo]`` and ``[limits]``)."""

    paytable: Paytable
    limits: tuple[tuple[str, Limits], ...] = ()
    default_limits: Limits = _NO_LIMITS

    def limits_for(self, wager: str) -> Limits:
        """The limits of wager id ``wager``."""
        return next((limits for name, limits in self.limits if name == wager), self.default_limits)


def make_rules(
    paytable_name: str = "A", limits: tuple[tuple[str, Limits], ...] = (), default: Limits = _NO_LIMITS
) -> SicBoRules:
    """Rules from the names ``[sicbo]`` uses; an unknown paytable raises ``ValueError``."""
    return SicBoRules(paytable(paytable_name), limits, default)


@dataclass(frozen=True, slots=True)
class Wager:
    """A placed wager with its settlement of each of the 216 ordered rolls precomputed: ``settlements``
    holds each distinct one (a win per paytable entry the spot can win, and the loss), ``by_roll`` which
    of them each roll gives (the spot's own map, shared by every wager on the spot)."""

    ref: str
    spot: Spot
    stake: int
    paytable: str
    settlements: tuple[Settlement, ...] = field(repr=False, compare=False)
    by_roll: tuple[int, ...] = field(repr=False, compare=False)


def place(rules: SicBoRules, ref: str, spot: str, stake: int) -> Wager:
    """Validate a wager of ``stake`` minor units on ``spot`` and return it ready to settle."""
    where = Spot.parse(spot)
    rules.limits_for(where.kind).check_stake(where.kind, stake)
    return compile_wager(rules.paytable, ref, where, stake)


def compile_wager(table: Paytable, ref: str, spot: Spot, stake: int) -> Wager:
    """The wager's settlement on every ordered roll, each distinct settlement built once."""
    entries, by_roll = _entries_by_roll(spot)
    made = tuple(
        Settlement(ref, spot.kind, table.name, stake, table.payout(entry).returned(stake), Result.WIN, entry)
        if entry is not None
        else Settlement(ref, spot.kind, table.name, stake, 0, Result.LOSE, spot.kind)
        for entry in entries
    )
    return Wager(ref, spot, stake, table.name, made, by_roll)


# At most the layout's 50 spots: a table places the same few spots all day, and the lab's simulation
# places every spot every round, so each spot's 216 rolls are worked out once, not at every chip.
@cache
def _entries_by_roll(spot: Spot) -> tuple[tuple[str | None, ...], tuple[int, ...]]:
    """The spot's distinct entries (``None``: it loses), and for each of the 216 rolls which one it is."""
    distinct: dict[str | None, int] = {}
    which = tuple(distinct.setdefault(spot.entry(dice), len(distinct)) for dice in ROLLS)
    return tuple(distinct), which


def settle(wagers: Sequence[Wager], roll: Roll, rules: SicBoRules) -> tuple[Settlement, ...]:
    """Settle every wager on ``roll``: a pure function, the same answer however often it is asked."""
    name, index = rules.paytable.name, roll.index
    for w in wagers:
        if w.paytable != name:
            raise PaytableMismatchError(
                f"wager {w.ref} was placed under paytable {w.paytable!r}, not {name!r}"
            )
    return tuple([w.settlements[w.by_roll[index]] for w in wagers])
