"""The frozen :class:`Config`: one validated record per section of ``kiosk.cfg``.

``Config`` is also the list of sections: its fields, in order, are the sections the loader reads and the
template writes. A field typed ``Section | None`` is an *optional* section, off unless the file has it
(``[floor]``). A new section is one record in :mod:`terminal.config.sections` and one field here.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from pathlib import Path

from terminal.config.sections import (
    B2BSection,
    BigSixSection,
    Blazing7sSection,
    BonusCrapsSection,
    CraplessFireSection,
    CraplessSection,
    CrapsSection,
    DevicesSection,
    DisplaySection,
    FireBetSection,
    FloorSection,
    HardRocknDiceSection,
    HighRollSection,
    HotRollerSection,
    LabSection,
    LedgerSection,
    LimitsSection,
    LinksSection,
    LuckyShooterSection,
    MoneySection,
    PropsHopsSection,
    RngSection,
    RouletteSection,
    SasSection,
    SeatSection,
    ServiceSection,
    SicBoSection,
    SoundSection,
    TableSection,
    TdfSection,
    TouchdownSection,
    WindowsSection,
)


@dataclass(frozen=True, slots=True)
class Config:
    """The whole validated configuration, one frozen record per section."""

    path: Path
    table: TableSection
    limits: LimitsSection
    roulette: RouletteSection
    touchdown: TouchdownSection
    b2b: B2BSection
    blazing7s: Blazing7sSection
    craps: CrapsSection
    lucky_shooter: LuckyShooterSection
    fire_bet: FireBetSection
    bonus_craps: BonusCrapsSection
    hot_roller: HotRollerSection
    sicbo: SicBoSection
    bigsix: BigSixSection
    props_hops: PropsHopsSection
    crapless: CraplessSection
    crapless_fire: CraplessFireSection
    hard_rockn_dice: HardRocknDiceSection
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
    sas: SasSection
    high_roll: HighRollSection
    tdf: TdfSection
    floor: FloorSection | None = None  # the casino floor link; None: no [floor] section, nothing runs


def _sections(optional: bool) -> dict[str, type]:
    """The section records of :class:`Config`'s fields, by section name, in order."""
    hints = typing.get_type_hints(Config)
    found: dict[str, type] = {}
    for field in dataclasses.fields(Config):
        kinds = typing.get_args(hints[field.name]) or (hints[field.name],)
        record = next(kind for kind in kinds if kind is not type(None))
        if field.name != "path" and (type(None) in kinds) == optional:
            found[field.name] = record
    return found


SECTIONS: dict[str, type] = _sections(optional=False)
"""Every section a configuration always has (a missing one takes its defaults), in file order."""
OPTIONAL_SECTIONS: dict[str, type] = _sections(optional=True)
"""Sections that are off unless present: the loader reads them only when the file has them."""
