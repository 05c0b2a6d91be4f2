"""Roulette's declaration: what the registry, the table, the lab and the screens know of the game.

Its sections of the configuration are ``[roulette]`` (wheel, paytable, Five Adjacent), ``[touchdown]``
(offered, paytable, yards, limits, the time to choose a team), ``[b2b]`` (offered, the odds' weights) and
``[blazing7s]`` (offered, paytable); the other wagers' limits, B2B's and Blazing 7's included, come from
``[limits]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terminal.games.base import Limits
from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.paytables import ROULETTE_PAYTABLES, TOUCHDOWN_PAYTABLES
from terminal.games.roulette.b2b import B2B, B2BRules
from terminal.games.roulette.blazing7s import BLAZING, BLAZING_PAYTABLES, BlazingRules, blazing_paytable
from terminal.games.roulette.catalog import WAGERS
from terminal.games.roulette.engine import TOUCHDOWN, Pocket, RouletteEngine, RouletteView, parse_outcome
from terminal.games.roulette.par import roulette_rows
from terminal.games.roulette.par_sides import b2b_rows, blazing_rows
from terminal.games.roulette.par_touchdown import touchdown_rows
from terminal.games.roulette.ranges import STREAMS
from terminal.games.roulette.rules import RouletteRules, make_rules
from terminal.games.roulette.sides import SideRules, extra_draws
from terminal.games.roulette.spots import legal_spots
from terminal.games.roulette.touchdown import TouchdownRules, rules_for
from terminal.games.seam import DrawPlan, Offered, Settings, Setup

GAME = "roulette"


def _on(flag: bool) -> str:
    return "on" if flag else "off"


REVEAL_S = 6.5
"""Seconds from the result to the moment the display shows it (the ball drops into its pocket): the
screens show nothing of the outcome before (:mod:`terminal.games.reveal`)."""

@dataclass(frozen=True, slots=True)
class Roulette:
    """Roulette with Touchdown (§ 617a), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 7.0
    reveal_s: float = REVEAL_S
    view_type: type = RouletteView
    streams: tuple[RangeStream, ...] = STREAMS

    def rules(self, settings: Settings) -> RouletteRules:
        """Wheel, paytable, Five Adjacent and the limits of every roulette wager."""
        section = settings.section("roulette")
        limits = tuple(
            (kind, settings.limits(kind)) for kind in WAGERS if kind not in (TOUCHDOWN, B2B, BLAZING)
        )
        return make_rules(section.wheel, section.paytable, section.five_adjacent, limits, settings.limits(""))

    def touchdown_rules(self, settings: Settings) -> TouchdownRules | None:
        """The Touchdown rules, or ``None`` where Touchdown is not offered."""
        side = settings.section("touchdown")
        if not side.offered:
            return None
        limits = Limits(side.min, side.max, settings.limits(TOUCHDOWN).increment)
        return rules_for(side.paytable, side.yards, limits)

    def side_rules(self, settings: Settings) -> SideRules:
        """B2B and Blazing 7's as configured, each ``None`` where not offered (either wheel)."""
        wheel = self.rules(settings).wheel
        b2b, blazing = settings.section("b2b"), settings.section("blazing7s")
        return SideRules(
            wheel,
            B2BRules(b2b.weights, settings.limits(B2B)) if b2b.offered else None,
            BlazingRules(blazing_paytable(blazing.paytable), settings.limits(BLAZING))
            if blazing.offered
            else None,
        )

    def setup(self, settings: Settings) -> Setup:
        rules, td = self.rules(settings), self.touchdown_rules(settings)
        side, extra = settings.section("touchdown"), self.side_rules(settings)
        kinds = {spot.kind for spot in legal_spots(rules.wheel, rules.five_adjacent)}
        offered = [Offered(k, rules.paytable.name, rules.limits_for(k)) for k in WAGERS if k in kinds]
        if td is not None:
            offered.append(Offered(TOUCHDOWN, td.paytable.name, td.limits))
        offered += _side_offers(extra)
        engine = RouletteEngine(rules, td, side.team_choice_seconds, extra)
        paytables = (f"{GAME}:{rules.paytable.name}", *((f"{TOUCHDOWN}:{td.paytable.name}",) if td else ()),
                     *(f"{o.kind}:{o.paytable}" for o in _side_offers(extra)))  # fmt: skip
        house = tuple(_house_rules(rules, td, side, extra))
        draw = DrawPlan("below", rules.wheel.size, extra_draws(extra))
        menu = bot_menu(rules, td is not None, extra)
        sides = tuple((o.kind, 1) for o in _side_offers(extra))
        showcase = (("red", 1), ("straight:17", 1), ("dozen:2", 1), *sides)
        return Setup(GAME, engine, draw, tuple(offered), rules.wheel.name, house, menu, paytables, showcase)

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        section, side = settings.section("roulette"), settings.section("touchdown")
        names = tuple(ROULETTE_PAYTABLES) if all_paytables else (section.paytable,)
        rows = [row for name in names for row in roulette_rows(section.wheel, section.five_adjacent, name)]
        if side.offered:
            tables = tuple(TOUCHDOWN_PAYTABLES) if all_paytables else (side.paytable,)
            rows += touchdown_rows(tables, side.yards)
        extra = self.side_rules(settings)
        if extra.b2b is not None:
            rows += b2b_rows(extra.wheel, extra.b2b.weights)
        if extra.blazing is not None:
            tables = tuple(BLAZING_PAYTABLES) if all_paytables else (extra.blazing.paytable.name,)
            rows += blazing_rows(extra.wheel, tables)
        return rows

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Pocket:
        return parse_outcome(text)


def _side_offers(extra: SideRules) -> list[Offered]:
    offers = []
    if extra.b2b is not None:
        offers.append(Offered(B2B, extra.b2b.paytable, extra.b2b.limits))
    if extra.blazing is not None:
        offers.append(Offered(BLAZING, extra.blazing.paytable.name, extra.blazing.limits))
    return offers


def _house_rules(
    rules: RouletteRules, td: TouchdownRules | None, side: Any, extra: SideRules
) -> list[tuple[str, str]]:
    lines = [("wheel", rules.wheel.name), ("five_adjacent", _on(rules.five_adjacent))]
    if td is not None:
        lines += [("touchdown_yards", ", ".join(str(y) for y in td.yards)),
                  ("team_choice_seconds", str(side.team_choice_seconds))]  # fmt: skip
    if extra.b2b is not None:
        lines.append(("b2b_weights", ", ".join(f"{odds}:{weight}" for odds, weight in extra.b2b.weights)))
    return lines


def bot_menu(
    rules: RouletteRules, touchdown: bool, extra: SideRules | None = None
) -> tuple[tuple[str, int], ...]:
    """Every legal spot of the wheel at its smallest stake (Five Adjacent in fives), plus the side wagers.

    A bot picks at random from the menu: a Blazing 7's picked before any other wager of its seat is refused
    (the rule is exercised too), one picked after is placed.
    """
    spots = legal_spots(rules.wheel, rules.five_adjacent)
    menu = [(s.text, 5 * rules.limits_for(s.kind).minimum if s.kind == "five_adjacent"
             else rules.limits_for(s.kind).minimum) for s in spots]  # fmt: skip
    if touchdown:
        menu += [(TOUCHDOWN, 200)] * 20  # weighted: Touchdown is the side wager under test
    if extra is not None and extra.b2b is not None:
        menu += [(B2B, max(extra.b2b.limits.minimum, 100))] * 20
    if extra is not None and extra.blazing is not None:
        menu += [(BLAZING, max(extra.blazing.limits.minimum, 100))] * 20
    return tuple(menu)


GAME_DECLARATION = Roulette()
