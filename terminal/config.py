"""``kiosk.cfg`` → a frozen, validated :class:`Config`, or a :class:`ConfigError` listing every problem.

Every problem is reported at once, each naming file, line, section, key, the bad value and what is
allowed. Unknown sections and keys are errors; a missing key takes its shipped default. After each value
is read on its own, the cross-field rules run (Touchdown needs the double-zero wheel, minimum ≤ maximum, …).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from terminal.games.catalog import ALL_WAGERS
from terminal.ini import Entry, IniDocument, Problem, read_ini, read_ini_text
from terminal.money import CURRENCIES, find_currency, format_amount
from terminal.sections import (
    OPTIONAL_SECTIONS,
    SECTIONS,
    BigSixSection,
    BonusCrapsSection,
    CrapsSection,
    DevicesSection,
    DisplaySection,
    FireBetSection,
    FloorSection,
    LabSection,
    LedgerSection,
    LimitsSection,
    LinksSection,
    LuckyShooterSection,
    MoneySection,
    RngSection,
    RouletteSection,
    SeatSection,
    ServiceSection,
    SicBoSection,
    SoundSection,
    TableSection,
    TouchdownSection,
    WindowsSection,
)
from terminal.settings import ParseContext, Setting, settings_of
from terminal.windows import machine_windows, overlaps

DEFAULT_PATH = Path("kiosk.cfg")
_OVERRIDE = re.compile(r"^(?P<wager>[a-z0-9_]+)_(?P<bound>min|max)$")


class ConfigError(ValueError):
    """The configuration cannot be used; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
        super().__init__(f"{count} in configuration:\n" + "\n".join(f"  {p}" for p in problems))


@dataclass(frozen=True, slots=True)
class Config:
    """The whole validated configuration, one frozen record per section."""

    path: Path
    table: TableSection
    limits: LimitsSection
    roulette: RouletteSection
    touchdown: TouchdownSection
    craps: CrapsSection
    lucky_shooter: LuckyShooterSection
    fire_bet: FireBetSection
    bonus_craps: BonusCrapsSection
    sicbo: SicBoSection
    bigsix: BigSixSection
    money: MoneySection
    ledger: LedgerSection
    rng: RngSection
    service: ServiceSection
    seat: SeatSection
    display: DisplaySection
    lab: LabSection
    links: LinksSection
    sound: SoundSection
    windows: WindowsSection
    devices: DevicesSection
    floor: FloorSection | None = None  # the casino floor link; None: no [floor] section, nothing runs


def load(path: Path = DEFAULT_PATH) -> Config:
    """Load and validate the configuration file at ``path``."""
    return _build(read_ini(path), path.resolve().parent)


def loads(text: str, path: str = "kiosk.cfg", base_dir: Path | None = None) -> Config:
    """Load a configuration from ``text``; ``path`` names it in errors, paths resolve against ``base_dir``."""
    return _build(read_ini_text(text, path), base_dir or Path(path).resolve().parent)


def defaults(base_dir: Path = Path(".")) -> Config:
    """The shipped configuration: every key at its default."""
    return loads("", "<defaults>", base_dir)


def _build(doc: IniDocument, base_dir: Path) -> Config:
    problems = list(doc.problems)
    problems += _unknown_sections(doc)
    money_entries = doc.sections.get("money", {})
    currency_entry = money_entries.get("currency")
    currency = (
        find_currency(currency_entry.value) if _valid_currency(currency_entry) else find_currency("USD")
    )
    ctx = ParseContext(currency, base_dir)
    values = {name: _read_section(doc, name, cls, ctx, problems) for name, cls in SECTIONS.items()}
    values |= {
        name: _read_section(doc, name, cls, ctx, problems)
        for name, cls in OPTIONAL_SECTIONS.items()
        if name in doc.section_lines
    }
    if problems:
        raise ConfigError(_in_file_order(problems))
    config = Config(path=Path(doc.path), **values)
    problems += [_locate(doc, *finding) for finding in cross_check(config)]
    if problems:
        raise ConfigError(_in_file_order(problems))
    return config


def _in_file_order(problems: list[Problem]) -> tuple[Problem, ...]:
    return tuple(sorted(problems, key=lambda p: p.line if p.line is not None else 0))


def _valid_currency(entry: Entry | None) -> TypeGuard[Entry]:
    return entry is not None and entry.value in CURRENCIES


def _unknown_sections(doc: IniDocument) -> list[Problem]:
    allowed = ", ".join([*SECTIONS, *OPTIONAL_SECTIONS])
    return [
        Problem(doc.path, line, name, "", "", f"unknown section; sections are: {allowed}")
        for name, line in doc.section_lines.items()
        if name not in SECTIONS and name not in OPTIONAL_SECTIONS
    ]


def _read_section(doc: IniDocument, name: str, cls: type, ctx: ParseContext, problems: list[Problem]) -> Any:
    entries = doc.sections.get(name, {})
    keys = settings_of(cls)
    values: dict[str, Any] = {}
    for key, declared in keys.items():
        entry = entries.get(key)
        values[key] = _parse_value(doc, name, key, declared, entry, ctx, problems)
    extra = [entry for key, entry in entries.items() if key not in keys]
    if cls is LimitsSection:
        values["overrides"], extra = _limit_overrides(doc, extra, ctx, problems)
    for entry in extra:
        listed = ", ".join(keys) + (", or <wager>_min / <wager>_max" if cls is LimitsSection else "")
        message = f"unknown key; keys of [{name}] are: {listed}"
        problems.append(Problem(doc.path, entry.line, name, entry.key, entry.value, message))
    return cls(**values)


def _parse_value(
    doc: IniDocument,
    section: str,
    key: str,
    declared: Setting,
    entry: Entry | None,
    ctx: ParseContext,
    problems: list[Problem],
) -> Any:
    raw = entry.value if entry is not None else declared.default
    try:
        return declared.parse(raw, ctx)
    except ValueError as exc:
        line = entry.line if entry is not None else None
        problems.append(Problem(doc.path, line, section, key, raw, str(exc)))
        return None


def _limit_overrides(
    doc: IniDocument, entries: list[Entry], ctx: ParseContext, problems: list[Problem]
) -> tuple[tuple[tuple[str, int | None, int | None], ...], list[Entry]]:
    """Read ``<wager>_min`` / ``<wager>_max`` keys of ``[limits]``; return them and the keys left over."""
    bounds: dict[str, dict[str, int]] = {}
    unknown: list[Entry] = []
    parse = settings_of(LimitsSection)["wager_min"].parse
    for entry in entries:
        match = _OVERRIDE.match(entry.key)
        if match is None or match["wager"] not in ALL_WAGERS:
            unknown.append(entry)
            continue
        try:
            bounds.setdefault(match["wager"], {})[match["bound"]] = parse(entry.value, ctx)
        except ValueError as exc:
            problems.append(Problem(doc.path, entry.line, "limits", entry.key, entry.value, str(exc)))
    overrides = tuple((wager, b.get("min"), b.get("max")) for wager, b in sorted(bounds.items()))
    return overrides, unknown


# A finding of a cross-field rule: (section, key, message). The loader locates it in the file.
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
    for name in ("touchdown", "lucky_shooter", "fire_bet", "bonus_craps"):
        section = getattr(c, name)
        yield from _min_max(c, name, section.min, section.max)
    for wager, low, high in c.limits.overrides:
        limits = c.limits.for_wager(wager)
        if low is not None or high is not None:
            yield from _min_max(c, "limits", limits.minimum, limits.maximum, f"{wager}_min", f"{wager}_max")


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
    for bill in c.money.bills:
        if bill % c.money.denomination:
            yield "money", "bills", f"bill {bill} is not a whole number of credits of {c.money.denomination}"
    if c.craps.vig_minimum % scale:
        yield "craps", "vig_minimum", "vig is collected in whole currency units"


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


def _rule_windows(c: Config) -> Iterator[Finding]:
    # Windows this machine opens that are placed over each other: the complaint that started [windows].
    mine = machine_windows(c.table.local_seats)
    for first, second in overlaps(c.windows.placements(), mine):
        a, b = c.windows.placements()[first], c.windows.placements()[second]
        message = f"{second} = {b} covers {first} = {a} on monitor {b.monitor}; both open on this machine"
        yield "windows", second, message


RULES: tuple[Rule, ...] = (
    _rule_touchdown_wheel, _rule_min_max, _rule_increments, _rule_paths, _rule_money, _rule_links,
    _rule_plain_links, _rule_floor, _rule_hardware, _rule_windows,
)  # fmt: skip


def cross_check(config: Config) -> list[Finding]:
    """Every cross-field finding of every rule; empty when the configuration is coherent."""
    return [finding for rule in RULES for finding in rule(config)]


def _locate(doc: IniDocument, section: str, key: str, message: str) -> Problem:
    entry = doc.sections.get(section, {}).get(key)
    if entry is None:
        return Problem(doc.path, doc.section_lines.get(section), section, key, "(default)", message)
    return Problem(doc.path, entry.line, section, key, entry.value, message)


def template() -> str:
    """The shipped ``kiosk.cfg``: every section and key at its default, each with its comment."""
    lines = ["# kiosk.cfg: the configuration of the automated gaming table.", "# Generated by"
             " `terminal config template`; every key shows its shipped default.", ""]  # fmt: skip
    for name, cls in SECTIONS.items():
        lines.append(f"# {(cls.__doc__ or '').strip()}")
        lines.append(f"[{name}]")
        for key, declared in settings_of(cls).items():
            lines.append(f"# {declared.doc} ({declared.allowed})")
            lines.append(f"{key} = {declared.default}")
        lines.append("")
    for name, cls in OPTIONAL_SECTIONS.items():  # shipped off: each line commented out
        lines.append(f"# {(cls.__doc__ or '').strip()}")
        lines.append(f"# Off while commented out: remove the '#' before [{name}] and before any key you set.")
        lines.append(f"#[{name}]")
        for key, declared in settings_of(cls).items():
            lines.append(f"# {declared.doc} ({declared.allowed})")
            lines.append(f"#{key} = {declared.default}")
        lines.append("")
    return "\n".join(lines)


__all__ = [
    "BigSixSection", "BonusCrapsSection", "Config", "ConfigError", "CrapsSection", "DisplaySection",
    "FireBetSection", "FloorSection",
    "LabSection", "LedgerSection", "LimitsSection", "LinksSection", "LuckyShooterSection", "MoneySection",
    "Problem", "RngSection", "RouletteSection", "SeatSection", "ServiceSection", "SicBoSection",
    "SoundSection", "TableSection",
    "TouchdownSection", "WindowsSection", "cross_check", "defaults", "load", "loads", "template",
]  # fmt: skip
