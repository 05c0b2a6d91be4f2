"""Sic Bo's declaration: what the registry, the table, the lab and the screens know of the game.

Its section of the configuration is ``[sicbo]`` (the paytable); the limits of each wager id come from
``[limits]`` and its ``<wager>_min`` / ``<wager>_max`` keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.seam import DrawPlan, Offered, Settings, Setup
from terminal.games.sicbo.engine import SicBoEngine, SicBoView
from terminal.games.sicbo.par import sicbo_rows
from terminal.games.sicbo.ranges import STREAMS
from terminal.games.sicbo.rules import GAME, PAYTABLES, WAGERS, Roll, SicBoRules, all_spots, make_rules

SECTION = "sicbo"


REVEAL_S = 2.5
"""Seconds from the result to the moment the display shows it (the shaker stops and the dice rest): the
screens show nothing of the outcome before (:mod:`terminal.games.reveal`)."""

@dataclass(frozen=True, slots=True)
class SicBo:
    """The game of Sic Bo (§ 625a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 4.0
    reveal_s: float = REVEAL_S
    view_type: type = SicBoView
    streams: tuple[RangeStream, ...] = STREAMS

    def rules(self, settings: Settings) -> SicBoRules:
        """The rules ``[sicbo]`` and ``[limits]`` set."""
        limits = tuple((kind, settings.limits(kind)) for kind in WAGERS)
        return make_rules(settings.section(SECTION).paytable, limits)

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        offered = tuple(Offered(kind, rules.paytable.name, rules.limits_for(kind)) for kind in WAGERS)
        menu = tuple((spot.text, rules.limits_for(spot.kind).minimum) for spot in all_spots())
        name = rules.paytable.name
        house, paytables = (("paytable", name),), (f"{GAME}:{name}",)
        showcase = (("small", 1), ("total_10", 1), ("two_dice:2-5", 1))
        engine = SicBoEngine(rules)
        draw = DrawPlan("dice", 3)
        every, variant = _every_spot(rules), name.lower()  # the protocol's identifiers are lower case
        return Setup(GAME, engine, draw, offered, variant, house, menu, paytables, showcase, every)

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        names = tuple(PAYTABLES) if all_paytables else (settings.section(SECTION).paytable,)
        return sicbo_rows(names)

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Roll:
        return Roll.parse(text)


def _every_spot(rules: SicBoRules) -> tuple[tuple[str, int], ...]:
    """Every spot of the layout at its smallest stake (every payout is "to 1": any stake pays exactly)."""
    return tuple((spot.text, rules.limits_for(spot.kind).minimum) for spot in all_spots())


GAME_DECLARATION = SicBo()
