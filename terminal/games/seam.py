"""A game as the rest of the table sees it: the seam every game plugs into, and the records that cross it.

The round engine, the protocol, the ledger, the lab tools and the command line name no game. They find a
:class:`Game` by name in :mod:`terminal.games.registry` and speak to it only through this module:

- :class:`Game` is the declaration: its name, its wager ids, how its outcome is drawn (:class:`DrawPlan`),
  its outcome's text and JSON forms, and :meth:`Game.setup`, which reads the game's own sections of the
  configuration (through :class:`Settings`) and returns a :class:`Setup`.
- :class:`Setup` is the game as one table's configuration sets it up: every offered wager with its
  paytable and limits, the house rules to show, the exact PAR rows, what bots and the lab play, and the
  :class:`Engine`.
- :class:`Engine` is the rules as pure functions of a *play*: a frozen value holding everything the game
  keeps between messages (the craps point, the standing wagers, a Touchdown game). The table keeps the
  current play and the ledger persists its JSON snapshot; nothing in an engine does I/OutcomeT or draws.

Outcomes are drawn by the table from the certified RNG as the game's :class:`DrawPlan` says (``dice``: n
dice in one draw; ``below``: one uniform integer below n), persisted, then handed to
:meth:`Engine.settle` as the game's own typed :class:`Outcome` record.

>>> DrawPlan("dice", 3).size, DrawPlan("dice", 3).index((2, 5, 5)), DrawPlan("below", 54).index((27,))
(216, 64, 27)
>>> DrawPlan("below", 38, (1000, 50616)).index((17, 3, 40000))  # the extras are not the round's outcome
17
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from terminal.games.base import Limits, Settlement
from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow

JSONObject = dict[str, Any]
"""A JSON object as the ledger and the protocol carry it: string keys, ints, strings, lists, objects."""

P = TypeVar("P")  # a game's play: everything it keeps between messages, as one frozen value
OutcomeT = TypeVar("OutcomeT", bound="Outcome")  # a game's outcome record


class UnknownGameError(ValueError):
    """A game name that no registration declares."""


@dataclass(frozen=True, slots=True)
class DrawPlan:
    """How one outcome is drawn from the certified RNG: its recipe and the values it gives.

    ``dice``: ``n`` six-sided dice in one draw, values 1..6; ``below``: one uniform integer in ``[0, n)``.
    ``size`` is the number of equally likely ordered outcomes, ``index`` places one of them in 0..size-1
    (the lab's chi-square runs over these). ``extra``: further uniform integers, one below each listed
    bound, drawn after the outcome in the same round and handed to :meth:`Engine.outcome` after its
    values (a side wager's own draw: B2B's odds, Blazing 7's three balls); the outcome record persists
    them with the round, so they are drawn once and never again.
    """

    recipe: Literal["dice", "below"]
    n: int
    extra: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.recipe not in ("dice", "below") or type(self.n) is not int or self.n < 1:
            raise ValueError(f"a draw is 'dice' or 'below' with n >= 1, not {self.recipe!r} {self.n!r}")
        if any(type(b) is not int or b < 1 for b in self.extra):
            raise ValueError(f"extra draws are below bounds >= 1, not {self.extra!r}")

    @property
    def size(self) -> int:
        return 6**self.n if self.recipe == "dice" else self.n

    def index(self, values: Sequence[int]) -> int:
        """The ordered outcome ``values`` (as drawn) as one integer in ``0..size-1``."""
        if self.recipe == "below":
            return values[0]
        index = 0
        for value in values[: self.n]:
            index = index * 6 + value - 1
        return index


class Outcome(Protocol):
    """What the RNG decided for a round, as a game's frozen record.

    ``text`` is the one canonical text every screen and the history board use (``17``, ``4-3``,
    ``2-5-5``, ``flag@27``); ``drawn`` the values the draw gave; ``to_json`` the persisted record (it
    carries ``text``); ``void`` says the round settles nothing and is drawn again (00 on a
    ``double_as_single`` wheel).
    """

    @property
    def text(self) -> str: ...

    @property
    def drawn(self) -> tuple[int, ...]: ...

    @property
    def void(self) -> bool: ...

    def to_json(self) -> JSONObject: ...


@dataclass(frozen=True, slots=True)
class Placement:
    """A wager the rules accepted: what the ledger records when it is placed."""

    ref: str
    seat: int
    kind: str
    spot: str
    paytable: str
    stake: int  # everything that leaves the seat's credits (craps vig collected with the bet included)


@dataclass(frozen=True, slots=True)
class WagerLine:
    """One wager as a seat's screen lists it."""

    ref: str
    spot: str
    amount: int
    working: bool
    standing: bool  # placed in an earlier round (a craps point wager, a Touchdown game in progress)
    number: int | None = None  # a moved come / don't-come point, the Lucky Shooter point
    marks: tuple[int, ...] = ()  # the Lucky Shooter's numbers already rolled
    vig: int = 0  # commission collected with the wager


@dataclass(frozen=True, slots=True)
class Settled(Generic[P]):
    """What an outcome did: settlements, whether it was void, the play after it, and what to announce."""

    settlements: tuple[Settlement, ...]
    void: bool
    play: P
    notes: tuple[str, ...] = ()  # what the screens announce: a Touchdown started, a new shooter...


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice some seats must make before the next outcome (the Touchdown team): its options and time.

    A seat that has not chosen when the time runs out, or when the next round locks, gets an option
    drawn by the table from the certified RNG, and the event is logged.
    """

    options: tuple[str, ...]
    seconds: int


class NoChoices(Generic[P]):
    """The seam's :meth:`Engine.set_working`, :meth:`Engine.choice`, :meth:`Engine.awaiting` and
    :meth:`Engine.choose` for a game whose wagers have no ON/OFF toggle and that asks nothing of a player:
    answered once here for every such engine."""

    __slots__ = ()

    def set_working(self, play: P, seat: int, spot: str, working: bool) -> P:
        raise ValueError("these wagers have no ON/OFF toggle")

    def choice(self) -> Choice | None:
        return None

    def awaiting(self, play: P) -> tuple[int, ...]:
        return ()

    def choose(self, play: P, seat: int, option: str, assigned: bool) -> P:
        raise ValueError("there is nothing to choose in this game")


@dataclass(frozen=True, slots=True)
class Offered:
    """A wager a table offers: its id, the paytable it settles under and its own limits."""

    kind: str
    paytable: str
    limits: Limits


class Settings(Protocol):
    """What a game may read of the configuration: its own sections and the table's limits."""

    def section(self, name: str) -> Any:
        """The validated section ``[name]`` (a frozen record); ``KeyError`` when there is none."""
        ...

    def limits(self, kind: str) -> Limits:
        """The ``[limits]`` of wager id ``kind``: the table's, or its own ``<kind>_min`` / ``_max`` keys."""
        ...

    @property
    def unit(self) -> int:
        """One whole currency unit, in minor units."""
        ...

    def money(self, amount: int) -> str:
        """An amount of minor units as the table's currency writes it (``$1.00``)."""
        ...


class Engine(Protocol[P, OutcomeT]):
    """A game's rules bound to one table, as pure functions of the play (see the module docstring).

    A refused action raises :class:`~terminal.games.base.IllegalBetError` (or another ``ValueError``)
    naming the wager and the reason; the play passed in is never changed (it is frozen).
    """

    def start(self) -> P:
        """The play of a new table: no wagers, nothing in progress."""
        ...

    def place(self, play: P, seat: int, ref: str, spot: str, amount: int) -> tuple[Placement, P]:
        """Check a new wager against the rules and the seat's other wagers; the placement and the new play."""
        ...

    def removable(self, play: P, seat: int, spot: str | None) -> tuple[str, ...]:
        """Refs of the seat's wagers on ``spot`` (``None``: all of this round's) that may come down now."""
        ...

    def remove(self, play: P, refs: Sequence[str]) -> P:
        """The play without wagers the ledger has withdrawn."""
        ...

    def set_working(self, play: P, seat: int, spot: str, working: bool) -> P:
        """A wager turned ON or OFF; ``ValueError`` where the game has no such toggle."""
        ...

    def choice(self) -> Choice | None:
        """The choice seats may be asked to make (None: the game asks none)."""
        ...

    def awaiting(self, play: P) -> tuple[int, ...]:
        """Seats that must make the game's choice before the next outcome."""
        ...

    def choose(self, play: P, seat: int, option: str, assigned: bool) -> P:
        """A seat's choice (``assigned``: drawn by the table); ``ValueError`` when it has none to make."""
        ...

    def outcome(self, values: tuple[int, ...]) -> OutcomeT:
        """The outcome the draw's ``values`` give (see :class:`DrawPlan`)."""
        ...

    def parse(self, text: str) -> OutcomeT:
        """The outcome of canonical ``text`` at this table (``ValueError`` if it cannot come up here)."""
        ...

    def read_outcome(self, data: JSONObject) -> OutcomeT:
        """A persisted outcome record back as the game's outcome."""
        ...

    def settle(self, play: P, outcome: OutcomeT) -> Settled[P]:
        """Settle every wager on a persisted outcome and move the game on."""
        ...

    def wagers_of(self, play: P, seat: int) -> tuple[WagerLine, ...]:
        """The seat's wagers, for its screen."""
        ...

    def snapshot(self, play: P) -> JSONObject:
        """The multi-round state the ledger persists (wagers of earlier rounds, craps point...)."""
        ...

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> P:
        """The play rebuilt from the ledger: the last snapshot and every wager still in play."""
        ...

    def view(self, play: P, last: OutcomeT | None) -> Any:
        """The game's state that outlives a round, as every screen is told it: a frozen record of the
        game's ``view_type`` (plain ints, strings, bools, tuples and nested records: ``GameView.state``)."""
        ...


VARIANT = re.compile(r"[a-z0-9][a-z0-9_\-]{0,31}")
"""What a variant may be: the protocol's identifier (``TableState.variant``)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A game as one table's configuration sets it up: the engine and everything shown about it.

    ``draw`` is how its outcome is drawn; ``variant`` names what changes the picture on every screen (the
    roulette wheel, the Sic Bo paytable); ``house_rules`` are the game's (key, value) lines of the help
    screen; ``bot_menu`` what the bots play, each (spot, stake) (repeated entries are played more often);
    ``paytables`` the paytable ids in play, ``family:name`` (``touchdown:A``), as the software identity
    lists them; ``showcase`` a few typical wagers, each (spot, multiple of the table minimum), for the
    rounds a demonstration plays (the service demo, the screens' tours); ``simulate`` the wagers the
    lab's simulation keeps up through the engine, each (spot, stake) at a stake every payout pays exactly
    (empty: the lab plays the game with a strategy of its own). ``seated_play``: a seat with a wager in
    the round now open cannot cash out until the round settles (GAMES.md §6: § 668a.2(c), § 675a.2(c)).
    ``window``: how many seconds the next betting window stays open, given the play and ``[table]
    betting_seconds`` (None: always ``betting_seconds``; Three Dice Football's downs after the first).
    """

    game: str
    engine: Engine[Any, Any]
    draw: DrawPlan
    offered: tuple[Offered, ...]
    variant: str
    house_rules: tuple[tuple[str, str], ...]
    bot_menu: tuple[tuple[str, int], ...]
    paytables: tuple[str, ...]
    showcase: tuple[tuple[str, int], ...] = ()
    simulate: tuple[tuple[str, int], ...] = ()
    seated_play: bool = False
    window: Callable[[Any, int], int] | None = None

    def __post_init__(self) -> None:
        if not VARIANT.fullmatch(self.variant):  # every screen is told it in TableState.variant
            bad = f"{self.game}: variant {self.variant!r} is not a protocol identifier (a-z, 0-9, _, -)"
            raise ValueError(bad)

    def limits(self, kind: str) -> Limits:
        """The limits of an offered wager id."""
        for wager in self.offered:
            if wager.kind == kind:
                return wager.limits
        raise KeyError(f"{self.game} does not offer {kind!r}")


TABLE_SEATS, MOST_SEATS = 8, 16
"""The seats a game takes unless it declares its own maximum, and the most any game may declare (the
bound of ``[table] seats``)."""


def max_seats(game: object) -> int:
    """The most seats ``game`` may have: its own ``max_seats`` where it declares one (High Roll and Props &
    Hops six, Three Dice Football sixteen), else :data:`TABLE_SEATS`. ``[table] seats`` is checked
    against it (``terminal.config.rules``)."""
    declared = getattr(game, "max_seats", TABLE_SEATS)
    if type(declared) is not int or not 1 <= declared <= MOST_SEATS:
        raise ValueError(f"max_seats of a game is 1 to {MOST_SEATS}, not {declared!r}")
    return declared


class Game(Protocol):
    """A game's declaration, registered once in :mod:`terminal.games.registry`.

    A game may also declare ``max_seats`` (an int, 1 to 16: the regulation's seat count); one that does
    not takes :data:`TABLE_SEATS` (:func:`max_seats`).

    ``wagers`` are every wager id the game knows, in layout order (paytable entries, ``[limits]`` keys,
    meters, PAR rows); ``show_seconds`` how long the display takes to
    bring an outcome to rest (the headless run waits as long before it reads the screens); ``view_type``
    the record :meth:`Engine.view` returns, which the screens decode ``GameView.state`` into; ``streams`` the
    outcome ranges the lab's game-level RNG tests draw (each with the configuration that selects it).
    """

    @property
    def name(self) -> str: ...

    @property
    def wagers(self) -> tuple[str, ...]: ...

    @property
    def show_seconds(self) -> float: ...

    @property
    def view_type(self) -> type: ...

    @property
    def streams(self) -> tuple[RangeStream, ...]: ...

    def reveal_seconds(self, outcome: str) -> float:
        """Seconds from a result (canonical ``outcome`` text) to the instant the display shows it: the
        screens show nothing of the outcome before (:mod:`terminal.games.reveal`)."""
        ...

    def setup(self, settings: Settings) -> Setup:
        """The game as the configuration sets it up; ``ValueError`` for settings its rules refuse."""
        ...

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        """Exact true odds, payout and house edge of every offered wager (every paytable if asked)."""
        ...

    def parse_outcome(self, text: str) -> Outcome:
        """The outcome of canonical ``text`` (the lab's forced outcomes, the screens' history)."""
        ...


@runtime_checkable
class Continuing(Protocol):
    """An engine whose round can take a further throw that is part of it (High Roll's extra roll).

    Between the two throws :meth:`continues` is true: the table opens the next round with no betting
    window (the engine refuses wagers in it) and draws at once, and the draw's values are read as the
    play has it (:meth:`outcome_in`: the dice re-thrown beside those set aside). An engine without these
    methods has rounds of one throw each.
    """

    def continues(self, play: Any) -> bool:
        """The next outcome continues the round in play: it takes no wagers."""
        ...

    def outcome_in(self, play: Any, values: tuple[int, ...]) -> Outcome:
        """The outcome the draw's ``values`` give in ``play``."""
        ...
