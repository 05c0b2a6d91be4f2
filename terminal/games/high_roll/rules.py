"""High Roll Dice (§ 675a; GAMES.md §6.3): ten dice (or six), Pip Street, Like Kind and Millionaire Row.

A throw is ten RNG dice (six in the variation of § 675a.6). Its *count* is the largest number of dice
showing one face; its *winning face* is the face with that count, ties going to the higher rank (ace
highest, then 6, 5, 4, 3, 2). The winning face's dice are set aside; a seat that bought the Extra Roll
before the lock has its circles above the count ride on one re-throw of the other dice for the table.

A first throw's text is its dice in the order drawn (``6-1-1-3-...``); the extra roll's text names the
face and count set aside and the dice re-thrown (``1x3:4-1-6-2-2-5-1``).

>>> t = Throw((1, 1, 1, 6, 6, 6, 2, 3, 4, 5))
>>> t.count, t.face, t.text
(3, 1, '1-1-1-6-6-6-2-3-4-5')
>>> e = Throw.parse("1x3:4-1-6-2-2-5-1")
>>> e.extra, e.face, e.aside, e.count
(True, 1, 3, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from terminal.games.base import IllegalBetError, Limits, Payout
from terminal.games.paytables import Paytable, UnknownPaytableError, validate_listed

GAME = "high_roll"
RANKING: tuple[int, ...] = (1, 6, 5, 4, 3, 2)
"""The faces from highest rank to lowest (§ 675a.2(d))."""
FACE_WORDS: dict[int, str] = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 1: "ace"}
PIPS: tuple[str, ...] = tuple(f"pip_street_{FACE_WORDS[f]}" for f in (2, 3, 4, 5, 6, 1))
PIP_FACE: dict[str, int] = {f"pip_street_{word}": face for face, word in FACE_WORDS.items()}
CIRCLES_TEN: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)
CIRCLES_SIX: tuple[int, ...] = (2, 3, 4, 5, 6)
NO_MATCH = "like_kind_no_match"
EXTRA = "extra_roll"
NINE, TEN = "millionaire_9", "millionaire_10"
LIKE_KIND: tuple[str, ...] = (*(f"like_kind_{k}" for k in CIRCLES_TEN), NO_MATCH)

WAGERS: tuple[str, ...] = (*PIPS, *LIKE_KIND, EXTRA, NINE, TEN)
"""Every High Roll Dice wager id, in layout order: paytables, ``[limits]``, meters, PAR."""

DICE_CHOICES = (10, 6)
STANDARD, SIX = "standard", "standard_six"


def circle(spot: str) -> int:
    """The count of a Like Kind circle's spot (``like_kind_5`` → 5); 1 for No Match (all faces apart)."""
    return 1 if spot == NO_MATCH else int(spot.rsplit("_", 1)[1])


def counts(dice: Sequence[int]) -> tuple[int, ...]:
    """How many dice show each face 1..6."""
    tally = [0] * 7
    for d in dice:
        tally[d] += 1
    return tuple(tally[1:])


def winner(dice: Sequence[int]) -> tuple[int, int]:
    """(winning face, count) of a throw: the largest count, ties to the higher rank (§ 675a.2(e)(1))."""
    tally = counts(dice)
    count = max(tally)
    face = next(f for f in RANKING if tally[f - 1] == count)
    return face, count


@dataclass(frozen=True, slots=True)
class Throw:
    """A throw of the dice. A first throw has ``aside == 0``; the extra roll names the ``face`` and the
    ``aside`` dice kept from the first throw, and ``dice`` are the ones re-thrown."""

    dice: tuple[int, ...]
    face_aside: int = 0
    aside: int = 0

    def __post_init__(self) -> None:
        if any(type(d) is not int or not 1 <= d <= 6 for d in self.dice):
            raise ValueError(f"a High Roll throw is dice 1..6, not {self.dice!r}")
        if self.aside:
            if (
                self.face_aside not in RANKING
                or not 2 <= self.aside <= 10
                or len(self.dice) != 10 - self.aside
            ):
                raise ValueError(
                    f"an extra roll re-throws 10 - c1 of ten dice (c1 2..10), not {self.aside}, {self.dice!r}"
                )
        elif len(self.dice) not in DICE_CHOICES:
            raise ValueError(f"a High Roll throw is ten or six dice, not {len(self.dice)}")

    @property
    def extra(self) -> bool:
        return self.aside > 0

    @property
    def face(self) -> int:
        return self.face_aside if self.extra else winner(self.dice)[0]

    @property
    def count(self) -> int:
        """c1 for a first throw; c2 = c1 + the re-thrown dice showing the winning face for the extra roll."""
        if self.extra:
            return self.aside + sum(1 for d in self.dice if d == self.face_aside)
        return winner(self.dice)[1]

    @property
    def no_match(self) -> bool:
        """Every die a different face (six dice only can)."""
        return not self.extra and max(counts(self.dice)) == 1

    @property
    def drawn(self) -> tuple[int, ...]:
        return self.dice

    @property
    def void(self) -> bool:
        return False

    @property
    def text(self) -> str:
        dice = "-".join(str(d) for d in self.dice)
        return f"{self.face_aside}x{self.aside}:{dice}" if self.extra else dice

    @classmethod
    def parse(cls, text: str) -> Throw:
        """The throw whose text is ``text``; ``ValueError`` with the forms it takes otherwise."""
        head = text.strip().split(" ")[0]
        aside_text, _, dice_text = head.rpartition(":")
        try:
            dice = tuple(int(p) for p in dice_text.split("-")) if dice_text or not aside_text else ()
            if not aside_text:
                return cls(dice)
            face, _, count = aside_text.partition("x")
            return cls(dice, int(face), int(count))
        except ValueError:
            raise ValueError(
                f"{text!r} is not a High Roll throw (ten or six dice as 6-1-1-3-..., or an extra roll as "
                "1x3:4-1-6-2-2-5-1)"
            ) from None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"dice": list(self.dice), "face": self.face, "count": self.count}
        if self.extra:
            data["aside"] = self.aside
        return data | {"text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Throw:
        dice = data.get("dice")
        if not isinstance(dice, list):
            raise ValueError(f"a High Roll outcome needs its dice, not {dice!r}")
        aside = int(data.get("aside", 0))
        return cls(tuple(int(d) for d in dice), int(data["face"]) if aside else 0, aside)


def rethrow(face: int, aside: int, values: Sequence[int]) -> Throw:
    """The extra roll from a draw of ten dice: the first ``10 - aside`` are the dice re-thrown."""
    return Throw(tuple(values[: 10 - aside]), face, aside)


# --- paytables (§ 675a.5, § 675a.6(j),(k)) ----------------------------------------------------------

FIRST_ENTRIES_TEN: tuple[str, ...] = (*PIPS, *(f"like_kind_{k}" for k in CIRCLES_TEN))
EXTRA_ENTRIES: tuple[str, ...] = tuple(f"extra_like_kind_{k}" for k in CIRCLES_TEN[1:])
ENTRIES_TEN = (*FIRST_ENTRIES_TEN, *EXTRA_ENTRIES)
ENTRIES_SIX: tuple[str, ...] = (*PIPS, *(f"like_kind_{k}" for k in CIRCLES_SIX), NO_MATCH)


def _table(name: str, entries: tuple[str, ...], pays: tuple[Payout, ...]) -> Paytable:
    return validate_listed(Paytable(GAME, name, tuple(zip(entries, pays, strict=True))), GAME, entries)


TEN_PAYS: tuple[Payout, ...] = (
    *(Payout(n) for n in (6, 6, 5, 4, 4, 3)),  # Pip Street, Two .. Ace
    Payout(12), Payout(3, 5), *(Payout(n) for n in (1, 4, 30, 400, 5000)),  # Like Kind 2 .. 8
    *(Payout(n) for n in (6, 1, 2, 4, 10, 50)),  # Like Kind 3 .. 8 on the extra roll
)  # fmt: skip
SIX_PAYS: tuple[Payout, ...] = (
    *(Payout(n) for n in (8, 6, 5, 4, 3, 2)),  # Pip Street, Two .. Ace
    Payout(1, 2), *(Payout(n) for n in (2, 15, 200, 6000)), Payout(60),  # Like Kind 2 .. 6, No Match
)  # fmt: skip
PAYTABLES: dict[str, Paytable] = {
    STANDARD: _table(STANDARD, ENTRIES_TEN, TEN_PAYS),
    SIX: _table(SIX, ENTRIES_SIX, SIX_PAYS),
}
"""The ten-dice paytable (§ 675a.5) and the six-dice one (§ 675a.6(j),(k)), by the name wagers record."""


def paytable(name: str, dice: int = 10) -> Paytable:
    """The paytable ``[high_roll] paytable`` names for ``dice`` dice (``standard``)."""
    if name.lower() != STANDARD:
        raise UnknownPaytableError(f"unknown high_roll paytable {name!r}: choose one of standard")
    return PAYTABLES[STANDARD if dice == 10 else SIX]


# --- the rules a table is set up with ----------------------------------------------------------------

_NO_LIMITS = Limits(1, 10**15, 1)


@dataclass(frozen=True, slots=True)
class HighRollRules:
    """``[high_roll]`` and ``[limits]``: dice, paytable, what is offered, Millionaire Row's amounts."""

    dice: int = 10
    paytable: Paytable = PAYTABLES[STANDARD]
    extra_roll: bool = True
    millionaire_row: bool = True
    millionaire_stake: int = 100
    millionaire_nine: int = 5_000_000
    millionaire_ten: int = 100_000_000
    limits: tuple[tuple[str, Limits], ...] = ()

    def __post_init__(self) -> None:
        if self.dice not in DICE_CHOICES:
            raise ValueError(f"[high_roll] dice is 10 or 6, not {self.dice}")

    @property
    def offered(self) -> tuple[str, ...]:
        """The wager ids this table offers, in layout order."""
        if self.dice == 6:
            return (*PIPS, *(f"like_kind_{k}" for k in CIRCLES_SIX), NO_MATCH)
        extra = (EXTRA,) if self.extra_roll else ()
        row = (NINE, TEN) if self.millionaire_row else ()
        return (*PIPS, *(f"like_kind_{k}" for k in CIRCLES_TEN), *extra, *row)

    def limits_for(self, wager: str) -> Limits:
        if wager in (NINE, TEN):
            stake = self.millionaire_stake
            return Limits(stake, stake, stake)
        return next((limits for name, limits in self.limits if name == wager), _NO_LIMITS)

    def award(self, wager: str) -> int:
        """What a Millionaire Row circle wins (the stake is returned as well)."""
        return self.millionaire_nine if wager == NINE else self.millionaire_ten


def make_rules(
    dice: int = 10,
    paytable_name: str = STANDARD,
    extra_roll: bool = True,
    millionaire_row: bool = True,
    amounts: tuple[int, int, int] = (100, 5_000_000, 100_000_000),
    limits: tuple[tuple[str, Limits], ...] = (),
) -> HighRollRules:
    """Rules from what ``[high_roll]`` says; ``ValueError`` for a bad dice count or paytable."""
    if dice not in DICE_CHOICES:
        raise ValueError(f"[high_roll] dice is 10 or 6, not {dice}")
    table = paytable(paytable_name, dice)
    ten = dice == 10
    stake, nine, all_ten = amounts
    return HighRollRules(
        dice, table, extra_roll and ten, millionaire_row and ten, stake, nine, all_ten, limits
    )


class UnknownSpotError(IllegalBetError):
    """A spot this table does not offer."""


def check_spot(rules: HighRollRules, spot: str) -> str:
    if spot not in rules.offered:
        raise UnknownSpotError(spot, f"not a spot of this table ({', '.join(rules.offered[:3])} ...)")
    return spot
