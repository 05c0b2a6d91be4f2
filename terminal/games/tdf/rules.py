"""Three Dice Football (§ 661a; GAMES.md §6.1) as pure rules: a down, a drive, and what every wager wins.

A down is one throw of three RNG dice: two green Offensive dice (their total O) and one red Defensive die
(its value D), in that order. Trips first, then a turnover (D = 6 and O = 2 or 3), then O − D decides a
gain, a penalty (the ball back one yard) or no gain. A game is a drive of up to six downs from the 20: the
first down that leaves the ball on the 10 or closer starts the & Goal series with three fresh downs
(decision 2), a penalty never takes it away (decision 3); a touchdown is scored on reaching the 0
(decision 1). Single-play wagers are decided by the dice of the next down, never by the yards moved;
full-game wagers by how the drive ends and how many plays it lasted; Extra Point by the extra point roll.

>>> step = advance(START, (6, 5, 1))  # a 10-yard gain from the 20: 1st & Goal on the 10
>>> step.drive, step.end
(Drive(yard=10, goal=True, down=1, play=2), None)
>>> advance(Drive(2, True, 3, 5), (1, 2, 6)).end, single_entry("penalty", (1, 2, 6))
('turnover', 'penalty')
>>> single_entry("over_four_yards", (5, 5, 5)), single_entry("under_four_yards", (1, 1, 1))
('over_four_yards_trips', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from terminal.games.base import IllegalBetError, Limits, Payout
from terminal.games.paytables import Paytable, UnknownPaytableError, validate_listed

GAME = "tdf"
FACES = (1, 2, 3, 4, 5, 6)
THROWS: tuple[tuple[int, int, int], ...] = tuple(product(FACES, FACES, FACES))  # green, green, red: 216
NO_LIMITS = Limits(1, 10**15, 1)

TOUCHDOWN, DEFENSE, EXTRA_POINT, QUICK_STRIKE, GAME_CHANGER = (
    "touchdown", "defense", "extra_point", "quick_strike", "game_changer",
)  # fmt: skip
GAME_LENGTHS: tuple[str, ...] = tuple(f"game_length_{n}" for n in range(1, 7))
FULL_GAME: tuple[str, ...] = (TOUCHDOWN, DEFENSE, EXTRA_POINT, QUICK_STRIKE, GAME_CHANGER, *GAME_LENGTHS)
"""The wagers on the whole game: placed before its first down, fixed from that down's lock."""
TRIPS_TD, PENALTY, TURNOVER, COVER_THREE, NO_GAIN, BIG_PLAY, OVER_FOUR, UNDER_FOUR = (
    "trips_td", "penalty", "turnover", "cover_three", "no_gain", "big_play", "over_four_yards",
    "under_four_yards",
)  # fmt: skip
SINGLE_PLAY: tuple[str, ...] = (
    TRIPS_TD,
    PENALTY,
    TURNOVER,
    COVER_THREE,
    NO_GAIN,
    BIG_PLAY,
    OVER_FOUR,
    UNDER_FOUR,
)
"""The wagers on the next down only."""
WAGERS: tuple[str, ...] = (*FULL_GAME, *SINGLE_PLAY)
"""Every Three Dice Football wager id, in layout order: paytable, ``[limits]``, meters, PAR."""

START_YARD, GOAL_LINE_AT, DOWNS, MAX_PLAYS, MAX_YARD = 20, 10, 3, 6, 23

# How a game ends: a touchdown (a drive reaching the 0), a Trips TD, a turnover, or the downs run out.
TD, TRIPS, TURNED_OVER, ON_DOWNS = "td", "trips_td", "turnover", "downs"
ENDS: tuple[str, ...] = (TD, TRIPS, TURNED_OVER, ON_DOWNS)
SCORED = frozenset({TD, TRIPS})


class UnknownSpotError(IllegalBetError):
    """A spot that is not on the Three Dice Football layout."""


# --- a throw ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Throw:
    """Three dice in the order drawn: the two green Offensive dice, then the red Defensive die."""

    dice: tuple[int, int, int]

    def __post_init__(self) -> None:
        if len(self.dice) != 3 or any(type(d) is not int or not 1 <= d <= 6 for d in self.dice):
            raise ValueError(f"a Three Dice Football throw is three dice 1..6, not {self.dice!r}")

    @property
    def offense(self) -> int:
        return self.dice[0] + self.dice[1]

    @property
    def defense(self) -> int:
        return self.dice[2]

    @property
    def drawn(self) -> tuple[int, ...]:
        return self.dice

    @property
    def void(self) -> bool:
        """A persisted throw always counts (a device fault before persisting redraws the same throw)."""
        return False

    @property
    def index(self) -> int:
        """0..215, the order of :data:`THROWS` (and of the draw plan's ordered outcomes)."""
        a, b, c = self.dice
        return (a - 1) * 36 + (b - 1) * 6 + c - 1

    @property
    def text(self) -> str:
        return "-".join(map(str, self.dice))

    @classmethod
    def parse(cls, text: str) -> Throw:
        """The throw whose text is ``text`` (``5-3-2``: green, green, red); ``ValueError`` otherwise."""
        head = text.strip().split(" ")[0]
        parts = head.split("-")
        if len(parts) != 3 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
            raise ValueError(f"{text!r} is not a Three Dice Football throw (green-green-red, as 5-3-2)")
        return cls((int(parts[0]), int(parts[1]), int(parts[2])))

    def to_json(self) -> dict[str, Any]:
        return {"dice": list(self.dice), "text": self.text}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Throw:
        dice = data.get("dice")
        if not isinstance(dice, list) or len(dice) != 3:
            raise ValueError(f"a Three Dice Football outcome needs three dice, not {dice!r}")
        return cls((int(dice[0]), int(dice[1]), int(dice[2])))


def result_of(dice: tuple[int, int, int]) -> tuple[str, int]:
    """What a down's dice are on the field, in the order of precedence (decision 4): ``trips``,
    ``turnover``, ``gain``, ``penalty`` or ``no_gain``, with O − D (the yards the dice say)."""
    a, b, d = dice
    o = a + b
    if a == b == d:
        return "trips", o - d
    if d == 6 and o in (2, 3):
        return "turnover", o - d
    if o > d:
        return "gain", o - d
    return ("penalty" if o < d else "no_gain"), o - d


# --- the drive --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drive:
    """Where a game stands before its next down: yards to the goal line, the & Goal series or not, the
    down within the series (1-3) and the play (1-6)."""

    yard: int = START_YARD
    goal: bool = False
    down: int = 1
    play: int = 1

    def __post_init__(self) -> None:
        ok = 1 <= self.yard <= MAX_YARD and 1 <= self.down <= DOWNS and 1 <= self.play <= MAX_PLAYS
        if not ok or type(self.goal) is not bool:
            raise ValueError(f"not a Three Dice Football drive: {self!r}")

    def to_json(self) -> dict[str, Any]:
        return {"yard": self.yard, "goal": self.goal, "down": self.down, "play": self.play}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Drive:
        return cls(int(data["yard"]), bool(data["goal"]), int(data["down"]), int(data["play"]))


START = Drive()


@dataclass(frozen=True, slots=True)
class Step:
    """One down's effect: the drive after it (``None`` once the game has ended), how the game ended
    (``None``: it goes on), the yard line the ball reached (0 for a touchdown) and the plays the game
    lasted so far."""

    drive: Drive | None
    end: str | None
    yard: int
    plays: int


def advance(drive: Drive, dice: tuple[int, int, int]) -> Step:
    """The drive after one down (GAMES.md §6.1: the game, steps 1-5)."""
    kind, yards = result_of(dice)
    if kind == "trips":
        return Step(None, TRIPS, 0, drive.play)
    if kind == "turnover":
        return Step(None, TURNED_OVER, drive.yard, drive.play)
    yard = drive.yard - yards if kind == "gain" else drive.yard + 1 if kind == "penalty" else drive.yard
    if yard <= 0:
        return Step(None, TD, 0, drive.play)
    goal, down = drive.goal, drive.down + 1
    if not goal and yard <= GOAL_LINE_AT:  # the first down on the 10 or closer: 1st & Goal
        goal, down = True, 1
    if down > DOWNS:
        return Step(None, ON_DOWNS, yard, drive.play)
    return Step(Drive(yard, goal, down, drive.play + 1), None, yard, drive.play)


# --- paytable (§ 661a.8) ----------------------------------------------------------------------------------

EXTRA_ENTRIES: tuple[str, ...] = (
    "extra_point_one",
    "extra_point_two",
    "extra_point_three",
    "extra_point_triple",
)
QUICK_ENTRIES: tuple[str, ...] = tuple(f"quick_strike_{n}" for n in range(1, 5))
ENTRIES: tuple[str, ...] = (
    TOUCHDOWN, DEFENSE, *EXTRA_ENTRIES, *QUICK_ENTRIES, GAME_CHANGER, *GAME_LENGTHS, TRIPS_TD, PENALTY,
    TURNOVER, COVER_THREE, NO_GAIN, BIG_PLAY, OVER_FOUR, "over_four_yards_trips", UNDER_FOUR,
)  # fmt: skip


def validate(table: Paytable) -> Paytable:
    """``table`` if it names every Three Dice Football entry once, in order, each winning something."""
    return validate_listed(table, GAME, ENTRIES)


_STANDARD = (
    Payout(1), Payout(4, 5), Payout(1), Payout(10), Payout(50), Payout(10), Payout(8), Payout(5), Payout(3),
    Payout(1), Payout(5), Payout(22), Payout(22), Payout(6, 5), Payout(5), Payout(3), Payout(6), Payout(30),
    Payout(9), Payout(60), Payout(7), Payout(5), Payout(4), Payout(1), Payout(7), Payout(1),
)  # fmt: skip
PAYTABLES: dict[str, Paytable] = {
    "standard": validate(Paytable(GAME, "standard", tuple(zip(ENTRIES, _STANDARD, strict=True))))
}


def paytable(name: str) -> Paytable:
    """The Three Dice Football paytable called ``name`` (``standard``, § 661a.8's only one)."""
    try:
        return PAYTABLES[name.lower()]
    except KeyError:
        raise UnknownPaytableError(f"unknown tdf paytable {name!r}: choose one of standard") from None


# --- what each wager wins ---------------------------------------------------------------------------------


def single_entry(spot: str, dice: tuple[int, int, int]) -> str | None:
    """The entry a single-play ``spot`` wins on a down's ``dice`` (the dice decide, not the yards moved),
    or ``None`` when it loses."""
    kind, yards = result_of(dice)
    trips, back = kind == "trips", kind in ("penalty", "turnover")
    won = {
        TRIPS_TD: trips,
        PENALTY: back,
        TURNOVER: kind == "turnover",
        COVER_THREE: trips or back,
        NO_GAIN: yards <= 0,
        BIG_PLAY: trips or yards >= 7,
        OVER_FOUR: trips or yards >= 5,
        UNDER_FOUR: not trips and yards <= 3,
    }
    if spot not in won:
        raise UnknownSpotError(spot, "not a single-play wager")
    if spot == OVER_FOUR and trips:
        return "over_four_yards_trips"
    return spot if won[spot] else None


def game_entry(spot: str, end: str, plays: int) -> str | None:
    """The entry a full-game ``spot`` (all but Extra Point) wins on a game that ended ``end`` after
    ``plays`` plays, or ``None`` when it loses."""
    scored = end in SCORED
    if spot == TOUCHDOWN:
        return spot if scored else None
    if spot == DEFENSE:
        return None if scored else spot
    if spot == QUICK_STRIKE:
        return f"quick_strike_{plays}" if scored and plays <= 4 else None
    if spot == GAME_CHANGER:
        return spot if end in (TRIPS, TURNED_OVER) else None
    if spot in GAME_LENGTHS:
        return spot if spot == f"game_length_{plays}" else None
    raise UnknownSpotError(spot, "not a full-game wager settled by the drive")


def extra_entry(dice: tuple[int, int, int]) -> str | None:
    """What the extra point roll pays an Extra Point wager (decision 8: exactly one 1, exactly two)."""
    ones = dice.count(1)
    if ones:
        return EXTRA_ENTRIES[ones - 1]
    return "extra_point_triple" if dice[0] == dice[1] == dice[2] else None


def check_spot(spot: str) -> str:
    """``spot`` if it is a Three Dice Football wager id; :class:`UnknownSpotError` otherwise."""
    if spot not in WAGERS:
        raise UnknownSpotError(spot, "not a Three Dice Football wager (touchdown, defense, trips_td...)")
    return spot


def winning_entries(spot: str) -> tuple[str, ...]:
    """The paytable entries ``spot`` can win."""
    if spot == EXTRA_POINT:
        return EXTRA_ENTRIES
    if spot == QUICK_STRIKE:
        return QUICK_ENTRIES
    if spot == OVER_FOUR:
        return (OVER_FOUR, "over_four_yards_trips")
    return (check_spot(spot),)


@dataclass(frozen=True, slots=True)
class TdfRules:
    """The paytable and the limits by wager id (``[tdf]`` and ``[limits]``)."""

    paytable: Paytable
    limits: tuple[tuple[str, Limits], ...] = ()
    default_limits: Limits = NO_LIMITS

    def limits_for(self, wager: str) -> Limits:
        return next((limits for name, limits in self.limits if name == wager), self.default_limits)


def make_rules(paytable_name: str = "standard", limits: tuple[tuple[str, Limits], ...] = ()) -> TdfRules:
    """Rules from the names ``[tdf]`` uses; an unknown paytable raises ``ValueError``."""
    return TdfRules(paytable(paytable_name), limits)
