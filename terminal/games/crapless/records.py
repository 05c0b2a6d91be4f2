"""The crapless table's state across rolls and one seat's wager with its progress (GAMES.md §6.4).

A spot is a wager id of :data:`~terminal.games.crapless.rules.WAGERS`, ``horn_high:N`` (the extra fifth
on N), or an odds spot behind its flat wager: ``pass_odds``, ``come_odds_N``, ``put_odds_N``.

>>> Spot.parse("place_2").number, Spot.parse("horn_high:11").wager_id, Spot.parse("come_odds_12").kind
(2, 'horn_high', 'come_odds')
>>> state = next_state(TableState(), 2)          # no craps: a come-out 2 is the point
>>> state.point, state.pointed, next_state(state, 2).fire_points
(2, True, (2,))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from terminal.games.crapless.rules import HARD_NUMBERS, HOPS, POINTS, WAGERS

_NUMBERED = {"put": POINTS, "place": POINTS, "buy": POINTS, "hard": HARD_NUMBERS,
             "come_odds": POINTS, "put_odds": POINTS}  # fmt: skip
_PLAIN = frozenset(w for w in WAGERS if w != "horn_high" and w.rpartition("_")[0] not in _NUMBERED) | {
    "pass_odds"
}
_HORN_NUMBERS = (2, 3, 11, 12)


class BadSpotError(ValueError):
    """A spot text that is not one of the crapless layout's spots."""


@dataclass(frozen=True, slots=True)
class Spot:
    """A kind (``place``, ``horn_high``, ``field`` ...) and, for numbered kinds, its number."""

    kind: str
    number: int = 0
    wager_id: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        numbers = _NUMBERED.get(self.kind)
        ok = (
            self.number in numbers if numbers is not None
            else self.number in _HORN_NUMBERS if self.kind == "horn_high"
            else self.number == 0 and self.kind in _PLAIN
        )  # fmt: skip
        if not ok:
            raise BadSpotError(f"{self.kind!r} {self.number} is not a crapless spot")
        wager_id = self.kind if self.kind in ("horn_high", "come_odds", "put_odds") else str(self)
        object.__setattr__(self, "wager_id", wager_id)

    def __str__(self) -> str:
        if self.kind == "horn_high":
            return f"horn_high:{self.number}"
        return f"{self.kind}_{self.number}" if self.kind in _NUMBERED else self.kind

    @classmethod
    def parse(cls, text: str) -> Spot:
        """The spot ``text`` names; each valid text is parsed once (spots are frozen, the layout finite)."""
        spot = _PARSED.get(text)
        if spot is None:
            spot = cls._parse(text)
            if len(_PARSED) < 4096:  # the layout's spots, and not whatever else a client may send
                _PARSED[text] = spot
        return spot

    @classmethod
    def _parse(cls, text: str) -> Spot:
        try:
            if text.startswith("horn_high:"):
                return cls("horn_high", int(text.removeprefix("horn_high:")))
            if text in _PLAIN:
                return cls(text)
            kind, _, number = text.rpartition("_")
            if kind in _NUMBERED and number.isdigit():
                return cls(kind, int(number))
        except (BadSpotError, ValueError):
            pass
        raise BadSpotError(f"{text!r} is not a crapless spot")


_PARSED: dict[str, Spot] = {}


def hop_pair(spot: Spot) -> tuple[int, int]:
    """The two dice a hop spot names (``hop_2_5`` -> (2, 5))."""
    low, high = spot.kind.removeprefix("hop_").split("_")
    pair = (int(low), int(high))
    if pair not in HOPS:
        raise BadSpotError(f"{spot.kind!r} is not a hop")
    return pair


@dataclass(frozen=True, slots=True)
class TableState:
    """The point (None on the come-out) and what the side wagers count; nothing that grows without end
    (no shooter or roll number: no rule reads one, and the simulator memoises plays).

    ``pointed`` is whether this shooter has set a point (the Fire window closes then); ``fire_points``
    the different points the shooter has made; ``marks`` the totals rolled since the last 7 (Hard Rock'n
    Dice, and its window is open while there are none).
    """

    point: int | None = None
    pointed: bool = False
    fire_points: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()

    @property
    def come_out(self) -> bool:
        return self.point is None

    def describe(self) -> str:
        return "come-out roll" if self.point is None else f"point is {self.point}"

    def to_json(self) -> dict[str, object]:
        return {"point": self.point, "pointed": self.pointed, "fire_points": list(self.fire_points),
                "marks": list(self.marks)}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, object]) -> TableState:
        point = data["point"]
        if point is not None and point not in POINTS:
            raise ValueError(f"crapless state: point {point!r} is not one of {POINTS}")
        state = cls(
            point if isinstance(point, int) else None, data["pointed"] is True,
            _numbers(data["fire_points"]), _numbers(data["marks"]),
        )  # fmt: skip
        return state


def next_state(state: TableState, total: int) -> TableState:
    """The table after a roll of ``total``: the point set, made, or sevened out."""
    marks = () if total == 7 else tuple(sorted({*state.marks, total}))
    if state.point is None:
        if total == 7:  # the Pass wins; the same shooter, the Fire window stays open
            return TableState(None, state.pointed, state.fire_points, marks)
        return TableState(total, True, state.fire_points, marks)
    if total == state.point:
        made = tuple(sorted({*state.fire_points, total}))
        return TableState(None, True, made, marks)
    if total == 7:  # seven-out: a new shooter, whose Fire window opens
        return TableState()
    return TableState(state.point, True, state.fire_points, marks)


@dataclass(frozen=True, slots=True)
class Wager:
    """One seat's wager; ``number`` is a Come bet's come point once set; ``vig`` paid with the bet."""

    ref: str
    seat: int
    spot: Spot
    amount: int
    working: bool | None = None
    vig: int = 0
    number: int | None = None

    @property
    def cost(self) -> int:
        return self.amount + self.vig

    def to_json(self) -> dict[str, object]:
        return {"ref": self.ref, "seat": self.seat, "spot": str(self.spot), "amount": self.amount,
                "working": self.working, "vig": self.vig, "number": self.number}  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Wager:
        number, working = data["number"], data["working"]
        if number is not None and number not in POINTS:
            raise ValueError(f"crapless wager: number {number!r} is not one of {POINTS}")
        return cls(
            str(data["ref"]), _int(data["seat"]), Spot.parse(str(data["spot"])), _int(data["amount"]),
            working if isinstance(working, bool) else None, _int(data["vig"]),
            number if isinstance(number, int) else None,
        )  # fmt: skip


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"crapless record: {value!r} is not a whole number")
    return value


def _numbers(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or any(v not in POINTS for v in value):
        raise ValueError(f"crapless record: {value!r} is not a list of points")
    return tuple(sorted(set(value)))
