"""What the screens are told beside the round: the offer, the game, the history board, a seat's rounds.

Each function turns the table (its configuration, driver and ledger) into one protocol message. The
controller pushes them on link up and after every round; the screens only draw what they receive.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from terminal.config import Config
from terminal.config.game_rules import setup
from terminal.money import find_currency, format_amount
from terminal.net import game_state
from terminal.net import messages as m
from terminal.net.tally import WINDOWS
from terminal.table.driver import GameDriver
from terminal.table.table import Table

HISTORY_LENGTH = 100
SEAT_ROUNDS = 10


def offered_wagers(c: Config) -> tuple[str, ...]:
    """The wager ids this configuration offers, in layout order."""
    return tuple(w.kind for w in setup(c).offered)


def _money(c: Config, amount: int) -> str:
    return format_amount(amount, find_currency(c.money.currency))


def _house_rules(c: Config) -> Iterable[tuple[str, str]]:
    yield "seat_max", _money(c, c.limits.seat_max)
    yield "credit_limit", _money(c, c.money.credit_limit)
    yield "handpay_limit", _money(c, c.money.handpay_limit)
    yield "rounding", "down to the minor unit"
    yield "bills", " ".join(str(bill) for bill in c.money.bills)  # minor units: the seat's bill keys
    yield from setup(c).house_rules


def offer(c: Config) -> m.Offer:
    """Every offered wager with its paytable and limits, and the house rules, for help screens and checks."""
    wagers = tuple(
        m.OfferedWager(w.kind, w.paytable, w.limits.minimum, w.limits.maximum, w.limits.increment)
        for w in setup(c).offered
    )
    rules = tuple(m.RuleView(key, value) for key, value in _house_rules(c))
    return m.Offer(c.table.game, wagers, rules)


def game_view(table: Table, last_outcome: dict[str, Any] | None) -> m.GameView:
    """The game's state that outlives a round, as its game declares it; ``last_outcome`` the last one."""
    return game_state.game_view(table.driver.game, table.round_id, table.driver.view(last_outcome))


def _entry(driver: GameDriver, round_id: int, outcome: dict[str, Any]) -> m.HistoryEntry:
    """A persisted outcome as the history board writes it: its game's canonical text and void mark."""
    try:
        read = driver.read(outcome)
    except ValueError:  # a round of another game, from before the table changed games
        return m.HistoryEntry(round_id, str(outcome.get("text", "")).split(" ")[0], False)
    return m.HistoryEntry(round_id, read.text, read.void)


def outcome_text(driver: GameDriver, outcome: dict[str, Any] | None) -> str:
    """A persisted outcome as every screen parses it (``17``, ``4-3``, ``2-5-5``); empty for none."""
    return _entry(driver, 0, outcome).outcome if outcome else ""


def history(table: Table, length: int = HISTORY_LENGTH) -> m.History:
    """The last ``length`` outcomes of this table, newest first."""
    entries = tuple(_entry(table.driver, r, outcome) for r, outcome in table.ledger.outcomes(length))
    return m.History(entries)


def with_latest(board: m.History, table: Table, length: int = HISTORY_LENGTH) -> m.History:
    """``board`` with the outcomes persisted since its newest entry in front (a void spin and its re-spin
    are two), read from the ledger; at most ``length`` of them."""
    head = board.results[0].round_id if board.results else 0
    rows = table.ledger.outcomes(length, after=head)
    fresh = tuple(_entry(table.driver, r, outcome) for r, outcome in rows)
    return m.History((*fresh, *board.results)[:length]) if fresh else board


TALLY_SOURCE = max(WINDOWS) + 20  # a few voids in the window leave it still full of valid results


def seat_rounds(table: Table, seat: int) -> m.SeatRounds:
    """A seat's last settled rounds, newest first."""
    rows = table.ledger.seat_rounds(seat, SEAT_ROUNDS)
    views = tuple(
        m.SeatRoundView(
            r, outcome_text(table.driver, o), staked, paid, tuple(m.SeatWagerView(*w) for w in wagers)
        )
        for r, o, staked, paid, wagers in rows
    )
    return m.SeatRounds(f"seat-{seat}", views)

