"""The configuration as a game reads it, and the game a configuration sets up.

The games in ``terminal/games`` (rules and exact odds) are pure and never read the configuration; each reads
its own sections through the seam's :class:`~terminal.games.seam.Settings`, which :class:`ConfigSettings`
gives over a validated :class:`~terminal.config.model.Config`. :func:`setup` is the one place a table, the PAR
sheet, the lab and the screens' offer get a game's rules from, so they cannot disagree about what the
configuration means.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from terminal.config.model import Config
from terminal.games.base import Limits
from terminal.games.par_rows import ParRow
from terminal.games.registry import game
from terminal.games.seam import Game, Setup
from terminal.money import find_currency, format_amount


@dataclass(frozen=True, slots=True)
class ConfigSettings:
    """The seam's :class:`~terminal.games.seam.Settings` over a validated configuration."""

    config: Config

    def section(self, name: str) -> Any:
        if name not in {f.name for f in fields(Config)} or name == "path":
            raise KeyError(f"the configuration has no section [{name}]")
        return getattr(self.config, name)

    def limits(self, kind: str) -> Limits:
        return self.config.limits.for_wager(kind)

    @property
    def unit(self) -> int:
        return find_currency(self.config.money.currency).scale

    def money(self, amount: int) -> str:
        return format_amount(amount, find_currency(self.config.money.currency))


def game_of(c: Config) -> Game:
    """The game ``[table] game`` names."""
    return game(c.table.game)


@lru_cache(maxsize=16)
def setup(c: Config) -> Setup:
    """The game of ``c`` as ``c`` sets it up (built once per configuration: it compiles the wagers)."""
    return game_of(c).setup(ConfigSettings(c))


def unit(c: Config) -> int:
    """One whole currency unit in minor units (100 for USD)."""
    return find_currency(c.money.currency).scale


def wager_limits(c: Config, kind: str) -> Limits:
    """The limits of wager id ``kind`` at this table: as its game offers it, else ``[limits]``."""
    for offered in setup(c).offered:
        if offered.kind == kind:
            return offered.limits
    return c.limits.for_wager(kind)


def par_rows(c: Config) -> list[ParRow]:
    """The PAR sheet rows of the configured game (the same rows as ``terminal par-sheet``): service mode's
    meters set actual RTP beside them, the floor sets each day's hold against them."""
    return game_of(c).par_rows(ConfigSettings(c), all_paytables=False)
