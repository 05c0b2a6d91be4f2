"""Three Dice Football's declaration: what the registry, the table, the lab and the screens know of it.

Its section of the configuration is ``[tdf]`` (the paytable and ``down_seconds``, the window before each
down after a game's first); the limits of each wager id come from ``[limits]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.seam import DrawPlan, Offered, Settings, Setup
from terminal.games.tdf.engine import TdfEngine, TdfPlay, TdfView
from terminal.games.tdf.par import tdf_rows
from terminal.games.tdf.ranges import STREAMS
from terminal.games.tdf.rules import GAME, PAYTABLES, WAGERS, TdfRules, Throw, make_rules, winning_entries

SECTION = "tdf"

REVEAL_S = 2.6
"""Seconds from the result to the moment the display shows it (the three dice come to rest on the field)."""


def exact_stake(rules: TdfRules, wager: str) -> int:
    """The smallest stake of ``wager`` that every payout it can win pays exactly (4 to 5 and 6 to 5 on a
    multiple of 5), on the wager's increment."""
    limits = rules.limits_for(wager)
    step = max(rules.paytable.payout(e).denominator for e in winning_entries(wager))
    stake = limits.minimum
    while stake % step or (stake - limits.minimum) % limits.increment:
        stake += 1
    return stake


@dataclass(frozen=True, slots=True)
class DownWindow:
    """How long a window stays open: ``[table] betting_seconds`` before a game's first down (full-game
    wagers are taken then), ``[tdf] down_seconds`` before every other throw."""

    down_seconds: int

    def __call__(self, play: Any, betting_seconds: int) -> int:
        first = isinstance(play, TdfPlay) and play.drive.play == 1 and not play.extra
        return betting_seconds if first else self.down_seconds


@dataclass(frozen=True, slots=True)
class ThreeDiceFootball:
    """The game of Three Dice Football (§ 661a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 4.0
    reveal_s: float = REVEAL_S
    view_type: type = TdfView
    streams: tuple[RangeStream, ...] = STREAMS
    max_seats: int = 16  # GAMES.md §6.1: up to 16 seats

    def rules(self, settings: Settings) -> TdfRules:
        """The rules ``[tdf]`` and ``[limits]`` set."""
        limits = tuple((wager, settings.limits(wager)) for wager in WAGERS)
        return make_rules(settings.section(SECTION).paytable, limits)

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        name = rules.paytable.name
        offered = tuple(Offered(w, name, rules.limits_for(w)) for w in WAGERS)
        every = tuple((w, exact_stake(rules, w)) for w in WAGERS)
        section = settings.section(SECTION)
        house = (("paytable", name), ("down_seconds", str(section.down_seconds)))
        showcase = (
            ("touchdown", 2),
            ("over_four_yards", 1),
            ("game_length_3", 1),
        )  # multiples of the minimum
        engine = TdfEngine(rules)
        return Setup(GAME, engine, DrawPlan("dice", 3), offered, name, house, every, (f"{GAME}:{name}",),
                     showcase, every, window=DownWindow(section.down_seconds))  # fmt: skip

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        names = tuple(PAYTABLES) if all_paytables else (settings.section(SECTION).paytable,)
        return tdf_rows(names)

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Throw:
        return Throw.parse(text)


GAME_DECLARATION = ThreeDiceFootball()
