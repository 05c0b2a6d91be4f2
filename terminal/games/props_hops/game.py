"""Props & Hops' declaration: what the registry, the table, the lab and the screens know of the game.

Its section of the configuration is ``[props_hops]`` (the paytable and the hop grid); the limits of each
wager id come from ``[limits]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.props_hops.engine import PropsHopsEngine, PropsHopsView
from terminal.games.props_hops.par import props_hops_rows
from terminal.games.props_hops.ranges import STREAMS
from terminal.games.props_hops.rules import (
    GAME,
    PAYTABLES,
    WAGERS,
    PropsHopsRules,
    Roll,
    make_rules,
    winning_entries,
)
from terminal.games.seam import DrawPlan, Offered, Settings, Setup

SECTION = "props_hops"

REVEAL_S = 2.5
"""Seconds from the result to the moment the display shows it (the shaker stops and the dice rest)."""


def exact_stake(rules: PropsHopsRules, wager: str) -> int:
    """The smallest stake of ``wager`` that every payout it can win pays exactly (3 to 2 on an even
    stake), on the wager's increment."""
    limits = rules.limits_for(wager)
    step = max(rules.paytable.payout(e).denominator for e in winning_entries(wager, rules.grid))
    stake = limits.minimum
    while stake % step or (stake - limits.minimum) % limits.increment:
        stake += 1
    return stake


@dataclass(frozen=True, slots=True)
class PropsHops:
    """The game of Props & Hops (§ 668a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 4.0
    reveal_s: float = REVEAL_S
    view_type: type = PropsHopsView
    streams: tuple[RangeStream, ...] = STREAMS
    max_seats: int = 6  # § 668a.1(a): at most six seats

    def rules(self, settings: Settings) -> PropsHopsRules:
        """The rules ``[props_hops]`` and ``[limits]`` set."""
        section = settings.section(SECTION)
        limits = tuple((wager, settings.limits(wager)) for wager in WAGERS)
        return make_rules(section.paytable, section.hop_grid, limits)

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        offered = tuple(Offered(w, rules.paytable.name, rules.limits_for(w)) for w in WAGERS)
        every = tuple((w, exact_stake(rules, w)) for w in WAGERS)
        name = rules.paytable.name
        house = (("paytable", name), ("hop_grid", rules.grid.text))
        showcase = (("hop_top", 2), ("field", 1), ("any_number_2_5", 1))  # multiples of the minimum
        engine = PropsHopsEngine(rules)
        return Setup(GAME, engine, DrawPlan("dice", 2), offered, name, house, every, (f"{GAME}:{name}",),
                     showcase, every, seated_play=True)  # fmt: skip

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        section = settings.section(SECTION)
        names = tuple(PAYTABLES) if all_paytables else (section.paytable,)
        return props_hops_rows(names, section.hop_grid)

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Roll:
        return Roll.parse(text)


GAME_DECLARATION = PropsHops()
