"""The cross-field rules: what no single key can say (Touchdown needs double zero, minimum ≤ maximum, ...).

Each rule reads a whole :class:`~terminal.config.model.Config` and yields findings ``(section, key,
message)``; once every key has read without a problem, the loader runs them all and locates each finding in
the file (the key's line, else its section's). A rule never raises: a configuration is judged, not repaired.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from terminal.config.model import Config
from terminal.games.registry import game
from terminal.games.seam import max_seats
from terminal.money import find_currency, format_amount
from terminal.windows import machine_windows, overlaps

# A finding of a cross-field rule: (section, key, message).
Finding = tuple[str, str, str]
Rule = Callable[[Config], Iterator[Finding]]


def _min_max(
    c: Config, section: str, low: int, high: int, low_key: str = "min", high_key: str = "max"
) -> Iterator[Finding]:
    if low > high:
        currency = find_currency(c.money.currency)
        shown = f"{format_amount(low, currency)} is above {high_key} {format_amount(high, currency)}"
        yield section, low_key, f"{low_key} {shown}"


def _rule_touchdown_wheel(c: Config) -> Iterator[Finding]:
    if c.touchdown.offered and c.roulette.wheel != "double_zero":
        yield (
            "touchdown",
            "offered",
            (
                f"Touchdown Roulette needs [roulette] wheel = double_zero (it is {c.roulette.wheel}); "
                "set offered = false or change the wheel"
            ),
        )


def _rule_min_max(c: Config) -> Iterator[Finding]:
    yield from _min_max(c, "limits", c.limits.wager_min, c.limits.wager_max, "wager_min", "wager_max")
    yield from _min_max(c, "limits", c.limits.wager_max, c.limits.seat_max, "wager_max", "seat_max")
    for name in ("touchdown", "lucky_shooter", "fire_bet", "bonus_craps", "hot_roller", "crapless_fire"):
        section = getattr(c, name)
        yield from _min_max(c, name, section.min, section.max)
    for wager, low, high in c.limits.overrides:
        limits = c.limits.for_wager(wager)
        if low is not None or high is not None:
            yield from _min_max(c, "limits", limits.minimum, limits.maximum, f"{wager}_min", f"{wager}_max")


# Side wagers whose limits are their own section's ``min`` / ``max``: a ``[limits]`` key for them would
# be read and never used, so it is refused, naming where the limits are set.
_OWN_LIMITS = {
    "lucky_shooter": "lucky_shooter", "fire": "fire_bet", "hot_roller": "hot_roller",
    "all_small": "bonus_craps", "all_tall": "bonus_craps", "all_or_nothing": "bonus_craps",
    "fire_bet": "crapless_fire",
}  # fmt: skip


def _rule_own_limits(c: Config) -> Iterator[Finding]:
    for wager, low, high in c.limits.overrides:
        section = _OWN_LIMITS.get(wager)
        for bound, value in (("min", low), ("max", high)):
            if section is not None and value is not None:
                yield "limits", f"{wager}_{bound}", f"{wager}'s limits are [{section}] {bound}: set it there"


def _rule_increments(c: Config) -> Iterator[Finding]:
    scale = find_currency(c.money.currency).scale
    for chip in c.limits.chip_values:
        if chip % c.limits.increment:
            yield (
                "limits",
                "chip_values",
                f"chip {chip} is not a multiple of the increment {c.limits.increment}",
            )
    if c.limits.wager_min % c.limits.increment:
        yield "limits", "wager_min", f"wager_min is not a multiple of the increment {c.limits.increment}"
    for key in ("min", "max"):
        if getattr(c.fire_bet, key) % scale:
            yield "fire_bet", key, "Fire Bet limits are whole currency units (§ 623a.11)"
        if getattr(c.crapless_fire, key) % scale:
            yield "crapless_fire", key, "Crapless Fire Bet limits are whole currency units (CC 11.B.i)"
    for bill in c.money.bills:
        if bill % c.money.denomination:
            yield "money", "bills", f"bill {bill} is not a whole number of credits of {c.money.denomination}"
    if c.craps.vig_minimum % scale:
        yield "craps", "vig_minimum", "vig is collected in whole currency units"
    if c.crapless.vig_minimum % scale:
        yield "crapless", "vig_minimum", "vig is collected in whole currency units"


def _rule_paths(c: Config) -> Iterator[Finding]:
    if c.ledger.key_path.resolve() == c.ledger.path.resolve():
        yield "ledger", "key_path", "the chain key must be kept apart from the database"


def _rule_money(c: Config) -> Iterator[Finding]:
    if c.money.handpay_limit > c.money.credit_limit:
        yield "money", "handpay_limit", "handpay_limit is above credit_limit, so no award would ever lock"


def _rule_links(c: Config) -> Iterator[Finding]:
    # A link is declared lost after link_timeout_ms of silence; heartbeats must fit in it at least twice
    # or one late heartbeat would drop a healthy seat (and stop its play).
    if c.seat.link_timeout_ms < 2 * c.seat.heartbeat_ms:
        timeout, beat = c.seat.link_timeout_ms, c.seat.heartbeat_ms
        message = f"link_timeout_ms ({timeout}) must be at least twice heartbeat_ms ({beat})"
        yield "seat", "link_timeout_ms", message


LOOPBACK = ("127.0.0.1", "::1", "localhost")


def _rule_plain_links(c: Config) -> Iterator[Finding]:
    # Plain TCP carries PINs and wagers in clear: only a table whose every client is on this machine.
    if c.links.tls == "off" and not (c.table.host in LOOPBACK or c.table.host.startswith("127.")):
        message = f"tls = off sends PINs and wagers in clear: only for a loopback host, not {c.table.host}"
        yield "links", "tls", message


def _rule_hardware(c: Config) -> Iterator[Finding]:
    devices = c.devices
    if devices.kind == "hardware":
        for key in ("main_door", "service_key"):
            if getattr(devices, key) is None:
                yield "devices", key, "a hardware table needs this switch wired (its GPIO value file)"


def _rule_floor(c: Config) -> Iterator[Finding]:
    floor = c.floor
    if floor is not None and (floor.cert_path is None) != (floor.key_path is None):
        given, missing = ("cert_path", "key_path") if floor.key_path is None else ("key_path", "cert_path")
        yield "floor", given, f"a TLS client certificate needs both cert_path and key_path; {missing} is none"


def _rule_gaming_day(c: Config) -> Iterator[Finding]:
    # One casino, one gaming day: a table whose report began its day at another hour than the floor's
    # would sign figures the floor's row of the same day cannot match.
    if c.floor is not None and c.floor.gaming_day_hour != c.table.gaming_day_hour:
        yield "table", "gaming_day_hour", (
            f"the end-of-day report's gaming day starts at {c.table.gaming_day_hour:02d}:00 UTC but [floor] "
            f"gaming_day_hour is {c.floor.gaming_day_hour}: set both to the casino's gaming day"
        )


def _rule_windows(c: Config) -> Iterator[Finding]:
    # Windows this machine opens that are placed over each other: the complaint that started [windows].
    mine = machine_windows(c.table.local_seats)
    for first, second in overlaps(c.windows.placements(), mine):
        a, b = c.windows.placements()[first], c.windows.placements()[second]
        message = f"{second} = {b} covers {first} = {a} on monitor {b.monitor}; both open on this machine"
        yield "windows", second, message


def _rule_sas(c: Config) -> Iterator[Finding]:
    # Every seat with a SAS line needs an address, and no address without a line: an enabled seat that
    # would never answer, or a number that names nothing, is a mistake the file should show.
    lines, numbers = dict(c.sas.ports), dict(c.sas.addresses)
    for seat in sorted(set(lines) ^ set(numbers)):
        given, missing = ("ports", "addresses") if seat in lines else ("addresses", "ports")
        yield "sas", given, f"seat {seat} is in {given} but not in {missing}: give both or neither"
    if c.sas.enabled and not lines:
        yield "sas", "enabled", "enabled = true needs at least one seat's line in ports"
    for seat in sorted(lines):
        if seat > c.table.seats:
            yield "sas", "ports", f"seat {seat} is beyond [table] seats = {c.table.seats}"


def _rule_game_seats(c: Config) -> Iterator[Finding]:
    # The game declares its own most seats on the seam (Props & Hops § 668a.1(a) and High Roll § 675a.1(a)
    # six, Three Dice Football sixteen, the others eight); [table] seats takes up to sixteen.
    most = max_seats(game(c.table.game))
    if c.table.seats > most:
        yield "table", "seats", f"seats = {c.table.seats}: a {c.table.game} table has at most {most}"


RULES: tuple[Rule, ...] = (
    _rule_touchdown_wheel, _rule_min_max, _rule_own_limits, _rule_increments, _rule_paths, _rule_money,
    _rule_links, _rule_plain_links, _rule_floor, _rule_gaming_day, _rule_hardware, _rule_windows,
    _rule_sas, _rule_game_seats,
)  # fmt: skip


def cross_check(config: Config) -> list[Finding]:
    """Every cross-field finding of every rule; empty when the configuration is coherent."""
    return [finding for rule in RULES for finding in rule(config)]
