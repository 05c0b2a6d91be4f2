"""Crapless Craps's declaration: what the registry, the table, the lab and the screens know of the game.

Its sections of the configuration are ``[crapless]`` (odds, Put, Buy, vig, increments, hardways on the
come-out), ``[crapless_fire]`` (offered, whole-unit limits) and ``[hard_rockn_dice]`` (off by default);
the other wagers' limits come from ``[limits]``. The draw, the outcome record and the lab's outcome range
are the craps ones: two dice.

>>> GAME_DECLARATION.parse_outcome("6-6").text, GAME_DECLARATION.reveal_seconds("6-6"), _base("put_odds_11")
('6-6', 2.2, 'put_11')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from terminal.games.base import Limits
from terminal.games.crapless.engine import CraplessEngine, CraplessView
from terminal.games.crapless.par import crapless_par_rows
from terminal.games.crapless.rules import GAME, HARD_ROCKN_WAGERS, WAGERS, CraplessRules
from terminal.games.craps.engine import Dice, parse_dice
from terminal.games.craps.ranges import craps_range
from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.seam import DrawPlan, Offered, Settings, Setup

REVEAL_S = 2.2
"""Seconds from the result to the moment the display shows it (both dice rest), as at craps."""

STREAMS: tuple[RangeStream, ...] = (
    RangeStream(replace(craps_range(), name=f"{GAME}: two dice"), f"[table]\ngame = {GAME}\n"),
)  # the craps range (two dice, their sums, each die) under this game's name

BOT_MENU: tuple[tuple[str, int], ...] = (
    ("pass", 500), ("come", 500), ("pass_odds", 1000), ("put_11", 500), ("put_odds_11", 1000),
    ("place_2", 200), ("place_3", 400), ("place_6", 600), ("place_12", 200), ("buy_4", 2000),
    ("hard_6", 100), ("hard_10", 100), ("field", 500), ("any_seven", 100), ("any_craps", 100),
    ("eleven", 100), ("c_and_e", 200), ("horn", 400), ("horn_high:12", 500), ("world", 500),
    ("hop_2_5", 100), ("hop_3_3", 100), *([("fire_bet", 100)] * 4), ("six_string", 100),
    ("fab_four", 100), ("the_tenor", 100),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Crapless:
    """Crapless Craps (GAMES.md §6.4), as :class:`~terminal.games.seam.Game` declares a game."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 2.5
    reveal_s: float = REVEAL_S
    view_type: type = CraplessView
    streams: tuple[RangeStream, ...] = STREAMS

    def rules(self, settings: Settings) -> CraplessRules:
        """The one rules record the table and the PAR sheet both use."""
        k = settings.section("crapless")
        return CraplessRules(
            max_odds=k.max_odds, come_odds_on_comeout=k.come_odds_on_comeout, put_offered=k.put_offered,
            buy_offered=k.buy_offered, vig_percent=k.vig_percent, buy_vig=k.buy_vig,
            vig_minimum=k.vig_minimum, place_increments=k.place_increments,
            hardways_on_comeout=k.hardways_on_comeout, unit=settings.unit,
            fire_offered=settings.section("crapless_fire").offered,
            hard_rockn_offered=settings.section("hard_rockn_dice").offered,
        )  # fmt: skip

    def limits(self, settings: Settings, kind: str) -> Limits:
        """The Fire Bet's limits from ``[crapless_fire]`` in whole units; the others from ``[limits]``."""
        if kind == "fire_bet":
            fire = settings.section("crapless_fire")
            return Limits(fire.min, fire.max, settings.unit)
        return settings.limits(kind)

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        kinds = rules.offered()
        limits = tuple((kind, self.limits(settings, kind)) for kind in WAGERS)
        offered = tuple(Offered(kind, "standard", self.limits(settings, kind)) for kind in kinds)
        menu = tuple((spot, stake) for spot, stake in BOT_MENU if _base(spot) in kinds)
        house = (
            ("max_odds", rules.max_odds), ("vig_percent", str(rules.vig_percent)), ("buy_vig", rules.buy_vig),
            ("vig_minimum", settings.money(rules.vig_minimum)),
            ("come_odds_on_comeout", _on(rules.come_odds_on_comeout)),
            ("hardways_on_comeout", _on(rules.hardways_on_comeout)),
            ("place_increments", _on(rules.place_increments)),
        )  # fmt: skip
        paytables = (f"{GAME}:standard", *(("crapless_fire:standard",) if rules.fire_offered else ()),
                     *(("hard_rockn_dice:standard",) if rules.hard_rockn_offered else ()))  # fmt: skip
        showcase = (("pass", 1), ("place_2", 2), ("field", 1), ("fire_bet", 1))
        engine = CraplessEngine(rules, limits)
        return Setup(GAME, engine, DrawPlan("dice", 2), offered, "standard", house, menu, paytables, showcase,
                     _simulate(rules, settings.unit))  # fmt: skip

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        return crapless_par_rows(self.rules(settings), all_paytables)

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Dice:
        return parse_dice(text)


def _on(flag: bool) -> str:
    return "on" if flag else "off"


def _base(spot: str) -> str:
    """The wager id that decides whether a menu spot is offered (odds follow their flat wager)."""
    if spot.startswith("horn_high:"):
        return "horn_high"
    if spot == "pass_odds":
        return "pass"
    return spot.replace("_odds", "") if "_odds_" in spot else spot


def _simulate(rules: CraplessRules, unit: int) -> tuple[tuple[str, int], ...]:
    """Every offered wager id once, at a stake every payout of it pays exactly (60 units: a multiple of
    every Place/Buy increment, of the Horn's 4 and the World's 5 parts, and of every odds denominator).

    The multi-roll wagers are placed only where the rules take them (the seam's simulator skips a refusal
    and places them again on a later roll); odds are left out here (the crapless strategy,
    :mod:`terminal.sims.crapless_fast`, plays them behind every flat bet). Horn High
    is left out too: the seam tallies by wager id, and its two PAR rows (high on 2/12, on 3/11) are two
    edges (both checked exactly in tests/par/test_crapless_par.py).
    """
    stake = 60 * unit
    spots = []
    for kind in rules.offered():
        if kind == "horn_high":
            continue
        if kind == "fire_bet" or kind in HARD_ROCKN_WAGERS:
            spots.append((kind, unit))
        else:
            spots.append((kind, stake))
    return tuple(spots)


GAME_DECLARATION = Crapless()
