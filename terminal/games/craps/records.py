"""Craps table state, dice, wager spots and wagers as frozen data (GAMES.md §2).

The table has a virtual shooter. ``next_state(state, roll)`` is the whole table's progress: come-out or
point, the shooter number (a new shooter after every seven-out), the points that shooter made (Fire Bet)
and the totals marked since the last 7 (Bonus Craps). Per-seat progress (a come bet's point, a Lucky
Shooter count) lives in the seat's :class:`Wager` records. Settling is in ``craps_settle``, placing and
removing in ``craps_actions``.

>>> state = next_state(TableState(), Roll(2, 4))
>>> state.point, state.new_shooter, state.bonus_marks
(6, False, (6,))
>>> state = next_state(state, Roll(3, 3))
>>> state.point, state.fire_points
(None, (6,))
>>> after = next_state(next_state(state, Roll(4, 4)), Roll(3, 4))
>>> after.point, after.shooter, after.new_shooter, after.fire_points, after.bonus_marks
(None, 2, True, (), ())
"""

from __future__ import annotations

from dataclasses import dataclass, field

from terminal.games.base import IllegalBetError
from terminal.games.craps.hot_roller import COMBINATIONS as HOT_COMBINATIONS

POINTS: tuple[int, ...] = (4, 5, 6, 8, 9, 10)
HARD_NUMBERS: tuple[int, ...] = (4, 6, 8, 10)
HORN_NUMBERS: tuple[int, ...] = (2, 3, 11, 12)
# the 17 hops of § 623a.3(a)(22)-(38); 1-1, 1-2, 5-6 and 6-6 are Craps Two/Three, Eleven, Craps Twelve
HOPS: tuple[tuple[int, int], ...] = (
    (2, 2), (3, 3), (4, 4), (5, 5),
    (1, 3), (1, 4), (2, 3), (1, 5), (2, 4), (1, 6), (2, 5), (3, 4), (2, 6), (3, 5), (3, 6), (4, 5), (4, 6),
)  # fmt: skip
STATE_VERSION = 1


@dataclass(frozen=True, slots=True, init=False)
class Roll:
    """Two dice as drawn by the RNG."""

    die1: int
    die2: int
    total: int = field(init=False, repr=False, compare=False)  # read by every wager's settlement

    def __init__(self, die1: int, die2: int) -> None:
        # written through the slots' descriptors, not the frozen dataclass's checked writes: every roll
        if not (1 <= die1 <= 6 and 1 <= die2 <= 6):
            raise ValueError(f"dice {die1}, {die2} must each be 1..6")
        _R_DIE1(self, die1)
        _R_DIE2(self, die2)
        _R_TOTAL(self, die1 + die2)

    @property
    def hard(self) -> bool:
        """Both dice the same: 2-2, 3-3, 4-4, 5-5 make a number "the hard way"."""
        return self.die1 == self.die2

    @property
    def pair(self) -> tuple[int, int]:
        """The faces as an unordered pair, low first (what a Hop bet names)."""
        return (min(self.die1, self.die2), max(self.die1, self.die2))


_R_DIE1, _R_DIE2, _R_TOTAL = (vars(Roll)[name].__set__ for name in ("die1", "die2", "total"))


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything about the table that outlives a roll and is the same for every seat."""

    point: int | None = None
    shooter: int = 1
    new_shooter: bool = True  # before the shooter's first come-out roll (Fire and Bonus may be placed)
    fire_points: tuple[int, ...] = ()  # different points made by this shooter, ascending
    bonus_marks: tuple[int, ...] = ()  # totals rolled since the last 7, ascending
    rolls: int = 0

    @property
    def come_out(self) -> bool:
        return self.point is None

    def describe(self) -> str:
        """The state in words, for refusal messages."""
        phase = "come-out" if self.point is None else f"point {self.point}"
        return f"{phase}, shooter {self.shooter}" + (" (new shooter)" if self.new_shooter else "")

    def to_json(self) -> dict[str, object]:
        return {
            "version": STATE_VERSION,
            "point": self.point,
            "shooter": self.shooter,
            "new_shooter": self.new_shooter,
            "fire_points": list(self.fire_points),
            "bonus_marks": list(self.bonus_marks),
            "rolls": self.rolls,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> TableState:
        _check_version(data, "table state")
        point = data["point"]
        if point is not None and point not in POINTS:
            raise ValueError(f"table state: point {point!r} is not one of {POINTS}")
        state = cls(
            point=point if isinstance(point, int) else None,
            shooter=_int(data, "shooter"),
            new_shooter=bool(data["new_shooter"]),
            fire_points=_numbers(data, "fire_points", POINTS),
            bonus_marks=_numbers(data, "bonus_marks", tuple(n for n in range(2, 13) if n != 7)),
            rolls=_int(data, "rolls"),
        )
        return state


_T_POINT, _T_SHOOTER, _T_NEW_SHOOTER, _T_FIRE, _T_MARKS, _T_ROLLS = (
    vars(TableState)[name].__set__
    for name in ("point", "shooter", "new_shooter", "fire_points", "bonus_marks", "rolls")
)


def _table(
    point: int | None,
    shooter: int,
    new_shooter: bool,
    fire: tuple[int, ...],
    marks: tuple[int, ...],
    rolls: int,
) -> TableState:
    """``TableState(...)`` through its slots, without the frozen ``__init__``'s checked writes."""
    state: TableState = object.__new__(TableState)
    _T_POINT(state, point)
    _T_SHOOTER(state, shooter)
    _T_NEW_SHOOTER(state, new_shooter)
    _T_FIRE(state, fire)
    _T_MARKS(state, marks)
    _T_ROLLS(state, rolls)
    return state


def next_state(state: TableState, roll: Roll) -> TableState:
    """The table after ``roll``: point set, made or sevened out; Fire points and Bonus marks updated."""
    # _table, not dataclasses.replace or the constructor: this runs on every roll
    total = roll.total
    marks = state.bonus_marks
    if total == 7:
        marks = ()
    elif total not in marks:  # a total already marked leaves the marks as they are
        marks = tuple(sorted((*marks, total)))
    rolls = state.rolls + 1
    point, shooter, fire_points = state.point, state.shooter, state.fire_points
    if point is None:
        new_point = total if total in POINTS else None
        return _table(new_point, shooter, False, fire_points, marks, rolls)
    if total == point:
        made = fire_points if total in fire_points else tuple(sorted((*fire_points, total)))
        return _table(None, shooter, state.new_shooter, made, marks, rolls)
    if total == 7:
        return _table(None, shooter + 1, True, (), (), rolls)
    return _table(point, shooter, state.new_shooter, fire_points, marks, rolls)


# --- wager spots: the canonical text form seats, protocol and ledger use -------------------------------

_PLAIN = (
    "pass", "dont_pass", "come", "dont_come", "pass_odds", "dont_pass_odds", "field", "any_seven",
    "any_craps", "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn", "whirl", "six_seven_eight",
    "fire", "all_small", "all_tall", "all_or_nothing", "lucky_shooter", "hot_roller",
)  # fmt: skip
_NUMBERED = {
    "place": POINTS, "place_lose": POINTS, "buy": POINTS, "lay": POINTS, "hard": HARD_NUMBERS,
    "come_odds": POINTS, "dont_come_odds": POINTS,
}  # fmt: skip
BONUS_KINDS: dict[str, tuple[int, ...]] = {
    "all_small": (2, 3, 4, 5, 6),
    "all_tall": (8, 9, 10, 11, 12),
    "all_or_nothing": (2, 3, 4, 5, 6, 8, 9, 10, 11, 12),
}
ONE_ROLL = frozenset(
    {"field", "any_seven", "any_craps", "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn",
     "horn_high", "whirl", "hop", "six_seven_eight"}
)  # fmt: skip


class BadSpotError(ValueError):
    """A wager spot text that is not one of the craps layout's spots."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a wager lies on the layout: a kind and, for some kinds, its number(s).

    >>> [str(Spot.parse(text)) for text in ("place_6", "hop_2_5", "horn_high:12", "come_odds_9")]
    ['place_6', 'hop_2_5', 'horn_high:12', 'come_odds_9']
    >>> Spot.parse("hop_5_2")
    Traceback (most recent call last):
    ...
    terminal.games.craps.records.BadSpotError: 'hop_5_2' is not a craps spot (write hops low die first: ...
    """

    kind: str
    number: int = 0
    second: int = 0
    # The catalogue id (limits, meters, PAR); odds are ``pass_odds``/``come_odds`` etc. Computed once:
    # every settlement names it.
    wager_id: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _valid(self):
            raise BadSpotError(f"{self.kind!r} {self.number} {self.second} is not a craps spot")
        object.__setattr__(self, "wager_id", _wager_id(self))

    def __str__(self) -> str:
        if self.kind == "hop":
            return f"hop_{self.number}_{self.second}"
        if self.kind == "horn_high":
            return f"horn_high:{self.number}"
        return f"{self.kind}_{self.number}" if self.kind in _NUMBERED else self.kind

    @classmethod
    def parse(cls, text: str) -> Spot:
        try:
            return cls._parse(text)
        except (BadSpotError, ValueError):
            hint = ""
            parts = text.split("_")
            if len(parts) == 3 and parts[0] == "hop" and parts[1] > parts[2]:
                hint = f" (write hops low die first: hop_{parts[2]}_{parts[1]})"
            raise BadSpotError(f"{text!r} is not a craps spot{hint}") from None

    @classmethod
    def _parse(cls, text: str) -> Spot:
        if text in _PLAIN:
            return cls(text)
        if text.startswith("horn_high:"):
            return cls("horn_high", int(text.removeprefix("horn_high:")))
        if text.startswith("hop_"):
            low, high = text.removeprefix("hop_").split("_")
            return cls("hop", int(low), int(high))
        kind, _, number = text.rpartition("_")
        if kind not in _NUMBERED or not number.isdigit():
            raise BadSpotError(text)
        return cls(kind, int(number))


def _wager_id(spot: Spot) -> str:
    if spot.kind == "horn_high":
        return "horn_high"
    if spot.kind in ("come_odds", "dont_come_odds"):
        return spot.kind
    return str(spot)


def _valid(spot: Spot) -> bool:
    if spot.kind in _PLAIN:
        return spot.number == 0 and spot.second == 0
    if spot.kind in _NUMBERED:
        return spot.number in _NUMBERED[spot.kind] and spot.second == 0
    if spot.kind == "horn_high":
        return spot.number in HORN_NUMBERS and spot.second == 0
    return spot.kind == "hop" and (spot.number, spot.second) in HOPS


# --- wagers --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wager:
    """One seat's wager with its own progress. ``ref`` is stable for the wager's whole life.

    ``working`` is the seat's ON/OFF toggle (None: the spot's default). ``vig`` is commission collected
    with the wager (Buy/Lay ``on_bet``). ``number`` is a come bet's come point or the Lucky Shooter point;
    ``marks`` the Lucky Shooter's other points rolled, or the Hot Roller combinations thrown (``13`` for
    1-3). ``reduced`` bars a Don't bet from growing again.
    """

    ref: str
    seat: int
    spot: Spot
    amount: int
    working: bool | None = None
    vig: int = 0
    number: int | None = None
    marks: tuple[int, ...] = ()
    reduced: bool = False
    shooter: int = 0

    @property
    def cost(self) -> int:
        """Everything the seat paid for this wager (stake plus vig collected with it)."""
        return self.amount + self.vig

    def to_json(self) -> dict[str, object]:
        return {
            "version": STATE_VERSION,
            "ref": self.ref,
            "seat": self.seat,
            "spot": str(self.spot),
            "amount": self.amount,
            "working": self.working,
            "vig": self.vig,
            "number": self.number,
            "marks": list(self.marks),
            "reduced": self.reduced,
            "shooter": self.shooter,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Wager:
        _check_version(data, "wager")
        working, number = data["working"], data["number"]
        if working is not None and not isinstance(working, bool):
            raise ValueError(f"wager: working {working!r} must be true, false or null")
        if number is not None and number not in POINTS:
            raise ValueError(f"wager: number {number!r} is not one of {POINTS}")
        return cls(
            ref=str(data["ref"]),
            seat=_int(data, "seat"),
            spot=Spot.parse(str(data["spot"])),
            amount=_int(data, "amount"),
            working=working,
            vig=_int(data, "vig"),
            number=number if isinstance(number, int) else None,
            marks=_numbers(data, "marks", HOT_COMBINATIONS if data["spot"] == "hot_roller" else POINTS),
            reduced=bool(data["reduced"]),
            shooter=_int(data, "shooter"),
        )


_new = object.__new__
# Wager's slots, written through their descriptors (see ``new_wager``)
_W_REF, _W_SEAT, _W_SPOT, _W_AMOUNT, _W_WORKING, _W_VIG, _W_NUMBER, _W_MARKS, _W_REDUCED, _W_SHOOTER = (
    vars(Wager)[name].__set__
    for name in ("ref", "seat", "spot", "amount", "working", "vig", "number", "marks", "reduced", "shooter")
)


def new_wager(
    ref: str,
    seat: int,
    spot: Spot,
    amount: int,
    working: bool | None,
    vig: int,
    number: int | None,
    marks: tuple[int, ...],
    reduced: bool,
    shooter: int,
) -> Wager:
    """``Wager(...)`` without the frozen ``__init__``'s ten checked writes: wagers are placed and moved
    on every roll. The same record (``Wager`` validates nothing when built).

    >>> built = new_wager("a", 1, Spot("pass"), 500, None, 0, None, (), False, 2)
    >>> made = Wager("a", 1, Spot("pass"), 500, shooter=2)
    >>> built == made, hash(built) == hash(made), repr(built) == repr(made)
    (True, True, True)
    """
    w: Wager = _new(Wager)
    _W_REF(w, ref)
    _W_SEAT(w, seat)
    _W_SPOT(w, spot)
    _W_AMOUNT(w, amount)
    _W_WORKING(w, working)
    _W_VIG(w, vig)
    _W_NUMBER(w, number)
    _W_MARKS(w, marks)
    _W_REDUCED(w, reduced)
    _W_SHOOTER(w, shooter)
    return w


class CrapsRefusal(IllegalBetError):
    """A craps action the rules refuse; names the wager, the table state and the reason."""

    def __init__(self, wager: str, state: TableState, reason: str) -> None:
        self.state = state
        super().__init__(wager, f"{reason} (table: {state.describe()})")


def _check_version(data: dict[str, object], what: str) -> None:
    if data.get("version") != STATE_VERSION:
        raise ValueError(f"{what}: version {data.get('version')!r} is not {STATE_VERSION}")


def _int(data: dict[str, object], key: str) -> int:
    value = data[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{key} {value!r} must be an integer")
    return value


def _numbers(data: dict[str, object], key: str, allowed: tuple[int, ...]) -> tuple[int, ...]:
    values = data[key]
    if not isinstance(values, list) or any(v not in allowed for v in values):
        raise ValueError(f"{key} {values!r} must be a list of numbers from {allowed}")
    return tuple(values)
