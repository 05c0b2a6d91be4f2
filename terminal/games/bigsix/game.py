"""The Big Six wheel's declaration: what the registry, the table, the lab and the screens know of it.

Its section of the configuration is ``[bigsix]`` (the paytable); the limits of each symbol's wager come
from ``[limits]`` and its ``<wager>_min`` / ``<wager>_max`` keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.bigsix.engine import BigSixEngine, BigSixView
from terminal.games.bigsix.par import bigsix_rows
from terminal.games.bigsix.ranges import STREAMS
from terminal.games.bigsix.rules import GAME, PAYTABLES, WAGERS, BigSixRules, Stop, make_rules
from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.seam import DrawPlan, Offered, Settings, Setup

SECTION = "bigsix"


REVEAL_S = 6.8
"""Seconds from the result to the moment the display shows it (the clapper catches the section): the
screens show nothing of the outcome before (:mod:`terminal.games.reveal`)."""

@dataclass(frozen=True, slots=True)
class BigSix:
    """The Big Six wheel (§ 619a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 8.0
    reveal_s: float = REVEAL_S
    view_type: type = BigSixView
    streams: tuple[RangeStream, ...] = STREAMS

    def rules(self, settings: Settings) -> BigSixRules:
        """The rules ``[bigsix]`` and ``[limits]`` set."""
        limits = tuple((kind, settings.limits(kind)) for kind in WAGERS)
        return make_rules(settings.section(SECTION).paytable, limits)

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        offered = tuple(Offered(kind, rules.paytable.name, rules.limits_for(kind)) for kind in WAGERS)
        # Bots play the likelier symbols more often, as people at the wheel do.
        menu = tuple((k, rules.limits_for(k).minimum) for k in WAGERS for _ in range(8 - WAGERS.index(k)))
        name = rules.paytable.name
        house, paytables = (("paytable", name),), (f"{GAME}:{name}",)
        showcase = (("one", 1), ("five", 1), ("flag", 1))
        engine = BigSixEngine(rules)
        every = tuple((kind, rules.limits_for(kind).minimum) for kind in WAGERS)  # "to 1": any stake is exact
        draw = DrawPlan("below", 54)
        return Setup(GAME, engine, draw, offered, name, house, menu, paytables, showcase, every)

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        names = tuple(PAYTABLES) if all_paytables else (settings.section(SECTION).paytable,)
        return bigsix_rows(names)

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Stop:
        return Stop.parse(text)


GAME_DECLARATION = BigSix()
