"""``terminal config show``: the few lines a technician reads to confirm what the table will run.

The same lines head ``terminal run`` and ``terminal controller``. Each is declared below as a label and
what it says of the loaded :class:`~terminal.config.model.Config` (the game's line is named after the game
and says what the game's own setup reports: house rules and paytables); a line that says nothing is left
out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from terminal.config.game_rules import setup
from terminal.config.model import Config
from terminal.money import find_currency, format_amount

_LABEL_WIDTH = 15


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the summary: its label (or how to name it), and its text (``None``: not shown)."""

    label: str | Callable[[Config], str]
    says: Callable[[Config], str | None]


def _money(c: Config, units: int) -> str:
    return format_amount(units, find_currency(c.money.currency))


def _table(c: Config) -> str:
    return f"{c.table.table_id} at {c.table.venue}: {c.table.game}, {c.table.seats} seats"


def _limits(c: Config) -> str:
    lim = c.limits
    return (
        f"{_money(c, lim.wager_min)} to {_money(c, lim.wager_max)} a wager, "
        f"{_money(c, lim.seat_max)} a seat per round, in steps of {_money(c, lim.increment)}"
    )


def _money_line(c: Config) -> str:
    m = c.money
    return f"{m.currency}, credit {_money(c, m.denomination)}, hand-pay at {_money(c, m.handpay_limit)}"


def _game(c: Config) -> str:
    plan = setup(c)
    rules = ", ".join(f"{key} {value}" for key, value in plan.house_rules)
    return f"{rules}; paytables {', '.join(plan.paytables)}"


def _links(c: Config) -> str:
    if c.links.tls == "off":
        return "plain TCP on loopback (no TLS)"
    return f"TLS 1.3, mutual certificates from the table CA in {c.links.pki_dir}"


def _sound(c: Config) -> str:
    s = c.sound
    calls = "on" if s.seat_calls else "off"
    return f"display {s.display_volume}%, seats {s.seat_volume}%, seat calls {calls}"


def _windows(c: Config) -> str:
    mine = ("display", *(f"seat_{n}" for n in c.table.local_seats))
    return ", ".join(f"{name.replace('_', ' ')} {c.windows.placements()[name]}" for name in mine)


def _sas(c: Config) -> str | None:
    s = c.sas
    if not s.enabled:
        return None  # no line: most tables are not on a casino system
    seats = ", ".join(f"seat {seat} address {s.address(seat)} on {line}" for seat, line in s.ports)
    return f"{seats}; a host is silent after {s.host_timeout_ms} ms"


LINES: tuple[Line, ...] = (
    Line("configuration", lambda c: str(c.path)),
    Line("table", _table),
    Line("limits", _limits),
    Line("money", _money_line),
    Line(lambda c: c.table.game, _game),
    Line("ledger", lambda c: str(c.ledger.path)),
    Line("rng", lambda c: f"{c.rng.generator}, reseed every {c.rng.reseed_interval} calls"),
    Line("lab mode", lambda c: "ON (TEST)" if c.lab.mode else "off"),
    Line("links", _links),
    Line("sound", _sound),
    Line("windows", _windows),
    Line("sas", _sas),
)


def summary(c: Config) -> list[str]:
    """The lines of ``terminal config show`` for ``c``."""
    shown = ((line.label if isinstance(line.label, str) else line.label(c), line.says(c)) for line in LINES)
    return [f"{label:<{_LABEL_WIDTH}}{text}" for label, text in shown if text is not None]
