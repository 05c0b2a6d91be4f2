"""Touchdown Roulette (§ 617a.3(f), 617a.4(d); GAMES.md § 1.3) as data in, data out.

One table-wide :class:`TouchdownState`. While no game is in progress seats place wagers; a spin of 1-36
loses them all, 0 or 00 starts a game for every seat that had one. Each triggered seat then has a team
(chosen, or assigned by the table from the RNG when the choice times out: the engine is told which). The
next four spins are the downs: the ball starts on the 50 and moves toward the end zone of the pocket's
colour by the pocket's yards; a green moves it 0. Reaching either goal line ends the drive there. After
the fourth down every wager is paid by the band its team's position falls in: every game pays something.

>>> rules = TouchdownRules(touchdown_paytable("A"), DEFAULT_YARDS)
>>> s = place(IDLE, rules, seat=1, ref="t1", stake=100)
>>> s = spin(s, 0, rules).state                 # trigger
>>> s = choose_team(s, 1, "red")
>>> for pocket in (32, 34, 12, 2):              # red +15, red +15, red +5, black -3
...     step = spin(s, pocket, rules); s = step.state
>>> step.settlements[0].entry, step.settlements[0].returned, s == IDLE
('yards_11_20', 7600, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from terminal.games.base import IllegalBetError, Limits, Result, Settlement
from terminal.games.paytables import Paytable, touchdown_paytable
from terminal.games.roulette.wheels import DOUBLE_ZERO, is_red

Team = Literal["red", "black"]
Phase = Literal["open", "game"]
DOWNS = 4
ANY_STAKE = Limits(1, 10**15, 1)
GOAL = 50
# GAMES.md § 1.3: yards per pocket 0..36 (index 0 covers both greens).
DEFAULT_YARDS: tuple[int, ...] = (0, *([3] * 10), *([5] * 10), *([10] * 10), *([15] * 6))


class TouchdownLockedError(IllegalBetError):
    """A Touchdown wager while a Touchdown game is in progress at the table (the lock-out is table-wide)."""


class TouchdownStateError(ValueError):
    """An action the current Touchdown state does not allow, or a serialised state that does not restore."""


@dataclass(frozen=True, slots=True)
class TouchdownRules:
    """The configured paytable, yard map and wager limits."""

    paytable: Paytable
    yards: tuple[int, ...] = DEFAULT_YARDS
    limits: Limits = ANY_STAKE

    def __post_init__(self) -> None:
        if len(self.yards) != 37 or not all(0 <= y <= GOAL for y in self.yards) or self.yards[0]:
            raise ValueError(f"yards must give 0 for the greens and 0-50 for each of 1-36, got {self.yards}")

    def move(self, pocket: int) -> int:
        """Yards ``pocket`` moves the ball toward the red end zone (negative: toward black)."""
        return yards_moved(self.yards, pocket)


def yards_moved(yards: tuple[int, ...], pocket: int) -> int:
    """Yards ``pocket`` moves the ball under the yard map ``yards`` (+ toward red, - toward black).

    >>> yards_moved(DEFAULT_YARDS, 32), yards_moved(DEFAULT_YARDS, 8), yards_moved(DEFAULT_YARDS, 37)
    (15, -3, 0)
    """
    gain = yards[0 if pocket == DOUBLE_ZERO else pocket]
    return gain if is_red(pocket) else -gain if pocket not in (0, DOUBLE_ZERO) else 0


@dataclass(frozen=True, slots=True)
class TouchdownWager:
    """One seat's Touchdown wager; ``assigned`` is True when the table's RNG picked the team."""

    seat: int
    ref: str
    stake: int
    team: Team | None = None
    assigned: bool = False


@dataclass(frozen=True, slots=True)
class TouchdownState:
    """The table's Touchdown state. ``ball`` is net yards toward the red end zone, -50 to 50."""

    phase: Phase = "open"
    wagers: tuple[TouchdownWager, ...] = ()
    downs: tuple[int, ...] = ()
    ball: int = 0

    @property
    def in_progress(self) -> bool:
        """A game is running: no seat may place a new Touchdown wager."""
        return self.phase == "game"

    def awaiting_team(self) -> tuple[int, ...]:
        """Seats of a game in progress that still have no team."""
        return tuple(w.seat for w in self.wagers if w.team is None) if self.in_progress else ()


IDLE = TouchdownState()


@dataclass(frozen=True, slots=True)
class TouchdownStep:
    """What one spin did: the next state and any Touchdown wagers it settled."""

    state: TouchdownState
    settlements: tuple[Settlement, ...]
    started: bool = False


def place(state: TouchdownState, rules: TouchdownRules, seat: int, ref: str, stake: int) -> TouchdownState:
    """Add ``seat``'s wager for the next spin; refused during a game, twice per seat, or off limits."""
    if state.in_progress:
        raise TouchdownLockedError(
            "touchdown", f"a Touchdown game is in progress at the table (down {len(state.downs)} of {DOWNS})"
        )
    if any(w.seat == seat for w in state.wagers):
        raise IllegalBetError("touchdown", f"seat {seat} already has a Touchdown wager for this spin")
    rules.limits.check_stake("touchdown", stake)
    return replace(state, wagers=(*state.wagers, TouchdownWager(seat, ref, stake)))


def withdraw(state: TouchdownState, seat: int) -> TouchdownState:
    """Take back ``seat``'s wager before the spin (never during a game)."""
    if state.in_progress:
        raise TouchdownStateError(f"seat {seat}: a Touchdown wager in a game in progress cannot be withdrawn")
    return replace(state, wagers=tuple(w for w in state.wagers if w.seat != seat))


def choose_team(state: TouchdownState, seat: int, team: str, assigned: bool = False) -> TouchdownState:
    """Record ``seat``'s team (``assigned``: picked by the table's RNG after the choice timed out)."""
    if team not in ("red", "black"):
        raise TouchdownStateError(f"seat {seat}: team must be 'red' or 'black', not {team!r}")
    if not state.in_progress or state.downs:
        raise TouchdownStateError(
            f"seat {seat}: teams are chosen after the trigger and before the first down"
        )
    if seat not in state.awaiting_team():
        raise TouchdownStateError(f"seat {seat} has no Touchdown game awaiting a team")
    chosen: Team = "red" if team == "red" else "black"
    wagers = tuple(replace(w, team=chosen, assigned=assigned) if w.seat == seat else w for w in state.wagers)
    return replace(state, wagers=wagers)


def spin(state: TouchdownState, pocket: int, rules: TouchdownRules) -> TouchdownStep:
    """Apply one spin of the double-zero wheel (``pocket`` 0-36, 37 for 00) to the Touchdown state."""
    if not 0 <= pocket <= DOUBLE_ZERO:
        raise ValueError(f"pocket {pocket} is not on the double-zero wheel")
    if not state.in_progress:
        return _trigger(state, pocket, rules)
    if state.awaiting_team():
        raise TouchdownStateError(
            f"seats {state.awaiting_team()} have no team yet: assign one before the down"
        )
    ball = state.ball if abs(state.ball) >= GOAL else max(-GOAL, min(GOAL, state.ball + rules.move(pocket)))
    state = replace(state, downs=(*state.downs, pocket), ball=ball)
    if len(state.downs) < DOWNS:
        return TouchdownStep(state, ())
    return TouchdownStep(IDLE, tuple(_pay(w, ball, rules.paytable) for w in state.wagers))


def _trigger(state: TouchdownState, pocket: int, rules: TouchdownRules) -> TouchdownStep:
    if not state.wagers:
        return TouchdownStep(state, ())
    if pocket in (0, DOUBLE_ZERO):
        return TouchdownStep(TouchdownState("game", state.wagers), (), started=True)
    lost = tuple(
        Settlement(w.ref, "touchdown", rules.paytable.name, w.stake, 0, Result.LOSE, "trigger")
        for w in state.wagers
    )
    return TouchdownStep(IDLE, lost)


def _pay(wager: TouchdownWager, ball: int, paytable: Paytable) -> Settlement:
    gained = ball if wager.team == "red" else -ball
    entry = band(gained)
    returned = paytable.payout(entry).returned(wager.stake)
    return Settlement(wager.ref, "touchdown", paytable.name, wager.stake, returned, Result.WIN, entry)


def band(gained: int) -> str:
    """Result band for net yards ``gained`` toward the chosen team's end zone (yard line = 50 - gained).

    >>> band(50), band(32), band(-32), band(0), band(1), band(49)
    ('touchdown', 'yards_11_20', 'losing_team', 'tie', 'yards_41_49', 'yards_1_10')
    """
    if gained >= GOAL:
        return "touchdown"
    if gained < 0:
        return "losing_team"
    if gained == 0:
        return "tie"
    line = GOAL - gained
    return "yards_41_49" if line >= 41 else f"yards_{(line - 1) // 10 * 10 + 1}_{(line - 1) // 10 * 10 + 10}"


def rules_for(
    paytable_name: str, yards: tuple[int, ...] = DEFAULT_YARDS, limits: Limits | None = None
) -> TouchdownRules:
    """Rules from the names ``[touchdown]`` uses."""
    return TouchdownRules(touchdown_paytable(paytable_name), yards, limits or ANY_STAKE)
