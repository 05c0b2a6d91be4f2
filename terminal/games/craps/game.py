"""Craps's declaration: what the registry, the table, the lab and the screens know of the game.

Its sections of the configuration are ``[craps]`` (odds, vig, increments, Buy and Lay offered) and the
side wagers' ``[lucky_shooter]``, ``[fire_bet]``, ``[bonus_craps]`` and ``[hot_roller]`` (offered, paytable,
limits); the
other wagers' limits come from ``[limits]``.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Limits
from terminal.games.craps.catalog import WAGERS
from terminal.games.craps.engine import CrapsEngine, CrapsView, Dice, parse_dice, paytable_of
from terminal.games.craps.par import craps_par_rows
from terminal.games.craps.ranges import STREAMS
from terminal.games.craps.records import BONUS_KINDS
from terminal.games.craps.rules import CrapsRules
from terminal.games.outcome_range import RangeStream
from terminal.games.par_rows import ParRow
from terminal.games.seam import DrawPlan, Offered, Settings, Setup

GAME = "craps"
_SIDES = {
    "lucky_shooter": "lucky_shooter", "fire": "fire_bet",
    "all_small": "bonus_craps", "all_tall": "bonus_craps", "all_or_nothing": "bonus_craps",
    "hot_roller": "hot_roller",
}  # fmt: skip
BOT_MENU: tuple[tuple[str, int], ...] = (
    ("pass", 500), ("dont_pass", 500), ("come", 500), ("dont_come", 500), ("pass_odds", 1000),
    ("come_odds_6", 500), ("place_6", 600), ("place_8", 1200), ("place_5", 500), ("place_lose_4", 1100),
    ("buy_4", 2000), ("lay_10", 4000), ("hard_6", 100), ("hard_10", 100), ("field", 500), ("any_seven", 100),
    ("any_craps", 100), ("craps_2", 100), ("eleven", 100), ("c_and_e", 200), ("horn", 400),
    ("horn_high:12", 500), ("whirl", 500), ("hop_2_5", 100), ("hop_3_3", 100), ("six_seven_eight", 500),
    ("fire", 100), ("all_small", 100), ("all_tall", 100), ("all_or_nothing", 100),
    # Weighted: the side wagers under test are placed often (each only at its own moment of the game).
    *([("lucky_shooter", 200)] * 12),
    *([("fire", 200)] * 4),
    *([("hot_roller", 200)] * 12),
)  # fmt: skip


def _on(flag: bool) -> str:
    return "on" if flag else "off"


REVEAL_S = 2.2
"""Seconds from the result to the moment the display shows it (both dice rest): the
screens show nothing of the outcome before (:mod:`terminal.games.reveal`)."""

@dataclass(frozen=True, slots=True)
class Craps:
    """Craps with Lucky Shooter, Fire, Bonus and Hot Roller (§ 623a, § 623b), as
    :class:`~terminal.games.seam.Game` says."""

    name: str = GAME
    wagers: tuple[str, ...] = WAGERS
    show_seconds: float = 2.5
    reveal_s: float = REVEAL_S
    view_type: type = CrapsView
    streams: tuple[RangeStream, ...] = STREAMS

    def rules(self, settings: Settings) -> CrapsRules:
        """Odds, vig, increments and the side wagers offered: the one record the table and PAR both use."""
        k = settings.section("craps")
        fire, bonus, lucky, hot = (
            settings.section(n) for n in ("fire_bet", "bonus_craps", "lucky_shooter", "hot_roller")
        )
        return CrapsRules(
            max_odds=k.max_odds, come_odds_on_comeout=k.come_odds_on_comeout, buy_offered=k.buy_offered,
            lay_offered=k.lay_offered, vig_percent=k.vig_percent, buy_vig=k.buy_vig, lay_vig=k.lay_vig,
            vig_minimum=k.vig_minimum, place_increments=k.place_increments, unit=settings.unit,
            fire_paytable=fire.paytable if fire.offered else None,
            bonus_paytable=bonus.paytable if bonus.offered else None,
            lucky_shooter_paytable=lucky.paytable if lucky.offered else None,
            hot_roller_paytable=hot.paytable if hot.offered else None,
        )  # fmt: skip

    def limits(self, settings: Settings, kind: str) -> Limits:
        """A side wager's limits from its own section (Fire in whole units), else ``[limits]``."""
        section = _SIDES.get(kind)
        if section is None:
            return settings.limits(kind)
        side = settings.section(section)
        step = settings.unit if section == "fire_bet" else settings.limits(kind).increment
        return Limits(side.min, side.max, step)

    def offered(self, rules: CrapsRules) -> tuple[str, ...]:
        """The wager ids these rules offer (Buy, Lay and each side wager can be switched off), in order."""
        return tuple(kind for kind in WAGERS if _is_offered(rules, kind))

    def setup(self, settings: Settings) -> Setup:
        rules = self.rules(settings)
        kinds = self.offered(rules)
        limits = tuple((kind, self.limits(settings, kind)) for kind in WAGERS)
        offered = tuple(
            Offered(kind, paytable_of(kind, rules), self.limits(settings, kind)) for kind in kinds
        )
        menu = tuple(
            (spot, stake) for spot, stake in BOT_MENU if spot.split(":")[0] in kinds or "odds" in spot
        )
        engine = CrapsEngine(rules, limits)
        house = tuple(_house_rules(rules, settings))
        sides = (("lucky_shooter", rules.lucky_shooter_paytable), ("fire_bet", rules.fire_paytable),
                 ("bonus_craps", rules.bonus_paytable),
                 ("hot_roller", rules.hot_roller_paytable))  # fmt: skip
        paytables = (f"{GAME}:{settings.section('craps').paytable}",
                     *(f"{name}:{table}" for name, table in sides if table is not None))  # fmt: skip
        showcase = (("pass", 1), ("field", 1), ("place_6", 2), ("hot_roller", 1))
        return Setup(GAME, engine, DrawPlan("dice", 2), offered, "standard", house, menu, paytables, showcase)

    def par_rows(self, settings: Settings, all_paytables: bool) -> list[ParRow]:
        rules = self.rules(settings)
        offered = set(self.offered(rules))
        return [row for row in craps_par_rows(rules, all_paytables) if row.wager in offered]

    def reveal_seconds(self, outcome: str) -> float:
        return self.reveal_s

    def parse_outcome(self, text: str) -> Dice:
        return parse_dice(text)


def _is_offered(rules: CrapsRules, kind: str) -> bool:
    if kind.startswith("buy_"):
        return rules.buy_offered
    if kind.startswith("lay_"):
        return rules.lay_offered
    side = {
        "fire": rules.fire_paytable, "lucky_shooter": rules.lucky_shooter_paytable,
        "hot_roller": rules.hot_roller_paytable,
    }  # fmt: skip
    side |= dict.fromkeys(BONUS_KINDS, rules.bonus_paytable)
    return side.get(kind, "offered") is not None


def _house_rules(rules: CrapsRules, settings: Settings) -> list[tuple[str, str]]:
    return [
        ("max_odds", rules.max_odds), ("vig_percent", str(rules.vig_percent)), ("buy_vig", rules.buy_vig),
        ("lay_vig", rules.lay_vig), ("vig_minimum", settings.money(rules.vig_minimum)),
        ("come_odds_on_comeout", _on(rules.come_odds_on_comeout)),
        ("place_increments", _on(rules.place_increments)),
    ]  # fmt: skip


GAME_DECLARATION = Craps()
