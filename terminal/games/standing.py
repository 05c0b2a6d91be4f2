"""The engine of a game whose wagers stand from roll to roll (craps, Crapless Craps): what they share.

Such a game's play is the table state, every standing wager and the refs placed in the round now open;
its snapshot is the state and the wagers, and a wager placed after the last snapshot is rebuilt from the
ledger's pending record through the same rules that accepted it. The outcome is a roll of two dice
(:class:`Dice`). A subclass says what differs: how a wager is parsed, refused
and placed (each game refuses in its own order, with its own words), how it may be taken back or turned
ON/OFF, how a roll settles and what the screens are told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from terminal.games.base import IllegalBetError, Limits
from terminal.games.seam import Choice, JSONObject, Placement

_ANY = Limits(1, 2**62, 1)


@dataclass(frozen=True, slots=True)
class Dice:
    """A roll of two dice, in the order drawn."""

    first: int
    second: int

    @property
    def text(self) -> str:
        return f"{self.first}-{self.second}"

    @property
    def drawn(self) -> tuple[int, ...]:
        return (self.first, self.second)

    @property
    def void(self) -> bool:
        return False

    def to_json(self) -> JSONObject:
        return {"dice": [self.first, self.second], "total": self.first + self.second,
                "text": f"{self.text} ({self.first + self.second})"}  # fmt: skip


def parse_dice(text: str) -> Dice:
    """The roll of canonical ``text`` (``4-3``); ``ValueError`` for anything else."""
    first, sep, second = text.partition("-")
    faces = ("1", "2", "3", "4", "5", "6")
    if not sep or first not in faces or second not in faces:
        raise ValueError(f"a roll is two dice like 4-3, got {text!r}")
    return Dice(int(first), int(second))


class StandingWager(Protocol):
    """What the shared part reads of a wager: its ref, its seat and what it cost the seat."""

    @property
    def ref(self) -> str: ...

    @property
    def seat(self) -> int: ...

    @property
    def cost(self) -> int: ...

    def to_json(self) -> dict[str, object]: ...


class StandingState(Protocol):
    """What the shared part reads of the table state: its JSON form."""

    def to_json(self) -> dict[str, object]: ...


class StandingRules(Protocol):
    """What rebuilding a wager reads of the rules: the smallest vig and one whole currency unit."""

    @property
    def vig_minimum(self) -> int: ...

    @property
    def unit(self) -> int: ...


S = TypeVar("S", bound=StandingState)
W = TypeVar("W", bound=StandingWager)
R = TypeVar("R", bound=StandingRules)


@dataclass(frozen=True, slots=True)
class WagerIndex(Generic[W]):
    """A play's standing wagers by ref and by seat (each seat's in the play's order): what placing reads."""

    refs: frozenset[str]
    by_seat: Mapping[int, tuple[W, ...]]

    @classmethod
    def of(cls, wagers: tuple[W, ...]) -> WagerIndex[W]:
        by_seat: dict[int, list[W]] = {}
        for wager in wagers:
            by_seat.setdefault(wager.seat, []).append(wager)
        return cls(frozenset(w.ref for w in wagers), {seat: tuple(ws) for seat, ws in by_seat.items()})

    def plus(self, wager: W) -> WagerIndex[W]:
        """This index with ``wager`` added after the seat's others."""
        mine = (*self.by_seat.get(wager.seat, ()), wager)
        return WagerIndex(self.refs | {wager.ref}, {**self.by_seat, wager.seat: mine})


@dataclass(frozen=True, slots=True)
class StandingPlay(Generic[S, W]):
    """The play: the table state, every standing wager, and the refs placed in the round now open.

    Its :meth:`index` is worked out from ``wagers`` when first asked (never given: ``replace`` and every
    constructor leave it unset) and carried forward, one wager more, by each placing, so that placing a
    round's wagers does not scan the table for each one.
    """

    state: S
    wagers: tuple[W, ...] = ()
    fresh: frozenset[str] = frozenset()
    _index: WagerIndex[W] | None = field(default=None, init=False, repr=False, compare=False)

    def index(self) -> WagerIndex[W]:
        """The standing wagers by ref and by seat."""
        index = self._index
        if index is None:
            index = WagerIndex.of(self.wagers)
            object.__setattr__(self, "_index", index)  # a cache of the frozen wagers, not state
        return index


P = TypeVar("P", bound="StandingPlay[Any, Any]")  # each game's own frozen play record


@dataclass(frozen=True, slots=True)
class Parts(Generic[R, S, W, P]):
    """A standing-wager game's own records and placing rule, as the shared part makes and reads them."""

    name: str  # as a refused choice names the game ("craps has nothing to choose")
    play: Callable[[S, tuple[W, ...], frozenset[str]], P]  # the game's play record
    state: Callable[[], S]  # a new table's state
    read_state: Callable[[Any], S]  # from its JSON form
    read_wager: Callable[[Any], W]  # from its JSON form
    wager: Callable[[str, int, str, int], W]  # (ref, seat, spot text, amount), as yet unchecked
    place: Callable[[S, tuple[W, ...], W, R], W]  # the rules' placement beside the seat's wagers


class StandingEngine(Generic[R, S, W, P]):
    """The :class:`~terminal.games.seam.Engine` parts every standing-wager game shares; a subclass names
    its :class:`Parts` and writes ``place``, ``removable``, ``set_working``, ``settle``, ``wagers_of`` and
    ``view``."""

    parts: Parts[R, S, W, P]

    def __init__(self, rules: R, limits: tuple[tuple[str, Limits], ...]) -> None:
        self.rules, self._limits = rules, dict(limits)

    def limits(self, kind: str) -> Limits:
        """The limits of wager id ``kind`` (any amount where none were given)."""
        return self._limits.get(kind, _ANY)

    def start(self) -> P:
        return self.parts.play(self.parts.state(), (), frozenset())

    def _place(self, play: P, wager: W) -> W:
        """``wager`` as the rules place it beside the seat's other wagers (refused: IllegalBetError)."""
        mine = play.index().by_seat.get(wager.seat, ())
        return self.parts.place(play.state, mine, wager, self.rules)

    def _held(self, play: P, ref: str) -> bool:
        """Whether a wager ``ref`` already stands on the table."""
        return ref in play.index().refs

    def _placed(self, play: P, placement: Placement, wager: W) -> tuple[Placement, P]:
        """``wager``, placed as ``placement`` says, added to ``play`` as placed in the round now open."""
        placed = self.parts.play(play.state, (*play.wagers, wager), play.fresh | {placement.ref})
        object.__setattr__(placed, "_index", play.index().plus(wager))
        return placement, placed

    def remove(self, play: P, refs: Sequence[str]) -> P:
        gone = set(refs)
        kept = tuple(w for w in play.wagers if w.ref not in gone)
        return self.parts.play(play.state, kept, play.fresh - gone)

    def choice(self) -> Choice | None:
        return None

    def awaiting(self, play: P) -> tuple[int, ...]:
        return ()

    def choose(self, play: P, seat: int, option: str, assigned: bool) -> P:
        raise ValueError(f"{self.parts.name} has nothing to choose")

    def outcome(self, values: tuple[int, ...]) -> Dice:
        first, second = values
        return parse_dice(f"{first}-{second}")

    def parse(self, text: str) -> Dice:
        return parse_dice(text)

    def read_outcome(self, data: JSONObject) -> Dice:
        first, second = data["dice"]
        return self.outcome((int(first), int(second)))

    def snapshot(self, play: P) -> JSONObject:
        return {"state": play.state.to_json(), "wagers": [w.to_json() for w in play.wagers]}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> P:
        parts, in_play = self.parts, {record.ref for record in pending}
        state = parts.read_state(snapshot["state"]) if snapshot else parts.state()
        saved = tuple(parts.read_wager(w) for w in snapshot["wagers"]) if snapshot else ()
        play = parts.play(state, tuple(w for w in saved if w.ref in in_play), frozenset())  # withdrawn: gone
        known = {w.ref for w in play.wagers}
        for record in pending:
            if record.ref not in known:
                rebuilt = self._rebuild(play, record)
                play = parts.play(play.state, (*play.wagers, rebuilt), play.fresh | {record.ref})
        return play

    def _rebuild(self, play: P, placement: Placement) -> W:
        """A wager placed after the last snapshot, rebuilt through the rules from the ledger's record.

        The ledger holds what the seat paid (stake plus any vig collected with the bet), so the amount is
        the one whose cost under the rules equals it.
        """
        low = max(1, placement.stake - placement.stake // 20 - self.rules.vig_minimum - self.rules.unit)
        for amount in range(placement.stake, low - 1, -1):
            try:
                unchecked = self.parts.wager(placement.ref, placement.seat, placement.spot, amount)
                placed = self._place(play, unchecked)
            except IllegalBetError:
                continue
            if placed.cost == placement.stake:
                return placed
        raise IllegalBetError(
            placement.spot, f"wager {placement.ref} cannot be rebuilt from its stake {placement.stake}"
        )
