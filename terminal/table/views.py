"""What the screens are told beside the round: the offer, the game, the history board, a seat's rounds.

Each function turns the table (its configuration, driver and ledger) into one protocol message. The
controller pushes them on link up and after every round; the screens only draw what they receive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from terminal.config import Config
from terminal.config.game_rules import craps_rules, offered_craps_wagers, wager_limits
from terminal.games.catalog import CRAPS_WAGERS, ROULETTE_WAGERS
from terminal.games.spots import legal_spots
from terminal.games.wheels import DOUBLE_ZERO, pocket_text, wheel
from terminal.money import find_currency, format_amount
from terminal.net import messages as m
from terminal.table.craps_driver import CrapsDriver, paytable_of
from terminal.table.roulette_driver import TOUCHDOWN, RouletteDriver
from terminal.table.table import Table

HISTORY_LENGTH = 100
SEAT_ROUNDS = 10


def offered_wagers(c: Config) -> tuple[str, ...]:
    """The wager ids this configuration offers, in layout order."""
    if c.table.game == "craps":
        offered = offered_craps_wagers(c)
        return tuple(kind for kind in CRAPS_WAGERS if kind in offered)
    kinds = {spot.kind for spot in legal_spots(wheel(c.roulette.wheel), c.roulette.five_adjacent)}
    if c.touchdown.offered:
        kinds.add(TOUCHDOWN)
    return tuple(kind for kind in ROULETTE_WAGERS if kind in kinds)


def _paytables(c: Config) -> Callable[[str], str]:
    """Wager kind → the paytable it settles under (the craps rules built once for every kind)."""
    if c.table.game == "craps":
        rules = craps_rules(c)
        return lambda kind: paytable_of(kind, rules)
    return lambda kind: c.touchdown.paytable if kind == TOUCHDOWN else c.roulette.paytable


def _money(c: Config, amount: int) -> str:
    return format_amount(amount, find_currency(c.money.currency))


def _house_rules(c: Config) -> Iterable[tuple[str, str]]:
    yield "seat_max", _money(c, c.limits.seat_max)
    yield "credit_limit", _money(c, c.money.credit_limit)
    yield "handpay_limit", _money(c, c.money.handpay_limit)
    yield "rounding", "down to the minor unit"
    yield "bills", " ".join(str(bill) for bill in c.money.bills)  # minor units: the seat's bill keys
    if c.table.game == "craps":
        k = c.craps
        yield from (("max_odds", k.max_odds), ("vig_percent", str(k.vig_percent)))
        yield from (("buy_vig", k.buy_vig), ("lay_vig", k.lay_vig), ("vig_minimum", _money(c, k.vig_minimum)))
        yield "come_odds_on_comeout", "on" if k.come_odds_on_comeout else "off"
        yield "place_increments", "on" if k.place_increments else "off"
        return
    yield "wheel", c.roulette.wheel
    yield "five_adjacent", "on" if c.roulette.five_adjacent else "off"
    if c.touchdown.offered:
        yield "touchdown_yards", ", ".join(str(y) for y in c.touchdown.yards)
        yield "team_choice_seconds", str(c.touchdown.team_choice_seconds)


def offer(c: Config) -> m.Offer:
    """Every offered wager with its paytable and limits, and the house rules, for help screens and checks."""
    paytable = _paytables(c)
    wagers = []
    for kind in offered_wagers(c):
        limits = wager_limits(c, kind)
        wagers.append(m.OfferedWager(kind, paytable(kind), limits.minimum, limits.maximum, limits.increment))
    rules = tuple(m.RuleView(key, value) for key, value in _house_rules(c))
    return m.Offer(c.table.game, tuple(wagers), rules)


def _touchdown_view(driver: RouletteDriver) -> m.TouchdownView | None:
    rules, state = driver.touchdown_rules, driver.touchdown
    if rules is None:
        return None
    teams = tuple(m.TeamView(f"seat-{w.seat}", w.team or "none", w.assigned) for w in state.wagers)
    gains = tuple(rules.move(pocket) for pocket in state.downs)
    return m.TouchdownView(state.phase, state.downs, gains, state.ball, teams)


def _craps_view(driver: CrapsDriver, last_roll: str) -> m.CrapsView:
    s = driver.state
    return m.CrapsView(s.point, s.shooter, s.rolls, s.new_shooter, s.fire_points, s.bonus_marks, last_roll)


def game_view(table: Table, last_outcome: dict[str, Any] | None) -> m.GameView:
    """The game's state that outlives a round; ``last_outcome`` gives the craps roll on the table."""
    driver = table.driver
    if isinstance(driver, RouletteDriver):
        return m.GameView(driver.game, table.round_id, _touchdown_view(driver), None)
    if isinstance(driver, CrapsDriver):
        return m.GameView(driver.game, table.round_id, None, _craps_view(driver, outcome_text(last_outcome)))
    raise TypeError(f"no view for the driver of {driver.game!r}")


def outcome_text(outcome: dict[str, Any] | None) -> str:
    """A persisted outcome as the history board writes it: ``17``, ``00``, ``4-3``; empty for none."""
    if outcome is None:
        return ""
    if "dice" in outcome:
        first, second = outcome["dice"]
        return f"{first}-{second}"
    return pocket_text(int(outcome["pocket"]))


def is_void(c: Config, outcome: dict[str, Any]) -> bool:
    """00 on a ``double_as_single`` wheel: the spin was void and re-spun."""
    return c.roulette.wheel == "double_as_single" and outcome.get("pocket") == DOUBLE_ZERO


def history(table: Table) -> m.History:
    """The last outcomes of this table, newest first."""
    entries = tuple(
        m.HistoryEntry(round_id, outcome_text(outcome), is_void(table.config, outcome))
        for round_id, outcome in table.ledger.outcomes(HISTORY_LENGTH)
    )
    return m.History(entries)


def with_latest(board: m.History, table: Table) -> m.History:
    """``board`` with the outcomes persisted since its newest entry in front (a void spin and its re-spin
    are two), read from the ledger."""
    head = board.results[0].round_id if board.results else 0
    fresh = tuple(
        m.HistoryEntry(round_id, outcome_text(outcome), is_void(table.config, outcome))
        for round_id, outcome in table.ledger.outcomes(HISTORY_LENGTH, after=head)
    )
    return m.History((*fresh, *board.results)[:HISTORY_LENGTH]) if fresh else board


def seat_rounds(table: Table, seat: int) -> m.SeatRounds:
    """A seat's last settled rounds, newest first."""
    rows = table.ledger.seat_rounds(seat, SEAT_ROUNDS)
    views = tuple(m.SeatRoundView(r, outcome_text(o), staked, paid) for r, o, staked, paid in rows)
    return m.SeatRounds(f"seat-{seat}", views)

