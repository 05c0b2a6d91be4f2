"""High Roll Dice's declaration: what the registry, the table, the lab and the screens know of the game.

Its section of the configuration is ``[high_roll]`` (dice, paytable, Extra Roll, Millionaire Row); the
limits of each wager id come from ``[limits]``. The lab plays it with a strategy of its own
(:mod:`terminal.sims.simulate_high_roll`): a ten-dice throw has 6^10 ordered outcomes, which the seam's
strategy would tabulate one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import lcm

from terminal.games.high_roll.engine import HighRollEngine, HighRollView
from terminal.games.high_roll.par import high_roll_rows
from terminal.games.high_roll.ranges import streams
from terminal.games.high_roll.rules import (
    EXTRA,
    GAME,
    NINE,
    PIPS,
    TEN,
    WAGERS,
    HighRollRules,
    Throw,
    make_rules,
)
from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.seam import DrawPlan, Offered, Settings, Setup

SECTION = "high_roll"

REVEAL_S = 3.0
"""Seconds from the result to the moment the display shows it: the ten dice rest, and the winning face's
dice have moved to their box of the throw box (the extra roll: the re-thrown dice rest)."""


def unit_stake(rules: HighRollRules) -> int:
    """The smallest unit every Pip Street and Like Kind wager (and the Extra Roll) can take, on every
    increment, that every payout pays exactly (3 to 5 on a multiple of 5)."""
    spots = [w for w in rules.offered if w not in (NINE, TEN)]
    limits = [rules.limits_for(w) for w in spots]
    step = lcm(
        *(rules.paytable.payout(e).denominator for e, _ in rules.paytable.entries),
        *(x.increment for x in limits),
    )
    stake = max(x.minimum for x in limits)
    return -(-stake // step) * step


@dataclass(frozen=True, slots=True)
class HighRoll:
    """The game of High Roll Dice (§ 675a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 4.5
    reveal_s: float = REVEAL_S
    view_type: type = HighRollView
    max_seats: int = 6  # § 675a.1(a): at most six seats

    @property
    def streams(self) -> tuple[RangeStream, ...]:
        return streams()

    def rules(self, settings: Settings) -> HighRollRules:
        """The rules ``[high_roll]`` and ``[limits]`` set."""
        s = settings.section(SECTION)
        limits = tuple((wager, settings.limits(wager)) for wager in WAGERS)
        amounts = (s.millionaire_stake, s.millionaire_nine, s.millionaire_ten)
        return make_rules(s.dice, s.paytable, s.extra_roll, s.millionaire_row, amounts, limits)

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        name = rules.paytable.name
        offered = tuple(Offered(w, name, rules.limits_for(w)) for w in rules.offered)
        unit = unit_stake(rules)
        every = tuple((w, rules.millionaire_stake if w in (NINE, TEN) else unit) for w in rules.offered)
        house = (
            ("dice", str(rules.dice)),
            ("paytable", name),
            ("extra_roll", "on" if rules.extra_roll else "off"),
            ("millionaire_row", "on" if rules.millionaire_row else "off"),
            *(
                (key, settings.money(value))
                for key, value in (("millionaire_stake", rules.millionaire_stake),
                                   ("millionaire_nine", rules.millionaire_nine),
                                   ("millionaire_ten", rules.millionaire_ten))
                if rules.millionaire_row
            ),
        )  # fmt: skip
        pips = tuple((p, unit) for p in PIPS)
        circles = tuple((w, unit) for w in rules.offered if w.startswith("like_kind_"))
        extra = ((EXTRA, unit),) * 6 if rules.extra_roll else ()
        bots = (*pips, *pips, *every, *circles, *extra)  # Pip Street to play; the Extra Roll often
        showcase: tuple[tuple[str, int], ...]
        if rules.extra_roll:
            showcase = (("pip_street_ace", 1), ("pip_street_six", 1), ("like_kind_4", 1), ("like_kind_5", 1),
                        (EXTRA, 1))  # fmt: skip
        else:
            showcase = (("pip_street_ace", 1), ("pip_street_six", 1), ("like_kind_3", 1))
        return Setup(GAME, HighRollEngine(rules), DrawPlan("dice", rules.dice), offered, name, house, bots,
                     (f"{GAME}:{name}",), showcase, every, seated_play=True)  # fmt: skip

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        rules = self.rules(settings)
        if not all_paytables:
            return high_roll_rows(rules)
        ten = make_rules(10, "standard", True, True, _amounts(rules), rules.limits)
        six = make_rules(6, "standard", limits=rules.limits)
        return [*high_roll_rows(ten), *high_roll_rows(six)]

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Throw:
        return Throw.parse(text)


def _amounts(rules: HighRollRules) -> tuple[int, int, int]:
    return (rules.millionaire_stake, rules.millionaire_nine, rules.millionaire_ten)


GAME_DECLARATION = HighRoll()
