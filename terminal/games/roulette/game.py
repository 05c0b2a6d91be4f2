"""Roulette's declaration: what the registry, the table, the lab and the screens know of the game.

Its sections of the configuration are ``[roulette]`` (wheel, paytable, Five Adjacent) and ``[touchdown]``
(offered, paytable, yards, limits, the time to choose a team); the other wagers' limits come from
``[limits]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal.games.base import Limits
from terminal.games.outcome_range import RangeStream
from terminal.games.paytables import ROULETTE_PAYTABLES, TOUCHDOWN_PAYTABLES
from terminal.games.roulette.catalog import WAGERS
from terminal.games.roulette.engine import TOUCHDOWN, Pocket, RouletteEngine, RouletteView, parse_outcome
from terminal.games.roulette.ranges import STREAMS
from terminal.games.roulette.rules import RouletteRules, make_rules
from terminal.games.roulette.spots import legal_spots
from terminal.games.roulette.touchdown import TouchdownRules, rules_for
from terminal.games.seam import DrawPlan, Offered, Settings, Setup
from terminal.par.roulette import roulette_rows
from terminal.par.rows import ParRow
from terminal.par.touchdown import touchdown_rows

GAME = "roulette"


def _on(flag: bool) -> str:
    return "on" if flag else "off"


@dataclass(frozen=True, slots=True)
class Roulette:
    """Roulette with Touchdown (§ 617a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 7.0
    view_type: type = RouletteView
    streams: tuple[RangeStream, ...] = STREAMS

    def rules(self, settings: Settings) -> RouletteRules:
        """Wheel, paytable, Five Adjacent and the limits of every roulette wager."""
        section = settings.section("roulette")
        limits = tuple((kind, settings.limits(kind)) for kind in WAGERS if kind != TOUCHDOWN)
        return make_rules(section.wheel, section.paytable, section.five_adjacent, limits, settings.limits(""))

    def touchdown_rules(self, settings: Settings) -> TouchdownRules | None:
        """The Touchdown rules, or ``None`` where Touchdown is not offered."""
        side = settings.section("touchdown")
        if not side.offered:
            return None
        limits = Limits(side.min, side.max, settings.limits(TOUCHDOWN).increment)
        return rules_for(side.paytable, side.yards, limits)

    def setup(self, settings: Settings) -> Setup:
        rules, td = self.rules(settings), self.touchdown_rules(settings)
        side = settings.section("touchdown")
        kinds = {spot.kind for spot in legal_spots(rules.wheel, rules.five_adjacent)}
        offered = [Offered(k, rules.paytable.name, rules.limits_for(k)) for k in WAGERS if k in kinds]
        if td is not None:
            offered.append(Offered(TOUCHDOWN, td.paytable.name, td.limits))
        engine = RouletteEngine(rules, td, side.team_choice_seconds)
        paytables = (f"{GAME}:{rules.paytable.name}", *((f"{TOUCHDOWN}:{td.paytable.name}",) if td else ()))
        house = tuple(_house_rules(rules, td, side))
        draw = DrawPlan("below", rules.wheel.size)
        menu = bot_menu(rules, td is not None)
        showcase = (("red", 1), ("straight:17", 1), ("dozen:2", 1))
        return Setup(GAME, engine, draw, tuple(offered), rules.wheel.name, house, menu, paytables, showcase)

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        section, side = settings.section("roulette"), settings.section("touchdown")
        names = tuple(ROULETTE_PAYTABLES) if all_paytables else (section.paytable,)
        rows = [row for name in names for row in roulette_rows(section.wheel, section.five_adjacent, name)]
        if side.offered:
            tables = tuple(TOUCHDOWN_PAYTABLES) if all_paytables else (side.paytable,)
            rows += touchdown_rows(tables, side.yards)
        return rows

    def parse_outcome(self, text: str) -> Pocket:
        return parse_outcome(text)


def _house_rules(rules: RouletteRules, td: TouchdownRules | None, side: Any) -> list[tuple[str, str]]:
    lines = [("wheel", rules.wheel.name), ("five_adjacent", _on(rules.five_adjacent))]
    if td is not None:
        lines += [("touchdown_yards", ", ".join(str(y) for y in td.yards)),
                  ("team_choice_seconds", str(side.team_choice_seconds))]  # fmt: skip
    return lines


def bot_menu(rules: RouletteRules, touchdown: bool) -> tuple[tuple[str, int], ...]:
    """Every legal spot of the wheel at its smallest stake (Five Adjacent in fives), plus Touchdown."""
    spots = legal_spots(rules.wheel, rules.five_adjacent)
    menu = [(s.text, 5 * rules.limits_for(s.kind).minimum if s.kind == "five_adjacent"
             else rules.limits_for(s.kind).minimum) for s in spots]  # fmt: skip
    if touchdown:
        menu += [(TOUCHDOWN, 200)] * 20  # weighted: Touchdown is the side wager under test
    return tuple(menu)


GAME_DECLARATION = Roulette()
